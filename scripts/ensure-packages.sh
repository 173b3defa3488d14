#!/usr/bin/env bash
# Installs the npm packages from the lock file when they are missing or the lock file changed
# since the last install (a pull that adds a dependency), so `npm start` and `npm test` never run
# on a stale node_modules. Sourced by start.sh and test.sh.
ensure_packages() {
  local stamp=node_modules/.teamapp-lock.sha256
  local want
  want=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ -x node_modules/.bin/tsx ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then return 0; fi
  echo "Installing npm packages from the lock file..." >&2
  # npm ci needs every platform's optional packages in the lock, which this registry lacks.
  npm install --no-audit --no-fund --no-save >&2 || return 1
  echo "$want" > "$stamp"
}

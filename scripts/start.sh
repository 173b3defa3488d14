#!/usr/bin/env bash
# `npm start` on a fresh machine: install the npm packages if they are missing, then start.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/tsx ]; then
  echo "Installing npm packages..."
  npm install --no-audit --no-fund --no-save
fi
exec node --import tsx scripts/start.ts

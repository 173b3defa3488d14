#!/usr/bin/env bash
# `npm start` on a fresh machine: install the npm packages if they are missing or stale, then start.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-packages.sh
ensure_packages
exec node --import tsx scripts/platform/bin/start.ts

#!/usr/bin/env bash
# `npm test`: every check the project has, on a fresh machine too. Prints one closing line
# "tests: N passed, N failed" summed over every jest run.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
RESULTS="$ROOT/.data/test-results"
rm -rf "$RESULTS" && mkdir -p "$RESULTS"
export PACT_DO_NOT_TRACK=true
export NODE_OPTIONS="--experimental-vm-modules --no-warnings=ExperimentalWarning"

step() { # prints how long the previous step took, then the next step's name
  [ -n "${STEP_START:-}" ] && printf '    (%ss)\n' "$((SECONDS - STEP_START))"
  STEP_START=$SECONDS
  printf '\n==> %s\n' "$*"
}
fail() { printf '\nFAILED: %s\n' "$*"; FAILED=1; }
FAILED=0

step "npm packages"
source scripts/ensure-packages.sh
ensure_packages || { printf '\nFAILED: npm install\n'; exit 1; }

step "Preparing the test environment"
# test-env.ts prints only quoted `export NAME='value'` lines on stdout; its messages go to stderr.
if ! ENV_LINES=$(node --import tsx scripts/platform/bin/test-env.ts); then
  printf '\nFAILED: the test environment could not be prepared (see the messages above)\n'
  exit 1
fi
if ! eval "$ENV_LINES" || [ -z "${REDIS_URL:-}" ] || [ -z "${CHROMIUM_PATH:-}" ]; then
  printf '\nFAILED: the test environment step printed something other than its assignments:\n%s\n' "$ENV_LINES"
  exit 1
fi
# Every suite listed here must run and execute tests, or the summary fails the command.
SUITES=(consumer pglite)

# Lint, format and typecheck: three independent read-only checks, started here and awaited after
# the PGlite run. At a lower priority they take the CPU the jest workers leave while they wait
# on services and timers, so they add little to the run; their output is printed at the end.
printf '\n==> Lint, format and typecheck (beside the tests below, awaited after the PGlite run)\n'
nice -n 10 npx eslint --max-warnings=0 . > "$RESULTS/lint.log" 2>&1 & LINT=$!
nice -n 10 npx prettier --check . > "$RESULTS/prettier.log" 2>&1 & FORMAT=$!
nice -n 10 npx tsc -p tsconfig.json > "$RESULTS/typecheck.log" 2>&1 & TYPECHECK=$!
await_checks() {
  wait $LINT || { cat "$RESULTS/lint.log"; fail lint; }
  wait $FORMAT || { cat "$RESULTS/prettier.log"; fail format; }
  wait $TYPECHECK || { cat "$RESULTS/typecheck.log"; fail typecheck; }
}
# SMTP_URL has no default (production must name its mail server): the check gives one.
step "Compose file"
SMTP_URL=smtp://mail.example.org:587 docker-compose -f docker-compose.yml config -q || fail "docker-compose config"

run_jest() { # name, extra args...
  local name=$1; shift
  # A run that hangs (something left open) fails loudly instead of eating CI's time.
  timeout 1500 npx jest --json --outputFile="$RESULTS/$name.json" "$@" || fail "jest $name"
}

step "Contract tests: the web consumer writes pacts/"
# The shared ones in packages/api-client, and each remote's and the shell's beside the fetchers
# they drive (all before the providers verify the pacts they write).
CONSUMER_PACTS='/(mfe-[^/]+|shell)/src/.*\.pact\.test\.ts$'
run_jest consumer packages/api-client "$CONSUMER_PACTS"

step "Service, provider, unit and component tests on PGlite"
# Every part in platform.json is a jest root (jest.config.js); the consumer tests ran above.
run_jest pglite --testPathIgnorePatterns '/node_modules/' '/packages/api-client/' "$CONSUMER_PACTS"

step "Lint, format and typecheck (the rest of them)"
await_checks

# The frontends build beside the PostgreSQL run, which together take little longer than the build
# alone. The build also compiles the services: the one test that compiles a service itself (and
# starts it) ran on PGlite above and stays out of this run, so nothing reads a half-written file.
npm run build > "$RESULTS/build.log" 2>&1 & BUILD=$!
if [ -n "${TEST_PG_URL:-}" ]; then
  SUITES+=(postgres)
  step "Service tests on PostgreSQL ($TEST_PG_URL), with the frontends building beside them"
  # The resilience suites run the whole platform as `npm start` does (PGlite); once is enough.
  DATABASE_URL="$TEST_PG_URL" run_jest postgres services tests --testPathIgnorePatterns '/node_modules/' '/tests/resilience/' '/tests/scripts/build-services.test.ts' '/tests/scripts/scaffold.test.ts'
fi

step "Building the frontends (the rest of it)"
wait $BUILD || { tail -40 "$RESULTS/build.log"; fail build; }

SUITES+=(e2e)
step "End-to-end tests through nginx in Chromium"
run_jest e2e --config e2e/jest.config.js --runInBand

step "Summary"
node --import tsx scripts/platform/bin/summarise-tests.ts "$RESULTS" "${SUITES[@]}"
SUMMARY_STATUS=$?
if [ "$FAILED" -ne 0 ] || [ "$SUMMARY_STATUS" -ne 0 ]; then exit 1; fi

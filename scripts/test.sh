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
SUITES=(consumer)

# Lint, format and typecheck: three independent read-only checks, started here and awaited after
# the main run. At a lower priority they take the CPU the jest workers leave while they wait on
# services and timers, so they add little to the run; their output is printed at the end.
printf '\n==> Lint, format and typecheck (beside the tests below, awaited after the main run)\n'
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

# A jest run that hangs (something left open) fails loudly instead of eating CI's time. The limit
# is about twice the longest green run seen (1,107 s, on a slow machine), so a slower
# or busy machine still passes, and the main and e2e runs both at this limit, with the rest,
# stay inside CI's 90 minutes.
JEST_LIMIT_S=2400
run_jest() { # name, extra args...
  local name=$1; shift
  timeout "$JEST_LIMIT_S" npx jest --json --outputFile="$RESULTS/$name.json" "$@" || fail "jest $name"
}

step "Contract tests: the web consumer writes pacts/"
# The shared ones in packages/api-client, and each remote's and the shell's beside the fetchers
# they drive (all before the providers verify the pacts they write).
CONSUMER_PACTS='/(mfe-[^/]+|shell)/src/.*\.pact\.test\.ts$'
run_jest consumer packages/api-client "$CONSUMER_PACTS"

# The drills that run a whole platform, and the test that compiles a service into its dist/ (as
# the build does, so never beside it): after the build, one at a time, beside the e2e run (which
# starts its services once and never from a dist/ written later).
PLATFORM_TESTS='/tests/(resilience/|scripts/build-services\.test\.ts$)'

# One run of the service, provider, unit and component tests: on PostgreSQL, the production
# store, when one answers; else on PGlite. The embedded PGlite (`npm start`) is what the e2e run
# and the resilience drills below run on. The frontends build beside it.
if [ -n "${TEST_PG_URL:-}" ]; then
  STORE=postgres
  export DATABASE_URL="$TEST_PG_URL"
else
  STORE=pglite
fi
SUITES+=("$STORE")
npm run build > "$RESULTS/build.log" 2>&1 & BUILD=$!
step "Service, provider, unit and component tests on $STORE, with the frontends building beside them"
# Every part in platform.json is a jest root (jest.config.js); the consumer tests ran above.
run_jest "$STORE" --testPathIgnorePatterns '/node_modules/' '/packages/api-client/' "$CONSUMER_PACTS" "$PLATFORM_TESTS"
unset DATABASE_URL

step "Lint, format and typecheck (the rest of them)"
await_checks

step "Building the frontends (the rest of it)"
wait $BUILD || { tail -40 "$RESULTS/build.log"; fail build; }

# Two streams for the two cores: the browser run through nginx, and beside it the drills that
# run the platform as `npm start` does (PGlite) and the tests that compile services.
SUITES+=(platform e2e)
step "End-to-end tests through nginx in Chromium, beside the platform drills"
timeout "$JEST_LIMIT_S" npx jest --json --outputFile="$RESULTS/platform.json" --runInBand "$PLATFORM_TESTS" \
  > "$RESULTS/platform.log" 2>&1 & PLATFORM=$!
run_jest e2e --config e2e/jest.config.js --runInBand
wait $PLATFORM || fail "jest platform"
printf '\n==> The platform drills (run beside the e2e tests)\n'
cat "$RESULTS/platform.log"

step "Summary"
node --import tsx scripts/platform/bin/summarise-tests.ts "$RESULTS" "${SUITES[@]}"
SUMMARY_STATUS=$?
if [ "$FAILED" -ne 0 ] || [ "$SUMMARY_STATUS" -ne 0 ]; then exit 1; fi

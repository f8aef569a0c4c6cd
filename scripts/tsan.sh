#!/usr/bin/env bash
# Runs the concurrency suites under ThreadSanitizer and fails on any report.
#
#   scripts/tsan.sh                 # the default suites below
#   scripts/tsan.sh 'RegexFilter'   # any other `swift test --filter` expression
#
# Builds in .build-tsan (never the default .build). TSan stops the process at the first report
# (halt_on_error=1) and the log is searched for "WARNING: ThreadSanitizer" as well, so that a
# report fails the step even if the test runner swallowed the exit status.
set -euo pipefail
cd "$(dirname "$0")/.."

filter="${1:-ThreadSafetyTests|ConcurrentNavigationTests|ReentrancyTests|AsyncGuardTests|HeldLinkTests|AsyncModelTests}"
scratch=.build-tsan
log="$scratch/tsan-test.log"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"

swift build --build-tests --sanitize=thread --scratch-path "$scratch"
mkdir -p "$scratch"
set +e
swift test --skip-build --sanitize=thread --scratch-path "$scratch" --filter "$filter" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

if grep -q "WARNING: ThreadSanitizer" "$log"; then
    echo "error: ThreadSanitizer reported a data race (see $log)" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "error: the tests failed under ThreadSanitizer (exit status $status)" >&2
    exit "$status"
fi
if ! grep -qE "Test run with [1-9][0-9]* tests? .*passed" "$log"; then
    echo "error: the filter '$filter' ran no test" >&2
    exit 1
fi
echo "tsan: no data race reported ($filter)"

#!/usr/bin/env bash
# Runs every test of every package, from a fresh clone: the library, the examples (the demo's
# transcripts, the feature modules, the layering) and the article's app, which depends on the
# library the way an app does. SwiftPM builds whatever is needed first; nothing else to install.
#
#   scripts/test.sh                   # every package
#   scripts/test.sh --filter Deep     # any `swift test` arguments, passed to each package
#
# It ends with one line per package and a total, read from each run's own summary line.
set -euo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
packages=(. Examples Examples/ArticleApp)
status=0
declare -A results
for package in "${packages[@]}"; do
    printf '\n==> swift test --package-path %s\n' "$package"
    log="$logs/$(echo "$package" | tr / -).log"
    set +e
    swift test --package-path "$package" "$@" 2>&1 | tee "$log"
    result=${PIPESTATUS[0]}
    set -e
    results[$package]=$result
    [ "$result" -eq 0 ] || status=$result
done

printf '\n==> every package\n'
passed=0
failed=0
for package in "${packages[@]}"; do
    log="$logs/$(echo "$package" | tr / -).log"
    # Swift Testing's closing line ("Test run with N tests in M suites passed …") gives the
    # count, and a line "✘ Test … failed after …" each test that failed.
    line=$(grep -E "Test run with [0-9]+ tests?" "$log" | tail -n 1 || true)
    count=$(printf '%s' "$line" | sed -nE 's/.*Test run with ([0-9]+) tests?.*/\1/p')
    count=${count:-0}
    # (not the closing line itself, "✘ Test run with … failed after …").
    failures=$(grep -E "^✘ Test .* failed after" "$log" | grep -cvE "^✘ Test run with" || true)
    note=""
    if [ "${results[$package]}" -ne 0 ] && [ "$failures" -eq 0 ]; then
        # No test failed, yet the run did: it did not build, or the test process crashed.
        note=" (did not build, or its test process crashed: exit ${results[$package]}, see its log above)"
        failed=$((failed + 1))
    fi
    printf '%-22s %5d tests, %d failed%s\n' "$package" "$count" "$failures" "$note"
    passed=$((passed + count - failures))
    failed=$((failed + failures))
done
echo "$passed passed, $failed failed"
exit "$status"

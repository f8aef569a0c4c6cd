#!/usr/bin/env bash
# Runs the root package's tests with code coverage and prints how much of CoreModule's code
# they run: regions, lines and functions, with the toolchain's own llvm-cov (the one beside
# `swift`; an older llvm-cov on PATH cannot read this toolchain's profiles).
#
#   scripts/coverage.sh            print the figures
#   scripts/coverage.sh --files    also print the figures per file
#   scripts/coverage.sh --min 98   exit 1 when regions are under 98%
set -euo pipefail
cd "$(dirname "$0")/.."

files=false
minimum=""
while [[ $# -gt 0 ]]; do
    case "$1" in
    --files) files=true ;;
    --min) minimum="$2"; shift ;;
    *) echo "usage: scripts/coverage.sh [--files] [--min PERCENT]" >&2; exit 64 ;;
    esac
    shift
done

scratch=.build-coverage
mkdir -p "$scratch"
swift test --enable-code-coverage --scratch-path "$scratch" >"$scratch/tests.log" 2>&1 || {
    tail -40 "$scratch/tests.log" >&2
    echo "error: the tests failed under coverage (log: $scratch/tests.log)" >&2
    exit 1
}
toolchain_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
llvm_cov="$toolchain_bin/llvm-cov"
profile="$(find "$scratch" -name default.profdata | head -1)"
binary="$(find "$scratch" -name '*PackageTests.xctest' -type f | head -1)"
sources="$(pwd)/Sources/CoreModule"
report="$("$llvm_cov" report "$binary" -instr-profile "$profile" "$sources")"
if $files; then echo "$report"; fi
total="$(echo "$report" | grep '^TOTAL')"
# TOTAL  regions missed cover%  functions missed executed%  lines missed cover%  (branches …)
read -r _ regions regions_missed regions_cover functions functions_missed functions_cover \
    lines lines_missed lines_cover _ <<<"$total"
echo "coverage of CoreModule: regions $regions_cover ($regions_missed of $regions missed)," \
    "lines $lines_cover ($lines_missed of $lines missed)," \
    "functions $functions_cover ($functions_missed of $functions missed)"
if [[ -n "$minimum" ]]; then
    value="${regions_cover%\%}"
    if awk -v v="$value" -v m="$minimum" 'BEGIN { exit !(v < m) }'; then
        echo "error: regions covered $regions_cover, under the minimum of $minimum%" >&2
        exit 1
    fi
fi

#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a number of seconds; fails on any crash.
#
#   scripts/fuzz.sh                 # every target, 30 seconds each
#   scripts/fuzz.sh 120             # every target, 120 seconds each
#   scripts/fuzz.sh 60 fuzz-links   # one target
#
# Each target starts from its checked-in seed corpus, Fuzz/corpus/<target>/, copied into a
# scratch corpus under .build-fuzz/ (so new inputs never touch the repository). A crash —
# a broken oracle's preconditionFailure, a trap, an AddressSanitizer report — stops libFuzzer
# with a non-zero status and writes the input to .build-fuzz/artifacts/<target>/; replay it with
#   swift run --package-path Fuzz fuzz-<name> .build-fuzz/artifacts/<target>/crash-…
# (a debug build, with a readable backtrace)
# and turn it into a regression test under Tests/.
#
# The targets are built with --sanitize=fuzzer (libFuzzer supplies `main`) and -DFUZZING, which
# leaves out the small replay `main` that a normal build compiles into each target.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-30}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(fuzz-links fuzz-navigation)
fi
scratch=.build-fuzz

# `--sanitize=fuzzer --sanitize=address` alone is not enough: SwiftPM passes the two to swiftc
# as separate -sanitize= flags in no fixed order, and the driver keeps only the last, so a build
# gets either coverage (no AddressSanitizer) or AddressSanitizer (no coverage: libFuzzer then
# runs blind). The combined -Xswiftc flag comes last and instruments for both; the --sanitize
# flags still make SwiftPM link both runtimes.
for target in "${targets[@]}"; do
    echo "==> building $target (release, libFuzzer + AddressSanitizer)"
    swift build -c release --package-path Fuzz --product "$target" \
        --sanitize=fuzzer --sanitize=address \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --scratch-path "$scratch"
    # (grep -c reads all of nm's output: grep -q would stop early and fail the pipe.)
    if command -v nm > /dev/null &&
        [ "$(nm "$scratch/release/$target" | grep -c 'asan\.module_ctor')" -eq 0 ]; then
        echo "error: $target was built without AddressSanitizer instrumentation" >&2
        exit 1
    fi
done

# Not `swift build --show-bin-path`: called without the sanitizer flags it replans the build,
# and the next build then links a binary without coverage instrumentation.
bin="$scratch/release"
status=0
for target in "${targets[@]}"; do
    corpus="$scratch/corpus/$target"
    artifacts="$scratch/artifacts/$target"
    mkdir -p "$corpus" "$artifacts"
    cp Fuzz/corpus/"$target"/* "$corpus"/
    options=(-max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$artifacts/")
    if [ -f "Fuzz/$target.dict" ]; then
        options+=(-dict="Fuzz/$target.dict")
    fi
    echo "==> fuzzing $target for $seconds s"
    log="$scratch/$target.log"
    set +e
    SWIFT_BACKTRACE=enable=no "$bin/$target" "${options[@]}" "$corpus" > "$log" 2>&1
    result=$?
    set -e
    # The log without the progress lines of each new input.
    grep -vE '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|RELOAD)' "$log" | tail -n 60
    runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1)
    echo "==> $target: exit status $result, ${runs:-?} executions in $seconds s"
    if [ "$result" -ne 0 ]; then
        echo "error: $target crashed; the input is in $artifacts/" >&2
        status=1
    elif ! grep -q "INFO: Loaded [1-9][0-9]* modules" "$log"; then
        echo "error: $target is not instrumented for coverage; rebuild it (rm -rf $scratch)" >&2
        status=1
    fi
done
exit "$status"

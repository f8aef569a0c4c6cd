#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a number of seconds; fails on any crash.
#
#   scripts/fuzz.sh                          # every target, 30 seconds each (as CI)
#   scripts/fuzz.sh 120                      # every target, 120 seconds each
#   scripts/fuzz.sh 60 fuzz-links            # one target
#   scripts/fuzz.sh --long 1800              # long mode: every target, 30 minutes each, in turn
#   scripts/fuzz.sh --long 1800 fuzz-links   # long mode, one target (run two at once, one per
#                                            # core, from two shells)
#   scripts/fuzz.sh --merge                  # minimize what long runs found into Fuzz/corpus/
#
# Short mode: each target starts from its checked-in seed corpus, Fuzz/corpus/<target>/, copied
# into a scratch corpus under .build-fuzz/corpus/ (so new inputs never touch the repository).
#
# Long mode: each target resumes from the seed corpus and from everything earlier long runs
# kept, and keeps what it finds: the work corpus is .build-fuzz/long/<target>/ (new inputs are
# written there, never to Fuzz/corpus/), and the run's figures (executions, executions per
# second, corpus size before and after) are printed at the end and appended to
# .build-fuzz/long/runs.txt. `--merge` then adds to Fuzz/corpus/<target>/ only the inputs of
# the work corpus that reach code the seeds do not (libFuzzer's -set_cover_merge=1: a small
# set of inputs that together reach everything the work corpus reaches); review and commit them.
#
# A crash (a broken oracle's preconditionFailure, a trap, an AddressSanitizer or LeakSanitizer
# report, an input slower than the time limit) stops libFuzzer with a non-zero status and
# writes the input to .build-fuzz/crashes/<target>/ (not .build-fuzz/artifacts/: SwiftPM owns
# that folder of its scratch path and empties it on the next build); replay it with
#   swift run --package-path Fuzz fuzz-<name> .build-fuzz/crashes/<target>/crash-…
# (a debug build, with a readable backtrace), minimize it with
#   .build-fuzz/release/<target> -minimize_crash=1 -runs=100000 CRASH_FILE
# and turn it into a regression test under Tests/.
#
# The targets are built with --sanitize=fuzzer (libFuzzer supplies `main`) and -DFUZZING, which
# leaves out the small replay `main` that a normal build compiles into each target.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=short
case "${1:-}" in
    --long)
        mode=long
        shift
        ;;
    --merge)
        mode=merge
        shift
        ;;
esac
seconds=30
if [ "$mode" != merge ]; then
    seconds="${1:-30}"
    shift || true
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(fuzz-links fuzz-navigation fuzz-snapshots fuzz-windows)
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

if [ "$mode" = merge ]; then
    for target in "${targets[@]}"; do
        work="$scratch/long/$target"
        if [ ! -d "$work" ]; then
            echo "==> $target: no long run to merge ($work is missing)"
            continue
        fi
        before=$(find "Fuzz/corpus/$target" -type f | wc -l)
        echo "==> merging $work into Fuzz/corpus/$target"
        SWIFT_BACKTRACE=enable=no "$bin/$target" -set_cover_merge=1 "Fuzz/corpus/$target" "$work" \
            > "$scratch/$target-merge.log" 2>&1 || {
            tail -n 20 "$scratch/$target-merge.log"
            echo "error: merging $target failed" >&2
            exit 1
        }
        grep -E '^MERGE-OUTER: [0-9]+ new files' "$scratch/$target-merge.log" || true
        after=$(find "Fuzz/corpus/$target" -type f | wc -l)
        echo "==> $target: Fuzz/corpus/$target holds $after inputs (was $before); review, then commit"
    done
    exit 0
fi

status=0
for target in "${targets[@]}"; do
    artifacts="$scratch/crashes/$target"
    mkdir -p "$artifacts"
    # -timeout: an input that takes longer than this many seconds is a crash (a hang).
    options=(-max_total_time="$seconds" -print_final_stats=1 -timeout=10
        -artifact_prefix="$artifacts/")
    if [ -f "Fuzz/$target.dict" ]; then
        options+=(-dict="Fuzz/$target.dict")
    fi
    if [ "$target" = fuzz-snapshots ]; then
        # Room for a snapshot over the screen limit (about 16 KB of JSON).
        options+=(-max_len=20000)
    fi
    if [ "$mode" = long ]; then
        # The work corpus first: libFuzzer writes new inputs to the first directory only.
        corpus="$scratch/long/$target"
        mkdir -p "$corpus"
        dirs=("$corpus" "Fuzz/corpus/$target")
        log="$scratch/long/$target.log"
    else
        corpus="$scratch/corpus/$target"
        mkdir -p "$corpus"
        cp Fuzz/corpus/"$target"/* "$corpus"/
        dirs=("$corpus")
        log="$scratch/$target.log"
    fi
    before=$(find "$corpus" -type f | wc -l)
    echo "==> fuzzing $target for $seconds s ($mode mode; corpus $corpus: $before inputs)"
    started=$SECONDS
    set +e
    SWIFT_BACKTRACE=enable=no "$bin/$target" "${options[@]}" "${dirs[@]}" > "$log" 2>&1
    result=$?
    set -e
    elapsed=$((SECONDS - started))
    # The log without the progress lines of each new input.
    grep -vE '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse|RELOAD)' "$log" | tail -n 60
    runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1)
    rate=$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+).*/\1/p' "$log" | tail -n 1)
    after=$(find "$corpus" -type f | wc -l)
    summary="$target: exit status $result, ${runs:-?} executions in $elapsed s (${rate:-?}/s)"
    summary+=", corpus $before -> $after inputs"
    echo "==> $summary"
    if [ "$mode" = long ]; then
        echo "$(date -u +%Y-%m-%dT%H:%MZ) $(git rev-parse --short HEAD) $summary" \
            >> "$scratch/long/runs.txt"
    fi
    if [ "$result" -ne 0 ]; then
        echo "error: $target crashed; the input is in $artifacts/" >&2
        status=1
    elif ! grep -q "INFO: Loaded [1-9][0-9]* modules" "$log"; then
        echo "error: $target is not instrumented for coverage; rebuild it (rm -rf $scratch)" >&2
        status=1
    elif grep -q "libFuzzer disabled leak detection" "$log"; then
        echo "error: libFuzzer stopped checking $target for leaks (an input keeps memory)" >&2
        status=1
    fi
done
exit "$status"

#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for FUZZ_SECONDS seconds on a copy of its seed
# corpus. Exits non-zero if any target crashed or an oracle failed, after printing where the
# input that did it was saved.
#
#   Fuzz/run.sh                      every target, 10 s each
#   FUZZ_SECONDS=300 Fuzz/run.sh     longer runs
#   Fuzz/run.sh QueryFuzz TagsFuzz   only these targets
#
# Settings (environment):
#   FUZZ_SECONDS    seconds of fuzzing per target (default 10)
#   FUZZ_WORK       where the corpus copies, logs and crash inputs go (default: a new
#                   directory under /tmp, removed afterwards unless something crashed)
#   FUZZ_BUILD_DIR  SwiftPM scratch path (default Fuzz/.build)
#   FUZZ_BUILD=0    skip the build and use the binaries already there
#   FUZZ_KEEP_GOING=1  go on after a crash (libFuzzer's fork mode), saving every
#                   crashing input, instead of stopping at the first
#   SWIFT           the swift driver (default swift)
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
seconds=${FUZZ_SECONDS:-10}
build_dir=${FUZZ_BUILD_DIR:-$here/.build}
swift=${SWIFT:-swift}

# Target name and the longest input it gets (bytes): a little over what the parser meets
# in one header, field or body part, so the mutator does not waste time on huge inputs.
all_targets=(
    RequestPathFuzz:1024
    QueryFuzz:2048
    CookieFuzz:1024
    FormBodyFuzz:8192
    MultipartFuzz:8192
    FeedCursorFuzz:128
    FeedAddressFuzz:1024
    TagsFuzz:512
    AcceptLanguageFuzz:512
    SliderTextFuzz:128
    MessengerCommandFuzz:2048
    HTMLEscapeFuzz:1024
    TemplateEscapeFuzz:1024
    FFprobeReportFuzz:8192
    ShootFormFuzz:1024
    SharingFormFuzz:1024
    DeliveredMetadataFuzz:8192
    ReadMailFuzz:8192
    PushSubscriptionFuzz:2048
    MessageSearchFuzz:1024
    PaymentFuzz:1024
    LiveAnnouncementFuzz:4096
)

selected=()
if [ $# -gt 0 ]; then
    for name in "$@"; do
        match=""
        for entry in "${all_targets[@]}"; do [ "${entry%%:*}" = "$name" ] && match=$entry; done
        [ -n "$match" ] || { echo "run.sh: no target $name" >&2; exit 2; }
        selected+=("$match")
    done
else
    selected=("${all_targets[@]}")
fi

if [ "${FUZZ_BUILD:-1}" != 0 ]; then
    echo "== building the fuzz targets (debug, -sanitize=fuzzer,address) in $build_dir"
    started=$(date +%s)
    # -sanitize=fuzzer adds coverage instrumentation and links libFuzzer, whose driver
    # each target's @main calls; address adds AddressSanitizer, for the parsers that work
    # on unsafe buffers. The compiler's output (the main package's warnings, the linker's
    # notes on ASan symbols) goes to a log, shown only when the build fails.
    mkdir -p "$build_dir"
    build_log=$build_dir/fuzz-build.log
    if ! "$swift" build --package-path "$here" --scratch-path "$build_dir" \
        -Xswiftc -sanitize=fuzzer,address >"$build_log" 2>&1; then
        grep -v 'ld.gold: warning' "$build_log" | grep -E -B2 -A8 'error:' | head -80
        echo "run.sh: the build failed; the whole log is $build_log" >&2
        exit 2
    fi
    echo "== built in $(( $(date +%s) - started )) s"
fi
bin=$("$swift" build --package-path "$here" --scratch-path "$build_dir" --show-bin-path 2>/dev/null) || exit 2

keep_work=0
if [ -n "${FUZZ_WORK:-}" ]; then
    work=$FUZZ_WORK
    mkdir -p "$work"
    keep_work=1
else
    work=$(mktemp -d "${TMPDIR:-/tmp}/fotofolio-fuzz.XXXXXX")
fi

# ASan: no leak reports (the Swift runtime keeps metadata caches for the life of the
# process) and abort on error, so libFuzzer saves the input.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:symbolize=1}
# The Swift runtime's own crash reporter would catch the abort first; let libFuzzer's
# report it, with the stack and the saved input.
export SWIFT_BACKTRACE=enable=no
export TMPDIR=$work/tmp
mkdir -p "$TMPDIR"

failed=()
summary=()
for entry in "${selected[@]}"; do
    name=${entry%%:*}
    max_len=${entry##*:}
    corpus=$work/corpus/$name
    artifacts=$work/crashes/$name
    log=$work/$name.log
    rm -rf "$corpus"
    mkdir -p "$corpus" "$artifacts"
    cp "$here/Corpus/$name/"* "$corpus/" 2>/dev/null || true
    echo "== $name: $seconds s, max_len $max_len"
    mode=()
    # A dictionary of the tokens the parser cares about, where the target has one.
    [ -f "$here/Dictionaries/$name.dict" ] && mode+=(-dict="$here/Dictionaries/$name.dict")
    if [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; then mode+=(-fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1); fi
    started=$(date +%s)
    ( cd "$work" && "$bin/$name" "$corpus" "${mode[@]}" \
        -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1 )
    status=$?
    elapsed=$(( $(date +%s) - started ))
    # Executions: the final statistics, or in fork mode the last status line ("#1234: cov…").
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    [ -n "$execs" ] || execs=$(sed -n 's/^#\([0-9]*\)[:\t ].*/\1/p' "$log" | tail -1)
    [ -n "$execs" ] || execs=0
    # Fork mode exits 0 after ignored crashes: the saved inputs tell.
    if [ $status -eq 0 ] && [ -n "$(ls -A "$artifacts")" ]; then status=1; fi
    if [ $status -ne 0 ]; then
        failed+=("$name")
        summary+=("$(printf '%-22s %5s s %10s execs  CRASHED' "$name" "$elapsed" "$execs")")
        echo "!! $name failed (exit $status); log: $log"
        grep -E "ORACLE FAILED|ERROR: (libFuzzer|AddressSanitizer)|Fatal error|SUMMARY" "$log" | head -5
        for input in "$artifacts"/*; do
            [ -f "$input" ] || continue
            echo "   input: $input"
            echo "   hex:   $(head -c 512 "$input" | od -An -tx1 -v | tr -d ' \n')"
        done
    else
        summary+=("$(printf '%-22s %5s s %10s execs  ok' "$name" "$elapsed" "$execs")")
    fi
done

echo "== summary ($seconds s per target)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
    echo "== ${#failed[@]} target(s) failed: ${failed[*]}; logs and inputs are in $work"
    exit 1
fi
if [ $keep_work = 0 ]; then rm -rf "$work"; fi
echo "== every target ran without a crash"

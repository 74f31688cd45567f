#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang, ASan + UBSan) and runs them.
#
#   tests/fuzz/run.sh [SECONDS]         fuzz every target for SECONDS each (default 60)
#   tests/fuzz/run.sh --replay          run every saved input under tests/fuzz/regressions/ once
#   tests/fuzz/run.sh --replay --corpus ... and every seed under tests/fuzz/corpus/ once
#
# Environment: FUZZ_TARGETS (space-separated subset), FUZZ_BUILD_DIR (default build/fuzz),
# FUZZ_NICE (default 10), FUZZ_JOBS (build parallelism, default nproc), FUZZ_ARGS (extra
# libFuzzer flags), FUZZ_WORK_DIR (default $FUZZ_BUILD_DIR/corpus), FUZZ_WORKER (a name for
# this run's log, so that two runs of one target can share a work corpus: libFuzzer reloads it
# every few seconds and each takes up the other's new units). New corpus units go to
# $FUZZ_WORK_DIR/<target>, not to the committed seeds; crashes go to
# $FUZZ_BUILD_DIR/artifacts/<target>/.
# Exit status: non-zero when a target crashed or broke an invariant (or the build failed).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${FUZZ_BUILD_DIR:-$root/build/fuzz}
targets=${FUZZ_TARGETS:-analyzer catalog_add schema_validator bridge config regex decimal snapshot vectors}
nice_level=${FUZZ_NICE:-10}
jobs=${FUZZ_JOBS:-$(nproc)}

replay=0
with_corpus=0
seconds=60
for arg in "$@"; do
  case "$arg" in
    --replay) replay=1 ;;
    --corpus) with_corpus=1 ;;
    ''|*[!0-9]*) echo "usage: $0 [SECONDS] | --replay [--corpus]" >&2; exit 2 ;;
    *) seconds=$arg ;;
  esac
done

if [ ! -f /usr/include/nlohmann/json.hpp ]; then
  echo "run.sh: nlohmann/json.hpp is missing (apt-get install nlohmann-json3-dev)" >&2
  exit 2
fi
command -v clang++ >/dev/null || { echo "run.sh: clang++ is missing (apt-get install clang)" >&2; exit 2; }

# RelWithDebInfo only for -g in the runtime; the harness CMake sets -O1 and the sanitizers.
# One build at a time per tree: two runs started together (one target each, side by side) would
# otherwise build the same library at once, and one of them fail to link.
mkdir -p "$build"
(
  flock 9
  CC=clang CXX=clang++ cmake -S "$here" -B "$build" -DTOOLSEARCH_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  nice -n "$nice_level" cmake --build "$build" --parallel "$jobs" >/dev/null
) 9>"$build/.build-lock"

# UBSan reports must stop the run, as ASan reports do; leaks are reported too.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
# Cheaper ASan bookkeeping, measured on the bridge harness (user time over a fixed corpus):
# shorter allocation stacks (unwinding at every malloc), a 32 MB quarantine instead of 256 MB
# (page faults on fresh memory) and only 256 bytes of each allocation filled: ~20% together.
# Use-after-free is still caught within the last 32 MB freed.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:malloc_context_size=4:quarantine_size_mb=32:max_malloc_fill_size=256}

if [ "$replay" = 1 ]; then
  status=0
  for t in $targets; do
    inputs=()
    if [ -d "$here/regressions/$t" ]; then
      while IFS= read -r -d '' f; do inputs+=("$f"); done < <(find "$here/regressions/$t" -type f ! -name '*.md' -print0 | sort -z)
    fi
    if [ ${#inputs[@]} -gt 0 ]; then
      if "$build/fuzz_$t" "${inputs[@]}" >"$build/replay-$t.log" 2>&1; then
        echo "replay $t: ${#inputs[@]} saved inputs ok"
      else
        echo "replay $t: FAILED (log: $build/replay-$t.log)"; grep -E 'INVARIANT|ERROR|Running:' "$build/replay-$t.log" | tail -4
        status=1
      fi
    else
      echo "replay $t: no saved inputs"
    fi
    if [ "$with_corpus" = 1 ] && [ -d "$here/corpus/$t" ]; then
      # -runs=0: execute the seeds once, then stop before any mutation.
      if "$build/fuzz_$t" -runs=0 "$here/corpus/$t" >"$build/replay-corpus-$t.log" 2>&1; then
        echo "replay $t: $(find "$here/corpus/$t" -type f | wc -l) corpus inputs ok"
      else
        echo "replay $t: corpus FAILED (log: $build/replay-corpus-$t.log)"; grep -E 'INVARIANT|ERROR' "$build/replay-corpus-$t.log" | tail -4
        status=1
      fi
    fi
  done
  exit "$status"
fi

status=0
summary=()
for t in $targets; do
  work="${FUZZ_WORK_DIR:-$build/corpus}/$t"
  art="$build/artifacts/$t"
  mkdir -p "$work" "$art"
  dict=()
  [ -f "$here/$t.dict" ] && dict=("-dict=$here/$t.dict")
  seeds=()
  [ -d "$here/corpus/$t" ] && seeds=("$here/corpus/$t")
  log="$build/fuzz-$t${FUZZ_WORKER:+-$FUZZ_WORKER}.log"
  echo "fuzz $t for ${seconds}s (log: $log)"
  # The first directory receives new units; the committed seeds are only read.
  # shellcheck disable=SC2086
  if nice -n "$nice_level" "$build/fuzz_$t" -max_total_time="$seconds" -print_final_stats=1 -timeout=25 \
      -rss_limit_mb=2048 -artifact_prefix="$art/" "${dict[@]}" ${FUZZ_ARGS:-} "$work" "${seeds[@]}" >"$log" 2>&1; then
    result=ok
  elif grep -q 'libFuzzer: run interrupted; exiting' "$log"; then
    # SIGINT (kill -INT, Ctrl-C) ends a long run early: libFuzzer prints its final stats and
    # exits with -interrupted_exit_code (72), which is not a finding.
    result=stopped
  else
    result=CRASH
    status=1
    # The seed and the input (libFuzzer prints inputs up to 256 bytes in base64) go to the
    # output too: in CI the log and the artifact are gone once the job ends, and this is enough
    # to replay the finding (base64 -d > input; build/fuzz/fuzz_<target> input).
    grep -E 'INVARIANT|ERROR|SUMMARY|^INFO: Seed:|^Base64:' "$log" | head -8 || true
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  files=$(find "$work" -type f | wc -l)
  bytes=$(find "$work" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
  summary+=("$(printf '%-17s %-6s %12s %8s %8s %10s' "$t" "$result" "${execs:-?}" "${rate:-?}" "$files" "$bytes")")
done

echo
printf '%-17s %-6s %12s %8s %8s %10s\n' target result executions exec/s corpus bytes
printf '%s\n' "${summary[@]}"
[ "$status" = 0 ] || echo "crashing inputs: $build/artifacts/<target>/ (minimize with -minimize_crash=1, save under tests/fuzz/regressions/<target>/)"
exit "$status"

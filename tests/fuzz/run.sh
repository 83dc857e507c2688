#!/bin/sh
# usage: sh tests/fuzz/run.sh FUZZDIR SECONDS HARNESS...
#
# Runs each libFuzzer harness (FUZZDIR/bin/fuzz_NAME) for SECONDS seconds, one after the
# other, with its dictionary tests/fuzz/NAME.dict and its seeds: the files that
# tests/fuzz/NAME.seeds lists (globs, one per line), plus generated mutations for the game
# data and the icons. The growing corpus is FUZZDIR/corpus/NAME, crash inputs land in
# FUZZDIR/artifacts/NAME/, the full log in FUZZDIR/logs/NAME.log. Prints one line per harness
# (runs, executions per second, coverage, corpus size) and exits 1 when any harness found a
# crash, a leak, a timeout or an out-of-memory input.
#
# Environment: FUZZ_JOBS=N runs N harnesses at a time (default 1);
# FUZZ_CPU=1 counts SECONDS as processor seconds of the harness, not wall time (on a shared
# machine: the run is interrupted once the harness has had that much processor time);
# FUZZ_FLAGS adds libFuzzer flags (e.g. -max_len=65536).
if [ $# -lt 3 ]; then
  echo "usage: sh tests/fuzz/run.sh FUZZDIR SECONDS HARNESS..." >&2
  exit 2
fi
dir=$1 seconds=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
mkdir -p "$dir/logs" || exit 2

. tests/fuzz/seeds.sh

run_one() {
  bin=$1
  name=$(basename "$bin")
  name=${name#fuzz_}
  seeds "$name"
  mkdir -p "$dir/corpus/$name" "$dir/artifacts/$name"
  # A harness without a dictionary of its own shares the one of the input it reads.
  dict_name=$name
  case $name in gamedata_replay) dict_name=gamedata ;; filled) dict_name=replay ;; esac
  dict=""
  [ -f "tests/fuzz/$dict_name.dict" ] && dict="-dict=tests/fuzz/$dict_name.dict"
  log="$dir/logs/$name.log"
  marker="$dir/logs/$name.start"
  : >"$marker"
  # shellcheck disable=SC2086 # FUZZ_FLAGS holds several flags
  sleep 1  # artifacts of this run are newer than the marker
  wall=$seconds
  [ -n "${FUZZ_CPU:-}" ] && wall=$((seconds * 100))
  "$bin" $dict -max_total_time="$wall" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$dir/artifacts/$name/" ${FUZZ_FLAGS:-} \
    "$dir/corpus/$name" "$dir/seeds/$name" >"$log" 2>&1 &
  pid=$!
  started=$(date +%s)
  if [ -n "${FUZZ_CPU:-}" ]; then
    # Interrupt (libFuzzer then prints its final statistics) once the processor time is spent.
    while kill -0 "$pid" 2>/dev/null; do
      sleep 5
      cpu=$(ps -o cputimes= -p "$pid" 2>/dev/null | tr -d ' ')
      [ "${cpu:-0}" -ge "$seconds" ] && kill -INT "$pid" 2>/dev/null
    done
  fi
  wait "$pid"
  status=$?
  # libFuzzer 14 exits 72 when interrupted, and has no flag to change it.
  [ "$status" -eq 72 ] && grep -q 'libFuzzer: run interrupted' "$log" && status=0
  elapsed=$(($(date +%s) - started))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  files=$(ls "$dir/corpus/$name" | wc -l)
  crashes=$(find "$dir/artifacts/$name" -type f -newer "$marker" | wc -l)
  printf '%-10s %4ss (wall %ss)  runs %-9s exec/s %-6s cov %-5s ft %-6s corpus %-5s artifacts %s\n' \
    "$name" "$seconds" "$elapsed" "${runs:-?}" "${eps:-?}" "${cov:-?}" "${ft:-?}" "$files" "$crashes"
  if [ "$status" -ne 0 ] || [ "$crashes" -ne 0 ]; then
    echo "  $name: FAILED (exit $status): see $log and $dir/artifacts/$name/"
    grep -m3 -E 'ERROR|SUMMARY|runtime error' "$log" | sed 's/^/  /'
    return 1
  fi
  return 0
}

jobs=${FUZZ_JOBS:-1}
failed=0
if [ "$jobs" -le 1 ]; then
  for bin in "$@"; do run_one "$bin" || failed=1; done
else
  # N at a time: each harness in the background, results collected in order.
  i=0
  for bin in "$@"; do
    (run_one "$bin" >"$dir/logs/$(basename "$bin").summary") &
    i=$((i + 1))
    [ $((i % jobs)) -eq 0 ] && wait
  done
  wait
  for bin in "$@"; do
    cat "$dir/logs/$(basename "$bin").summary"
    grep -q FAILED "$dir/logs/$(basename "$bin").summary" && failed=1
  done
fi
exit $failed

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

# seeds NAME: fills $dir/seeds/NAME from the list and the generated mutations.
seeds() {
  name=$1 out="$dir/seeds/$1"
  rm -rf "$out"
  mkdir -p "$out"
  if [ -f "tests/fuzz/$name.seeds" ]; then
    grep -v '^#' "tests/fuzz/$name.seeds" | while read -r pattern; do
      for f in $pattern; do
        [ -f "$f" ] && cp "$f" "$out/$(echo "$f" | tr / _)"
      done
    done
  fi
  case $name in
    gamedata*)
      # Mostly files that load, so that the fuzzer starts past the first error: each line's
      # first number moved by one (down, or up from 0 and 1), each line's first name renamed;
      # then a few that do not (every tenth line removed or given a 41-digit number, the first
      # half of the file).
      src=templates/xii-century.rules
      lines=$(wc -l <"$src")
      n=1
      while [ "$n" -le "$lines" ]; do
        line=$(sed -n "${n}p" "$src")
        case $line in
          ''|'#'*) ;;
          *) sed -E "${n}s/(^|[^0-9a-z-])([2-9]|[1-9][0-9]+)([^0-9]|$)/\\1__\\2__\\3/" "$src" |
               awk '{ if (match($0, /__[0-9]+__/)) { v = substr($0, RSTART + 2, RLENGTH - 4) - 1;
                      $0 = substr($0, 1, RSTART - 1) v substr($0, RSTART + RLENGTH) } print }' \
               >"$out/number-$n"
             cmp -s "$out/number-$n" "$src" && rm "$out/number-$n"
             sed -E "${n}s/\"[^\"]+\"/\"Renamed $n\"/" "$src" >"$out/name-$n"
             cmp -s "$out/name-$n" "$src" && rm "$out/name-$n"
             if [ $((n % 10)) -eq 0 ]; then
               sed "${n}d" "$src" >"$out/drop-line-$n"
               sed "${n}s/[0-9][0-9]*/99999999999999999999999999999999999999999/" "$src" >"$out/huge-$n"
             fi ;;
        esac
        n=$((n + 1))
      done
      head -c "$(($(wc -c <"$src") / 2))" "$src" >"$out/first-half" ;;
    icons)
      awk -v out="$out" '/^icon /{n++} n{print > (out "/icon-" n)}' templates/xii.icons ;;
    gsession)
      # A first byte 0 (a new file) before each Kingdom log, typed line by line; and the
      # short forms a player types, after a prefix of a played game (first byte 1, 2, 3).
      for f in tests/golden/kingdom/*.kingdom docs/*.kingdom; do
        [ -f "$f" ] && { printf '\000'; cat "$f"; } >"$out/new-$(basename "$f")"
      done
      for b in 1 2 3 5 6 7; do
        printf "\\$(printf '%03o' "$b")next\n3 5\nfood\n@\001\n2 food\ndone\nundo\n@\002\nfarm C4\ncheck food 4\n# a note\n" >"$out/short-$b"
      done ;;
  esac
}

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

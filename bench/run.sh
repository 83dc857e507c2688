#!/bin/sh
# usage: sh bench/run.sh path/to/xii BUILD
# Runs the benchmarks built from bench/*.c (make bench builds them into BUILD/bench/) and prints
# their figures: the audit's throughput on random complete 5-player games against the lexing
# floor and the Kingdom audit's on random legal Kingdom games, the time per line on long logs,
# `xii audit` end to end on a 100,000-line log, the blank town-sheets per backend and a whole
# `xii sheet` run, the recorder's check of each line and `xii play` end to end, the filled
# town-sheets, and xii serve under load.
if [ $# -ne 2 ]; then
  echo "usage: sh bench/run.sh path/to/xii BUILD" >&2
  exit 2
fi
xii=$1
build=$2
bench=$build/bench
status=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

echo "== bots (bench_bots)"
"$bench/bench_bots" || status=1

echo
echo "== parse and replay (bench_audit)"
"$bench/bench_audit" || status=1

echo
echo "== the Kingdom's audit: parse, replay, report (bench_kingdom)"
"$bench/bench_kingdom" || status=1

echo
echo "== the Kingdom's hint at its default budget (bench_kingdom_hint speed)"
"$bench/bench_kingdom_hint" speed 2 || status=1

echo
echo "== a refused candidate move (bench_refusal)"
"$bench/bench_refusal" 3 || status=1

echo
echo "== xii audit end to end (read, parse, replay, text report)"
for lines in 10000 100000; do
  "$bench/gen_games" --lines $lines "$tmp/long-$lines.xii" || status=1
  start=$(date +%s%N)
  "$xii" audit "$tmp/long-$lines.xii" >"$tmp/report" || status=1
  end=$(date +%s%N)
  ms=$(( (end - start) / 1000000 ))
  echo "$lines lines: $ms ms (wall clock), $(wc -c <"$tmp/long-$lines.xii") bytes"
done
"$bench/gen_games" "$tmp" 3 5 42 || status=1
for f in "$tmp"/game-*.xii; do
  "$xii" audit "$f" >/dev/null || { echo "run.sh: $f is not a clean game" >&2; status=1; }
done
echo "3 generated 5-player games with their check lines: audited with no finding"

if [ -x "$bench/bench_sheet" ]; then
  echo
  echo "== blank town-sheets (bench_sheet: one process, processor time per document)"
  "$bench/bench_sheet" 30 "$tmp" || status=1
  echo
  echo "== xii sheet, whole process (wall clock, best of 10)"
  best=
  for i in 1 2 3 4 5 6 7 8 9 10; do
    start=$(date +%s%N)
    "$xii" sheet -o "$tmp/sheet.pdf" 2>/dev/null || status=1
    end=$(date +%s%N)
    ms=$(( (end - start) / 100000 ))
    [ -z "$best" ] || [ "$ms" -lt "$best" ] && best=$ms
  done
  echo "xii sheet (A4, 2 pages): $((best / 10)).$((best % 10)) ms, $(( $(wc -c <"$tmp/sheet.pdf") / 1024 )) KB"
fi

if [ -x "$bench/bench_record" ]; then
  echo
  echo "== the recorder's check of each line (bench_record)"
  "$bench/bench_record" || status=1
  echo
  echo "== xii play end to end: the typed 4-player game of tests/play through a pipe"
  rm -f "$tmp/play.xii"
  /usr/bin/time -f "%U %S %e" -o "$tmp/play.time" "$xii" play "$tmp/play.xii" \
    < tests/play/game-4p.typed > /dev/null || status=1
  read -r user sys wall < "$tmp/play.time"
  lines=$(wc -l < tests/play/game-4p.typed)
  echo "$lines lines typed: ${user}s user + ${sys}s system processor time, ${wall}s wall clock" \
       "(one fsync per line)"
fi

if [ -x "$bench/bench_filled" ]; then
  echo
  echo "== filled town-sheets (bench_filled)"
  "$bench/bench_filled" || status=1
fi
if [ -x "$bench/bench_advisor" ]; then
  echo
  echo "== the advisor: xii hint and xii audit --analyse (bench_advisor)"
  "$bench/bench_advisor" "$xii" || status=1
fi
if [ -x "$bench/bench_exact" ]; then
  echo
  echo "== the last round's exact solve alone, the hardest solo turns found (bench_exact, 2 threads)"
  "$bench/bench_exact" 1 2 1 409 411 2 || status=1
fi
echo
echo "== xii serve under load on 127.0.0.1 (bench/serve-load.py: 6 clients, 10,000 requests)"
timeout 600 python3 bench/serve-load.py "$xii" 6 10000 || status=1
exit $status

#!/bin/sh
# usage: sh tests/fuzz/replay-seeds.sh DIR BIN...
#
# Each harness built without libFuzzer (tests/fuzz/replay_main.c: BIN is DIR/bin/fuzz_NAME)
# runs once over its seed inputs (tests/fuzz/seeds.sh gathers them into DIR/seeds/NAME), so
# that make check keeps every harness built and its checks holding on its seeds (and make
# asan runs them under the sanitizers). Prints a line per harness; exits 1 when one fails.
if [ $# -lt 2 ]; then
  echo "usage: sh tests/fuzz/replay-seeds.sh DIR BIN..." >&2
  exit 2
fi
dir=$1
shift
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
. tests/fuzz/seeds.sh
failed=0
for bin in "$@"; do
  name=$(basename "$bin")
  name=${name#fuzz_}
  seeds "$name"
  n=$(ls "$dir/seeds/$name" | wc -l)
  if [ "$n" -eq 0 ]; then
    echo "fuzz_$name: no seed inputs"
    failed=1
    continue
  fi
  if find "$dir/seeds/$name" -type f -print0 | sort -z | xargs -0 "$bin" >"$dir/$name.out" 2>&1; then
    echo "fuzz_$name: $n seed inputs, no fault"
  else
    echo "fuzz_$name: FAILED on its seeds ($n inputs): see $dir/$name.out"
    tail -5 "$dir/$name.out" | sed 's/^/  /'
    failed=1
  fi
done
exit $failed

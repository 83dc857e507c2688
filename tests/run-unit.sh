#!/bin/sh
# usage: sh tests/run-unit.sh TEST_PROGRAM...
# Runs each cmocka test program; prints their output, then one line counting the programs and
# the tests that passed; fails if any program fails.
failed=0 tests=0
for t in "$@"; do
  out=$("$t" 2>&1)
  status=$?
  printf '%s\n' "$out"
  n=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | tail -n 1)
  tests=$((tests + ${n:-0}))
  [ $status -eq 0 ] || { echo "FAILED: $t"; failed=$((failed + 1)); }
done
echo "$# programs, $tests tests passed, $failed programs failed"
[ $failed -eq 0 ]

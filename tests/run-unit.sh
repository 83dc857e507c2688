#!/bin/sh
# usage: sh tests/run-unit.sh TEST_PROGRAM...
# Runs each cmocka test program; prints the whole output of those that fail (a passing one's is
# left out but for its skipped tests, one line each), then one line counting the programs and
# the tests that passed; fails if any fails.
failed=0 tests=0
for t in "$@"; do
  out=$("$t" 2>&1)
  status=$?
  n=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | tail -n 1)
  tests=$((tests + ${n:-0}))
  printf '%s\n' "$out" | sed -n "s|^\[  SKIPPED \] \([a-z_0-9]*\)\$|run-unit: SKIPPED ${t##*/}: \1|p" | uniq
  if [ $status -ne 0 ]; then
    printf '%s\n' "$out"
    echo "FAILED: $t"
    failed=$((failed + 1))
  fi
done
echo "$# programs, $tests tests passed, $failed programs failed"
[ $failed -eq 0 ]

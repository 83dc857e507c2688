#!/bin/sh
# Runs each cmocka test program given as argument; fails if any fails.
failed=0
for t in "$@"; do
  "$t" || { echo "FAILED: $t" >&2; failed=1; }
done
exit $failed

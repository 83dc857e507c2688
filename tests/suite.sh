#!/bin/sh
# usage: sh tests/suite.sh NAME LOG COMMAND...
#
# Runs one test suite of make check with its whole output kept in LOG, and shows one line:
# the suite's name and the last line of its output (its count), plus the lines the suite
# means for the reader (its own notices, "run-NAME: ...": a skipped check, a change to the
# machine). When the suite fails it shows the detail too: the log without the lines of the
# cases that passed (cmocka's [ RUN ] and [ OK ] lines). VERBOSE=1 shows the whole log.
# With CI set (a CI run), a suite that skipped a check fails: CI runs what it claims.
name=$1 log=$2
shift 2
mkdir -p "$(dirname "$log")" || exit 2
"$@" >"$log" 2>&1
status=$?
if [ $status -eq 0 ] && [ -n "${CI:-}" ] && grep -aq 'SKIPPED' "$log"; then
  echo "$name: CI is set and this suite skipped a check (the SKIPPED lines above): failing" >>"$log"
  status=1
fi
if [ "${VERBOSE:-0}" = 1 ]; then
  cat "$log"
elif [ $status -ne 0 ]; then
  grep -aEv '^\[ *(RUN|OK|PASSED|==========|----------) *\]' "$log"
else
  grep -aE '^run-[a-z]+: ' "$log"
fi
last=$(grep -av '^[[:space:]]*$' "$log" | tail -n 1)
if [ $status -eq 0 ]; then
  printf '%-16s ok: %s\n' "$name" "$last"
else
  printf '%-16s FAILED (exit status %d; the whole output: %s)\n' "$name" $status "$log"
fi
exit $status

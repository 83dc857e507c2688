#!/bin/sh
# The user's CPPFLAGS, CFLAGS and LDFLAGS come after ours and replace none of them: a dry run
# of a fresh build in a scratch folder shows every compile line keeping the standard, the
# warnings and the dependency files, and the link line the user's LDFLAGS.
# Usage: run-makeflags.sh SCRATCH_DIR
# The dry run gets a clean environment: under `make asan`, the OPT and LDFLAGS given on the
# command line are exported to every recipe and would stand in for the defaults tested here.
scratch=$1
rm -rf "$scratch" && mkdir -p "$scratch" || exit 1
env -i PATH="$PATH" make -n -B BUILD="$scratch/build" CPPFLAGS=-DUSER_CPP CFLAGS=-O0 LDFLAGS=-L/user/lib all \
  >"$scratch/lines" 2>"$scratch/err" || { echo "FAILED: make -n: $(head -3 "$scratch/err")"; exit 1; }
failed=0
compiles=$(grep -c -- ' -c -o .*/obj/src/' "$scratch/lines")
[ "$compiles" -gt 0 ] || { echo "FAILED: make -n shows no compile line"; exit 1; }
for want in -std=c11 -Wall -Wconversion -MMD -DUSER_CPP; do
  n=$(grep -- ' -c -o .*/obj/src/' "$scratch/lines" | grep -c -- " $want ")
  [ "$n" -eq "$compiles" ] || { echo "FAILED: $want on $n of $compiles compile lines"; failed=1; }
done
# The user's -O0 comes after our -O2, so it wins.
grep -- ' -c -o .*/obj/src/' "$scratch/lines" | grep -v -q -- '-O2 .* -O0 ' &&
  { echo "FAILED: a compile line without -O0 after -O2"; failed=1; }
grep -- ' -o [^ ]*/bin/xii ' "$scratch/lines" | grep -q -- ' -L/user/lib ' ||
  { echo "FAILED: the link line lacks the user's LDFLAGS"; failed=1; }
[ $failed -eq 0 ] && echo "make flags: ours kept, the user's after ($compiles compile lines)"
exit $failed

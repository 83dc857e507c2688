#!/bin/sh
# usage: sh tests/golden-update.sh XII INVARIANTS UNIT_PROGRAM...
#
# make golden-update: the one way to rewrite the golden files. Every golden file that differs
# from what the current program gives is rewritten (UPDATE=1: the unit programs that own golden
# files, then tests/run-golden.sh on XII), stale status files are removed, and the layout
# invariants (the program INVARIANTS, tests/unit/test_layout_invariants.c) are checked on the
# new drawing traces: when they fail, every golden file is put back as it was and nothing
# changes. Prints what changed: each file added, changed or removed with its lines added and
# removed, then a total.
if [ $# -lt 2 ]; then
  echo "usage: sh tests/golden-update.sh XII INVARIANTS UNIT_PROGRAM..." >&2
  exit 2
fi
xii=$1 invariants=$2
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
cp -R tests/golden "$tmp/before" || exit 2

for t in "$@"; do
  UPDATE=1 "$t" >"$tmp/unit.log" 2>&1 || { echo "golden-update: $t failed:"; cat "$tmp/unit.log"; }
done
UPDATE=1 sh tests/run-golden.sh "$xii" >"$tmp/golden.log" 2>&1 ||
  { echo "golden-update: tests/run-golden.sh failed:"; cat "$tmp/golden.log"; }

if ! "$invariants" >"$tmp/invariants.log" 2>&1; then
  grep -v '^\[ *\(RUN\|OK\) *\]' "$tmp/invariants.log"
  rm -rf tests/golden && cp -R "$tmp/before" tests/golden
  echo "golden-update: the new drawings break the layout invariants (above): every golden file is left as it was"
  exit 1
fi

# What changed, file by file.
files=0 added=0 removed=0
( cd "$tmp/before" && find . -type f; cd "$root/tests/golden" && find . -type f ) | sort -u >"$tmp/all"
while read -r f; do
  old=$tmp/before/$f new=tests/golden/$f name=tests/golden/${f#./}
  if [ ! -f "$new" ]; then
    n=$(wc -l <"$old"); removed=$((removed + n)); files=$((files + 1))
    echo "  removed  $name ($n lines)"
  elif [ ! -f "$old" ]; then
    n=$(wc -l <"$new"); added=$((added + n)); files=$((files + 1))
    echo "  new      $name ($n lines)"
  elif ! cmp -s "$old" "$new"; then
    diff "$old" "$new" >"$tmp/diff"
    a=$(grep -c '^>' "$tmp/diff") d=$(grep -c '^<' "$tmp/diff")
    added=$((added + a)) removed=$((removed + d)) files=$((files + 1))
    echo "  changed  $name (+$a -$d lines)"
  fi
done <"$tmp/all"
if [ $files -eq 0 ]; then
  echo "golden-update: every golden file matches the program: nothing changed"
else
  echo "golden-update: $files files changed, +$added -$removed lines; check them with git diff before committing"
fi

#!/bin/sh
# usage: sh tests/run-golden.sh path/to/xii [FOLDER...]
#
# Golden tests: run xii, compare its output with a file kept in the repository.
# Every folder tests/golden/<area>/ that holds a file named `cmd` is a suite (folders without
# one belong to unit tests and are skipped). Convention:
#
#   cmd                   one line: the xii arguments shared by every case of the folder,
#                         e.g. "audit" or "sheet --backend trace -o -". {out} stands for a
#                         temporary file: then that file is compared instead of standard output.
#   NAME.expected         one case: the expected output of  xii <cmd> [<args>] [<input>]
#   NAME.VARIANT.expected the same case with the option --VARIANT added after cmd
#                         (LOG.json.expected is the output of  xii audit --json LOG.xii)
#   NAME.args             optional: more arguments (one line, split at spaces) for NAME
#   NAME.<ext>            optional: the input file of case NAME, any other extension
#                         (LOG.xii), given as the last argument
#   NAME.status           optional: the expected exit status (default 0)
#   NAME.stderr           optional: the expected standard error (otherwise it is not compared)
#
# Commands run from the repository root; inputs are passed as tests/golden/<area>/NAME.<ext>.
# UPDATE=1 (make golden-update) rewrites, instead of comparing, the files that differ from the
# current output (NAME.expected, NAME.status, an existing NAME.stderr), removes NAME.status when
# the case now exits 0, and removes the stale files of cases that have no .expected file left.
# Prints one line per failure with a short diff, then "N passed, M failed"; exits 1 on failure.
if [ $# -lt 1 ]; then
  echo "usage: sh tests/run-golden.sh path/to/xii [FOLDER...]" >&2
  exit 2
fi
xii=$1
shift
case $xii in /*) ;; *) xii=$(pwd)/$xii ;; esac
if [ ! -x "$xii" ]; then
  echo "run-golden: $xii is not an executable" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# update_case DIR NAME VARIANT GOT EXPECTED STATUS: rewrites what differs. The status file is
# the base case's (a variant shares it): a variant never removes it.
update_case() {
  cmp -s "$4" "$5" || cp "$4" "$5"
  if [ "$6" -ne 0 ]; then
    [ "$(cat "$1/$2.status" 2>/dev/null)" = "$6" ] || echo "$6" >"$1/$2.status"
  elif [ -z "$3" ]; then
    rm -f "$1/$2.status"
  fi
  if [ -f "$1/$2.stderr" ] && ! cmp -s "$tmp/stderr" "$1/$2.stderr"; then
    cp "$tmp/stderr" "$1/$2.stderr"
  fi
}

# remove_stale DIR: removes NAME.status, NAME.stderr and NAME.args when no NAME.expected or
# NAME.VARIANT.expected is left.
remove_stale() {
  for f in "$1"/*.status "$1"/*.stderr "$1"/*.args; do
    [ -f "$f" ] || continue
    base=${f%.*}
    set -- "$base".expected "$base".*.expected
    [ -f "$1" ] || [ -f "$2" ] || rm -f "$f"
  done
}

# run_case DIR NAME VARIANT: runs one case and compares it.
run_case() {
  dir=$1 name=$2 variant=$3
  if [ -n "$variant" ]; then exp="$dir/$name.$variant.expected"; label="$dir/$name ($variant)"
  else exp="$dir/$name.expected"; label="$dir/$name"; fi
  args=$(cat "$dir/cmd")
  [ -n "$variant" ] && args="$args --$variant"
  [ -f "$dir/$name.args" ] && args="$args $(cat "$dir/$name.args")"
  input=""
  for f in "$dir/$name".*; do
    case ${f#"$dir/$name".} in
      expected|*.expected|args|status|stderr) ;;
      *) [ -f "$f" ] && input=$f ;;
    esac
  done
  use_out=0
  case $args in *"{out}"*) use_out=1 ;; esac
  rm -f "$tmp/out"
  args=$(printf '%s' "$args" | sed "s#{out}#$tmp/out#g")
  # shellcheck disable=SC2086 # the arguments are words on purpose
  "$xii" $args ${input:+"$input"} >"$tmp/stdout" 2>"$tmp/stderr"
  status=$?
  if [ $use_out -eq 1 ]; then got="$tmp/out"; else got="$tmp/stdout"; fi
  [ -f "$got" ] || : >"$got"
  want_status=0
  [ -f "$dir/$name.status" ] && want_status=$(cat "$dir/$name.status")
  if [ "${UPDATE:-0}" = 1 ]; then
    update_case "$dir" "$name" "$variant" "$got" "$exp" "$status"
    passed=$((passed + 1))
    return
  fi
  problem=""
  if [ "$status" != "$want_status" ]; then
    problem="exit status $status, expected $want_status"
  elif ! cmp -s "$got" "$exp"; then
    problem="output differs"
  elif [ -f "$dir/$name.stderr" ] && ! cmp -s "$tmp/stderr" "$dir/$name.stderr"; then
    problem="standard error differs"
  fi
  if [ -z "$problem" ]; then
    passed=$((passed + 1))
    return
  fi
  failed=$((failed + 1))
  echo "FAILED: $label: $problem"
  echo "  command: xii $args${input:+ $input}"
  case $problem in
    output*) diff -u "$exp" "$got" | head -20 | sed 's/^/  /' ;;
    "standard error"*) diff -u "$dir/$name.stderr" "$tmp/stderr" | head -20 | sed 's/^/  /' ;;
    *) head -5 "$tmp/stderr" | sed 's/^/  /' ;;
  esac
}

if [ $# -gt 0 ]; then dirs=$*; else dirs=$(ls -d tests/golden/*/ 2>/dev/null); fi
for dir in $dirs; do
  dir=${dir%/}
  [ -f "$dir/cmd" ] || continue
  for exp in "$dir"/*.expected; do
    [ -f "$exp" ] || continue
    base=$(basename "$exp" .expected)
    case $base in
      *.*) run_case "$dir" "${base%.*}" "${base##*.}" ;;
      *) run_case "$dir" "$base" "" ;;
    esac
  done
  [ "${UPDATE:-0}" = 1 ] && remove_stale "$dir"
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]

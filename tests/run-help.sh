#!/bin/sh
# usage: sh tests/run-help.sh path/to/xii
#
# The help habits every command keeps, checked for each command `xii --help` lists (so a new
# command is covered the day it is added): `xii help CMD` prints exactly what `xii CMD --help`
# and `xii CMD -h` print, exits 0, and the help names -h and --help and ends with the exit
# statuses ("Exit status: 0 ..."); the README names every option of simulate, hint and the
# audit's analysis.
# Prints one line per failure, then "N passed, M failed"; exits 1 on failure.
if [ $# -ne 1 ]; then
  echo "usage: sh tests/run-help.sh path/to/xii" >&2
  exit 2
fi
xii=$1
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0

fail() { failed=$((failed + 1)); echo "FAILED: $*"; }

commands=$("$xii" --help | sed -n '/^commands:/,/^$/s/^  \([a-z-][a-z-]*\) .*/\1/p')
[ -n "$commands" ] || fail "xii --help lists no commands"
"$xii" help >"$tmp/top" 2>&1 && "$xii" --help | cmp -s - "$tmp/top" || fail "xii help differs from xii --help"
for c in $commands; do
  "$xii" help "$c" >"$tmp/help" 2>"$tmp/err"; s1=$?
  "$xii" "$c" --help >"$tmp/long" 2>&1; s2=$?
  "$xii" "$c" -h >"$tmp/short" 2>&1; s3=$?
  if [ "$s1$s2$s3" != 000 ]; then fail "$c: exit statuses $s1 $s2 $s3 for help, --help, -h"; continue; fi
  if [ -s "$tmp/err" ]; then fail "$c: xii help $c wrote on standard error"; continue; fi
  if ! cmp -s "$tmp/help" "$tmp/long" || ! cmp -s "$tmp/help" "$tmp/short"; then
    fail "$c: xii help $c, xii $c --help and xii $c -h differ"; continue
  fi
  if ! grep -q -- '-h, --help' "$tmp/help"; then fail "$c: the help does not list '-h, --help'"; continue; fi
  if ! grep -q '^Exit status: 0 ' "$tmp/help"; then fail "$c: the help does not give the exit statuses"; continue; fi
  if [ "$(tail -c 1 "$tmp/help" | od -An -c | tr -d ' ')" != '\n' ]; then fail "$c: the help does not end with a newline"; continue; fi
  passed=$((passed + 1))
done
# The README's command table names every option of the commands that play games (simulate,
# hint) and of the audit's analysis: the first name of each option line of the help (an alias
# after ", " aside), -h/--help and the audit's hint-only --time aside.
readme=$(dirname "$0")/../README.md
for c in simulate hint audit; do
  row=$(grep -F "| \`xii $c" "$readme")
  opts=$("$xii" "$c" --help | sed -n 's/^ \{1,4\}\(--[a-z][a-z-]*\).*/\1/p' | grep -vx -e --help)
  [ "$c" = audit ] && opts=$("$xii" audit --help | sed -n '/--analyse/,/--bot/s/^ \{1,4\}\(--[a-z][a-z-]*\).*/\1/p' |
                             grep -vx -e --time)
  missing=""
  for o in $opts; do
    printf '%s' "$row" | grep -q -- "[\` ]$o[ \`=]" || missing="$missing $o"
  done
  if [ -n "$missing" ]; then fail "README.md: the row of xii $c does not name$missing"; else passed=$((passed + 1)); fi
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]

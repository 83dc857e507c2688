#!/bin/sh
# usage: sh tests/run-man.sh path/to/xii
#
# The man pages stay true to the program:
#   - man/xii.1 and man/xii-log.5 pass `mandoc -T lint` without a warning;
#   - every command `xii --help` lists has a subsection ".Ss xii COMMAND" in man/xii.1, and every
#     such subsection is a command;
#   - for every command, the options its --help prints are exactly the options (.Fl macros) of
#     its subsection plus those of the subsections it names with .Sx ("Options of every
#     command", "Rendering options"): an option added to --help must be documented, and a
#     documented option must exist;
#   - every option of `xii --help` appears in man/xii.1;
#   - the example game of man/xii-log.5 (its EXAMPLES section) audits without a finding.
# Prints one line per failure, then "N passed, M failed"; exits 1 on failure.
if [ $# -ne 1 ]; then
  echo "usage: sh tests/run-man.sh path/to/xii" >&2
  exit 2
fi
xii=$1
case $xii in /*) ;; *) xii=$(pwd)/$xii ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
page=man/xii.1

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }

# help_options: the options a help text on stdin names, as src/cli/usage.c reads them: the
# words that start a line after at most 4 spaces, "--name" or a one-letter "-x", and those that
# follow them after ", " ("  -h, --help" names two).
help_options() {
  sed -n 's/^ \{0,4\}\(--*[A-Za-z][A-Za-z0-9-]*\(, --*[A-Za-z][A-Za-z0-9-]*\)*\).*/\1/p' |
    tr ',' '\n' | sed 's/^ *//' | grep -E '^(--[A-Za-z].*|-[A-Za-z])$' | sort -u
}

# man_options SUBSECTION: the options of the .Fl macros in that subsection of man/xii.1 and in
# the subsections it names with .Sx. After "Fl", every word up to the next macro name or
# delimiter is one flag ("Fl h , Fl -help" gives -h and --help).
man_options() {
  awk -v want="$1" '
    function flags(line,   n, w, i, in_fl) {
      n = split(line, w, /[ \t]+/)
      in_fl = 0
      for (i = 1; i <= n; i++) {
        if (w[i] == "Fl") { in_fl = 1; continue }
        if (w[i] ~ /^[A-Z][a-z][a-z]?$/ || w[i] ~ /^[,.;:|()\[\]]$/ || w[i] == "") { in_fl = 0; continue }
        if (in_fl) print "-" w[i]
      }
    }
    /^\.S[hs] / { name = substr($0, 5); gsub(/"/, "", name); next }
    { lines[name] = lines[name] "\n" $0 }
    END {
      m = split(lines[want], own, "\n")
      for (i = 1; i <= m; i++) {
        if (own[i] !~ /^\./) continue
        flags(substr(own[i], 2))
        if (own[i] ~ /^\.Sx /) {
          ref = substr(own[i], 5); sub(/ [,.;:]$/, "", ref); gsub(/"/, "", ref)
          k = split(lines[ref], other, "\n")
          for (j = 1; j <= k; j++) if (other[j] ~ /^\./) flags(substr(other[j], 2))
        }
      }
    }' "$page" | sort -u
}

for f in man/xii.1 man/xii-log.5; do
  if out=$(mandoc -T lint -W warning "$f" 2>&1) && [ -z "$out" ]; then pass
  else fail "mandoc -T lint $f:"; printf '%s\n' "$out" | head -10 | sed 's/^/  /'; fi
done

commands=$("$xii" --help | sed -n '/^commands:/,/^$/s/^  \([a-z-][a-z-]*\) .*/\1/p')
documented=$(sed -n 's/^\.Ss "*xii \([a-z-]*\)"*$/\1/p' "$page")
for c in $documented; do
  case " $(echo $commands) " in *" $c "*) pass ;; *) fail "$page documents 'xii $c', which is no command" ;; esac
done
for c in $commands; do
  case " $(echo $documented) " in
    *" $c "*) ;;
    *) fail "$page has no subsection '.Ss xii $c'"; continue ;;
  esac
  "$xii" "$c" --help | help_options >"$tmp/help"
  man_options "xii $c" >"$tmp/man"
  if cmp -s "$tmp/help" "$tmp/man"; then pass; continue; fi
  missing=$(comm -23 "$tmp/help" "$tmp/man" | tr '\n' ' ')
  extra=$(comm -13 "$tmp/help" "$tmp/man" | tr '\n' ' ')
  [ -n "$missing" ] && fail "xii $c: --help prints options that $page does not document: $missing"
  [ -n "$extra" ] && fail "xii $c: $page documents options that --help does not print: $extra"
done

"$xii" --help | help_options >"$tmp/top"
for o in $(cat "$tmp/top"); do
  if grep -q -- "Fl $(printf '%s' "$o" | sed 's/^-//')\( \|$\)" "$page"; then pass
  else fail "xii --help prints $o, which $page does not document"; fi
done

awk '/^\.Sh EXAMPLES/ { e = 1 } e && /^\.Bd -literal/ { p = 1; next } p && /^\.Ed/ { exit } p' \
  man/xii-log.5 | sed 's/\\e/\\/g' >"$tmp/example.xii"
if [ ! -s "$tmp/example.xii" ]; then
  fail "man/xii-log.5 has no example game in EXAMPLES"
elif "$xii" audit "$tmp/example.xii" >"$tmp/report" 2>&1 && grep -q '^No errors, no mismatches' "$tmp/report"; then
  pass
else
  fail "the example game of man/xii-log.5 does not audit cleanly:"; head -5 "$tmp/report" | sed 's/^/  /'
fi

# \(pc is the middle dot, not a percent sign ("95\(pc" reads "95·").
if grep -n '\\(pc' man/xii.1 man/xii-log.5 >"$tmp/pc"; then
  fail "a middle dot \\(pc where a percent sign was meant: $(head -3 "$tmp/pc" | tr '\n' ' ')"
else
  pass
fi

# The aliases man/xii-log.5 gives as examples are words the move log accepts: each one is listed
# by xii rules with the id it stands for, none is refused.
"$xii" rules >"$tmp/rules" 2>&1
aliases=$(sed -n '/lists their aliases, such as/,/^A player name/s/^\.Ql \([a-z-]*\).*/\1/p' man/xii-log.5)
[ -n "$aliases" ] || fail "man/xii-log.5: no aliases found after 'lists their aliases, such as'"
for a in $aliases; do
  if sed -n '/^Other words the move log accepts/,/^$/p' "$tmp/rules" |
       grep -Eq "^  [a-z-]+ +([a-z-]+, )*$a(,|\$)"; then
    pass
  else
    fail "man/xii-log.5 gives '$a' as an alias, but xii rules does not list it as one (refused?)"
  fi
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]

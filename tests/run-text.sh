#!/bin/sh
# usage: sh tests/run-text.sh path/to/xii WORKDIR
#
# Text that is not text (issue 17, case 6): a name, town or title holding a control character,
# a C1 control (U+0080-U+009F) or a bidirectional override or isolate (U+202A-U+202E,
# U+2066-U+2069) is refused with exit status 2 naming the option, in every command that takes
# names; in a move log or game data it is an error naming the character; and nothing xii
# prints to a terminal holds such a character raw (escaped as \xHH or \uHHHH instead).
# Prints one line per failure, then "N passed, M failed"; exits 1 on any failure.
if [ $# -ne 2 ]; then
  echo "usage: sh tests/run-text.sh path/to/xii WORKDIR" >&2
  exit 2
fi
xii=$1 work=$2
case $xii in /*) ;; *) xii=$(pwd)/$xii ;; esac
case $work in /*) ;; *) work=$(pwd)/$work ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
rules=$root/templates/xii-century.rules
rm -rf "$work" && mkdir -p "$work" || exit 2
cd "$work" || exit 2
passed=0 failed=0
fail() { failed=$((failed + 1)); echo "FAILED: $*"; head -3 err | sed 's/^/  stderr: /'; }

# The hostile characters, as bytes: ESC, CSI (U+009B), NEL (U+0085), RLO (U+202E), LRI (U+2066).
esc=$(printf '\033') csi=$(printf '\302\233') nel=$(printf '\302\205')
rlo=$(printf '\342\200\256') lri=$(printf '\342\201\246')
# Fails when out or err holds one of them raw.
raw_free() {
  if LC_ALL=C grep -q "$esc\|$csi\|$nel\|$rlo\|$lri" out err; then
    fail "$1: a hostile character reached the terminal raw"
    return 1
  fi
  return 0
}
# expect STATUS TEXT LABEL -- command...
expect() {
  want=$1 text=$2 label=$3
  shift 4
  "$@" >out 2>err
  st=$?
  if [ "$st" != "$want" ]; then
    fail "$label: exit status $st, expected $want"
  elif ! grep -qF -e "$text" out err; then
    fail "$label: the output lacks '$text'"
  elif raw_free "$label"; then
    passed=$((passed + 1))
  fi
}

# ---- names given on the command line, in every command that takes them ----------------------
expect 2 "--names holds a control character U+001B at byte 7" "organiser ESC" -- \
  "$xii" organiser --names "Jack,T${esc}om" -o x.pdf
expect 2 "--names holds a C1 control character U+009B at byte 7" "setup CSI" -- \
  "$xii" setup --difficulty normal --seed 1 --names "Jack,T${csi}om" -o x.pdf
expect 2 "--names holds a bidirectional override U+202E at byte 6" "record-sheet RLO" -- \
  "$xii" record-sheet --names "Jack,${rlo}moT" -o x.pdf
expect 2 "--towns holds a C1 control character U+0085 at byte 2" "sheet NEL in a town" -- \
  "$xii" sheet --towns "E${nel}ly" -o x.pdf
expect 2 "--names holds a bidirectional isolate U+2066 at byte 2" "sheet LRI in a name" -- \
  "$xii" sheet --names "J${lri}ack" -o x.pdf
[ ! -e x.pdf ] && passed=$((passed + 1)) || fail "a refused name still wrote x.pdf"

# ---- arguments echoed in errors --------------------------------------------------------------
expect 2 "unknown command '\\u009B31m'" "unknown command" -- "$xii" "${csi}31m"
expect 2 "unknown option '--\\x1B[2J'" "unknown option" -- "$xii" sheet "--${esc}[2J"
expect 2 "unknown paper 'a\\u202E'" "unknown paper" -- "$xii" sheet --paper "a${rlo}"

# ---- move logs: names, towns, titles; and the log's lines as they are echoed -----------------
printf 'players Jack T%som\nround 1\n' "$csi" >csi-name.xii
expect 1 "a C1 control character U+009B: names, towns and titles are plain text" "log: CSI in a name" -- \
  "$xii" audit csi-name.xii
grep -qF 'players Jack T\u009Bom' out && passed=$((passed + 1)) || fail "log: the line is not shown escaped"
printf 'game "%sevil"\nplayers Jack Tom\n' "$rlo" >rlo-title.xii
expect 1 "a bidirectional override U+202E" "log: RLO in a title" -- "$xii" audit rlo-title.xii
printf 'players Jack Tom\ntown Tom "E%sly"\n' "$lri" >lri-town.xii
expect 1 "a bidirectional isolate U+2066" "log: LRI in a town" -- "$xii" audit lri-town.xii
# A comment may hold anything; a diagnostic on its line shows it escaped.
printf 'players Jack Tom\nbogus # %s[31m %s %s\n' "$esc" "$csi" "$rlo" >comment.xii
expect 1 '# \x1B[31m \u009B \u202E' "log: hostile characters in a comment, echoed" -- "$xii" audit comment.xii
# Bytes that are not UTF-8 and controls in the echoed line: escaped, the caret under them.
printf 'players Jack\nround 1 \377 \002\n' >bytes.xii
expect 1 'round 1 \xFF \x02' "log: bad bytes echoed" -- "$xii" audit bytes.xii
grep -qF '      |         ^~~~' out && passed=$((passed + 1)) || fail "log: the caret is not under the escaped byte"

# ---- game data -------------------------------------------------------------------------------
sed "s/\"POPULATION\"/\"POP${csi}ULATION\"/" "$rules" >csi.rules
expect 2 "a C1 control character U+009B in a string" "game data: CSI in a name" -- "$xii" rules --rules csi.rules
sed "s/\"POPULATION\"/\"${rlo}POPULATION\"/" "$rules" >rlo.rules
expect 2 "a bidirectional override U+202E in a string" "game data: RLO in a name" -- "$xii" sheet --rules rlo.rules -o x.pdf
sed "s/^asset bread /asset br${csi}ead /" "$rules" >csi-id.rules
expect 2 "a C1 control character U+009B in a word" "game data: CSI in an id" -- "$xii" rules --rules csi-id.rules

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]

#!/bin/bash
# usage: bash tests/run-completion.sh path/to/xii
#
# The bash completion (completion/xii.bash), sourced into bash and called the way bash calls
# it (COMP_WORDS, COMP_CWORD, then _xii; the answer is COMPREPLY): commands, `help COMMAND`,
# every command's options as its --help prints them, option values (papers, backends,
# difficulties, objectives, bots, games), `.xii` logs, folders for --png, the log's player names for
# --trace and --player (a Kingdom log's resources for --trace). The fixed value lists of the
# script are checked against the program: the difficulties and objectives of `xii rules
# --json` (and each objective accepted by a `solo` line), the papers and backends its help
# names, the bots of `xii simulate --help`, the games `xii sheet --game` draws, the Kingdom's
# --trace names (`xii audit --trace`'s refusal and help).
# Prints one line per failure, then "N passed, M failed"; exits 1 on failure.
if [ $# -ne 1 ]; then
  echo "usage: bash tests/run-completion.sh path/to/xii" >&2
  exit 2
fi
xii=$1
case $xii in /*) ;; *) xii=$(pwd)/$xii ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
# shellcheck source=../completion/xii.bash
source "$root/completion/xii.bash" || exit 2
complete -p xii >/dev/null || { echo "FAILED: the script does not register _xii for xii"; exit 1; }

# expect "WANTED" WORD...: completes the last word of `xii WORD...` and compares the sorted
# answers with WANTED (words separated by spaces).
expect() {
  local want=$1
  shift
  COMP_WORDS=("$xii" "$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _xii
  local got
  got=$(printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/ $//')
  want=$(printf '%s\n' $want | sort | tr '\n' ' ' | sed 's/ $//')
  if [ "$got" = "$want" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAILED: xii $*|: got '$got', expected '$want'"
  fi
}
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }

commands=$("$xii" --help | sed -n '/^commands:/,/^$/s/^  \([a-z-][a-z-]*\) .*/\1/p' | tr '\n' ' ')
expect "$commands help --help --version" ""
expect "audit" au
expect "setup summary sheet serve simulate" help s
expect "--game --help --ids --json --rules" rules --
expect "kingdom" rules --game k
expect "--json" audit --j
expect "--players --paper --png" sheet --grey --p
expect "a4 letter" sheet --paper ""
expect "letter" sheet --paper l
expect "letter" sheet --paper = l
expect "a4 letter" sheet --paper =
expect "letter" sheet --paper=l
expect "hard" setup --difficulty h
expect "cairo haru trace" summary --backend ""
expect "" sheet --seed ""
expect "" sheet --names J

# Every option --help prints is offered after "--" or "-".
for c in $commands; do
  opts=$("$xii" "$c" --help | sed -n 's/^ \{0,4\}\(--*[A-Za-z][A-Za-z0-9-]*\(, --*[A-Za-z][A-Za-z0-9-]*\)*\).*/\1/p' |
         tr ',' '\n' | sed 's/^ *//' | grep -E '^(--[A-Za-z].*|-[A-Za-z])$' | sort -u | tr '\n' ' ')
  expect "$opts" "$c" -
done

# Files: logs for audit (XII Century's and Kingdom's), .rules for --rules, folders for --png, anything for -o.
mkdir -p "$tmp/dir" && touch "$tmp/a.xii" "$tmp/b.pdf" "$tmp/c.rules" "$tmp/d.kingdom"
cd "$tmp" || exit 2
expect "a.xii d.kingdom dir" audit ""
expect "a.xii d.kingdom dir" audit --json ""
expect "a.xii dir" hint ""
expect "c.rules dir" audit --rules ""
expect "b.pdf dir" audit --pdf ""
expect "dir" sheet --png ""
expect "a.xii b.pdf c.rules d.kingdom dir" sheet -o ""
# Player names from the players line of the log on the command line.
printf 'xii 1\nplayers Jack Tom  # seat order\nround 1\n' > g.xii
expect "Jack Tom" audit g.xii --trace ""
expect "Tom" audit --json g.xii --trace=T
expect "Jack" hint g.xii --player J
expect "" sheet ""
# What --trace follows in a Kingdom log (known by its first line, whatever the file's name).
printf '# a realm\nkingdom 1\n' > k.kingdom && cp k.kingdom k2.xii
expect "$_xii_kingdom_traces" audit k.kingdom --trace ""
expect "farms food" audit --json k.kingdom --trace f
expect "graveyards" audit k2.xii --trace=g
expect "" hint k.kingdom --player ""
cd "$root" || exit 2

# The fixed lists against the program.
ids() { "$xii" rules --json | python3 -c "import json,sys; print(' '.join(x['id'] for x in json.load(sys.stdin)['$1']))"; }
[ "$(ids difficulties)" = "$_xii_difficulties" ] && passed=$((passed + 1)) ||
  fail "difficulties: the script has '$_xii_difficulties', xii rules --json '$(ids difficulties)'"
for o in $_xii_objectives; do
  printf 'xii 1\nplayers Jack\nsolo %s\n' "$o" >"$tmp/solo.xii"
  "$xii" audit "$tmp/solo.xii" >/dev/null 2>&1 && passed=$((passed + 1)) || fail "objective $o: a log with 'solo $o' does not audit"
done
for o in $(ids objectives); do
  case " $_xii_objectives " in *" $o "*) passed=$((passed + 1)) ;; *) fail "objective $o of xii rules --json: not in the script" ;; esac
done
"$xii" sheet --help | grep -q -- "--paper ${_xii_papers// /|} " && passed=$((passed + 1)) ||
  fail "papers: xii sheet --help has no '--paper ${_xii_papers// /|}'"
for b in $_xii_backends; do
  "$xii" sheet --help | grep -q -- "$b" && passed=$((passed + 1)) || fail "backend $b: not in xii sheet --help"
done
# What --trace follows in a Kingdom log: the program's own list (its refusal of an unknown
# one, and its help).
traces=$("$xii" audit "$root/docs/example.kingdom" --trace none 2>&1 >/dev/null |
         sed -n "s/.*--trace takes \(.*\), not 'none'.*/\1/p" | sed 's/, / /g; s/ or / /')
[ "$traces" = "$_xii_kingdom_traces" ] && passed=$((passed + 1)) ||
  fail "kingdom traces: the script has '$_xii_kingdom_traces', xii audit --trace '$traces'"
"$xii" audit --help | tr -s ' \n' ' ' | grep -qF "RESOURCE ($(echo $_xii_kingdom_traces | sed 's/ /, /g'))" &&
  passed=$((passed + 1)) || fail "kingdom traces: xii audit --help does not list '$_xii_kingdom_traces'"
# The games --game takes: each one the sheet draws, and completed.
for g in $_xii_games; do
  "$xii" sheet --game "$g" --backend trace -o - >/dev/null 2>&1 && passed=$((passed + 1)) ||
    fail "game $g: xii sheet --game $g fails"
done
expect "kingdom" sheet --game k
if "$xii" simulate --help >"$tmp/simulate" 2>/dev/null; then
  for b in $_xii_bots; do
    grep -qw -- "$b" "$tmp/simulate" && passed=$((passed + 1)) || fail "bot $b: not in xii simulate --help"
  done
  expect "search,greedy search,random search,search" simulate --bots search,
  expect "all" simulate --difficulty a
  grep -q -- "--difficulty D .*or all" "$tmp/simulate" && passed=$((passed + 1)) || fail "xii simulate --help no longer offers --difficulty all"
  expect "kingdom" simulate --game k
  for g in $_xii_games; do
    grep -qw -- "$g" "$tmp/simulate" && passed=$((passed + 1)) || fail "game $g: not in xii simulate --help"
  done
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]

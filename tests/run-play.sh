#!/bin/sh
# The recorder (xii play) end to end, through a real pseudo-terminal (tests/play/ptydrive.c)
# and through a pipe:
#   - a complete four-player game typed in short forms, with tab completions, then the check
#     lines of the final sheets after round 10, gives the source log line for line (it audits
#     with no diagnostic, to the same final state); the prompts show the round, the player and
#     the dice left, and at the end that check lines may follow;
#   - the same lines through a pipe give the same file;
#   - refused lines at the prompt are not written, and the game goes on (undo too);
#   - through a pipe the first refused line stops with the audit's message and status 1,
#     FILE keeping every line accepted before it;
#   - bad command lines and files: status 2 and a message, nothing created;
#   - killed with SIGKILL at random points (while typing a line, or just after Enter), then
#     continued (through the terminal or a pipe): the final file is the uninterrupted one.
# usage: run-play.sh XII PTYDRIVE WORKDIR
xii=$1 drive=$2 dir=$3
src=tests/play/game-4p.xii typed=tests/play/game-4p.typed
rm -rf "$dir" && mkdir -p "$dir" || exit 1
status=0
fail() { echo "FAILED: play: $*" >&2; status=1; }

# The report from its summary line on (the diagnostics before it name the file and its lines).
from_summary() { sed -n '/^\(No errors\|[0-9]* errors\?,\)/,$p' "$1"; }

# Statement lines of a file (not blank, not comments): the lines typed that were accepted.
statements() { grep -c '^[[:space:]]*[^#[:space:]]' "$1"; }

# The audit report of the source, for the final state.
"$xii" audit "$src" > "$dir/source.report" || fail "the source log does not audit cleanly"

# The terminal script: the same lines, some words left to tab completion.
tab=$(printf '\t')
sed -e "s/^\([1-6]\) population\$/\1 popu$tab/" -e "s/attract master-builder\$/attract master-b$tab/" \
    "$typed" > "$dir/typed.tty"
grep -q "$tab" "$dir/typed.tty" || fail "no completion in the terminal script"

# A pipe, with the filled sheets at the end.
"$xii" play --pdf "$dir/pipe.pdf" "$dir/pipe.xii" < "$typed" > "$dir/pipe.out" 2> "$dir/pipe.err" || fail "pipe: exit $?"
qpdf --check "$dir/pipe.pdf" > /dev/null 2>&1 || fail "--pdf wrote no valid PDF"
# What the rules did, line by line, then the audit's report.
from_summary "$dir/source.report" > "$dir/source.summary"
from_summary "$dir/pipe.out" | cmp -s - "$dir/source.summary" || fail "the report at the end is not the audit's"
grep -q '^  Jack: food [0-9]* -> [0-9]* (feeding at the end of the turn: [0-9]* food)$' "$dir/pipe.out" ||
  fail "a pipe is not told what feeding did"
grep -q '^  Round [0-9]*: the [a-z-]* strikes' "$dir/pipe.out" || fail "a pipe is not told which event strikes"
# The source without its opening comment is what the recorder writes, the final checks included.
sed 1,2d "$src" | cmp -s - "$dir/pipe.xii" || fail "the recorded file is not the source log line for line"
# A terminal.
"$drive" "$dir/typed.tty" "$xii" play "$dir/tty.xii" > "$dir/tty.out" 2>&1 || fail "terminal: exit $?"
cmp -s "$dir/tty.xii" "$dir/pipe.xii" || fail "the terminal and the pipe wrote different files"
"$xii" audit "$dir/tty.xii" > "$dir/tty.report" || fail "the recorded log has diagnostics"
grep -q '^No errors, no mismatches[.;]' "$dir/tty.report" || fail "the recorded log has diagnostics"
from_summary "$dir/tty.report" | cmp -s - "$dir/source.summary" || fail "the recorded game ends in another state than the source"
grep -q '^r1 Jack 5 3 5 4> ' "$dir/tty.out" || fail "no prompt with the round, the player and the dice"
grep -q 'population' "$dir/tty.xii" && ! grep -q "popu$tab" "$dir/tty.xii" || fail "completion"
grep -q '^Winner' "$dir/tty.out" || fail "no report at the end of the game"
grep -q '^The game is over after round 10. Type what each final sheet says' "$dir/tty.out" &&
  grep -q '^end checks> Jack population 9' "$dir/tty.out" || fail "the end prompt does not ask for the final checks"

# Refused lines at the prompt: each is refused, not written, and the game goes on; an undo
# takes a line back and it is typed again.
awk '
  NR == 10 { print "6 food" }                       # Jack rolled 5 3, shared 5 4: no 6
  NR == 11 { print "4 men-at-arms" }                # requires the blacksmith
  NR == 12 { print "5 population"; print "undo"; print prev }   # a second die on population;
                                                    # undo takes back line 11, typed again
  NR == 15 { print "turn Mary 1 1" }                # Tom plays next
  NR == 16 { print "5 popul\003" }                  # Ctrl-C drops the line being typed
  NR == 34 { print "war Jack avoid" }               # every player is listed
  NR == 35 { print "hint"; print "round" }          # Martha has a location bonus to choose
  NR == 36 { print "show Martha"; print "log 2"; print "hint"; print "help" }
  NR == n - 3 { print "round"; print "market 1 food" }   # the game is over: checks only
  NR == n - 1 { print "Tom score 99"; print "undo" }      # a wrong score, taken back
  { print; prev = $0 }' n="$(wc -l < "$typed")" "$dir/typed.tty" > "$dir/refused.tty"
"$drive" "$dir/refused.tty" "$xii" play "$dir/refused.xii" > "$dir/refused.out" 2>&1 || fail "refusals: exit $?"
cmp -s "$dir/refused.xii" "$dir/pipe.xii" || fail "refused lines changed the file"
n=$(grep -c 'refused' "$dir/refused.out")
[ "$n" -ge 8 ] || fail "expected 8 refusals at the prompt, saw $n"
for rule in die-unavailable requirement one-die-per-asset turn-order war collect round-order; do
  grep -q "\[rule: $rule\]" "$dir/refused.out" || fail "no refusal with rule $rule"
done
grep -q '^taken back:' "$dir/refused.out" || fail "undo said nothing"
grep -q '\^C (line dropped' "$dir/refused.out" || fail "Ctrl-C did not drop the line being typed"
grep -q "the game ended after round 10: only the check lines" "$dir/refused.out" &&
  grep -q "the game ended after round 10: this line comes too late" "$dir/refused.out" &&
  grep -q "mismatch: Tom's sheet says score 99, the rules give 41" "$dir/refused.out" ||
  fail "after round 10, a round or a market line is refused and a check is taken"
# show: the sheet as it stands, each asset with its MAX; log: the last lines; help.
grep -q '^  basic *population [0-9]*/[0-9]*, food' "$dir/refused.out" || fail "show printed no sheet with MAX"
grep -q '^collect Martha grassland supply' "$dir/refused.out" || fail "log did not print the last lines"
# hint: the advisor ranks Martha's choice; once the round is over, nothing is to be decided.
grep -q '^Martha, round 1: the bonus of the grassland' "$dir/refused.out" &&
  grep -q '^ *collect Martha grassland \(food\|supply\)' "$dir/refused.out" &&
  grep -q '^hint: no decision is due at the end of the log: it awaits the line "round 2"' "$dir/refused.out" ||
  fail "hint said nothing"
grep -q '^Commands: undo' "$dir/refused.out" || fail "help said nothing"

# The commands through a pipe: undo, then quit prints the report (status 0, a valid log).
{ head -n 12 "$typed"; echo "undo"; sed -n 12p "$typed"; echo "show Jack"; echo "quit"; } |
  "$xii" play "$dir/quit.xii" > "$dir/quit.out" 2> "$dir/quit.err" || fail "undo and quit through a pipe: exit $?"
head -n 12 "$typed" | "$xii" play "$dir/quit12.xii" > /dev/null 2>&1
cmp -s "$dir/quit.xii" "$dir/quit12.xii" || fail "undo through a pipe"
grep -q '^game not finished after round 1' "$dir/quit.out" || fail "quit through a pipe printed no report"
grep -q '^  basic *population [0-9]*/' "$dir/quit.out" || fail "show through a pipe"

# A comment typed alone is the table's note: written as it is.
printf 'Jack Tom\n  # Tom arrives late\n' | "$xii" play "$dir/note.xii" > /dev/null 2>&1 || fail "a comment line: exit $?"
printf 'players Jack Tom\n# Tom arrives late\n' | cmp -s - "$dir/note.xii" || fail "a comment line typed alone is not written"

# Through a pipe, the first refused line stops everything.
head -n 20 "$typed" > "$dir/stop.in"
echo "3 influence nowhere" >> "$dir/stop.in"
sed -n '21,$p' "$typed" >> "$dir/stop.in"
"$xii" play "$dir/stop.xii" < "$dir/stop.in" > "$dir/stop.out" 2> "$dir/stop.err"
[ $? -eq 1 ] || fail "a refused line through a pipe: expected status 1"
grep -q "stop.xii:[0-9]*:[0-9]*: error: .*\[rule: unknown-id\]" "$dir/stop.err" || fail "no audit message for the refused line"
head -n 20 "$typed" | "$xii" play "$dir/stop20.xii" > /dev/null 2>&1 || fail "20 lines through a pipe"
cmp -s "$dir/stop.xii" "$dir/stop20.xii" || fail "the file after a refused line is not the file of the lines before it"
grep -q '^[^ ][^>]*> ' "$dir/stop.out" && fail "no prompt may be printed through a pipe"
# Bytes that are not UTF-8 text are refused like any other line, and shown escaped.
{ head -n 20 "$typed"; printf '3 influence gr\377ssland\n'; } > "$dir/bytes.in"
"$xii" play "$dir/bytes.xii" < "$dir/bytes.in" > /dev/null 2> "$dir/bytes.err"
[ $? -eq 1 ] || fail "a line that is not text through a pipe: expected status 1"
grep -q 'bytes.xii:[0-9]*:[0-9]*: error: invalid UTF-8 byte 0xFF .*\[rule: encoding\]' "$dir/bytes.err" &&
  ! grep -q "$(printf '\377')" "$dir/bytes.err" || fail "no escaped encoding message for a line that is not text"
cmp -s "$dir/bytes.xii" "$dir/stop20.xii" || fail "a line that is not text changed the file"
# A finished game continued with no input prints the report.
"$xii" play "$dir/pipe.xii" < /dev/null > "$dir/again.out" 2>&1 || fail "a finished game continued: exit $?"
from_summary "$dir/again.out" | cmp -s - "$dir/source.summary" || fail "a finished game continued with no input: not the report"

# Bad input: a clear error, status 2, nothing created.
mkdir -p "$dir/folder"
printf 'players A B\nround 1\nshared 2 2\n' > "$dir/bad.xii"
for args in "$dir/folder" "$dir/no/such/folder/x.xii" "$dir/bad.xii" "--seed x $dir/new.xii" \
            "--sede 1 $dir/new.xii" "--pdf - $dir/new.xii" ""; do
  # shellcheck disable=SC2086
  "$xii" play $args < /dev/null > "$dir/bad.out" 2> "$dir/bad.err"
  st=$?
  [ $st -eq 2 ] || fail "xii play $args: expected status 2, got $st"
  [ -s "$dir/bad.err" ] || fail "xii play $args: no message"
done
[ -e "$dir/new.xii" ] && fail "a refused command line created its file"
"$xii" play "$dir/bad.xii" < /dev/null 2> "$dir/bad.err"
grep -q 'bad.xii:3:10: error: .*\[rule: dice\]' "$dir/bad.err" || fail "a FILE with errors: no audit message"

# The events prompt gives examples that fit the difficulty (easy: two event rounds, 9 and 10),
# and the help names the man page of the log, not a file of the source tree.
printf 'players Jack Tom\ndifficulty easy\n' > "$dir/easy.xii"
printf 'help\nquit\n' > "$dir/easy.tty"
"$drive" "$dir/easy.tty" "$xii" play "$dir/easy.xii" > "$dir/easy.out" 2>&1
grep -q '^The events of rounds 9-10: .*(e\.g\. 3 5), seed N, or the events chosen (e\.g\. 9 fire, 10 plague).$' \
  "$dir/easy.out" || fail "the events prompt's examples do not fit the difficulty"
grep -q "statements (man 5 xii-log)" "$dir/easy.out" || fail "the help does not name xii-log(5)"

# Killed at random points, then continued.
total=$(wc -l < "$typed")
k=0
for at in $(awk -v n="$total" 'BEGIN { srand(2026); for (i = 0; i < 8; i++) print int(rand() * (n - 1)) }'); do
  k=$((k + 1))
  f="$dir/kill$k.xii"
  if [ $((k % 2)) -eq 0 ]; then how=-k; else how=-K; fi
  "$drive" $how "$at" "$dir/typed.tty" "$xii" play "$f" > "$dir/kill$k.out" 2>&1
  [ $? -eq 137 ] || fail "kill $k (line $at): the recorder was not killed"
  done_lines=$(statements "$f")
  [ "$done_lines" -ge "$at" ] && [ "$done_lines" -le $((at + 1)) ] ||
    fail "kill $k: $done_lines lines in the file after $at typed"
  if [ $((k % 3)) -eq 0 ]; then
    sed -n "$((done_lines + 1)),\$p" "$typed" | "$xii" play "$f" > /dev/null 2>&1 || fail "kill $k: continuing through a pipe"
  else
    sed -n "$((done_lines + 1)),\$p" "$dir/typed.tty" > "$dir/rest$k.tty"
    "$drive" "$dir/rest$k.tty" "$xii" play "$f" > "$dir/rest$k.out" 2>&1 || fail "kill $k: continuing at the terminal"
    grep -q "^Continuing .*: $done_lines statements" "$dir/rest$k.out" || fail "kill $k: no word about where the game stands"
  fi
  cmp -s "$f" "$dir/pipe.xii" || fail "kill $k at line $at: the final file differs from the uninterrupted one"
done

[ $status -eq 0 ] && echo "play: terminal, pipe, refusals, undo, bad input, $k kills: all passed"
exit $status

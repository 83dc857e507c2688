#!/bin/sh
# The recorder (xii play) on a kingdom game, through a real pseudo-terminal (tests/play/ptydrive.c)
# and through a pipe, over the shared recorder (record/gsession.h):
#   - docs/example.kingdom's game typed in full through a pipe gives its lines as the game's
#     writer writes them, then the result and the final check line; it audits clean, and the
#     report at the end is the audit's;
#   - the same game in short forms ("3 5", "farm C4", "next"), through a pipe and at a
#     terminal, gives the same file; the terminal shows the prompts, the narration (old -> new
#     with causes) and a waste warning;
#   - xii play FILE continues a kingdom file without --game (its first line says the game);
#   - refusals: at the terminal not written and the game goes on (undo too); through a pipe
#     the first one stops with the audit's words and status 1; a file with errors, a --game
#     that is not the file's, --seed: status 2;
#   - hint: the answer of xii hint on the file so far (exact in the last year, estimated in year
#     19), at a terminal too, with xii hint's progress bar there (none through a pipe); where
#     the dice decide it says what is awaited and the game goes on;
#   - killed with SIGKILL at random points, then continued: the final file is the uninterrupted one.
# usage: run-play-kingdom.sh XII PTYDRIVE WORKDIR
xii=$1 drive=$2 dir=$3
rm -rf "$dir" && mkdir -p "$dir" || exit 1
status=0
fail() { echo "FAILED: play-kingdom: $*" >&2; status=1; }

# The game's lines as typed: the example from its names line to its result.
sed -n '/^names /,/^result /p' docs/example.kingdom > "$dir/long.typed"
# Their short forms: the keyword left out where the prompt makes it clear, next for a year.
sed -e 's/^year [0-9]*$/next/' -e 's/^result win$/done/' -e 's/^\(range\|river\|setup\|fate\|six\|disaster\|capital\|build\|trade\|starve\) //' \
  "$dir/long.typed" > "$dir/short.typed"
grep -q '^next$' "$dir/short.typed" && grep -q '^[1-6] [1-6]$' "$dir/short.typed" || fail "no short forms in the script"

# Through a pipe, in full: the file is the log's lines, then the result and the final check.
"$xii" play --game kingdom "$dir/pipe.kingdom" < "$dir/long.typed" > "$dir/pipe.out" 2> "$dir/pipe.err" ||
  fail "pipe: exit $?: $(cat "$dir/pipe.err")"
{ echo "kingdom 1"; cat "$dir/long.typed"; } > "$dir/want"
sed '$d' "$dir/pipe.kingdom" | cmp -s - "$dir/want" || fail "the file is not the log's lines and its result"
tail -n 1 "$dir/pipe.kingdom" | grep -q '^check food [0-9]* ore [0-9]* work [0-9]*$' || fail "no final check line"
"$xii" audit "$dir/pipe.kingdom" > "$dir/audit.out" || fail "the recorded file does not audit clean"
grep -q '^Result: won in year 13' "$dir/audit.out" || fail "the recorded game is not won in year 13"
sed -n '/^No errors/,$p' "$dir/audit.out" > "$dir/audit.report"
sed -n '/^No errors/,$p' "$dir/pipe.out" | cmp -s - "$dir/audit.report" || fail "the report at the end is not the audit's"
grep -q '^  food [0-9]* -> [0-9]* (feeding)$' "$dir/pipe.out" || fail "a pipe is not told what feeding did"
grep -q '^  food [0-9]* -> [0-9]* (yields)$' "$dir/pipe.out" || fail "a pipe is not told what production did"
grep -q '^  The game is over: won in year 13\.$' "$dir/pipe.out" || fail "the end is not told"

# --pdf: the filled sheet at the end; --quiet: no narration.
"$xii" play --game kingdom --quiet --pdf "$dir/sheet.pdf" "$dir/pdf.kingdom" < "$dir/long.typed" > "$dir/pdf.out" 2>&1 ||
  fail "--pdf: exit $?"
qpdf --check "$dir/sheet.pdf" > /dev/null 2>&1 || fail "--pdf wrote no valid PDF"
grep -q ' -> ' "$dir/pdf.out" && fail "--quiet still tells what the rules did"
grep -q '^No errors, no mismatches\.$' "$dir/pdf.out" || fail "--quiet: no report at the end"

# Short forms through a pipe, then at a terminal: the same file.
"$xii" play --game kingdom "$dir/short.kingdom" < "$dir/short.typed" > "$dir/short.out" 2>&1 || fail "short forms: exit $?"
cmp -s "$dir/short.kingdom" "$dir/pipe.kingdom" || fail "short forms through a pipe: another file"
# Line 12 begins year 2: its fate dice "3 7" are refused (a die shows 1 to 6), undo takes the
# year line back, and it is typed again.
{ sed -n '1,12p' "$dir/short.typed"; echo "3 7"; echo "undo"; sed -n '12,$p' "$dir/short.typed"; echo "quit"; } > "$dir/tty.typed"
"$drive" "$dir/tty.typed" "$xii" play --game kingdom "$dir/tty.kingdom" > "$dir/tty.out" 2>&1 || fail "terminal: exit $?"
cmp -s "$dir/tty.kingdom" "$dir/pipe.kingdom" || fail "at the terminal: another file"
grep -q '^Recording a new Kingdom game in ' "$dir/tty.out" || fail "the terminal does not say a new game begins"
grep -q 'Roll the two dice and type them: 3 5' "$dir/tty.out" || fail "no prompt for the fate dice"
grep -q 'refused.*(not written):' "$dir/tty.out" && grep -q 'error: .*\[rule: dice\]' "$dir/tty.out" ||
  fail "a die of 7 at the terminal: not refused with its rule"
grep -q 'read as "fate 3 7"' "$dir/tty.out" || fail "a refused short form does not say how it was read"
grep -q '^taken back:' "$dir/tty.out" || fail "undo at the terminal says nothing"
grep -q '^No errors, no mismatches\.' "$dir/tty.out" || fail "no audit report at quit"

# Continued without --game: the file's first line says the game.
head -n 20 "$dir/long.typed" | "$xii" play --game kingdom "$dir/cont.kingdom" > /dev/null 2>&1 || fail "first half: exit $?"
sed -n '21,$p' "$dir/long.typed" | "$xii" play "$dir/cont.kingdom" > /dev/null 2>&1 || fail "continued: exit $?"
cmp -s "$dir/cont.kingdom" "$dir/pipe.kingdom" || fail "continued without --game: another file"

# A whole log piped into a new file: its opening is the recorder's, its lines the same.
"$xii" play --game kingdom "$dir/whole.kingdom" < docs/example.kingdom > /dev/null 2>&1 || fail "a whole log piped: exit $?"
{ sed -n 2p docs/example.kingdom; sed -n 1p docs/example.kingdom; sed -n '3,$p' docs/example.kingdom; } |
  cmp -s - "$(sed '$d' "$dir/whole.kingdom" > "$dir/whole.cut" && echo "$dir/whole.cut")" ||
  fail "a whole log piped into a new file: not its lines"

# A waste warning: the year's work left unspent while it could still buy something.
printf '%s\n' "$(sed -n '1,10p' "$dir/short.typed")" done > "$dir/waste.typed"
"$xii" play --game kingdom "$dir/waste.kingdom" < "$dir/waste.typed" > "$dir/waste.out" 2>&1 || fail "waste: exit $?"
grep -q '^warning: [0-9]* work is lost at the end of year 1, and it could still buy .*\[rule: trade\]$' "$dir/waste.out" ||
  fail "no warning for work lost: $(cat "$dir/waste.out")"

# A trade that closes the building step warns only when a building the kingdom could still feed is
# given up: after a farm, a mine would starve something (no warning); without the farm, the farm
# could be fed (a warning).
setup='2 5 G3 G4 H2 H3 H4
6 3 A1 B1 B2
G2 F3 E4 E3 E2 E1
farm F4
mine G4
village F5
next
3 6
3 5
food'
printf '%s\nfarm D4\n1 food\ndone\n' "$setup" |
  "$xii" play --game kingdom "$dir/fed.kingdom" > "$dir/fed.out" 2>&1 || fail "trade after a farm: exit $?"
grep -q '^warning' "$dir/fed.out" && fail "a warning for a trade where a building would starve: $(cat "$dir/fed.out")"
printf '%s\n1 food\ndone\n' "$setup" |
  "$xii" play --game kingdom "$dir/unfed.kingdom" > "$dir/unfed.out" 2>&1 || fail "trade before a farm: exit $?"
grep -q '^warning: after a trade nothing more is built in year 1, and a farm.* could still be built \[rule: trade\]$' "$dir/unfed.out" ||
  fail "no warning for a trade that gives up a farm it could feed: $(cat "$dir/unfed.out")"

# Through a pipe, the first refused line stops with the audit's words; the file keeps the rest.
{ sed -n '1,10p' "$dir/short.typed"; echo "farm H2"; echo "next"; } > "$dir/bad.typed"
"$xii" play --game kingdom "$dir/bad.kingdom" < "$dir/bad.typed" > "$dir/bad.out" 2> "$dir/bad.err"
[ $? -eq 1 ] || fail "a refused line through a pipe: not status 1"
grep -q "bad.kingdom:12:[0-9]*: error: .*\[rule: " "$dir/bad.err" || fail "the refusal does not say where and which rule: $(cat "$dir/bad.err")"
[ "$(wc -l < "$dir/bad.kingdom")" -eq 11 ] || fail "the file does not keep exactly the lines accepted"

# Bad files and options: status 2, nothing written.
{ cat "$dir/bad.kingdom"; echo "fate 3 9"; } > "$dir/errors.kingdom"
cp "$dir/errors.kingdom" "$dir/errors.copy"
echo next | "$xii" play "$dir/errors.kingdom" > /dev/null 2> "$dir/errors.err"
[ $? -eq 2 ] && grep -q 'errors.kingdom:12:1: error: .*\[rule: order\]' "$dir/errors.err" && grep -q 'has errors' "$dir/errors.err" ||
  fail "a file with errors: not refused with the audit's words"
cmp -s "$dir/errors.kingdom" "$dir/errors.copy" || fail "a file with errors was changed"
echo next | "$xii" play --game xii "$dir/pipe.kingdom" > /dev/null 2> "$dir/notxii.err"
[ $? -eq 2 ] && grep -q 'is a Kingdom game, not XII Century' "$dir/notxii.err" || fail "--game xii on a kingdom file"
"$xii" play --game kingdom --seed 3 "$dir/seed.kingdom" < /dev/null > /dev/null 2>&1
[ $? -eq 2 ] && [ ! -e "$dir/seed.kingdom" ] || fail "--seed with a kingdom game"
"$xii" play --game chess "$dir/chess" < /dev/null > /dev/null 2>&1
[ $? -eq 2 ] && [ ! -e "$dir/chess" ] || fail "an unknown game"

# hint: the same answer as xii hint on the file so far (the report before the audit's at quit).
for case in last-build race; do
  cp "tests/golden/hint/kingdom-$case.kingdom" "$dir/hint-$case.kingdom"
  printf 'hint\nquit\n' | "$xii" play "$dir/hint-$case.kingdom" > "$dir/hint-$case.out" 2>&1 || fail "hint ($case): exit $?"
  "$xii" hint "$dir/hint-$case.kingdom" > "$dir/hint-$case.want" 2>/dev/null || fail "xii hint ($case): exit $?"
  sed -n '/^Kingdom: /,/^No errors/p' "$dir/hint-$case.out" | sed '$d' | cmp -s - "$dir/hint-$case.want" ||
    fail "hint ($case) is not xii hint's answer: $(cat "$dir/hint-$case.out")"
done
grep -q '^Exact: ' "$dir/hint-last-build.want" && grep -q '^Estimated: ' "$dir/hint-race.want" ||
  fail "the hint cases are not one exact and one estimated"
printf 'hint\nquit\n' > "$dir/hint-tty.typed"
"$drive" "$dir/hint-tty.typed" "$xii" play "$dir/hint-last-build.kingdom" > "$dir/hint-tty.out" 2>&1 || fail "hint at a terminal: exit $?"
grep -q '^1\. build monument ' "$dir/hint-tty.out" || fail "hint at a terminal: no answer: $(cat "$dir/hint-tty.out")"
# While the rollouts run: xii hint's progress bar on a terminal (cli/progress.c), none through a pipe.
"$drive" "$dir/hint-tty.typed" "$xii" play "$dir/hint-race.kingdom" > "$dir/hint-race-tty.out" 2>&1 ||
  fail "hint (race) at a terminal: exit $?"
grep -q 'hint: rolling out \[[#.]*\] .* rollouts' "$dir/hint-race-tty.out" && grep -q '^1\. ' "$dir/hint-race-tty.out" ||
  fail "hint (race) at a terminal: no progress bar or no answer: $(cat "$dir/hint-race-tty.out")"
# Each redraw within one row of the driver's 80 columns (a wrapped row leaves a copy behind).
long=$(tr '\r' '\n' < "$dir/hint-race-tty.out" | sed 's/\x1b\[K.*//' | grep 'rolling out' | awk 'length > 79' | head -n 1)
[ -z "$long" ] || fail "hint (race) at a terminal: a progress row wider than the terminal: $long"
! grep -q 'rolling out' "$dir/hint-race.out" || fail "hint (race) through a pipe: a progress bar"
# Where the dice decide: it says what is awaited, and the game goes on.
{ sed -n '1,8p' "$dir/short.typed"; echo hint; sed -n '9,12p' "$dir/short.typed"; } > "$dir/hint-dice.typed"
"$xii" play --game kingdom "$dir/hint-dice.kingdom" < "$dir/hint-dice.typed" > "$dir/hint-dice.out" 2>&1 ||
  fail "hint where the dice decide: exit $?"
grep -q '^hint: nothing to decide: .*dice' "$dir/hint-dice.out" || fail "hint where the dice decide: $(cat "$dir/hint-dice.out")"
[ "$(wc -l < "$dir/hint-dice.kingdom")" -eq 13 ] || fail "hint where the dice decide: the game did not go on"

# Killed at random points, then continued: each typed line is one line of the file.
sed '$d' "$dir/short.typed" > "$dir/kill.typed"
total=$(wc -l < "$dir/kill.typed")
k=0
for at in $(awk -v n="$total" 'BEGIN { srand(2032); for (i = 0; i < 6; i++) print int(rand() * (n - 1)) }'); do
  k=$((k + 1))
  f="$dir/kill$k.kingdom"
  if [ $((k % 2)) -eq 0 ]; then how=-k; else how=-K; fi
  "$drive" $how "$at" "$dir/kill.typed" "$xii" play --game kingdom "$f" > "$dir/kill$k.out" 2>&1
  [ $? -eq 137 ] || fail "kill $k (line $at): the recorder was not killed"
  done_lines=$(($(wc -l < "$f") - 1))
  [ "$done_lines" -ge "$at" ] && [ "$done_lines" -le $((at + 1)) ] ||
    fail "kill $k: $done_lines lines in the file after $at typed"
  if [ $((k % 3)) -eq 0 ]; then
    sed -n "$((done_lines + 1)),\$p" "$dir/short.typed" | "$xii" play "$f" > /dev/null 2>&1 || fail "kill $k: continuing through a pipe"
  else
    sed -n "$((done_lines + 1)),\$p" "$dir/short.typed" > "$dir/rest$k.typed"
    "$drive" "$dir/rest$k.typed" "$xii" play "$f" > "$dir/rest$k.out" 2>&1 || fail "kill $k: continuing at the terminal"
    grep -q "^Continuing .* (Kingdom): [0-9]* decisions\." "$dir/rest$k.out" || fail "kill $k: no word about where the game stands"
  fi
  cmp -s "$f" "$dir/pipe.kingdom" || fail "kill $k at line $at: the final file differs from the uninterrupted one"
done

[ $status -eq 0 ] && echo "play-kingdom: pipe, short forms, terminal, refusals, undo, warnings, bad input, $k kills: all passed"
exit $status

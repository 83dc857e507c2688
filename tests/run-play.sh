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
# The end of a turn is told once, when it ends: a turn whose four dice are spent may still take a
# reserve die (docs/example.xii, round 1: Jack's reserve die after his fourth), and its feeding
# is told after that die, not before it and again after it.
"$xii" play "$dir/example.xii" < docs/example.xii > "$dir/example.out" 2>&1 || fail "example: exit $?"
n=$(grep -c '^  Jack: food 3 -> 0 (feeding at the end of the turn: 3 food)$' "$dir/example.out")
[ "$n" = 1 ] || fail "Jack's first feeding is told $n times through a pipe, not once"
# Every event round of the game is announced, each player's changes as old -> new with the cause.
for ev in 3:water-storm 4:plague 5:civil-war 6:civil-war 7:fire 8:water-storm 9:outlaws-attack 10:fire; do
  grep -q "^  Round ${ev%%:*}: the ${ev#*:} strikes" "$dir/pipe.out" || fail "round ${ev%%:*}'s event is not announced"
done
grep -q '^  Jack: population 8 -> 4 (the plague of round 4)$' "$dir/pipe.out" &&
  grep -q '^  Mary: men-at-arms 4 -> 0 (the outlaws-attack of round 9)$' "$dir/pipe.out" ||
  fail "an event's changes are not told player by player"
grep -q '^  It strikes once the bonus rolls are typed (the outlaws line)\.$' "$dir/pipe.out" ||
  fail "the outlaws' attack waiting for its rolls is not said"
# A die clipped by a MAX: a warning with a better use of the die.
grep -q 'warning: the [1-6] adds only [0-9]*: the MAX of [a-z-]* is [0-9]*; "[1-6] [a-z-]*" would add [1-6] (the rules allow it) \[rule: waste\]$' \
  "$dir/pipe.out" || fail "a die clipped by a MAX gets no warning naming its rule"
# A quoted name with escapes reads the same at the prompt as in a log: the turn's short form
# names the player, and a # inside the quotes is no comment.
printf 'players "Jo \\"Ace\\"" "B#n"\ndifficulty normal\nevents 7 outlaws-attack, 8 famine, 9 water-storm, 10 fire\nround\n3 4\n"Jo \\"Ace\\"" 3 1 # first\n' |
  "$xii" play "$dir/quoted.xii" > "$dir/quoted.out" 2>&1 || fail "quoted names: exit $?"
grep -qx ' *turn "Jo \\"Ace\\"" 3 1  *# first' "$dir/quoted.xii" && grep -q '"B#n"' "$dir/quoted.xii" ||
  fail "a quoted name with escapes is not read as at the prompt as in a log: $(cat "$dir/quoted.out")"
# A famine round: the farms' production it stops is said player by player (food unchanged).
"$xii" play "$dir/famine.xii" < tests/golden/audit/trace-famine.xii > "$dir/famine.out" 2>&1 || fail "famine: exit $?"
grep -q '^  Tom: food stays 10 (the famine of round 9: the farms produce no food at its end)$' "$dir/famine.out" ||
  fail "the farms' production a famine stops is not said"
# --quiet: the warnings stay, what the rules did by themselves goes.
"$xii" play --quiet "$dir/quiet.xii" < "$typed" > "$dir/quiet.out" 2>&1 || fail "--quiet: exit $?"
grep -q '(feeding at the end of the turn' "$dir/quiet.out" && fail "--quiet still tells feeding"
grep -q 'warning: the [1-6] adds only' "$dir/quiet.out" || fail "--quiet hides the warnings"
# A check line that differs: written, explained, and undo named.
{ head -n 12 "$typed"; echo "check Jack food 9"; } | "$xii" play "$dir/mism.xii" > "$dir/mism.out" 2> "$dir/mism.err"
grep -q "mismatch: Jack's sheet says food 9, the rules give" "$dir/mism.err" &&
  grep -q '^    line [0-9]*, round 1: food [0-9]* -> [0-9]*, ' "$dir/mism.err" &&
  grep -q 'type undo to take it back' "$dir/mism.err" || fail "a mismatch is not explained where it is typed"
grep -q '^check Jack food 9$' "$dir/mism.xii" || fail "a check line that differs is not written"
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

# ---- The game file is never lost nor corrupted ------------------------------------------------
# A recorder in the background reads a FIFO held open on descriptor 3: lines are fed one at a
# time (echo ... >&3) while someone else acts on its file; bg_end closes its input.
bg_start() {
  rm -f "$dir/bg.in" && mkfifo "$dir/bg.in" || exit 1
  "$xii" play "$1" < "$dir/bg.in" > "$dir/bg.out" 2> "$dir/bg.err" &
  bg=$!
  exec 3> "$dir/bg.in"
}
bg_end() { exec 3>&-; wait $bg; bg_status=$?; }
# Waits (10 s at most) until FILE holds a line matching RE, or the recorder has ended.
wait_line() {
  i=0
  while ! grep -q "$2" "$1" 2>/dev/null && kill -0 $bg 2>/dev/null && [ $i -lt 100 ]; do
    sleep 0.1; i=$((i + 1))
  done
}
# Two recorders on one file: the second is refused, naming the file, and writes nothing; the
# first keeps its lock through an undo (the file is cut back in place, not replaced).
bg_start "$dir/two.xii"
echo "Jack Tom" >&3; wait_line "$dir/two.xii" '^players Jack Tom$'
printf 'Ann Bob\n' | "$xii" play "$dir/two.xii" > /dev/null 2> "$dir/two.err"
[ $? -eq 3 ] || fail "a second recorder on the same file: expected status 3"
grep -q "two.xii is being recorded by xii play (process [0-9]* holds" "$dir/two.err" || fail "a second recorder: no message naming the file"
echo "normal" >&3; echo "undo" >&3; echo "hard" >&3; wait_line "$dir/two.xii" '^difficulty hard$'
printf 'Ann Bob\n' | "$xii" play "$dir/two.xii" > /dev/null 2>&1
[ $? -eq 3 ] || fail "a second recorder after the first one's undo: expected status 3 (the lock is kept)"
bg_end
[ $bg_status -eq 0 ] || fail "two recorders: the first ended with status $bg_status"
printf 'players Jack Tom\ndifficulty hard\n' | cmp -s - "$dir/two.xii" || fail "two recorders: the file is not the first one's"
# Lines appended by someone else: the next line is refused, the file keeps them.
bg_start "$dir/other.xii"
echo "Jack Tom" >&3; wait_line "$dir/other.xii" '^players'
printf '# a note without its newline' >> "$dir/other.xii"
echo "normal" >&3; bg_end
[ $bg_status -eq 3 ] || fail "a file appended to by someone else: expected status 3, got $bg_status"
grep -q "cannot write .*other.xii: it was changed by someone else" "$dir/bg.err" || fail "a file appended to by someone else: no message"
printf 'players Jack Tom\n# a note without its newline' | cmp -s - "$dir/other.xii" || fail "a file appended to by someone else was written"
# An undo after someone else appended: refused, nothing taken back.
printf 'players Jack Tom\n' > "$dir/other.xii"
bg_start "$dir/other.xii"
echo "normal" >&3; wait_line "$dir/other.xii" '^difficulty'
echo "# theirs" >> "$dir/other.xii"
echo "undo" >&3; bg_end
[ $bg_status -eq 3 ] && grep -q "undo failed, nothing changed: .*changed by someone else" "$dir/bg.err" &&
  printf 'players Jack Tom\ndifficulty normal\n# theirs\n' | cmp -s - "$dir/other.xii" ||
  fail "an undo after someone else appended: not refused, or the file changed"
# Deleted, or replaced, by someone else: never recreated nor overwritten.
bg_start "$dir/gone.xii"
echo "Jack Tom" >&3; wait_line "$dir/gone.xii" '^players'
rm "$dir/gone.xii"
echo "normal" >&3; bg_end
[ $bg_status -eq 3 ] && grep -q "cannot write .*gone.xii: it was deleted or moved away" "$dir/bg.err" ||
  fail "a file deleted by someone else: expected status 3 and a message"
[ -e "$dir/gone.xii" ] && fail "a file deleted by someone else was recreated"
bg_start "$dir/moved.xii"
echo "Jack Tom" >&3; wait_line "$dir/moved.xii" '^players'
printf 'players Ann Bob\n' > "$dir/moved.new" && mv "$dir/moved.new" "$dir/moved.xii"
echo "undo" >&3; bg_end
[ $bg_status -eq 3 ] && grep -q "cannot cut back .*moved.xii: it was replaced by another file" "$dir/bg.err" &&
  printf 'players Ann Bob\n' | cmp -s - "$dir/moved.xii" || fail "a file replaced by someone else: undo was not refused"

# A failed append leaves no part of a line, and the recorder goes on once there is room. A
# file size limit (ulimit -f, in blocks of 512 or 1024 bytes) cuts a write in the middle.
notes() { i=0; while [ $i -lt "$1" ]; do i=$((i + 1)); echo "# note $i: a line long enough to fill a small file ${2:-soon}"; done; }
{ printf 'Jack Tom\nnormal\n'; notes 40; } > "$dir/full.in"
(ulimit -f 2 && exec "$xii" play "$dir/limit.xii" < "$dir/full.in" > /dev/null 2> "$dir/limit.err")
[ $? -eq 3 ] || fail "a file size limit: expected status 3"
grep -q "cannot write .*limit.xii: File too large; the line was not written" "$dir/limit.err" || fail "a file size limit: no message"
[ "$(tail -c 1 "$dir/limit.xii" | od -An -c | tr -d ' ')" = '\n' ] || fail "a file size limit left part of a line"
n=$(wc -l < "$dir/limit.xii")
sed -n "$((n + 1)),\$p" "$dir/full.in" | "$xii" play "$dir/limit.xii" > /dev/null 2>&1 || fail "after a file size limit: the recorder does not go on"
{ printf 'players Jack Tom\ndifficulty normal\n'; notes 40; } | cmp -s - "$dir/limit.xii" || fail "after a file size limit: not the whole game"
# At the terminal the line is refused and the recorder goes on.
{ printf 'Jack Tom\nnormal\n'; notes 40; echo "log 1"; } > "$dir/full.tty"
"$drive" "$dir/full.tty" /bin/sh -c 'ulimit -f 2 && exec "$1" play "$2"' sh "$xii" "$dir/limittty.xii" > "$dir/limittty.out" 2>&1
grep -q "the line was not written" "$dir/limittty.out" && grep -q '^# note [0-9]*: a line long enough' "$dir/limittty.out" &&
  [ "$(tail -c 1 "$dir/limittty.xii" | od -An -c | tr -d ' ')" = '\n' ] ||
  fail "a file size limit at the terminal: the recorder did not go on, or left part of a line"
# A full file system (as root: a small tmpfs).
if [ "$(id -u)" = 0 ] && mkdir -p "$dir/small" && mount -t tmpfs -o size=12k tmpfs "$dir/small" 2>/dev/null; then
  head -c 4000 /dev/zero > "$dir/small/ballast"
  # (the lines' length puts a line across the end of the second 4 kB page)
  { printf 'Jack Tom\nnormal\n'; notes 300 "quite soon"; } > "$dir/small.in"
  "$xii" play "$dir/small/g.xii" < "$dir/small.in" > /dev/null 2> "$dir/small.err"
  st=$?
  [ $st -eq 3 ] && grep -q "No space left on device; the line was not written" "$dir/small.err" ||
    fail "a full file system: expected status 3 and a message, got $st"
  [ "$(tail -c 1 "$dir/small/g.xii" | od -An -c | tr -d ' ')" = '\n' ] || fail "a full file system left part of a line"
  rm "$dir/small/ballast"
  n=$(wc -l < "$dir/small/g.xii")
  sed -n "$((n + 1)),$((n + 40))p" "$dir/small.in" | "$xii" play "$dir/small/g.xii" > /dev/null 2>&1 ||
    fail "a full file system: the recorder does not go on once there is room"
  umount "$dir/small"
else
  echo "play: SKIPPED the full file system check (needs root and mount -t tmpfs)"
fi
# The file never grows past what xii reads back (32 MB).
{ printf 'players Jack Tom\n# '; head -c $((32 * 1024 * 1024 - 40)) /dev/zero | tr '\0' 'x'; echo; } > "$dir/big.xii"
cp "$dir/big.xii" "$dir/big.orig"
printf '# one note too many, past the limit\n' | "$xii" play "$dir/big.xii" > /dev/null 2> "$dir/big.err"
[ $? -eq 3 ] && grep -q "it would grow past 32 MB, the most xii reads back" "$dir/big.err" &&
  cmp -s "$dir/big.xii" "$dir/big.orig" || fail "a file at the size limit: a line was written past it"
rm -f "$dir/big.xii" "$dir/big.orig"

# Comments are checked like any statement: control characters and bytes that are not UTF-8
# are refused, nothing written (the file stays readable).
printf 'Jack Tom\nnormal\nseed 1\n# note \033]0;t\007\nround\n' | "$xii" play "$dir/esc.xii" > /dev/null 2> "$dir/esc.err"
[ $? -eq 1 ] && grep -q 'esc.xii:4:8: error: unexpected control character 0x1B .*\[rule: encoding\]' "$dir/esc.err" ||
  fail "a comment with escape bytes: not refused"
grep -q 'note' "$dir/esc.xii" && fail "a comment with escape bytes was written"
"$xii" audit "$dir/esc.xii" > /dev/null 2>&1; [ $? -le 1 ] || fail "a comment with escape bytes made the file unreadable"
printf 'Jack Tom\n# caf\351\n' | "$xii" play "$dir/latin.xii" > /dev/null 2> "$dir/latin.err"
[ $? -eq 1 ] && grep -q 'latin.xii:2:6: error: invalid UTF-8 byte 0xE9 .*\[rule: encoding\]' "$dir/latin.err" &&
  printf 'players Jack Tom\n' | cmp -s - "$dir/latin.xii" || fail "a latin-1 comment: not refused, or written"
# NUL and a lone CR in a pipe: refused with the line named (CR LF is a line end).
printf 'Jack\0 Tom\n' | "$xii" play "$dir/nul.xii" > /dev/null 2> "$dir/nul.err"
[ $? -eq 1 ] && grep -q 'line 1 of the input holds a NUL byte at byte 5: refused' "$dir/nul.err" && [ ! -s "$dir/nul.xii" ] ||
  fail "a NUL byte in a pipe: not refused, or written"
printf 'Jack Tom\r\nnormal\rhard\n' | "$xii" play "$dir/cr.xii" > /dev/null 2> "$dir/cr.err"
[ $? -eq 1 ] && grep -q 'line 2 of the input holds a carriage return (CR) at byte 7: refused' "$dir/cr.err" &&
  printf 'players Jack Tom\n' | cmp -s - "$dir/cr.xii" || fail "a lone CR in a pipe: not refused, or written"
# An endless line: refused at once with a message (not read to its end).
timeout 20 sh -c '"$1" play "$2" < /dev/zero' sh "$xii" "$dir/zero.xii" > /dev/null 2> "$dir/zero.err"
[ $? -eq 1 ] && grep -q 'line 1 of the input is longer than 4096 bytes: refused' "$dir/zero.err" && [ ! -s "$dir/zero.xii" ] ||
  fail "an endless line: not refused at once"
# Only a regular file: a FIFO is refused at once (it would wait for a writer).
mkfifo "$dir/fifo.xii"
timeout 20 "$xii" play "$dir/fifo.xii" < /dev/null > /dev/null 2> "$dir/fifo.err"
[ $? -eq 2 ] && grep -q 'fifo.xii is a FIFO (named pipe): a game is recorded in a regular file' "$dir/fifo.err" ||
  fail "a FIFO as the game file: not refused at once"
# --pdf naming the game file (by another name too) is refused before anything is read.
for pdf in "$dir/same.xii" "$dir/./same.xii"; do
  "$xii" play --pdf "$pdf" "$dir/same.xii" < "$typed" > /dev/null 2> "$dir/same.err"
  [ $? -eq 2 ] && grep -q 'would be the game file (the same file): nothing was read or written' "$dir/same.err" &&
    [ ! -e "$dir/same.xii" ] || fail "--pdf $pdf: the game file is not refused at once"
done
printf 'players Jack Tom\n' > "$dir/same.xii" && ln "$dir/same.xii" "$dir/link.pdf"
"$xii" play --pdf "$dir/link.pdf" "$dir/same.xii" < /dev/null > /dev/null 2>&1
[ $? -eq 2 ] || fail "--pdf a hard link of the game file: not refused"

# The terminal reads UTF-8 (even in the C locale), and refuses a comment that is not text
# (an escape typed after Ctrl-V, which makes the line editor insert it as it is).
printf 'Jos\303\251 Tom\n# caf\303\251\n# red \026\033[31m\nnormal\n' > "$dir/utf8.tty"
LC_ALL=C "$drive" "$dir/utf8.tty" "$xii" play "$dir/utf8.xii" > "$dir/utf8.out" 2>&1
printf 'players Jos\303\251 Tom\n# caf\303\251\ndifficulty normal\n' | cmp -s - "$dir/utf8.xii" ||
  fail "UTF-8 names at the terminal are not recorded as typed"
grep -A 1 'refused.*(not written):' "$dir/utf8.out" | grep -q 'error: unexpected control character 0x1B .*\[rule: encoding\]' ||
  fail "a comment with an escape at the terminal: not refused"
grep -q 'red' "$dir/utf8.xii" && fail "a comment with an escape at the terminal was written"
# Ctrl-Z, then fg: the prompt is drawn again and the recorder goes on.
printf 'Jack Tom\n\032\nnormal\n' > "$dir/stop.tty"
"$drive" -j "$dir/stop.tty" "$xii" play "$dir/stopped.xii" > "$dir/stopped.out" 2>&1
grep -q '^\[stopped\]' "$dir/stopped.out" || fail "Ctrl-Z did not stop the recorder"
sed -n '/^\[stopped\]/,$p' "$dir/stopped.out" | grep -q '^difficulty> normal' &&
  printf 'players Jack Tom\ndifficulty normal\n' | cmp -s - "$dir/stopped.xii" || fail "after Ctrl-Z and fg: no prompt, or the line was lost"

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

# A note is plain text: a C1 control or a bidirectional override is refused; `log` shows a
# hand-written file's lines as it is safe to show on a terminal.
printf 'players Jack Tom\n# a \302\233 and \342\200\256\n' > "$dir/c1.xii"
printf 'log\n' | "$xii" play "$dir/c1.xii" > "$dir/c1.out" 2>&1
grep -q '^# a \\u009B and \\u202E$' "$dir/c1.out" || fail "log: C1 and bidi characters not escaped"
grep -q "$(printf '\302\233')" "$dir/c1.out" && fail "log: a C1 control written raw to the terminal"
printf '# more \342\200\256\n' | "$xii" play "$dir/c1.xii" > "$dir/c1b.out" 2>&1
[ $? -eq 1 ] && grep -q "bidirectional override U+202E" "$dir/c1b.out" || fail "a note with a bidi override: not refused"

[ $status -eq 0 ] && echo "play: terminal, pipe, refusals, undo, bad input, $k kills: all passed"
exit $status

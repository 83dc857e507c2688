#!/bin/sh
# usage: sh tools/make-sheets.sh path/to/xii OUTDIR
# Writes everything a table prints, A4, into OUTDIR: the blank town-sheets in colour and in
# greyscale, the rules summary, the dice organiser, a setup sheet for a normal game, the game
# record to fill in at the table, the example game (docs/example.xii) audited and drawn as
# filled town-sheets, and the kingdom's one-page sheet (the second game).
if [ $# -ne 2 ]; then
  echo "usage: sh tools/make-sheets.sh path/to/xii OUTDIR" >&2
  exit 2
fi
xii=$1 out=$2
mkdir -p "$out" || exit 3
run() {
  "$@" 2>/dev/null >/dev/null || { status=$?; echo "make-sheets: failed: $*" >&2; exit $status; }
}
run "$xii" sheet --paper a4 -o "$out/town-sheet.pdf"
run "$xii" sheet --paper a4 --grey -o "$out/town-sheet-grey.pdf"
run "$xii" summary --paper a4 -o "$out/summary.pdf"
run "$xii" organiser --paper a4 -o "$out/organiser.pdf"
run "$xii" setup --difficulty normal --seed 12 --paper a4 -o "$out/setup-normal.pdf"
run "$xii" record-sheet --paper a4 -o "$out/record-sheet.pdf"
# The example game is a clean log: the audit exits 0 and draws its filled sheets.
run "$xii" audit docs/example.xii --pdf "$out/example-game.pdf"
run "$xii" sheet --game kingdom --paper a4 -o "$out/kingdom-sheet.pdf"
echo "wrote into $out/: town-sheet.pdf town-sheet-grey.pdf summary.pdf organiser.pdf setup-normal.pdf record-sheet.pdf example-game.pdf kingdom-sheet.pdf"

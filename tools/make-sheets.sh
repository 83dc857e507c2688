#!/bin/sh
# usage: sh tools/make-sheets.sh path/to/xii OUTDIR
# Writes the printable blank town-sheets: OUTDIR/town-sheet.pdf (colour, A4) and
# OUTDIR/town-sheet-grey.pdf (greyscale, A4).
if [ $# -ne 2 ]; then
  echo "usage: sh tools/make-sheets.sh path/to/xii OUTDIR" >&2
  exit 2
fi
xii=$1 out=$2
mkdir -p "$out" || exit 3
"$xii" sheet --paper a4 -o "$out/town-sheet.pdf" || exit $?
"$xii" sheet --paper a4 --grey -o "$out/town-sheet-grey.pdf" || exit $?
echo "wrote $out/town-sheet.pdf and $out/town-sheet-grey.pdf"

#!/bin/sh
# usage: sh tests/draw-pdf-check.sh [--grey] FILE.pdf...
# Checks each PDF: qpdf finds no damage, and every font pdffonts lists is embedded.
# With --grey also: no page content stream sets a colour other than grey (no rg/RG, k/K,
# sc/scn/SC/SCN operators after decompressing with qpdf). Prints one line per failure;
# exits 1 if any check failed, 2 on usage errors or missing tools.
grey=0
if [ "$1" = "--grey" ]; then grey=1; shift; fi
if [ $# -eq 0 ]; then
  echo "usage: sh tests/draw-pdf-check.sh [--grey] FILE.pdf..." >&2
  exit 2
fi
for tool in qpdf pdffonts; do
  command -v $tool >/dev/null 2>&1 || { echo "draw-pdf-check: $tool is not installed" >&2; exit 2; }
done
failed=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
for pdf in "$@"; do
  if ! qpdf --check "$pdf" >"$tmp/check" 2>&1; then
    echo "$pdf: qpdf --check failed:"; sed 's/^/  /' "$tmp/check"; failed=1
  fi
  # pdffonts: two header lines, then one row per font; column "emb" is the third from the end
  # of the fixed columns (type, encoding, emb, sub, uni, object ID).
  if ! pdffonts "$pdf" >"$tmp/fonts" 2>/dev/null; then
    echo "$pdf: pdffonts cannot read it"; failed=1
  else
    nfonts=$(tail -n +3 "$tmp/fonts" | wc -l)
    if [ "$nfonts" -eq 0 ]; then
      echo "$pdf: no fonts at all"; failed=1
    fi
    tail -n +3 "$tmp/fonts" | awk '{ if ($(NF-4) != "yes") { print FILENAME ": font not embedded: " $1; bad=1 } } END { exit bad }' FILENAME="$pdf" || failed=1
  fi
  if [ $grey -eq 1 ]; then
    qpdf --qdf --object-streams=disable "$pdf" "$tmp/qdf.pdf" 2>/dev/null
    if [ ! -s "$tmp/qdf.pdf" ]; then
      echo "$pdf: qpdf cannot decompress it"; failed=1
    # Operators are whole tokens, possibly several on one line: "0.2 0.4 0.6 rg /a0 gs".
    elif grep -a -o -E '(^| )((-?[0-9.]+ ){3}(rg|RG)|(-?[0-9.]+ ){4}(k|K)|(-?[0-9.]+ )+(sc|SC|scn|SCN))( |$)' \
         "$tmp/qdf.pdf" >"$tmp/colour"; then
      echo "$pdf: colour operators in a grey PDF:"; head -5 "$tmp/colour" | sed 's/^/  /'; failed=1
    fi
  fi
done
exit $failed

#!/bin/sh
# usage: sh tests/run-pdfcheck.sh path/to/xii WORKDIR
#
# Renders the town-sheet (and the kingdom's sheet, --game kingdom) for A4 and Letter, colour
# and grey, with both PDF backends, and
# checks every file: qpdf finds no damage; every font is embedded; pdftotext finds the name of
# every asset, person, infrastructure and location of the game data; every page has the exact
# paper size; two runs give the same bytes. Grey files: the cairo one renders with R = G = B in
# every pixel, the libharu one has no RGB colour operator. Then the command-line errors: exit
# status 2 for bad options, 3 for an unwritable output, and a failed run leaves an existing
# file untouched.
# Prints one line per failure and "N checks passed, M failed"; exits 1 on any failure.
if [ $# -ne 2 ]; then
  echo "usage: sh tests/run-pdfcheck.sh path/to/xii WORKDIR" >&2
  exit 2
fi
xii=$1 work=$2
for tool in qpdf pdffonts pdftotext pdfinfo pdftoppm od awk; do
  command -v $tool >/dev/null 2>&1 || { echo "run-pdfcheck: $tool is not installed" >&2; exit 2; }
done
root=$(cd "$(dirname "$0")/.." && pwd)
rules="$root/templates/xii-century.rules"
rm -rf "$work" && mkdir -p "$work" || exit 2
passed=0
failed=0

ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }

# The printed names of the game data, one per line (commented-out entries excluded).
sed -n 's/^\(asset\|person\|infrastructure\|special-person\|special-infrastructure\|location\) [^ ]* name "\([^"]*\)".*/\2/p' \
  "$rules" >"$work/names"
[ -s "$work/names" ] || fail "no names found in $rules"

# check_text PDF: every name appears in the extracted text (case and spacing ignored).
check_text() {
  pdftotext "$1" - 2>/dev/null | tr -s ' \n' '  ' | tr 'a-z' 'A-Z' >"$work/text"
  missing=""
  while IFS= read -r name; do
    up=$(printf '%s' "$name" | tr 'a-z' 'A-Z')
    grep -qF -- "$up" "$work/text" || missing="$missing '$name'"
  done <"$work/names"
  if [ -z "$missing" ]; then ok; else fail "$1: pdftotext does not find$missing"; fi
}

# check_size PDF W H: every page is W x H points.
check_size() {
  n=$(pdfinfo "$1" 2>/dev/null | awk '/^Pages:/ { print $2 }')
  bad=$(pdfinfo -f 1 -l "$n" "$1" 2>/dev/null | awk -v w="$2" -v h="$3" '
    /^Page +[0-9]+ size:/ { if ($4 != w || $6 != h) print $2 ": " $4 " x " $6 }')
  if [ -n "$n" ] && [ "$n" -gt 0 ] && [ -z "$bad" ]; then ok
  else fail "$1: page size is not $2 x $3 pt (${bad:-no pages})"; fi
}

# check_pdf PDF: qpdf finds no damage, every font is embedded.
check_pdf() {
  if qpdf --check "$1" >"$work/qpdf" 2>&1; then ok
  else fail "$1: qpdf --check: $(tail -n 2 "$work/qpdf" | tr '\n' ' ')"; fi
  if pdffonts "$1" >"$work/fonts" 2>/dev/null && [ "$(tail -n +3 "$work/fonts" | wc -l)" -gt 0 ] &&
     tail -n +3 "$work/fonts" | awk '$(NF-4) != "yes" { bad = 1 } END { exit bad }'; then ok
  else fail "$1: a font is not embedded (pdffonts)"; fi
}

# check_grey_pixels PDF: rendered at 40 dpi, every pixel has R = G = B.
check_grey_pixels() {
  pdftoppm -r 40 "$1" "$work/px" 2>/dev/null
  coloured=0
  for ppm in "$work"/px*.ppm; do
    [ -f "$ppm" ] || { coloured=-1; break; }
    # pdftoppm writes the header "P6\nW H\n255\n" (three lines), then the RGB bytes.
    skip=$(head -n 3 "$ppm" | wc -c)
    n=$(tail -c +$((skip + 1)) "$ppm" | od -An -v -tu1 | awk '
      { for (i = 1; i <= NF; i++) { v[k++ % 3] = $i; if (k % 3 == 0 && (v[0] != v[1] || v[1] != v[2])) bad++ } }
      END { print bad + 0 }')
    coloured=$((coloured + n))
    rm -f "$ppm"
  done
  if [ "$coloured" -eq 0 ]; then ok; else fail "$1: $coloured pixels are not grey"; fi
}

# check_no_rgb PDF: the uncompressed content sets no RGB or CMYK colour.
check_no_rgb() {
  qpdf --qdf --object-streams=disable "$1" "$work/qdf.pdf" 2>/dev/null
  if [ ! -s "$work/qdf.pdf" ]; then fail "$1: qpdf cannot decompress it"; return; fi
  if grep -a -q -E '(^| )((-?[0-9.]+ ){3}(rg|RG)|(-?[0-9.]+ ){4}(k|K))( |$)' "$work/qdf.pdf"; then
    fail "$1: RGB or CMYK colour operators in a grey PDF"
  else ok; fi
}

for paper in a4 letter; do
  if [ $paper = a4 ]; then w=595.28 h=841.89; else w=612 h=792; fi
  for mode in colour grey; do
    grey=""; [ $mode = grey ] && grey=--grey
    for backend in cairo haru; do
      pdf="$work/sheet-$paper-$mode-$backend.pdf"
      if ! "$xii" sheet --paper $paper $grey --backend $backend --names "Jack,Tom" \
           --towns "Oakham,Ely" --difficulty normal --seed 7 -o "$pdf" 2>"$work/err"; then
        fail "xii sheet --paper $paper $grey --backend $backend: $(head -n 1 "$work/err")"
        continue
      fi
      ok
      check_pdf "$pdf"
      check_text "$pdf"
      check_size "$pdf" $w $h
      "$xii" sheet --paper $paper $grey --backend $backend --names "Jack,Tom" \
        --towns "Oakham,Ely" --difficulty normal --seed 7 -o "$work/again.pdf" 2>/dev/null
      if cmp -s "$pdf" "$work/again.pdf"; then ok; else fail "$pdf: a second run gives other bytes"; fi
      if [ $mode = grey ]; then
        if [ $backend = cairo ]; then check_grey_pixels "$pdf"; else check_no_rgb "$pdf"; fi
      fi
    done
  done
done

# expect STATUS DESCRIPTION ARGS...: xii sheet ARGS exits with STATUS and says why on stderr.
expect() {
  want=$1 what=$2
  shift 2
  "$xii" sheet "$@" >"$work/out" 2>"$work/err"
  got=$?
  if [ $got -eq "$want" ] && [ -s "$work/err" ]; then ok
  else fail "$what: exit status $got (expected $want), stderr: $(head -n 1 "$work/err")"; fi
}
good="$work/sheet-a4-colour-cairo.pdf"
cp "$good" "$work/keep.pdf"
expect 2 "unknown paper" --paper a5 -o "$work/keep.pdf"
expect 2 "six names" --names "a,b,c,d,e,f" -o "$work/keep.pdf"
expect 2 "bad --events" --difficulty normal --events "7 fire, 8 dragons" -o "$work/keep.pdf"
expect 2 "an event on three rounds" --difficulty normal --events "7 fire, 8 fire, 9 fire, 10 plague" \
  -o "$work/keep.pdf"
expect 2 "--events without --difficulty" --events "7 fire" -o "$work/keep.pdf"
expect 2 "unknown difficulty" --difficulty impossible -o "$work/keep.pdf"
expect 2 "unknown option" --colour-me-pink
expect 3 "unwritable output" -o "$work/no/such/folder/sheet.pdf"
if cmp -s "$good" "$work/keep.pdf"; then ok; else fail "a failed run changed an existing file"; fi
if "$xii" sheet --help | grep -q -- '--paper'; then ok; else fail "xii sheet --help lists no --paper"; fi
# A very long name is fitted or cut, never an error.
long=$(printf 'Bartholomew-%.0s' 1 2 3 4 5 6 7 8 9 10)
if "$xii" sheet --names "$long" --towns "$long" -o "$work/long.pdf" 2>"$work/err"; then ok
else fail "a long name: $(head -n 1 "$work/err")"; fi

# ---- The kingdom's sheet: xii sheet --game kingdom --------------------------------------------
# One page for every paper, colour and backend: valid, fonts embedded, the right size, the same
# bytes twice, every hex's code and the sheet's words extractable; grey without colour.
for paper in a4 letter; do
  if [ $paper = a4 ]; then w=595.28 h=841.89; else w=612 h=792; fi
  for mode in colour grey; do
    grey=""; [ $mode = grey ] && grey=--grey
    for backend in cairo haru; do
      pdf="$work/kingdom-$paper-$mode-$backend.pdf"
      if ! "$xii" sheet --game kingdom --paper $paper $grey --backend $backend --names Ann \
           --realm Lowmarch --capital Eastwick -o "$pdf" 2>"$work/err"; then
        fail "xii sheet --game kingdom --paper $paper $grey --backend $backend: $(head -n 1 "$work/err")"
        continue
      fi
      ok
      check_pdf "$pdf"
      check_size "$pdf" $w $h
      n=$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
      if [ "$n" = 1 ]; then ok; else fail "$pdf: $n pages, not one"; fi
      pdftotext "$pdf" - 2>/dev/null | tr -s ' \n' '  ' >"$work/text"
      missing=""
      for word in Ledger Monument Buildings Fate Graveyards "Setup dice" Ruler Realm Capital Ann \
                  Lowmarch Eastwick "Hard times" "Big harvest" "Strike ore" Efficiency Disaster \
                  Produce Trade Feed "End of the year" A1 A5 B6 C7 D8 E1 E5 E9 F8 G7 H6 I1 I5; do
        grep -qiF -- "$word" "$work/text" || missing="$missing '$word'"
      done
      if [ -z "$missing" ]; then ok; else fail "$pdf: pdftotext does not find$missing"; fi
      "$xii" sheet --game kingdom --paper $paper $grey --backend $backend --names Ann \
        --realm Lowmarch --capital Eastwick -o "$work/again.pdf" 2>/dev/null
      if cmp -s "$pdf" "$work/again.pdf"; then ok; else fail "$pdf: a second run gives other bytes"; fi
      if [ $mode = grey ]; then
        if [ $backend = cairo ]; then check_grey_pixels "$pdf"; else check_no_rgb "$pdf"; fi
      fi
    done
  done
done
expect 2 "--towns with --game kingdom" --game kingdom --towns Ely -o "$work/keep.pdf"
expect 2 "--realm without --game kingdom" --realm Lowmarch -o "$work/keep.pdf"
expect 2 "an unknown game" --game chess -o "$work/keep.pdf"
if cmp -s "$good" "$work/keep.pdf"; then ok; else fail "a failed kingdom run changed an existing file"; fi
# Its numbers come from the game data: a farm costing 2 work and a third stage costing 9 ore
# change exactly those two numbers of the drawing's texts ("m" becomes "2m", "+ 12" becomes
# "+ 9"); a broken --rules file gives the loader's file:line:col and status 2, as for XII Century.
krules="$root/templates/kingdom.rules"
sed -e 's/^building farm cost work 1 /building farm cost work 2 /' \
    -e 's/^stage 3 cost work 8 food 8 ore 12 /stage 3 cost work 8 food 8 ore 9 /' \
    "$krules" >"$work/k-dear.rules"
texts() { sed -n 's/^text [^"]*"\(.*\)"$/\1/p' "$1" | LC_ALL=C sort; }
if "$xii" sheet --game kingdom --backend trace -o "$work/k-plain.trace" 2>"$work/err" &&
   "$xii" sheet --game kingdom --rules "$work/k-dear.rules" --backend trace \
     -o "$work/k-dear.trace" 2>"$work/err"; then
  texts "$work/k-plain.trace" >"$work/k-plain.texts"
  texts "$work/k-dear.trace" >"$work/k-dear.texts"
  changed=$(diff "$work/k-plain.texts" "$work/k-dear.texts" | grep '^[<>]' | LC_ALL=C sort | tr '\n' '|')
  [ "$changed" = "< + 12|< m|> + 9|> 2m|" ] && ok ||
    fail "--game kingdom --rules with dearer costs changed the texts: $changed"
else fail "--game kingdom --rules with dearer costs: $(head -n 1 "$work/err")"; fi
sed 's/^building farm cost work 1 /building farm cost wrok 1 /' "$krules" >"$work/k-bad.rules"
line=$(grep -n '^building farm' "$krules" | cut -d: -f1)
for game in kingdom xii; do
  "$xii" sheet --game $game --rules "$work/k-bad.rules" -o "$work/keep.pdf" >/dev/null 2>"$work/err"
  got=$?
  if [ $game = kingdom ]; then want="k-bad.rules:$line:20: error: expected a resource"
  else want="k-bad.rules:[0-9][0-9]*:[0-9][0-9]*: error: unknown statement"; fi
  [ $got -eq 2 ] && grep -q "$want" "$work/err" && ok ||
    fail "sheet --game $game with a broken --rules: status $got, stderr: $(head -n 1 "$work/err")"
done
if cmp -s "$good" "$work/keep.pdf"; then ok; else fail "a broken --rules changed an existing file"; fi
# Its PNG and SVG.
"$xii" sheet --game kingdom --png "$work/kpng" -o "$work/k.pdf" 2>/dev/null &&
  [ "$(head -c 8 "$work/kpng/page-01.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] &&
  [ ! -e "$work/kpng/page-02.png" ] && ok || fail "xii sheet --game kingdom --png: not one PNG page"
"$xii" sheet --game kingdom --svg -o "$work/k.svg" 2>/dev/null && grep -q '<svg' "$work/k.svg" &&
  ok || fail "xii sheet --game kingdom --svg: no SVG"

# ---- The printed aids: xii setup, xii summary, xii organiser --------------------------------
# Their checks (the same kinds, for every paper, colour and backend) live in
# tests/aids-pdfcheck.sh; they count here as one check.
if sh "$root/tests/aids-pdfcheck.sh" "$xii" "$work/aids" >"$work/aids.log" 2>&1; then ok
else fail "the printed aids (tests/aids-pdfcheck.sh):"; grep -v '^aids pdfcheck:' "$work/aids.log" | sed 's/^/  /'; fi

# ---- The simulation's plot: xii simulate --plot ---------------------------------------------
for mode in colour grey; do
  grey=""; [ $mode = grey ] && grey=--grey
  plot="$work/plot-$mode.pdf"
  if "$xii" simulate --games 40 --players 2 --seed 3 --plot "$plot" $grey >/dev/null 2>"$work/err"; then ok
  else fail "xii simulate --plot $grey: $(head -n 1 "$work/err")"; continue; fi
  check_pdf "$plot"
  check_size "$plot" 841.89 595.28
  pdftotext "$plot" - 2>/dev/null | tr -s ' \n' '  ' >"$work/text"
  missing=""
  for word in "Very easy" "Easy" "Normal" "Hard" "Very hard" "Forget about it" "good 70-90" \
              "good band (rulebook)" "median" "final score" "greedy bot, 2 players, 40 games per difficulty, seed 3"; do
    grep -qF -- "$word" "$work/text" || missing="$missing '$word'"
  done
  if [ -z "$missing" ]; then ok; else fail "$plot: pdftotext does not find$missing"; fi
  # Every mean printed with its 95 % interval, as the text report gives it.
  n=$(grep -oE 'mean [0-9]+\.[0-9] ± [0-9]+\.[0-9]' "$work/text" | wc -l)
  if [ "$n" -eq 6 ]; then ok; else fail "$plot: $n of the 6 means have their interval (mean M ± H)"; fi
  "$xii" simulate --games 40 --players 2 --seed 3 --plot "$work/again.pdf" $grey >/dev/null 2>&1
  if cmp -s "$plot" "$work/again.pdf"; then ok; else fail "$plot: a second run gives other bytes"; fi
  [ $mode = grey ] && check_grey_pixels "$plot"
done
"$xii" simulate --games 5 --difficulty normal --plot "$work/plot.svg" >/dev/null 2>"$work/err" &&
  grep -q '<svg' "$work/plot.svg" && ok || fail "xii simulate --plot x.svg: $(head -n 1 "$work/err")"
# A PNG plot: a PNG file, the page at 150 dpi (1754 x 1241 pixels).
"$xii" simulate --games 5 --difficulty normal --plot "$work/plot.png" >/dev/null 2>"$work/err" &&
  [ "$(head -c 8 "$work/plot.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] &&
  [ "$(od -An -tu1 -j 16 -N 8 "$work/plot.png" | awk '{ print $3 * 256 + $4 "x" $7 * 256 + $8 }')" = 1754x1241 ] &&
  ok || fail "xii simulate --plot x.png: not a 1754 x 1241 PNG $(head -n 1 "$work/err")"

echo "$passed checks passed, $failed failed"
[ $failed -eq 0 ]

#!/bin/sh
# usage: sh tests/aids-pdfcheck.sh path/to/xii OUTDIR
#
# PDF checks of the printed aids (xii setup, xii summary, xii organiser, xii record-sheet), for every
# combination of paper (A4, Letter), colour and grey, and backend (cairo, libharu):
#   - the command succeeds and writes exactly one page (PAGES pages when set) of the right size, and a second run
#     gives the same bytes;
#   - qpdf --check finds no damage and every font is embedded; grey PDFs set no colour
#     (tests/draw-pdf-check.sh);
#   - pdftotext finds the key words of the sheet;
#   - a run that fails leaves an existing output untouched and no temporary file behind.
# Prints one line per failure, then "N passed, M failed"; exits 1 on failure.
if [ $# -ne 2 ]; then
  echo "usage: sh tests/aids-pdfcheck.sh path/to/xii OUTDIR" >&2
  exit 2
fi
xii=$1 out=$2
for tool in qpdf pdffonts pdftotext pdfinfo; do
  command -v $tool >/dev/null 2>&1 || { echo "aids-pdfcheck: $tool is not installed" >&2; exit 2; }
done
here=$(dirname "$0")
mkdir -p "$out" || exit 2
passed=0
failed=0

fail() {
  echo "FAILED: $*"
  failed=$((failed + 1))
}

# check NAME WORDS -- ARGS: runs xii ARGS -o OUT/NAME.pdf for each paper, colour and backend,
# then checks the PDF and that pdftotext finds each of the '|'-separated WORDS.
check() {
  name=$1 words=$2
  shift 3
  for paper in a4 letter; do
    for grey in "" --grey; do
      for backend in cairo haru; do
        pdf="$out/$name-$paper${grey:+-grey}-$backend.pdf"
        rm -f "$pdf"
        if ! "$xii" "$@" --paper $paper $grey --backend $backend -o "$pdf" >"$out/stdout" 2>"$out/stderr"; then
          fail "$pdf: xii $* failed: $(head -3 "$out/stderr")"
          continue
        fi
        ok=1
        "$xii" "$@" --paper $paper $grey --backend $backend -o "$out/again.pdf" >/dev/null 2>&1
        cmp -s "$pdf" "$out/again.pdf" || { fail "$pdf: a second run gives other bytes"; ok=0; }
        # libharu writes DeviceGray in grey mode; cairo has no grey PDF colour space, so its
        # grey PDFs may set RGB colours, but only neutral ones (r = g = b).
        dgrey=$grey
        [ $backend = cairo ] && dgrey=""
        sh "$here/draw-pdf-check.sh" $dgrey "$pdf" >"$out/check" 2>&1 || { fail "$(cat "$out/check")"; ok=0; }
        if [ -n "$grey" ] && [ $backend = cairo ]; then
          qpdf --qdf --object-streams=disable "$pdf" "$out/qdf.pdf" 2>/dev/null
          if grep -a -o -E '(^| )(-?[0-9.]+ ){3}(rg|RG)( |$)' "$out/qdf.pdf" |
             awk '$1 != $2 || $2 != $3 { print; bad = 1 } END { exit !bad }' >"$out/colour"; then
            fail "$pdf: colours in a grey PDF: $(head -3 "$out/colour" | tr '\n' ' ')"; ok=0
          fi
        fi
        pages=$(pdfinfo "$pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
        [ "$pages" = "${PAGES:-1}" ] || { fail "$pdf: $pages pages, expected ${PAGES:-1}"; ok=0; }
        size=$(pdfinfo -l "${PAGES:-1}" "$pdf" 2>/dev/null | sed -n 's/^Page *[0-9]* size: *\([0-9.]*\) x \([0-9.]*\).*/\1 \2/p' | sort -u)
        case $paper in
          a4) want="595.28 841.89" ;;
          letter) want="612 792" ;;
        esac
        [ "$(echo "$size" | awk '{printf "%.0f %.0f", $1, $2}')" = "$(echo "$want" | awk '{printf "%.0f %.0f", $1, $2}')" ] ||
          { fail "$pdf: page size $size, expected $want"; ok=0; }
        pdftotext -layout "$pdf" "$out/text" 2>/dev/null
        # Words may be split over lines: compare with the text's whitespace squeezed.
        tr -s ' \n' '  ' <"$out/text" >"$out/flat"
        oldifs=$IFS
        IFS='|'
        for w in $words; do
          grep -q -F -- "$w" "$out/flat" || { fail "$pdf: pdftotext does not find \"$w\""; ok=0; }
        done
        IFS=$oldifs
        [ $ok -eq 1 ] && passed=$((passed + 1))
      done
    done
  done
}

check setup "Global events for this game|Normal|a good score|70–90|Pl|Fire|Halve your population|seed 42|BEFORE ROUND" \
  -- setup --difficulty normal --seed 42 --names "Jack,Tom"
check setup-very-easy "Very easy|no global events|100–110" \
  -- setup --difficulty very-easy
check summary "Rules summary|THE GAME|SETUP|A ROUND|YOUR TURN|RESTRICTIONS|THE KING WAR|GLOBAL EVENTS|DIFFICULTY|SCORING|SOLO|Water Storm|Forget about it|Feeding" \
  -- summary
check organiser "Dice organiser|SHARED DIE|No doubles|OWN DIE|RESERVE DIE|KING WAR|support|avoid|FIRST|Jack|Anne" \
  -- organiser --names "Jack,Tom,Martha,Mary,Anne"
# Five players and ten rounds: two pages, every one of the paper's size.
PAGES=2 check record-sheet "Game record, page 1 of 2|Game record, page 2 of 2|ROUND|shared dice|KING WAR|RESERVE DIE|Anne|ale = strong-ale" \
  -- record-sheet --names "Jack,Tom,Martha,Mary,Anne"
PAGES=1 check record-sheet-two "Game record|ROUND|OWN DICE|KING WAR|seat 2|8 rounds" \
  -- record-sheet --players 2 --rounds 8

# A failing run (bad option value) must leave an existing output as it was, with no temporary
# file beside it.
keep="$out/keep.pdf"
printf 'precious' >"$keep"
if "$xii" setup --difficulty normal --roll "3" -o "$keep" >/dev/null 2>&1; then
  fail "setup with too few dice succeeded"
elif [ "$(cat "$keep")" != precious ]; then
  fail "a failed setup run changed $keep"
elif ls "$out" | grep -v -E '\.(pdf|txt)$|^(stdout|stderr|check|text|flat|colour)$' | grep -q .; then
  fail "a failed run left files behind: $(ls "$out" | grep -v -E '\.(pdf|txt)$|^(stdout|stderr|check|text|flat|colour)$')"
else
  passed=$((passed + 1))
fi

echo "aids pdfcheck: $passed passed, $failed failed"
[ $failed -eq 0 ]

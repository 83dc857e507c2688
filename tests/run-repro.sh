#!/bin/sh
# usage: sh tests/run-repro.sh path/to/xii WORKDIR
#
# Reproducibility: every output of xii is byte for byte the same
#   - across two runs (no clock, no address, no random seed leaks into a file), and
#   - under LC_ALL=C and under LC_ALL=fr_FR.UTF-8 (a comma-decimal locale: numbers in PDFs, JSON
#     and text must not turn into "0,5").
# Outputs: xii sheet (cairo and haru, colour and grey, with --back-summary, and cairo's SVG),
# summary, organiser, setup (both backends), rules and rules --json, and audit and
# audit --json of every golden log (audit --pdf of the complete games when the command has it).
# Every PDF is also decompressed (qpdf --qdf --object-streams=disable) and searched for a
# comma-decimal number in its content streams.
#
# The French locale is one of make check's test needs (generated as root, saying so); when it
# is missing, the locale comparison is reported as SKIPPED, never counted as passed (and fails
# the suite when CI is set).
# Prints one line per failure, then "N passed, M failed"; exits 1 on failure.
if [ $# -lt 2 ]; then
  echo "usage: sh tests/run-repro.sh path/to/xii WORKDIR" >&2
  exit 2
fi
xii=$1 work=$2
case $xii in /*) ;; *) xii=$(pwd)/$xii ;; esac
case $work in /*) ;; *) work=$(pwd)/$work ;; esac
if [ ! -x "$xii" ]; then
  echo "run-repro: $xii is not an executable" >&2
  exit 2
fi
command -v qpdf >/dev/null 2>&1 || { echo "run-repro: qpdf is not installed" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
rm -rf "$work"
mkdir -p "$work" || exit 2
passed=0
failed=0
fail() {
  failed=$((failed + 1))
  echo "FAILED: $*"
}

# ---- the French locale --------------------------------------------------------------------
have_fr() { locale -a 2>/dev/null | grep -qi '^fr_FR\.utf-\?8$'; }
fr=""
if have_fr; then
  fr=fr_FR.UTF-8
else
  echo "run-repro: SKIPPED the LC_ALL=fr_FR.UTF-8 comparison: the locale is not installed (make check generates it as root)"
fi

# ---- the outputs --------------------------------------------------------------------------
# Each line: NAME|ARGUMENTS. {out} is the output file; without it standard output is compared
# ({junk}: a file that is written but not compared).
cases=$work/cases
{
  for backend in cairo haru; do
    for grey in "" --grey; do
      echo "sheet-$backend${grey:+-grey}.pdf|sheet --backend $backend $grey --names Jack,Tom,Martha --towns Oakham,Ely --difficulty normal --seed 3 -o {out}"
      echo "summary-$backend${grey:+-grey}.pdf|summary --backend $backend $grey --paper letter -o {out}"
      echo "organiser-$backend${grey:+-grey}.pdf|organiser --backend $backend $grey --players 5 -o {out}"
      echo "setup-$backend${grey:+-grey}.pdf|setup --backend $backend $grey --difficulty hard --roll '3 5 1 6 2 4 4 1' --names Jack,Tom -o {out}"
    done
  done
  echo "sheet-back-summary.pdf|sheet --back-summary --players 2 --events '7 fire, 8 plague, 9 famine, 10 storm' --difficulty normal -o {out}"
  echo "sheet.svg|sheet --svg --grey -o {out}"
  echo "sheet.trace|sheet --backend trace --paper letter -o -"
  echo "setup.txt|setup --difficulty forget-about-it --seed 18446744073709551615 -o {junk}"
  echo "rules.txt|rules"
  echo "rules.json|rules --json"
  for log in "$root"/tests/golden/audit/*.xii; do
    base=$(basename "$log" .xii)
    echo "audit-$base.txt|audit $log"
    echo "audit-$base.json|audit --json $log"
  done
  if "$xii" audit --help 2>/dev/null | grep -q -- '--pdf'; then
    for log in "$root"/tests/golden/audit/game-*.xii; do
      base=$(basename "$log" .xii)
      echo "audit-$base.pdf|audit --pdf {out} $log"
      echo "audit-$base-mark-haru.pdf|audit --mark --backend haru --grey --pdf {out} $log"
    done
  fi
} >"$cases"

# run NAME ARGS LOCALE TAG: runs one case, leaves its output in $work/TAG/NAME.
run() {
  name=$1 args=$2 loc=$3 tag=$4
  mkdir -p "$work/$tag"
  dest=$work/$tag/$name
  a=$(printf '%s' "$args" | sed -e "s#{out}#$dest#g" -e "s#{junk}#$dest.junk#g")
  # shellcheck disable=SC2086
  (cd "$work" && eval "LC_ALL=$loc LANG=$loc \"\$xii\" $a") >"$dest.stdout" 2>"$dest.stderr"
  echo $? >"$dest.status"
  case $args in *"{out}"*) ;; *) mv "$dest.stdout" "$dest" ;; esac
}

# Under the sanitizers (SANITIZED=1, make asan) the second identical run is left out: they
# would see the same code again; make check compares the two runs.
[ -n "${SANITIZED:-}" ] && echo "run-repro: a sanitizer build: one run in each locale (make check compares two runs)"
while IFS='|' read -r name args; do
  run "$name" "$args" C first
  [ -z "${SANITIZED:-}" ] && run "$name" "$args" C second
  [ -n "$fr" ] && run "$name" "$args" "$fr" fr
  label="$name (xii $args)"
  if [ ! -f "$work/first/$name" ]; then
    fail "$label: no output (exit status $(cat "$work/first/$name.status"))"
    head -3 "$work/first/$name.stderr" | sed 's/^/  /'
    continue
  fi
  if [ -n "${SANITIZED:-}" ]; then
    :
  elif cmp -s "$work/first/$name" "$work/second/$name" &&
       cmp -s "$work/first/$name.status" "$work/second/$name.status"; then
    passed=$((passed + 1))
  else
    fail "$label: two runs differ"
  fi
  if [ -n "$fr" ]; then
    if cmp -s "$work/first/$name" "$work/fr/$name" && cmp -s "$work/first/$name.status" "$work/fr/$name.status"; then
      passed=$((passed + 1))
    else
      fail "$label: LC_ALL=C and LC_ALL=$fr differ"
      cmp "$work/first/$name" "$work/fr/$name" 2>&1 | head -1 | sed 's/^/  /'
    fi
  fi
  case $name in
    *.pdf)
      # A number with a decimal comma in a content stream or a dictionary: "0,5" where the
      # PDF syntax needs "0.5". Text strings are not searched: (...) literals may hold commas.
      qdf=$work/first/$name.qdf
      if ! qpdf --qdf --object-streams=disable "$work/first/$name" "$qdf" 2>/dev/null; then
        fail "$label: qpdf cannot decompress it"
      elif LC_ALL=C sed -e 's/([^)]*)//g' -e 's/<[0-9A-Fa-f]*>//g' "$qdf" |
           LC_ALL=C grep -a -n -E '(^|[[ ])-?[0-9]*,[0-9]+([] ]|$)' | head -3 >"$qdf.commas" &&
           [ -s "$qdf.commas" ]; then
        fail "$label: comma-decimal numbers in the PDF:"
        sed 's/^/  /' "$qdf.commas"
      else
        passed=$((passed + 1))
      fi ;;
  esac
done <"$cases"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]

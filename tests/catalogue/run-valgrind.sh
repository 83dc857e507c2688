#!/bin/sh
# usage: sh tests/catalogue/run-valgrind.sh path/to/xii WORKDIR
#
# Runs every golden case (tests/run-golden.sh) and the small cases of the bad-input catalogue
# with xii under valgrind (memcheck, --leak-check=full): any invalid read or write, use of an
# uninitialised value, or leak (definite or possible) fails. The programs run through a wrapper
# WORKDIR/xii, so the golden runner and the catalogue check their usual outputs and statuses;
# valgrind's reports go to WORKDIR/logs/, one file per process, and every non-empty one is a
# failure. tests/catalogue/valgrind.supp may only hide reports whose whole stack is inside
# system libraries (fontconfig, cairo, freetype, glib), never our code.
if [ $# -lt 2 ]; then
  echo "usage: sh tests/catalogue/run-valgrind.sh path/to/xii WORKDIR" >&2
  exit 2
fi
xii=$1 work=$2
case $xii in /*) ;; *) xii=$(pwd)/$xii ;; esac
case $work in /*) ;; *) work=$(pwd)/$work ;; esac
if ! command -v valgrind >/dev/null 2>&1; then
  echo "run-valgrind: valgrind is not installed (apt-get install valgrind)" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
rm -rf "$work"
mkdir -p "$work/logs" || exit 2
supp=""
[ -f tests/catalogue/valgrind.supp ] && supp="--suppressions=$root/tests/catalogue/valgrind.supp"
cat >"$work/xii" <<EOF
#!/bin/sh
exec valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,possible \\
  --errors-for-leak-kinds=definite,possible --track-origins=yes $supp \\
  --log-file="$work/logs/vg.%p.log" "$xii" "\$@"
EOF
chmod +x "$work/xii"
status=0
sh tests/run-golden.sh "$work/xii" || status=1
# The catalogue's small cases (its big generated inputs would take hours under valgrind).
CATALOGUE_SMALL=1 CATALOGUE_TIMEOUT=300 sh tests/run-catalogue.sh "$work/xii" "$work/catalogue" || status=1
reports=0
for log in "$work"/logs/vg.*.log; do
  [ -s "$log" ] || continue
  reports=$((reports + 1))
  if [ $reports -le 5 ]; then
    echo "valgrind report $log:"
    head -30 "$log" | sed 's/^/  /'
  fi
done
runs=$(ls "$work"/logs | wc -l)
echo "valgrind: $runs runs, $reports with errors or leaks"
[ $reports -eq 0 ] && [ $status -eq 0 ]

#!/bin/sh
# usage: sh tests/run-install.sh MAKE BUILD
#
# `make install DESTDIR=... PREFIX=/usr` into a temporary folder installs the program, its
# data, the man pages, the bash completion and the licence; the installed program runs from
# there (it finds its fonts under PREFIX/share/xii) and the installed completion registers
# itself. MAKE is the make command, BUILD the build folder in use.
# Prints one line per failure, then "N passed, M failed"; exits 1 on failure.
if [ $# -ne 2 ]; then
  echo "usage: sh tests/run-install.sh MAKE BUILD" >&2
  exit 2
fi
make=$1 build=$2
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }
dest=$tmp/dest
if ! $make -s install BUILD="$build" DESTDIR="$dest" PREFIX=/usr >"$tmp/log" 2>&1; then
  fail "make install failed:"; tail -5 "$tmp/log" | sed 's/^/  /'
  echo "$passed passed, $failed failed"; exit 1
fi
for f in bin/xii:755 share/man/man1/xii.1:644 share/man/man5/xii-log.5:644 \
         share/bash-completion/completions/xii:644 share/doc/xii/LICENSE:644 \
         share/xii/templates/xii-century.rules:644 share/xii/fonts/DejaVuSans.ttf:644 \
         share/xii/fonts/LICENSE-DejaVu.txt:644; do
  path=$dest/usr/${f%:*} mode=${f#*:}
  if [ ! -f "$path" ]; then fail "not installed: /usr/${f%:*}"
  elif [ "$(stat -c %a "$path")" != "$mode" ]; then fail "/usr/${f%:*} has mode $(stat -c %a "$path"), not $mode"
  else passed=$((passed + 1)); fi
done
# The installed program, away from the source tree, finds its fonts and writes a sheet.
if (cd "$tmp" && env -u XII_FONT_DIR "$dest/usr/bin/xii" sheet -o "$tmp/sheet.pdf" 2>"$tmp/err") && [ -s "$tmp/sheet.pdf" ]; then
  passed=$((passed + 1))
else
  fail "the installed xii cannot write a sheet:"; head -3 "$tmp/err" | sed 's/^/  /'
fi
for page in share/man/man1/xii.1 share/man/man5/xii-log.5; do
  if mandoc -T ascii "$dest/usr/$page" >/dev/null 2>&1; then passed=$((passed + 1)); else fail "mandoc cannot read /usr/$page"; fi
done
if bash -c ". '$dest/usr/share/bash-completion/completions/xii' && complete -p xii" >/dev/null 2>&1; then
  passed=$((passed + 1))
else
  fail "the installed completion does not register itself for xii"
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]

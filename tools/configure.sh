#!/bin/sh
# usage: sh tools/configure.sh OUT [--install] WHAT=PACKAGE...
#
# Writes OUT, a make fragment with the compile and link flags of the libraries the program
# uses (LIB_CFLAGS, LIB_LIBS), after checking they are there (tools/packages.sh, with the same
# arguments: a missing one gives one line on standard output, naming its Debian package, and
# exit status 1). Only the pc: and h: arguments are libraries. OUT is written only when every
# library was found.
out=$1
shift
sh "$(dirname "$0")/packages.sh" "$@" || exit 1
[ "${1:-}" = --install ] && shift
modules="" libs=""
for item in "$@"; do
  what=${item%=*}
  case $what in
    pc:*) modules="$modules ${what#pc:}" ;;
    h:*) libs="$libs ${what#h:*:}" ;;
  esac
done
# shellcheck disable=SC2086 # one word per module
cflags=$(pkg-config --cflags $modules) && plibs=$(pkg-config --libs $modules) ||
  { echo "pkg-config cannot give the flags of:$modules"; exit 1; }
# shellcheck disable=SC2086 # the words joined by single spaces
printf '# Written by tools/configure.sh from the Makefile'"'"'s BUILD_LIBS; make rewrites it.\nLIB_CFLAGS := %s\nLIB_LIBS := %s\n' \
  "$(echo $cflags)" "$(echo $plibs $libs)" >"$out.tmp" && mv "$out.tmp" "$out"

#!/bin/sh
# usage: sh tools/packages.sh [--install] WHAT=PACKAGE...
#
# Checks that what the build or the tests need is on the machine; each argument names one
# thing and the Debian package that holds it:
#   pc:MODULE=PACKAGE         a pkg-config module (then pkg-config itself is needed too)
#   h:HEADER:-lNAME=PACKAGE   a library without a pkg-config file: its header, found by $CC
#   bin:COMMAND=PACKAGE       a command on the PATH
#   py:MODULE=PACKAGE         a python3 module
#   locale:NAME=PACKAGE       a locale (locale -a); generated with locale-gen when installing
# All there: exits 0 and prints nothing. Something missing: without --install, or when not
# root, prints one line on standard output naming the packages and the command that installs
# them, and exits 1; with --install as root (make sheets, make check), runs apt-get update and
# apt-get install, their output shown on standard error.
install=0
if [ "${1:-}" = --install ]; then install=1; shift; fi
missing="" locales=""
add() { case " $missing " in *" $1 "*) ;; *) missing="${missing:+$missing }$1" ;; esac; }
have_locale() {
  want=$(printf '%s' "$1" | tr 'A-Z' 'a-z' | sed 's/utf-8/utf-\\?8/')
  locale -a 2>/dev/null | tr 'A-Z' 'a-z' | grep -q "^$want\$"
}
# Generates the locales asked for (/etc/locale.gen, locale-gen); says so, since it changes the
# machine.
generate_locales() {
  echo "generating the locales: $locales (/etc/locale.gen, locale-gen)" >&2
  for l in $locales; do
    grep -q "^$l ${l##*.}\$" /etc/locale.gen 2>/dev/null || echo "$l ${l##*.}" >>/etc/locale.gen
  done
  locale-gen >&2
}
have_header() {
  # shellcheck disable=SC2086 # CPPFLAGS holds several words
  printf '#include <%s>\n' "$1" | ${CC:-cc} $CPPFLAGS -E -x c - >/dev/null 2>&1
}
for item in "$@"; do
  what=${item%=*} package=${item##*=}
  kind=${what%%:*} name=${what#*:}
  case $kind in
    pc) if ! command -v pkg-config >/dev/null 2>&1; then add pkg-config; add "$package"
        elif ! pkg-config --exists "$name"; then add "$package"; fi ;;
    h) have_header "${name%%:*}" || add "$package" ;;
    bin) command -v "$name" >/dev/null 2>&1 || add "$package" ;;
    py) python3 -c "import $name" >/dev/null 2>&1 || add "$package" ;;
    locale) have_locale "$name" || { locales="${locales:+$locales }$name"
              command -v locale-gen >/dev/null 2>&1 || add "$package"; } ;;
    *) echo "tools/packages.sh: unknown kind '$kind' in $item"; exit 2 ;;
  esac
done
[ -z "$missing" ] && [ -z "$locales" ] && exit 0
if [ $install -eq 1 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  if [ -n "$missing" ]; then
    echo "installing the missing Debian packages: $missing (apt-get update, apt-get install)" >&2
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086 # one word per package
    if ! apt-get update >&2 || ! apt-get install -y --no-install-recommends $missing >&2; then
      echo "apt-get could not install: $missing"
      exit 1
    fi
  fi
  [ -z "$locales" ] && exit 0
  generate_locales
  ok=1
  for l in $locales; do have_locale "$l" || ok=0; done
  [ $ok -eq 1 ] && exit 0
  echo "locale-gen could not generate: $locales"
  exit 1
fi
if [ -n "$missing" ]; then
  echo "missing Debian packages: $missing (install them with: sudo apt-get install $missing)"
else
  echo "missing locales: $locales (as root: add them to /etc/locale.gen and run locale-gen)"
fi
exit 1

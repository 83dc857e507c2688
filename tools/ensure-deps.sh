#!/bin/sh
# Installs the Debian packages named as arguments when one is missing.
# As root it runs apt-get; otherwise it prints the exact command and fails.
missing=""
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "installing missing build packages:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends $missing >/dev/null || {
    echo "error: apt-get could not install:$missing" >&2; exit 1; }
  exit 0
fi
echo "error: missing build packages:$missing" >&2
echo "run:  sudo apt-get install$missing" >&2
exit 1

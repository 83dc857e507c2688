#!/bin/sh
# The end-to-end tests of xii serve in headless Chromium (tests/browser/serve-game.mjs, and
# serve-kingdom.mjs for a Kingdom game on a 360-px page).
# Skips, saying why, when Chromium, node or puppeteer-core cannot be had; puppeteer-core is
# installed from npm into BUILD/browser/node_modules the first time.
# usage: run-browser.sh XII BUILD
xii=$1 build=$2
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  echo "browser: SKIPPED: Chromium is not installed ($chromium; as root, make browsercheck installs Debian's chromium)"
  exit 0
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "browser: SKIPPED: node and npm are needed to drive Chromium (Debian: apt-get install nodejs npm)"
  exit 0
fi
mods=$build/browser/node_modules
if [ ! -d "$mods/puppeteer-core" ]; then
  mkdir -p "$build/browser"
  if ! (cd "$build/browser" && timeout 300 npm install --no-audit --no-fund --silent puppeteer-core@22 >/dev/null 2>&1); then
    echo "browser: SKIPPED: npm could not install puppeteer-core into $build/browser"
    exit 0
  fi
fi
CHROMIUM=$chromium timeout 600 node tests/browser/serve-game.mjs "$xii" "$build/browser/run" "$mods" || exit 1
CHROMIUM=$chromium timeout -k 5 300 node tests/browser/serve-kingdom.mjs "$xii" "$build/browser/kingdom" "$mods"

#!/bin/sh
# xii serve for a Kingdom game over real HTTP on 127.0.0.1 (no browser): tests/serve/check-kingdom.py.
# usage: run-serve-kingdom.sh XII BUILD
exec timeout 300 python3 tests/serve/check-kingdom.py "$1" "$2/servecheck-kingdom"

#!/bin/sh
# xii serve over real HTTP on 127.0.0.1 (no browser): tests/serve/check-http.py.
# usage: run-serve.sh XII BUILD
exec timeout 300 python3 tests/serve/check-http.py "$1" "$2/servecheck"

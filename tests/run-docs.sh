#!/bin/sh
# usage: sh tests/run-docs.sh
#
# The documentation stands on its own: every relative link of README.md and docs/*.md
# ("[text](path)") and every repository path they name in backquotes (`docs/...`, `man/...`,
# `tests/...`, `src/...`, `templates/...`, `completion/...`) exists, and no text of the
# repository points at a folder outside it (../shared, /work/).
# Prints one line per failure, then "N passed, M failed"; exits 1 on failure.
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
passed=0 failed=0
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }
for md in README.md docs/*.md; do
  dir=$(dirname "$md")
  for link in $(grep -o '](\([^)#:]*\))' "$md" | sed 's/^](//; s/)$//' | sort -u); do
    if [ -e "$dir/$link" ]; then passed=$((passed + 1)); else fail "$md links to $link, which does not exist"; fi
  done
  for path in $(grep -o '`\(docs\|man\|tests\|src\|templates\|completion\|fonts\|bench\|tools\)/[A-Za-z0-9_./-]*`' "$md" |
                tr -d '`' | sort -u); do
    case $path in *'*'*|*...) continue ;; esac
    if [ -e "$path" ]; then passed=$((passed + 1)); else fail "$md names $path, which does not exist"; fi
  done
done
outside=$(git grep -n -e '\.\./shared' -e '/work/' -- . ':!tests/run-docs.sh' 2>/dev/null)
if [ -n "$outside" ]; then
  fail "texts point outside the repository:"; printf '%s\n' "$outside" | head -5 | sed 's/^/  /'
else
  passed=$((passed + 1))
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]

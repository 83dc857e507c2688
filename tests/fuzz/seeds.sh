# Sourced by tests/fuzz/run.sh and tests/fuzz/replay-seeds.sh, from the repository root,
# with $dir set: seeds NAME gathers a harness's seed inputs into $dir/seeds/NAME.
# seeds NAME: fills $dir/seeds/NAME from the list and the generated mutations.
seeds() {
  name=$1 out="$dir/seeds/$1"
  rm -rf "$out"
  mkdir -p "$out"
  if [ -f "tests/fuzz/$name.seeds" ]; then
    grep -v '^#' "tests/fuzz/$name.seeds" | while read -r pattern; do
      for f in $pattern; do
        [ -f "$f" ] && cp "$f" "$out/$(echo "$f" | tr / _)"
      done
    done
  fi
  case $name in
    gamedata*)
      # Mostly files that load, so that the fuzzer starts past the first error: each line's
      # first number moved by one (down, or up from 0 and 1), each line's first name renamed;
      # then a few that do not (every tenth line removed or given a 41-digit number, the first
      # half of the file).
      src=templates/xii-century.rules
      lines=$(wc -l <"$src")
      n=1
      while [ "$n" -le "$lines" ]; do
        line=$(sed -n "${n}p" "$src")
        case $line in
          ''|'#'*) ;;
          *) sed -E "${n}s/(^|[^0-9a-z-])([2-9]|[1-9][0-9]+)([^0-9]|$)/\\1__\\2__\\3/" "$src" |
               awk '{ if (match($0, /__[0-9]+__/)) { v = substr($0, RSTART + 2, RLENGTH - 4) - 1;
                      $0 = substr($0, 1, RSTART - 1) v substr($0, RSTART + RLENGTH) } print }' \
               >"$out/number-$n"
             cmp -s "$out/number-$n" "$src" && rm "$out/number-$n"
             sed -E "${n}s/\"[^\"]+\"/\"Renamed $n\"/" "$src" >"$out/name-$n"
             cmp -s "$out/name-$n" "$src" && rm "$out/name-$n"
             if [ $((n % 10)) -eq 0 ]; then
               sed "${n}d" "$src" >"$out/drop-line-$n"
               sed "${n}s/[0-9][0-9]*/99999999999999999999999999999999999999999/" "$src" >"$out/huge-$n"
             fi ;;
        esac
        n=$((n + 1))
      done
      head -c "$(($(wc -c <"$src") / 2))" "$src" >"$out/first-half" ;;
    icons)
      awk -v out="$out" '/^icon /{n++} n{print > (out "/icon-" n)}' templates/xii.icons ;;
    gsession)
      # A first byte 0 (a new file) before each Kingdom log, typed line by line; and the
      # short forms a player types, after a prefix of a played game (first byte 1, 2, 3).
      for f in tests/golden/kingdom/*.kingdom docs/*.kingdom; do
        [ -f "$f" ] && { printf '\000'; cat "$f"; } >"$out/new-$(basename "$f")"
      done
      for b in 1 2 3 5 6 7; do
        printf "\\$(printf '%03o' "$b")next\n3 5\nfood\n@\001\n2 food\ndone\nundo\n@\002\nfarm C4\ncheck food 4\n# a note\n" >"$out/short-$b"
      done ;;
  esac
}

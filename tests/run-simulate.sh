#!/bin/sh
# usage: sh tests/run-simulate.sh path/to/xii WORKDIR
#
# xii simulate end to end: the same report and the same move logs with 1 and 2 threads; every
# log written by --logs (every bot, 1 to 5 players, every solo objective and arcade, every
# difficulty) replays through `xii audit` with no error and no mismatch, so its final check
# lines (every seat's values and score as the simulation ended) hold; the JSON has the keys
# of the issue; the progress bar shows on a terminal (a pseudo-terminal from script(1)) and
# nothing is written on a standard error that is not a terminal. The same for Kingdom
# (--game kingdom): 1 and 2 threads, the logs audited, the JSON's keys and sums, the plot, the
# refusals.
# Prints one line per failure, then "N passed, M failed"; exits 1 on any failure.
if [ $# -ne 2 ]; then
  echo "usage: sh tests/run-simulate.sh path/to/xii WORKDIR" >&2
  exit 2
fi
xii=$1 work=$2
case $xii in /*) ;; *) xii=$(pwd)/$xii ;; esac
rm -rf "$work" && mkdir -p "$work" || exit 2
passed=0 failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAILED: $*"; }

# ---- Determinism: 1 and 2 threads ---------------------------------------------------------
for args in "--players 3 --difficulty normal --games 30" "--solo castle --games 6 --bot search --budget 8 --difficulty hard" \
            "--players 2 --bots random,greedy --games 40"; do
  # shellcheck disable=SC2086
  "$xii" simulate $args --threads 1 --json --logs "$work/t1" >"$work/t1.json" 2>"$work/t1.err" &&
  "$xii" simulate $args --threads 2 --json --logs "$work/t2" >"$work/t2.json" 2>"$work/t2.err"
  if [ $? -ne 0 ]; then fail "simulate $args: $(head -n 1 "$work/t1.err" "$work/t2.err")"; continue; fi
  if cmp -s "$work/t1.json" "$work/t2.json"; then ok; else fail "simulate $args: 1 and 2 threads differ"; fi
  if diff -r "$work/t1" "$work/t2" >/dev/null; then ok; else fail "simulate $args: the logs differ with 2 threads"; fi
  if [ ! -s "$work/t1.err" ]; then ok; else fail "simulate $args: wrote on a standard error that is not a terminal"; fi
  rm -rf "$work/t1" "$work/t2"
done

# ---- Every log replays clean ---------------------------------------------------------------
n=0
audit_all() {   # DIR: every log audits with exit 0 (no error, every check line agrees)
  for f in "$1"/*.xii "$1"/*.kingdom; do
    [ -e "$f" ] || continue
    n=$((n + 1))
    if ! "$xii" audit "$f" >"$work/report" 2>&1; then
      fail "$f: xii audit: $(grep -m 2 -E 'error|mismatch' "$work/report" | tr '\n' ' ')"
      return
    fi
  done
  ok
}
for bot in random greedy; do
  for players in 1 2 3 4 5; do
    "$xii" simulate --bot $bot --players $players --games 6 --seed $players --logs "$work/logs-$bot-$players" \
      >/dev/null 2>"$work/err" || fail "simulate --bot $bot --players $players: $(head -n 1 "$work/err")"
    audit_all "$work/logs-$bot-$players"
  done
  for solo in merchant miller cathedral castle arcade; do
    "$xii" simulate --bot $bot --solo $solo --games 4 --logs "$work/logs-$bot-$solo" >/dev/null 2>"$work/err" ||
      fail "simulate --bot $bot --solo $solo: $(head -n 1 "$work/err")"
    audit_all "$work/logs-$bot-$solo"
  done
done
"$xii" simulate --bots search,greedy,random --players 3 --budget 6 --games 1 --logs "$work/logs-mixed" \
  >/dev/null 2>"$work/err" || fail "simulate --bots search,greedy,random: $(head -n 1 "$work/err")"
audit_all "$work/logs-mixed"
# The game line says which bot played each seat.
if grep -q '^game "xii simulate: search, greedy, random, game 1 of seed 1"$' "$work/logs-mixed/normal-0001.xii"; then ok
else fail "a log of --bots does not name each seat's bot: $(grep '^game' "$work/logs-mixed/normal-0001.xii")"; fi
[ $n -ge 400 ] && ok || fail "only $n logs audited"
# The final check lines carry every seat's score: the audit compared them.
if grep -q '^check Bot1 .* score [0-9]' "$work/logs-greedy-5/normal-0001.xii"; then ok
else fail "the logs end without check lines of the scores"; fi

# ---- JSON keys -------------------------------------------------------------------------------
"$xii" simulate --solo miller --games 10 --difficulty easy --json >"$work/solo.json" 2>/dev/null
python3 - "$work/solo.json" <<'PY' && ok || fail "the JSON does not have the keys of the issue"
import json, sys
d = json.load(open(sys.argv[1]))
assert set(d) == {"bot", "players", "games", "seed", "results"}, d.keys()
r = d["results"][0]
assert set(r) == {"difficulty", "good", "scores", "achieved", "achieved_ci95"}, r.keys()
assert set(r["scores"]) == {"mean", "mean_ci95", "sd", "p5", "p25", "median", "median_ci95", "p75", "p95",
                            "min", "max", "in_band", "in_band_ci95", "below_band", "below_band_ci95",
                            "above_band", "above_band_ci95"}, r["scores"].keys()
assert r["good"] == [90, 100] and d["players"] == 1 and d["games"] == 10
s = r["scores"]
assert s["min"] <= s["p5"] <= s["p25"] <= s["median"] <= s["p75"] <= s["p95"] <= s["max"]
assert abs(s["in_band"] + s["below_band"] + s["above_band"] - 1) < 1e-9
# Every estimate with its 95 % interval, around it.
for k in ("mean", "median", "in_band", "below_band", "above_band"):
    lo, hi = s[k + "_ci95"]
    assert lo <= s[k] <= hi, k
lo, hi = r["achieved_ci95"]
assert lo <= r["achieved"] <= hi
PY
# Several players: the winner's score and the ties, as the text prints them; --bots: each seat.
"$xii" simulate --players 3 --bots greedy,random,greedy --games 8 --difficulty easy --json >"$work/multi.json" 2>/dev/null
python3 - "$work/multi.json" <<'PY' && ok || fail "the JSON of a multiplayer run lacks the winner, the ties or the seats"
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
assert set(r) == {"difficulty", "good", "scores", "winner", "ties", "seats"}, r.keys()
assert r["winner"]["ci95"][0] <= r["winner"]["mean"] <= r["winner"]["ci95"][1]
assert r["ties"]["ci95"][0] <= r["ties"]["share"] <= r["ties"]["ci95"][1]
assert [x["bot"] for x in r["seats"]] == ["greedy", "random", "greedy"]
assert [x["seat"] for x in r["seats"]] == [1, 2, 3]
assert r["seats"][1]["mean"] < r["seats"][0]["mean"]
PY
"$xii" simulate --players 2 --games 5 --json >"$work/all.json" 2>/dev/null
python3 - "$work/all.json" <<'PY' && ok || fail "--difficulty all: not every difficulty, or an objective share without an objective"
import json, sys
d = json.load(open(sys.argv[1]))
assert [r["difficulty"] for r in d["results"]] == ["very-easy", "easy", "normal", "hard", "very-hard", "forget-about-it"]
assert d["results"][-1]["good"] == [30, None]
assert all("achieved" not in r for r in d["results"])
PY

# ---- Loose ends: hidden plot names, a reused log folder, intervals from one or two games ------
abswork=$(cd "$work" && pwd)
for name in .svg "$abswork/.png"; do
  (cd "$work" && "$xii" simulate --games 1 --difficulty easy --plot "$name" >/dev/null 2>"$abswork/err")
  st=$?
  if [ $st -eq 2 ] && grep -q 'needs a name before the extension' "$work/err" && [ ! -e "$work/.svg" ] &&
     [ ! -e "$work/.png" ]; then ok; else fail "--plot $name: exit $st, $(head -n 1 "$work/err")"; fi
done
mkdir -p "$work/reused" "$work/empty"
"$xii" simulate --games 3 --difficulty easy --logs "$work/reused" >/dev/null 2>&1
"$xii" simulate --games 2 --difficulty easy --logs "$work/reused" >/dev/null 2>"$work/err"
st=$?
if [ $st -eq 3 ] && grep -q 'is not empty' "$work/err" && [ -f "$work/reused/easy-0003.xii" ]; then ok
else fail "--logs reused after a longer run: exit $st, $(head -n 1 "$work/err")"; fi
if "$xii" simulate --games 2 --difficulty easy --logs "$work/empty" >/dev/null 2>&1 &&
   [ "$(ls "$work/empty" | wc -l)" -eq 2 ]; then ok; else fail "--logs into an empty folder refused"; fi
"$xii" simulate --games 1 --difficulty easy >"$work/one.txt" 2>&1
if grep -q 'mean       [0-9.]* (no interval from one game)' "$work/one.txt" &&
   grep -q 'median [0-9.]* (no interval from one game)' "$work/one.txt"; then ok
else fail "--games 1 prints an interval: $(grep mean "$work/one.txt")"; fi
"$xii" simulate --games 1 --players 3 --bots greedy,random,greedy --difficulty easy --json >"$work/one.json" 2>/dev/null
"$xii" simulate --games 2 --players 2 --bot random --seed 3 --json >"$work/two.json" 2>/dev/null
python3 - "$work/one.json" "$work/two.json" <<'PY' && ok || fail "intervals from one or two games: null, or cut at 0"
import json, sys
one = json.load(open(sys.argv[1]))["results"][0]
assert one["winner"]["ci95"] is None and all(s["mean_ci95"] is None and s["median_ci95"] is None for s in one["seats"])
assert one["scores"]["mean_ci95"][0] >= 0           # three scores: an interval, not below 0
for r in json.load(open(sys.argv[2]))["results"]:
    for lo, hi in (r["scores"]["mean_ci95"], r["winner"]["ci95"]):
        assert 0 <= lo <= hi, (lo, hi)
PY

# ---- Kingdom (--game kingdom): the shared players over the game interface ---------------------
for args in "--bot random --games 60" "--bot greedy --games 16 --seed 9"; do
  # shellcheck disable=SC2086
  "$xii" simulate --game kingdom $args --threads 1 --json >"$work/k1.json" 2>"$work/k1.err" &&
  "$xii" simulate --game kingdom $args --threads 2 --json >"$work/k2.json" 2>"$work/k2.err" &&
  "$xii" simulate --game kingdom $args --threads 2 >"$work/k2.txt" 2>>"$work/k2.err"
  if [ $? -ne 0 ]; then fail "simulate --game kingdom $args: $(head -n 1 "$work/k1.err" "$work/k2.err")"; continue; fi
  if cmp -s "$work/k1.json" "$work/k2.json"; then ok; else fail "simulate --game kingdom $args: 1 and 2 threads differ"; fi
  if [ ! -s "$work/k1.err" ] && [ ! -s "$work/k2.err" ]; then ok
  else fail "simulate --game kingdom $args: wrote on a standard error that is not a terminal"; fi
  if grep -q '^  won by year 20 ' "$work/k2.txt" && grep -q '^  lost to graveyards ' "$work/k2.txt"; then ok
  else fail "simulate --game kingdom $args: the text report lacks the wins or the losses"; fi
  cp "$work/k1.json" "$work/k-$(echo "$args" | cut -d' ' -f2).json"
done
python3 - "$work/k-random.json" "$work/k-greedy.json" <<'PY' && ok || fail "--game kingdom: the JSON's keys or numbers do not hold together"
import json, sys
rnd, gr = (json.load(open(f)) for f in sys.argv[1:])
for d in (rnd, gr):
    assert set(d) == {"game", "bot", "games", "seed", "year_limit", "wins", "losses", "with_graveyard",
                      "graveyards_mean", "disasters_mean", "winning_year"}, d.keys()
    assert d["game"] == "kingdom" and d["year_limit"] == 20
    parts = [d["wins"], d["losses"]["graveyards"], d["losses"]["year_limit"]]
    assert sum(p["games"] for p in parts) == d["games"]
    for p in parts + [d["with_graveyard"]]:
        lo, hi = p["share_ci95"]
        assert lo <= p["share"] <= hi and abs(p["share"] - p["games"] / d["games"]) < 1e-4
    y = d["winning_year"]
    if d["wins"]["games"]:
        assert y["fastest"] <= y["p10"] <= y["median"] <= y["p90"] <= y["slowest"] <= 20
        assert y["median_ci95"][0] <= y["median"] <= y["median_ci95"][1]
        assert sum(n for _, n in y["histogram"]) == d["wins"]["games"]
    else:
        assert y == {}
assert rnd["bot"] == "random" and gr["bot"] == "greedy"
assert gr["wins"]["share"] > rnd["wins"]["share"] and gr["wins"]["games"] >= 10
PY
"$xii" simulate --game kingdom --bot random --games 30 --plot "$work/k.pdf" >/dev/null 2>"$work/err"
if [ "$(head -c 4 "$work/k.pdf" 2>/dev/null)" = "%PDF" ]; then ok; else fail "--game kingdom --plot: $(head -n 1 "$work/err")"; fi
kingdom_refuses() {   # MESSAGE ARGS...: exit 2 with MESSAGE on standard error
  want=$1; shift
  "$xii" simulate "$@" >/dev/null 2>"$work/err"
  st=$?
  if [ $st -eq 2 ] && grep -q "$want" "$work/err"; then ok; else fail "simulate $*: exit $st, $(head -n 1 "$work/err")"; fi
}
kingdom_refuses "is XII Century's" --game kingdom --players 2
kingdom_refuses "is XII Century's" --game kingdom --difficulty easy
kingdom_refuses "did you mean kingdom?" --game kingdm
kingdom_refuses "unknown bot 'search' for Kingdom" --game kingdom --bot search
# Every log of either bot audits clean (its result and its final check line agree with the
# rules), the same with 1 and 2 threads.
for bot in random greedy; do
  "$xii" simulate --game kingdom --bot $bot --games 12 --threads 1 --logs "$work/klogs1-$bot" >/dev/null 2>"$work/err" &&
  "$xii" simulate --game kingdom --bot $bot --games 12 --threads 2 --logs "$work/klogs2-$bot" >/dev/null 2>>"$work/err" ||
    fail "simulate --game kingdom --bot $bot --logs: $(head -n 1 "$work/err")"
  if diff -r "$work/klogs1-$bot" "$work/klogs2-$bot" >/dev/null; then ok; else fail "--game kingdom --bot $bot: the logs differ with 2 threads"; fi
  audit_all "$work/klogs1-$bot"
  [ "$(ls "$work/klogs1-$bot" | wc -l)" -eq 12 ] && [ -f "$work/klogs1-$bot/kingdom-0012.kingdom" ] && ok ||
    fail "--game kingdom --logs: not the 12 logs kingdom-NNNN.kingdom"
done
if command -v script >/dev/null 2>&1; then
  script -qec "$xii simulate --game kingdom --bot random --games 20000 --threads 1 >/dev/null" "$work/ktty" >/dev/null 2>&1
  if grep -Eq 'xii simulate \[[#.]{8,30}\] +[0-9]+% [0-9]+/20000 games' "$work/ktty"; then ok
  else fail "--game kingdom: no progress bar on a terminal"; fi
fi

# ---- The progress bar: on a terminal only ------------------------------------------------------
if command -v script >/dev/null 2>&1; then
  script -qec "$xii simulate --games 3000 --difficulty normal --threads 1 >/dev/null" "$work/tty" >/dev/null 2>&1
  if grep -q 'games/s' "$work/tty"; then ok; else fail "no progress bar on a terminal"; fi
  # The program's one bar (cli/progress.c): label, bar, percentage, count, and the rate where
  # the row has room; every redraw within one row of the terminal (script's: 80 columns), as a
  # wrapped row would leave a copy behind at each redraw.
  if grep -Eq 'xii simulate \[[#.]{8,30}\] +[0-9]+% [0-9]+/3000 games' "$work/tty"; then ok
  else fail "the progress bar is not the shared one (cli/progress.c)"; fi
  long=$(tr '\r' '\n' < "$work/tty" | sed 's/\x1b\[K.*//' | grep 'xii simulate \[' | awk 'length > 79' | head -n 1)
  if [ -z "$long" ]; then ok; else fail "a progress row wider than the terminal: $long"; fi
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]

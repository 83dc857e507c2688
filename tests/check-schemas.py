#!/usr/bin/env python3
"""usage: python3 tests/check-schemas.py path/to/xii

The JSON the program prints against the schemas of docs/schema/ (JSON Schema draft 2020-12):

- every schema is itself a valid draft 2020-12 schema;
- `xii rules --ids --json` matches docs/schema/rule-ids.json, and every error and warning code
  of the audits below is one of its ids;
- `xii rules --json`, with the built-in data and with every game-data file of templates/ and
  of the tests that loads, matches docs/schema/rules.json;
- `xii audit --json` matches docs/schema/audit.json for every move log of the tests (good and
  bad games alike: every golden audit case, the message cases, the filled-sheet logs, the
  catalogue's hostile inputs, the example game), plain, with --until-round 1 and 5 and with
  --max-messages 1 (some of them then count messages they omit), and its
  "ok" agrees with the exit status (0 with true, 1 with false);
- `xii simulate --json` (a few short runs: every difficulty, solo with an objective, several
  players, mixed bots) matches docs/schema/simulate.json;
- `xii hint --json` matches docs/schema/hint.json at every kind of decision of the example game
  (a turn's four dice, the dice left in the middle of a turn, the reserve die after the fourth,
  the king war, a location bonus choice; a last turn where the town court's re-roll beats every
  plan, with its "reroll"), and `xii audit --analyse --json` (few rollouts) adds
  an "analysis" that matches docs/schema/audit.json;
- each schema refuses documents that are wrong in a known way (a key missing, an unknown key,
  a value out of range), so a schema that accepts everything fails here;
- Kingdom: `xii rules --game kingdom --json` matches docs/schema/kingdom-rules.json, `--ids --json`
  docs/schema/rule-ids.json, and `xii audit --json` of every Kingdom log of the tests and docs
  (plain, --until-year 1 and 5, --max-messages 1) docs/schema/kingdom-audit.json, its codes among
  the kingdom's rule ids and its "ok" agreeing with the exit status; `xii hint --json` on the
  golden kingdom logs docs/schema/kingdom-hint.json, exact and raced;
- every schema in docs/schema/ has its check here.

Prints one line per failure, then "N passed, M failed"; exits 1 on failure.
"""
import copy
import glob
import json
import os
import subprocess
import sys

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
passed = 0
failed = 0


def fail(msg):
    global failed
    failed += 1
    print("FAILED: " + msg)


def ok():
    global passed
    passed += 1


def load_schema(name):
    path = os.path.join(ROOT, "docs", "schema", name + ".json")
    with open(path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())


def run(xii, args):
    p = subprocess.run([xii] + args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout


def validate(validator, doc, label):
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    if not errors:
        ok()
        return
    for e in errors[:3]:
        where = "/".join(str(k) for k in e.absolute_path) or "(top)"
        fail("%s: %s: %s" % (label, where, e.message[:200]))


def must_refuse(validator, doc, label):
    if validator.is_valid(doc):
        fail("the schema accepts a document with " + label)
    else:
        ok()


def check_rules(xii):
    v = load_schema("rules")
    files = [None] + sorted(glob.glob(os.path.join(ROOT, "templates", "*.rules"))) + \
        sorted(glob.glob(os.path.join(ROOT, "tests", "**", "*.rules"), recursive=True))
    good = None
    for f in files:
        args = ["rules", "--json"] + (["--rules", os.path.relpath(f, ROOT)] if f else [])
        status, out = run(xii, args)
        if status == 2:
            continue    # a game-data file the tests keep to be refused
        label = "xii " + " ".join(args)
        if status != 0:
            fail("%s: exit status %d" % (label, status))
            continue
        doc = json.loads(out)
        validate(v, doc, label)
        if f is None:
            good = doc
    if good is None:
        fail("xii rules --json printed nothing to check")
        return
    bad = copy.deepcopy(good)
    del bad["settings"]
    must_refuse(v, bad, "no settings")
    bad = copy.deepcopy(good)
    bad["assets"][0]["colour"] = "red"
    must_refuse(v, bad, "an unknown key in an asset")
    bad = copy.deepcopy(good)
    bad["events"][0]["die"] = 7
    must_refuse(v, bad, "an event on die 7")
    bad = copy.deepcopy(good)
    bad["special_people"][0]["perks"].pop()
    must_refuse(v, bad, "a special person with one perk")
    bad = copy.deepcopy(good)
    bad["assets"][0]["requires"] = [{"asset": "food", "op": "<", "value": 1}]
    must_refuse(v, bad, "a requirement with the operator <")


def check_rule_ids(xii):
    """Returns the rule ids, for the audit's codes."""
    v = load_schema("rule-ids")
    status, out = run(xii, ["rules", "--ids", "--json"])
    if status != 0:
        fail("xii rules --ids --json: exit status %d" % status)
        return set()
    doc = json.loads(out)
    validate(v, doc, "xii rules --ids --json")
    ids = [e.get("id") for e in doc if isinstance(e, dict)]
    if len(set(ids)) != len(ids):
        fail("xii rules --ids --json: an id is listed twice")
    else:
        ok()
    bad = copy.deepcopy(doc)
    del bad[0]["summary"]
    must_refuse(v, bad, "a rule id without its summary")
    must_refuse(v, [], "no rule ids")
    return set(ids)


def audit_logs():
    pats = ["tests/golden/audit/*.xii", "tests/golden/messages/*.xii", "tests/golden/filled/*.xii",
            "tests/catalogue/inputs/*.xii", "docs/*.xii"]
    logs = []
    for p in pats:
        logs += sorted(glob.glob(os.path.join(ROOT, p)))
    return [os.path.relpath(f, ROOT) for f in logs]


def check_audit(xii, rule_ids):
    v = load_schema("audit")
    logs = audit_logs()
    if len(logs) < 20:
        fail("only %d logs found to audit" % len(logs))
    samples = {}
    for log in logs:
        for extra in ([], ["--until-round", "1"], ["--until-round", "5"], ["--max-messages", "1"]):
            args = ["audit", "--json"] + extra + [log]
            label = "xii " + " ".join(args)
            status, out = run(xii, args)
            if status not in (0, 1):
                fail("%s: exit status %d" % (label, status))
                continue
            try:
                doc = json.loads(out)
            except ValueError as e:
                fail("%s: not JSON: %s" % (label, e))
                continue
            validate(v, doc, label)
            for kind in ("errors", "warnings"):
                for d in doc.get(kind, []):
                    if isinstance(d, dict) and d.get("code") is not None and d["code"] not in rule_ids:
                        fail("%s: code '%s' is not in xii rules --ids" % (label, d["code"]))
            if doc.get("ok") != (status == 0):
                fail("%s: \"ok\" is %s with exit status %d" % (label, doc.get("ok"), status))
            else:
                ok()
            if doc.get("players") and doc.get("mismatches") and "mismatch" not in samples:
                samples["mismatch"] = doc
            if doc.get("players") and len(doc["players"]) == 1 and "objective" in doc["players"][0]:
                samples.setdefault("solo", doc)
            if doc.get("players") and len(doc["players"]) > 1:
                samples.setdefault("multi", doc)
            if "omitted" in doc:
                samples.setdefault("omitted", doc)
    for kind in ("mismatch", "solo", "multi", "omitted"):
        if kind not in samples:
            fail("no audited log gave a %s report to test the schema's refusals on" % kind)
            return
    good = samples["multi"]
    bad = copy.deepcopy(good)
    del bad["ok"]
    must_refuse(v, bad, "no \"ok\"")
    bad = copy.deepcopy(good)
    bad["players"][0]["assets"]["gold"] = 3
    must_refuse(v, bad, "an unknown asset")
    bad = copy.deepcopy(good)
    del bad["players"][0]["assets"]["food"]
    must_refuse(v, bad, "an asset missing")
    bad = copy.deepcopy(good)
    bad["players"][0]["reserve"] = [{"value": 0, "spent": False}]
    must_refuse(v, bad, "a reserve die showing 0")
    bad = copy.deepcopy(good)
    bad["rounds"] = 11
    must_refuse(v, bad, "round 11")
    bad = copy.deepcopy(good)
    bad["errors"] = [{"line": 3, "col": 1, "code": "Syntax Error", "round": 0, "player": None, "message": "x"}]
    must_refuse(v, bad, "an error code that is no id")
    bad = copy.deepcopy(samples["mismatch"])
    bad["mismatches"][0]["sheet"] = "twelve"
    must_refuse(v, bad, "a mismatch whose sheet value is a word")
    bad = copy.deepcopy(samples["solo"])
    bad["players"][0]["objective"]["achieved"] = "yes"
    must_refuse(v, bad, "an objective achieved \"yes\"")


def check_simulate(xii):
    """A few cheap runs: solo with an objective, several players, mixed bots, every difficulty."""
    v = load_schema("simulate")
    runs = [["--games", "3", "--difficulty", "all"],
            ["--games", "2", "--solo", "merchant", "--difficulty", "normal"],
            ["--games", "2", "--players", "3", "--difficulty", "hard"],
            ["--games", "2", "--players", "2", "--bots", "random,greedy", "--difficulty", "easy"],
            ["--games", "1", "--players", "2", "--bots", "random,greedy", "--difficulty", "easy"]]
    docs = []
    for extra in runs:
        args = ["simulate", "--json", "--threads", "2"] + extra
        label = "xii " + " ".join(args)
        status, out = run(xii, args)
        if status != 0:
            fail("%s: exit status %d" % (label, status))
            continue
        doc = json.loads(out)
        validate(v, doc, label)
        docs.append(doc)
    if len(docs) != len(runs):
        return
    if len(docs[0]["results"]) != 6 or "achieved" not in docs[1]["results"][0]:
        fail("xii simulate --json: six difficulties with --difficulty all, 'achieved' with --solo expected")
    else:
        ok()
    bad = copy.deepcopy(docs[0])
    bad["results"][0]["scores"]["in_band"] = 1.5
    must_refuse(v, bad, "a share of 1.5")
    bad = copy.deepcopy(docs[0])
    del bad["results"][0]["scores"]["median"]
    must_refuse(v, bad, "no median")
    bad = copy.deepcopy(docs[0])
    bad["players"] = 6
    must_refuse(v, bad, "six players")
def example_cuts(tmp):
    """The example game cut where each kind of decision is due: {kind: path}."""
    with open(os.path.join(ROOT, "docs", "example.xii"), encoding="utf-8") as f:
        lines = f.read().split("\n")
    cuts = {}
    for i, line in enumerate(lines):
        word = line.strip().split(" ")[0] if line.strip() else ""
        if word == "turn" and i > 60 and "turn" not in cuts:
            cuts["turn"] = i + 1                  # the turn line, nothing under it
            cuts["middle"] = i + 3                # two dice spent
            j = i + 1
            while j < len(lines) and lines[j].startswith("  "):
                j += 1
            cuts["reserve"] = j                   # its four dice spent: a reserve die may follow
        if word == "war" and "support" in line and "war" not in cuts:
            cuts["war"] = i                       # the line before the war
        if word == "collect" and "collect" not in cuts and i > 40:
            cuts["collect"] = i
    paths = {}
    for kind, n in cuts.items():
        path = os.path.join(tmp, kind + ".xii")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines[:n]) + "\n")
        paths[kind] = path
    return paths


def check_hint(xii):
    import tempfile
    v = load_schema("hint")
    with tempfile.TemporaryDirectory() as tmp:
        cuts = example_cuts(tmp)
        decisions = set()
        good = None
        for kind in ("turn", "middle", "reserve", "war", "collect"):
            if kind not in cuts:
                fail("the example game has no %s position" % kind)
                continue
            args = ["hint", "--json", "--rollouts", "8", "--threads", "2", "--top", "5", cuts[kind]]
            if kind == "war":
                args[1:1] = ["--player", "Tom"]   # Jack's turn just ended: Tom asks about the war
            label = "xii hint --json (%s)" % kind
            status, out = run(xii, args)
            if status != 0:
                fail("%s: exit status %d" % (label, status))
                continue
            doc = json.loads(out)
            validate(v, doc, label)
            decisions.add(doc.get("decision"))
            if kind == "turn":
                good = doc
        for d in ("turn", "war", "collect"):
            if d not in decisions:
                fail("no hint answered a %s decision" % d)
        check_hint_reroll(xii, v, tmp)
    if good is None:
        return
    bad = copy.deepcopy(good)
    bad["plans"] = []
    must_refuse(v, bad, "no plan")
    bad = copy.deepcopy(good)
    bad["plans"][0]["win_probability"] = 1.5
    must_refuse(v, bad, "a chance of winning above 1")
    bad = copy.deepcopy(good)
    bad["stop"] = "tired"
    must_refuse(v, bad, "an unknown stop")
    bad = copy.deepcopy(good)
    del bad["plans"][0]["ci95"]
    must_refuse(v, bad, "a plan without its interval")


def check_hint_reroll(xii, v, tmp):
    """The last turn of tests/golden/filled/five.xii (Jack may re-roll the shared 1 with the town
    court), cut with two dice spent: the re-roll beats every plan ("reroll" with its value)."""
    with open(os.path.join(ROOT, "tests", "golden", "filled", "five.xii"), encoding="utf-8") as f:
        text = f.read()
    turn = "\nturn Jack 4 4\n  4 population\n"
    at = text.find(turn, text.find("\nround 10\n"))
    if at < 0:
        fail("five.xii: no last turn of Jack to cut")
        return None
    path = os.path.join(tmp, "reroll.xii")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text[:at + len(turn)] + "  6 men-at-arms\n")
    label = "xii hint --json (a re-roll)"
    status, out = run(xii, ["hint", "--json", "--threads", "2", "--top", "5", path])
    if status != 0:
        fail("%s: exit status %d" % (label, status))
        return None
    doc = json.loads(out)
    validate(v, doc, label)
    if not doc.get("reroll", {}).get("better"):
        fail("%s: no re-roll worth more than the plans" % label)
        return None
    bad = copy.deepcopy(doc)
    bad["reroll"]["die"] = 5
    must_refuse(v, bad, "a re-roll of a 5")
    bad = copy.deepcopy(doc)
    del bad["reroll"]["better"]
    must_refuse(v, bad, "a re-roll without its verdict")
    return doc


def check_analysis(xii):
    v = load_schema("audit")
    log = "tests/golden/audit/t2-jack-first-turn.xii"
    args = ["audit", "--json", "--analyse", "--rollouts", "4", "--threads", "2", log]
    status, out = run(xii, args)
    label = "xii " + " ".join(args)
    if status != 0:
        fail("%s: exit status %d" % (label, status))
        return
    doc = json.loads(out)
    validate(v, doc, label)
    an = doc.get("analysis")
    if not an or not an["players"] or not an["players"][0]["moves"]:
        fail("%s: no analysis with moves" % label)
        return
    bad = copy.deepcopy(doc)
    bad["analysis"]["players"][0]["moves"][0]["cost"] = "-1"
    must_refuse(v, bad, "a cost that is not a number")
    bad = copy.deepcopy(doc)
    bad["analysis"]["players"][0]["rating"] = "grandmaster"
    must_refuse(v, bad, "an unknown rating")
    bad = copy.deepcopy(doc)
    bad["analysis"]["players"][0]["moves"][0]["mark"] = "oops"
    must_refuse(v, bad, "an unknown mark")
    bad = copy.deepcopy(doc)
    del bad["analysis"]["players"][0]["luck"]
    must_refuse(v, bad, "a player without luck")


def check_kingdom_hint(xii):
    """xii hint --json on the golden kingdom logs that ask something, exact and raced."""
    v = load_schema("kingdom-hint")
    seen = set()
    for name in ("kingdom-last-build", "kingdom-last-six", "kingdom-race"):
        log = os.path.join(ROOT, "tests", "golden", "hint", name + ".kingdom")
        label = "xii hint --json %s" % name
        status, out = run(xii, ["hint", "--json", "--rollouts", "8", "--threads", "2", "--top", "5", log])
        if status != 0:
            fail("%s: exit status %d" % (label, status))
            continue
        doc = json.loads(out)
        validate(v, doc, label)
        seen.add(doc.get("exact"))
        bad = copy.deepcopy(doc)
        bad["decisions"][0]["win"]["mean"] = 150
        must_refuse(v, bad, "a chance of winning above 100 %")
    if seen != {True, False}:
        fail("the kingdom hints were not both exact and raced")


def check_kingdom(xii):
    """The Kingdom's data, rule ids and audits."""
    v = load_schema("kingdom-rules")
    status, out = run(xii, ["rules", "--game", "kingdom", "--json"])
    if status != 0:
        fail("xii rules --game kingdom --json: exit status %d" % status)
        return
    rules = json.loads(out)
    validate(v, rules, "xii rules --game kingdom --json")
    bad = copy.deepcopy(rules)
    bad["stages"][0]["gives"] = "gold"
    must_refuse(v, bad, "a stage that gives gold")
    status, out = run(xii, ["rules", "--game", "kingdom", "--ids", "--json"])
    ids_doc = json.loads(out) if status == 0 else []
    validate(load_schema("rule-ids"), ids_doc, "xii rules --game kingdom --ids --json")
    ids = {e["id"] for e in ids_doc}
    v = load_schema("kingdom-audit")
    logs = sorted(glob.glob(os.path.join(ROOT, "tests", "golden", "kingdom", "*.kingdom")) +
                  glob.glob(os.path.join(ROOT, "docs", "*.kingdom")))
    if len(logs) < 10:
        fail("only %d Kingdom logs found to audit" % len(logs))
    good = None
    for log in logs:
        for extra in ([], ["--until-year", "1"], ["--until-year", "5"], ["--max-messages", "1"]):
            args = ["audit", "--json"] + extra + [os.path.relpath(log, ROOT)]
            label = "xii " + " ".join(args)
            status, out = run(xii, args)
            if status not in (0, 1):
                fail("%s: exit status %d" % (label, status))
                continue
            doc = json.loads(out)
            validate(v, doc, label)
            for kind in ("errors", "mismatches"):
                for d in doc.get(kind, []):
                    if d.get("code") not in ids:
                        fail("%s: code '%s' is not in xii rules --game kingdom --ids" % (label, d.get("code")))
            if doc.get("ok") != (status == 0):
                fail("%s: \"ok\" is %s with exit status %d" % (label, doc.get("ok"), status))
            else:
                ok()
            if doc.get("complete") and doc.get("ledger"):
                good = doc
    if good is None:
        fail("no Kingdom log gave a finished game to test the schema's refusals on")
        return
    bad = copy.deepcopy(good)
    del bad["result"]
    must_refuse(v, bad, "no result")
    bad = copy.deepcopy(good)
    bad["state"]["river"] = ["J1"]
    must_refuse(v, bad, "a river hex J1")
    bad = copy.deepcopy(good)
    bad["state"]["stock"]["food"] = -1
    must_refuse(v, bad, "food -1")


def main():
    if len(sys.argv) != 2:
        print("usage: python3 tests/check-schemas.py path/to/xii", file=sys.stderr)
        return 2
    xii = os.path.abspath(sys.argv[1])
    schemas = sorted(os.path.basename(f)[:-5] for f in glob.glob(os.path.join(ROOT, "docs", "schema", "*.json")))
    for name in schemas:
        try:
            load_schema(name)
            ok()
        except (ValueError, jsonschema.SchemaError) as e:
            fail("docs/schema/%s.json is no valid draft 2020-12 schema: %s" % (name, str(e)[:200]))
    checked = {"rules", "rule-ids", "audit", "simulate", "hint", "kingdom-audit", "kingdom-rules", "kingdom-hint"}
    for name in schemas:
        if name not in checked:
            fail("docs/schema/%s.json is checked by nothing in tests/check-schemas.py" % name)
    check_rules(xii)
    check_audit(xii, check_rule_ids(xii))
    check_simulate(xii)
    check_hint(xii)
    check_analysis(xii)
    check_kingdom(xii)
    check_kingdom_hint(xii)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""xii serve over real HTTP on 127.0.0.1, without a browser: the options, the links and their
QR codes, the join sheet (pdftotext), the security headers on every answer, 403 without a
token, the size limit, a line entered and flushed before the answer, SIGTERM, the same links
after a restart, what a bad start says, the hint (what xii hint says), and a war entry that
survives kill -9. Traffic goes to 127.0.0.1 only.
usage: check-http.py XII DIR"""
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

xii, out = sys.argv[1], sys.argv[2]
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print('FAILED: ' + what)


def start(args):
    p = subprocess.Popen([xii, 'serve', '--port', '0'] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    text, links = '', {}
    deadline = time.time() + 10
    while time.time() < deadline:
        line = p.stdout.readline()
        if not line:
            break
        text += line
        m = re.match(r'(\w+): (http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32}))$', line.strip())
        if m:
            links[m.group(1)] = (int(m.group(3)), m.group(4))
        if len(links) == 3:
            break
    return p, links, text


def request(port, method, path, body=None, headers=None):
    c = http.client.HTTPConnection('127.0.0.1', port, timeout=10)
    c.request(method, path, body=body, headers=headers or {})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r, data


game = os.path.join(out, 'game.xii')
join = os.path.join(out, 'join.pdf')
p, links, text = start(['--players', 'Ann Ben', '--difficulty', 'hard', '--events',
                        '5 water-storm, 6 water-storm, 7 outlaws-attack, 8 outlaws-attack, 9 fire, 10 famine',
                        '--pdf', join, game])
check(sorted(links) == ['Ann', 'Ben', 'table'], 'a link for the table and each player: ' + text)
check(text.count('\u2588') > 100, 'QR codes on the terminal')
check(open(game).read().startswith('players Ann Ben\ndifficulty hard\nevents '), 'the header from the options')
check(oct(os.stat(game + '.links').st_mode & 0o777) == '0o600', 'the links are kept, private')
pdf = subprocess.run(['pdftotext', join, '-'], capture_output=True, text=True).stdout
check('Ann' in pdf and 'Ben' in pdf and 'table' in pdf and links['Ann'][1] in pdf, 'the join sheet names every link')
port, table = links['table']
ann = links['Ann'][1]
headers_wanted = {'Content-Security-Policy': "default-src 'none'", 'X-Content-Type-Options': 'nosniff',
                  'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY'}
for method, path in [('GET', '/'), ('GET', '/api/state'), ('POST', '/api/line'), ('GET', '/page.js'),
                     ('GET', '/sheet/1.svg'), ('GET', '/nowhere'), ('DELETE', '/api/undo')]:
    r, _ = request(port, method, path)
    check(r.status == 403, '%s %s without a token: %d' % (method, path, r.status))
    r, _ = request(port, method, path + '?token=' + 'f' * 32)
    check(r.status == 403, '%s %s with a wrong token: %d' % (method, path, r.status))
    r, _ = request(port, method, path + '?token=' + table + '&token=' + table)
    for k, v in headers_wanted.items():
        check(v in (r.getheader(k) or ''), '%s %s: header %s' % (method, path, k))
r, data = request(port, 'GET', '/?token=' + table)
check(r.status == 200 and b'page.js?token=' + table.encode() in data, 'the page')
check(r.getheader('Content-Type') == 'text/html; charset=utf-8', 'the page is HTML')
r, data = request(port, 'POST', '/api/line?token=' + table, body=b'x' * 5000)
check(r.status == 413, 'a body over the limit: 413 (%d)' % r.status)
r, data = request(port, 'POST', '/api/line?token=' + ann, body=b'round 1')
check(r.status == 200 and b'"accepted": false' in data and b"table's" in data, "a player cannot start a round")
r, data = request(port, 'POST', '/api/line?token=' + table, body=b'round 1')
check(b'"accepted": true' in data and open(game).read().endswith('round 1\n'), 'a line flushed before the answer')
os.kill(p.pid, signal.SIGTERM)
rest, err = p.communicate(timeout=10)
check(p.returncode == 0 and 'Stopped: ' in rest, 'SIGTERM stops the server: %s %s' % (p.returncode, rest + err))
# A restart continues the game with the same links.
p, links2, text = start([game])
check(links2.get('table', (0, ''))[1] == table and links2.get('Ann', (0, ''))[1] == ann, 'the same links after a restart')
check('round 1' in open(game).read(), 'the game continues')
p.send_signal(signal.SIGINT)
p.communicate(timeout=10)
check(p.returncode == 0, 'Ctrl-C stops the server')
# Bad starts.
for args, why in [(['--port', '70000', game], '--port'), (['--seed', 'x', game], '--seed'), ([], 'which file'),
                  (['--bogus', game], '--bogus'), (['--pdf', '-', game], 'join sheet')]:
    r = subprocess.run([xii, 'serve'] + args, capture_output=True, text=True, timeout=10)
    check(r.returncode == 2 and why in r.stderr, 'xii serve %s: status 2, says %s (%s)' % (' '.join(args), why, r.stderr))
bad = os.path.join(out, 'bad.xii')
with open(bad, 'w') as f:
    f.write('players Ann Ben\nround 1\nturn Zed 1 2\n')
r = subprocess.run([xii, 'serve', '--port', '0', bad], capture_output=True, text=True, timeout=10)
check(r.returncode == 2 and 'has errors' in r.stderr, 'a FILE with errors is refused: ' + r.stderr)
with open(game + '.links', 'w') as f:
    f.write('not links\n')
r = subprocess.run([xii, 'serve', '--port', '0', game], capture_output=True, text=True, timeout=10)
check(r.returncode != 0 and 'not a file of links' in r.stderr, 'a damaged FILE.links is refused: ' + r.stderr)
# The hint is about xii hint's position, bounded in time, and says how its plans are ranked.
game_lines = open(os.path.join(os.path.dirname(__file__), '..', 'browser', 'game-2p.xii')).read().split('\n')
late = os.path.join(out, 'late.xii')
with open(late, 'w') as f:
    f.write('\n'.join(game_lines[:153]) + '\n')
p, links, text = start([late])
port = links['Ann'][0]
r, data = request(port, 'GET', '/api/hint?token=' + links['Ann'][1])
want = subprocess.run([xii, 'hint', '--player', 'Ann', late], capture_output=True, text=True).stdout
got = json.loads(data)
check(r.status == 200 and got['hint'].split('\n')[0] == want.split('\n')[0] and want.startswith('Ann, round 10'),
      'the hint is about xii hint\'s position: ' + data.decode())
check(got['ranked_by'] == 'win' and got['seconds'] == 1.0 and got['rollouts'] == 32,
      'the hint is time-bounded and says how it ranks: ' + data.decode())
check(got['plans'] and all(not line.startswith(' ') for line in got['plans'][0]['lines']), 'each plan\'s lines')
r, data = request(port, 'GET', '/api/hint?token=' + links['Ben'][1])
check(r.status == 200 and json.loads(data)['message'] == "the decision at the end of the log is Ann's, not Ben's",
      "Ben's link is told whose decision it is: " + data.decode())
r, _ = request(port, 'GET', '/api/hint')
check(r.status == 403, 'no hint without a token')
p.send_signal(signal.SIGTERM)
p.communicate(timeout=10)
# A war entry waiting survives kill -9: Ann's entry is found again, Ben's writes the war line.
war = os.path.join(out, 'war.xii')
with open(war, 'w') as f:
    f.write('\n'.join(game_lines[:20]) + '\n')
p, links, text = start([war])
port = links['Ann'][0]
r, data = request(port, 'POST', '/api/line?token=' + links['Ann'][1], body=b'war Ann avoid')
check(json.loads(data)['waiting'] and os.path.exists(war + '.war'), 'a war entry waits, kept in FILE.war')
p.kill()
p.communicate(timeout=10)
p, links, text = start([war])
port = links['Ann'][0]
r, data = request(port, 'GET', '/api/state?token=' + links['table'][1])
entered = [e['entered'] for e in json.loads(data)['awaited'].get('war', [])]
check(entered == [True, False], "after kill -9 and a restart Ann's entry still waits: %s" % entered)
r, data = request(port, 'POST', '/api/line?token=' + links['Ben'][1], body=b'war Ben avoid')
check(json.loads(data)['accepted'] and open(war).read().endswith('war Ann avoid, Ben avoid\n')
      and not os.path.exists(war + '.war'), 'the last entry writes the war line and FILE.war goes')
p.send_signal(signal.SIGTERM)
p.communicate(timeout=10)
print('serve: %d passed, %d failed' % (passed, failed))
sys.exit(1 if failed else 0)

#!/usr/bin/env python3
"""xii serve for a Kingdom game over real HTTP on 127.0.0.1: the one link, 403 without its
token, the page's files with the security headers, a whole game played by decision indices
(each accepted decision in FILE before the answer), a stale version refused with 409 and
nothing written, undo, the end, a restart that keeps the link and the game, and FILE audited
clean by xii audit. usage: check-kingdom.py XII DIR"""
import json
import os
import random
import re
import signal
import subprocess
import sys
import time

from serve_check import check, finish, fresh_folder, request, start as start_serve

xii, out = sys.argv[1], sys.argv[2]
fresh_folder(out)


def start(args):
    p, links, text = start_serve(xii, args, 1, qr_after=True)
    return p, links.get('player'), text


def stop(p):
    p.send_signal(signal.SIGTERM)
    rest, err = p.communicate(timeout=10)
    return p.returncode, rest, err


game = os.path.join(out, 'game.kingdom')
p, link, text = start(['--game', 'kingdom', game])
check(link is not None, 'one link, the player\'s: ' + text)
check('(Kingdom)' in text and text.count('\u2588') > 30, 'the game named, the link\'s QR code: ' + text)
check(oct(os.stat(game + '.links').st_mode & 0o777) == '0o600', 'the link is kept, private')
port, token = link
q = '?token=' + token

for method, path in [('GET', '/'), ('GET', '/api/state'), ('POST', '/api/decide'), ('GET', '/page.js'),
                     ('GET', '/api/hint')]:
    for t in ['', '?token=' + '0' * 32]:
        r, _ = request(port, method, path + t)
        check(r.status == 403, '%s %s%s without the token: %d' % (method, path, t, r.status))
for path, kind in [('/', 'text/html'), ('/page.js', 'text/javascript'), ('/page.css', 'text/css')]:
    r, data = request(port, 'GET', path + q)
    check(r.status == 200 and r.getheader('Content-Type', '').startswith(kind) and
          "default-src 'none'" in r.getheader('Content-Security-Policy', '') and
          r.getheader('Cache-Control') == 'no-store', 'the page file ' + path)
    check(token in data.decode() or path != '/', 'the page carries its token')
r, _ = request(port, 'GET', '/nowhere' + q)
check(r.status == 404, 'no such page: 404')
r, _ = request(port, 'GET', '/api/decide' + q)
check(r.status == 405, 'GET on a POST path: 405')


def state():
    r, data = request(port, 'GET', '/api/state' + q)
    check(r.status == 200, 'the state')
    return json.loads(data)


st = state()
check(st['game'] == 'kingdom' and st['version'] == 0 and st['current'] == 'dice', 'a new game: the dice first')
check(len(st['board']['hexes']) == 61 and st['board']['hexes'][30]['ground'] == 'capital',
      'the board: 61 hexes, the capital E5')
check(open(game).read().startswith('kingdom 1\n'), 'FILE opens with the game\'s first statement')
# No hint where the dice decide, and why in the page's words (its taps), not the log's statements.
r, data = request(port, 'GET', '/api/hint' + q)
h = json.loads(data) if r.status == 200 else {}
check(h.get('hint', 0) is None and h.get('why') == 'nothing to decide: ' + st['board']['tap'],
      'no hint at the range roll, why in the page\'s words: %r' % h)

# Stale versions and bad bodies change nothing.
before = open(game).read()
for body, status in [('1 0', 409), ('0 999', 400), ('x', 400), ('0', 400), ('0 0 0', 400), ('', 400)]:
    r, _ = request(port, 'POST', '/api/decide' + q, body)
    check(r.status == status, 'decide %r: %d, not %d' % (body, r.status, status))
r, _ = request(port, 'POST', '/api/undo' + q, '7')
check(r.status == 409, 'undo at a stale version: 409')
check(open(game).read() == before, 'nothing written by a refused request')



def pick(ds):
    """A player that feeds its kingdom first: food at the capital, farms, else any building, the
    year ended now and then; the dice and the rest at random."""
    labels = [d['label'] for d in ds]
    if all(x.startswith('capital') for x in labels):
        return max(ds, key=lambda d: d['label'].count('food'))
    for word, p in [('build farm', 0.7), ('trade', 0.3), ('build', 0.8), ('done', 1.0)]:
        some = [d for d in ds if d['label'].startswith(word)]
        if some and rng.random() < p:
            return rng.choice(some)
    return rng.choice(ds)


# A whole game by indices (seeded), each answer's state the next version's.
rng = random.Random(int(os.environ.get('SEED', '1')))
decisions = undos = 0
while not st['over'] and decisions < 4000:
    n = len(st['decisions'])
    check(n > 0, 'decisions while the game goes on')
    if decisions == (10, 40, -1)[undos]:
        r, data = request(port, 'POST', '/api/undo' + q, str(st['version']))
        check(r.status == 200, 'undo: %d %s' % (r.status, data[:200]))
        after = json.loads(data)
        check(after['version'] == st['version'] + 1 and after['news'].startswith('taken back'), 'undo answered')
        check(open(game).read() == after['log'], 'undo: FILE cut before the answer')
        st = after
        undos += 1
        continue
    choice = pick(st['decisions'])
    time.sleep(0.03)    # within the link's limit of 40 writes a second
    r, data = request(port, 'POST', '/api/decide' + q, '%d %d' % (st['version'], choice['index']))
    check(r.status == 200, 'decide %s: %d %s' % (choice['label'], r.status, data[:300]))
    if r.status != 200:
        break
    after = json.loads(data)
    check(after['version'] == st['version'] + 1, 'the version moves on')
    check(open(game).read() == after['log'], 'FILE holds what was written before the answer')
    st = after
    decisions += 1
check(st['over'], 'the game ended after %d decisions' % decisions)
check(undos == 2, 'two undos in %d decisions' % decisions)
text = open(game).read()
check(re.search(r'^result (win|loss)$', text, re.M) is not None, 'FILE has the result')
a = subprocess.run([xii, 'audit', game], capture_output=True, text=True)
check(a.returncode == 0, 'xii audit FILE is clean: ' + a.stdout[-400:] + a.stderr[-400:])
r, data = request(port, 'POST', '/api/decide' + q, '%d 0' % st['version'])
check(r.status == 400, 'nothing to decide after the end')
r, data = request(port, 'GET', '/sheet.pdf' + q)
check(r.status == 200 and r.getheader('Content-Type') == 'application/pdf' and data.startswith(b'%PDF'),
      'the filled sheet\'s PDF: %d' % r.status)
open(os.path.join(out, 'sheet.pdf'), 'wb').write(data)
sheet = subprocess.run(['pdftotext', '-layout', os.path.join(out, 'sheet.pdf'), '-'], capture_output=True,
                       text=True).stdout
year = max(int(y) for y in re.findall(r'^year (\d+)$', text, re.M))
check('KINGDOM' in sheet and re.search(r'(won|lost) in year %d' % year, sheet) is not None,
      'the filled sheet has the result: ' + sheet[:300])

# Waiting pages hear of a change; stopping and starting again keeps the link and the game.
r, data = request(port, 'GET', '/api/wait' + q + '&since=%d' % (st['version'] - 1))
check(r.status == 200 and json.loads(data)['version'] == st['version'], 'wait answers at once when behind')
rc, rest, err = stop(p)
check(rc == 0 and 'Stopped' in rest, 'SIGTERM stops the server: %d %s %s' % (rc, rest, err))
p, link2, text = start([game])
check(link2 is not None and link2[1] == token, 'a restart keeps the link (from FILE\'s first line: Kingdom)')
if link2:
    port = link2[0]
    st2 = state()
    check(st2['over'] and st2['log'] == open(game).read(),
          'the game is continued as it stands')
    r, data = request(port, 'POST', '/api/undo' + q, str(st2['version']))
    check(r.status == 200 and not json.loads(data)['over'], 'the end can be taken back')
    # The hint: xii hint's answer on the file so far (or, where nothing is decided, why not).
    r, data = request(port, 'GET', '/api/hint' + q)
    h = json.loads(data) if r.status == 200 else {}
    cli = subprocess.run([xii, 'hint', game], capture_output=True, text=True)
    if h.get('hint') is None:
        check(h.get('why', '').startswith('nothing to decide: ') and cli.returncode == 2,
              'no hint where nothing is decided: %r' % h)
    else:
        check(h['hint'] == cli.stdout and h['version'] == json.loads(data)['version'],
              'the page\'s hint is xii hint\'s answer: %r' % h)
stop(p)

# Options that are XII Century's, and another game's file.
r = subprocess.run([xii, 'serve', '--port', '0', '--players', 'Ann', game], capture_output=True, text=True)
check(r.returncode == 2 and 'XII Century' in r.stderr, 'XII Century\'s options refused: ' + r.stderr)
r = subprocess.run([xii, 'serve', '--port', '0', '--game', 'xii', game], capture_output=True, text=True)
check(r.returncode == 2 and 'is a Kingdom game' in r.stderr, 'another game named: ' + r.stderr)

finish('serve kingdom')

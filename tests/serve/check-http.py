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
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time

from serve_check import check, finish, fresh_folder, request, start as start_serve

xii, out = sys.argv[1], sys.argv[2]
fresh_folder(out)


def start(args):
    return start_serve(xii, args, 3)


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


def raw(port, data):
    """Sends data as it is; the whole answer (until the server closes)."""
    s = socket.create_connection(('127.0.0.1', port), timeout=5)
    s.sendall(data)
    got = b''
    try:
        while True:
            c = s.recv(65536)
            if not c:
                break
            got += c
    except OSError:
        pass
    s.close()
    return got


# What libmicrohttpd would answer with its own page (or not at all) is answered with ours: the
# security headers and a JSON error.
args = '&'.join('a%d=1' % k for k in range(400))
for data, status in [(b'GARBAGE\r\n\r\n', 400), (b'GET / HTTP/2.0\r\nHost: x\r\n\r\n', 505),
                     (b'GET /' + b'a' * 20000 + b' HTTP/1.1\r\n\r\n', 414),
                     (b'GET / HTTP/1.1\r\nX: ' + b'a' * 20000 + b'\r\n\r\n', 431),
                     (b'GET / HTTP/1.1\r\n' + b'X: y\r\n' * 100 + b'\r\n', 431),
                     (('GET /api/state?token=%s&%s HTTP/1.1\r\n\r\n' % (table, args)).encode(), 400),
                     (b'POST /api/line HTTP/1.1\r\nContent-Length: x\r\n\r\n', 400),
                     (b'POST /api/line HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n', 501),
                     (b'GET / HTTP/1.1\r\nBad header\r\n\r\n', 400)]:
    got = raw(port, data)
    head, _, body = got.partition(b'\r\n\r\n')
    what = data[:30].decode(errors='replace')
    check(head.startswith(b'HTTP/1.1 %d ' % status), '%r...: answered %d (%s)' % (what, status, head[:40]))
    for k, v in headers_wanted.items():
        check(('%s: %s' % (k, v)).encode() in head, '%r...: its answer has %s' % (what, k))
    check(body.startswith(b'{') and b'"error"' in body, '%r...: a JSON error (%s)' % (what, body[:60]))
# A client that stops sending half-way through its head is closed at once.
s = socket.create_connection(('127.0.0.1', port), timeout=5)
s.sendall(b'GET /api/sta')
s.shutdown(socket.SHUT_WR)
t0 = time.time()
try:
    closed = s.recv(100) == b''
except OSError:
    closed = True
s.close()
check(closed and time.time() - t0 < 2, 'a head cut short: closed at once (%.1f s)' % (time.time() - t0))
r, data = request(port, 'GET', '/?token=' + table)
check(r.status == 200 and b'page.js?token=' + table.encode() in data, 'the page')
check(r.getheader('Content-Type') == 'text/html; charset=utf-8', 'the page is HTML')
r, _ = request(port, 'GET', '/api/state%00junk?token=' + table)
check(r.status == 404, 'a path with %%00 in it is no page: %d' % r.status)
for host, want in [('evil.example', 403), ('evil.example:%d' % port, 403), ('127.0.0.1:%d' % (port + 1), 403),
                   ('localhost:%d' % port, 200), ('127.0.0.1:%d' % port, 200)]:
    r, _ = request(port, 'GET', '/api/state?token=' + table, headers={'Host': host})
    check(r.status == want, 'Host: %s: %d (%d wanted)' % (host, r.status, want))
for origin, want in [('http://evil.example', 403), ('null', 403), ('http://127.0.0.1:%d' % port, 200)]:
    r, _ = request(port, 'GET', '/api/state?token=' + table, headers={'Origin': origin})
    check(r.status == want, 'Origin: %s: %d (%d wanted)' % (origin, r.status, want))
before = open(game).read()
r, _ = request(port, 'POST', '/api/line?token=' + table, body=b'# from elsewhere', headers={'Origin': 'http://evil.example'})
check(r.status == 403 and open(game).read() == before, 'a POST from a page elsewhere: 403, nothing written')
r, data = request(port, 'POST', '/api/line?token=' + table, body=b'x' * 5000)
check(r.status == 413, 'a body over the limit: 413 (%d)' % r.status)
r, data = request(port, 'POST', '/api/line?token=' + ann, body=b'round 1')
check(r.status == 200 and b'"accepted": false' in data and b"table's" in data, "a player cannot start a round")
r, data = request(port, 'POST', '/api/line?token=' + table, body=b'round 1')
check(b'"accepted": true' in data and open(game).read().endswith('round 1\n'), 'a line flushed before the answer')


def flood(port, path, n, body):
    """n POSTs on one kept-alive connection: their statuses."""
    c = http.client.HTTPConnection('127.0.0.1', port, timeout=10)
    codes = []
    for _ in range(n):
        c.request('POST', path, body=body)
        r = c.getresponse()
        r.read()
        codes.append(r.status)
    c.close()
    return codes


# The token is checked first: requests without one never drain a link's write limit, and a
# link that floods slows only itself.
codes = flood(port, '/api/line', 200, b'shared 3 4') + flood(port, '/api/line?token=' + 'e' * 32, 200, b'shared 3 4')
check(codes.count(403) == 400, '400 POSTs without a valid token: all 403 (%s)' % sorted(set(codes)))
r, data = request(port, 'POST', '/api/line?token=' + table, body=b'shared 3 4')
check(r.status == 200 and b'"accepted": true' in data, "the table's next line after them: %d %s" % (r.status, data))
codes = flood(port, '/api/line?token=' + ann, 300, b'round 2')
check(codes.count(429) > 0 and codes.count(200) >= 80, "Ann's link flooding: limited (%d x 429)" % codes.count(429))
r, data = request(port, 'POST', '/api/undo?token=' + table)
check(r.status == 200 and b'"accepted": true' in data, "the table's undo meanwhile: %d" % r.status)
r, data = request(port, 'POST', '/api/line?token=' + table, body=b'shared 3 4')
check(r.status == 200 and b'"accepted": true' in data, "the table's line meanwhile: %d" % r.status)


def slow_clients(port, n, seconds):
    """n connections without a token (half from 127.0.0.1, half from 127.0.0.2) that send their
    request one byte every 5 s for at most `seconds`: the sockets, and the thread dripping."""
    socks = []
    for k in range(n):
        s = socket.socket()
        s.bind(('127.0.0.%d' % (1 + 2 * k // n), 0))
        s.settimeout(5)
        s.connect(('127.0.0.1', port))
        socks.append(s)
    request = b'GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + b'x' * 100

    def drip():
        end = time.time() + seconds
        k = 0
        while time.time() < end:
            for s in socks:
                try:
                    s.send(request[k:k + 1])
                except OSError:
                    pass
            k += 1
            time.sleep(5)
    t = threading.Thread(target=drip, daemon=True)
    t.start()
    return socks, t


def timed_request(port, method, path, body=None):
    """(status or the error, seconds taken)"""
    t0 = time.time()
    try:
        r, _ = request(port, method, path, body)
        return r.status, time.time() - t0
    except Exception as e:
        return repr(e), time.time() - t0


# Slow clients do not lock the table out: 64 connections without a token, one byte every 5 s;
# the table's and Ann's requests are answered at once, and every slow one is closed within the
# deadline of a whole request header (10 s).
t0 = time.time()
socks, drip = slow_clients(port, 64, 11)
time.sleep(6)
got, took = timed_request(port, 'GET', '/api/state?token=' + table)
check(got == 200 and took < 3, "the table's page with 64 slow clients: %s after %.1f s" % (got, took))
got, took = timed_request(port, 'POST', '/api/line?token=' + ann, b'1 2')
check(got == 200 and took < 3, "Ann's line with 64 slow clients: %s after %.1f s" % (got, took))
time.sleep(max(0, t0 + 12.5 - time.time()))
closed = answered = 0
for s in socks:
    got = b''
    try:
        s.settimeout(0.2)
        while True:
            c = s.recv(4096)
            if not c:
                closed += 1
                break
            got += c
    except ConnectionResetError:
        closed += 1
    except OSError:
        pass
    answered += got.startswith(b'HTTP/1.1 408 ') or got.startswith(b'HTTP/1.1 503 ')
    s.close()
check(closed == 64, 'every slow client closed by the header deadline: %d of 64' % closed)
check(answered == 64, 'each told why (408, or 503 when pushed out): %d of 64' % answered)
drip.join()
r, data = request(port, 'POST', '/api/undo?token=' + ann)
check(b'"accepted": true' in data, "Ann's line taken back")

os.kill(p.pid, signal.SIGTERM)
rest, err = p.communicate(timeout=10)
check(p.returncode == 0 and 'Stopped: ' in rest, 'SIGTERM stops the server: %s %s' % (p.returncode, rest + err))
# A restart continues the game with the same links.
p, links2, text = start([game])
check(links2.get('table', (0, ''))[1] == table and links2.get('Ann', (0, ''))[1] == ann, 'the same links after a restart')
for cmd in [['play'], ['serve', '--port', '0']]:
    r = subprocess.run([xii] + cmd + [game], capture_output=True, text=True, timeout=10, stdin=subprocess.DEVNULL)
    check(r.returncode == 3 and 'is being recorded by xii serve (process %d holds' % p.pid in r.stderr,
          'xii %s while xii serve holds FILE: says so (%s)' % (cmd[0], r.stderr.strip()))
check('round 1' in open(game).read(), 'the game continues')
r, data = request(links2['table'][0], 'GET', '/api/state?token=' + table)
told = [n['text'] for n in json.loads(data)['narration']]
check(any(t.startswith('\nround 1\n') for t in told) and any('shared 3 4' in t for t in told),
      'what happened is told again after the restart: %s' % told)
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
# FILE.links and FILE.war: never through a link, never a FIFO (the start would hang).
os.remove(game + '.links')
secret = os.path.join(out, 'secret')
with open(secret, 'w') as f:
    f.write('precious\n')
for name, make in [('.links', lambda p: os.symlink(secret, p)), ('.links', lambda p: os.symlink(secret + '-none', p)),
                   ('.links', os.mkfifo), ('.war', os.mkfifo), ('.war', lambda p: os.symlink(secret, p))]:
    make(game + name)
    try:
        r = subprocess.run([xii, 'serve', '--port', '0', game], capture_output=True, text=True, timeout=10)
        check(r.returncode == 3 and ('symbolic link' in r.stderr or 'FIFO' in r.stderr),
              'a %s that is %s: refused (%s)' % (name, 'a link' if os.path.islink(game + name) else 'a FIFO', r.stderr))
    except subprocess.TimeoutExpired:
        check(False, 'a %s that is no regular file: the start hangs' % name)
    os.remove(game + name)
check(open(secret).read() == 'precious\n' and not os.path.exists(secret + '-none'), 'nothing written through a link')
# With --lan any Host is served (the network's own names), but never a page from elsewhere.
lan = subprocess.Popen([xii, 'serve', '--port', '0', '--lan', game], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)

def lan_port(p):
    end = time.time() + 10
    while time.time() < end:
        m = re.search(r'^table: http://[^:]+:(\d+)/\?token=([0-9a-f]{32})', p.stdout.readline())
        if m:
            return int(m.group(1)), m.group(2)
    return 0, ''


lport, ltab = lan_port(lan)
r, _ = request(lport, 'GET', '/api/state?token=' + ltab, headers={'Host': 'table.lan:%d' % lport})
check(r.status == 200, 'with --lan another host name is served: %d' % r.status)
r, _ = request(lport, 'GET', '/api/state?token=' + ltab, headers={'Host': 'table.lan:%d' % lport,
                                                                  'Origin': 'http://evil.example'})
check(r.status == 403, 'with --lan a page from elsewhere is refused: %d' % r.status)
lan.send_signal(signal.SIGTERM)
lan.communicate(timeout=10)
# The seats' links follow the players line, on the terminal too.


def follow(p):
    """A queue of p's standard output lines, read by a thread."""
    q = queue.Queue()

    def run():
        for line in p.stdout:
            q.put(line)
    threading.Thread(target=run, daemon=True).start()
    return q


def until(q, pattern, seconds=5):
    """The lines read up to the first that matches pattern (None when none comes in time)."""
    got, end = [], time.time() + seconds
    while time.time() < end:
        try:
            line = q.get(timeout=max(0.01, end - time.time()))
        except queue.Empty:
            break
        got.append(line)
        if re.search(pattern, line):
            return got
    return None


fresh = os.path.join(out, 'fresh.xii')
p = subprocess.Popen([xii, 'serve', '--port', '0', fresh], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
q = follow(p)
got = until(q, r'^table: ')
m = re.search(r':(\d+)/\?token=([0-9a-f]{32})', got[-1] if got else '')
port, tab = int(m.group(1)), m.group(2)
request(port, 'POST', '/api/line?token=' + tab, body=b'players Ann Ben Cid')
got = until(q, r'^Cid: ')
cid = re.search(r'token=([0-9a-f]{32})', got[-1]).group(1) if got else ''
check(got and any(line.startswith('Ann: ') for line in got), 'the three links printed once the players are known')
request(port, 'POST', '/api/undo?token=' + tab)
check(until(q, r'players line was taken back') is not None, 'the terminal says the links stop when the players line goes')
request(port, 'POST', '/api/line?token=' + tab, body=b'players Xena')
got = until(q, r'^Xena: ')
check(got is not None and not any(line.startswith('Ann: ') for line in got), "Xena's link printed as hers: %s" % got)
r, _ = request(port, 'GET', '/api/state?token=' + cid)
check(r.status == 403, "Cid's link no longer works: %d" % r.status)
p.send_signal(signal.SIGTERM)
p.communicate(timeout=10)
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
finish('serve')

#!/usr/bin/env python3
"""Load test of xii serve on the loopback address: 6 clients, 10,000 requests in all.

Starts `xii serve --port 0` on a copy of a game in progress (the first 80 statements of
tests/browser/game-2p.xii), then 6 threads send requests the way the pages do: mostly
GET /api/state, some /api/wait for another version (answered at once), the page and its script, seat 1's sheet,
and one line in 50 POSTed (a refused line, which the recorder checks in full against the
log, and nothing is written). Meanwhile a seventh client asks the table's hint
(GET /api/hint: the advisor's rollouts, a second or more of processor time, off the server's
lock) again and again: its answers (200, or 429 when busy) and times are counted apart.
Prints the latency percentiles, the errors (any answer but 200, any connection failure) and
the server's memory (VmRSS, VmHWM) before and after; the file must be unchanged. Traffic goes to 127.0.0.1 only and stops by itself.
usage: serve-load.py XII [CLIENTS REQUESTS]"""
import http.client
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time


def memory(pid):
    fields = {}
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            k, _, v = line.partition(':')
            if k in ('VmRSS', 'VmHWM'):
                fields[k] = int(v.split()[0])
    return fields


def main():
    xii = sys.argv[1]
    clients = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    total = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
    tmp = tempfile.mkdtemp(prefix='xii-serve-load-')
    try:
        src = open('tests/browser/game-2p.xii').read().split('\n')
        kept, n = [], 0
        for line in src:
            s = line.strip()
            if s and not s.startswith('#') and not re.match(r'(xii|game|players|difficulty|events) ', s):
                n += 1
                if n > 80:
                    break
            kept.append(line)
        game = os.path.join(tmp, 'game.xii')
        with open(game, 'w') as f:
            f.write('\n'.join(kept) + '\n')
        before = open(game).read()
        server = subprocess.Popen([xii, 'serve', '--port', '0', game], stdout=subprocess.PIPE, text=True)
        links, port = {}, None
        deadline = time.time() + 10
        while time.time() < deadline and len(links) < 3:
            line = server.stdout.readline()
            m = re.match(r'(table|Ann|Ben): http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32})$', line.strip())
            if m:
                links[m.group(1)] = m.group(3)
                port = int(m.group(2))
        if len(links) < 3:
            print('serve-load: xii serve printed no links', file=sys.stderr)
            server.kill()
            return 1
        threading.Thread(target=server.stdout.read, daemon=True).start()   # drain
        mem0 = memory(server.pid)
        latencies, errors = [], []
        lock = threading.Lock()

        def client(k):
            token = links[('table', 'Ann', 'Ben')[k % 3]]
            conn = http.client.HTTPConnection('127.0.0.1', port, timeout=30)
            mine, bad = [], []
            for i in range(total // clients + (1 if k < total % clients else 0)):
                r = i % 100
                if r < 2:
                    method, path, body = 'POST', '/api/line', '9 food'
                elif r < 3:
                    method, path, body = 'GET', '/sheet/1.svg', None
                elif r < 8:
                    method, path, body = 'GET', '/', None
                elif r < 13:
                    method, path, body = 'GET', '/page.js', None
                elif r < 23:
                    method, path, body = 'GET', '/api/wait', None
                else:
                    method, path, body = 'GET', '/api/state', None
                url = path + '?token=' + token + ('&since=999999' if path == '/api/wait' else '')
                t0 = time.perf_counter()
                try:
                    conn.request(method, url, body=body)
                    resp = conn.getresponse()
                    data = resp.read()
                    if resp.status != 200 or (method == 'POST' and b'"accepted": false' not in data):
                        bad.append('%s %s: %d' % (method, path, resp.status))
                except (OSError, http.client.HTTPException) as e:
                    bad.append('%s %s: %s' % (method, path, e))
                    conn.close()
                    conn = http.client.HTTPConnection('127.0.0.1', port, timeout=30)
                mine.append(time.perf_counter() - t0)
            conn.close()
            with lock:
                latencies.extend(mine)
                errors.extend(bad)

        done = threading.Event()
        hints = []

        def hinter():
            conn = http.client.HTTPConnection('127.0.0.1', port, timeout=60)
            while not done.is_set():
                t0 = time.perf_counter()
                try:
                    conn.request('GET', '/api/hint?token=' + links['table'])
                    resp = conn.getresponse()
                    data = resp.read()
                    hints.append((resp.status, time.perf_counter() - t0, b'"hint": "' in data))
                except (OSError, http.client.HTTPException) as e:
                    errors.append('GET /api/hint: %s' % e)
                    conn.close()
                    conn = http.client.HTTPConnection('127.0.0.1', port, timeout=60)
            conn.close()

        t0 = time.perf_counter()
        threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
        hint_thread = threading.Thread(target=hinter)
        hint_thread.start()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t0
        done.set()
        hint_thread.join()
        mem1 = memory(server.pid)
        server.terminate()
        server.wait(timeout=10)
        latencies.sort()
        q = lambda p: latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000
        print('%d clients, %d requests in %.2f s (%.0f requests/s): %d errors' %
              (clients, len(latencies), wall, len(latencies) / wall, len(errors)))
        print('latency ms: p50 %.2f, p90 %.2f, p99 %.2f, max %.2f' % (q(0.50), q(0.90), q(0.99), latencies[-1] * 1000))
        given = [t for status, t, ok in hints if status == 200 and ok]
        print('hints meanwhile: %d answered with a hint (%s), %d other answers (%s)' %
              (len(given), 'median %.2f s' % sorted(given)[len(given) // 2] if given else '-',
               len(hints) - len(given), ', '.join(sorted(set(str(s) for s, _, ok in hints if not (s == 200 and ok)))) or '-'))
        print('server memory kB: VmRSS %d -> %d, VmHWM %d -> %d' %
              (mem0['VmRSS'], mem1['VmRSS'], mem0['VmHWM'], mem1['VmHWM']))
        unchanged = open(game).read() == before
        print('FILE unchanged: %s' % ('yes' if unchanged else 'NO'))
        for e in errors[:5]:
            print('  error: ' + e)
        return 0 if not errors and unchanged else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())

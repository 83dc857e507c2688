"""What the HTTP checks of xii serve share (check-http.py, check-kingdom.py): the output folder
made afresh, the tally of checks, a server started on a free port with the links it prints, a
request, and the tally said at the end."""
import atexit
import http.client
import os
import re
import shutil
import subprocess
import sys
import time

passed = failed = 0


def fresh_folder(out):
    """out emptied, or made."""
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)


def check(ok, what):
    """One check: counted, and said when it fails."""
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print('FAILED: ' + what)


def finish(name):
    """The tally said; exits 1 when a check failed."""
    print('%s: %d passed, %d failed' % (name, passed, failed))
    sys.exit(1 if failed else 0)


def start(xii, args, want, qr_after=False):
    """xii serve --port 0 ARGS, its output read until it has printed `want` links (NAME: URL)
    and, with qr_after, the QR code after the last one to its blank bottom row (10 s at most).
    Returns the process (killed at exit if it still runs, also after a failure), the links as
    {NAME: (port, token)} and the text read."""
    p = subprocess.Popen([xii, 'serve', '--port', '0'] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    atexit.register(lambda: p.poll() is None and p.kill())
    text, links = '', {}
    deadline = time.time() + 10
    while time.time() < deadline and len(links) < want:
        line = p.stdout.readline()
        if not line:
            break
        text += line
        m = re.match(r'(\w+): http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]{32})$', line.strip())
        if m:
            links[m.group(1)] = (int(m.group(2)), m.group(3))
    while qr_after and links and time.time() < deadline:
        line = p.stdout.readline()
        text += line
        if not line or (not line.strip() and '\u2588' in text.split('?token=')[-1]):
            break
    return p, links, text


def request(port, method, path, body=None, headers=None):
    """One HTTP request to 127.0.0.1:port; returns the response and its body."""
    c = http.client.HTTPConnection('127.0.0.1', port, timeout=10)
    c.request(method, path, body=body, headers=headers or {})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r, data

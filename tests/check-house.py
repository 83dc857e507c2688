#!/usr/bin/env python3
"""The house's shape, read from the object files: no circle of files, arrows one way.

A file calls another when its object file needs (nm: undefined) a symbol the other defines.
A header's inline functions (and function-like macros) are files too, read from the source,
since the compiler folds their calls into each file that includes them: the header calls
what their bodies call, and a source file (or header) calls the header when it calls one of
them.
Fails, listing them, on
  - a circle: files that reach each other through such calls (each file one job, calls one way);
  - a source file that does not open with its purpose line (a comment);
  - a string literal outside src/log that starts a move-log statement: a statement keyword
    (src/log/parse.c's table; not `xii`, the program's name in its messages) followed by a
    space or a conversion, then nothing but conversions, blanks and line feeds ("turn %s",
    "collect ", "round %d\\n"): log text is written only by src/log (messages such as
    "round %d: expected ..." go on with words and pass);
  - an arrow that runs back up between folders (README, "Layout of the source": cli -> serve
    -> record -> advisor -> bots -> audit -> log -> rules -> core; layout -> draw -> rewrite -> core).
Usage: check-house.py OBJ_DIR   (the build's obj folder, holding src/<folder>/<file>.o)
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')

# The folders each folder may call (besides itself).
MAY_CALL = {
    'core': set(),
    'rules': {'core'},
    'log': {'rules', 'core'},
    'kingdom': {'log', 'core'},
    'audit': {'log', 'rules', 'core'},
    'bots': {'audit', 'log', 'rules', 'core'},
    'advisor': {'bots', 'audit', 'log', 'rules', 'core'},
    'rewrite': {'core'},
    'draw': {'rewrite', 'core'},
    'layout': {'draw', 'kingdom', 'rules', 'core'},
    'record': {'advisor', 'bots', 'audit', 'log', 'rules', 'core'},
    'serve': {'record', 'advisor', 'bots', 'audit', 'log', 'layout', 'draw', 'rules', 'core'},
    'cli': {'serve', 'record', 'advisor', 'bots', 'audit', 'kingdom', 'log', 'layout', 'draw', 'rewrite',
            'rules', 'core'},
}

# Circles known and being taken apart, each with who is doing it. Listed here, they are
# reported but do not fail the check; a listed circle that is gone fails it (strike it out).
KNOWN_CIRCLES = {
}


# Literals that pass the keyword test but are words of a message, not log text; a listed one
# that is gone fails the check (strike it out).
MESSAGE_WORDS = {
    ('src/audit/claims.c', '"reserve "'): 'a mismatch message: "missing on the sheet: reserve 3 5"',
}


def log_keywords(root):
    """The statement keywords and aliases of src/log/parse.c's table, but `xii`."""
    with open(os.path.join(root, 'src', 'log', 'parse.c'), encoding='utf-8') as f:
        table = f.read().split('keywords[] = {', 1)[1].split('};', 1)[0]
    return sorted(set(re.findall(r'\{"([a-z-]+)", LOG_', table)) - {'xii'})


LITERAL = re.compile(r'//[^\n]*|/\*.*?\*/|\'(?:\\.|[^\'\\\n])*\'|"((?:\\.|[^"\\\n])*)"', re.S)
ONLY_CONVERSIONS = re.compile(r'(?:%[-+ #0-9.*]*(?:ll|l|h|z)?[dicsux]|[ \t]|\\n)*$')


def log_text_literals(text, keywords):
    """The string literals of C text that start a log statement: (line, literal) pairs."""
    starts = re.compile(r'(?:%s)[ %%]' % '|'.join(re.escape(k) for k in keywords))
    found = []
    for m in LITERAL.finditer(text):
        body = m.group(1)
        if body is None:
            continue
        head = starts.match(body)
        if head and ONLY_CONVERSIONS.match(body, head.end() - (body[head.end() - 1] == '%')):
            found.append((text.count('\n', 0, m.start()) + 1, '"%s"' % body))
    return found


def call_edges(obj_dir):
    """{file: {called file: {symbols}}} from nm's defined and undefined symbols, and
    {symbol: the file that defines it}."""
    defined, needed = {}, {}
    for obj in sorted(glob.glob(os.path.join(obj_dir, 'src', '*', '*.o'))):
        name = os.path.relpath(obj, obj_dir)[:-2] + '.c'
        out = subprocess.run(['nm', '-P', obj], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            fields = line.split()
            if len(fields) < 2:
                continue
            sym, kind = fields[0], fields[1]
            if kind == 'U':
                needed.setdefault(name, set()).add(sym)
            elif kind in 'TDBRCGSVW':
                defined[sym] = name
        needed.setdefault(name, set())
    edges = {}
    for name, syms in needed.items():
        edges[name] = {}
        for sym in syms:
            other = defined.get(sym)
            if other and other != name:
                edges[name].setdefault(other, set()).add(sym)
    return edges, defined


def strip_c(text):
    """C text without comments, string and character literals (their lines kept)."""
    pattern = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
    return pattern.sub(lambda m: '\n' * m.group(0).count('\n') if m.group(0)[0] == '/' else '""', text)


CALL = re.compile(r'\b([A-Za-z_]\w*)\s*\(')
NOT_CALLS = {'if', 'for', 'while', 'switch', 'return', 'sizeof', 'defined', '__builtin_ctz',
             '_Static_assert', '__attribute__'}


def calls_in(text):
    return {m.group(1) for m in CALL.finditer(text)} - NOT_CALLS


def inline_functions(text):
    """{name: names it calls} for the static inline functions and the function-like macros
    of a header's text."""
    text = strip_c(text)
    found = {}
    for m in re.finditer(r'\bstatic\s+inline\b[^;{]*?\b([A-Za-z_]\w*)\s*\(', text):
        depth, i = 0, m.end() - 1
        while i < len(text):        # the parameter list, then the body
            depth += {'(': 1, ')': -1}.get(text[i], 0)
            i += 1
            if depth == 0:
                break
        start = text.find('{', i)
        if start < 0 or ';' in text[i:start]:
            continue                # a declaration only
        depth, j = 0, start
        while j < len(text):
            depth += {'{': 1, '}': -1}.get(text[j], 0)
            j += 1
            if depth == 0:
                break
        found[m.group(1)] = calls_in(text[start:j]) - {m.group(1)}
    for m in re.finditer(r'^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^)]*)\)((?:[^\n]*\\\n)*[^\n]*)', text, re.M):
        found[m.group(1)] = calls_in(m.group(3)) - {m.group(1)}
    return found


def add_header_edges(edges, defined, root):
    """Adds the headers under root/src with inline functions or macros to edges: a header
    calls what their bodies call (a defined symbol's file, another header's inline function);
    a source file calls a header when its text calls one of the header's."""
    inline, bodies = {}, {}         # function -> its header; header -> {function: its calls}
    for path in sorted(glob.glob(os.path.join(root, 'src', '*', '*.h'))):
        with open(path, encoding='utf-8') as f:
            funcs = inline_functions(f.read())
        if funcs:
            header = os.path.relpath(path, root)
            bodies[header] = funcs
            for fn in funcs:
                inline[fn] = header
    for header, funcs in bodies.items():
        out = edges.setdefault(header, {})
        for calls in funcs.values():
            for sym in calls:
                other = defined.get(sym) or inline.get(sym)
                if other and other != header:
                    out.setdefault(other, set()).add(sym)
    for name in [n for n in edges if n.endswith('.c')]:
        path = os.path.join(root, name)
        if not os.path.exists(path):
            continue
        with open(path, encoding='utf-8') as f:
            for sym in calls_in(strip_c(f.read())):
                if sym in inline:
                    edges[name].setdefault(inline[sym], set()).add(sym)


def circles(edges):
    """The strongly connected groups of more than one file (Tarjan), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(tuple(sorted(group)))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def folder(name):
    return name.split('/')[1]


def back_arrows(edges):
    """Calls from a folder into one it may not call."""
    bad = []
    for a in sorted(edges):
        for b in sorted(edges[a]):
            fa, fb = folder(a), folder(b)
            if fa != fb and fb not in MAY_CALL.get(fa, set()):
                bad.append((a, b))
    return bad


def self_test():
    """The checks find what they must on a made-up house (the test can fail)."""
    e = {'src/rules/a.c': {'src/rules/b.c': {'f'}}, 'src/rules/b.c': {'src/rules/c.c': {'g'}},
         'src/rules/c.c': {'src/rules/a.c': {'h'}, 'src/core/d.c': {'i'}},
         'src/core/d.c': {'src/log/e.c': {'j'}}, 'src/log/e.c': {}}
    assert circles(e) == [('src/rules/a.c', 'src/rules/b.c', 'src/rules/c.c')], circles(e)
    assert back_arrows(e) == [('src/core/d.c', 'src/log/e.c')], back_arrows(e)
    h = inline_functions('/* f( */ static inline int f(int x) { return g(x) + h("k(", 1); }\n'
                         'static inline int d(void);\n#define M(a) \\\n  k(a)\n')
    assert h == {'f': {'g', 'h'}, 'M': {'k'}}, h
    kw = ['collect', 'round', 'turn']
    t = ('/* "turn %s" */ f("collect %s %s %s");\n g("round %d\\n", "round %d: expected",\n'
         '"turn ", "turned %s", \'"\', "xii 1");')
    assert log_text_literals(t, kw) == [(1, '"collect %s %s %s"'), (2, '"round %d\\n"'),
                                        (3, '"turn "')], log_text_literals(t, kw)


def main():
    self_test()
    if len(sys.argv) != 2:
        sys.exit('usage: check-house.py OBJ_DIR')
    edges, defined = call_edges(sys.argv[1])
    if len(edges) < 10:
        sys.exit('FAILED: only %d object files under %s/src' % (len(edges), sys.argv[1]))
    add_header_edges(edges, defined, ROOT)
    failed = False
    found = circles(edges)
    for group in found:
        known = KNOWN_CIRCLES.get(group)
        print('%s: a circle of files that call each other:' % ('known' if known else 'FAILED'))
        for a in group:
            for b in group:
                if b in edges[a]:
                    print('  %s -> %s (%s)' % (a, b, ', '.join(sorted(edges[a][b]))))
        if known:
            print('  (%s)' % known)
        else:
            failed = True
    for group in KNOWN_CIRCLES:
        if group not in found:
            print('FAILED: the known circle %s is gone: strike it out of KNOWN_CIRCLES'
                  % ' '.join(group))
            failed = True
    for src in sorted(glob.glob(os.path.join(ROOT, 'src', '*', '*.c'))):
        with open(src, encoding='utf-8') as f:
            if not f.read(2) == '/*':
                print('FAILED: %s does not open with its purpose line (a /* ... */ comment)'
                      % os.path.relpath(src, ROOT))
                failed = True
    keywords = log_keywords(ROOT)
    if len(keywords) < 20:
        sys.exit('FAILED: only %d statement keywords read from src/log/parse.c' % len(keywords))
    seen_words = set()
    for src in sorted(glob.glob(os.path.join(ROOT, 'src', '*', '*.[ch]'))):
        if folder(os.path.relpath(src, ROOT)) == 'log':
            continue
        with open(src, encoding='utf-8') as f:
            for line, literal in log_text_literals(f.read(), keywords):
                if (os.path.relpath(src, ROOT), literal) in MESSAGE_WORDS:
                    seen_words.add((os.path.relpath(src, ROOT), literal))
                    continue
                print('FAILED: %s:%d: %s writes log text: ask src/log to write it'
                      % (os.path.relpath(src, ROOT), line, literal))
                failed = True
    for gone in sorted(set(MESSAGE_WORDS) - seen_words):
        print('FAILED: %s %s is listed in MESSAGE_WORDS but gone: strike it out' % gone)
        failed = True
    for a, b in back_arrows(edges):
        print('FAILED: %s calls %s (%s): %s may not call %s' % (
            a, b, ', '.join(sorted(edges[a][b])), folder(a), folder(b)))
        failed = True
    if failed:
        sys.exit(1)
    print('house: %d files (headers with inline functions included), %d calls between them, '
          'arrows one way, %s'
          % (len(edges), sum(len(v) for v in edges.values()),
             'no circle but the %d known' % len(found) if found else 'no circle'))


main()

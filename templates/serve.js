// xii serve's page: shows what the server says and sends the lines tapped or typed. Which
// uses of a die are legal comes from the server (the engine's legal moves): the page decides
// no rule. Waits on /api/wait for each change, and reconnects by itself.
'use strict';
(function () {
  const token = new URLSearchParams(location.search).get('token') || '';
  const q = (path, extra) => path + '?token=' + encodeURIComponent(token) + (extra || '');
  const $ = (id) => document.getElementById(id);
  let state = null;
  let sheetSeat = 0, sheetPage = 1;

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function button(label, onclick, cls) {
    const b = el('button', {type: 'button', class: cls || ''}, label);
    b.addEventListener('click', onclick);
    return b;
  }
  function name(seat) {
    const p = state && state.players.find((x) => x.seat === seat);
    return p ? p.name : 'seat ' + seat;
  }
  // A player's name as the log writes it: quoted when it is not one bare word.
  function logName(n) {
    return /[\s,#"]/.test(n) ? '"' + n.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"' : n;
  }
  let answerVersion = 0;       // the version when the answer shown came
  // kind: 'accepted' (written), 'undone' (taken back), 'mismatch' (written, but a check line
  // the rules disagree with) or 'refused' (not written).
  function showAnswer(kind, text) {
    answerVersion = state ? state.version : 0;
    const a = $('answer');
    a.hidden = !text;
    a.className = 'answer ' + kind;
    a.textContent = text;
  }

  async function post(path, body) {
    try {
      const r = await fetch(q(path), {method: 'POST', body: body || '', cache: 'no-store'});
      const j = await r.json();
      if (!r.ok) { showAnswer('refused', j.error || ('refused: ' + r.status)); return false; }
      if (!j.accepted) {
        showAnswer('refused', 'refused (not written):\n' + j.message);
      } else if (j.undone) {
        showAnswer('undone', 'taken back (no longer in the file):\n' + j.written + j.message);
      } else if (j.waiting) {
        showAnswer('accepted', 'entered: waiting for the other players\n' + j.message);
      } else if (j.mismatch) {
        showAnswer('mismatch', 'written, but the rules do not agree with it:\n' + j.written + j.message);
      } else {
        showAnswer('accepted', (j.written ? 'written:\n' + j.written : '') + j.narration + j.warnings + j.message);
      }
      return j.accepted;
    } catch (e) {
      showAnswer('refused', 'not sent: the server cannot be reached (' + e.message + ')');
      return false;
    }
  }
  const send = (line) => post('/api/line', line);

  // Buttons 1-6 for each of n dice; go(values) when every die is picked.
  function dicePicker(box, n, label, go) {
    const picked = new Array(n).fill(0);
    const enter = button(label, () => go(picked.slice()), 'go');
    enter.disabled = n > 0;
    for (let d = 0; d < n; d++) {
      const row = el('div', {class: 'row'});
      row.appendChild(el('span', {}, 'die ' + (d + 1) + ':'));
      for (let v = 1; v <= 6; v++) {
        const b = button(String(v), () => {
          picked[d] = v;
          for (const x of row.querySelectorAll('button')) x.classList.toggle('on', x === b);
          enter.disabled = picked.some((x) => x === 0);
        }, 'pick');
        b.dataset.value = String(v);
        row.appendChild(b);
      }
      box.appendChild(row);
    }
    box.appendChild(enter);
  }

  function group(title) {
    const g = el('div', {class: 'group'});
    g.appendChild(el('h3', {}, title));
    $('actions').appendChild(g);
    return g;
  }

  // The legal uses of one die at a time: a tab for each die (and reserve die) that has any.
  let chosenDie = '';
  function renderMoves(aw) {
    const byDie = new Map();
    for (const m of aw.moves) {
      const key = (m.reserve ? 'reserve ' : 'die ') + m.die;
      if (!byDie.has(key)) byDie.set(key, []);
      byDie.get(key).push(m);
    }
    if (!byDie.size) return;
    if (!byDie.has(chosenDie)) chosenDie = byDie.keys().next().value;
    const tabs = group('Which die?');
    for (const key of byDie.keys()) {
      const t = button(key.replace('reserve ', 'R').replace('die ', ''), () => { chosenDie = key; renderActions(); },
                       'pick' + (key === chosenDie ? ' on' : ''));
      t.dataset.key = key;
      tabs.appendChild(t);
    }
    const g = group('Use the ' + chosenDie + ' for');
    for (const m of byDie.get(chosenDie)) {
      const b = button(m.line.replace(/^reserve /, '').replace(/^\d+ /, ''), () => send(m.line));
      b.dataset.line = m.line;
      g.appendChild(b);
    }
  }

  function renderWar(aw, you) {
    for (const w of aw.war) {
      if (you.role === 'player' && w.seat !== you.seat) continue;
      const g = group('War: ' + name(w.seat) + (w.entered ? ' (entered)' : ''));
      const who = 'war ' + logName(name(w.seat));
      const avoid = button('avoid', () => send(who + ' avoid'));
      avoid.dataset.line = who + ' avoid';
      g.appendChild(avoid);
      if (!w.must_avoid)
        dicePicker(g, w.rolls_due, 'support', (r) => send(who + ' support' + r.map((v) => ' ' + v).join('')));
    }
  }

  function renderActions() {
    const aw = state.awaited, you = state.you, box = $('actions');
    box.textContent = '';
    const table = you.role === 'table';
    const mine = aw.yours || table;
    const pending = new Set(aw.pending);
    if ((aw.kind === 'die' || aw.kind === 'reserve') && (aw.seat === you.seat || table))
      renderMoves(aw);
    if (aw.kind === 'turn' && mine)
      dicePicker(group(name(aw.seat) + "'s dice"), 2, 'enter the roll',
                 (v) => send('turn ' + logName(name(aw.seat)) + ' ' + v.join(' ')));
    if (pending.has('shared') && table)
      dicePicker(group('The shared dice'), 2, 'enter the shared dice', (v) => send('shared ' + v.join(' ')));
    if (aw.kind === 'round' && table) {
      const b = button('start round ' + aw.round, () => send('round ' + aw.round), 'go');
      b.dataset.line = 'round ' + aw.round;
      group('Next').appendChild(b);
    }
    if (pending.has('outlaws') && table && aw.outlaws_rolls_due)
      aw.outlaws_rolls_due.forEach((n, i) => {
        if (n > 0)
          dicePicker(group("Outlaws: " + name(i + 1) + "'s bonus rolls"), n, 'enter the rolls',
                     (v) => send('outlaws ' + logName(name(i + 1)) + ' ' + v.join(' ')));
      });
    if (pending.has('war') && aw.war) renderWar(aw, you);
    const picks = aw.collect.filter((c) => table || c.seat === you.seat);
    if (picks.length) {
      const g = group('Production choices');
      for (const c of picks) {
        const b = button(c.line.replace(/^collect /, ''), () => send(c.line));
        b.dataset.line = c.line;
        g.appendChild(b);
      }
    }
  }

  // The advisor's hint (GET /api/hint): the report as text, each plan's lines as buttons that
  // fill the line to enter (nothing is sent until Enter).
  let hint = null;
  function mayAskHint(aw, you) {
    if (!state.started || state.game_over) return false;
    if (you.role === 'table' || aw.yours) return true;
    const war = (aw.war || []).find((w) => w.seat === you.seat);
    return (war && !war.must_avoid && !war.entered) || aw.collect.some((c) => c.seat === you.seat);
  }
  function renderHint() {
    const box = $('hint-box');
    $('hint').hidden = !mayAskHint(state.awaited, state.you);
    box.hidden = !hint;
    if (!hint) return;
    const note = $('hint-note');
    if (hint.thinking) {
      note.className = 'note';
      note.textContent = 'thinking… (a second or two)';
      $('hint-text').textContent = '';
      $('hint-plans').textContent = '';
      return;
    }
    const stale = hint.version !== state.version;
    note.className = 'note' + (stale || !hint.hint ? ' stale' : '');
    note.textContent = !hint.hint ? 'no hint: ' + (hint.message || hint.error)
                     : stale ? 'the game has moved on since this hint: ask again' : 'tap a line to put it in the entry';
    $('hint-text').textContent = hint.hint || '';
    const plans = $('hint-plans');
    plans.textContent = '';
    (hint.plans || []).forEach((p, i) => {
      const row = el('div', {class: 'row'});
      row.appendChild(el('span', {}, (i + 1) + '.'));
      for (const line of p.lines) {
        const b = button(line, () => { $('line').value = line; $('line').focus(); }, 'line');
        b.dataset.line = line;
        row.appendChild(b);
      }
      plans.appendChild(row);
    });
  }
  async function askHint() {
    hint = {thinking: true};
    $('hint').disabled = true;
    renderHint();
    try {
      const r = await fetch(q('/api/hint'), {cache: 'no-store'});
      hint = await r.json();
    } catch (e) {
      hint = {error: 'the server cannot be reached (' + e.message + ')'};
    }
    $('hint').disabled = false;
    renderHint();
  }

  function renderDice(aw) {
    const box = $('dice');
    box.textContent = '';
    for (const d of aw.dice)
      box.appendChild(el('span', {class: 'die' + (d.shared ? ' shared' : ''),
                                  title: (d.shared ? 'shared' : 'own') + (d.restricted ? ', highest' : '')},
                         String(d.value) + (d.restricted ? '*' : '')));
    for (const r of aw.reserve)
      box.appendChild(el('span', {class: 'die reserve', title: 'reserve'}, 'R' + r));
  }

  function renderPlayers() {
    const t = $('players');
    t.textContent = '';
    const head = el('tr');
    for (const h of ['player', 'pop', 'food', 'supply', 'rep', 'POW', 'score']) head.appendChild(el('th', {}, h));
    t.appendChild(head);
    for (const p of state.players) {
      const tr = el('tr', {class: p.seat === state.awaited.seat ? 'turn' : ''});
      for (const v of [p.name, p.population, p.food, p.supply, p.reputation, p.pow, p.score])
        tr.appendChild(el('td', {}, String(v)));
      t.appendChild(tr);
    }
  }

  function renderSheet() {
    const box = $('sheet-box');
    box.hidden = !state.started || state.players.length === 0;
    if (box.hidden) return;
    if (!sheetSeat) sheetSeat = state.you.seat || 1;
    const tabs = $('sheet-tabs');
    tabs.textContent = '';
    if (state.you.role === 'table')
      for (const p of state.players)
        tabs.appendChild(button(p.name, () => { sheetSeat = p.seat; renderSheet(); }, p.seat === sheetSeat ? 'on' : ''));
    tabs.appendChild(button('front', () => { sheetPage = 1; renderSheet(); }, sheetPage === 1 ? 'on' : ''));
    tabs.appendChild(button('back', () => { sheetPage = 2; renderSheet(); }, sheetPage === 2 ? 'on' : ''));
    $('sheet-name').textContent = name(sheetSeat);
    if (!box.open) return;      // drawn on the server when asked for: about a megabyte a page
    const src = q('/sheet/' + sheetSeat + '.svg', '&page=' + sheetPage + '&v=' + state.version);
    if ($('sheet').getAttribute('src') !== src) $('sheet').setAttribute('src', src);
  }

  function render() {
    const you = state.you, aw = state.awaited;
    $('who').textContent = 'XII Century · ' + (you.role === 'table' ? 'the table' : you.name || 'player ' + you.seat);
    const who = aw.seat ? name(aw.seat) : 'the table';
    $('awaited').textContent = aw.text;
    if (answerVersion && state.version > answerVersion + 1) showAnswer('accepted', '');   // an old answer
    $('awaited').className = 'awaited' + (aw.yours ? ' yours' : '');
    $('await-box').dataset.kind = aw.kind;
    $('await-box').dataset.who = who;
    renderDice(aw);
    renderActions();
    const n = $('narration');
    n.textContent = '';
    for (const item of state.narration.slice().reverse()) {
      const by = item.by ? name(item.by) : 'table';
      n.appendChild(el('li', {}, by + ': ' + item.text.replace(/\n$/, '')));
    }
    renderPlayers();
    renderHint();
    renderSheet();
    $('log').textContent = state.log;
    document.body.dataset.version = String(state.version);
  }

  function linkStatus(ok, text) {
    $('link').textContent = text;
    $('link').classList.toggle('down', !ok);
  }

  async function loop() {
    for (;;) {
      try {
        const url = state ? q('/api/wait', '&since=' + state.version) : q('/api/state');
        const r = await fetch(url, {cache: 'no-store'});
        if (r.status === 403) { linkStatus(false, 'this link is not valid'); showAnswer('refused', (await r.json()).error); return; }
        if (!r.ok) throw new Error('HTTP ' + r.status);
        state = await r.json();
        linkStatus(true, 'live · ' + state.statements + ' statements');
        render();
      } catch (e) {
        linkStatus(false, 'reconnecting…');
        await new Promise((ok) => setTimeout(ok, 1000));
      }
    }
  }

  $('line-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const line = $('line').value;
    if (await send(line)) $('line').value = '';
  });
  $('sheet-box').addEventListener('toggle', () => { if (state) renderSheet(); });
  $('undo').addEventListener('click', () => post('/api/undo'));
  $('hint').addEventListener('click', askHint);
  loop();
})();

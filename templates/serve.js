// xii serve's page: shows what the server says and posts the decisions tapped. What may be
// decided comes from the server (the engine's legal moves and choices, listed per version of
// the game file, with the audit's waste mark): the page decides no rule and writes no log
// text; a button posts a decision by its index in the list it shows (POST /api/decide), and
// the answer gives the statement as written. Waits on /api/wait for each change, and
// reconnects by itself.
'use strict';
(function () {
  const token = new URLSearchParams(location.search).get('token') || '';
  const q = (path, extra) => path + '?token=' + encodeURIComponent(token) + (extra || '');
  const $ = (id) => document.getElementById(id);
  let state = null;
  let sheetSeat = 0, sheetPage = 1, mySheetSeat = 0;

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

  // The server's answer to a line, a decision or an undo, in the answer box.
  function answer(r, j, undo) {
    if (!j.version && j.error) { showAnswer('refused', j.error); return false; }
    if (r.status === 409) { showAnswer('refused', 'not entered: ' + j.message); return false; }
    if (!r.ok && !('accepted' in j)) { showAnswer('refused', j.error || ('refused: ' + r.status)); return false; }
    if (!j.accepted) showAnswer('refused', (undo ? 'nothing taken back:\n' : 'refused (not written):\n') + j.message);
    else if (j.undone) showAnswer('undone', 'taken back (no longer in the file):\n' + j.written + j.message);
    else if (j.waiting) showAnswer('accepted', 'entered: waiting for the other players\n' + j.message);
    else if (undo) showAnswer('undone', j.written ? 'taken back:\n' + j.written : j.message);
    else if (j.mismatch) showAnswer('mismatch', 'written, but the rules do not agree with it:\n' + j.written + j.message);
    else showAnswer('accepted', (j.written ? 'written:\n' + j.written : '') + j.narration + j.warnings + j.message);
    return j.accepted;
  }

  async function post(path, body, undo) {
    try {
      const r = await fetch(q(path), {method: 'POST', body: body || '', cache: 'no-store'});
      return answer(r, await r.json(), undo);
    } catch (e) {
      showAnswer('refused', 'not sent: the server cannot be reached (' + e.message + ')');
      return false;
    }
  }
  const send = (line) => post('/api/line', line);
  // A decision of the version shown (serve/decide.h).
  const decide = (d) => post('/api/decide', JSON.stringify(Object.assign({version: state.version}, d)));

  // Buttons 1-6 for each of n dice; go(values) as soon as every die is picked (undo takes a
  // wrong roll back).
  function dicePicker(box, n, what, go) {
    const picked = new Array(n).fill(0);
    box.classList.add('picker');
    box.dataset.what = what;
    for (let d = 0; d < n; d++) {
      const row = el('div', {class: 'row'});
      row.appendChild(el('span', {class: 'dlabel'}, n > 1 ? 'die ' + (d + 1) : 'die'));
      for (let v = 1; v <= 6; v++) {
        const b = button(String(v), () => {
          picked[d] = v;
          for (const x of row.querySelectorAll('button')) x.classList.toggle('on', x === b);
          if (picked.every((x) => x > 0)) go(picked.slice());
        }, 'pick');
        b.dataset.value = String(v);
        row.appendChild(b);
      }
      box.appendChild(row);
    }
  }

  function group(title, mine) {
    const g = el('div', {class: 'group' + (mine ? ' yours' : '')});
    g.appendChild(el('h3', {}, title));
    $('actions').appendChild(g);
    return g;
  }

  // The dice of the turn as tabs, one per die (equal dice are not merged; the shared and the
  // highest keep their marks), the reserve dice after; the legal uses of the die chosen below,
  // the useful ones first and the wasteful ones marked (the audit's waste rule).
  let chosenDie = '';
  function dieKey(d) { return d.reserve ? 'R' + d.value + '.' + d.slot : 'D' + d.slot; }
  function renderMoves(aw) {
    const dice = aw.dice.map((d) => ({value: d.value, shared: d.shared, restricted: d.restricted, slot: d.slot}));
    // Reserve dice of one value are one tab (they carry no mark): "reserve 2 ×2".
    for (const v of [...new Set(aw.reserve)])
      dice.push({value: v, reserve: true, slot: v, count: aw.reserve.filter((x) => x === v).length});
    const uses = (d) => aw.moves.filter((m) => m.kind === 'die' && m.die === d.value && m.reserve === !!d.reserve &&
                                        (m.source === 'any' || (m.source === 'shared') === !!d.shared));
    const usable = dice.filter((d) => uses(d).length);
    if (usable.length) {
      if (!usable.some((d) => dieKey(d) === chosenDie)) chosenDie = dieKey(usable[0]);
      $('dice').hidden = true;     // the tabs show the dice, with their marks
      const tabs = group('Which die?', true);
      tabs.classList.add('tabs');
      for (const d of usable) {
        const label = (d.reserve ? 'reserve ' : '') + d.value + (d.shared ? ' shared' : '') + (d.restricted ? ' highest' : '') +
                      (d.count > 1 ? ' ×' + d.count : '');
        const t = button(label, () => { chosenDie = dieKey(d); renderActions(); },
                         'pick die-tab' + (d.shared ? ' shared' : '') + (d.reserve ? ' reserve' : '') +
                         (dieKey(d) === chosenDie ? ' on' : ''));
        t.dataset.key = (d.reserve ? 'reserve ' : 'die ') + d.value;
        tabs.appendChild(t);
      }
      const d = usable.find((x) => dieKey(x) === chosenDie);
      const g = group('Use the ' + (d.reserve ? 'reserve ' : '') + d.value + ' for', true);
      const list = uses(d).slice().sort((a, b) => a.waste - b.waste);
      for (const m of list) {
        const b = button(m.line.replace(/^reserve /, '').replace(/^\d+ /, '') + (m.waste ? ' (wastes)' : ''),
                         () => decide({kind: 'move', index: m.index}), m.waste ? 'waste' : '');
        b.dataset.line = m.line;
        if (m.waste) b.title = 'the die adds nothing, or less than it shows (the audit warns)';
        g.appendChild(b);
      }
    }
    const market = aw.moves.filter((m) => m.kind === 'market');
    if (market.length) {
      const g = group('Market (converted after feeding)', true);
      const sel = el('select', {'aria-label': 'market conversion'});
      for (const m of market) sel.appendChild(el('option', {value: String(m.index)}, m.line));
      g.appendChild(sel);
      const b = button('queue it', () => decide({kind: 'move', index: Number(sel.value)}));
      g.appendChild(b);
      for (const m of market) {   // the lines offered, for the test and the hint
        const o = el('span', {class: 'market-line', hidden: ''});
        o.dataset.line = m.line;
        o.dataset.index = String(m.index);
        g.appendChild(o);
      }
    }
  }

  function renderWar(aw, you) {
    for (const w of aw.war) {
      if (you.role === 'player' && w.seat !== you.seat) continue;
      const own = you.role === 'player';
      if (w.entered) {
        const what = w.support === undefined ? 'entered' : 'entered: ' + (w.support ? 'support' + (w.rolls || []).map((v) => ' ' + v).join('') : 'avoid');
        group('War: ' + name(w.seat) + ' (' + what + ')', false).classList.add('done');
        continue;
      }
      const g = group('War: ' + name(w.seat) + (own ? ', your choice' : ''), own);
      const avoid = button('avoid', () => decide({kind: 'war', seat: w.seat, support: false, dice: []}));
      avoid.dataset.line = 'war ' + name(w.seat) + ' avoid';
      avoid.dataset.war = 'avoid';
      g.appendChild(avoid);
      if (w.must_avoid) { g.appendChild(el('span', {class: 'note'}, ' no POW: avoid only')); continue; }
      if (w.rolls_due === 0) {
        const b = button('support', () => decide({kind: 'war', seat: w.seat, support: true, dice: []}));
        b.dataset.war = 'support';
        g.appendChild(b);
      } else {
        const box = el('div', {class: 'group'});
        box.appendChild(el('span', {}, 'support, with ' + w.rolls_due + ' bonus roll' + (w.rolls_due > 1 ? 's' : '') + ':'));
        g.appendChild(box);
        dicePicker(box, w.rolls_due, 'war', (r) => decide({kind: 'war', seat: w.seat, support: true, dice: r}));
      }
    }
  }

  // The seat whose turn roll is awaited: now, or once the reserve die is not spent.
  function turnSeat(aw) {
    if (aw.kind === 'turn') return aw.seat;
    if (aw.kind === 'reserve' && aw.then && aw.then.kind === 'turn') return aw.then.seat;
    return 0;
  }

  function renderActions() {
    const aw = state.awaited, you = state.you, box = $('actions');
    box.textContent = '';
    const table = you.role === 'table';
    const pending = new Set(aw.pending);
    const passed = aw.then && aw.then.passed;
    if ((aw.kind === 'die' || aw.kind === 'reserve') && (aw.seat === you.seat || table) && !passed) {
      renderMoves(aw);
      if (aw.kind === 'reserve') {
        const g = group(aw.seat === you.seat ? 'Your four dice are spent' : name(aw.seat) + "'s four dice are spent", true);
        const b = button('no reserve die: done', () => decide({kind: 'pass'}), 'go');
        b.dataset.pass = '1';
        g.appendChild(b);
      }
    }
    const ts = turnSeat(aw);
    if (ts && (ts === you.seat || table)) {
      const before = aw.kind === 'reserve' && !passed ? ' (' + name(aw.seat) + ' may still spend a reserve die first)' : '';
      dicePicker(group((ts === you.seat ? 'Your roll' : name(ts) + "'s roll") + before, ts === you.seat), 2, 'turn',
                 (v) => decide({kind: 'turn', dice: v}));
    }
    if (pending.has('shared') && table)
      dicePicker(group('The shared dice', true), 2, 'shared', (v) => decide({kind: 'shared', dice: v}));
    const round = aw.kind === 'round' ? aw.round : aw.kind === 'reserve' && aw.then && aw.then.kind === 'round' ? aw.then.round : 0;
    if (round && table && !state.game_over) {
      const b = button('start round ' + round, () => decide({kind: 'round'}), 'go');
      b.dataset.line = 'round ' + round;
      group('Next', true).appendChild(b);
    }
    if (pending.has('outlaws') && table && aw.outlaws_rolls_due) {
      const due = aw.outlaws_rolls_due;
      const total = due.reduce((a, b) => a + b, 0);
      const g = group("The outlaws' attack: the bonus rolls", true);
      const rows = el('div');
      g.appendChild(rows);
      const who = [];
      due.forEach((n, i) => { for (let k = 0; k < n; k++) who.push(i); });
      dicePicker(rows, total, 'outlaws', (v) => {
        const rolls = due.map(() => []);
        v.forEach((x, k) => rolls[who[k]].push(x));
        decide({kind: 'outlaws', rolls});
      });
      rows.querySelectorAll('.dlabel').forEach((s, k) => { s.textContent = name(who[k] + 1); });
    }
    if (pending.has('war') && aw.war) renderWar(aw, you);
    if (aw.collect.length) {
      const seats = [...new Set(aw.collect.map((c) => c.seat))];
      for (const seat of seats) {
        const g = group('Production: ' + (seat === you.seat ? 'your choice' : name(seat) + "'s choice"), seat === you.seat || table);
        for (const c of aw.collect.filter((x) => x.seat === seat)) {
          const b = button(c.line.replace(/^collect \S+ /, ''), () => decide({kind: 'collect', index: c.index}));
          b.dataset.line = c.line;
          g.appendChild(b);
        }
      }
    }
    if (state.standings) {
      for (const p of state.standings.players) {
        if (p.checked || !(table || p.seat === you.seat)) continue;
        const g = group('The final sheet: ' + name(p.seat), p.seat === you.seat);
        const b = button('write ' + name(p.seat) + "'s check line", () => decide({kind: 'check', seat: p.seat}));
        b.dataset.check = String(p.seat);
        g.appendChild(b);
      }
    }
  }

  // The advisor's hint (GET /api/hint), folded away under its summary. Its plan lines that this
  // link may enter now (a listed move or location choice) are buttons that post that decision;
  // the hint stays valid while its plan is followed (the lines entered since are its first).
  let hint = null;
  function mayAskHint(aw, you) {
    if (!state.started || state.game_over) return false;
    if (you.role === 'table' || aw.yours) return true;
    const war = (aw.war || []).find((w) => w.seat === you.seat);
    return (war && !war.must_avoid && !war.entered) || aw.collect.some((c) => c.seat === you.seat);
  }
  // The statements entered since the hint, when they are the first lines of one of its plans:
  // that plan and how far it has come; null when the game has left every plan.
  function followed() {
    const since = state.statements - hint.statements;
    if (since === 0) return {plan: -1, done: 0};
    const log = state.log.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    const last = log.slice(-since);
    if (last.length !== since) return null;
    const k = (hint.plans || []).findIndex((p) => p.lines.length >= since && last.every((l, i) => l === p.lines[i]));
    return k < 0 ? null : {plan: k, done: since};
  }
  function listed(line) {
    const aw = state.awaited;
    const m = aw.moves.find((x) => x.line === line);
    if (m) return {kind: 'move', index: m.index, waste: m.waste};
    const c = aw.collect.find((x) => x.line === line);
    return c ? {kind: 'collect', index: c.index} : null;
  }
  function renderHint() {
    const box = $('hint-box');
    box.hidden = state.game_over || (!mayAskHint(state.awaited, state.you) && !hint);
    const note = $('hint-note'), plans = $('hint-plans');
    plans.textContent = '';
    if (!hint) { note.textContent = 'the advisor ranks your plans (within about 3 s)'; $('hint-text').textContent = ''; return; }
    if (hint.thinking) {
      note.className = 'note';
      note.textContent = 'thinking… (at most about 3 seconds)';
      $('hint-text').textContent = '';
      return;
    }
    const f = hint.hint ? followed() : null;
    note.className = 'note' + (!f ? ' stale' : '');
    const by = {win: 'the chance to win, then the expected score', score: 'the expected final score',
                objective: 'the chance to achieve the objective'}[hint.ranked_by] || 'the advisor';
    note.textContent = !hint.hint ? 'no hint: ' + (hint.message || hint.error)
                     : !f ? 'the game has left these plans since the hint: ask again'
                     : 'plans ranked by ' + by + ' (a quick answer: at most ' + hint.rollouts + ' rollouts a plan and ' +
                       hint.seconds + ' s of them, where xii hint takes up to 1024; in the last round fewer plans are ' +
                       'screened). Tap a line to enter it.';
    $('hint-text').textContent = hint.hint || '';
    if (!f) return;
    (hint.plans || []).forEach((p, i) => {
      if (f.plan >= 0 && f.plan !== i) return;
      const row = el('div', {class: 'row plan'});
      row.appendChild(el('span', {}, (i + 1) + '.'));
      p.lines.forEach((line, k) => {
        const d = k >= f.done ? listed(line) : null;
        if (k < f.done) row.appendChild(el('span', {class: 'line done'}, line));
        else if (d) {
          const b = button(line + (d.waste ? ' (wastes)' : ''), () => decide({kind: d.kind, index: d.index}),
                           'line' + (d.waste ? ' waste' : ''));
          b.dataset.line = line;
          row.appendChild(b);
        } else row.appendChild(el('span', {class: 'line'}, line));
      });
      plans.appendChild(row);
    });
  }
  async function askHint() {
    hint = {thinking: true};
    $('hint').disabled = true;
    $('hint-box').open = true;
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
    box.hidden = false;
    for (const d of aw.dice)
      box.appendChild(el('span', {class: 'die' + (d.shared ? ' shared' : '') + (d.restricted ? ' highest' : ''),
                                  title: (d.shared ? 'shared' : 'own') + (d.restricted ? ', highest' : '')},
                         String(d.value) + (d.shared ? ' shared' : '') + (d.restricted ? ' ★' : '')));
    const own = aw.reserve_seat && aw.reserve_seat === state.you.seat;
    for (const r of aw.reserve)
      box.appendChild(el('span', {class: 'die reserve', title: 'reserve'},
                         (own ? 'R' : name(aw.reserve_seat) + "'s R") + r));
  }

  function renderPlayers() {
    const t = $('players');
    t.textContent = '';
    const head = el('tr');
    for (const h of ['player', 'pop', 'food', 'supply', 'rep', 'POW', 'score', 'reserve']) head.appendChild(el('th', {}, h));
    t.appendChild(head);
    for (const p of state.players) {
      const tr = el('tr', {class: p.seat === state.awaited.seat ? 'turn' : ''});
      for (const v of [p.name, p.population, p.food, p.supply, p.reputation, p.pow, p.score])
        tr.appendChild(el('td', {}, String(v)));
      tr.appendChild(el('td', {class: 'reserve'}, (p.reserve || []).join(' ')));
      t.appendChild(tr);
    }
  }

  function renderStandings() {
    const st = state.standings;
    $('standings-box').hidden = !st;
    if (!st) return;
    const won = st.players.filter((p) => p.winner).map((p) => p.name);
    $('winner').textContent = won.length === 0 ? 'No winner.' : won.length === 1 ? won[0] + ' wins.' : won.join(' and ') + ' share the win.';
    const t = $('standings');
    t.textContent = '';
    const head = el('tr');
    for (const h of ['player', 'score', 'assets', 'rep', 'people', 'infra', 'castle']) head.appendChild(el('th', {}, h));
    t.appendChild(head);
    for (const p of st.players.slice().sort((a, b) => b.score - a.score)) {
      const tr = el('tr', {class: p.winner ? 'turn' : ''});
      for (const v of [p.name, p.score, p.assets, p.reputation, p.people, p.infrastructures, p.castle])
        tr.appendChild(el('td', {}, String(v)));
      t.appendChild(tr);
    }
    $('objective').textContent = st.objective ? 'The objective (' + st.objective.name + '): ' +
      (st.objective.achieved ? 'achieved.' : 'not achieved.') : '';
    $('sheets-pdf').setAttribute('href', q('/sheets.pdf', '&v=' + state.version));
  }

  // The player's own sheet at phone size: the sections of the sheet with their values (the
  // text report's lines: "basic  population 6/10, food 3/12 ...").
  function renderMySheet() {
    const box = $('mysheet-box');
    box.hidden = !state.started || state.players.length === 0;
    if (box.hidden) return;
    if (!mySheetSeat) mySheetSeat = state.you.seat || 1;
    const tabs = $('mysheet-tabs');
    tabs.textContent = '';
    if (state.you.role === 'table')
      for (const p of state.players)
        tabs.appendChild(button(p.name, () => { mySheetSeat = p.seat; renderMySheet(); }, p.seat === mySheetSeat ? 'on' : ''));
    const p = state.players.find((x) => x.seat === mySheetSeat);
    $('mysheet-name').textContent = p ? p.name : '';
    const out = $('mysheet');
    out.textContent = '';
    if (!p) return;
    for (const line of p.sheet.split('\n')) {
      const m = /^\s+(\S+(?: \S+)?)\s{2,}(.*)$/.exec(line);
      if (!m) continue;
      const sec = el('div', {class: 'section'});
      sec.appendChild(el('h4', {}, m[1]));
      const vals = el('div', {class: 'values'});
      for (const v of m[2].replace(/\(|\)/g, '').split(', '))
        vals.appendChild(el('span', {class: 'value' + (v.length > 24 ? ' long' : '')}, v));
      sec.appendChild(vals);
      out.appendChild(sec);
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
    let text = aw.text;
    if (aw.kind === 'reserve' && aw.then && aw.then.passed) text = name(aw.seat) + ' spends no reserve die: ' + text;
    if (state.standings) {
      const left = state.standings.players.filter((p) => !p.checked && (you.role === 'table' || p.seat === you.seat));
      text = 'The game is over after round 10: the final standings are below.' +
        (left.length ? ' To check a final sheet against the paper, tap its check line (or type one, check NAME then values).' : '');
    }
    $('awaited').textContent = text;
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
    renderStandings();
    renderPlayers();
    renderHint();
    renderMySheet();
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
  $('undo').addEventListener('click', () => post('/api/undo', '', true));
  $('hint').addEventListener('click', askHint);
  loop();
})();

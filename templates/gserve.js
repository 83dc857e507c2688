// The solo table's page: the state drawn, a decision sent by its index in the version shown.
'use strict';
const token = new URLSearchParams(location.search).get('token') || '';
const NS = 'http://www.w3.org/2000/svg';
let shown = null;           // the state the page shows
let picked = [];            // the hexes tapped for the decision being made

const $ = (id) => document.getElementById(id);
const api = (path) => path + (path.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(token);

function button(text, cls, onclick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (cls) b.className = cls;
  b.addEventListener('click', onclick);
  return b;
}

function error(text) {
  $('error').textContent = text || '';
  $('error').hidden = !text;
}

async function post(path, body) {
  try {
    const r = await fetch(api(path), {method: 'POST', body: body});
    const j = await r.json();
    if (!r.ok) {
      error(j.error || ('refused: ' + r.status));
      if (r.status === 409) refresh();
      return;
    }
    error('');
    picked = [];
    draw(j);
  } catch (e) {
    error('the server cannot be reached');
  }
}

function decide(index) { post('/api/decide', shown.version + ' ' + index); }

// Flat-topped hexes at axial (q, r).
function centre(q, r, size) {
  return [size * 1.5 * q, size * Math.sqrt(3) * (r + q / 2)];
}

function drawMap(st) {
  const svg = $('map');
  svg.textContent = '';
  const b = st.board || {};
  const hexes = b.hexes || [];
  if (!hexes.length) { $('map-box').hidden = true; return; }
  $('map-box').hidden = false;
  const size = 20, legal = new Set();
  const open = st.decisions.filter((d) => picked.every((h) => d.places.includes(h)));
  for (const d of open) for (const h of d.places) legal.add(h);
  let minx = 1e9, miny = 1e9, maxx = -1e9, maxy = -1e9;
  for (const h of hexes) {
    const [x, y] = centre(h.q, h.r, size);
    minx = Math.min(minx, x); maxx = Math.max(maxx, x); miny = Math.min(miny, y); maxy = Math.max(maxy, y);
  }
  const pad = size * 1.75;     // room for the region numbers outside the map
  svg.setAttribute('viewBox', (minx - pad) + ' ' + (miny - pad) + ' ' + (maxx - minx + 2 * pad) + ' ' +
                   (maxy - miny + 2 * pad));
  const marks = {farm: 'F', mine: 'M', village: 'V', graveyard: '†', monument: '★'};
  for (const h of hexes) {
    const [x, y] = centre(h.q, h.r, size);
    const g = document.createElementNS(NS, 'g');
    g.setAttribute('data-hex', h.code);
    g.setAttribute('class', 'ground-' + h.ground + (h.thing ? ' thing-' + h.thing : '') +
                   (legal.has(h.code) && !picked.includes(h.code) ? ' legal' : '') +
                   (picked.includes(h.code) ? ' picked' : ''));
    const p = document.createElementNS(NS, 'polygon');
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = Math.PI / 3 * k;
      pts.push((x + size * 0.97 * Math.cos(a)).toFixed(1) + ',' + (y + size * 0.97 * Math.sin(a)).toFixed(1));
    }
    p.setAttribute('points', pts.join(' '));
    g.appendChild(p);
    const t = document.createElementNS(NS, 'text');
    t.setAttribute('x', x); t.setAttribute('y', y - 4);
    t.textContent = h.code;
    g.appendChild(t);
    const m = marks[h.thing] || (h.ground === 'mountain' ? '▲' : h.ground === 'river' ? '≈' :
                                 h.ground === 'capital' ? '♛' : '');
    if (m) {
      const u = document.createElementNS(NS, 'text');
      u.setAttribute('x', x); u.setAttribute('y', y + 9);
      u.setAttribute('class', 'mark');
      u.textContent = m + (h.stage ? h.stage : '');
      g.appendChild(u);
    }
    if (legal.has(h.code)) g.addEventListener('click', () => tap(h.code));
    svg.appendChild(g);
  }
  drawRegions(svg, hexes, size);
}

// The regions as the printed sheet draws them: thick borders between hexes of two regions (the
// capital is one of its own) and round the map, the capital's ring outlined (the monument's
// first stage stands there), each region's number outside the middle of its side.
function drawRegions(svg, hexes, size) {
  const at = new Map(hexes.map((h) => [h.q + ',' + h.r, h]));
  const cap = hexes.find((h) => h.ground === 'capital') || {q: 0, r: 0};
  const dist = (h) => (Math.abs(h.q - cap.q) + Math.abs(h.r - cap.r) + Math.abs(h.q + h.r - cap.q - cap.r)) / 2;
  const dirs = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
  let borders = '', ring = '';
  for (const h of hexes) {
    const [x, y] = centre(h.q, h.r, size);
    for (const [dq, dr] of dirs) {
      const n = at.get((h.q + dq) + ',' + (h.r + dr));
      const [nx, ny] = centre(h.q + dq, h.r + dr, size);
      const a = Math.atan2(ny - y, nx - x);     // the shared edge: the corners 30 degrees either side
      const seg = 'M' + (x + size * Math.cos(a - Math.PI / 6)).toFixed(1) + ',' +
                  (y + size * Math.sin(a - Math.PI / 6)).toFixed(1) + 'L' +
                  (x + size * Math.cos(a + Math.PI / 6)).toFixed(1) + ',' + (y + size * Math.sin(a + Math.PI / 6)).toFixed(1);
      if (!n || (n.region !== h.region && h.code < n.code)) borders += seg;
      if (n && dist(h) === 1 && dist(n) === 2) ring += seg;
    }
  }
  for (const [d, cls] of [[ring, 'ring'], [borders, 'border']]) {
    const p = document.createElementNS(NS, 'path');
    p.setAttribute('d', d);
    p.setAttribute('class', cls);
    svg.appendChild(p);
  }
  const far = Math.max(...hexes.map(dist));
  const [cx, cy] = centre(cap.q, cap.r, size);
  for (const g of [...new Set(hexes.map((h) => h.region))].filter((g) => g > 0).sort()) {
    const edge = hexes.filter((h) => h.region === g && dist(h) === far).map((h) => centre(h.q, h.r, size));
    if (!edge.length) continue;
    const sx = edge.reduce((t, c) => t + c[0] - cx, 0) / edge.length;
    const sy = edge.reduce((t, c) => t + c[1] - cy, 0) / edge.length;
    const f = (Math.hypot(sx, sy) + 1.15 * size) / Math.hypot(sx, sy);
    const c = document.createElementNS(NS, 'circle');
    c.setAttribute('cx', (cx + sx * f).toFixed(1)); c.setAttribute('cy', (cy + sy * f).toFixed(1));
    c.setAttribute('r', (size * 0.42).toFixed(1));
    c.setAttribute('class', 'region');
    svg.appendChild(c);
    const t = document.createElementNS(NS, 'text');
    t.setAttribute('x', (cx + sx * f).toFixed(1)); t.setAttribute('y', (cy + sy * f + 4).toFixed(1));
    t.setAttribute('class', 'region');
    t.textContent = String(g);
    svg.appendChild(t);
  }
}

function tap(code) {
  if (picked.includes(code)) picked = picked.filter((h) => h !== code);
  else picked.push(code);
  render();
}

function render() {
  const st = shown;
  const b = st.board || {};
  drawMap(st);
  const open = st.decisions.filter((d) => d.places.length && picked.every((h) => d.places.includes(h)));
  $('picked').textContent = picked.length ? 'Picked: ' + picked.join(' ') + ' (tap again to drop)' :
      st.decisions.some((d) => d.places.length) ? 'Tap a hex marked in red.' : '';
  const places = $('places');
  places.textContent = '';
  if (picked.length && open.length <= 24)
    for (const d of open) places.appendChild(button(d.label, '', () => decide(d.index)));
  else if (picked.length)
    places.appendChild(document.createTextNode(open.length + ' choices: tap more hexes.'));
  if (picked.length) places.appendChild(button('Clear', 'quiet', () => { picked = []; render(); }));
  const choices = $('choices');
  choices.textContent = '';
  if (st.current === 'dice' && dicePicker(st.decisions, choices)) return;
  for (const d of st.decisions)
    if (!d.places.length)
      choices.appendChild(button(d.label, st.current === 'dice' ? 'die' : '', () => decide(d.index)));
}

// The dice as rolled: one row of faces per die that varies between the outcomes ("fate 3 5":
// two dice; "reroll 4 2": the new value), and the outcome entered once each die is set.
// Returns false (buttons instead) when the outcomes are not dice.
function dicePicker(ds, box) {
  const words = ds.map((d) => d.label.split(' '));
  const n = words[0].length;
  if (!words.every((w) => w.length === n)) return false;
  const vary = [];
  for (let k = 0; k < n; k++) {
    const values = [...new Set(words.map((w) => w[k]))];
    if (values.length > 1) {
      if (!values.every((v) => /^[1-6]$/.test(v))) return false;
      vary.push(k);
    }
  }
  if (!vary.length || vary.length > 2) return false;
  const set = {};
  const go = button('Enter the dice', '', () => {
    const i = words.findIndex((w) => vary.every((k) => w[k] === set[k]));
    if (i >= 0) decide(ds[i].index);
  });
  go.id = 'dice-go';
  go.disabled = true;
  vary.forEach((k, row) => {
    const line = document.createElement('div');
    line.className = 'dice-row';
    line.appendChild(document.createTextNode(vary.length > 1 ? 'Die ' + (row + 1) + ':' : 'The die:'));
    for (const v of [...new Set(words.map((w) => w[k]))].sort()) {
      const b = button(v, 'face', () => {
        set[k] = v;
        for (const o of line.querySelectorAll('button')) o.classList.toggle('set', o === b);
        go.disabled = !vary.every((j) => set[j]) ||
          !words.some((w) => vary.every((j) => w[j] === set[j]));
        go.textContent = go.disabled ? 'Enter the dice' : words.find((w) => vary.every((j) => w[j] === set[j])).join(' ');
      });
      line.appendChild(b);
    }
    box.appendChild(line);
  });
  box.appendChild(go);
  return true;
}

function draw(st) {
  shown = st;
  $('title').textContent = st.title + ' · ' + st.file;
  const b = st.board || {};
  const stock = b.stock ? Object.entries(b.stock).map(([k, v]) => k + ' ' + v).join(', ') : '';
  $('ledger').textContent = (b.year ? 'Year ' + b.year + ' · ' : 'Setup · ') + stock +
      (b.stages !== undefined ? ' · monument ' + b.stages + '/3' : '') +
      (b.graveyards !== undefined ? ' · graveyards ' + b.graveyards : '');
  $('prompt').textContent = b.tap || '';   // the page's own words: taps, not the recorder's typing
  $('news').textContent = st.news || '';
  $('log').textContent = st.log || '';
  $('link').textContent = 'version ' + st.version;
  $('sheet').hidden = !st.sheet;
  if ($('hint-text').dataset.version && $('hint-text').dataset.version !== String(st.version)) {
    $('hint-text').hidden = true;
    $('hint-text').dataset.version = '';
  }
  $('sheet').href = api('sheet.pdf') + '&v=' + st.version;
  render();
}

async function refresh() {
  const r = await fetch(api('/api/state'));
  if (r.ok) draw(await r.json());
}

async function follow() {
  for (;;) {
    try {
      const r = await fetch(api('/api/wait?since=' + (shown ? shown.version : 0)));
      if (r.ok) {
        const st = await r.json();
        if (!shown || st.version !== shown.version) { picked = []; draw(st); }
        $('link').textContent = 'version ' + st.version;
      } else {
        await new Promise((ok) => setTimeout(ok, 2000));
      }
    } catch (e) {
      $('link').textContent = 'reconnecting…';
      await new Promise((ok) => setTimeout(ok, 2000));
    }
  }
}

// The advisor's hint on the file so far (as xii hint gives it): a few seconds, then shown until
// the game moves on.
async function hint() {
  const box = $('hint-text');
  box.hidden = false;
  box.textContent = 'Working out the hint…';
  $('hint').disabled = true;
  try {
    const r = await fetch(api('/api/hint'));
    const j = await r.json();
    box.textContent = !r.ok ? (j.error || 'no hint: ' + r.status) : j.hint !== null ? j.hint : 'No hint: ' + j.why;
    box.dataset.version = j.version !== undefined ? String(j.version) : '';
  } catch (e) {
    box.textContent = 'the server cannot be reached';
  }
  $('hint').disabled = false;
}

$('undo').addEventListener('click', () => { if (shown) post('/api/undo', String(shown.version)); });
$('hint').addEventListener('click', hint);
refresh().then(follow);

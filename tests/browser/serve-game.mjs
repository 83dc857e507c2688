// The end-to-end test of xii serve in a real browser (headless Chromium, puppeteer-core):
// plays the complete 3-player game of game-3p.xii from three phone-sized pages (Ann, Ben,
// Cid, 360 px wide) and the table's (a tablet) with no typed line: every statement is a
// button tapped (a die's use, a dice picker's values for the rolls, the shared dice and the
// outlaws' rolls, the round starts, each player's war choice, the production choices, the
// market, the final check lines). After every step: FILE ends with the statement, and every
// page shows it. On the way: another seat's link cannot enter or undo a player's move, the
// recorder's refusals of typed lines show with the audit's message (xii play's), undo, a
// decision from a page the game has left behind is refused, "no reserve die", the hint at
// rounds 1, 5 and 10 (timed: it answers within about 3 s), a war entry waiting through a
// kill -9 of the server and a restart that continues, a second kill -9 half-way. At the end
// every page shows the final standings (the scores of the check lines, the winner) and the
// filled sheets' PDF; FILE audits clean and is byte for byte what xii play writes from the
// same lines. Reports the taps per player turn and the slowest page update. Screenshots go
// to OUT/shots.
// usage: node serve-game.mjs XII OUT PUPPETEER_DIR
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';

const [xii, out, modules] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(modules), 'x.js'));
const puppeteer = require('puppeteer-core');
const here = path.dirname(new URL(import.meta.url).pathname);
const file = path.join(out, 'game.xii');
// How long a step may take before the test calls it a hang (a loaded machine answers slowly;
// the slowest page update is measured and reported apart).
const WAIT = 20000;
const shots = path.join(out, 'shots');
fs.rmSync(out, {recursive: true, force: true});
fs.mkdirSync(shots, {recursive: true});

let failures = 0;
function check(ok, what) {
  if (!ok) { failures++; console.error('FAIL: ' + what); }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- the game ----------------------------------------------------------------------------
const source = fs.readFileSync(path.join(here, 'game-3p.xii'), 'utf8').split('\n');
const header = source.filter((l) => /^(players|difficulty|events) /.test(l));
const players = header.find((l) => l.startsWith('players ')).split(' ').slice(1);
const difficulty = header.find((l) => l.startsWith('difficulty ')).split(' ')[1];
const events = header.find((l) => l.startsWith('events ')).slice('events '.length);
const steps = source.map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#') && !/^(xii|game|players|difficulty|events) /.test(l));

// ---- the server ----------------------------------------------------------------------------
let server = null;
function startServer() {
  return new Promise((resolve, reject) => {
    const args = ['serve', '--port', '0', '--players', players.join(' '), '--difficulty', difficulty, '--events', events, file];
    server = spawn(xii, args, {stdio: ['ignore', 'pipe', 'inherit']});
    let text = '';
    const links = {};
    const timer = setTimeout(() => reject(new Error('xii serve printed no links: ' + text)), 10000);
    server.stdout.on('data', (d) => {
      text += d;
      for (const m of text.matchAll(/^(\w+): (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{32})$/gm))
        links[m[1]] = m[2];
      if (links.table && players.every((p) => links[p])) { clearTimeout(timer); resolve(links); }
    });
    server.on('exit', (code) => reject(new Error('xii serve ended with ' + code + ': ' + text)));
  });
}
function statements() {
  return fs.readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
}
const lastStatement = () => statements().at(-1);

// ---- the browser ----------------------------------------------------------------------------
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-extensions',
         '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const pages = {};
let links = null;
const cspViolations = [];
async function openPages() {
  for (const who of ['table', ...players]) {
    if (!pages[who]) {
      const ctx = await browser.createBrowserContext();
      pages[who] = await ctx.newPage();
      await pages[who].setViewport(who === 'table' ? {width: 800, height: 1100} : {width: 360, height: 740});
      pages[who].on('console', (m) => { if (/Content Security Policy/.test(m.text())) cspViolations.push(m.text()); });
      // Nothing may leave 127.0.0.1.
      await pages[who].setRequestInterception(true);
      pages[who].on('request', (r) => {
        const u = new URL(r.url());
        if (u.protocol !== 'data:' && u.hostname !== '127.0.0.1') { check(false, 'request outside: ' + r.url()); r.abort(); }
        else r.continue();
      });
    }
    await pages[who].goto(links[who], {waitUntil: 'domcontentloaded'});
  }
  for (const who in pages)
    await pages[who].waitForFunction(() => document.body.dataset.version !== undefined, {timeout: WAIT});
}

// Waits until every page shows FILE's last statement at the end of its log; returns the
// longest wait in milliseconds.
async function allShow(line) {
  const t0 = Date.now();
  let worst = 0;
  for (const who in pages) {
    try {
      await pages[who].waitForFunction((l) => {
        const log = document.getElementById('log').textContent.trim().split('\n');
        return log.length && log.at(-1).trim() === l;
      }, {timeout: WAIT, polling: 20}, line);
    } catch (e) {
      check(false, who + "'s page does not show '" + line + "'");
    }
    worst = Math.max(worst, Date.now() - t0);
  }
  return worst;
}

async function answerText(page) {
  return page.$eval('#answer', (a) => (a.hidden ? '' : a.className + ': ' + a.textContent));
}

async function typeLine(page, line) {
  await page.$eval('#line', (i) => { i.value = ''; });
  await page.type('#line', line);
  await page.$eval('#line-form button[type=submit]', (b) => b.click());
}

// Taps the action button whose data-line is line (its die's tab first when another die is
// shown); the taps made, 0 when the page offers no such button.
async function clickLine(page, line) {
  return page.evaluate((l) => {
    const find = () => [...document.querySelectorAll('#actions button')].find((x) => x.dataset.line === l);
    let taps = 0;
    const die = /^(reserve )?(\d) /.exec(l);
    if (!find() && die) {
      const tab = [...document.querySelectorAll('#actions button')].find((x) => x.dataset.key === (die[1] ? 'reserve ' : 'die ') + die[2]);
      if (tab) { tab.click(); taps++; }
    }
    const b = find();
    if (!b) return 0;
    b.click();
    return taps + 1;
  }, line);
}

// The market: the conversion chosen in the list, then queued (two taps).
async function queueMarket(page, line) {
  return page.evaluate((l) => {
    const o = [...document.querySelectorAll('#actions .market-line')].find((x) => x.dataset.line === l);
    if (!o) return 0;
    const g = o.closest('.group');
    g.querySelector('select').value = o.dataset.index;
    g.querySelector('button').click();
    return 2;
  }, line);
}

// The dice picker `what` (turn, shared, outlaws, war): one tap a value; it sends by itself.
async function pickDice(page, what, values) {
  return page.evaluate((w, vals) => {
    const g = [...document.querySelectorAll('#actions .picker')].find((x) => x.dataset.what === w);
    if (!g) return 0;
    const rows = g.querySelectorAll('.row');
    if (rows.length !== vals.length) return 0;
    vals.forEach((v, i) => rows[i].querySelector(`button[data-value="${v}"]`).click());
    return vals.length;
  }, what, values);
}

// Taps the action button with data-NAME=value.
async function tapData(page, nameAttr, value) {
  return page.evaluate((n, v) => {
    const b = [...document.querySelectorAll('#actions button')].find((x) => x.dataset[n] === v);
    if (!b) return 0;
    b.click();
    return 1;
  }, nameAttr, value);
}

// What xii play says of line typed after FILE as it is now (the audit's message).
function playRefusal(line) {
  const copy = path.join(out, 'refusal.xii');
  fs.copyFileSync(file, copy);
  const r = spawnSync(xii, ['play', copy], {input: line + '\n', encoding: 'utf8'});
  return r.stderr;
}

async function expectRefused(who, line, why, shot) {
  const before = fs.readFileSync(file, 'utf8');
  await pages[who].$eval('#answer', (a) => { a.hidden = true; a.className = 'answer'; });
  await typeLine(pages[who], line);
  await pages[who].waitForFunction(() => document.getElementById('answer').className.includes('refused'),
                                   {timeout: WAIT}).catch(() => {});
  const text = await answerText(pages[who]);
  check(text.includes('refused'), `${who}: '${line}' is refused (${why}), page says: ${text}`);
  check(fs.readFileSync(file, 'utf8') === before, `${who}: '${line}' changed nothing in FILE`);
  if (shot) await pages[who].screenshot({path: path.join(shots, shot), fullPage: true});
  await pages[who].$eval('#answer', (a) => { a.hidden = true; });
  await pages[who].$eval('#line', (i) => { i.value = ''; });
  return text;
}

// kill -9 of the server and a restart on FILE: the same links, the pages open again.
async function restartServer(when) {
  const kept = fs.readFileSync(file, 'utf8');
  server.removeAllListeners('exit');
  server.kill('SIGKILL');
  await new Promise((r) => server.once('exit', r));
  check(fs.readFileSync(file, 'utf8') === kept, 'FILE kept every accepted line after kill -9 ' + when);
  const before = links;
  links = await startServer();
  for (const who in links)
    check(links[who].split('token=')[1] === before[who].split('token=')[1], who + "'s link is the same after the restart " + when);
  await openPages();
}

// The hint on who's page: asked, timed, and checked (the advisor's position line as xii hint
// says it; the plan lines offered as buttons are decisions the page lists; it folds away).
async function askHint(who, round) {
  const page = pages[who];
  await page.$eval('#hint-box', (d) => { d.open = true; });
  const t0 = Date.now();
  await page.$eval('#hint', (b) => b.click());
  await page.waitForFunction(() => {
    const n = document.getElementById('hint-note').textContent;
    return n && !/thinking/.test(n);
  }, {timeout: 60000}).catch(() => check(false, who + "'s page shows a hint in round " + round));
  const ms = Date.now() - t0;
  const note = await page.$eval('#hint-note', (n) => n.textContent);
  check(/ranked by the chance to win/.test(note) && /at most 32 rollouts a plan and 1 s/.test(note),
        `the hint says what ranks its plans and that it is time-bounded: ${note}`);
  const shown = await page.$eval('#hint-text', (p) => p.textContent);
  if (round === 1) {
    const copy = path.join(out, 'hint.xii');
    fs.copyFileSync(file, copy);
    const want = spawnSync(xii, ['hint', '--rollouts', '32', '--time', '1', '--player', who, copy], {encoding: 'utf8'}).stdout;
    check(want.length > 0 && shown.split('\n')[0] === want.split('\n')[0],
          `the hint on the page is about xii hint's position: want '${want.split('\n')[0]}', page '${shown.split('\n')[0]}'`);
    await page.screenshot({path: path.join(shots, '02b-hint.png'), fullPage: true});
  }
  const offered = await page.evaluate(() => {
    const listed = new Set([...document.querySelectorAll('#actions button, #actions .market-line')].map((b) => b.dataset.line));
    const plans = [...document.querySelectorAll('#hint-plans button')].map((b) => b.dataset.line);
    return {plans, unlisted: plans.filter((l) => !listed.has(l) && !/^(reserve )?\d /.test(l))};
  });
  check(offered.unlisted.length === 0, 'the hint offers only decisions the page lists: ' + offered.unlisted.join('; '));
  if (round === 1) {
    // A plan's first line tapped is entered, and the hint stays valid while its plan is
    // followed (the line struck through); undo takes it back.
    check(offered.plans.length > 0, 'the hint offers its plan lines as buttons');
    const before = lastStatement();
    const line = await page.$eval('#hint-plans button', (b) => { b.click(); return b.dataset.line; });
    const t1 = Date.now();
    while (lastStatement() === before && Date.now() - t1 < WAIT) await sleep(10);
    check(lastStatement() === line, `the plan's line tapped is entered: ${line} (FILE ends with ${lastStatement()})`);
    await allShow(line);
    const still = await page.evaluate(() => ({note: document.getElementById('hint-note').textContent,
                                              done: [...document.querySelectorAll('#hint-plans .line.done')].map((x) => x.textContent)}));
    check(!/left these plans/.test(still.note) && still.done.includes(line), 'the hint stays valid while its plan is followed: ' + JSON.stringify(still));
    await page.$eval('#undo', (b) => b.click());
    const t2 = Date.now();
    while (lastStatement() !== before && Date.now() - t2 < WAIT) await sleep(10);
    check(lastStatement() === before, 'undo took the plan line back');
    await allShow(before);
  }
  await page.$eval('#hint-box', (d) => { d.open = false; });
  check(await page.$eval('#hint-box', (d) => !d.open), 'the hint folds away');
  return ms;
}

// ---- the game played -----------------------------------------------------------------------
links = await startServer();
await openPages();
for (const who in pages) await pages[who].screenshot({path: path.join(shots, `01-start-${who}.png`), fullPage: true});

let turnOf = null;
let worstWait = 0;
let tapped = 0, typed = 0, staleRetries = 0;
const turnTaps = [];          // the taps of each player turn: its roll and its dice
let tableTaps = 0;            // the taps of the table's steps and the war, collect and check steps
let turnCount = 0;
const hintMs = {};
let killed = false, warKilled = false, refusalsChecked = false, permissionsChecked = false, undoChecked = false;
let staleChecked = false, passChecked = false, shotTurn = false;

for (let k = 0; k < steps.length; k++) {
  const line = steps[k];
  const word = line.split(' ')[0];
  let who = 'table';
  if (word === 'turn') { turnOf = line.split(' ')[1]; who = turnOf; }
  else if (/^(\d|reserve|sheriff|court|split|market)/.test(word)) who = turnOf;
  else if (word === 'collect' || word === 'check') who = line.split(' ')[1];
  else if (word !== 'war' && word !== 'outlaws') turnOf = null;
  const round = Number((statements().filter((l) => l.startsWith('round ')).at(-1) || 'round 0').split(' ')[1]);

  // Once, at Ann's first die: another seat's typed line and the recorder's refusals.
  if (!permissionsChecked && who === 'Ann' && /^\d/.test(word)) {
    permissionsChecked = true;
    const t = await expectRefused('Ben', line, "another player's move");
    check(t.includes("Ann's to enter"), "Ben's page names whose move it is: " + t);
    await pages.Ann.screenshot({path: path.join(shots, '02-ann-die.png'), fullPage: true});
    check(await pages.Ben.$eval('#hint-box', (b) => b.hidden), "Ben's page offers no hint on Ann's turn");
    const empty = await expectRefused('Ann', '', 'empty');
    check(empty.includes('nothing to enter'), 'an empty line: ' + empty);
    for (const [bad, why] of [['9 food', 'syntax'], ['1 attract bishop', 'a rule'],
                              ['reserve 6 food', 'no such reserve die'], ['turn Ann 2 2', 'out of order']]) {
      const want = playRefusal(bad).trim().split('\n')[0].replaceAll(path.join(out, 'refusal.xii'), path.basename(file));  // the page names FILE without its folder
      const text = await expectRefused('Ann', bad, why, bad === 'turn Ann 2 2' ? '03-ann-refused.png' : '');
      check(want && text.includes(want), `the page shows xii play's message for '${bad}': want '${want}', page '${text}'`);
    }
    refusalsChecked = true;
  }
  // The hint at the first die of rounds 1, 5 and 10.
  if ([1, 5, 10].includes(round) && !(round in hintMs) && who !== 'table' && /^(\d|reserve)/.test(word))
    hintMs[round] = await askHint(who, round);
  // Once: a decision from a page the game has left behind is refused, and nothing is written.
  if (!staleChecked && who !== 'table' && /^\d/.test(word) && statements().length > 20) {
    staleChecked = true;
    const before = fs.readFileSync(file, 'utf8');
    const r = await pages[who].evaluate(async () => {
      const tok = new URLSearchParams(location.search).get('token');
      const v = Number(document.body.dataset.version);
      const res = await fetch('/api/decide?token=' + tok, {method: 'POST', body: JSON.stringify({version: v - 2, kind: 'move', index: 0})});
      return {status: res.status, body: await res.json()};
    });
    check(r.status === 409 && /moved on/.test(r.body.message), 'a stale decision is refused: ' + JSON.stringify(r));
    check(fs.readFileSync(file, 'utf8') === before, 'a stale decision wrote nothing');
  }
  // Once, when a player's four dice are spent and a reserve die could follow but does not:
  // "no reserve die", then the next roll.
  if (!passChecked && turnOf && word !== 'turn' && !/^(\d|reserve|sheriff|court|split|market)/.test(word) &&
      await pages.table.evaluate(() => !!document.querySelector('#actions button[data-pass]'))) {
    // (not reached: the turn has ended once a non-move line comes)
  }
  if (!passChecked && word === 'turn' && k > 0 && /^(\d|reserve|sheriff|court|split|market)/.test(steps[k - 1].split(' ')[0])) {
    const prev = steps.slice(0, k).reverse().find((l) => l.startsWith('turn ')).split(' ')[1];
    if (await tapData(pages[prev], 'pass', '1')) {
      passChecked = true;
      tapped++;
      await pages.table.waitForFunction(() => /spends no reserve die/.test(document.getElementById('awaited').textContent),
                                        {timeout: WAIT}).catch(() => check(false, 'the table shows no reserve die follows'));
      await pages[who].waitForFunction(() => !document.querySelector('#actions button[data-pass]'), {timeout: WAIT}).catch(() => {});
    }
  }

  let taps = 0;
  if (word === 'war') {
    // Each player enters their own part from their phone.
    const entries = line.slice(4).split(', ');
    for (const e of entries) {
      const [player, choice, ...rolls] = e.split(' ');
      let t = 0;
      if (choice === 'avoid') t = await tapData(pages[player], 'war', 'avoid');
      else if (rolls.length === 0) t = await tapData(pages[player], 'war', 'support');
      else t = await pickDice(pages[player], 'war', rolls.map(Number));
      check(t > 0, `${player}'s page offers the war choice '${e}'`);
      tableTaps += t;
      tapped += t;
      if (e !== entries.at(-1)) {
        await pages[player].waitForFunction(() => /waiting for the other players/.test(document.getElementById('answer').textContent), {timeout: WAIT})
          .catch(() => check(false, player + "'s war entry is waiting"));
        await pages[player].waitForFunction(() => [...document.querySelectorAll('#actions h3')].some((h) => /\(entered: /.test(h.textContent)),
                                            {timeout: WAIT}).catch(() => check(false, player + "'s page shows which choice was entered"));
        if (!warKilled) {
          // kill -9 while an entry waits: after the restart it still waits (FILE.war).
          warKilled = true;
          await pages.table.screenshot({path: path.join(shots, '04-table-war.png'), fullPage: true});
          await restartServer('a war entry waiting');
          const still = await pages.table.evaluate(() => [...document.querySelectorAll('#actions .group h3')]
            .some((h) => h.textContent.startsWith('War: ') && h.textContent.includes('(entered')));
          check(still, 'after kill -9 the war entry still waits (the table page shows it entered)');
        }
      }
    }
  } else {
    const page = pages[who];
    const tapFor = async () => {
      if (word === 'turn') return pickDice(page, 'turn', line.split(' ').slice(2).map(Number));
      if (word === 'shared') return pickDice(page, 'shared', line.split(' ').slice(1).map(Number));
      if (word === 'outlaws') return pickDice(page, 'outlaws', line.slice(8).split(', ').flatMap((e) => e.split(' ').slice(1).map(Number)));
      if (word === 'market') return queueMarket(page, line);
      if (word === 'check') return tapData(page, 'check', String(players.indexOf(who) + 1));
      return clickLine(page, line);
    };
    const before = fs.readFileSync(file, 'utf8');
    taps = await tapFor();
    // A page a poll behind is refused, nothing written, and told to look again and tap once
    // more: as a player does, once, counted in the summary (never a second time).
    const t1 = Date.now();
    while (taps && lastStatement() !== line && Date.now() - t1 < WAIT &&
           !/moved on/.test(await answerText(page))) await sleep(10);
    if (taps && /moved on/.test(await answerText(page)) && fs.readFileSync(file, 'utf8') === before) {
      staleRetries++;
      await page.$eval('#answer', (a) => { a.hidden = true; a.className = 'answer'; });
      await sleep(300);
      taps += await tapFor();
    }
    if (!taps) {
      check(false, `${who}'s page offers no button for '${line}': typed instead`);
      await typeLine(page, line);
      typed++;
    }
    tapped += taps;
    if (word === 'turn') { turnTaps.push(taps); turnCount++; }
    else if (turnOf && who === turnOf) turnTaps[turnTaps.length - 1] += taps;
    else tableTaps += taps;
  }
  // FILE ends with the line (flushed before the answer), and every page shows it.
  const t0 = Date.now();
  while (lastStatement() !== line && Date.now() - t0 < WAIT) await sleep(10);
  check(lastStatement() === line, `FILE ends with '${line}' (it ends with '${lastStatement()}'; ${who} said ${await answerText(pages[who])})`);
  if (lastStatement() !== line) break;
  worstWait = Math.max(worstWait, await allShow(line));
  if (!shotTurn && who === 'Ann' && round === 3 && /^\d/.test(word)) {
    shotTurn = true;
    await pages.Ann.screenshot({path: path.join(shots, '360-turn.png')});
    for (const p of players)
      check(await pages[p].evaluate(() => document.documentElement.scrollWidth <= 360), p + "'s page fits 360 px in a turn");
  }

  // Once: Ann's own undo, and Ben's refused undo of Ann's line.
  if (!undoChecked && who === 'Ann' && /^\d/.test(word)) {
    undoChecked = true;
    await pages.Ben.$eval('#undo', (b) => b.click());
    await pages.Ben.waitForFunction(() => document.getElementById('answer').className.includes('refused'), {timeout: WAIT})
      .catch(() => check(false, "Ben's undo of Ann's line is refused"));
    check(lastStatement() === line, "Ben's undo left Ann's line");
    await pages.Ann.$eval('#undo', (b) => b.click());
    const t1 = Date.now();
    while (lastStatement() === line && Date.now() - t1 < WAIT) await sleep(10);
    check(lastStatement() !== line, "Ann's undo took her line back");
    await allShow(lastStatement());
    check(await clickLine(pages.Ann, line) > 0, 'Ann taps her line again');
    const t2 = Date.now();
    while (lastStatement() !== line && Date.now() - t2 < WAIT) await sleep(10);
    check(lastStatement() === line, 'Ann entered her line again');
    await allShow(line);
  }

  // Half way: kill -9 and a restart; the pages reconnect by their new links.
  if (!killed && k === Math.floor(steps.length / 2)) {
    killed = true;
    await restartServer('half way');
    check(lastStatement() === line, 'FILE kept every accepted line after kill -9');
    await allShow(line);
  }
}
check(passChecked, '"no reserve die" was tapped once');
for (const r of [1, 5, 10]) check(r in hintMs, 'a hint was asked in round ' + r);
for (const who in pages) await pages[who].screenshot({path: path.join(shots, `05-end-${who}.png`), fullPage: true});
await pages.Ann.screenshot({path: path.join(shots, '360-standings.png')});
for (const p of players)
  check(await pages[p].evaluate(() => document.documentElement.scrollWidth <= 360), p + "'s page fits 360 px at the end");
const over = await pages.table.$eval('#awaited', (a) => a.textContent);
check(/game is over/i.test(over), 'the table page says the game is over: ' + over);
// A check line the rules disagree with, from Ann's phone: written, but shown as a mismatch
// (not as a success); her undo is shown as taken back (not as written).
{
  const before = fs.readFileSync(file, 'utf8');
  await typeLine(pages.Ann, 'check Ann food 99');
  await pages.Ann.waitForFunction(() => /mismatch/.test(document.getElementById('answer').className),
                                  {timeout: WAIT}).catch(() => {});
  const said = await answerText(pages.Ann);
  check(/^answer mismatch: written, but the rules do not agree/.test(said) && !/as the table typed it/.test(said),
        'a mismatching check line is shown as a mismatch: ' + said);
  await pages.Ann.screenshot({path: path.join(shots, '05c-ann-mismatch.png'), fullPage: true});
  await pages.Ann.$eval('#undo', (b) => b.click());
  await pages.Ann.waitForFunction(() => /undone/.test(document.getElementById('answer').className),
                                  {timeout: WAIT}).catch(() => {});
  const undone = await answerText(pages.Ann);
  check(/^answer undone: taken back/.test(undone) && /check Ann food 99/.test(undone) && !/written:/.test(undone),
        "Ann's undo is shown as taken back: " + undone);
  check(fs.readFileSync(file, 'utf8') === before, 'the check line is gone from FILE');
}
// The final standings on every page: the scores of the check lines, the winner named.
const scores = Object.fromEntries(steps.filter((l) => l.startsWith('check ')).map((l) => [l.split(' ')[1], Number(/ score (\d+)/.exec(l)[1])]));
const best = Math.max(...Object.values(scores));
for (const who in pages) {
  const st = await pages[who].evaluate(() => ({
    hidden: document.getElementById('standings-box').hidden,
    winner: document.getElementById('winner').textContent,
    rows: [...document.querySelectorAll('#standings tr')].slice(1).map((r) => [...r.children].map((c) => c.textContent)),
    pdf: document.getElementById('sheets-pdf').getAttribute('href'),
    width: [document.getElementById('standings').scrollWidth, document.getElementById('standings-box').clientWidth],
  }));
  check(!st.hidden, who + "'s page shows the final standings");
  check(st.width[0] <= st.width[1], who + "'s standings fit the page: " + st.width.join(' > '));
  check(st.rows.length === players.length && st.rows.every((r) => Number(r[1]) === scores[r[0]]),
        who + "'s standings have the check lines' scores: " + JSON.stringify(st.rows));
  check(Object.keys(scores).filter((p) => scores[p] === best).every((p) => st.winner.includes(p)), who + "'s page names the winner: " + st.winner);
  if (who === 'table') {
    const pdf = await pages.table.evaluate(async (href) => {
      const r = await fetch(href);
      const b = new Uint8Array(await r.arrayBuffer());
      return {type: r.headers.get('content-type'), head: String.fromCharCode(...b.slice(0, 5)), size: b.length};
    }, st.pdf);
    check(pdf.type === 'application/pdf' && pdf.head === '%PDF-' && pdf.size > 10000, 'the filled sheets download as a PDF: ' + JSON.stringify(pdf));
  }
}
// The recorder's other refusals: a short form it refuses (xii play's message), and a line not
// written because FILE was changed from outside (taken back after).
{
  const want = playRefusal('round').trim().split('\n')[0].replaceAll(path.join(out, 'refusal.xii'), path.basename(file));  // the page names FILE without its folder
  const text = await expectRefused('table', 'round', 'the game is over');
  check(want && text.includes(want), `the page shows xii play's message for 'round': want '${want}', page '${text}'`);
  const kept = fs.readFileSync(file);
  fs.appendFileSync(file, '# changed from outside\n');
  await typeLine(pages.table, '# a note');
  // The answer box still carries the 'refused' class of the refusal before (hidden since): wait
  // for this line's answer itself, or a loaded machine reads the box before the server answers.
  await pages.table.waitForFunction(() => {
    const a = document.getElementById('answer');
    return !a.hidden && /not written/.test(a.textContent);
  }, {timeout: WAIT}).catch(() => {});
  const failed = await answerText(pages.table);
  check(/not written/.test(failed) && /changed/.test(failed), 'a FILE changed from outside: the line is not written: ' + failed);
  await pages.table.screenshot({path: path.join(shots, '05b-table-refused.png'), fullPage: true});
  fs.writeFileSync(file, kept);
}
// The sheet at phone size (the sections with their values), and the A4 print view as SVG.
const mine = await pages.Ann.$$eval('#mysheet .section h4', (h) => h.map((x) => x.textContent));
check(['basic', 'advanced', 'influence', 'people', 'reserve', 'score'].every((s) => mine.includes(s)),
      "Ann's page shows her sheet's sections: " + mine.join(', '));
const fits = await pages.Ann.$eval('#mysheet', (s) => s.scrollWidth <= s.clientWidth + 1);
check(fits, "Ann's sheet fits 360 px");
await pages.Ann.$eval('#sheet-box summary', (s) => s.click());
await pages.Ann.waitForFunction(() => { const i = document.getElementById('sheet'); return i.complete && i.naturalWidth > 0; },
                                {timeout: 20000}).catch(() => {});
await pages.Ann.screenshot({path: path.join(shots, '06-ann-sheet.png'), fullPage: true});
const sheetOk = await pages.Ann.$eval('#sheet', (img) => img.complete && img.naturalWidth > 0);
check(sheetOk, "Ann's page shows her town-sheet's print view");
check(cspViolations.length === 0, 'no Content-Security-Policy violation: ' + cspViolations.join('; '));
check(typed === 0, 'no statement of the game was typed: ' + typed);

await browser.close();
server.removeAllListeners('exit');
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));

// ---- the file ---------------------------------------------------------------------------------
const audit = spawnSync(xii, ['audit', file], {encoding: 'utf8'});
check(audit.status === 0, 'xii audit FILE exits 0: ' + audit.stdout.slice(-400) + audit.stderr);
const typedAtPlay = path.join(out, 'typed.xii');
const play = spawnSync(xii, ['play', typedAtPlay],
                       {input: ['players ' + players.join(' '), 'difficulty ' + difficulty, events, ...steps].join('\n') + '\n', encoding: 'utf8'});
check(play.status === 0, 'the same game typed at xii play is recorded: ' + play.stderr);
check(fs.readFileSync(typedAtPlay, 'utf8') === fs.readFileSync(file, 'utf8'), 'FILE is identical to the same game typed at xii play');

const median = (a) => { const s = a.slice().sort((x, y) => x - y); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
console.log(`browser: ${steps.length} statements, ${tapped} taps, ${typed} typed, ${staleRetries} tapped again after a stale page; taps per player turn: median ` +
            `${median(turnTaps)} on the turn (roll and dice), ${((turnTaps.reduce((a, b) => a + b, 0) + tableTaps) / turnCount).toFixed(1)} ` +
            `with the table's, war, production and check steps (${turnCount} turns); slowest page update ${worstWait} ms; ` +
            `hint on the page ${[1, 5, 10].map((r) => 'round ' + r + ' ' + hintMs[r] + ' ms').join(', ')}; ` +
            `(load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores); two kill -9 and restarts; ${failures} failure(s)`);
process.exit(failures ? 1 : 0);

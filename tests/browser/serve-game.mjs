// The end-to-end test of xii serve in a real browser (headless Chromium, puppeteer-core):
// plays the complete 2-player game of game-2p.xii from two phone-sized pages (Ann, Ben) and
// the table's (a tablet), tapping the buttons the pages offer (the legal uses of the dice,
// the dice pickers, the war and production choices) and typing the rest. After every step:
// FILE ends with the statement, and every page shows it within a second. On the way: another
// seat's link cannot enter or undo a player's move, the recorder's refusals show on the page
// with the audit's message (the same text as xii play's), undo, the hint (the text xii hint
// prints at the same position, a plan's line tapped into the entry), a war entry waiting
// through a kill -9 of the server and a restart that continues, a second kill -9 half-way.
// At the end FILE audits clean and is byte for byte what xii play writes from the same lines.
// Screenshots go to OUT/shots.
// usage: node serve-game.mjs XII OUT PUPPETEER_DIR
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
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
const source = fs.readFileSync(path.join(here, 'game-2p.xii'), 'utf8').split('\n');
const header = source.filter((l) => /^(players|difficulty|events) /.test(l));
const events = header.find((l) => l.startsWith('events ')).slice('events '.length);
const steps = source.map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#') && !/^(xii|game|players|difficulty|events) /.test(l));

// ---- the server ----------------------------------------------------------------------------
let server = null;
function startServer() {
  return new Promise((resolve, reject) => {
    const args = ['serve', '--port', '0', '--players', 'Ann Ben', '--difficulty', 'hard', '--events', events, file];
    server = spawn(xii, args, {stdio: ['ignore', 'pipe', 'inherit']});
    let text = '';
    const links = {};
    const timer = setTimeout(() => reject(new Error('xii serve printed no links: ' + text)), 10000);
    server.stdout.on('data', (d) => {
      text += d;
      for (const m of text.matchAll(/^(table|Ann|Ben): (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{32})$/gm))
        links[m[1]] = m[2];
      if (links.table && links.Ann && links.Ben) { clearTimeout(timer); resolve(links); }
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
  for (const [who, size] of [['table', {width: 800, height: 1100}], ['Ann', {width: 360, height: 740}],
                             ['Ben', {width: 360, height: 740}]]) {
    if (!pages[who]) {
      const ctx = await browser.createBrowserContext();
      pages[who] = await ctx.newPage();
      await pages[who].setViewport(size);
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

// Clicks the button whose data-line is line; false when the page shows no such button.
async function clickLine(page, line) {
  return page.evaluate((l) => {
    const find = () => [...document.querySelectorAll('#actions button')].find((x) => x.dataset.line === l);
    const die = /^(reserve )?(\d) /.exec(l);
    if (!find() && die) {   // the die's tab first
      const tab = [...document.querySelectorAll('#actions button')].find((x) => x.dataset.key === (die[1] ? 'reserve ' : 'die ') + die[2]);
      if (tab) tab.click();
    }
    const b = find();
    if (b) b.click();
    return !!b;
  }, line);
}

// The dice picker of the first group: values tapped, then its enter button.
async function pickDice(page, values) {
  return page.evaluate((vals) => {
    const g = document.querySelector('#actions .group');
    if (!g) return false;
    const rows = g.querySelectorAll('.row');
    if (rows.length < vals.length) return false;
    vals.forEach((v, i) => rows[i].querySelector(`button[data-value="${v}"]`).click());
    const go = g.querySelector('button.go');
    if (go.disabled) return false;
    go.click();
    return true;
  }, values);
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
  await typeLine(pages[who], line);
  await pages[who].waitForFunction(() => !document.getElementById('answer').hidden, {timeout: WAIT});
  await pages[who].waitForFunction(() => document.getElementById('answer').className.includes('refused'),
                                   {timeout: WAIT}).catch(() => {});
  const text = await answerText(pages[who]);
  check(text.includes('refused'), `${who}: '${line}' is refused (${why}), page says: ${text}`);
  check(fs.readFileSync(file, 'utf8') === before, `${who}: '${line}' changed nothing in FILE`);
  if (shot) await pages[who].screenshot({path: path.join(shots, shot), fullPage: true});
  await pages[who].$eval('#answer', (a) => { a.hidden = true; });
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

// ---- the game played -----------------------------------------------------------------------
links = await startServer();
await openPages();
for (const who in pages) await pages[who].screenshot({path: path.join(shots, `01-start-${who}.png`), fullPage: true});

const name2page = {Ann: 'Ann', Ben: 'Ben'};
let turnOf = null;
let worstWait = 0;
let clicked = 0, typed = 0, picked = 0;
const warPending = [];
let hintMs = 0;
let killed = false, warKilled = false, refusalsChecked = false, permissionsChecked = false, undoChecked = false;

for (let k = 0; k < steps.length; k++) {
  const line = steps[k];
  const word = line.split(' ')[0];
  let who = 'table';
  if (word === 'turn') { turnOf = line.split(' ')[1]; who = turnOf; }
  else if (/^(\d|reserve|sheriff|court|split|market)/.test(word)) who = turnOf;
  else if (word === 'collect' || word === 'check') who = line.split(' ')[1];

  // Once, at Ann's first die: another seat and the recorder's refusals, then undo.
  if (!permissionsChecked && who === 'Ann' && /^\d/.test(word)) {
    permissionsChecked = true;
    const t = await expectRefused('Ben', line, "another player's move");
    check(t.includes("Ann's to enter"), "Ben's page names whose move it is: " + t);
    if (!refusalsChecked) {
      refusalsChecked = true;
      await pages.Ann.screenshot({path: path.join(shots, '02-ann-die.png'), fullPage: true});
      // The hint: xii hint's text at the same position, a line tapped.
      const copy = path.join(out, 'hint.xii');
      fs.copyFileSync(file, copy);
      const want = spawnSync(xii, ['hint', '--player', 'Ann', copy], {encoding: 'utf8'}).stdout;
      const t0 = Date.now();
      await pages.Ann.$eval('#hint', (b) => b.click());
      await pages.Ann.waitForFunction(() => document.getElementById('hint-text').textContent.length > 0, {timeout: 30000})
        .catch(() => check(false, "Ann's page shows a hint"));
      hintMs = Date.now() - t0;
      const shown = await pages.Ann.$eval('#hint-text', (p) => p.textContent);
      check(want.length > 0 && shown === want, `the hint on the page is xii hint's: want '${want}', page '${shown}'`);
      const first = await pages.Ann.$eval('#hint-plans button', (b) => { b.click(); return b.dataset.line; });
      check(await pages.Ann.$eval('#line', (i) => i.value) === first, 'a plan line tapped fills the entry: ' + first);
      await pages.Ann.screenshot({path: path.join(shots, '02b-ann-hint.png'), fullPage: true});
      await (await pages.Ann.$('#hint-box')).screenshot({path: path.join(shots, '02c-ann-hint-panel.png')});
      check(await pages.Ben.$eval('#hint', (b) => b.hidden), "Ben's page offers no hint on Ann's turn");
      await pages.Ann.$eval('#line', (i) => { i.value = ''; });
      // An empty line: nothing is entered, and the page says so.
      const empty = await expectRefused('Ann', '', 'empty');
      check(empty.includes('nothing to enter'), 'an empty line: ' + empty);
      for (const [bad, why] of [['9 food', 'syntax'], ['1 attract bishop', 'a rule'],
                                ['reserve 6 food', 'no such reserve die'], ['turn Ann 2 2', 'out of order']]) {
        const want = playRefusal(bad).trim().split('\n')[0].replaceAll(path.join(out, 'refusal.xii'), path.basename(file));  // the page names FILE without its folder
        const text = await expectRefused('Ann', bad, why, bad === 'turn Ann 2 2' ? '03-ann-refused.png' : '');
        check(want && text.includes(want), `the page shows xii play's message for '${bad}': want '${want}', page '${text}'`);
      }
    }
  }

  if (word === 'war') {
    // Each player enters their own part from their phone.
    const entries = line.slice(4).split(', ');
    for (const e of entries) {
      const [player, ...rest] = e.split(' ');
      const part = 'war ' + player + ' ' + rest.join(' ');
      if (rest[0] === 'avoid' && await clickLine(pages[player], part)) clicked++;
      else {
        const rolls = rest.slice(1).map(Number);
        const ok = rolls.length && await pages[player].evaluate(() => [...document.querySelectorAll('#actions .group h3')]
          .some((h) => h.textContent.startsWith('War')));
        if (ok && await pages[player].evaluate((vals) => {
          const g = [...document.querySelectorAll('#actions .group')].find((x) => x.querySelector('h3').textContent.startsWith('War'));
          const rows = g.querySelectorAll('.row');
          vals.forEach((v, i) => rows[i].querySelector(`button[data-value="${v}"]`).click());
          const go = g.querySelector('button.go');
          if (go.disabled) return false;
          go.click();
          return true;
        }, rolls)) picked++;
        else { await typeLine(pages[player], part); typed++; }
      }
      if (e !== entries.at(-1)) {
        await pages[player].waitForFunction(() => /waiting for the other players/.test(document.getElementById('answer').textContent), {timeout: WAIT})
          .catch(() => check(false, player + "'s war entry is waiting"));
        if (!warPending.length) {
          warPending.push(1);
          await pages.table.screenshot({path: path.join(shots, '04-table-war.png'), fullPage: true});
        }
        if (!warKilled) {
          // kill -9 while an entry waits: after the restart it still waits (FILE.war).
          warKilled = true;
          await restartServer('a war entry waiting');
          const still = await pages.table.evaluate((seat) => {
            const w = [...document.querySelectorAll('#actions .group h3')].map((h) => h.textContent);
            return w.some((t) => t.startsWith('War: ') && t.includes('(entered)'));
          });
          check(still, 'after kill -9 the war entry still waits (the table page shows it entered)');
        }
      }
    }
  } else if (await clickLine(pages[who], line)) {
    clicked++;
  } else if (word === 'turn' && await pickDice(pages[who], line.split(' ').slice(2).map(Number))) {
    picked++;
  } else if (word === 'shared' && await pickDice(pages[who], line.split(' ').slice(1).map(Number))) {
    picked++;
  } else {
    await typeLine(pages[who], line);
    typed++;
  }
  // FILE ends with the line (flushed before the answer), and every page shows it.
  const t0 = Date.now();
  while (lastStatement() !== line && Date.now() - t0 < WAIT) await sleep(10);
  check(lastStatement() === line, `FILE ends with '${line}' (it ends with '${lastStatement()}'; ${who} said ${await answerText(pages[who])})`);
  if (lastStatement() !== line) break;
  worstWait = Math.max(worstWait, await allShow(line));

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
    if (!await clickLine(pages.Ann, line)) await typeLine(pages.Ann, line);
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
for (const who in pages) await pages[who].screenshot({path: path.join(shots, `05-end-${who}.png`), fullPage: true});
const over = await pages.table.$eval('#awaited', (a) => a.textContent);
check(/game is over/i.test(over), 'the table page says the game is over: ' + over);
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
// The sheet is drawn as SVG for the phone, when asked for.
await pages.Ann.$eval('#sheet-box summary', (s) => s.click());
await pages.Ann.waitForFunction(() => { const i = document.getElementById('sheet'); return i.complete && i.naturalWidth > 0; },
                                {timeout: 20000}).catch(() => {});
await pages.Ann.screenshot({path: path.join(shots, '06-ann-sheet.png'), fullPage: true});
const sheetOk = await pages.Ann.$eval('#sheet', (img) => img.complete && img.naturalWidth > 0);
check(sheetOk, "Ann's page shows her town-sheet");
check(cspViolations.length === 0, 'no Content-Security-Policy violation: ' + cspViolations.join('; '));

await browser.close();
server.removeAllListeners('exit');
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));

// ---- the file ---------------------------------------------------------------------------------
const audit = spawnSync(xii, ['audit', file], {encoding: 'utf8'});
check(audit.status === 0, 'xii audit FILE exits 0: ' + audit.stdout.slice(-400) + audit.stderr);
const typedAtPlay = path.join(out, 'typed.xii');
const play = spawnSync(xii, ['play', typedAtPlay],
                       {input: ['players Ann Ben', 'difficulty hard', events, ...steps].join('\n') + '\n', encoding: 'utf8'});
check(play.status === 0, 'the same game typed at xii play is recorded: ' + play.stderr);
check(fs.readFileSync(typedAtPlay, 'utf8') === fs.readFileSync(file, 'utf8'), 'FILE is identical to the same game typed at xii play');

console.log(`browser: ${steps.length} statements (${clicked} tapped, ${picked} by dice pickers, ${typed} typed), ` +
            `slowest page update ${worstWait} ms, hint on the page ${hintMs} ms, two kill -9 and restarts, ` +
            `${failures} failure(s)`);
process.exit(failures ? 1 : 0);

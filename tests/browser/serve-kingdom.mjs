// xii serve for a Kingdom game in a real browser (headless Chromium, puppeteer-core), on a
// 360-px phone page: the setup and the first year played by taps only (the dice as buttons,
// the map's legal hexes for the ranges, the river, the free buildings and the year's builds,
// the capital's picks, done). After every tap: FILE is what the page shows as the game file.
// On the way: a decision from a version left behind is refused (409), nothing written; undo;
// a second page follows the game. At the end the
// page is no wider than the phone, its link to the filled sheet gives a PDF, FILE audits clean, and a screenshot goes to OUT.
// usage: node serve-kingdom.mjs XII OUT PUPPETEER_DIR
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';

const [xii, out, modules] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(modules), 'x.js'));
const puppeteer = require('puppeteer-core');
const file = path.join(out, 'game.kingdom');
const WAIT = 20000;
fs.rmSync(out, {recursive: true, force: true});
fs.mkdirSync(out, {recursive: true});

let failures = 0;
function check(ok, what) {
  if (!ok) { failures++; console.error('FAIL: ' + what); }
}

let server = null;
process.on('exit', () => { if (server) server.kill('SIGTERM'); });
server = spawn(xii, ['serve', '--game', 'kingdom', '--port', '0', file], {stdio: ['ignore', 'pipe', 'inherit']});
const link = await new Promise((resolve, reject) => {
  let text = '';
  const timer = setTimeout(() => reject(new Error('xii serve printed no link: ' + text)), 10000);
  server.stdout.on('data', (d) => {
    text += d;
    const m = text.match(/^player: (http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{32})$/m);
    if (m) { clearTimeout(timer); resolve(m[1]); }
  });
});

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  protocolTimeout: 30000,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-extensions',
         '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
async function phone() {
  const p = await browser.newPage();
  await p.setViewport({width: 360, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true});
  await p.goto(link);
  await p.waitForFunction(() => /^version \d+$/.test(document.getElementById('link').textContent), {timeout: WAIT, polling: 100});
  return p;
}
const version = (p) => p.$eval('#link', (e) => Number(e.textContent.replace('version ', '')));
const fileText = () => fs.readFileSync(file, 'utf8');

async function afterTap(p, before) {
  try {
    await p.waitForFunction((v) => document.getElementById('link').textContent === 'version ' + (v + 1),
                            {timeout: WAIT, polling: 100}, before);
  } catch (e) {
    const said = await p.$eval('#error', (x) => x.textContent);
    const at = await p.$eval('#link', (x) => x.textContent);
    await p.screenshot({path: path.join(out, 'stuck.png'), fullPage: true});
    throw new Error('no version ' + (before + 1) + ' on the page (' + at + '; ' + said + ')');
  }
  const shown = await p.$eval('#log', (e) => e.textContent);
  check(shown === fileText(), 'the page shows FILE as it stands after version ' + (before + 1));
}

// A tap on the k-th element of selector (a click event, as a finger's tap gives).
const tap = (p, selector, k) => p.evaluate((s, i) => document.querySelectorAll(s)[i]
  .dispatchEvent(new MouseEvent('click', {bubbles: true})), selector, k);
const count = (p, selector) => p.$$eval(selector, (es) => es.length);

// One step: a listed decision for the hexes picked, else a legal hex, else a button.
let taps = 0;
const said = new Set();
let shotBuild = false;     // the page's words for what is awaited, as shown at each step
async function step(p) {
  const v = await version(p);
  const words = await p.$eval('#prompt', (e) => e.textContent);
  check(words.length > 0 && !/type/i.test(words), 'the page says what is awaited in taps, not typing: ' + words);
  said.add(words.replace(/\d+/g, 'N'));
  const listed = await p.$$eval('#places button:not(.quiet)', (bs) => bs.map((b) => b.textContent));
  if (listed.length) {
    await tap(p, '#places button:not(.quiet)', Math.max(0, listed.findIndex((l) => l.startsWith('build farm'))));
    taps++;
    await afterTap(p, v);
    return;
  }
  // One farm a year, then the year's building done.
  const done = (await p.$$eval('#choices button', (bs) => bs.map((b) => b.textContent))).indexOf('done');
  if (done >= 0 && fileText().trimEnd().split('\n').at(-1).startsWith('build')) {
    await tap(p, '#choices button', done);
    taps++;
    await afterTap(p, v);
    return;
  }
  const hexes = await count(p, '#map g.legal');
  if (hexes && words.startsWith('Build') && !shotBuild) {
    // The building step as a player sees it: the legal hexes over the regions' borders.
    await p.screenshot({path: path.join(out, 'kingdom-build-360.png'), fullPage: true});
    shotBuild = true;
  }
  if (hexes) {
    await tap(p, '#map g.legal', Math.floor(hexes / 2));
    taps++;
    await p.waitForFunction(() => document.querySelectorAll('#places button').length > 0, {timeout: WAIT, polling: 100});
    return;
  }
  if (await count(p, '#dice-go')) {
    // The dice picker: a face for each die, then Enter.
    const rows = await count(p, '.dice-row');
    for (let r = 0; r < rows; r++) {
      const faces = await count(p, '.dice-row:nth-child(' + (r + 1) + ') button');
      await tap(p, '.dice-row:nth-child(' + (r + 1) + ') button', Math.min(faces - 1, 3 + r));
      taps++;
    }
    const said = await p.$eval('#dice-go', (e) => e.textContent);
    check(/^\w+( \d)+$/.test(said), 'the picker names the roll: ' + said);
    await tap(p, '#dice-go', 0);
    taps++;
    await afterTap(p, v);
    check(fileText().includes(said) || said.startsWith('range'), 'the roll entered: ' + said);
    return;
  }
  const labels = await p.$$eval('#choices button', (bs) => bs.map((b) => b.textContent));
  check(labels.length > 0, 'a decision to take at version ' + v);
  // The capital's food, the next year's building done; the dice as a table might roll them.
  let k = labels.findIndex((l) => l === 'capital food');
  if (k < 0) k = labels.findIndex((l) => l === 'done');
  if (k < 0) k = Math.floor(labels.length * 0.6);
  await tap(p, '#choices button', k);
  taps++;
  await afterTap(p, v);
}

const p = await phone();
check(await p.$eval('#title', (e) => e.textContent.startsWith('Kingdom')), 'the page names the game');
check((await p.$$('#map g')).length === 61, 'the map: 61 hexes');
const behind = await phone();
let steps = 0, undone = false;
while (!/^year 2$/m.test(fileText()) && steps < 200) {
  await step(p);
  steps++;
  if (!undone && /^setup farm /m.test(fileText())) {
    // The page left behind: its tap is refused, it redraws, and nothing is written.
    const before = fileText();
    // A page left behind at version 0 (a range roll) sends its first decision.
    const stale = await behind.evaluate(() => fetch('/api/decide?token=' + new URLSearchParams(location.search)
      .get('token'), {method: 'POST', body: '0 0'}).then((r) => r.status));
    check(stale === 409, 'a decision from version 0 is refused with 409: ' + stale);
    check(fileText() === before, 'nothing written from the page left behind');
    const v = await version(p);
    await tap(p, '#undo', 0);
    await afterTap(p, v);
    check(!/^setup farm /m.test(fileText()), 'undo takes the farm back');
    undone = true;
  }
}
check(await behind.$eval('#log', (e) => e.textContent) === fileText(), 'the second page follows the game');
check(/^year 2$/m.test(fileText()), 'the setup and a year by taps (' + steps + ' steps, ' + taps + ' taps)');
check(undone, 'an undo on the way');
check(shotBuild, 'a building step on the way');
const drawn = await p.evaluate(() => [document.querySelectorAll('#map path.border').length,
  (document.querySelector('#map path.border') || {getAttribute: () => ''}).getAttribute('d').split('M').length - 1,
  document.querySelectorAll('#map text.region').length]);
check(drawn[0] === 1 && drawn[1] === 54 + 6 + 42 && drawn[2] === 6,
      'the regions drawn as on the sheet: 54 edges round the map, 6 round the capital, 42 between regions, 6 numbers: ' + drawn);
check(said.size >= 6, 'the page\'s words for ' + said.size + ' kinds of step: ' + [...said].join(' | '));
// The hint where the dice decide: no hint, and why.
await tap(p, '#hint', 0);
await p.waitForFunction(() => !document.getElementById('hint-text').textContent.startsWith('Working'),
                        {timeout: WAIT, polling: 100});
const hinted = await p.$eval('#hint-text', (e) => (e.hidden ? 'hidden: ' : '') + e.textContent);
const awaited = await p.$eval('#prompt', (e) => e.textContent);
check(hinted === 'No hint: nothing to decide: ' + awaited,
      'the hint where the dice decide, why in the page\'s words (' + awaited + '): ' + hinted);
await p.evaluate(() => window.scrollTo(0, 0));
const wide = await p.evaluate(() => document.documentElement.scrollWidth);
check(wide <= 360, 'the page fits the phone: ' + wide + ' px');
await p.screenshot({path: path.join(out, 'kingdom-360.png'), fullPage: true});
check(await p.$eval('#sheet', (e) => !e.hidden), 'the filled sheet\'s link shows');
const pdf = await p.evaluate(() => fetch(document.getElementById('sheet').href)
  .then((r) => r.text().then((b) => r.status + ' ' + r.headers.get('Content-Type') + ' ' + b.slice(0, 4))));
check(pdf === '200 application/pdf %PDF', 'the filled sheet\'s PDF: ' + pdf);
const audit = spawnSync(xii, ['audit', file], {encoding: 'utf8'});
check(audit.status === 0, 'xii audit FILE is clean: ' + audit.stdout + audit.stderr);
await browser.close();
server.kill('SIGTERM');
console.log('browser kingdom: ' + steps + ' steps, ' + taps + ' taps, ' + (failures ? failures + ' failed' : 'ok'));
process.exit(failures ? 1 : 0);

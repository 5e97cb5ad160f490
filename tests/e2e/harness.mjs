// Shared set-up for the end-to-end tests: serves the built page (dist/, as
// `make serve` does) on a free loopback port with python3's http.server,
// launches Debian's Chromium through playwright-core, and collects console
// errors from every page.

import { after, before } from 'node:test';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const WWW = fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * Chromium's flags (software WebGL2, no background network), from the same
 * file the wasm-bindgen browser tests use; Playwright adds headless mode.
 */
const WEBDRIVER = JSON.parse(readFileSync(new URL('../webdriver.json', import.meta.url), 'utf8'));
export const CHROMIUM = WEBDRIVER['goog:chromeOptions'];

export const STAGE_NAMES = [
  'Orient edges',
  'Orient corners + slice',
  'Separate pieces',
  'Half-turn finish',
];

/**
 * A stage's chip, named by its visible text: "Orient edges · 5 moves" (the
 * ✓ a done chip shows is not in its name, which starts with the stage's, as
 * the page contract has it); where the chips show short labels, "Orient
 * edges, EO · 5 moves".
 */
export const chip = (page, name) => page.getByRole('navigation', { name: 'Stages' })
  .getByRole('button', { name: new RegExp(`^${name.replace('+', '\\+')}(, (EO|DR|HTR|finish))? · \\d+ moves?$`) });

/** The four ways in, as their tabs are named, by their `way=` values. */
export const WAYS = { watch: 'Watch', cube: 'Your cube', lab: 'FMC lab', teach: 'Teach' };

/**
 * Takes a way in (`watch`, `cube`, `lab` or `teach`) by its tab, as a person
 * does before using its controls; resolves to its panel.
 */
export async function takeWay(page, way) {
  await page.getByRole('tab', { name: WAYS[way], exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: WAYS[way], exact: true });
  await panel.waitFor();
  return panel;
}

export const SOLVED = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';

/**
 * Starts `python3 -m http.server` on a free port, serving `dir` (dist/ unless
 * told); resolves to { url, stop }.
 */
export function serve(dir = WWW) {
  return new Promise((resolve, reject) => {
    const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      server.kill();
      reject(new Error(`http.server did not start: ${output}`));
    }, 10_000);
    server.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /port (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: `http://127.0.0.1:${match[1]}/`,
          stop: () => new Promise((done) => {
            server.once('exit', done);
            server.kill();
          }),
        });
      }
    });
    server.stderr.resume();
    server.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Chromium, headless; with `webgl` false, without WebGL (or any 3D API). */
export function launch({ webgl = true } = {}) {
  const args = webgl ? CHROMIUM.args : [...CHROMIUM.args, '--disable-webgl', '--disable-3d-apis'];
  return chromium.launch({ executablePath: CHROMIUM.binary, args });
}

/**
 * Opens the page in a new tab of `context` and waits until it is ready to
 * solve. `page.errors` lists console errors and uncaught exceptions.
 */
export async function openIn(context, url) {
  const page = await context.newPage();
  page.errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(message.text());
  });
  page.on('pageerror', (error) => page.errors.push(error.message));
  await page.goto(url);
  await page.waitForFunction(() => window.thistle && window.thistle.ready);
  return page;
}

/** `openIn` a browser context of its own, at `viewport`. */
export async function open(browser, url, viewport = { width: 1280, height: 800 }, deviceScaleFactor = 1) {
  return openIn(await browser.newContext({ viewport, deviceScaleFactor }), url);
}

export const status = (page) => page.evaluate(() => window.thistle.status());

/**
 * Waits until no frame is due, so the canvas and the net show what the page
 * holds (a change that only asks for a frame is drawn in that frame).
 */
export const quiet = (page) => page.evaluate(() => window.thistle.quiet());

/** Waits until playback has stopped moving and its last frame is drawn. */
export async function settle(page) {
  await page.waitForFunction(() => !window.thistle.status().moving, null, { timeout: 60_000 });
  await quiet(page);
  return status(page);
}

/**
 * Counts canvas pixels by the sticker colour they are closest to (by hue
 * and saturation), plus `background` and `dark` (cubie bodies).
 */
export function canvasColours(page) {
  return page.evaluate(() => {
    // The canvas background is the palette's, which the page sets as --bg.
    const bg = getComputedStyle(document.documentElement).getPropertyValue('--bg').trim();
    const [bgR, bgG, bgB] = [1, 3, 5].map((i) => parseInt(bg.slice(i, i + 2), 16));
    const source = document.getElementById('cube');
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext('2d');
    context.drawImage(source, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    const counts = { white: 0, yellow: 0, red: 0, orange: 0, green: 0, blue: 0, marker: 0, dark: 0, background: 0, other: 0, total: 0 };
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      counts.total += 1;
      if (Math.abs(r - bgR) < 4 && Math.abs(g - bgG) < 4 && Math.abs(b - bgB) < 4) {
        counts.background += 1;
        continue;
      }
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const saturation = max === 0 ? 0 : (max - min) / max;
      if (max < 70) {
        counts.dark += 1;
      } else if (saturation < 0.2) {
        counts[max > 150 ? 'white' : 'other'] += 1;
      } else if (saturation < 0.5) {
        counts.other += 1;
      } else {
        let hue;
        if (max === r) hue = (60 * (g - b)) / (max - min);
        else if (max === g) hue = 120 + (60 * (b - r)) / (max - min);
        else hue = 240 + (60 * (r - g)) / (max - min);
        hue = (hue + 360) % 360;
        if (hue < 12 || hue >= 330) counts.red += 1;
        else if (hue < 38) counts.orange += 1;
        else if (hue < 75) counts.yellow += 1;
        else if (hue < 180) counts.green += 1;
        else if (hue < 260) counts.blue += 1;
        else if (hue >= 290) counts.marker += 1;
        else counts.other += 1;
      }
    }
    return counts;
  });
}

/**
 * Serves dist/ and launches Chromium before a test file's tests, and stops
 * both after them. Returns `{ server, browser }`, filled in once started.
 */
export function useBrowser() {
  const env = {};
  before(async () => {
    env.server = await serve();
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/**
 * Waits until the page is ready and no solve is under way in its worker
 * (called straight after a navigation, the page's API may not be there yet).
 */
export function searched(page) {
  return page.waitForFunction(() => window.thistle?.ready && !window.thistle.searching(), null, { timeout: 30_000 });
}

/** The page's query parameters, decoded as ordinary URL encoding. */
export const query = (page) => Object.fromEntries(new URL(page.url()).searchParams);

/**
 * Every file a first visit to the page at `url` fetches, as a map from path
 * to its bytes in dist/ (which the server serves as they are): the page's
 * own, the solver worker's (which the page starts once idle, waited for
 * here), and the icon the page names (which the headless browser may not
 * have asked for by then).
 */
export async function firstVisit(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const paths = new Set(['/favicon.svg']);
  page.on('response', (response) => {
    if (response.url().startsWith(url) && response.ok()) paths.add(new URL(response.url()).pathname);
  });
  const workerStarted = page.waitForResponse((response) => response.url().endsWith('/worker-start.js'));
  await page.goto(url);
  await page.waitForFunction(() => window.thistle && window.thistle.ready);
  await workerStarted;
  await page.waitForLoadState('networkidle');
  await context.close();
  const file = (path) => join(WWW, path === '/' ? 'index.html' : path);
  return new Map([...paths].map((path) => [path, readFileSync(file(path))]));
}

/**
 * The files of dist/ that the service worker keeps for offline use
 * (pkg/files.js), as a map from path to bytes, as `firstVisit` gives them.
 */
export function keptForOffline() {
  const listed = readFileSync(join(WWW, 'pkg/files.js'), 'utf8');
  const paths = Object.keys(JSON.parse(listed.slice(listed.indexOf('{'), listed.lastIndexOf('}') + 1)).files);
  return new Map(paths.map((path) => [path, readFileSync(join(WWW, path))]));
}

// Measures the page against its targets and prints the figures (also written
// to /tmp/web-figures.txt): page weight gzipped, navigation to ready to solve
// in headless Chromium (cold, and a repeat visit from the service worker's
// cache), in-page solve time over 1,000 random states, frame rate during
// playback, frames drawn while idle, the FMC lab's alternatives and
// checks, the time to save a picture and a video, to scan six 12-megapixel
// photos, what is kept for offline use, and Prove shortest's time. Run
// after `scripts/build-web.sh --bench` (`make page-bench`), which also
// builds the copy of the page with the in-page timings.

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { firstVisit, keptForOffline, launch, open, serve, takeWay } from '../tests/e2e/harness.mjs';
import { photos } from '../tests/e2e/photos.mjs';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const lines = [];
const report = (line) => {
  lines.push(line);
  console.log(line);
};

const server = await serve();
const benchServer = await serve(fileURLToPath(new URL('../target/bench-dist/', import.meta.url)));
const browser = await launch();
try {
  // Page weight: every file a first visit fetches, and every file kept for
  // offline use, gzipped, largest first.
  const weighed = (files) => [...files]
    .map(([path, body]) => [path, gzipSync(body, { level: 9 }).length])
    .sort((x, y) => y[1] - x[1]);
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const total = (sizes) => kb(sizes.reduce((sum, [, gz]) => sum + gz, 0));
  const listed = (sizes) => sizes.map(([path, gz]) => `${path} ${kb(gz)}`).join(', ');
  const first = weighed(await firstVisit(browser, server.url));
  report(`page weight gzipped: ${total(first)} KB (target <= 300 KB; ${listed(first)})`);
  const kept = weighed(keptForOffline());
  report(`kept for offline, gzipped: ${total(kept)} KB in ${kept.length} files (target <= 500 KB; largest: ${listed(kept.slice(0, 4))})`);

  // Navigation to ready to solve, cold (a fresh context: nothing cached) and
  // on a repeat visit (a new tab in the same context once its service worker
  // is active, so the page comes from the worker's cache), interleaved.
  const timings = (page) => page.evaluate(() => {
    const at = (name) => performance.getEntriesByName(name)[0].startTime;
    return {
      ready: at('thistle-ready'),
      dom: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      wasm: at('thistle-wasm'),
      renderer: at('thistle-renderer'),
      drawn: at('thistle-drawn'),
      controlled: navigator.serviceWorker.controller !== null,
    };
  });
  const visit = async (page) => {
    await page.goto(server.url);
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    return timings(page);
  };
  const cold = [];
  const repeat = [];
  for (let i = 0; i < 9; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    cold.push(await visit(page));
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.close();
    const again = await visit(await context.newPage());
    if (!again.controlled) throw new Error('the repeat visit did not come from the service worker');
    repeat.push(again);
    await context.close();
  }
  const loadLine = (loads, what, target) => {
    const ms = (key) => median(loads.map((load) => load[key])).toFixed(0);
    report(`navigation to ready to solve, ${what}: median ${ms('ready')} ms over ${loads.length} loads (target <= ${target} ms; `
      + `medians: DOM ready ${ms('dom')}, wasm instantiated ${ms('wasm')}, renderer up ${ms('renderer')}, cube drawn ${ms('drawn')}; `
      + `each: ${loads.map((load) => load.ready.toFixed(0)).join(' ')})`);
  };
  loadLine(cold, 'cold', 500);
  loadLine(repeat, "repeat visit from the service worker's cache", 250);

  // The timings in the page's own module, as built with them (the copy of
  // the page `scripts/build-web.sh --bench` writes); everything after them
  // on the page itself.
  const timing = await open(browser, benchServer.url);
  const timed = (name, ...args) => timing.evaluate(async ([bench, given]) => {
    const wasm = await import('./pkg/thistle.js');
    return Array.from(wasm[bench](...given.slice(0, -1), BigInt(given.at(-1))));
  }, [name, args]);
  const times = await timed('benchSolve', 1000, 200, 2026);
  report(`in-page solve: median ${median(times).toFixed(1)} µs, max ${Math.max(...times).toFixed(1)} µs over ${times.length} random states (target <= 50 µs)`);
  const counters = await timed('benchCounters', 300, 50, 2026);
  report(`in-page group counters: median ${median(counters).toFixed(2)} µs, max ${Math.max(...counters).toFixed(2)} µs per state shown, over ${counters.length} random states' solutions (target <= 2 µs per move)`);
  const fewest = await timed('benchFewest', 300, 2026);
  report(`in-page fewest-moves solve: median ${median(fewest).toFixed(1)} ms, max ${Math.max(...fewest).toFixed(1)} ms over ${fewest.length} random states at the default budget (target: median <= 10 ms)`);
  await timing.context().close();
  const page = await open(browser, server.url);

  // The FMC lab, from the click to the result on the page: the first list
  // of Alternatives for stage 2 (the first time includes loading the lab's
  // module), the whole list (the longer one added below it), and a check of
  // an attempt (an EO and a half turn).
  const lab = { alternatives: [], whole: [], check: [] };
  await takeWay(page, 'lab');
  for (let k = 0; k < 8; k += 1) {
    // Watch's Random, from the lab.
    await page.evaluate(() => document.getElementById('random').click());
    await page.waitForFunction(() => !window.thistle.searching());
    const start = await page.evaluate(() => document.querySelectorAll('.moves > ol > li')[1].querySelector('ol').start - 1);
    await page.evaluate((position) => window.thistle.seek(position), start);
    const [first, whole] = await page.evaluate(async () => {
      const box = document.getElementById('alternatives-box');
      const begin = performance.now();
      document.getElementById('alternatives').click();
      while (!box.querySelector('[role="listbox"]')) await new Promise(requestAnimationFrame);
      const listed = performance.now() - begin;
      while (box.hasAttribute('aria-busy')) await new Promise(requestAnimationFrame);
      return [listed, performance.now() - begin];
    });
    lab.alternatives.push(first);
    lab.whole.push(whole);
    await page.keyboard.press('Escape');
    const eo = (await page.locator('.moves > ol > li').nth(0).locator('.move').allTextContents()).join(' ');
    await page.getByRole('textbox', { name: 'Your solution' }).fill(`${eo}\nR2`);
    lab.check.push(await page.evaluate(async () => {
      const region = document.getElementById('check-result');
      region.replaceChildren();
      const begin = performance.now();
      document.getElementById('check').click();
      while (!/Step 2/.test(region.textContent)) await new Promise(requestAnimationFrame);
      return performance.now() - begin;
    }));
  }
  report(`alternatives for stage 2 in the page: median ${median(lab.alternatives.slice(1)).toFixed(0)} ms, first (loading the lab) ${lab.alternatives[0].toFixed(0)} ms, `
    + `max ${Math.max(...lab.alternatives.slice(1)).toFixed(0)} ms over ${lab.alternatives.length - 1} random states (target <= 500 ms)`);
  report(`the whole Alternatives list (the first and the longer one) in the page: median ${median(lab.whole.slice(1)).toFixed(0)} ms, `
    + `max ${Math.max(...lab.whole.slice(1)).toFixed(0)} ms over ${lab.whole.length - 1} random states`);
  report(`check of an attempt in the page: median ${median(lab.check).toFixed(0)} ms, max ${Math.max(...lab.check).toFixed(0)} ms over ${lab.check.length} (target <= 50 ms natively)`);

  const [framesBefore, msBefore] = await page.evaluate(() => [window.thistle.frames(), window.thistle.drawMs()]);
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const seconds = 3;
  await page.waitForTimeout(seconds * 1000);
  const [framesAfter, msAfter] = await page.evaluate(() => [window.thistle.frames(), window.thistle.drawMs()]);
  const frames = framesAfter - framesBefore;
  report(`playback: ${(frames / seconds).toFixed(1)} frames/s in headless Chromium with SwiftShader (software GL); ${((msAfter - msBefore) / frames).toFixed(2)} ms of JS+wasm per frame (target 60 fps)`);

  // Save picture and Save video, timed in the page from the click to the
  // download (the link's click, held back so nothing is written).
  await takeWay(page, 'teach');
  const saves = await page.evaluate(async () => {
    const click = HTMLAnchorElement.prototype.click;
    const saved = () => new Promise((resolve) => {
      // The file is read at once: the page revokes its address right after.
      HTMLAnchorElement.prototype.click = function hold() {
        resolve({ at: performance.now(), file: fetch(this.href).then((response) => response.blob()) });
      };
    });
    const picture = [];
    for (let i = 0; i < 10; i++) {
      const done = saved();
      const begin = performance.now();
      document.getElementById('save-picture').click();
      picture.push((await done).at - begin);
    }
    // The whole solution at the fastest speed, at each size offered.
    document.getElementById('save-video').click();
    await new Promise((resolve) => { const wait = () => (document.getElementById('video') ? resolve() : setTimeout(wait, 10)); wait(); });
    const speeds = [...document.getElementById('video-speed').options].map((option) => option.value);
    const fastest = speeds[speeds.length - 1];
    const quarters = [...document.querySelectorAll('#moves button.move')]
      .reduce((sum, move) => sum + (move.textContent.endsWith('2') ? 2 : 1), 0);
    const videos = [];
    for (const size of [...document.getElementById('video-size').options].map((option) => option.value)) {
      document.getElementById('video-what').value = 'all';
      document.getElementById('video-speed').value = fastest;
      document.getElementById('video-size').value = size;
      const done = saved();
      const begin = performance.now();
      [...document.querySelectorAll('#video button')].find((button) => button.textContent === 'Record').click();
      const { at, file } = await done;
      const video = document.createElement('video');
      video.src = URL.createObjectURL(await file);
      await new Promise((resolve) => { video.onloadedmetadata = resolve; });
      videos.push({
        size, speed: fastest, wall: (at - begin) / 1000, duration: video.duration, planned: 0.6 + (0.3 * quarters) / Number(fastest) + 1.2,
      });
      // Until the dialog is ready for the next (Record enabled again).
      await new Promise((resolve) => { const wait = () => ([...document.querySelectorAll('#video button')].find((b) => b.textContent === 'Record').disabled ? setTimeout(wait, 10) : resolve()); wait(); });
    }
    HTMLAnchorElement.prototype.click = click;
    document.getElementById('video').close();
    return { picture, videos };
  });
  report(`save picture: median ${median(saves.picture).toFixed(0)} ms, first (loading picture.js) ${saves.picture[0].toFixed(0)} ms, `
    + `max ${Math.max(...saves.picture).toFixed(0)} ms over ${saves.picture.length} (target <= 300 ms)`);
  for (const [k, { size, speed, wall, duration, planned }] of saves.videos.entries()) {
    report(`save video, whole solution at ${speed}x (the fastest), ${size.replace('x', '×')}${k === 0 ? ' (the default)' : ''}: `
      + `${duration.toFixed(2)} s of video (planned ${planned.toFixed(2)} s) recorded and saved in ${wall.toFixed(2)} s, `
      + `${(wall / duration).toFixed(2)}x its length (target for the default <= 2.5x)`);
  }

  await page.getByRole('button', { name: 'End', exact: true }).click();
  await page.waitForTimeout(300);
  const idleStart = await page.evaluate(() => window.thistle.frames());
  await page.waitForTimeout(2000);
  const idle = (await page.evaluate(() => window.thistle.frames())) - idleStart;
  report(`idle: ${idle} frames drawn in 2 s (target 0)`);

  // Scan: six 12-megapixel (4000×3000) synthetic JPEG photos read in the
  // page, from the file input's change to the editor filled (the first scan
  // also loads scan.js, the lab worker and its wasm, which pressing Scan
  // starts while the chooser is open), and the page's
  // responsiveness meanwhile: the longest main-thread task and the longest
  // gap between animation frames.
  const scanning = await open(browser, server.url);
  await takeWay(scanning, 'cube');
  const state = await scanning.evaluate(() => window.thistle.stateOf("R U2 F' L D B2 R' U F2 D' L2 B"));
  const big = await photos(scanning, state, { width: 4000, height: 3000 });
  const megabytes = big.reduce((sum, file) => sum + file.buffer.length, 0) / 2 ** 20;
  const scanOnce = async () => {
    await scanning.evaluate(() => {
      // Only what comes after the change counts: handing the files over
      // (Playwright's own work) is one long task before it.
      window.scanBench = { start: Infinity, longest: 0, gap: 0, done: false };
      addEventListener('change', (event) => {
        if (event.target.id === 'scan-photos') window.scanBench.start = performance.now();
      }, { capture: true, once: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.startTime >= window.scanBench.start) window.scanBench.longest = Math.max(window.scanBench.longest, entry.duration);
        }
      }).observe({ type: 'longtask' });
      let last = performance.now();
      const tick = (time) => {
        if (last >= window.scanBench.start) window.scanBench.gap = Math.max(window.scanBench.gap, time - last);
        last = time;
        if (!window.scanBench.done) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const editor = document.getElementById('editor-facelets');
      if (editor) editor.value = '';
    });
    // As a person does: Scan opens the chooser (and starts the lab's
    // worker), then the photos are picked.
    const [chooser] = await Promise.all([
      scanning.waitForEvent('filechooser'),
      scanning.getByRole('button', { name: 'Scan' }).click(),
    ]);
    await chooser.setFiles(big);
    await scanning.waitForFunction((s) => document.getElementById('editor-facelets')?.value === s, state, { timeout: 120_000 });
    return scanning.evaluate(() => {
      window.scanBench.done = true;
      const marks = performance.getEntriesByName('thistle-scan-done');
      const { start, longest, gap } = window.scanBench;
      return { ms: marks[marks.length - 1].startTime - start, longest, gap };
    });
  };
  const firstScan = await scanOnce();
  const againScan = await scanOnce();
  const said = ({ ms, longest, gap }) => `${ms.toFixed(0)} ms (longest main-thread task ${longest.toFixed(0)} ms, longest frame gap ${gap.toFixed(0)} ms)`;
  report(`scan: six 4000×3000 JPEG photos (${megabytes.toFixed(1)} MB) from file input to editor filled: first ${said(firstScan)}; `
    + `again ${said(againScan)} (target <= 1500 ms, page responsive)`);

  // Prove shortest on eight random states the page draws (unseen), from
  // the press to "Proven shortest", never giving up: proofs vary much
  // from state to state, and four gave medians too loose to compare.
  const proving = await open(browser, server.url);
  const proofs = [];
  const scrambles = [];
  for (let k = 0; k < 8; k += 1) {
    await proving.getByRole('button', { name: 'Random', exact: true }).click();
    await proving.waitForFunction(() => !window.thistle.searching());
    scrambles.push(await proving.locator('#scramble').inputValue());
    await proving.getByRole('combobox', { name: 'Give up after' }).selectOption({ label: 'give up after never' });
    proofs.push(await proving.evaluate(async () => {
      const note = () => document.querySelector('.prove-text');
      const begin = performance.now();
      document.getElementById('prove-start').click();
      while (!/^Proven shortest/.test(note()?.textContent ?? '')) await new Promise((resolve) => { setTimeout(resolve, 50); });
      return performance.now() - begin;
    }));
  }
  report(`prove shortest in the page: median ${(median(proofs) / 1000).toFixed(1)} s, max ${(Math.max(...proofs) / 1000).toFixed(1)} s over ${proofs.length} random states, `
    + `from the press to "Proven" (target median <= 4 s, max <= 20 s; each: ${proofs.map((ms) => (ms / 1000).toFixed(1)).join(' ')}; `
    + `the slowest: ${scrambles[proofs.indexOf(Math.max(...proofs))]})`);
} finally {
  await browser.close();
  await server.stop();
  await benchServer.stop();
}
writeFileSync('/tmp/web-figures.txt', `${lines.join('\n')}\n`);

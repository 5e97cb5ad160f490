// Prove shortest: the action runs in workers of its own, one per core (the
// same solution as on one), with a progress bar and a Cancel button that
// ends them all; the page stays usable meanwhile, and on an easy scramble
// the proven solution becomes the one shown. (The stage panel's
// orientation is tested in stages.test.mjs.)

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SOLVED, open, openIn, searched, settle, useBrowser } from './harness.mjs';

const SUPERFLIP = 'U R2 F B R B2 R U2 L B2 R U\' D\' R2 F R\' L B2 U2 F2';
const link = (scramble) => `?scramble=${encodeURIComponent(scramble)}&mode=fewest`;

const proveButton = (page) => page.getByRole('button', { name: 'Prove shortest' });
const cancelButton = (page) => page.getByRole('button', { name: 'Cancel' });
const bar = (page) => page.getByRole('progressbar', { name: 'Proof progress' });
const note = (page) => page.locator('.prove-text');

/**
 * Before the page starts: `cores` for navigator.hardwareConcurrency, and
 * every lab worker (proofs run in those) counted as it starts and ends
 * (window.workers: started, ended).
 */
const withCores = (context, cores) => context.addInitScript((n) => {
  Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => n });
  window.workers = { started: 0, ended: 0 };
  const Original = window.Worker;
  window.Worker = class extends Original {
    constructor(...args) {
      super(...args);
      this.counted = String(args[0]).includes('lab-worker');
      if (this.counted) window.workers.started += 1;
    }

    terminate() {
      // Ending a worker twice ends it once.
      if (this.counted && !this.ended) window.workers.ended += 1;
      this.ended = true;
      super.terminate();
    }
  };
}, cores);

describe('prove shortest', () => {
  const env = useBrowser();

  test('on several workers a proof finds the same solution as on one, and Cancel ends every worker', async () => {
    const found = [];
    for (const cores of [1, 3]) {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
      await withCores(context, cores);
      const page = await openIn(context, env.server.url + link('R U2 F\' L D2 B R2 U\' F'));
      await searched(page);
      const before = await page.evaluate(() => window.workers.started);
      await proveButton(page).click();
      await page.waitForFunction(() => /^Proven shortest/.test(document.querySelector('.prove-text').textContent), null, { timeout: 60_000 });
      const workers = await page.evaluate(() => window.workers);
      assert.equal(workers.started - before, cores, `one worker a core: ${JSON.stringify(workers)}`);
      found.push({ note: (await note(page).textContent()).replace(/ \([\d,]+ nodes\)/, ''), moves: await page.locator('#moves').textContent() });
      // A long proof, cancelled: every worker it started is ended.
      await page.goto(env.server.url + link(SUPERFLIP));
      await page.waitForFunction(() => window.thistle && window.thistle.ready);
      await searched(page);
      await proveButton(page).click();
      await page.waitForFunction(() => /nodes/.test(document.querySelector('.prove-text').textContent), null, { timeout: 60_000 });
      const running = await page.evaluate(() => ({ ...window.workers }));
      assert.equal(running.started - running.ended, cores, `the proof's workers: ${JSON.stringify(running)}`);
      await cancelButton(page).click();
      await page.waitForFunction(() => window.workers.started === window.workers.ended);
      assert.deepEqual(page.errors, []);
      await context.close();
    }
    assert.deepEqual(found[1], found[0]);
  });

  test('the whole search is handed out in order, a chunk at a time to the worker free, every task once', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await withCores(context, 2);
    // Every chunk of the whole search a worker is asked for: its tasks, and which worker.
    await context.addInitScript(() => {
      window.chunks = [];
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function postMessage(data, ...rest) {
        if (data?.call === 'prove' && data.args.searches === 'whole') {
          this.index ??= new Set(window.chunks.map((chunk) => chunk.worker)).size;
          window.chunks.push({ worker: this.index, from: data.args.from, to: data.args.to });
        }
        return post.call(this, data, ...rest);
      };
    });
    const page = await openIn(context, env.server.url + link("F2 U2 F2 D2 F2 R2 U2 R U2 F2 U F2 R U' B2 U R B U' D' B"));
    await searched(page);
    await proveButton(page).click();
    await page.waitForFunction(() => /^Proven shortest/.test(document.querySelector('.prove-text').textContent), null, { timeout: 120_000 });
    const chunks = await page.evaluate(() => window.chunks);
    const tasks = chunks.at(-1).to;
    assert.ok(chunks.length > 32, `chunks: ${chunks.length} for ${tasks} tasks`);
    chunks.forEach((chunk, k) => {
      assert.equal(chunk.from, k ? chunks[k - 1].to : 0, `chunk ${k} starts where the one before ends`);
      assert.ok(chunk.to > chunk.from, `chunk ${k} holds a task`);
      assert.ok(chunk.to - chunk.from <= Math.ceil(tasks / 32), `chunk ${k} is at most a 32nd of the tasks`);
    });
    assert.equal(chunks.at(-1).to - chunks.at(-1).from, 1, 'the last chunks are single tasks');
    assert.deepEqual(new Set(chunks.map((chunk) => chunk.worker)), new Set([0, 1]), 'both workers take chunks');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('a mouse over Prove shortest, or focus coming to it, starts its workers, and the press then uses them', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await withCores(context, 2);
    const page = await openIn(context, env.server.url + link("R U F2 L' D B"));
    await searched(page);
    const before = await page.evaluate(() => window.workers.started);
    await proveButton(page).hover();
    await page.waitForFunction((n) => window.workers.started === n + 2, before);
    await proveButton(page).click();
    await page.waitForFunction(() => /^Proven shortest: 6 moves/.test(document.querySelector('.prove-text').textContent), null, { timeout: 60_000 });
    assert.deepEqual(await page.evaluate(() => window.workers), { started: before + 2, ended: 0 });
    assert.deepEqual(page.errors, []);
    await context.close();
    // By keyboard: focus coming to the controls starts them too.
    const keyboard = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await withCores(keyboard, 2);
    const tabbed = await openIn(keyboard, env.server.url + link("R U F2 L' D B"));
    await searched(tabbed);
    const idle = await tabbed.evaluate(() => window.workers.started);
    await tabbed.getByRole('radio', { name: 'Fastest' }).focus();
    await tabbed.keyboard.press('Tab');
    assert.equal(await tabbed.evaluate(() => document.activeElement.id), 'prove-start');
    await tabbed.waitForFunction((n) => window.workers.started === n + 2, idle);
    await keyboard.close();
  });

  test('on an easy scramble the proof completes and its solution is shown', async () => {
    const page = await open(env.browser, env.server.url + link("R U F2 L' D B"));
    await searched(page);
    await proveButton(page).click();
    await page.waitForFunction(() => /^Proven shortest: 6 moves/.test(document.querySelector('.prove-text').textContent), null, { timeout: 60_000 });
    assert.equal(await page.locator('.moves .move').count(), 6);
    // It says what it proves: the stages searched are capped over their optimum.
    assert.match(await note(page).textContent(), /over all six orientations, with stages 1–3 at most 1, 3 and 8 moves over their own optimum/);
    assert.ok(await proveButton(page).isEnabled());
    assert.equal(await cancelButton(page).isVisible(), false);
    assert.equal(await bar(page).isVisible(), false);
    await page.evaluate(() => window.thistle.seek(6));
    await settle(page);
    assert.equal(await page.evaluate(() => window.thistle.state()), SOLVED);
    // Another scramble's solution clears the note.
    await page.getByRole('button', { name: 'Random', exact: true }).click();
    await searched(page);
    assert.equal(await note(page).textContent(), '');
    assert.deepEqual(page.errors, []);
  });

  test('with the NISS switch on, a proof may find stages on the inverse scramble', async () => {
    // Four stages on the normal side take 8 moves; on the inverse, 6.
    const page = await open(env.browser, env.server.url + link("R F B L2 B' F2"));
    await searched(page);
    const niss = page.getByRole('switch', { name: 'Prove with NISS' });
    assert.equal(await niss.isChecked(), false);
    await proveButton(page).click();
    await page.waitForFunction(() => /^Proven shortest: 8 moves over all six orientations,/.test(document.querySelector('.prove-text').textContent), null, { timeout: 60_000 });
    await niss.check();
    await proveButton(page).click();
    await page.waitForFunction(() => /^Proven shortest: 6 moves over all six orientations with NISS,/.test(document.querySelector('.prove-text').textContent), null, { timeout: 60_000 });
    assert.match(await page.locator('.prove-text').textContent(), /\([\d,]+ nodes\)\. Of four-stage solutions: the cube may have shorter ones of other kinds\.$/,
      'what the proof is of');
    // The count line says how it was found, as a NISS solve's does.
    assert.match(await page.locator('#result').textContent(), /^6 moves with NISS · /);
    assert.deepEqual(page.errors, []);
  });

  test("a plain proof's longer solution does not replace a shorter one found with NISS, and says why", async () => {
    // With the lab's NISS on, fewest moves finds 6; four stages on the normal side take 8.
    const page = await open(env.browser, `${env.server.url + link("R F B L2 B' F2")}&niss=1`);
    await searched(page);
    assert.match(await page.locator('#result').textContent(), /^6 moves/);
    await proveButton(page).click();
    await page.waitForFunction(() => /^Proven shortest: 8 moves/.test(document.querySelector('.prove-text').textContent), null, { timeout: 60_000 });
    assert.match(await note(page).textContent(), /The solution on show, 6 moves with NISS, is shorter and stays: Prove with NISS covers it\.$/);
    assert.match(await page.locator('#result').textContent(), /^6 moves/);
    assert.deepEqual(page.errors, []);
  });

  test('by keyboard alone, focus goes to Cancel while a proof runs and back to Prove shortest after', async () => {
    const focused = (page) => page.evaluate(() => document.activeElement.id);
    const page = await open(env.browser, env.server.url + link(SUPERFLIP));
    await searched(page);
    await proveButton(page).focus();
    await page.keyboard.press('Enter');
    await bar(page).waitFor({ state: 'visible' });
    assert.equal(await focused(page), 'prove-cancel');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /^Cancelled/.test(document.querySelector('.prove-text').textContent));
    assert.equal(await focused(page), 'prove-start');
    // A proof that completes hands focus back too.
    await page.goto(env.server.url + link("R U F2 L' D B"));
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    await searched(page);
    await proveButton(page).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /^Proven shortest: 6 moves/.test(document.querySelector('.prove-text').textContent), null, { timeout: 60_000 });
    assert.equal(await focused(page), 'prove-start');
    // The outcome is said; the progress line, rewritten four times a second, is only shown.
    assert.equal(await page.locator('.prove-text').getAttribute('aria-live'), null);
    assert.equal(await page.locator('#prove-said').getAttribute('aria-live'), 'polite');
    assert.equal(await page.locator('#prove-said').textContent(), await page.locator('.prove-text').textContent());
    assert.deepEqual(page.errors, []);
  });

  test('a bound asked for is proven, and the proof stops there', async () => {
    const page = await open(env.browser, env.server.url + link("R U F2 L' D B"));
    await searched(page);
    await page.getByRole('spinbutton', { name: 'Prove none shorter than' }).fill('4');
    assert.equal(await page.getByRole('combobox', { name: 'Give up after' }).inputValue(), '60000');
    await proveButton(page).click();
    await page.waitForFunction(() => /^Proven: none shorter than 4 moves/.test(document.querySelector('.prove-text').textContent), null, { timeout: 60_000 });
    assert.match(await note(page).textContent(), /with stages 1–3 at most 1, 3 and 8 moves over their own optimum/);
    assert.deepEqual(page.errors, []);
  });

  test('a proof gives up after the time chosen, with the bound it reached', async () => {
    const page = await open(env.browser, env.server.url + link(SUPERFLIP));
    await searched(page);
    await page.getByRole('combobox', { name: 'Give up after' }).selectOption({ label: 'give up after 10 s' });
    await proveButton(page).click();
    await page.waitForFunction(() => /^Gave up after 10 s, \d+% searched: none shorter than \d+ so far; best \d+ moves\.$/.test(document.querySelector('.prove-text').textContent), null, { timeout: 60_000 });
    assert.ok(await proveButton(page).isEnabled());
    assert.deepEqual(page.errors, []);
  });

  test('a long proof shows progress, leaves the page usable and can be cancelled', async () => {
    const page = await open(env.browser, env.server.url + link(SUPERFLIP));
    await searched(page);
    const before = await page.evaluate(() => window.thistle.state());
    await proveButton(page).click();
    // prove.js loads on the first press: wait for the proof to start.
    await bar(page).waitFor({ state: 'visible' });
    assert.ok(await proveButton(page).isDisabled());
    await page.waitForFunction(() => /nodes · best \d+ moves · \d+% searched for shorter/.test(document.querySelector('.prove-text').textContent), null, { timeout: 60_000 });
    const [value, max] = await Promise.all(['value', 'max'].map((name) => bar(page).getAttribute(name)));
    assert.equal(Number(max), 1, 'the bar runs up to the whole search');
    assert.ok(Number(value) >= 0 && Number(value) <= 1, `the bar's value, ${value}`);
    // Solving goes on in the page's own worker meanwhile.
    await page.getByRole('button', { name: 'Random', exact: true }).click();
    await searched(page);
    const after = await page.evaluate(() => window.thistle.state());
    assert.notEqual(after, before);
    assert.match(await page.locator('#result').textContent(), /\d+ moves/);
    await cancelButton(page).click();
    assert.match(await note(page).textContent(), /^Cancelled\./);
    assert.ok(await proveButton(page).isEnabled());
    assert.equal(await cancelButton(page).isVisible(), false);
    assert.equal(await bar(page).isVisible(), false);
    // The random scramble is still shown, and can be proved in its turn.
    assert.equal(await page.evaluate(() => window.thistle.state()), after);
    await proveButton(page).click();
    await page.waitForFunction(() => /nodes/.test(document.querySelector('.prove-text').textContent), null, { timeout: 60_000 });
    await cancelButton(page).click();
    assert.deepEqual(page.errors, []);
  });
});

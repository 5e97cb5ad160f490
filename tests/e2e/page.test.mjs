// End-to-end tests of the page in headless Chromium: what a person would do,
// checked through the DOM, the `window.thistle` test hook and canvas pixels.
// Run with `node --test tests/e2e/` after building www/pkg (`make e2e`).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { canvasColours, chip, open, quiet, searched, settle, SOLVED, STAGE_NAMES, status, useBrowser } from './harness.mjs';

const SCRAMBLE = "R U R' U' F2 D L2 B' R2 U2 F D2 L";

const env = useBrowser();

/** Opens the page, solves `scramble` by typing it and pressing Solve. */
async function solved(scramble = SCRAMBLE, viewport) {
  const page = await open(env.browser, env.server.url, viewport);
  const box = page.getByRole('textbox', { name: 'Scramble' });
  await box.fill(scramble);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await searched(page);
  return page;
}

async function chipCounts(page) {
  const counts = [];
  for (const name of STAGE_NAMES) {
    const text = await chip(page, name).textContent();
    const match = new RegExp(`^${name.replace('+', '\\+')} · (\\d+) moves?$`).exec(text.trim());
    assert.ok(match, `chip text "${text}"`);
    counts.push(Number(match[1]));
  }
  return counts;
}

describe('the page', () => {
  test('solving a typed scramble shows four stage chips whose counts sum to the total', async () => {
    const page = await solved();
    const chips = page.getByRole('navigation', { name: 'Stages' }).getByRole('button');
    assert.equal(await chips.count(), 4);
    const counts = await chipCounts(page);
    const total = counts.reduce((a, b) => a + b, 0);
    const shown = await status(page);
    assert.equal(shown.total, total);
    assert.equal(await page.locator('#status').textContent(), `Move 0 of ${total} · Orient edges`);
    assert.equal(await chip(page, 'Orient edges').getAttribute('aria-current'), 'step');
    assert.notEqual(await page.evaluate(() => window.thistle.state()), SOLVED);
    assert.equal(await page.locator('.moves .move').count(), total);
    assert.deepEqual(page.errors, []);
  });

  test('playing to the end solves the cube, on the hook and on the canvas', async () => {
    const page = await solved();
    // In full colours (Stage view shows the first stage's lens at move 0),
    // the faces the camera sees, without the hint stickers of the others.
    await page.getByRole('group', { name: 'View' }).getByRole('radio', { name: 'Colours' }).check();
    await page.getByRole('checkbox', { name: 'Hidden faces' }).uncheck();
    await quiet(page);
    const before = await canvasColours(page);
    const hidden = before.yellow + before.blue + before.orange;
    assert.ok(hidden > 0.01 * before.total, `a scrambled cube shows all colours: ${JSON.stringify(before)}`);

    await page.getByLabel('Speed').selectOption('4');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    // The button says Pause once playback has started (on the next frame).
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await page.locator('#status').filter({ hasText: /^Solved$/ }).waitFor({ timeout: 60_000 });
    assert.equal(await page.evaluate(() => window.thistle.state()), SOLVED);
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();

    const colours = await canvasColours(page);
    const stickers = colours.white + colours.green + colours.red;
    assert.ok(colours.background < 0.9 * colours.total, `canvas is not blank: ${JSON.stringify(colours)}`);
    // The default view looks at U (white), F (green) and R (red).
    for (const colour of ['white', 'green', 'red']) {
      assert.ok(colours[colour] > 0.02 * colours.total, `${colour} is visible: ${JSON.stringify(colours)}`);
    }
    const stray = colours.yellow + colours.blue + colours.orange;
    assert.ok(stray < 0.01 * stickers, `no D, B or L stickers on visible faces: ${JSON.stringify(colours)}`);
    // Every stage is done at the end, one with no moves too (passed over).
    const done = await page.locator('.chip.done').count();
    assert.equal(done, (await chipCounts(page)).length);
    assert.deepEqual(page.errors, []);
  });

  test('clicking a chip goes to the start of its stage and stays there; Play then plays that stage', async () => {
    const page = await solved();
    const counts = await chipCounts(page);
    const start = counts[0] + counts[1];
    const total = counts.reduce((a, b) => a + b, 0);
    // The status as the click left it (the page's own listener runs first),
    // before playback's frames move on: how far they get varies.
    await chip(page, 'Separate pieces').evaluate((button) => button.addEventListener('click', () => {
      window.atClick = window.thistle.status();
    }, { once: true }));
    await chip(page, 'Separate pieces').click();
    const jumped = await page.evaluate(() => window.atClick);
    assert.equal(jumped.position, start, JSON.stringify(jumped));
    assert.equal(jumped.stage, 2);
    assert.match(jumped.text, new RegExp(`^Move ${jumped.position} of ${total} · Separate pieces$`));
    const paused = await settle(page);
    assert.equal(paused.position, start, 'the chip stays at its stage\'s start');
    assert.equal(paused.playing, false, 'the chip leaves playback paused');
    await page.getByRole('button', { name: 'Play' }).click();
    const stopped = await settle(page);
    assert.equal(stopped.position, start + counts[2], 'Play stops at the stage\'s end');
    assert.deepEqual(stopped.finished, [true, true, true, counts[3] === 0]);
    assert.equal(await chip(page, 'Separate pieces').evaluate((b) => b.classList.contains('done')), true);

    // A move in the list jumps there too.
    await page.locator('.moves .move').nth(2).click();
    const moved = await settle(page);
    assert.equal(moved.position, 3);
    assert.equal(moved.current, 2);
    assert.equal(await page.locator('.moves .move.current').count(), 1);
    assert.deepEqual(page.errors, []);
  });

  test('the keyboard drives playback, but not while typing', async () => {
    const page = await solved();
    const counts = await chipCounts(page);
    const total = counts.reduce((a, b) => a + b, 0);
    await page.locator('h1').click();
    await page.keyboard.press('ArrowRight');
    assert.equal((await settle(page)).position, 1);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    assert.equal((await settle(page)).position, 1);
    await page.keyboard.press('End');
    assert.equal(await page.locator('#status').textContent(), 'Solved');
    assert.equal(await page.evaluate(() => window.thistle.state()), SOLVED);
    await page.keyboard.press('Home');
    assert.equal((await status(page)).position, 0);
    // 2 goes to the second stage's start and stays there, paused; Space
    // then plays that stage and stops at its end.
    await page.keyboard.press('2');
    const second = await settle(page);
    assert.equal(second.position, counts[0], JSON.stringify(second));
    assert.equal(second.playing, false);
    await page.keyboard.press(' ');
    assert.equal((await settle(page)).position, counts[0] + counts[1]);
    await page.keyboard.press(' ');
    assert.equal((await status(page)).playing, true);
    await page.keyboard.press(' ');
    assert.equal((await status(page)).playing, false);
    await page.keyboard.press('End');
    assert.equal((await status(page)).position, total);

    // Keys typed into the scramble box are text, not commands.
    await page.getByRole('textbox', { name: 'Scramble' }).fill('R');
    await page.getByRole('textbox', { name: 'Scramble' }).press('1');
    await page.getByRole('textbox', { name: 'Scramble' }).press('Home');
    assert.equal((await status(page)).position, total);
    assert.equal(await page.getByRole('textbox', { name: 'Scramble' }).inputValue(), 'R1');
    // Enter solves.
    await page.getByRole('textbox', { name: 'Scramble' }).fill("F' U2");
    await page.getByRole('textbox', { name: 'Scramble' }).press('Enter');
    await searched(page);
    assert.equal((await status(page)).position, 0);
    assert.equal(await page.getByRole('textbox', { name: 'Scramble' }).inputValue(), "F' U2");
    assert.deepEqual(page.errors, []);
  });

  test('a bad scramble shows an alert with the column and keeps the cube', async () => {
    const page = await solved();
    const before = await page.evaluate(() => window.thistle.state());
    const box = page.getByRole('textbox', { name: 'Scramble' });
    await box.fill("R U Q2 F");
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'column' });
    assert.match(await alert.textContent(), /column 5/);
    assert.equal(await box.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => window.thistle.state()), before);
    // The counts left on show are said to be the cube's before.
    await page.getByText('The player still shows the cube solved before, until this is fixed.').waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Stages' }).getByRole('button').count(), 4);

    // The page keeps working: a good scramble clears the alert.
    await box.fill("L' D2");
    await box.press('Enter');
    await searched(page);
    assert.equal(await page.locator('#error').textContent(), '');
    assert.equal(await page.locator('#stale').isVisible(), false, 'the cube on show is the one solved');
    await page.getByRole('button', { name: 'End', exact: true }).click();
    assert.equal(await page.evaluate(() => window.thistle.state()), SOLVED);

    // Bad facelets are reported too.
    await box.fill('UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBR');
    await box.press('Enter');
    await searched(page);
    assert.match(await page.locator('#error').textContent(), /\S/);
    assert.deepEqual(page.errors, []);
  });

  test('a scramble typed and not solved yet survives a reload, said to be unsolved; once solved it is not brought back', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R_U`);
    await searched(page);
    const box = page.getByRole('textbox', { name: 'Scramble' });
    await box.fill("F D' L2 // half typed");
    await page.reload();
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    await searched(page);
    assert.equal(await box.inputValue(), "F D' L2 // half typed");
    assert.equal(await page.locator('#reading').textContent(), 'Typed here before, and not solved yet: press Solve to solve it.');
    assert.equal((await status(page)).total > 0, true, "the link's cube is on show");
    await box.press('Enter');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('scramble')?.startsWith('F_D-_L2'));
    await searched(page);
    await page.reload();
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    await searched(page);
    assert.equal(await page.locator('#reading').textContent(), 'Read as: F D\' L2.');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('Random draws a new state with four stages', async () => {
    const page = await open(env.browser, env.server.url);
    const first = await page.evaluate(() => window.thistle.state());
    await page.getByRole('button', { name: 'Random', exact: true }).click();
    await searched(page);
    const state = await page.evaluate(() => window.thistle.state());
    assert.notEqual(state, first);
    assert.notEqual(state, SOLVED);
    const scramble = await page.getByRole('textbox', { name: 'Scramble' }).inputValue();
    const check = await page.evaluate((text) => window.thistle.stateOf(text), scramble);
    assert.equal(check, state, 'the shown scramble reproduces the state');
    assert.equal((await chipCounts(page)).length, 4);
    assert.deepEqual(page.errors, []);
  });

  test('nothing is drawn while idle, and the cube returns after a lost context', async () => {
    const page = await solved();
    await settle(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const idle = await page.evaluate(() => window.thistle.frames());
    await page.waitForTimeout(1000);
    assert.equal(await page.evaluate(() => window.thistle.frames()), idle, 'no frames while idle');

    await page.evaluate(async () => {
      const gl = document.getElementById('cube').getContext('webgl2');
      const lose = gl.getExtension('WEBGL_lose_context');
      const canvas = document.getElementById('cube');
      // Resolve after the event has been dispatched: Chromium allows
      // restoring only once every listener has run.
      const after = (name) => new Promise((resolve) => canvas.addEventListener(name, () => setTimeout(resolve, 0), { once: true }));
      const lost = after('webglcontextlost');
      lose.loseContext();
      await lost;
      const restored = after('webglcontextrestored');
      lose.restoreContext();
      await restored;
    });
    await page.waitForFunction((before) => window.thistle.frames() > before, idle);
    const colours = await canvasColours(page);
    assert.ok(colours.background < 0.9 * colours.total, `the cube is drawn again: ${JSON.stringify(colours)}`);
    assert.deepEqual(page.errors, []);
  });

  test('dragging orbits the view and the wheel zooms', async () => {
    const page = await solved();
    const canvas = page.locator('#cube');
    const box = await canvas.boundingBox();
    const before = await canvasColours(page);
    const framesBefore = await page.evaluate(() => window.thistle.frames());
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 40, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction((n) => window.thistle.frames() > n, framesBefore);
    await quiet(page);
    const turned = await canvasColours(page);
    assert.notDeepEqual(turned, before);
    const framesTurned = await page.evaluate(() => window.thistle.frames());
    await page.mouse.wheel(0, 2000);
    await page.waitForFunction((n) => window.thistle.frames() > n, framesTurned);
    await quiet(page);
    const zoomed = await canvasColours(page);
    assert.ok(zoomed.background > turned.background, 'zooming out shows more background');
    assert.deepEqual(page.errors, []);
  });

  for (const viewport of [{ width: 360, height: 740 }, { width: 320, height: 568 }]) {
    test(`the layout fits a ${viewport.width} px wide phone without sideways scrolling, the transport on one line`, async () => {
      const page = await solved(SCRAMBLE, viewport);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= viewport.width, `page is ${width}px wide`);
      for (const name of ['Reset', 'Step back', 'Play', 'Step forward', 'End', 'Solve', 'Random']) {
        assert.ok(await page.getByRole('button', { name, exact: true }).isVisible(), name);
      }
      const play = await page.getByRole('button', { name: 'Play', exact: true }).boundingBox();
      const speed = await page.getByRole('combobox', { name: 'Speed' }).boundingBox();
      assert.ok(speed.x + speed.width <= viewport.width, `Speed ends at ${speed.x + speed.width}px`);
      assert.ok(Math.abs(speed.y + speed.height / 2 - (play.y + play.height / 2)) < 2, 'Speed is on the line of Play');
      assert.deepEqual(page.errors, []);
    });
  }

  test('the canvas is sharp at the device pixel ratio and follows resizes', async () => {
    const page = await open(env.browser, env.server.url, { width: 390, height: 844 }, 2);
    const size = () => page.evaluate(() => {
      const canvas = document.getElementById('cube');
      return { width: canvas.width, css: canvas.getBoundingClientRect().width };
    });
    const phone = await size();
    assert.ok(Math.abs(phone.width - 2 * phone.css) <= 1, JSON.stringify(phone));
    const frames = await page.evaluate(() => window.thistle.frames());
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.waitForFunction((before) => window.thistle.frames() > before, frames);
    await quiet(page);
    const wide = await size();
    assert.ok(wide.width > phone.width, JSON.stringify(wide));
    assert.ok(Math.abs(wide.width - 2 * wide.css) <= 1, JSON.stringify(wide));
    const colours = await canvasColours(page);
    assert.ok(colours.background < 0.9 * colours.total, JSON.stringify(colours));
    assert.deepEqual(page.errors, []);
  });

  test("on a slow line the solver's download counts up where the cube will be, a way in tapped meanwhile is kept, then the page is ready", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const network = await context.newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 200 * 1024, uploadThroughput: 200 * 1024 });
    await page.goto(env.server.url, { waitUntil: 'commit' });
    const shown = await page.waitForFunction(() => {
      const text = document.getElementById('loading')?.textContent ?? '';
      return /^Loading the solver… (\d|[1-9]\d)%$/.test(text) && text;
    }, null, { timeout: 60_000 });
    assert.match(await shown.jsonValue(), /^Loading the solver… \d+%$/);
    // A way in tapped meanwhile is not lost: it opens once the page is ready.
    await page.getByRole('tab', { name: 'Your cube' }).click();
    await page.waitForFunction(() => window.thistle && window.thistle.ready, null, { timeout: 120_000 });
    // The line is fast again for the way's own code, which loads as it opens.
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByRole('tabpanel', { name: 'Your cube' }).waitFor();
    assert.equal(await page.getByRole('tab', { name: 'Your cube' }).getAttribute('aria-selected'), 'true');
    await context.close();
  });

  test('a page whose wasm fails to load says so instead of going blank', async () => {
    const page = await env.browser.newPage();
    await page.route('**/thistle_bg.wasm', (route) => route.fulfill({ status: 404, body: 'missing' }));
    await page.goto(env.server.url);
    const message = page.locator('#startup-error');
    await message.waitFor({ state: 'visible' });
    assert.match(await message.textContent(), /could not start/);
    await page.close();
  });
});

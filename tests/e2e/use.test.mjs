// The page as people really use it: a phone that keeps the cube in view,
// no lost input, algs over several lines with comments, facelet strings
// one letter short, plurals and wrapping, tap targets and the timeline,
// hint stickers for the hidden faces, and big screens and projectors.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { canvasColours, chip, open, openIn, quiet, searched, settle, SOLVED, STAGE_NAMES, status, takeWay, useBrowser } from './harness.mjs';

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];

/** Screens and the least text size each should get (16 px was the most before). */
const SCREENS = [
  { width: 1280, height: 720, text: 16 },
  { width: 1920, height: 1080, text: 17.5 },
  { width: 2560, height: 1440, text: 20 },
];

const touch = (viewport) => ({ viewport, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

async function openWith(browser, url, options) {
  const page = await openIn(await browser.newContext(options), url);
  await searched(page);
  return page;
}

const box = (page) => page.getByRole('textbox', { name: 'Scramble' });
const stateOf = (page, scramble) => page.evaluate((text) => window.thistle.stateOf(text), scramble);
const shownState = (page) => page.evaluate(() => window.thistle.state());

describe('the page as people use it', () => {
  const env = useBrowser();

  for (const viewport of PHONES) {
    test(`on a ${viewport.width}×${viewport.height} phone, playing never scrolls the cube away`, async () => {
      const page = await openWith(env.browser, env.server.url, touch(viewport));
      // A tap's click may land after tap() returns, so wait for its new cube.
      const before = await page.evaluate(() => window.thistle.state());
      await page.getByRole('button', { name: 'Random', exact: true }).tap();
      await page.waitForFunction((state) => window.thistle.state() !== state, before);
      await searched(page);
      await page.getByRole('combobox', { name: 'Speed' }).selectOption('4');
      await page.getByRole('button', { name: 'Play' }).tap();
      await page.waitForFunction(() => window.thistle.status().playing);
      // Where the taps left the page (Random may be scrolled to): playing
      // moves it no further.
      const scrolled = await page.evaluate(() => window.scrollY);
      for (let played = 0; played < 10;) {
        await page.waitForFunction((k) => window.thistle.status().position > k, played, { timeout: 20_000 });
        played = (await status(page)).position;
        assert.equal(await page.evaluate(() => window.scrollY), scrolled, `scrolled after ${played} moves`);
        const canvas = await page.locator('#cube').boundingBox();
        assert.ok(canvas.y >= 0 && canvas.y + canvas.height <= viewport.height, `cube on screen: ${JSON.stringify(canvas)}`);
        // Play and Pause are one button, renamed as playback starts and stops.
        const b = await page.locator('#play').boundingBox();
        assert.ok(b.y + b.height <= viewport.height, 'the transport is on screen with the cube');
      }
      assert.deepEqual(page.errors, []);
    });
  }

  test('on a phone, every tap target is at least 44 × 44', async () => {
    const page = await openWith(env.browser, env.server.url, touch(PHONES[1]));
    const targets = page.locator('[role="tab"], .sticker, .swatch, .move, .chip, .transport button, .share a, .share button, .choice label, .toggle, .view-row button, .appearance label, .appearance select, .prefs button, #solve, #random, .own-cube button, .lab button, .lab select, .teach button, #prove button, #prove select, #prove-target, summary');
    // In every way in: the targets it shows.
    const sizes = [];
    for (const way of ['cube', 'lab', 'teach', 'watch']) {
      await takeWay(page, way);
      if (way === 'cube') {
        await page.locator('#editor summary').tap();
        await page.locator('.sticker').first().waitFor();
      }
      sizes.push(...await targets.evaluateAll((elements) => elements.filter((e) => e.getClientRects().length > 0).map((e) => {
        const r = e.getBoundingClientRect();
        // The editor draws the face being painted large and the others small, so that all 54
        // stickers fit a phone's width: a small face's sticker is the way to that face.
        const net = e.closest('.net');
        const aside = Boolean(net) && e.getAttribute('aria-label')?.[0] !== net.dataset.face;
        return { what: e.className || e.id || e.textContent, width: r.width, height: r.height, aside };
      })));
    }
    assert.ok(sizes.length > 60, `found ${sizes.length} targets`);
    assert.ok(sizes.filter((s) => !s.aside && /sticker/.test(s.what)).length >= 9, 'the face being painted is among the targets');
    const small = sizes.filter((s) => !s.aside && (s.width < 44 || s.height < 44)).map(({ aside, ...size }) => size);
    assert.deepEqual(small, [], 'targets under 44 × 44');
    // A switch's whole box takes the tap: it is the label, not a box around a small one.
    const boxed = await page.locator('.toggle').evaluateAll((all) => all.filter((t) => t.tagName !== 'LABEL').map((t) => t.textContent.trim()));
    assert.deepEqual(boxed, [], 'switches whose box is not their label');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= PHONES[1].width, `the page does not scroll sideways: ${scrollWidth}`);
    assert.deepEqual(page.errors, []);
  });

  test('a typed scramble survives a change of mode, and is what gets solved', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    await box(page).fill("B2 L' D2 F U2 R");
    await page.getByRole('radio', { name: 'Fastest' }).check();
    await searched(page);
    assert.equal(await box(page).inputValue(), "B2 L' D2 F U2 R");
    assert.equal(await shownState(page), await stateOf(page, "B2 L' D2 F U2 R"));
    await box(page).fill('R U (');
    await page.getByRole('radio', { name: 'Fewest moves' }).check();
    await searched(page);
    assert.equal(await box(page).inputValue(), 'R U (', 'invalid text stays');
    assert.match(await page.getByRole('alert').first().textContent(), /unclosed `\(`/i);
    assert.deepEqual(page.errors, []);
  });

  test('an alg over several lines with comments solves every line and keeps its text', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    await box(page).fill('');
    await box(page).type("R U R' // sexy");
    await box(page).press('Shift+Enter');
    await box(page).type("U' F");
    const typed = "R U R' // sexy\nU' F";
    assert.equal(await box(page).inputValue(), typed, 'Shift+Enter adds a line');
    await box(page).press('Enter');
    await searched(page);
    assert.equal(await box(page).inputValue(), typed, 'the text, comment included, stays');
    assert.equal(await shownState(page), await stateOf(page, "R U R' U' F"));
    assert.match(await page.locator('#reading').textContent(), /Read as: R U R' U' F/);
    assert.ok(decodeURIComponent(new URL(page.url()).search).includes('//_sexy'), page.url());
    const height = await box(page).evaluate((e) => e.getBoundingClientRect().height);
    assert.ok(height > 40, `the box grew to two lines: ${height}`);
    const reloaded = await open(env.browser, page.url());
    await searched(reloaded);
    assert.equal(await box(reloaded).inputValue(), typed, 'the link keeps the text');
    assert.deepEqual(page.errors, []);
  });

  test('a bad scramble selects its bad character, even after an emoji or on a later line, and drops the last reading', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    await box(page).fill('R3 U');
    await box(page).press('Enter');
    await searched(page);
    assert.match(await page.locator('#reading').textContent(), /Read as: R' U/);
    const selected = (b) => b.value.slice(b.selectionStart, b.selectionEnd);
    for (const [text, bad, message] of [
      ['R 😀 Q', '😀', /at column 3/],
      ['😀😀 Q', '😀', /at column 1/],
      ["R U\nF 😀 Q", '😀', /at line 2, column 3/],
      ["R U\nR Q", 'Q', /at line 2, column 3/],
    ]) {
      await box(page).fill(text);
      await box(page).press('Enter');
      const alert = page.getByRole('alert').filter({ hasText: /\S/ }).first();
      await alert.waitFor();
      assert.match(await alert.textContent(), message, text);
      assert.equal(await box(page).evaluate(selected), bad, text);
      assert.equal(await page.locator('#reading').textContent(), '', `${text}: no reading of the text before`);
    }
    assert.deepEqual(page.errors, []);
  });

  test('a chip clicked, Space plays its stage; a chip pressed by key keeps focus for the next', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    await chip(page, STAGE_NAMES[1]).click();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => window.thistle.status().playing);
    await page.keyboard.press('Space');
    await settle(page);
    await chip(page, STAGE_NAMES[2]).focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.textContent.startsWith('Separate pieces')), true);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('an empty box solved says there is nothing to solve yet, and how to start', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    await box(page).fill('   ');
    await box(page).press('Enter');
    await page.locator('#reading').filter({ hasText: /\S/ }).waitFor();
    assert.equal(await page.locator('#reading').textContent(), 'Nothing to solve yet: type or paste a scramble, or press Random.');
    assert.equal((await status(page)).text, 'Solved');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('a facelet string one letter short is reported as one', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    await box(page).fill('UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBB');
    await page.getByRole('button', { name: 'Solve' }).click();
    await searched(page);
    assert.match(await page.getByRole('alert').first().textContent(), /a facelet string needs 54 letters; this one has 53/i);
  });

  test('one move is "1 move", and chips and the mode switch do not wrap at 360 px', async () => {
    const page = await openWith(env.browser, env.server.url, { viewport: { width: 360, height: 740 } });
    await box(page).fill('R');
    await page.getByRole('button', { name: 'Solve' }).click();
    await searched(page);
    assert.match(await page.locator('#result').textContent(), /^1 move · /);
    const top = async (name) => (await page.getByText(name, { exact: true }).boundingBox()).y;
    assert.equal(await top('Fastest'), await top('Fewest moves'), 'both modes on one line');
    for (const chip of await page.locator('.chip').all()) {
      const [name, count] = await chip.locator('span').all();
      const nameBox = await name.boundingBox();
      const countBox = await count.boundingBox();
      assert.ok(countBox.y < nameBox.y + nameBox.height, `the count does not wrap alone: ${await chip.textContent()}`);
    }
  });

  test('the timeline seeks by drag and by keyboard, and is labelled with the move', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    const timeline = page.getByRole('slider', { name: 'Timeline' });
    const total = (await status(page)).total;
    assert.equal(await timeline.getAttribute('max'), String(total));
    const marks = await page.locator('#stage-marks option').evaluateAll((o) => o.map((m) => Number(m.value)));
    assert.equal(marks.length, 4, 'stage boundaries are marked');
    const bar = await timeline.boundingBox();
    await page.mouse.click(bar.x + bar.width * 0.5, bar.y + bar.height / 2);
    const middle = (await settle(page)).position;
    assert.ok(Math.abs(middle - total / 2) <= 2, `clicking the middle seeks to about half: ${middle} of ${total}`);
    await timeline.focus();
    await page.keyboard.press('ArrowRight');
    assert.equal((await settle(page)).position, middle + 1);
    assert.equal(await timeline.getAttribute('aria-valuetext'), (await status(page)).text);
    await page.keyboard.press('Home');
    assert.equal((await settle(page)).position, 0);
    assert.deepEqual(page.errors, []);
  });

  test('hint stickers show the hidden D, B and L faces, by default on large screens only', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    const hints = page.getByRole('checkbox', { name: 'Hidden faces' });
    assert.equal(await hints.isChecked(), true, 'on by default at 1280 × 800');
    // Solved, in colours: yellow, blue and orange are only on D, B and L,
    // which the starting view cannot see.
    await page.getByRole('radio', { name: 'Colours' }).check();
    await page.getByRole('button', { name: 'End', exact: true }).click();
    await settle(page);
    assert.equal(await page.evaluate(() => window.thistle.state()), SOLVED);
    const hidden = ['yellow', 'blue', 'orange'];
    const withHints = await canvasColours(page);
    for (const colour of hidden) assert.ok(withHints[colour] > 500, `${colour} hints: ${JSON.stringify(withHints)}`);
    // A hint floats alone: a dark edge keeps it apart from the background,
    // as a white one on a pale background would not be. The yellow D hints'
    // border pixels lie next to dark ones.
    const edged = await page.evaluate(() => {
      const source = document.getElementById('cube');
      const copy = document.createElement('canvas');
      [copy.width, copy.height] = [source.width, source.height];
      const context = copy.getContext('2d');
      context.drawImage(source, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, copy.width, copy.height);
      const kind = (x, y) => {
        const i = 4 * (y * width + x);
        const [max, min] = [Math.max(data[i], data[i + 1], data[i + 2]), Math.min(data[i], data[i + 1], data[i + 2])];
        if (max < 70) return 'dark';
        const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
        const spread = max - min || 1;
        const hue = max === r ? (60 * (g - b)) / spread : max === g ? 120 + (60 * (b - r)) / spread : 240 + (60 * (r - g)) / spread;
        return (max - min) / max >= 0.5 && hue >= 38 && hue < 75 ? 'yellow' : 'other';
      };
      let [border, nearDark] = [0, 0];
      for (let y = 4; y < height - 4; y += 1) {
        for (let x = 4; x < width - 4; x += 1) {
          if (kind(x, y) !== 'yellow' || [[1, 0], [-1, 0], [0, 1], [0, -1]].every(([dx, dy]) => kind(x + dx, y + dy) === 'yellow')) continue;
          border += 1;
          let dark = false;
          for (let dy = -4; dy <= 4 && !dark; dy += 1) for (let dx = -4; dx <= 4 && !dark; dx += 1) dark = kind(x + dx, y + dy) === 'dark';
          nearDark += dark;
        }
      }
      return nearDark / border;
    });
    assert.ok(edged > 0.8, `${(edged * 100).toFixed(0)}% of the yellow hints' border is next to a dark edge`);
    const frames = await page.evaluate(() => window.thistle.frames());
    await hints.uncheck();
    await page.waitForFunction((drawn) => window.thistle.frames() > drawn, frames);
    await quiet(page);
    const without = await canvasColours(page);
    for (const colour of hidden) assert.ok(without[colour] < 20, `no ${colour} without hints: ${JSON.stringify(without)}`);
    assert.ok(without.white > 500 && without.green > 500 && without.red > 500, 'U, F and R still show');
    const phone = await openWith(env.browser, env.server.url, touch(PHONES[0]));
    assert.equal(await phone.getByRole('checkbox', { name: 'Hidden faces' }).isChecked(), false, 'off on a phone');
    assert.deepEqual(page.errors, []);
  });

  test('Reset view returns the camera to where it started', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    // Read once no frame is due, so each picture is the page's own.
    const picture = async () => {
      await quiet(page);
      return page.evaluate(() => document.getElementById('cube').toDataURL());
    };
    const start = await picture();
    const canvas = await page.locator('#cube').boundingBox();
    await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
    await page.mouse.down();
    await page.mouse.move(canvas.x + canvas.width / 2 + 150, canvas.y + canvas.height / 2 + 60, { steps: 5 });
    await page.mouse.up();
    await page.mouse.wheel(0, 300);
    assert.notEqual(await picture(), start, 'dragging turned the view');
    await page.getByRole('button', { name: 'Reset view' }).click();
    assert.equal(await picture(), start, 'the same picture as at the start');
    assert.deepEqual(page.errors, []);
  });

  for (const viewport of SCREENS) {
    test(`at ${viewport.width}×${viewport.height} nothing overlaps or scrolls sideways, and the cube and text use the space`, async () => {
      const page = await open(env.browser, env.server.url, { width: viewport.width, height: viewport.height });
      await searched(page);
      await assertTidy(page, viewport);
      const canvas = await page.locator('#cube').boundingBox();
      assert.ok(canvas.width >= viewport.width * 0.45, `the cube grows with the screen: ${canvas.width} px wide`);
      const text = await page.evaluate(() => parseFloat(getComputedStyle(document.getElementById('status')).fontSize));
      assert.ok(text >= viewport.text, `text scales up: ${text}px, at least ${viewport.text}px`);
      assert.deepEqual(page.errors, []);
    });
  }

  test('presentation mode (F or the button) shows the cube full-screen with the chips and transport', async () => {
    for (const { width, height } of SCREENS) {
      const viewport = { width, height };
      const page = await open(env.browser, env.server.url, viewport);
      await searched(page);
      await page.keyboard.press('f');
      await page.waitForFunction(() => document.fullscreenElement, null, { timeout: 5000 });
      // Its name says what it does now; a pressed state as well would be heard as "Exit presentation, pressed".
      assert.equal(await page.getByRole('button', { name: 'Exit presentation' }).getAttribute('aria-pressed'), null);
      assert.equal(await page.getByRole('heading', { name: 'Thistle' }).isVisible(), false, 'the header waits');
      assert.equal(await page.getByRole('textbox', { name: 'Scramble' }).isVisible(), false, 'the input waits');
      const canvas = await page.locator('#cube').boundingBox();
      // Beside the words a class reads (room.test.mjs).
      assert.ok(canvas.height >= viewport.height * 0.6 && canvas.width >= viewport.width * 0.55,
        `the cube fills what the words leave: ${JSON.stringify(canvas)}`);
      const targets = [...['Play', 'Step forward'].map((name) => page.getByRole('button', { name, exact: true })),
        ...STAGE_NAMES.map((name) => chip(page, name))];
      for (const [k, locator] of targets.entries()) {
        const name = k < 2 ? ['Play', 'Step forward'][k] : STAGE_NAMES[k - 2];
        const target = await locator.boundingBox();
        assert.ok(target && target.y >= 0 && target.y + target.height <= viewport.height, `${name} on screen`);
      }
      await assertTidy(page, viewport);
      await page.getByRole('button', { name: 'Step forward' }).click();
      assert.equal((await settle(page)).position, 1, 'the transport works while presenting');
      await page.getByRole('button', { name: 'Exit presentation' }).click();
      assert.equal(await page.getByRole('textbox', { name: 'Scramble' }).isVisible(), true, 'back to the page');
      // Until the page has seen that full screen end, so the next wait is for the next one's.
      await page.waitForFunction(() => !window.thistle.fullscreen(), null, { timeout: 5000 });
      await page.keyboard.press('F');
      assert.equal(await page.getByRole('heading', { name: 'Thistle' }).isVisible(), false);
      // Leaving full screen lands late: it must not end a presentation started
      // again before it lands (F twice in one go, as on a slow machine).
      await page.waitForFunction(() => window.thistle.fullscreen(), null, { timeout: 5000 });
      await page.evaluate(() => {
        // Listeners run in the order added, so this one hears the exit after the page has.
        window.exitSeen = false;
        document.addEventListener('fullscreenchange', () => {
          if (!document.fullscreenElement) window.exitSeen = true;
        });
        for (let k = 0; k < 2; k++) document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'F', bubbles: true }));
      });
      // Until the page has seen full screen end (the new presentation may
      // then ask for full screen again, so fullscreen() need not stay false).
      await page.waitForFunction(() => window.exitSeen, null, { timeout: 5000 });
      assert.equal(await page.getByRole('heading', { name: 'Thistle' }).isVisible(), false, 'presenting again');
      // Escape may reach the browser's own full screen first (it was asked
      // for again), which then ends the presentation by its change event.
      await page.keyboard.press('Escape');
      await page.getByRole('heading', { name: 'Thistle' }).waitFor({ state: 'visible', timeout: 5000 });
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  });

  test('late full-screen events, in the order a quick hand gets them, end only the presentation they belong to', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    // A stand-in for the browser's full screen, whose changes land, and are
    // reported, only when the test says: the browser's own timing varies.
    await page.evaluate(() => {
      let element = null;
      const asked = [];
      Object.defineProperty(document, 'fullscreenEnabled', { get: () => true });
      Object.defineProperty(document, 'fullscreenElement', { get: () => element });
      document.documentElement.requestFullscreen = async () => { asked.push('enter'); };
      document.exitFullscreen = async () => { asked.push('exit'); };
      window.fakeFullscreen = {
        asked: () => asked.splice(0),
        land: (on) => { element = on ? document.documentElement : null; },
        report: () => document.dispatchEvent(new Event('fullscreenchange')),
      };
    });
    const fake = (call, arg) => page.evaluate(([name, value]) => window.fakeFullscreen[name](value), [call, arg]);
    const presentingNow = () => page.evaluate(() => document.documentElement.hasAttribute('data-presenting'));

    await page.keyboard.press('f');
    // The first presentation begins once its sheet has come.
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-presenting'));
    assert.deepEqual(await fake('asked'), ['enter']);
    await fake('land', true);
    await fake('report');
    await fake('land', false);
    await fake('report');
    assert.equal(await presentingNow(), false, 'leaving full screen (Esc) ends the presentation');

    await page.keyboard.press('f');
    assert.deepEqual(await fake('asked'), ['enter']);
    await fake('land', true);
    await fake('report');
    await page.keyboard.press('f');
    assert.deepEqual(await fake('asked'), ['exit']);
    await fake('land', false);
    // Present again before that exit is reported, and leave and present
    // once more while this one's full screen lands unreported.
    await page.keyboard.press('f');
    assert.deepEqual(await fake('asked'), ['enter']);
    await fake('land', true);
    await page.keyboard.press('f');
    await page.keyboard.press('f');
    assert.deepEqual(await fake('asked'), ['exit'], 'full screen is still on, so the last presentation does not ask');
    await fake('report');
    await fake('report');
    assert.equal(await presentingNow(), true, 'the late reports leave the last presentation on');
    assert.ok(!(await fake('asked')).includes('enter'), 'and the full screen that is not its own is left');
    await fake('land', false);
    await fake('report');
    assert.equal(await presentingNow(), true, 'leaving full screen it did not enter does not end it');
    assert.deepEqual(await fake('asked'), ['enter'], 'it asks for its own');
    await fake('land', true);
    await fake('report');
    await fake('land', false);
    await fake('report');
    assert.equal(await presentingNow(), false, 'leaving its own full screen ends it');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
});

/**
 * No sideways scroll, and no two visible controls or panels overlap (an
 * element may sit inside another), all within the screen's width.
 */
async function assertTidy(page, viewport) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= viewport.width, `no sideways scroll: ${scrollWidth}`);
  const clashes = await page.evaluate(() => {
    const selector = 'h1, .top p, [role="tab"], #cube, .scrubber, .transport > *, .view-row > *, .input-row > *, .choice > label, '
      + '#result, .chip, #status, .share > *, .progress, .stage-panel, .moves, .words, .editor, .prefs > *';
    const boxes = [...document.querySelectorAll(selector)]
      .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && r.height > 0);
    const found = [];
    const name = (e) => e.id || e.className || e.textContent.trim().slice(0, 20);
    for (const { e, r } of boxes) {
      if (r.left < -1 || r.right > innerWidth + 1) found.push(`${name(e)} outside the screen`);
    }
    for (let i = 0; i < boxes.length; i += 1) {
      for (let j = i + 1; j < boxes.length; j += 1) {
        const [a, b] = [boxes[i], boxes[j]];
        if (a.e.contains(b.e) || b.e.contains(a.e)) continue;
        const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (x > 1 && y > 1) found.push(`${name(a.e)} overlaps ${name(b.e)}`);
      }
    }
    return found;
  });
  assert.deepEqual(clashes, []);
}

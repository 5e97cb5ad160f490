// A page for everyone: an axe-core audit of every state a person reaches,
// narration for screen readers, the cube in words, reduced motion counted
// in animation frames, and a whole session with the keyboard alone.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { open, openIn, quiet, searched, settle, status, takeWay, useBrowser } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** axe-core's violations on the page as it is now, one line each. */
async function audit(page) {
  // Evaluated as the browser's tools evaluate, not as a <script> tag: the
  // page's content security policy refuses inline scripts, as it should.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations;
  }, RULES);
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const narration = (page) => page.locator('#narration').textContent();

describe('a page for everyone', () => {
  const env = useBrowser();

  for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 640 }]) {
    test(`axe-core finds no violations at ${viewport.width}×${viewport.height}: solved, editor open, key help open`, async () => {
      const page = await open(env.browser, env.server.url, viewport);
      await page.getByRole('textbox', { name: 'Scramble' }).fill("R U R' F2 D' L2");
      await page.getByRole('button', { name: 'Solve' }).click();
      await searched(page);
      assert.deepEqual(await audit(page), [], 'after a solve');
      await takeWay(page, 'cube');
      await page.getByText('Colour editor: paint the cube you hold').click();
      await page.locator('.net .sticker').first().waitFor();
      assert.deepEqual(await audit(page), [], 'with the colour editor open');
      for (const way of ['lab', 'teach']) {
        await takeWay(page, way);
        assert.deepEqual(await audit(page), [], `in ${way}`);
      }
      await takeWay(page, 'watch');
      await page.locator('#words > summary').click();
      await page.locator('#words-body td').first().waitFor();
      assert.deepEqual(await audit(page), [], 'with the cube in words open');
      await page.getByRole('button', { name: /Keyboard shortcuts/ }).click();
      // Made on first use (shortcuts.js).
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      assert.deepEqual(await audit(page), [], 'with the key help open');
      assert.deepEqual(page.errors, []);
    });
  }

  test('the dark scheme follows the system until the Dark switch is chosen, and passes axe-core, forced colours too', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    const page = await openIn(context, env.server.url);
    await searched(page);
    const dark = page.getByRole('switch', { name: 'Dark' });
    assert.equal(await dark.isChecked(), true, 'the system is dark');
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    assert.equal(await background(), 'rgb(24, 27, 33)');
    await quiet(page);
    const [r, g, b] = await page.evaluate(() => {
      const canvas = document.getElementById('cube');
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      copy.getContext('2d').drawImage(canvas, 0, 0);
      return [...copy.getContext('2d').getImageData(1, 1, 1, 1).data];
    });
    assert.deepEqual([r, g, b], [24, 27, 33], 'the canvas is cleared to the dark background');
    await page.getByRole('switch', { name: 'Net' }).check();
    await takeWay(page, 'cube');
    await page.getByText('Colour editor: paint the cube you hold').click();
    await page.locator('.net .sticker').first().waitFor();
    assert.deepEqual(await audit(page), [], 'dark');
    await page.emulateMedia({ forcedColors: 'active' });
    assert.deepEqual(await audit(page), [], 'dark, in forced colours');
    await page.emulateMedia({ forcedColors: 'none' });
    // Chosen on the page, it holds over the system's and is remembered.
    await dark.uncheck();
    assert.equal(await background(), 'rgb(236, 239, 243)');
    await page.reload();
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    assert.equal(await page.getByRole('switch', { name: 'Dark' }).isChecked(), false);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.scheme), 'light');
    await page.emulateMedia({ forcedColors: 'active' });
    assert.deepEqual(await audit(page), [], 'light, in forced colours');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('stepping announces the move in notation and words, its position and stage', async () => {
    const page = await open(env.browser, env.server.url);
    await page.getByRole('textbox', { name: 'Scramble' }).fill("F R'");
    await page.getByRole('radio', { name: 'Fastest' }).check();
    await searched(page);
    const { total } = await status(page);
    await page.getByRole('button', { name: 'Step forward' }).click();
    await settle(page);
    const first = (await page.locator('.move').first().textContent()).replace("'", '′');
    const said = await narration(page);
    assert.ok(said.startsWith(`${first}, `), said);
    assert.match(said, /(top|bottom|right|left|front|back) face (clockwise|counter-clockwise|half turn)/);
    assert.match(said, new RegExp(`Move 1 of ${total}, Orient edges`));
    await page.keyboard.press('End');
    await settle(page);
    assert.match(await narration(page), /solved/);
    assert.equal(await page.locator('#narration').getAttribute('aria-live'), 'polite');
    assert.equal(await page.getByRole('status').filter({ hasText: /^Solved$/ }).getAttribute('aria-live'), 'off',
      'the status line stays a status, and does not speak too');
  });

  test('the move list is one Tab stop, at the move playback stands on; the arrows step and focus follows', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R_U-_F2_D_L2_B-_R2&mode=fast&move=2`);
    await searched(page);
    const stops = () => page.locator('.move').evaluateAll((moves) => moves.flatMap((move, k) => (move.tabIndex === 0 ? [k] : [])));
    assert.ok(await page.locator('.move').count() > 4);
    assert.deepEqual(await stops(), [1], 'the move just made, the second');
    await page.locator('.move').nth(1).focus();
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.equal((await status(page)).position, 3);
    assert.deepEqual(await stops(), [2]);
    assert.equal(await page.evaluate(() => [...document.querySelectorAll('.move')].indexOf(document.activeElement)), 2, 'focus follows');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.classList.contains('move')), false, 'one Tab leaves the list');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('a new solution, as after a mode switch, is announced from its start', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    for (let k = 0; k < 3; k += 1) {
      await page.getByRole('button', { name: 'Step forward' }).click();
      await settle(page);
    }
    assert.match(await narration(page), /Move 3 of \d+/);
    await page.getByRole('radio', { name: 'Fastest' }).check();
    await searched(page);
    const { total, position } = await status(page);
    assert.equal(position, 0);
    assert.equal(await narration(page), `Start: ${total} moves to solve.`);
    assert.deepEqual(page.errors, []);
  });

  test('playing at 4× announces finished stages only', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    const said = [];
    await page.exposeFunction('heard', (text) => said.push(text));
    await page.evaluate(() => new MutationObserver(() => window.heard(document.getElementById('narration').textContent))
      .observe(document.getElementById('narration'), { childList: true, characterData: true, subtree: true }));
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('4');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(() => window.thistle.status().solved, null, { timeout: 60_000 });
    await settle(page);
    const stages = (await page.locator('.chip .count').allTextContents()).filter((c) => !c.endsWith(' 0')).length;
    assert.ok(said.length >= 1 && said.length <= stages, `one line per finished stage: ${JSON.stringify(said)}`);
    for (const line of said) assert.match(line, /^(.+ done: [^.]+\. ?)+$/, line);
    assert.match(said.at(-1), /Half-turn finish done: the cube is solved/);
  });

  test('the cube in words lists 54 stickers matching the state shown', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await settle(page);
    await page.locator('#words > summary').click();
    await page.locator('#words-body td').first().waitFor();
    const cells = await page.locator('#words-body td').allTextContents();
    assert.equal(cells.length, 54);
    const colours = await page.evaluate(() => Object.fromEntries(window.thistle.colourNames()));
    const state = await page.evaluate(() => window.thistle.state());
    assert.equal(cells.map((name) => colours[name]).join(''), state);
    const captions = await page.locator('#words-body caption').allTextContents();
    assert.deepEqual(captions.map((c) => c.split(',')[0]), ['Top face', 'Right face', 'Front face', 'Bottom face', 'Left face', 'Back face']);
    const canvas = page.getByRole('img', { name: '3D cube' });
    assert.match(await canvas.getAttribute('aria-describedby'), /cube-help/);
    assert.match(await page.locator('#cube-help').innerText(), /“The cube in words”, below the moves, reads out every sticker\.$/);
  });

  test('with reduced motion a step draws at most 2 frames; without, a turn of several', async () => {
    const frames = async (options) => {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
      const page = await openIn(context, env.server.url);
      await searched(page);
      const drawn = async () => {
        await quiet(page);
        return page.evaluate(() => window.thistle.frames());
      };
      const before = await drawn();
      await page.getByRole('button', { name: 'Step forward' }).click();
      const counted = (await drawn()) - before;
      assert.equal((await status(page)).position, 1);
      const switched = await page.getByRole('switch', { name: 'Reduce motion' }).isChecked();
      await context.close();
      return { counted, switched };
    };
    const reduced = await frames({ reducedMotion: 'reduce' });
    assert.ok(reduced.counted <= 2, `reduced motion: ${reduced.counted} frames`);
    assert.equal(reduced.switched, true, 'the switch shows the system setting');
    const full = await frames({ reducedMotion: 'no-preference' });
    assert.ok(full.counted >= 5, `a turning move: ${full.counted} frames`);
    assert.equal(full.switched, false);
  });

  test('the Reduce motion switch overrides the system, is remembered, and playback still goes move by move', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });
    const page = await openIn(context, env.server.url);
    await searched(page);
    await page.getByRole('switch', { name: 'Reduce motion' }).check();
    await page.reload();
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    assert.equal(await page.getByRole('switch', { name: 'Reduce motion' }).isChecked(), true, 'remembered');
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('4');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    // At each frame drawn until solved: the position and whether a layer
    // was drawn part-way through a turn.
    const shown = await page.evaluate(() => new Promise((resolve) => {
      const seen = [];
      const look = () => {
        const { position, solved } = window.thistle.status();
        seen.push({ position, turning: window.thistle.turning() });
        if (solved) resolve(seen);
        else requestAnimationFrame(look);
      };
      look();
    }));
    assert.deepEqual(shown.filter((s) => s.turning), [], 'no layer is ever part-way through a turn');
    const positions = new Set(shown.map((s) => s.position));
    assert.ok(positions.size >= 3, `playback advanced move by move: ${[...positions]}`);
    await context.close();
  });

  test('with the keyboard alone: solve, jump to a stage, paint and solve in the editor, copy the share link', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await openIn(context, env.server.url);
    await searched(page);
    const focused = () => page.evaluate(() => {
      const e = document.activeElement;
      const label = e.labels && e.labels[0] ? e.labels[0].textContent.trim() : '';
      return e.getAttribute('aria-label') || label || e.textContent.trim() || e.id;
    });
    const tabTo = async (wanted) => {
      for (let k = 0; k < 120; k += 1) {
        await page.keyboard.press('Tab');
        const name = await focused();
        if (typeof wanted === 'string' ? name === wanted : wanted.test(name)) return;
      }
      throw new Error(`Tab never reached ${wanted}`);
    };
    // A solve: type into the box, Enter; focus lands on Play.
    await tabTo('Scramble');
    await page.keyboard.press('Control+A');
    await page.keyboard.type("R U2 F' L");
    await page.keyboard.press('Enter');
    await searched(page);
    assert.equal(await focused(), 'Play', 'focus goes to Play after a solve');
    await page.keyboard.press('Space');
    assert.equal((await status(page)).playing, true, 'Space on the focused Play button plays');
    await page.keyboard.press('Space');
    await settle(page);
    // Mode: arrow keys on the radio group solve again and hand focus back to Play.
    await tabTo('Fewest moves');
    await page.keyboard.press('ArrowRight');
    await searched(page);
    assert.equal(await page.getByRole('radio', { name: 'Fastest' }).isChecked(), true);
    assert.equal(await focused(), 'Play');
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.equal(await page.getByRole('radio', { name: 'Fastest' }).isChecked(), true, '→ steps, it does not flip the mode');
    assert.equal((await status(page)).position, 1);
    // A stage jump with a number key, and with a focused chip.
    const counts = (await page.locator('.chip .count').allTextContents()).map((c) => Number(c.replace(/\D/g, '')));
    // Each goes to its stage's start and stays there, paused.
    await page.keyboard.press('3');
    const three = await settle(page);
    assert.equal(three.position, counts[0] + counts[1], '3 goes to the start of stage 3');
    assert.equal(three.playing, false, '3 leaves playback paused');
    await tabTo(/^Orient corners \+ slice · /);
    await page.keyboard.press('Enter');
    const two = await settle(page);
    assert.equal(two.position, counts[0], 'Enter on a chip goes back to its stage\'s start');
    assert.equal(two.playing, false, 'Enter on a chip leaves playback paused');
    // Copy the share link.
    await tabTo('Share');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getElementById('share-note').textContent !== '');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, page.url());
    // Paint a cube in the editor and solve it: to the ways in, then the
    // arrow key to Your cube, and Tab into it.
    await tabTo('Watch');
    await page.keyboard.press('ArrowRight');
    assert.equal(await focused(), 'Your cube');
    await tabTo(/^Colour editor/);
    await page.keyboard.press('Enter');
    // Opened, the editor has focus on U1, the sticker to paint, not painted.
    // Start from solved, then back on the net (Shift+Tab), paint U2 from
    // solved: the top rows of F and B swap, and of R and L. The arrow keys
    // select a sticker; a colour letter paints it and selects the next.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'U1: not painted');
    await tabTo('Start from solved');
    await page.keyboard.press('Enter');
    for (let k = 0; k < 12 && !(await focused()).startsWith('U1: '); k += 1) await page.keyboard.press('Shift+Tab');
    assert.equal(await focused(), 'U1: White', 'back on the net, U1 painted');
    const keys = ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'o', 'o', 'o',
      'ArrowLeft', 'ArrowUp', 'ArrowLeft', 'ArrowLeft', 'b', 'b', 'b',
      'ArrowLeft', 'ArrowUp', 'ArrowLeft', 'ArrowLeft', 'r', 'r', 'r',
      'ArrowUp', ...Array(9).fill('ArrowRight'), 'g', 'g', 'g'];
    for (const key of keys) await page.keyboard.press(key);
    const painted = await page.evaluate(() => window.thistle.stateOf('U2'));
    assert.equal(await page.locator('#editor-facelets').inputValue(), painted, 'the net holds U2');
    await tabTo(/Solve this/);
    await page.keyboard.press('Enter');
    await searched(page);
    // Solved, the solution is there to follow in hand.
    await page.waitForFunction(() => document.activeElement?.id === 'follow');
    assert.equal(await page.evaluate(() => window.thistle.state()), painted, 'the painted cube is the one shown');
    // Orbit with the keyboard on the focused cube. The canvas is read once
    // no frame is due: the solve above asked for one that may not be drawn
    // yet on a loaded machine.
    const picture = async () => {
      await quiet(page);
      return page.evaluate(() => document.getElementById('cube').toDataURL());
    };
    const start = await picture();
    await page.getByRole('img', { name: '3D cube' }).focus();
    await page.keyboard.press('ArrowLeft');
    assert.notEqual(await picture(), start, 'arrow keys turn the focused cube');
    assert.equal((await status(page)).position, 0, 'and do not step');
    await page.keyboard.press('0');
    assert.equal(await picture(), start, '0 resets the view');
    // The key help.
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await page.getByRole('dialog').count(), 0);
    await context.close();
  });
});

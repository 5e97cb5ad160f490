// Your own cube on a phone, with Playwright's own device descriptors: the
// colour editor's whole net fits the screen's width with nothing scrolling
// sideways, 48 typed colour letters enter a cube, the player shows the cube
// being painted in its colours (and gives way to it), painting is a
// preview kept across a reload, Solve this leads to Follow along, and
// Follow along shows real colours, an arrow for the next turn and the
// overall count, through the whole solution with NISS.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { devices } from 'playwright-core';
import { canvasColours, openIn, quiet, searched, settle, SOLVED, STAGE_NAMES, status, takeWay, useBrowser } from './harness.mjs';

const env = useBrowser();

const PHONES = ['iPhone SE', 'Galaxy S5', 'Pixel 7'];
/** A scrambled cube's facelets, as the page's solver reads its scramble. */
const stateOf = (page) => page.evaluate(() => window.thistle.stateOf("R U2 F' L D B2 R' U F2"));
/** WCA colour letters of the faces: U white, R red, F green, D yellow, L orange, B blue. */
const COLOUR = { U: 'W', R: 'R', F: 'G', D: 'Y', L: 'O', B: 'B' };
/** The 48 stickers of `state` that are not centres, as colour letters in Kociemba's order. */
const letters = (state) => [...state].filter((_, i) => i % 9 !== 4).map((face) => COLOUR[face]).join('');

/**
 * A phone of Playwright's, with the page opened on it (a scramble solved, as
 * a visitor finds it) and Your cube taken, unless `way` is another.
 */
async function phone(name, url = '?scramble=R_U_F2_D-_L_B2_U2&mode=fewest', way = 'cube') {
  const { defaultBrowserType, ...descriptor } = devices[name];
  const context = await env.browser.newContext(descriptor);
  const page = await openIn(context, `${env.server.url}${url}`);
  await searched(page);
  await takeWay(page, way);
  return page;
}

async function openEditor(page) {
  await page.getByText('Colour editor').click();
  await page.locator('.net .sticker.selected:focus').waitFor();
}

const facelets = (page) => page.getByRole('textbox', { name: 'Facelets' }).inputValue();
/** The bottom of the block that sticks (cube, timeline, transport), as a share of the screen's height. */
const stickyShare = (page) => page.evaluate(() => document.querySelector('.stage-box').getBoundingClientRect().bottom / innerHeight);

describe('the colour editor on a phone', () => {
  test('taking Your cube on the smallest phone brings its ways in on screen below the player: Scan, the camera and the colour editor', async () => {
    const page = await phone('iPhone SE');
    await page.waitForFunction(() => {
      const under = document.querySelector('.stage-box').getBoundingClientRect().bottom;
      return ['#scan', '#camera', '#editor summary'].every((selector) => {
        const { top, bottom, height } = document.querySelector(selector).getBoundingClientRect();
        return height > 0 && top >= under - 1 && bottom <= innerHeight;
      });
    });
    await page.context().close();
  });

  for (const name of PHONES) {
    test(`on ${name}, the whole net is on screen, nothing scrolls sideways, and 48 letters enter a cube`, async () => {
      const page = await phone(name);
      const { width } = page.viewportSize();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const still = await stickyShare(page);
      assert.ok(still <= 0.45, `the sticky block ends at ${Math.round(still * 100)}% of the screen`);
      await openEditor(page);
      const net = page.getByRole('group', { name: /net/ });
      assert.equal(await net.getByRole('button').count(), 54, 'one button a sticker');
      const boxes = await net.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON()));
      const off = boxes.filter((box) => box.left < 0 || box.right > width || box.width < 4);
      assert.deepEqual(off, [], 'every sticker within the screen width');
      // And all at once, below the sticky player, with the colours.
      const { height } = page.viewportSize();
      const under = await page.evaluate(() => document.querySelector('.stage-box').getBoundingClientRect().bottom);
      const hidden = boxes.filter((box) => box.top < under || box.bottom > height);
      assert.deepEqual(hidden, [], `every sticker between ${under} and ${height} px`);
      const colours = await page.locator('.palette').boundingBox();
      assert.ok(colours.y >= under && colours.y + colours.height <= height, `the colours on screen: ${JSON.stringify(colours)}`);
      const sideways = await page.evaluate(() => document.scrollingElement.scrollWidth - innerWidth);
      assert.ok(sideways <= 0, `the page scrolls ${sideways} px sideways at ${width} px`);
      const cut = await page.locator('.palette .swatch').evaluateAll((swatches) => swatches
        .filter((swatch) => swatch.scrollWidth > swatch.clientWidth).map((swatch) => swatch.textContent));
      assert.deepEqual(cut, [], 'every colour\'s name whole on its button');
      // The face being painted is large: U, with U1 selected and focused.
      const u = boxes.slice(0, 9);
      assert.ok(u.every((box) => box.width >= 44 && box.height >= 44), `U's cells: ${u.map((box) => `${box.width}×${box.height}`).join(' ')}`);
      assert.match(await page.locator(':focus').getAttribute('aria-label'), /^U1: /);
      assert.match(await page.locator('.editor-hold').textContent(), /^Painting the white face \(U\): hold the cube with white facing you and blue on top\.$/);
      const painting = await stickyShare(page);
      assert.ok(painting < still, `painting, the sticky block ends at ${Math.round(painting * 100)}% (not below ${Math.round(still * 100)}%)`);
      await page.screenshot({ path: `/tmp/own-cube-painting-${name.replace(/\s+/g, '-')}.png` });

      const state = await stateOf(page);
      await page.keyboard.type(letters(state));
      assert.equal(await facelets(page), state);
      assert.ok(await page.getByRole('button', { name: 'Solve this' }).isEnabled());
      assert.deepEqual(page.errors, []);
    });
  }

  test('on the iPhone SE, Clear all brings U1, focused, and the colours back on screen below the player', async () => {
    const page = await phone('iPhone SE');
    await openEditor(page);
    await page.getByRole('button', { name: 'Clear all' }).tap();
    await page.locator('.net [data-index="0"]:focus').waitFor();
    const { height } = page.viewportSize();
    const under = await page.evaluate(() => document.querySelector('.stage-box').getBoundingClientRect().bottom);
    for (const [what, locator] of [['U1', page.locator('.net [data-index="0"]')], ['the colours', page.locator('.palette')]]) {
      const box = await locator.boundingBox();
      assert.ok(box.y >= under - 1 && box.y + box.height <= height, `${what} between ${under} and ${height} px: ${JSON.stringify(box)}`);
    }
    assert.deepEqual(page.errors, []);
  });

  for (const name of ['iPhone SE landscape', 'Pixel 5 landscape']) {
    test(`on ${name}, every colour's name is whole on its button`, async () => {
      const page = await phone(name);
      await openEditor(page);
      const cut = await page.locator('.palette .swatch').evaluateAll((swatches) => swatches
        .filter((swatch) => swatch.scrollWidth > swatch.clientWidth).map((swatch) => `${swatch.textContent}: ${swatch.scrollWidth} in ${swatch.clientWidth}`));
      assert.deepEqual(cut, []);
      assert.deepEqual(page.errors, []);
    });
  }
});

describe('painting', () => {
  test('the player shows the cube being painted in its colours, and the solution waits for Solve this', async () => {
    const page = await phone('Pixel 7');
    const before = await status(page);
    const shown = await page.evaluate(() => window.thistle.state());
    await openEditor(page);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.locator('.net [data-index="0"]').click();
    // U's eight outer stickers red: the 3D cube's top face turns red.
    for (let k = 0; k < 8; k += 1) await page.getByRole('button', { name: 'Red', exact: true }).click();
    await quiet(page);
    const colours = await canvasColours(page);
    const cube = colours.total - colours.background;
    assert.ok(colours.red > cube * 0.1, `red is ${colours.red} of ${cube} cube pixels: ${JSON.stringify(colours)}`);
    assert.ok(colours.marker < cube * 0.01, `no stage view: ${JSON.stringify(colours)}`);
    // Nothing beside it speaks of the solution on show: no chips, status, view choice or legend.
    for (const part of ['nav#chips', '#status', '.view-choice', '#legend']) {
      assert.equal(await page.locator(part).isVisible(), false, `${part} gives way while painting`);
    }
    // The flat net draws the same cube.
    await page.locator('#net-switch').check();
    await quiet(page);
    const fills = await page.locator('.flat-net rect[data-index], .flat-net [data-index]').evaluateAll(
      (cells) => cells.map((cell) => cell.getAttribute('fill')),
    );
    assert.equal(new Set(fills.slice(0, 9).filter((_, i) => i !== 4)).size, 1, `U painted one colour: ${fills.slice(0, 9)}`);
    // The solution on show is as it was.
    assert.equal(await page.evaluate(() => window.thistle.state()), shown);
    assert.deepEqual(await status(page), before);
    // Back on a reload: the editor open as it was, the half-painted cube
    // and the sticker to paint next, focused.
    await page.reload();
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    await page.locator('.net .sticker.selected:focus').waitFor();
    assert.equal(await page.locator('#editor').evaluate((editor) => editor.open), true, 'the editor open');
    assert.equal(await facelets(page), `RRRRURRRR${'.'.repeat(4)}R${'.'.repeat(8)}F${'.'.repeat(8)}D${'.'.repeat(8)}L${'.'.repeat(8)}B${'.'.repeat(4)}`);
    assert.match(await page.locator(':focus').getAttribute('aria-label'), /^R1: not painted$/);
    // Backspace goes back one and clears it.
    await page.keyboard.press('Backspace');
    assert.match(await page.locator(':focus').getAttribute('aria-label'), /^U9: not painted$/);
    assert.match(await facelets(page), /^RRRRURRR\./);
    assert.deepEqual(page.errors, []);
  });

  test('with the editor left open, another way in plays its solution on the whole player, and Your cube shows the painting again', async () => {
    const page = await phone('iPhone SE');
    await openEditor(page);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.locator('.net [data-index="0"]').click();
    for (let k = 0; k < 8; k += 1) await page.getByRole('button', { name: 'Red', exact: true }).click();
    const painting = () => page.evaluate(() => document.documentElement.hasAttribute('data-painting'));
    const cubeColours = async () => {
      await quiet(page);
      const colours = await canvasColours(page);
      return { ...colours, cube: colours.total - colours.background };
    };
    assert.equal(await painting(), true);
    for (const way of ['watch', 'lab']) {
      await takeWay(page, way);
      await page.waitForFunction(() => !document.documentElement.hasAttribute('data-painting'));
      const play = page.getByRole('button', { name: 'Play', exact: true });
      assert.equal(await play.isVisible(), true, `${way}: Play shows`);
      const before = (await status(page)).position;
      await page.getByRole('button', { name: 'Step forward' }).tap();
      assert.equal((await settle(page)).position, before + 1, `${way}: the step plays`);
      const colours = await cubeColours();
      assert.ok(colours.marker > colours.cube * 0.01, `${way}: the stage view, not the painting: ${JSON.stringify(colours)}`);
    }
    await takeWay(page, 'cube');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-painting'));
    const colours = await cubeColours();
    assert.ok(colours.red > colours.cube * 0.1, `the painting again: ${JSON.stringify(colours)}`);
    assert.match(await facelets(page), /^RRRRURRRR\./, 'nothing painted is lost');
    assert.deepEqual(page.errors, []);
  });

  test('a whole face at once, the way to hold each face, and Solve this leads to Follow along', async () => {
    // Pixel 5: its player grows back taller than the editor left it.
    const page = await phone('Pixel 5');
    await openEditor(page);
    await page.getByRole('button', { name: 'Clear all' }).click();
    const faces = ['white', 'red', 'green', 'yellow', 'orange', 'blue'];
    const tops = ['blue', 'white', 'white', 'green', 'white', 'white'];
    for (const [k, colour] of faces.entries()) {
      assert.match(await page.locator('.editor-hold').textContent(), new RegExp(`^Painting the ${colour} face \\([URFDLB]\\): hold the cube with ${colour} facing you and ${tops[k]} on top\\.$`));
      await page.getByRole('button', { name: `Whole face ${colour}` }).click();
    }
    assert.equal(await facelets(page), SOLVED);
    const state = await stateOf(page);
    await page.getByRole('textbox', { name: 'Facelets' }).fill(state);
    await page.getByRole('button', { name: 'Solve this' }).click();
    await page.waitForFunction((wanted) => window.thistle.state() === wanted, state);
    await searched(page);
    const follow = page.getByRole('button', { name: 'Follow along' });
    await page.waitForFunction(() => document.activeElement?.id === 'follow');
    const [box, cube, sticky] = await Promise.all([follow.boundingBox(), page.locator('#cube').boundingBox(),
      page.locator('.stage-box').boundingBox()]);
    assert.ok(box.y >= sticky.y + sticky.height && box.y + box.height <= page.viewportSize().height,
      `Follow along on screen, below the player: ${JSON.stringify({ box, sticky })}`);
    assert.ok(cube.y + cube.height / 2 >= 0, `the cube in view: ${JSON.stringify(cube)}`);
    assert.equal(await page.getByRole('group', { name: /net/ }).isVisible(), false, 'the editor closed');
    assert.equal(await page.getByRole('radio', { name: 'Colours' }).isChecked(), true, 'the cube in its own colours');
    // The cube painted is the one in hand: no scramble to make first.
    await follow.click();
    await page.getByRole('button', { name: 'Next' }).waitFor();
    assert.equal(await page.getByText(/^This solves the scramble/).isVisible(), false, 'no scramble named for a painted cube');
    assert.deepEqual(page.errors, []);
  });

  test('Back while following a painted cube leaves following for the editor, which still holds the cube', async () => {
    const page = await phone('Pixel 7');
    await openEditor(page);
    const state = await stateOf(page);
    await page.getByRole('textbox', { name: 'Facelets' }).fill(state);
    await page.getByRole('button', { name: 'Solve this' }).click();
    await page.waitForFunction((wanted) => window.thistle.state() === wanted, state);
    await searched(page);
    await page.getByRole('button', { name: 'Follow along' }).click();
    for (const k of [1, 2]) {
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForFunction((n) => window.thistle.status().position === n, k);
    }
    await page.goBack();
    await page.locator('.follow').waitFor({ state: 'hidden' });
    await page.getByRole('group', { name: /net/ }).waitFor();
    assert.equal(await page.locator('#editor').evaluate((editor) => editor.open), true, 'the editor open');
    assert.equal(await facelets(page), state, 'the cube in hand still in it');
    assert.deepEqual(page.errors, []);
  });

  test('on the smallest phone, a mistake in the last sticker is told above the colours, on screen, until it is painted right', async () => {
    const page = await phone('iPhone SE');
    await openEditor(page);
    const hold = page.locator('.editor-hold');
    // The solved cube with its last sticker, B9, tapped and painted white.
    await page.getByRole('button', { name: 'Start from solved' }).tap();
    await page.locator('.net [data-index="53"]').tap();
    await page.getByRole('button', { name: 'White', exact: true }).tap();
    await page.waitForFunction(() => /^Something to fix: ringed in the net, and explained below it\.$/.test(document.querySelector('.editor-hold').textContent));
    assert.match(await page.locator('.problems li').first().textContent(), /10 white stickers and 8 blue/);
    // Ringed, though still the sticker selected.
    const ringed = await page.locator('.net .sticker.bad').evaluateAll((cells) => cells.map((cell) => [cell.dataset.index, getComputedStyle(cell).boxShadow]));
    assert.equal(ringed.length, 1);
    assert.equal(ringed[0][0], '53');
    assert.match(ringed[0][1], /6px/, `its ring: ${ringed[0][1]}`);
    // A dark band in it, so it shows on a red sticker too, whose red the error's is.
    assert.match(ringed[0][1], /rgb\(17, 17, 17\)/, `its ring: ${ringed[0][1]}`);
    const { height } = page.viewportSize();
    const told = await hold.boundingBox();
    assert.ok(told.y >= 0 && told.y + told.height <= height, `the line on screen: ${JSON.stringify(told)} in ${height} px`);
    await page.screenshot({ path: '/tmp/own-cube-mistake.png' });
    // Backspace takes back the colour just painted, the last sticker's,
    // and blue paints it right: the way to hold the face comes back.
    await page.keyboard.press('Backspace');
    assert.match(await facelets(page), /BBBBBBBB\.$/);
    await page.getByRole('button', { name: 'Blue', exact: true }).tap();
    await page.waitForFunction(() => /^Painting the blue face \(B\)/.test(document.querySelector('.editor-hold').textContent));
    assert.equal(await page.getByRole('button', { name: 'Solve this' }).isEnabled(), true);
    assert.deepEqual(page.errors, []);
  });
});

describe('Follow along', () => {
  for (const name of PHONES) {
    test(`on ${name}: real colours, an arrow for the next turn and the overall count`, async () => {
      const page = await phone(name);
      const total = (await status(page)).total;
      await page.getByRole('button', { name: 'Follow along' }).click();
      await page.getByRole('button', { name: 'Next' }).waitFor();
      const count = page.locator('.follow-stage');
      assert.match(await count.textContent(), new RegExp(`^Move 1 of ${total} · (${STAGE_NAMES.join('|').replace('+', '\\+')}) 1 of \\d+$`));
      // Not a painted cube: which scramble the cube in hand needs first, until the first move.
      const from = page.getByText("This solves the scramble R U F2 D' L B2 U2: turn a solved cube with it first, or paint your own cube to solve that.");
      assert.equal(await from.isVisible(), true, 'the scramble named');
      const narrated = await page.locator('#narration').textContent();
      await page.getByRole('button', { name: 'Next' }).click();
      await from.waitFor({ state: 'hidden' });
      // One voice: the panel's live line says the next move once, in words
      // that begin with it; the player's narration keeps quiet.
      await quiet(page);
      assert.equal(await page.locator('#narration').textContent(), narrated, "the player's narration is quiet");
      assert.equal(await page.locator('.follow-move').getAttribute('aria-hidden'), 'true');
      assert.match(await page.locator('.follow-words').textContent(), /^\S+: /);
      await page.getByRole('button', { name: 'Back' }).click();
      await from.waitFor();
      await quiet(page);
      const colours = await canvasColours(page);
      // Every face colour shows (U, F and R in view), no stage lens, and the arrow is dark.
      for (const colour of ['white', 'red', 'green', 'yellow', 'orange', 'blue']) {
        assert.ok(colours[colour] > 0 || ['yellow', 'orange', 'blue'].includes(colour), `${colour}: ${JSON.stringify(colours)}`);
      }
      assert.ok(colours.marker === 0, `no stage view marker: ${JSON.stringify(colours)}`);
      // The panel and the cube alone: no second count from the player's chips and status line.
      assert.equal(await page.getByRole('navigation', { name: 'Stages' }).isVisible(), false, 'the chips give way');
      assert.equal(await page.locator('#status').isVisible(), false, 'the status line gives way');
      await page.screenshot({ path: `/tmp/own-cube-follow-${name.replace(/\s+/g, '-')}.png` });
      assert.deepEqual(page.errors, []);
    });
  }

  for (const name of ['iPhone SE landscape', 'Pixel 5 landscape']) {
    test(`on ${name} (a phone on its side), the title, the move, Next and the whole cube are on screen together, from wherever the page was scrolled and after a reload, and so are the editor and the cube`, async () => {
      const page = await phone(name);
      const { width, height } = page.viewportSize();
      const whole = (box) => box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
      const allOnScreen = async (when) => {
        const parts = [['the title', page.getByRole('heading', { name: 'Follow along' })], ['the cube', page.locator('#cube')],
          ['the move', page.locator('.follow-move')], ['Next', page.getByRole('button', { name: 'Next' })]];
        for (const [what, locator] of parts) {
          const box = await locator.boundingBox();
          assert.ok(whole(box), `${when}: ${what} on screen: ${JSON.stringify(box)} in ${width}×${height}`);
        }
      };
      // As after painting: the page scrolled down to Follow along.
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      await page.getByRole('button', { name: 'Follow along' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await settle(page);
      await allOnScreen('following');
      await page.reload();
      await page.getByRole('button', { name: 'Next' }).waitFor();
      await page.waitForFunction(() => window.thistle?.ready);
      await settle(page);
      await allOnScreen('after a reload');
      await page.getByRole('button', { name: /Leave/ }).click();
      await page.getByText('Colour editor').click();
      await page.locator('.net .sticker.selected:focus').waitFor();
      const [cube, selected] = await Promise.all([page.locator('#cube'), page.locator('.net .sticker.selected')].map((l) => l.boundingBox()));
      assert.ok(cube.y + cube.height > 0 && cube.y < height && selected.y >= 0 && selected.y + selected.height <= height,
        `the cube and the sticker to paint on screen: ${JSON.stringify({ cube, selected })}`);
      assert.ok(selected.x >= cube.x + cube.width, 'side by side');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= width, 'nothing scrolls sideways');
      assert.deepEqual(page.errors, []);
    });
  }

  test('the arrow for the next turn darkens the cube beyond its colours alone', async () => {
    /** Dark pixels (the cube's body, and the arrow) as a share of the cube's. */
    const darkShare = async (page) => {
      await quiet(page);
      const colours = await canvasColours(page);
      return colours.dark / (colours.total - colours.background);
    };
    const plain = await phone('Pixel 7', '?scramble=R_U_F2_D-_L_B2_U2&mode=fewest&view=colours');
    const without = await darkShare(plain);
    const page = await phone('Pixel 7');
    await page.getByRole('button', { name: 'Follow along' }).click();
    await page.getByRole('button', { name: 'Next' }).waitFor();
    const withArrow = await darkShare(page);
    assert.ok(withArrow > without * 1.05, `dark share with the arrow ${withArrow}, without ${without}`);
    assert.deepEqual(page.errors, []);
  });

  test('with NISS it follows the whole solution, from its first move, counted as a person turns it', async () => {
    // A random state whose NISS solution has stages on the inverse scramble.
    const page = await phone('Pixel 7', "?scramble=R2_F2_U2_R_B2_F2_L-_D_B2_L2_D-_L2_U-_L-_F-_D2_L-_B-_R2_D-_R2", 'lab');
    await page.getByRole('switch', { name: 'NISS' }).check();
    await page.waitForFunction(() => document.querySelector('#result').textContent.includes('with NISS'));
    await searched(page);
    await takeWay(page, 'cube');
    const solution = await page.evaluate(() => window.thistle.status());
    await page.getByRole('button', { name: 'Follow along' }).click();
    await page.getByRole('button', { name: 'Next' }).waitFor();
    const whole = await page.evaluate(() => {
      const { position, total } = window.thistle.status();
      return { position, total };
    });
    assert.ok(whole.position > 0 && whole.position < solution.total, `starts at the whole solution: ${JSON.stringify(whole)}`);
    const moves = whole.total - whole.position;
    const label = page.locator('.follow-stage');
    /** The count at move `k` of the whole solution. */
    const counted = async (k) => {
      await page.waitForFunction(([k, moves]) => document.querySelector('.follow-stage').textContent.startsWith(`Move ${k} of ${moves} · `), [k, moves]);
      return label.textContent();
    };
    assert.ok(await page.getByRole('button', { name: 'Back', exact: true }).isDisabled());
    // Through the whole solution: each stage counted 1, 2, … up to its own
    // total, the normal stages first, then the inverse ones undone.
    const seen = [];
    for (let k = 1; k <= moves; k += 1) {
      const [, name, number, of] = /^Move \d+ of \d+ · (.+) (\d+) of (\d+)$/.exec(await counted(k));
      seen.push({ name, number: Number(number), of: Number(of) });
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForFunction((n) => window.thistle.status().position === n, whole.position + k);
    }
    const names = [...new Set(seen.map(({ name }) => name))];
    for (const name of names) {
      const counts = seen.filter((move) => move.name === name);
      assert.deepEqual(counts.map(({ number }) => number), counts.map((_, i) => i + 1), `${name}: ${JSON.stringify(seen)}`);
      assert.ok(counts.every(({ of }) => of === counts.length), `${name}: ${JSON.stringify(seen)}`);
    }
    const undone = names.findIndex((name) => name.endsWith(' (inverse, undone)'));
    assert.ok(undone > 0 && names.slice(undone).every((name) => name.endsWith(' (inverse, undone)')), names.join(', '));
    assert.equal(await label.textContent(), `Move ${moves} of ${moves}`);
    assert.deepEqual(page.errors, []);
  });
});

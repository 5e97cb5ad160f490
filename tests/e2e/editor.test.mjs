// End-to-end tests of the colour editor: painting by pointer and keyboard
// (own-cube.test.mjs has filling in order on phones and the preview), live
// validation (one plain message per mistake, ringing only the stickers it
// pins down), solving a painted cube, and the facelet string in and out.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { devices } from 'playwright-core';
import { open, openIn, query, searched, SOLVED, status, takeWay, useBrowser } from './harness.mjs';

// `thistle state "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"`:
// every edge flipped in place.
const SUPERFLIP = 'UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB';
// `thistle state "R U2 F' L D B2 R' U F2 L2 D' B U' R2 F D2 L' B'"`.
const SCRAMBLED = 'BLRDUULRFDFBDRBDLUUULBFBDULFLBLDDURBDFFRLUFBRUFRRBDLFR';
const COLOURS = ['White', 'Red', 'Green', 'Yellow', 'Orange', 'Blue'];
const FACES = 'URFDLB';

const env = useBrowser();

async function openEditor(viewport) {
  const page = await open(env.browser, env.server.url, viewport);
  await takeWay(page, 'cube');
  await page.getByText('Colour editor').click();
  await page.locator('.net .sticker').first().waitFor();
  return page;
}

/** The editor, started from a solved cube (as to change a few stickers of one). */
async function openSolved(viewport) {
  const page = await openEditor(viewport);
  await page.getByRole('button', { name: 'Start from solved' }).click();
  return page;
}

const sticker = (page, index) => page.locator(`.net [data-index="${index}"]`);
const facelets = (page) => page.getByRole('textbox', { name: 'Facelets' }).inputValue();
/** Once the lab's worker has answered the last check (the list is busy until then). */
const answered = (page) => page.locator('.problems:not([aria-busy])').waitFor();
const problems = async (page) => {
  await answered(page);
  return page.locator('.problems li').allTextContents();
};
/** The stickers ringed as wrong, in order. */
const ringed = async (page) => {
  await answered(page);
  const cells = page.locator('.net .sticker.bad');
  return (await cells.evaluateAll((all) => all.map((cell) => Number(cell.dataset.index)))).sort((a, b) => a - b);
};
/** `text` with the letters at each cycle's places moved one place along it. */
function cycled(text, ...cycles) {
  const letters = [...text];
  for (const places of cycles) {
    const moved = places.map((place) => text[place]);
    places.forEach((place, k) => { letters[places[(k + 1) % places.length]] = moved[k]; });
  }
  return letters.join('');
}
/** Pastes a facelet string into the editor. */
const paste = (page, text) => page.getByRole('textbox', { name: 'Facelets' }).fill(text);
const solveThis = (page) => page.getByRole('button', { name: 'Solve this' });

/** Paints sticker `index` the colour of face letter `face` by pointer: tap it, then the colour. */
async function click(page, index, face) {
  await sticker(page, index).click();
  await page.getByRole('button', { name: COLOURS[FACES.indexOf(face)], exact: true }).click();
}

/** Paints sticker `index` by keyboard: focus it, type the colour's digit. */
async function type(page, index, face) {
  await sticker(page, index).focus();
  await page.keyboard.press(String(FACES.indexOf(face) + 1));
}

describe('the colour editor', () => {
  test('it opens with every sticker but the centres not painted: the first taps are no mistakes, and each face says how to hold the cube', async () => {
    const page = await openEditor();
    assert.equal(await facelets(page), SOLVED.split('').map((face, i) => (i % 9 === 4 ? face : '.')).join(''));
    assert.deepEqual(await problems(page), ['48 stickers still to paint (the first is U1).']);
    assert.ok(await solveThis(page).isDisabled());
    // A scrambled cube's first stickers, by tap: none is a mistake.
    for (const [k, face] of [...SCRAMBLED.slice(0, 4)].entries()) await click(page, k, face);
    assert.deepEqual(await problems(page), ['44 stickers still to paint (the first is U6).']);
    assert.deepEqual(await ringed(page), []);
    // The sticker just painted is said; the count left is shown, not said each time.
    assert.match(await page.locator('#editor-body > p.visually-hidden[aria-live="polite"]').textContent(), /^U4: [A-Z][a-z]+\.$/);
    assert.equal(await page.locator('.problems').getAttribute('aria-live'), 'off');
    assert.match(await page.locator('.editor-hold').textContent(), /^Painting the white face \(U\): hold the cube with white facing you/);
    // Every face's turn says how to hold it.
    for (const [k, face] of [...SCRAMBLED.slice(4, 13)].entries()) {
      if ((k + 4) % 9 !== 4) await click(page, k + 4, face);
    }
    assert.match(await page.locator('.editor-hold').textContent(), /^Painting the red face \(R\): hold the cube with red facing you/);
    assert.deepEqual(page.errors, []);
  });

  test("Tab from the editor's last control goes on to the player, as from any way's last control", async () => {
    const page = await openEditor();
    const last = await page.evaluate(() => {
      const controls = [...document.querySelector('#way-cube').querySelectorAll('button, input, select, textarea, summary, a[href], [tabindex="0"]')]
        .filter((control) => control.tabIndex >= 0 && control.checkVisibility());
      controls.at(-1).focus();
      return controls.at(-1).closest('#editor-body') !== null;
    });
    assert.ok(last, 'the last control is the editor\'s');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.closest('.viewer') !== null), true, 'into the player');
    assert.deepEqual(page.errors, []);
  });

  test('Erase last takes back the sticker just painted by tap, and selects it to paint again', async () => {
    const { defaultBrowserType, ...descriptor } = devices['iPhone SE'];
    const page = await openIn(await env.browser.newContext(descriptor), env.server.url);
    await takeWay(page, 'cube');
    await page.getByText('Colour editor').tap();
    await page.locator('.net .sticker').first().waitFor();
    await page.getByRole('button', { name: 'Red', exact: true }).tap();
    await page.getByRole('button', { name: 'Green', exact: true }).tap();
    assert.match(await facelets(page), /^RF\.\.U/);
    const erase = page.getByRole('button', { name: 'Erase last' });
    const box = await erase.boundingBox();
    assert.ok(box.height >= 44 && box.y >= 0 && box.y + box.height <= page.viewportSize().height, `on screen, 44 px tall: ${JSON.stringify(box)}`);
    await erase.tap();
    assert.match(await facelets(page), /^R\.\.\.U/);
    assert.equal(await page.locator('.net .sticker.selected').getAttribute('data-index'), '1', 'U2 to paint again');
    assert.deepEqual(await problems(page), ['47 stickers still to paint (the first is U2).']);
    assert.deepEqual(page.errors, []);
  });

  test('Erase last takes back only stickers painted one by one, and Whole face can be undone', async () => {
    const page = await openEditor();
    await paste(page, SCRAMBLED);
    // A sticker tapped to look at it, on a cube pasted whole: nothing was painted, so nothing is erased.
    await sticker(page, 24).click();
    const erase = page.getByRole('button', { name: 'Erase last' });
    assert.equal(await erase.isDisabled(), true, 'nothing painted to take back');
    await page.keyboard.press('Backspace');
    assert.equal(await facelets(page), SCRAMBLED, 'Backspace took nothing back either');
    // Painted, F7 is what Erase last takes back, and F7 is selected to paint again.
    await page.getByRole('button', { name: 'Red', exact: true }).click();
    assert.equal(await erase.isDisabled(), false);
    await erase.click();
    assert.equal(await facelets(page), `${SCRAMBLED.slice(0, 24)}.${SCRAMBLED.slice(25)}`);
    assert.equal(await page.locator('.net .sticker.selected').getAttribute('data-index'), '24', 'F7 to paint again');
    // A whole face at once, over stickers painted already, is a tap away from undone.
    await paste(page, SCRAMBLED);
    await sticker(page, 10).click();
    await page.getByRole('button', { name: 'Whole face red' }).click();
    assert.equal((await facelets(page)).slice(9, 18), 'RRRRRRRRR');
    await page.getByRole('button', { name: 'Undo Whole face red' }).click();
    assert.equal(await facelets(page), SCRAMBLED);
    // Undone, the stickers painted one by one before it are still Erase last's;
    // a face painted whole is not.
    await page.getByRole('button', { name: 'Clear all' }).click();
    await sticker(page, 0).click();
    await page.getByRole('button', { name: 'Red', exact: true }).click();
    await page.getByRole('button', { name: 'Green', exact: true }).click();
    await sticker(page, 10).click();
    await page.getByRole('button', { name: 'Whole face red' }).click();
    await page.getByRole('button', { name: 'Undo Whole face red' }).click();
    await erase.click();
    assert.match(await facelets(page), /^R\.\.\.U/, 'U2 taken back');
    await sticker(page, 1).click();
    await page.getByRole('button', { name: 'Whole face white' }).click();
    assert.equal(await erase.isDisabled(), true, 'the face painted whole is not taken back one sticker at a time');
    assert.match(await facelets(page), /^UUUUUUUUU/);
    assert.deepEqual(page.errors, []);
  });

  test('a colour painted too often, and a cube painted whole and real, are said in the line above the colours', async () => {
    const page = await openEditor();
    const hold = page.locator('.editor-hold');
    await page.getByRole('button', { name: 'Clear all' }).click();
    for (let k = 0; k < 9; k += 1) await page.keyboard.press('1');
    assert.match(await hold.textContent(), /^10 white stickers: a cube has 9 of each colour\. Painting the red face \(R\)/);
    await page.getByRole('button', { name: 'Start from solved' }).click();
    await page.waitForFunction(() => /Every sticker is painted, and it is a real cube: Solve this is below\.$/.test(document.querySelector('.editor-hold').textContent));
    assert.deepEqual(page.errors, []);
  });

  test('painting the superflip, solving it and playing it to solved', async () => {
    const page = await openSolved();
    assert.equal(await facelets(page), SOLVED);
    assert.deepEqual(await problems(page), ['A valid cube: ready to solve.']);
    const changes = [...SUPERFLIP].map((face, index) => [index, face]).filter(([index, face]) => SOLVED[index] !== face);
    assert.equal(changes.length, 24);
    for (const [k, [index, face]] of changes.entries()) {
      await (k % 2 ? type : click)(page, index, face);
      if (k === 0) {
        // One wrong sticker: one message, in plain words, ringing it.
        assert.ok(await solveThis(page).isDisabled());
        const listed = await problems(page);
        assert.equal(listed.length, 1, listed.join(' | '));
        assert.match(listed[0], /^There are 10 [a-z]+ stickers and 8 [a-z]+, but a cube has 9 of each colour: one sticker painted or read [a-z]+ should be [a-z]+\. The likeliest is [URFDLB]\d \(.*\), ringed/);
        assert.deepEqual(await ringed(page), [index]);
      }
    }
    assert.equal(await facelets(page), SUPERFLIP);
    assert.deepEqual(await problems(page), ['A valid cube: ready to solve.']);
    await solveThis(page).click();
    await searched(page);
    assert.equal(await page.evaluate(() => window.thistle.state()), SUPERFLIP);
    assert.equal(query(page).state, SUPERFLIP, 'a painted cube is shared as facelets');
    assert.equal((await status(page)).position, 0);

    await page.getByLabel('Speed').selectOption('4');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.locator('#status').filter({ hasText: /^Solved$/ }).waitFor({ timeout: 90_000 });
    assert.equal(await page.evaluate(() => window.thistle.state()), SOLVED);
    assert.equal((await status(page)).solved, true);
    assert.deepEqual(page.errors, []);
  });

  test('a twisted corner says any corner can take the twist, and rings none', async () => {
    const page = await openSolved();
    // Corner URF is U9 R1 F3 (stickers 8, 9, 20): turn its colours one step.
    await click(page, 8, 'F');
    await click(page, 9, 'U');
    await click(page, 20, 'R');
    const listed = await problems(page);
    assert.equal(listed.length, 1, listed.join(' | '));
    assert.match(listed[0], /^One corner is twisted in place, which a real cube can't be: .*Twisting any one corner a third of a turn anticlockwise \(looking at that corner\) makes it solvable, so no corner is marked\. Start with the piece at U-F-R/);
    assert.doesNotMatch(listed[0], /mod/);
    assert.ok(await solveThis(page).isDisabled());
    assert.deepEqual(await ringed(page), []);

    // Turning it back makes the cube valid again.
    await click(page, 8, 'U');
    await click(page, 9, 'R');
    await click(page, 20, 'F');
    assert.ok(await solveThis(page).isEnabled());
    assert.deepEqual(await ringed(page), []);

    // On a scrambled cube too (the rule once ringed every twisted corner).
    await paste(page, cycled(SCRAMBLED, [8, 9, 20]));
    const twisted = await problems(page);
    assert.equal(twisted.length, 1, twisted.join(' | '));
    assert.match(twisted[0], /^One corner is twisted in place/);
    assert.deepEqual(await ringed(page), []);
    assert.deepEqual(page.errors, []);
  });

  test('two stickers exchanged are named as a swap, and a flipped edge rings none', async () => {
    const page = await openSolved();
    // U8 and F8 exchanged.
    await click(page, 7, 'F');
    await click(page, 25, 'U');
    const listed = await problems(page);
    assert.deepEqual(listed, [
      "Two stickers look swapped: U8 (the white face's bottom middle) and F8 (the green face's bottom middle), ringed. Exchanging them makes a real cube.",
    ]);
    assert.deepEqual(await ringed(page), [7, 25]);
    assert.ok(await solveThis(page).isDisabled());
    await click(page, 25, 'F');
    await click(page, 19, 'U');
    const flipped = await problems(page);
    assert.equal(flipped.length, 1, flipped.join(' | '));
    assert.match(flipped[0], /^One edge is flipped in place, .*Flipping any one edge makes it solvable, so no edge is marked\. Start with the piece at U-F/);
    assert.deepEqual(await ringed(page), []);
    assert.ok(await solveThis(page).isDisabled());
    assert.deepEqual(page.errors, []);
  });

  test('two swapped edges ring none, and a face painted a quarter turn out says to turn it', async () => {
    const page = await openEditor();
    // Edges UR (U6 R2) and UF (U8 F2) exchanged on a scrambled cube.
    await paste(page, cycled(SCRAMBLED, [5, 7], [10, 19]));
    const swapped = await problems(page);
    assert.equal(swapped.length, 1, swapped.join(' | '));
    assert.match(swapped[0], /^Two pieces are swapped, .*Swapping any two edges, or any two corners, makes it solvable, so no piece is marked\.$/);
    assert.deepEqual(await ringed(page), []);

    // The green face's colours painted a quarter turn clockwise.
    const corners = [18, 20, 26, 24];
    const edges = [19, 23, 25, 21];
    await paste(page, cycled(SCRAMBLED, corners, edges));
    const turned = await problems(page);
    assert.equal(turned.length, 1, turned.join(' | '));
    assert.match(turned[0], /^The green face looks painted turned: its colours turned a quarter turn anticlockwise make a real cube\./);
    assert.deepEqual(await ringed(page), [18, 19, 20, 21, 23, 24, 25, 26]);
    assert.ok(await solveThis(page).isDisabled());
    assert.deepEqual(page.errors, []);
  });

  test('a colour painted a tenth time is named at once, before the last sticker', async () => {
    const page = await openEditor();
    await page.getByRole('button', { name: 'Clear all' }).click();
    // U1 is focused: eight white U stickers and R1 make ten whites with the centre.
    for (let k = 0; k < 9; k += 1) await page.keyboard.press('1');
    const list = await problems(page);
    assert.equal(list[0], '10 white stickers: a cube has 9 of each colour.');
    assert.match(list[1], /^39 stickers still to paint/);
    await page.keyboard.press('Backspace');
    assert.deepEqual((await problems(page)).filter((item) => /white/.test(item)), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('Clear all and Start from solved can be undone until the next sticker is painted', async () => {
    const page = await openEditor();
    await paste(page, SUPERFLIP);
    await page.getByRole('button', { name: 'Clear all' }).click();
    assert.match(await facelets(page), /^\.\.\.\.U/);
    await page.getByRole('button', { name: 'Undo Clear all' }).click();
    assert.equal(await facelets(page), SUPERFLIP, 'the painted cube is back');
    assert.equal(await page.getByRole('button', { name: /^Undo/ }).count(), 0, 'nothing more to undo');
    await page.getByRole('button', { name: 'Start from solved' }).click();
    assert.equal(await facelets(page), SOLVED);
    await page.keyboard.press('2');
    assert.equal(await page.getByRole('button', { name: /^Undo/ }).count(), 0, 'a sticker painted ends Undo');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('painted by tap on a phone on its side, the sticker to paint and the colours stay on screen to the last face\'s last row', async () => {
    const context = await env.browser.newContext({ ...devices['iPhone SE landscape'] });
    const page = await openIn(context, env.server.url);
    await takeWay(page, 'cube');
    await page.getByText('Colour editor').click();
    await page.locator('.net .sticker').first().waitFor();
    await page.getByRole('button', { name: 'Clear all' }).tap();
    for (let k = 0; k < 47; k += 1) {
      await page.getByRole('button', { name: COLOURS[k % 6], exact: true }).tap();
      const spots = await page.evaluate(() => [document.querySelector('.net .selected'), ...document.querySelectorAll('.palette button')]
        .map((element) => element.getBoundingClientRect()).map(({ top, bottom }) => top >= 0 && bottom <= innerHeight));
      assert.ok(spots.every(Boolean), `after ${k + 1} taps, ${await page.locator('.net .selected').getAttribute('aria-label')}: ${spots}`);
    }
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('the keyboard moves over the net, past the centres, and paints', async () => {
    const page = await openSolved();
    const before = await status(page);
    await sticker(page, 0).click();
    // U1 down three rows is F1; left of F1 is L3; right past R is B.
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(key);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '18');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '38');
    await page.keyboard.press('ArrowUp');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '38', 'nothing above L');
    await page.keyboard.press('y');
    assert.match(await sticker(page, 38).getAttribute('aria-label'), /^L3: Yellow/);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '39', 'on to L4');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '41', 'past the centre, L5');
    await page.keyboard.press(' ');
    assert.match(await sticker(page, 41).getAttribute('aria-label'), /^L6: Orange/, 'Space selects, and paints nothing');
    // Only one sticker is in the tab order.
    assert.equal(await page.locator('.net [tabindex="0"]').count(), 1);
    // None of these keys drove playback.
    const after = await status(page);
    assert.equal(after.position, before.position);
    assert.equal(after.playing, false);
    assert.deepEqual(page.errors, []);
  });

  test('facelet strings are pasted in, rejected with a message, and copied out', async () => {
    const context = await env.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url.replace(/\/$/, '') });
    const page = await openIn(context, env.server.url);
    await takeWay(page, 'cube');
    await page.getByText('Colour editor').click();
    await page.locator('.net .sticker').first().waitFor();
    const field = page.getByRole('textbox', { name: 'Facelets' });
    // Colour letters work too, and are shown as face letters.
    const colours = [...SUPERFLIP].map((face) => 'WRGYOB'[FACES.indexOf(face)]).join('');
    await field.fill(colours);
    assert.equal(await facelets(page), SUPERFLIP);
    assert.match(await sticker(page, 1).getAttribute('aria-label'), /^U2: Blue/);
    assert.equal(await solveThis(page).isEnabled(), true, 'the superflip is ready to solve');
    // Part-way through typing another, Solve this waits rather than solve the net's.
    await field.fill('UUUU');
    assert.equal(await solveThis(page).isDisabled(), true, 'Solve this waits while the box holds no cube');
    assert.equal(await page.locator('.editor-note').textContent(), '4 of 54 letters typed: Solve this waits for all 54.');
    await field.press('Enter');
    assert.match(await page.locator('.editor-note').textContent(), /54 letters; this one has 4/);
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.equal(await solveThis(page).isDisabled(), true, 'Solve this waits for a string that reads');
    await field.fill(SOLVED);
    assert.equal(await solveThis(page).isEnabled(), true);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Facelets copied.').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), SOLVED);
    // The shown cube can be loaded into the editor.
    await page.getByRole('button', { name: 'Start from the shown cube' }).click();
    assert.equal(await facelets(page), await page.evaluate(() => window.thistle.state()));
    await context.close();
  });

  test('in forced colours the stickers and colour buttons keep the cube\'s six colours, and the raised sticker scrolls under the player', async () => {
    const page = await openEditor({ width: 360, height: 740 });
    await page.emulateMedia({ forcedColors: 'active' });
    await paste(page, SCRAMBLED);
    const background = (locator) => locator.evaluate((cell) => getComputedStyle(cell).backgroundColor);
    const stickers = new Set();
    for (const index of [0, 9, 18, 27, 36, 45]) stickers.add(await background(sticker(page, index + 4)));
    assert.equal(stickers.size, 6, `six centre colours: ${[...stickers]}`);
    const buttons = new Set();
    for (const name of COLOURS) buttons.add(await background(page.getByRole('button', { name, exact: true })));
    assert.equal(buttons.size, 6, `six colour buttons: ${[...buttons]}`);
    await page.emulateMedia({ forcedColors: 'none' });
    // On a phone the player sticks above the net: a selected (raised) sticker passes under it.
    const [player, selected] = await Promise.all([page.locator('.stage-box'), page.locator('.net .sticker.selected')]
      .map((locator) => locator.evaluate((element) => Number(getComputedStyle(element).zIndex) || 0)));
    assert.ok(player > selected, `the player (${player}) above the selected sticker (${selected})`);
    assert.deepEqual(page.errors, []);
  });

  test('the editor fits a 360 px wide phone, the face being painted large', async () => {
    const page = await openEditor({ width: 360, height: 740 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 360);
    const net = await page.locator('.net').boundingBox();
    assert.ok(net.x >= 0 && net.x + net.width <= 360, JSON.stringify(net));
    await sticker(page, 53).click();
    const size = await sticker(page, 53).boundingBox();
    assert.ok(size.width >= 44 && size.height >= 44, JSON.stringify(size));
    await click(page, 8, 'F');
    assert.match(await sticker(page, 8).getAttribute('aria-label'), /^U9: Green/);
    assert.deepEqual(page.errors, []);
  });
});

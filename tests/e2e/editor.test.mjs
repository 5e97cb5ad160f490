// End-to-end tests of the colour editor: painting by pointer and keyboard,
// live validation with the solver's messages, solving a painted cube, and
// the facelet string in and out.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { open, openIn, query, searched, SOLVED, status, takeWay, useBrowser } from './harness.mjs';

// `thistle state "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"`:
// every edge flipped in place.
const SUPERFLIP = 'UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB';
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

const sticker = (page, index) => page.locator(`.net [data-index="${index}"]`);
const facelets = (page) => page.getByRole('textbox', { name: 'Facelets' }).inputValue();
const problems = (page) => page.locator('.problems li').allTextContents();
const rules = (page) => page.locator('.problems .rule').allTextContents();
/** The advice on each problem, once `count` have come from the lab's worker. */
const advice = async (page, count = 1) => {
  const said = page.locator('.problems .advice');
  await said.nth(count - 1).waitFor();
  return said.allTextContents();
};
const solveThis = (page) => page.getByRole('button', { name: 'Solve this' });

/** Paints sticker `index` the colour of face letter `face` by pointer. */
async function click(page, index, face) {
  await page.getByRole('button', { name: COLOURS[FACES.indexOf(face)], exact: true }).click();
  await sticker(page, index).click();
}

/** Paints sticker `index` by keyboard: focus it, pick the colour by its digit, press Enter. */
async function type(page, index, face) {
  await sticker(page, index).focus();
  await page.keyboard.press(String(FACES.indexOf(face) + 1));
  await page.keyboard.press('Enter');
}

describe('the colour editor', () => {
  test('painting the superflip, solving it and playing it to solved', async () => {
    const page = await openEditor();
    assert.equal(await facelets(page), SOLVED);
    assert.deepEqual(await problems(page), ['A valid cube: ready to solve.']);
    const changes = [...SUPERFLIP].map((face, index) => [index, face]).filter(([index, face]) => SOLVED[index] !== face);
    assert.equal(changes.length, 24);
    for (const [k, [index, face]] of changes.entries()) {
      await (k % 2 ? type : click)(page, index, face);
      if (k === 0) {
        // Half-painted cubes are checked live with the solver's messages.
        assert.ok(await solveThis(page).isDisabled());
        const listed = await rules(page);
        assert.ok(listed.some((text) => /^Colour `[WRGYOB]` appears 10 times, it must appear 9 times\.$/.test(text)), listed.join(' | '));
        await page.locator('.problems .advice', { hasText: /^10 [a-z]+ stickers, 1 more than a cube has/ }).waitFor();
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

  test('a twisted corner is named and highlighted, and Solve this stays disabled', async () => {
    const page = await openEditor();
    // Corner URF is U9 R1 F3 (stickers 8, 9, 20): turn its colours one step.
    await click(page, 8, 'F');
    await click(page, 9, 'U');
    await click(page, 20, 'R');
    const listed = await rules(page);
    assert.equal(listed.length, 1, listed.join(' | '));
    assert.match(listed[0], /^Corner twist: .*twisted: URF\.$/);
    assert.deepEqual(await advice(page), [
      "One corner is twisted: a real cube can't do that; it was probably put together wrong, or twisted in place: look at the piece at U-F-R (between the white, green and red centres). "
        + 'Twisting any one corner the right way makes it solvable.',
    ]);
    assert.ok(await solveThis(page).isDisabled());
    const bad = await page.locator('.net .sticker.bad').evaluateAll((cells) => cells.map((cell) => Number(cell.dataset.index)));
    assert.deepEqual(bad.sort((a, b) => a - b), [8, 9, 20]);
    assert.match(await sticker(page, 8).getAttribute('aria-label'), /^U9: Green, wrong$/);

    // Turning it back makes the cube valid again.
    await click(page, 8, 'U');
    await click(page, 9, 'R');
    await click(page, 20, 'F');
    assert.ok(await solveThis(page).isEnabled());
    assert.equal(await page.locator('.net .sticker.bad').count(), 0);
    assert.deepEqual(page.errors, []);
  });

  test('an impossible piece and a flipped edge are reported', async () => {
    const page = await openEditor();
    // Swapping U8 and F8 leaves UF green twice and DF yellow and white:
    // no such edges.
    await click(page, 7, 'F');
    await click(page, 25, 'U');
    assert.deepEqual(await rules(page), [
      'The stickers at edge position UF (U8 F2) show GG, which is no real edge.',
      'The stickers at edge position DF (D2 F8) show YW, which is no real edge.',
    ]);
    // What to do with a real cube comes first, pointing at the piece.
    await advice(page, 2);
    assert.deepEqual(await problems(page), [
      'Two stickers of the same colour on one piece: look at the piece at U-F (between the white and green centres). '
        + 'The stickers at edge position UF (U8 F2) show GG, which is no real edge.',
      'Yellow and white are opposite colours, so no piece has both: look at the piece at D-F (between the yellow and green centres). '
        + 'The stickers at edge position DF (D2 F8) show YW, which is no real edge.',
    ]);
    assert.ok(await solveThis(page).isDisabled());
    await click(page, 25, 'F');
    await click(page, 19, 'U');
    assert.match((await rules(page)).join(' | '), /edge flip: .*flipped: UF/i);
    assert.deepEqual(await advice(page), [
      "One edge is flipped: a real cube can't do that; it was probably put together wrong: look at the piece at U-F (between the white and green centres). "
        + 'Flipping any one edge (out, and back in the other way round) makes it solvable.',
    ]);
    assert.ok(await solveThis(page).isDisabled());
    assert.deepEqual(page.errors, []);
  });

  test('the keyboard moves over the net, picks colours and paints, but not centres', async () => {
    const page = await openEditor();
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
    assert.equal(await page.getByRole('button', { name: 'Yellow', exact: true }).getAttribute('aria-pressed'), 'true');
    await page.keyboard.press(' ');
    assert.match(await sticker(page, 38).getAttribute('aria-label'), /^L3: Yellow/);
    for (const key of ['ArrowDown', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.index), '22');
    await page.keyboard.press('Enter');
    assert.match(await sticker(page, 22).getAttribute('aria-label'), /^F5: Green, centre/);
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
    await field.fill('UUUU');
    await field.press('Enter');
    assert.match(await page.locator('.editor-note').textContent(), /54 letters; this one has 4/);
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    await field.fill(SOLVED);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('Facelets copied.').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), SOLVED);
    // The shown cube can be loaded into the editor.
    await page.getByRole('button', { name: 'Start from the shown cube' }).click();
    assert.equal(await facelets(page), await page.evaluate(() => window.thistle.state()));
    await context.close();
  });

  test('the editor fits a 360 px wide phone, its net scrolling inside its own box', async () => {
    const page = await openEditor({ width: 360, height: 740 });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 360);
    const net = await page.locator('.net').boundingBox();
    assert.ok(net.x >= 0 && net.x + net.width <= 360, JSON.stringify(net));
    const size = await sticker(page, 53).boundingBox();
    assert.ok(size.width >= 44 && size.height >= 44, JSON.stringify(size));
    await click(page, 8, 'F');
    assert.match(await sticker(page, 8).getAttribute('aria-label'), /^U9: Green/);
    assert.deepEqual(page.errors, []);
  });
});

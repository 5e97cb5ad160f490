// End-to-end tests of the Palette choice and the Letters switch: they
// change what the canvas and the colour editor's net show, they are
// remembered on this device across a reload, and blocked storage does not
// break the page.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { canvasColours, open, openIn, quiet, searched, status, takeWay, useBrowser } from './harness.mjs';

const env = useBrowser();

// Full colours, so every face colour is on the canvas.
const COLOURS = '?scramble=R_U_F&view=colours';

const paletteChoice = (page) => page.getByRole('combobox', { name: 'Palette', exact: true });
const lettersSwitch = (page) => page.getByRole('switch', { name: 'Letters', exact: true });

/**
 * Runs `action` and waits until the canvas has drawn a frame after it, and
 * has none due (a frame asked for before the action may come first).
 */
async function redrawn(page, action) {
  const before = await page.evaluate(() => window.thistle.frames());
  await action();
  await page.waitForFunction((n) => window.thistle.frames() > n, before);
  await quiet(page);
}

/** The canvas's pixels as a data URL: equal strings, equal pictures. */
const picture = (page) => page.evaluate(() => document.getElementById('cube').toDataURL());

/** The net sticker `index`'s background colour and its letter (`none` when off). */
const netSticker = (page, index) => page.locator(`.net [data-index="${index}"]`).evaluate((button) => ({
  background: getComputedStyle(button).backgroundColor,
  letter: getComputedStyle(button, '::after').content,
}));

async function openPage(browser, url) {
  const page = await open(browser, url);
  await searched(page);
  await takeWay(page, 'cube');
  await page.getByText('Colour editor').click();
  await page.locator('.net .sticker').first().waitFor();
  // Every sticker in colour, on the net and the canvas.
  await page.getByRole('button', { name: 'Start from solved' }).click();
  return page;
}

/** Waits two animation frames, so a resize or a change has been drawn. */
const steady = (page) => page.evaluate(() => new Promise((done) => {
  requestAnimationFrame(() => requestAnimationFrame(done));
}));

async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => window.thistle && window.thistle.ready);
  await searched(page);
  await takeWay(page, 'cube');
  // The editor open before the reload opens again by itself.
  await page.locator('.net .sticker').first().waitFor();
  await steady(page);
}

describe('palettes and letters', () => {
  test('the palette recolours the canvas and the net, and is remembered', async () => {
    const page = await openPage(env.browser, env.server.url + COLOURS);
    await steady(page);
    assert.equal(await paletteChoice(page).inputValue(), 'wca');
    const wca = { picture: await picture(page), red: await netSticker(page, 9) };
    const counts = await canvasColours(page);
    for (const colour of ['white', 'yellow', 'red', 'orange', 'green', 'blue']) {
      assert.ok(counts[colour] > 100, `${colour}: ${JSON.stringify(counts)}`);
    }

    await redrawn(page, () => paletteChoice(page).selectOption({ label: 'Colour-blind safe' }));
    const safe = { picture: await picture(page), red: await netSticker(page, 9) };
    assert.notEqual(safe.picture, wca.picture, 'the canvas is redrawn in the new palette');
    assert.notEqual(safe.red.background, wca.red.background, 'the net follows the palette');
    const again = await canvasColours(page);
    assert.ok(again.dark > 0 && again.background > 0, JSON.stringify(again));

    await reload(page);
    assert.equal(await paletteChoice(page).inputValue(), 'colour-blind');
    assert.equal(await picture(page), safe.picture, 'the palette survives a reload');
    assert.deepEqual(await netSticker(page, 9), safe.red);

    await redrawn(page, () => paletteChoice(page).selectOption('wca'));
    assert.equal(await picture(page), wca.picture);
    assert.deepEqual(page.errors, []);
  });

  test('letters print each face on the canvas and the net, by keyboard too, and are remembered', async () => {
    const page = await openPage(env.browser, env.server.url + COLOURS);
    await steady(page);
    const switcher = lettersSwitch(page);
    assert.equal(await switcher.isChecked(), false);
    const plain = await picture(page);
    const plainCounts = await canvasColours(page);
    assert.equal((await netSticker(page, 9)).letter, 'none');

    await switcher.focus();
    await redrawn(page, () => page.keyboard.press('Space'));
    assert.equal(await switcher.isChecked(), true);
    const lettered = await picture(page);
    assert.notEqual(lettered, plain, 'the canvas shows letters');
    // Black letters on the white, yellow and green stickers.
    const counts = await canvasColours(page);
    assert.ok(counts.dark > plainCounts.dark + 200, `${plainCounts.dark} → ${counts.dark}`);
    assert.equal((await status(page)).position, 0, 'Space toggled the switch, not playback');

    // Each net sticker shows the face its colour belongs to, as the
    // facelet string spells it.
    const net = await page.evaluate(() => [...document.querySelectorAll('.net [data-index]')]
      .map((button) => getComputedStyle(button, '::after').content.replaceAll('"', '')).join(''));
    const facelets = await page.getByRole('textbox', { name: 'Facelets' }).inputValue();
    assert.equal(net, facelets);

    await reload(page);
    assert.equal(await lettersSwitch(page).isChecked(), true, 'the switch survives a reload');
    assert.equal(await picture(page), lettered);
    assert.equal((await netSticker(page, 0)).letter, '"U"');
    await redrawn(page, () => lettersSwitch(page).uncheck());
    assert.equal(await picture(page), plain);
    assert.deepEqual(page.errors, []);
  });

  test('with storage blocked the choices still work for the visit', async () => {
    const context = await env.browser.newContext();
    await context.addInitScript(() => Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    }));
    const page = await openIn(context, env.server.url + COLOURS);
    const before = await picture(page);
    await redrawn(page, () => paletteChoice(page).selectOption('colour-blind'));
    await redrawn(page, () => lettersSwitch(page).check());
    assert.notEqual(await picture(page), before);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
});

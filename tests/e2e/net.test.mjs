// The flat net: a Net switch shows the cube as a 2D net in the lens,
// palette and letters of the 3D cube, following every step; and where the
// browser cannot draw WebGL2, the net takes the cube's place and the page
// works on.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, openIn, quiet, searched, serve, settle, status, useBrowser } from './harness.mjs';

const env = useBrowser();

const netImage = (page) => page.getByRole('img', { name: /net/ });
/** The net's 54 sticker fills, in facelet order. */
const fills = (page) => netImage(page).locator('rect').evaluateAll((rects) => rects.map((r) => r.getAttribute('fill')));
/** The palette's marker colour, as the legend shows it for flipped edges. */
const marker = (page) => page.getByRole('list', { name: 'Stage view colours' }).getByRole('listitem').first()
  .locator('span').evaluate((swatch) => swatch.style.background);
const hex = (rgb) => `#${rgb.match(/\d+/g).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;

describe('the flat net', () => {
  test('the Net switch shows 54 stickers in the lens, which follow each step, with letters', async () => {
    // F flips four edges: eight marked stickers at move 0 of the Stage view.
    const page = await open(env.browser, `${env.server.url}?scramble=F&mode=fast`);
    await searched(page);
    assert.equal(await netImage(page).count(), 0, 'off by default');
    await page.getByRole('switch', { name: 'Net' }).check();
    assert.equal(await netImage(page).locator('rect').count(), 54);
    const flipped = hex(await marker(page));
    assert.equal((await fills(page)).filter((fill) => fill === flipped).length, 8);
    await page.getByRole('button', { name: 'Step forward' }).click();
    await settle(page);
    assert.equal((await status(page)).solved, true);
    const solved = await fills(page);
    assert.equal(solved.filter((fill) => fill === flipped).length, 0, 'none flipped once solved');
    assert.equal(new Set(solved).size, 6, 'full colours at the end');
    await page.getByRole('switch', { name: 'Letters' }).check();
    // The net takes its letters in the frame the switch asks for.
    await quiet(page);
    const letters = await netImage(page).locator('text').allTextContents();
    assert.equal(letters.join(''), await page.evaluate(() => window.thistle.state()));
    // Remembered on this device.
    await page.reload();
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    assert.equal(await netImage(page).locator('rect').count(), 54);
    assert.deepEqual(page.errors, []);
  });

  test('without WebGL the page says so in one line, shows the net, and solves, steps and shares', async () => {
    const server = await serve();
    const browser = await launch({ webgl: false });
    try {
      const page = await openIn(await browser.newContext(), server.url);
      await searched(page);
      assert.match(await page.locator('#no-3d').textContent(), /3D cube cannot be drawn here.*flat net/);
      assert.equal(await page.locator('#startup-error').isHidden(), true, 'no error banner');
      assert.equal(await page.locator('#cube').isHidden(), true);
      assert.equal(await netImage(page).locator('rect').count(), 54);
      const box = page.getByRole('textbox', { name: 'Scramble' });
      await box.fill("R U R' U'");
      await box.press('Enter');
      await searched(page);
      const before = await fills(page);
      await page.getByRole('button', { name: 'Step forward' }).click();
      const { position, total, text } = await settle(page);
      assert.equal(position, 1);
      assert.match(text, new RegExp(`^Move 1 of ${total} · `));
      assert.notDeepEqual(await fills(page), before, 'the net follows the step');
      assert.ok((await page.getByRole('region', { name: 'Progress' }).getByRole('listitem').count()) > 0);
      assert.match(page.url(), /scramble=R_U_R-_U-.*move=1/);
      assert.deepEqual(page.errors, []);
    } finally {
      await browser.close();
      await server.stop();
    }
  });
});

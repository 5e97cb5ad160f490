// The handout: handout=1 lays out a printable sheet of the solution (the
// scramble; each stage's name, group and cosets, moves, and the cube before
// and after it as nets in the stage's colours; the whole solution), and
// Print handout prints it; it fits on two A4 pages at most.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { open, openIn, searched, STAGE_NAMES, takeWay, useBrowser } from './harness.mjs';

const env = useBrowser();
const SCRAMBLE = "R U R' F2 D' L2 B U' R2 F";

/** Pages in a PDF, by its page objects. */
const pages = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

describe('the handout', () => {
  test('handout=1 lays out the sheet, which prints on at most two A4 pages', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=${encodeURIComponent(SCRAMBLE)}&mode=fewest&handout=1`);
    await searched(page);
    const sheet = page.getByRole('article', { name: 'Handout' });
    await sheet.getByRole('heading', { level: 2 }).first().waitFor();
    const headings = await sheet.getByRole('heading', { level: 2 }).allTextContents();
    assert.deepEqual(headings.map((h) => h.replace(/^Stage \d: | \(.*\)$/g, '')), STAGE_NAMES);
    assert.match(await sheet.textContent(), /Scramble: R U R' F2 D' L2 B U' R2 F/);
    assert.match(await sheet.textContent(), /G0 → G1 · 2,048 cosets/);
    assert.equal(await sheet.getByRole('img', { name: /net/ }).count(), 8, 'before and after each stage');
    // Each stage view's key, as beside the player: the finish has no view of its own.
    const keys = sheet.getByRole('list', { name: /^Stage \d's colours$/ });
    assert.equal(await keys.count(), 3);
    assert.match(await keys.first().textContent(), /flipped edge.*oriented edge/);
    const swatch = keys.first().locator('.handout-swatch').first();
    const colour = await swatch.evaluate((element) => getComputedStyle(element).backgroundColor);
    assert.notEqual(colour, 'rgba(0, 0, 0, 0)', 'swatches in colour');
    // In forced colours too, as the nets keep theirs: else the key says nothing.
    await page.emulateMedia({ forcedColors: 'active' });
    assert.equal(await swatch.evaluate((element) => getComputedStyle(element).backgroundColor), colour, 'forced colours keep the key');
    await page.emulateMedia({ forcedColors: 'none' });
    assert.equal(await sheet.locator('svg text').first().textContent() !== '', true, 'letters on the stickers');
    // Large enough to read on paper: most of a sticker's height.
    const letterShare = await sheet.locator('svg').first().evaluate((svg) => parseFloat(getComputedStyle(svg.querySelector('text')).fontSize)
      / svg.querySelector('rect').height.baseVal.value);
    assert.ok(letterShare >= 0.7, `letters ${letterShare.toFixed(2)} of a sticker's height`);
    await sheet.screenshot({ path: '/tmp/handout.png' });
    assert.equal(await page.getByRole('textbox', { name: 'Scramble' }).isVisible(), false, 'only the sheet on screen');
    assert.match(page.url(), /handout=1/, 'the address keeps it');
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const count = pages(pdf);
    assert.ok(count >= 1 && count <= 2, `${count} pages`);
    // On screen, Print and a way back to the player, which do not print.
    await page.evaluate(() => { window.printed = 0; window.print = () => { window.printed += 1; }; });
    await sheet.getByRole('button', { name: 'Print' }).click();
    await page.waitForFunction(() => window.printed === 1);
    const back = sheet.getByRole('link', { name: 'Open in the player' });
    assert.doesNotMatch(await back.getAttribute('href'), /handout/);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await back.isVisible(), false, 'not printed');
    await page.emulateMedia({ media: 'screen' });
    await back.click();
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    await searched(page);
    assert.equal(await page.getByRole('textbox', { name: 'Scramble' }).isVisible(), true, 'the player');
    assert.equal(await page.getByRole('textbox', { name: 'Scramble' }).inputValue(), SCRAMBLE);
    assert.deepEqual(page.errors, []);
  });

  test('a handout link that cannot be opened shows the player and says why, not a sheet of a solved cube', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R_U_Q&handout=1`);
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    await alert.waitFor();
    assert.match(await alert.textContent(), /^This link could not be opened: .*column 5/);
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-handout'));
    assert.equal(await page.getByRole('article', { name: 'Handout' }).isVisible(), false);
    assert.ok(await page.getByRole('button', { name: 'Play' }).isVisible(), 'the player back');
    assert.deepEqual(page.errors, []);
  });

  test('the handout\'s solution line lists the stages with moves, none as an empty mark', async () => {
    // Orient edges and Orient corners + slice, then two stages with nothing to do.
    const page = await open(env.browser, `${env.server.url}?scramble=R_U_F&mode=fewest&handout=1`);
    const line = page.locator('#handout .handout-moves').last();
    await line.filter({ hasText: /^Solution: / }).waitFor();
    assert.equal(await line.textContent(), "Solution: F'  |  U' R'");
    await page.close();
  });

  test('Print handout lays out the sheet of the solution on show and prints only it', async () => {
    const context = await env.browser.newContext();
    await context.addInitScript(() => {
      window.printed = 0;
      window.print = () => { window.printed += 1; };
    });
    const page = await openIn(context, `${env.server.url}?scramble=${encodeURIComponent(SCRAMBLE)}&mode=fast`);
    await searched(page);
    await takeWay(page, 'teach');
    await page.getByRole('button', { name: 'Print handout' }).click();
    await page.waitForFunction(() => window.printed === 1);
    const sheet = page.locator('#handout');
    const moves = (await page.locator('.moves .move').allTextContents()).join(' ');
    assert.ok((await sheet.textContent()).includes(moves.split(' ').slice(0, 3).join(' ')), 'the moves on show');
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByRole('textbox', { name: 'Scramble' }).isVisible(), false, 'printed without the page');
    assert.equal(await sheet.isVisible(), true);
    const count = pages(await page.pdf({ format: 'A4', printBackground: true }));
    assert.ok(count >= 1 && count <= 2, `${count} pages`);
    await page.emulateMedia({ media: 'screen' });
    assert.equal(await sheet.isVisible(), false, 'on screen the page is as it was');
    // Once that print is over, Ctrl+P prints the page again, not the handout.
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await page.keyboard.press('Control+p');
    await page.waitForFunction(() => window.printed === 2);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await sheet.isVisible(), false, 'the handout is not printed again');
    assert.equal(await page.getByRole('img', { name: 'The cube as shown' }).isVisible(), true, "the page's own print");
    assert.deepEqual(page.errors, []);
    await context.close();
  });
});

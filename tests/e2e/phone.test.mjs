// On a phone the cube and its player stick to the top of the screen: they
// must end above half its height, no control the keyboard reaches may hide
// under them when focused, and the stage panel and the chips must fit in
// the space below them.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { devices } from 'playwright-core';
import { openIn, searched, takeWay, useBrowser } from './harness.mjs';

const env = useBrowser();

const PHONES = [
  { name: 'Pixel 7', viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625 },
  { name: 'iPhone SE', viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 },
  { name: 'a small Android phone', viewport: { width: 360, height: 640 }, deviceScaleFactor: 3 },
];

/** The bottom edge of the block that sticks (cube, timeline, transport). */
const stickyBottom = (page) => page.locator('.stage-box').evaluate((box) => box.getBoundingClientRect().bottom);

/**
 * Where the focused control stands: whether the topmost element at its
 * centre is the control itself (or its label or a part of it), and its
 * place on screen.
 */
const focusedSpot = (page) => page.evaluate(() => {
  const control = document.activeElement;
  if (!control || control === document.body) return null;
  const rect = control.getBoundingClientRect();
  const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
  const hit = document.elementFromPoint(x, y);
  const labels = control.labels ? [...control.labels] : [];
  return {
    name: control.getAttribute('aria-label') || control.id || control.textContent.trim().slice(0, 30) || control.tagName,
    uncovered: hit !== null && (control.contains(hit) || labels.some((label) => label.contains(hit))),
    inside: y >= 0 && y <= innerHeight,
    sticky: control.closest('.stage-box') !== null,
  };
});

describe('on a phone', () => {
  for (const { name, viewport, deviceScaleFactor } of PHONES) {
    test(`on ${name}, the cube stays in the top half and no focused control hides under it`, async () => {
      const context = await env.browser.newContext({ viewport, deviceScaleFactor, hasTouch: true, isMobile: true });
      const page = await openIn(context, `${env.server.url}?scramble=R_U_F2_D-_L_B2_U2&mode=fewest`);
      await searched(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const bottom = await stickyBottom(page);
      assert.ok(bottom <= viewport.height / 2, `the sticky block ends at ${bottom} of ${viewport.height}`);

      // Every control Tab reaches, from the top of the page to its end.
      await page.evaluate(() => window.scrollTo(0, 0));
      const seen = [];
      for (let k = 0; k < 200; k += 1) {
        await page.keyboard.press('Tab');
        const spot = await focusedSpot(page);
        if (!spot) break;
        const key = await page.evaluate(() => {
          const control = document.activeElement;
          control.dataset.tabbed ??= String(document.querySelectorAll('[data-tabbed]').length);
          return control.dataset.tabbed;
        });
        if (seen.some((s) => s.key === key)) break;
        seen.push({ key, ...spot });
      }
      assert.ok(seen.length >= 20, `Tab reached ${seen.length} controls`);
      const covered = seen.filter((spot) => !spot.uncovered || !spot.inside).map((spot) => spot.name);
      assert.deepEqual(covered, [], 'focused controls under the cube or off screen');

      // Brought into view, the chips and the stage panel fit below the block.
      for (const selector of ['.chips', '.stage-panel']) {
        const fits = await page.locator(selector).evaluate((element) => {
          element.scrollIntoView({ block: 'start' });
          const block = document.querySelector('.stage-box').getBoundingClientRect();
          const rect = element.getBoundingClientRect();
          return { top: rect.top, bottom: rect.bottom, under: block.bottom, screen: innerHeight };
        });
        assert.ok(fits.top >= fits.under && fits.bottom <= fits.screen, `${selector} readable: ${JSON.stringify(fits)}`);
      }
      assert.deepEqual(page.errors, []);
      await context.close();
    });
  }

  test('typing an attempt, the player scrolls away: the whole box is on screen above the keyboard', async () => {
    // The smallest phone, whose keyboard leaves the top 308 px of its 568
    // (the page itself keeps its size, as a phone's does).
    const context = await env.browser.newContext({ ...devices['iPhone SE'] });
    const page = await openIn(context, `${env.server.url}?scramble=R_U_F2_D-_L_B2_U2`);
    await takeWay(page, 'lab');
    await searched(page);
    const box = page.getByRole('textbox', { name: 'Your solution' });
    await box.tap();
    // Where a phone brings the box it types in: as high as the page lets it.
    await box.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    const seen = await box.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      const corners = [[rect.left + 4, rect.top + 4], [rect.right - 4, rect.bottom - 4]];
      return {
        top: rect.top,
        bottom: rect.bottom,
        uncovered: corners.every(([x, y]) => element.contains(document.elementFromPoint(x, y))),
      };
    });
    assert.ok(seen.uncovered && seen.top >= 0 && seen.bottom <= 308, `the box, typing: ${JSON.stringify(seen)}`);
    // Done typing, the player sticks again.
    await box.blur();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    assert.ok(await stickyBottom(page) > 0, 'the player sticks at the top again');
    assert.deepEqual(page.errors, []);
    await context.close();
  });
});

describe('on a phone on its side', () => {
  for (const name of ['iPhone SE landscape', 'Pixel 5 landscape']) {
    test(`on ${name}, the cube, the timeline and the whole transport fit the screen`, async () => {
      const context = await env.browser.newContext({ ...devices[name] });
      const page = await openIn(context, `${env.server.url}?scramble=R_U_F2_D-_L_B2_U2&mode=fewest`);
      await searched(page);
      // Scrolled to the middle of the page, the left column stands at the top.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
      const out = await page.evaluate(() => ['#cube', '.scrubber', '.transport button', '#speed']
        .flatMap((selector) => [...document.querySelectorAll(selector)])
        .map((element) => [element.id || element.getAttribute('aria-label') || element.className, element.getBoundingClientRect()])
        .filter(([, rect]) => rect.top < 0 || rect.bottom > innerHeight)
        .map(([which, rect]) => `${which} at ${Math.round(rect.top)}-${Math.round(rect.bottom)} of ${innerHeight}`));
      assert.deepEqual(out, [], 'off the screen');
      assert.deepEqual(page.errors, []);
      await context.close();
    });
  }

  test("on a phone the glossary's Close is on screen wherever it is scrolled, and a tap beside it closes it", async () => {
    const page = await openIn(await env.browser.newContext({ ...devices['iPhone SE'] }), env.server.url);
    await searched(page);
    const opener = page.getByRole('button', { name: 'Glossary', exact: true });
    await opener.tap();
    const glossary = page.getByRole('dialog', { name: 'Glossary' });
    await glossary.waitFor();
    const close = glossary.getByRole('button', { name: 'Close' });
    const { height } = page.viewportSize();
    for (const at of ['top', 'middle']) {
      if (at === 'middle') await glossary.evaluate((dialog) => { dialog.scrollTop = dialog.scrollHeight / 2; });
      const box = await close.boundingBox();
      const dialogBox = await glossary.boundingBox();
      assert.ok(box.y >= dialogBox.y && box.y + box.height <= Math.min(height, dialogBox.y + dialogBox.height) + 1, `Close on screen at the ${at}: ${JSON.stringify({ box, dialogBox })}`);
    }
    // The backdrop, above the dialog.
    await page.touchscreen.tap(5, 5);
    await glossary.waitFor({ state: 'hidden' });
    assert.deepEqual(page.errors ?? [], []);
    await page.context().close();
  });
});

describe('the moves on a phone', () => {
  test('the page scrolls to every stage\'s moves: no box in it cuts them off', async () => {
    const context = await env.browser.newContext({ ...devices['Pixel 7'] });
    const scramble = 'D2_F-_U2_L2_B-_R2_F_U2_F2_R2_D-_F-_L-_B_U-_R2_U-_B-_D-';
    const page = await openIn(context, `${env.server.url}?scramble=${scramble}&mode=fewest&move=3`);
    await searched(page);
    const list = await page.locator('.moves > ol').evaluate((ol) => ({ scroll: ol.scrollHeight, client: ol.clientHeight }));
    assert.ok(list.scroll <= list.client + 1, `the list holds all its moves: ${JSON.stringify(list)}`);
    // The last stage's last move, scrolled to with the page, is whole on screen.
    const last = page.locator('.moves .move').last();
    await last.scrollIntoViewIfNeeded();
    const box = await last.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= page.viewportSize().height, JSON.stringify(box));
    assert.deepEqual(page.errors, []);
    await context.close();
  });
});

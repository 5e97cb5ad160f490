// The four ways in (Watch, Your cube, FMC lab, Teach): tabs on the first
// screen at every size, each bringing its plain-words opening and its first
// control on screen, arrow
// keys between them, and `way=` in the address: kept by a reload and by
// Share, left out of the embed code, Watch without it, and Watch with a
// note for a value the page does not know, the rest of the link still read;
// Back and Forward go between the ways taken.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { devices } from 'playwright-core';
import { open, openIn, query, searched, status, takeWay, useBrowser, WAYS } from './harness.mjs';

const env = useBrowser();

const SCREENS = [
  { name: '320×568', viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true },
  { name: 'Pixel 7', ...devices['Pixel 7'] },
  { name: '1280×800', viewport: { width: 1280, height: 800 } },
];

/** The first control of a way in, as its tab brings it: its first visible one. */
const FIRST = { watch: ['textbox', 'Scramble'], cube: ['button', 'Scan'], lab: ['textbox', 'Scramble'] };

/** Where `locator` stands on screen: on it, and not under the sticky player. */
const onScreen = (locator) => locator.evaluate((element) => {
  const rect = element.getBoundingClientRect();
  const sticky = getComputedStyle(document.querySelector('.stage-box')).position === 'sticky'
    ? document.querySelector('.stage-box').getBoundingClientRect().bottom : 0;
  return { top: rect.top, bottom: rect.bottom, ok: rect.top >= Math.max(0, sticky) - 1 && rect.bottom <= innerHeight + 1 };
});

const selectedWay = (page) => page.getByRole('tab', { selected: true }).textContent();

describe('the ways in', () => {
  for (const { name, defaultBrowserType, ...options } of SCREENS) {
    test(`at ${name}, the four ways in are on the first screen and each brings its first control on screen`, async () => {
      const page = await openIn(await env.browser.newContext(options), `${env.server.url}?scramble=R_U_F2_D-_L_B2_U2`);
      await searched(page);
      const tabs = page.getByRole('tablist', { name: 'Ways in' }).getByRole('tab');
      assert.deepEqual(await tabs.allTextContents(), Object.values(WAYS));
      for (const tab of await tabs.all()) {
        const spot = await onScreen(tab);
        assert.ok(spot.top >= 0 && spot.bottom <= options.viewport.height, `${await tab.textContent()} unscrolled: ${JSON.stringify(spot)}`);
      }
      assert.equal(await selectedWay(page), 'Watch');
      for (const way of ['cube', 'lab', 'teach', 'watch']) {
        await page.evaluate(() => window.scrollTo(0, 0));
        const panel = await takeWay(page, way);
        // Teach's first control is Present, or Copy embed code on a phone (no room to present).
        const [role, control] = FIRST[way] ?? ['button', options.isMobile ? 'Copy embed code' : 'Present'];
        const first = panel.getByRole(role, { name: control, exact: true });
        const spot = await onScreen(first);
        assert.ok(spot.ok, `${WAYS[way]} brings ${control} on screen: ${JSON.stringify(spot)}`);
        // Before its controls, what the way is for, in plain words, on screen too.
        const intro = panel.locator('p').first();
        assert.equal(await intro.evaluate((p) => p === p.parentElement.firstElementChild), true, 'it opens the panel');
        assert.match(await intro.textContent(), /^[A-Z][^.]+\.$/, 'one sentence');
        assert.doesNotMatch(await intro.textContent(), /\b(EO|DR|HTR|NISS|coset|G\d|tetrad|parity)\b/i, 'no jargon');
        const introSpot = await onScreen(intro);
        assert.ok(introSpot.ok, `${WAYS[way]}'s opening on screen: ${JSON.stringify(introSpot)}`);
        assert.equal(await selectedWay(page), WAYS[way]);
        assert.equal(await page.getByRole('tabpanel').count(), 1, 'one way in on show');
      }
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }

  test('the Scramble box shows all its lines: opened in another way, on a narrow phone, after a turn', async () => {
    const scramble = "R' U' F L2 D2 B2 R2 U' F2 U L2 D' B2 R' B' U2 L' U' F2 D' U B' R' U' F";
    const link = `${env.server.url}?scramble=${scramble.replace(/ /g, '_').replace(/'/g, '-')}`;
    const clipped = (page) => page.getByRole('textbox', { name: 'Scramble' })
      .evaluate((box) => box.scrollHeight > box.clientHeight + 1 && `${box.clientHeight} of ${box.scrollHeight} px`);
    const fitted = (page) => page.waitForFunction(() => {
      const box = document.querySelector('#scramble');
      return box.clientHeight > 0 && box.scrollHeight <= box.clientHeight + 1;
    });
    const desktop = await open(env.browser, `${link}&way=lab`);
    await searched(desktop);
    await takeWay(desktop, 'watch');
    await fitted(desktop);
    assert.equal(await clipped(desktop), false, 'opened in the lab');
    const context = await env.browser.newContext({ ...devices['iPhone SE'] });
    const phone = await openIn(context, link);
    await searched(phone);
    await fitted(phone);
    assert.equal(await clipped(phone), false, 'on the iPhone SE');
    await phone.setViewportSize({ width: 667, height: 375 });
    await fitted(phone);
    await phone.setViewportSize({ width: 375, height: 667 });
    await fitted(phone);
    assert.equal(await clipped(phone), false, 'turned and back');
    assert.deepEqual([...desktop.errors, ...phone.errors], []);
    await desktop.context().close();
    await context.close();
  });

  test("a friend's link into a way, on a phone, opens at the page's top: its name and the four ways on screen", async () => {
    for (const way of ['cube', 'lab', 'teach']) {
      const page = await openIn(await env.browser.newContext(SCREENS[0]), `${env.server.url}?scramble=R_U2_F-_L_D_B2&way=${way}`);
      await searched(page);
      await page.getByRole('tabpanel', { name: WAYS[way] }).waitFor();
      assert.equal(await page.evaluate(() => window.scrollY), 0, `${WAYS[way]} opens unscrolled`);
      assert.equal(await selectedWay(page), WAYS[way]);
      assert.equal(await page.getByRole('heading', { name: 'Thistle', level: 1 }).isVisible(), true);
      await page.context().close();
    }
  });

  test('the arrow keys, Home and End move between the tabs and take the way in they land on', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    const before = (await status(page)).position;
    await page.getByRole('tab', { name: 'Watch' }).focus();
    const walk = [['ArrowRight', 'Your cube'], ['ArrowRight', 'FMC lab'], ['End', 'Teach'], ['ArrowRight', 'Watch'],
      ['ArrowLeft', 'Teach'], ['Home', 'Watch']];
    for (const [key, way] of walk) {
      await page.keyboard.press(key);
      assert.equal(await selectedWay(page), way, `${key} takes ${way}`);
      assert.equal(await page.evaluate(() => document.activeElement.textContent), way, 'focus follows');
    }
    // Only the selected tab is in the Tab order.
    assert.deepEqual(await page.getByRole('tab').evaluateAll((tabs) => tabs.map((tab) => tab.tabIndex)), [0, -1, -1, -1]);
    assert.equal((await status(page)).position, before, 'the arrows on a tab did not step the solution');
    // Tab goes from a tab into its panel, not through the player first; Shift+Tab comes back.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tabpanel', { name: 'FMC lab' }).waitFor();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'scramble', 'the lab\'s first control, the Scramble box it shares with Watch');
    await page.getByRole('tab', { name: 'Watch' }).click();
    await page.getByRole('tab', { name: 'Watch' }).focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.closest('[role="tabpanel"]')?.id), 'way-watch', 'into Watch');
    assert.deepEqual(page.errors, []);
  });

  test('Tab goes through the tab, its panel, then the player, then Share; Shift+Tab comes back the same way', async () => {
    for (const way of ['watch', 'lab']) {
      const page = await open(env.browser, `${env.server.url}?scramble=R_U_F2&way=${way}`);
      await searched(page);
      // The panel shows once its way's module has loaded (the lab's, on
      // first use), which may come after the solve.
      await page.getByRole('tabpanel', { name: WAYS[way], exact: true }).waitFor();
      await page.getByRole('tab', { name: WAYS[way] }).focus();
      const name = () => page.evaluate(() => {
        const at = document.activeElement;
        return `${at.closest('[role="tabpanel"], .viewer, .share, [role="tablist"]')?.className.split(' ')[0] ?? '?'}:${at.id || at.getAttribute('aria-label') || at.textContent.trim().slice(0, 20)}`;
      });
      const forward = [await name()];
      while (!forward.at(-1).startsWith('share:') && forward.length < 120) {
        await page.keyboard.press('Tab');
        forward.push(await name());
      }
      const parts = forward.map((entry) => entry.split(':')[0]);
      // Each part once, in order: no part is left and come back to.
      const order = parts.filter((part, k) => part !== parts[k - 1]);
      assert.deepEqual(order, ['ways', 'way', 'viewer', 'share'], `${way}: ${forward.join(' | ')}`);
      for (const control of ['viewer:play', 'viewer:speed', 'viewer:glossary-open']) {
        assert.ok(forward.includes(control), `${way}: ${control} is reached: ${forward.join(' | ')}`);
      }
      const back = [forward.at(-1)];
      while (back.length < forward.length) {
        await page.keyboard.press('Shift+Tab');
        back.push(await name());
      }
      assert.deepEqual(back, [...forward].reverse(), `${way}: Shift+Tab retraces`);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
  });

  test('way= is kept by a reload and by Share, left out of the embed code, and Watch is the default', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url.replace(/\/$/, '') });
    const page = await openIn(context, `${env.server.url}?scramble=R_U-_F2&move=1`);
    await searched(page);
    assert.equal(await selectedWay(page), 'Watch', 'a link without way opens Watch');
    assert.equal(query(page).way, undefined);
    await takeWay(page, 'lab');
    assert.equal(query(page).way, 'lab');
    assert.equal(query(page).move, '1', 'the rest of the link stays');
    await page.reload();
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    await searched(page);
    assert.equal(await selectedWay(page), 'FMC lab', 'a reload keeps the way in');
    assert.equal((await status(page)).position, 1);
    const teach = await takeWay(page, 'teach');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    // A teacher's link is for the class: it opens on Watch, at the same place.
    await page.getByText('Link copied: it opens on Watch, for the class.').waitFor();
    const shared = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    assert.equal(shared.searchParams.has('way'), false, `Share from Teach opens on Watch: ${shared}`);
    assert.equal(shared.searchParams.get('move'), '1', 'at the same move');
    assert.equal(query(page).way, 'teach', 'the teacher stays on Teach');
    await teach.getByRole('button', { name: 'Copy embed code' }).click();
    await page.getByText('Embed code copied.').waitFor();
    const code = await page.evaluate(() => navigator.clipboard.readText());
    const embedded = new URL(/src="([^"]+)"/.exec(code)[1].replace(/&amp;/g, '&'));
    assert.equal(embedded.searchParams.get('embed'), '1');
    assert.equal(embedded.searchParams.has('way'), false, `the embed code has no way in: ${embedded}`);
    await takeWay(page, 'watch');
    assert.equal(query(page).way, undefined, 'Watch needs no way= in the address');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test("Back returns to the way before, on a phone as on a desktop, and Forward comes again; the page's state stays", async () => {
    const context = await env.browser.newContext(devices['Pixel 7']);
    const page = await openIn(context, `${env.server.url}?scramble=R_U-_F2&move=1`);
    await searched(page);
    await takeWay(page, 'lab');
    await takeWay(page, 'teach');
    // Back with a dialog open closes it, and only it.
    await page.getByRole('button', { name: 'Glossary', exact: true }).click();
    await page.getByRole('dialog', { name: 'Glossary' }).waitFor();
    await page.goBack();
    await page.getByRole('dialog', { name: 'Glossary' }).waitFor({ state: 'hidden' });
    assert.ok(await page.getByRole('tab', { name: 'Teach', selected: true }).isVisible());
    assert.equal(query(page).way, 'teach');
    // Closed by its Close, its step in the history goes too.
    await page.getByRole('button', { name: 'Glossary', exact: true }).click();
    await page.getByRole('dialog', { name: 'Glossary' }).getByRole('button', { name: 'Close' }).click();
    await page.waitForFunction(() => !history.state?.dialog);
    await page.goBack();
    await page.getByRole('tab', { name: 'FMC lab', selected: true }).waitFor();
    assert.ok(await page.getByRole('tabpanel', { name: 'FMC lab' }).isVisible());
    assert.equal(query(page).way, 'lab');
    await page.goBack();
    await page.getByRole('tab', { name: 'Watch', selected: true }).waitFor();
    assert.ok(await page.getByRole('tabpanel', { name: 'Watch' }).isVisible());
    assert.equal(query(page).way, undefined);
    assert.equal((await status(page)).position, 1, 'the cube stays where it was');
    await page.goForward();
    await page.getByRole('tab', { name: 'FMC lab', selected: true }).waitFor();
    assert.equal(query(page).way, 'lab');
    assert.equal(query(page).scramble, 'R_U-_F2', 'the rest of the address stays');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('a link opened on a phone: Back with the glossary open closes it and stays on the page', async () => {
    const context = await env.browser.newContext(devices['Pixel 7']);
    const link = `${env.server.url}?scramble=R_U-_F2&move=2`;
    const page = await openIn(context, link);
    await searched(page);
    await page.getByRole('button', { name: 'Glossary', exact: true }).click();
    await page.getByRole('dialog', { name: 'Glossary' }).waitFor();
    await page.goBack();
    await page.getByRole('dialog', { name: 'Glossary' }).waitFor({ state: 'hidden' });
    assert.equal(new URL(page.url()).searchParams.get('scramble'), 'R_U-_F2', `still on the page: ${page.url()}`);
    assert.equal((await status(page)).position, 2);
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('Back after Random or a typed scramble brings the cube before at its move, and Forward the new one: nothing entered is lost', async () => {
    const context = await env.browser.newContext(devices['iPhone SE']);
    const page = await openIn(context, `${env.server.url}?scramble=R_U-_F2&move=2`);
    await searched(page);
    const box = page.getByRole('textbox', { name: 'Scramble' });
    await page.getByRole('button', { name: 'Random', exact: true }).click();
    await page.waitForFunction(() => !new URL(location.href).searchParams.get('scramble')?.startsWith('R_U-_F2'));
    await searched(page);
    const random = await box.inputValue();
    await box.fill("F B' D2");
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('scramble') === 'F_B-_D2');
    await searched(page);
    await page.goBack();
    await page.waitForFunction((text) => document.getElementById('scramble').value === text, random);
    await searched(page);
    assert.equal(await box.inputValue(), random, 'the random scramble is back in the box');
    await page.goBack();
    await page.waitForFunction(() => document.getElementById('scramble').value === "R U' F2");
    await searched(page);
    assert.equal((await status(page)).position, 2, 'at the move its entry was left at');
    assert.equal(query(page).move, '2');
    await page.goForward();
    await page.goForward();
    await page.waitForFunction(() => document.getElementById('scramble').value === "F B' D2");
    assert.equal(query(page).scramble, 'F_B-_D2');
    // Changing the mode is the same cube: no entry of its own.
    await page.getByRole('radio', { name: /Fastest/ }).check();
    await searched(page);
    await page.goBack();
    await page.waitForFunction((text) => document.getElementById('scramble').value === text, random);
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('an unknown way opens Watch with a note, and the rest of the link still opens', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R_U-_F2&mode=fast&move=2&way=kitchen`);
    await searched(page);
    assert.equal(await selectedWay(page), 'Watch');
    await page.getByText(/“kitchen”.*Watch is open/).waitFor();
    assert.equal((await status(page)).position, 2);
    assert.equal(await page.getByRole('radio', { name: 'Fastest' }).isChecked(), true);
    assert.equal(await page.getByRole('alert').filter({ hasText: /\S/ }).count(), 0, 'no error: the link opened');
    assert.equal(query(page).way, undefined, 'the address no longer names it');
    // A link with a way in and nothing else is a plain address in that way.
    const plain = await open(env.browser, `${env.server.url}?way=cube`);
    await searched(plain);
    assert.equal(await selectedWay(plain), 'Your cube');
    assert.equal(await plain.getByRole('alert').filter({ hasText: /\S/ }).count(), 0);
    assert.deepEqual([...page.errors, ...plain.errors], []);
  });
});

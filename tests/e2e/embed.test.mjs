// The embedded player: a course page puts Thistle in a 480×360 <iframe>
// with the code the Share group copies; the frame shows only the player,
// fills it without scrolling, takes keys once it has focus, and does not
// take focus from its host page as it loads.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { open, searched, takeWay, useBrowser } from './harness.mjs';

const env = useBrowser();

/** Copies the embed code from the page at `link`, through the clipboard fallback. */
async function embedCode(link) {
  const context = await env.browser.newContext();
  await context.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
  const page = await context.newPage();
  await page.goto(link);
  await page.waitForFunction(() => window.thistle && window.thistle.ready);
  await searched(page);
  await takeWay(page, 'teach');
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  const field = page.getByRole('textbox', { name: 'Embed code' });
  await field.waitFor({ state: 'visible' });
  const code = await field.inputValue();
  await context.close();
  return code;
}

describe('the embedded player', () => {
  test('the embed code puts only the player in a 480×360 frame, which fills it and plays', async () => {
    const code = await embedCode(`${env.server.url}?scramble=R_U_F2_D-&mode=fast`);
    assert.match(code, /^<iframe src="[^"]+embed=1" title="Thistle: R U F2 D', solved in four stages" width="480" height="360"/);
    const context = await env.browser.newContext({ viewport: { width: 900, height: 700 } });
    const host = await context.newPage();
    host.errors = [];
    host.on('pageerror', (error) => host.errors.push(error.message));
    // The host page is served from the same server; its own text box has focus.
    await host.goto(`${env.server.url}manifest.webmanifest`);
    await host.setContent(`<!doctype html><title>Course</title><input id="notes" aria-label="Notes">${code}`);
    await host.locator('#notes').focus();
    const frame = host.frames().find((f) => f !== host.mainFrame());
    await frame.waitForFunction(() => window.thistle && window.thistle.ready);
    await frame.waitForFunction(() => !window.thistle.searching());
    assert.equal(await host.evaluate(() => document.activeElement.id), 'notes', 'the frame did not take focus');
    const inside = await frame.evaluate(() => ({
      scrolls: document.scrollingElement.scrollHeight > innerHeight || document.scrollingElement.scrollWidth > innerWidth,
      cube: document.getElementById('cube').getBoundingClientRect().height / innerHeight,
      scramble: document.getElementById('scramble').checkVisibility(),
      header: document.querySelector('.top').checkVisibility(),
      // The cube's description, as read out: no section the embed lacks.
      help: document.getElementById('cube-help').innerText.includes('The cube in words'),
    }));
    assert.deepEqual({ ...inside, cube: inside.cube > 0.5 }, { scrolls: false, cube: true, scramble: false, header: false, help: false },
      JSON.stringify(inside));
    const player = host.frameLocator('iframe');
    for (const name of ['Step forward', 'Play', 'End']) assert.ok(await player.getByRole('button', { name, exact: true }).isVisible(), name);
    assert.equal(await player.getByRole('navigation', { name: 'Stages' }).getByRole('button').count(), 4);
    await player.getByRole('button', { name: 'Step forward' }).click();
    await frame.waitForFunction(() => !window.thistle.status().moving);
    assert.match(await player.getByRole('status').filter({ hasText: /^Move/ }).textContent(), /^Move 1 of \d+ · /);
    // Keys work once the frame has focus.
    await player.getByRole('button', { name: 'Step forward' }).focus();
    await host.keyboard.press('End');
    await frame.waitForFunction(() => window.thistle.status().solved);
    assert.match(frame.url(), /embed=1/, 'the frame keeps being an embedded player');
    assert.deepEqual(host.errors, []);
    await context.close();
  });

  test('an embedded player presented full screen (F) shows its status above the move now and next, its labels large', async () => {
    const viewport = { width: 1280, height: 720 };
    const page = await open(env.browser, `${env.server.url}?scramble=R_U_F2_D-&mode=fast&move=2&embed=1`, viewport);
    await searched(page);
    await page.getByRole('button', { name: 'Play', exact: true }).focus();
    await page.keyboard.press('f');
    await page.waitForFunction(() => document.querySelector('link[href$="present.css"]')?.sheet?.cssRules.length > 0);
    const status = await page.getByRole('status').filter({ hasText: /^Move 2 of/ }).boundingBox();
    const nowNext = await page.getByText(/^Now \S+ · Next \S+$/).boundingBox();
    assert.ok(status.y + status.height <= nowNext.y, `the status ${JSON.stringify(status)} above ${JSON.stringify(nowNext)}`);
    const least = viewport.height * 0.025;
    for (const selector of ['.chip-fmc', '.legend']) {
      const size = await page.locator(selector).first().evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
      assert.ok(size >= least, `${selector}: ${size} px, at least ${least} px`);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('an embedded link that cannot be opened says why under the cube', async () => {
    const context = await env.browser.newContext({ viewport: { width: 480, height: 360 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${env.server.url}?scramble=R_U_Q&embed=1`);
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    await alert.waitFor();
    assert.match(await alert.textContent(), /^This link could not be opened: .*column 5/);
    const [box, cube] = await Promise.all([alert.boundingBox(), page.locator('#cube').boundingBox()]);
    assert.ok(box.y >= cube.y + cube.height - 1 && box.y + box.height <= 360, `under the cube, in the frame: ${JSON.stringify({ box, cube })}`);
    // The player still fits the frame, its chips too.
    const chips = await page.getByRole('navigation', { name: 'Stages' }).boundingBox();
    assert.ok(chips.y + chips.height <= 360, `the chips in the frame: ${JSON.stringify(chips)}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('in a portrait, a wide or a small frame, the player fits it, its key too, and the cube takes what is left', async () => {
    // Stages 1 to 3 (3, 9 and 6 moves), whose keys differ in length.
    const scramble = 'D2_F-_U2_L2_B-_R2_F_U2_F2_R2_D-_F-_L-_B_U-_R2_U-_B-_D-';
    for (const [width, height, move] of [[320, 480, 5], [320, 480, 1], [320, 480, 14], [640, 360, 5], [300, 200, 5], [480, 360, 5]]) {
      const context = await env.browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      await page.goto(`${env.server.url}?scramble=${scramble}&mode=fewest&move=${move}&embed=1`);
      await page.waitForFunction(() => window.thistle && window.thistle.ready && !window.thistle.searching());
      const fit = await page.evaluate(() => {
        const legend = document.getElementById('legend');
        const bottoms = [...document.querySelectorAll('.viewer > *')].filter((part) => part.checkVisibility())
          .map((part) => part.getBoundingClientRect().bottom);
        return {
          scrolls: document.scrollingElement.scrollHeight > innerHeight,
          inside: Math.max(...bottoms) <= innerHeight + 0.5,
          legend: legend.checkVisibility() ? legend.getBoundingClientRect().bottom <= innerHeight + 0.5 : 'hidden',
          cube: document.getElementById('cube').getBoundingClientRect().height / innerHeight,
        };
      });
      const size = `${width}×${height} at move ${move}: ${JSON.stringify(fit)}`;
      assert.equal(fit.scrolls, false, size);
      assert.equal(fit.inside, true, size);
      assert.notEqual(fit.legend, false, size);
      if (height >= 340) assert.equal(fit.legend, true, `the key shows where there is room: ${size}`);
      assert.ok(fit.cube > 0.25, size);
      await context.close();
    }
  });

  test('at 320×240 the embedded player still works', async () => {
    const context = await env.browser.newContext({ viewport: { width: 320, height: 240 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}?scramble=R_U&mode=fast&embed=1`);
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    await page.getByRole('button', { name: 'Step forward' }).click();
    await page.waitForFunction(() => window.thistle.status().position === 1 && !window.thistle.status().moving);
    assert.ok(await page.getByRole('button', { name: 'End' }).isVisible());
    // A clicker's keys step it, as in a presentation, and scroll nothing.
    await page.getByRole('button', { name: 'Step forward' }).focus();
    await page.keyboard.press('PageDown');
    await page.waitForFunction(() => window.thistle.status().position === 2 && !window.thistle.status().moving);
    await page.keyboard.press('PageUp');
    await page.waitForFunction(() => window.thistle.status().position === 1 && !window.thistle.status().moving);
    // Its key list says so, and names nothing the embed does not have.
    await page.keyboard.press('?');
    const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await list.waitFor();
    const said = await list.evaluate((dialog) => dialog.innerText);
    assert.match(said, /embedded player: step forward or back one move/);
    // Opened at its heading, in a frame too small for all of it.
    const heading = await list.getByRole('heading', { name: 'Keyboard shortcuts' }).boundingBox();
    const frame = await list.boundingBox();
    assert.ok(heading.y >= frame.y && heading.y + heading.height <= frame.y + frame.height, `its heading in view: ${JSON.stringify([heading, frame])}`);
    assert.doesNotMatch(said, /Scramble box|Share/);
    await context.close();
  });
});

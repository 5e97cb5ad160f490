// A class reads it from the back row: Present shows the status, the move
// now and next, the stage and its counters in type sized by the screen; a
// presenter clicker's keys step and blank; Ctrl+P prints the cube as drawn
// with the words and no buttons; the legend keeps its colours in forced
// colours; every sticker has an edge that shows against the page; a small
// embed fits its chips without sideways scrolling; speeds go down to 0.25×.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, quiet, searched, settle, STAGE_NAMES, status, takeWay, useBrowser } from './harness.mjs';

/** The printed moves give the first stage as text: its count, then that many moves. */
function assertStageAsText(printed) {
  const eo = /Orient edges \(EO\) · (\d+): (.*?)Orient corners/.exec(printed);
  assert.ok(eo, printed);
  assert.equal(eo[2].trim().split(/\s+/).length, Number(eo[1]), `the moves as text: ${printed}`);
}

const env = useBrowser();

const pages = (pdf) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;

/** WCAG's contrast ratio of two CSS colours as the page computes them (rgb()). */
const contrast = (page, a, b) => page.evaluate(([first, second]) => {
  const luminance = (colour) => {
    const probe = document.createElement('span');
    probe.style.color = colour;
    document.body.append(probe);
    const [r, g, b] = getComputedStyle(probe).color.match(/[\d.]+/g).slice(0, 3).map(Number);
    probe.remove();
    const linear = (c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [x, y] = [luminance(first), luminance(second)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}, [a, b]);

/**
 * Ctrl+P: takes the picture, then prints (window.print, stood in for here);
 * the page is then seen as printed.
 */
async function printWithCtrlP(page) {
  await page.evaluate(() => {
    window.printed = 0;
    window.print = () => { window.printed += 1; };
  });
  await page.keyboard.press('Control+p');
  await page.waitForFunction(() => window.printed === 1);
  await page.emulateMedia({ media: 'print' });
}

/** A presentation begun with the mouse, as a teacher would: from Teach. */
async function present(page) {
  await takeWay(page, 'teach');
  await page.getByRole('button', { name: 'Present' }).click();
  await page.getByRole('button', { name: 'Exit presentation' }).waitFor();
  // The presentation's sheet loads on first use: its layout is read once
  // the sheet is in, not as the button changes.
  await page.waitForFunction(() => document.querySelector('link[href$="present.css"]')?.sheet?.cssRules.length > 0);
}

describe('a class can read it from the back row', () => {
  for (const viewport of [{ width: 1920, height: 1080 }, { width: 3840, height: 2160 }, { width: 1024, height: 768 }]) {
    test(`presenting at ${viewport.width}×${viewport.height}, the cube and its transport stay where they are from stage to stage`, async () => {
      const page = await open(env.browser, `${env.server.url}?scramble=R_U2_F-_L_D_B2_R-_F_U_L2_D-_B`, viewport);
      await searched(page);
      await present(page);
      // The stages with moves, and the end (solved, in full colours, with no key).
      const starts = await page.locator('.moves > ol > li ol').evaluateAll((lists) => lists
        .filter((list) => list.querySelector('.move')).map((list) => list.start - 1));
      starts.push(await page.locator('.moves .move').count() - 1);
      const places = [];
      const columns = [];
      for (const start of starts) {
        // A move into each stage: its status, key and Progress differ.
        await page.evaluate((k) => window.thistle.seek(k), start + 1);
        await page.waitForFunction((k) => window.thistle.status().position === k && !window.thistle.status().moving, start + 1);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        places.push(await page.evaluate(() => ['#cube', '.transport'].map((part) => {
          const { top, height } = document.querySelector(part).getBoundingClientRect();
          return `${part} ${Math.round(top)}+${Math.round(height)}`;
        }).join(', ')));
        // What the room reads beside it stays put too, though a stage's longer name wraps.
        columns.push(await page.evaluate(() => ['.now-next', '.chips', '.progress']
          .map((part) => `${part} ${Math.round(document.querySelector(part).getBoundingClientRect().top)}`).join(', ')));
      }
      assert.equal(new Set(places).size, 1, `the same place in every stage: ${places.join(' | ')}`);
      assert.equal(new Set(columns).size, 1, `the same place in every stage: ${columns.join(' | ')}`);
      await page.close();
    });
  }

  for (const viewport of [{ width: 1920, height: 1080 }, { width: 3840, height: 2160 }]) {
    test(`Present at ${viewport.width}×${viewport.height} shows the status, the move now and next, the stage and its counters in text of at least 2.5% of the screen's height`, async () => {
      const page = await open(env.browser, env.server.url, viewport);
      await searched(page);
      await present(page);
      await page.keyboard.press('PageDown');
      await settle(page);
      const least = viewport.height * 0.025;
      const parts = {
        status: page.getByRole('status').filter({ hasText: /^Move 1 of \d+ · Orient edges$/ }),
        'move now and next': page.getByText(/^Now \S+ · Next \S+$/),
        "stage's name": page.getByRole('region', { name: 'Progress' }).getByRole('heading', { name: /Orient edges/ }),
        counters: page.getByRole('region', { name: 'Progress' }).getByText(/^Flipped edges: \d+$/),
        distance: page.getByRole('region', { name: 'Progress' }).getByText(/^Distance to this stage's goal: \d+ of at most 7$/),
      };
      for (const [name, locator] of Object.entries(parts)) {
        assert.equal(await locator.isVisible(), true, `${name} shows`);
        const size = await locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
        assert.ok(size >= least, `${name}: ${size} px, at least ${least} px`);
        const box = await locator.boundingBox();
        assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `${name} is on screen`);
      }
      const canvas = await page.locator('#cube').boundingBox();
      assert.ok(canvas.height >= viewport.height * 0.7, `the cube fills the height left: ${JSON.stringify(canvas)}`);
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }

  test('in a presentation the stage in plain words, How it works and the Glossary can be read from the back row, and closing the Glossary keeps presenting', async () => {
    const viewport = { width: 1920, height: 1080 };
    const page = await open(env.browser, env.server.url, viewport);
    await searched(page);
    await present(page);
    const least = viewport.height * 0.025;
    const fontSize = (locator) => locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    const readable = async (name, locator) => {
      assert.equal(await locator.isVisible(), true, `${name} shows`);
      const size = await fontSize(locator);
      assert.ok(size >= least, `${name}: ${size} px, at least ${least} px`);
    };
    const stage = page.getByRole('region', { name: /^Stage 1: Orient edges/ });
    await readable("the stage's plain words", stage.getByText(/^Turns every edge the right way round/));
    await stage.getByText('How it works: pieces, groups and moves').click();
    await readable('How it works', stage.locator('#stage-why'));
    await readable('the moves allowed', stage.locator('#stage-allowed'));
    const glossaryButton = page.getByRole('button', { name: 'Glossary', exact: true });
    await readable('the Glossary button', glossaryButton);
    await glossaryButton.click();
    const glossary = page.getByRole('dialog', { name: 'Glossary' });
    await glossary.waitFor();
    await readable('a glossary entry', glossary.locator('dd').first());
    const box = await glossary.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `the glossary is on screen: ${JSON.stringify(box)}`);
    await page.keyboard.press('Escape');
    await glossary.waitFor({ state: 'hidden' });
    assert.equal(await page.getByRole('button', { name: 'Exit presentation' }).isVisible(), true, 'still presenting');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  // Stage 3's plain words are the longest; stage 2's Progress heading,
  // with its DR case, the longest heading.
  const longest = [
    { what: "a long stage's plain words", query: 'scramble=R_U2_F-_L_D_B2_R-_U_F2_D-_L2_B_R2_U-_F_D2_L-_B-_U2_R&move=11', stage: /^Stage 3: Separate pieces/ },
    { what: 'a DR case in Progress', query: 'scramble=R_U2_F-_L_D_B2_R-_U_F2_L-_D-_B_R2_U-_F_L2_D_B-_R_U-&mode=fewest&move=7', stage: /^Stage 2: Orient corners/ },
  ];
  const rooms = [{ width: 1024, height: 768 }, { width: 1280, height: 720 }, { width: 1366, height: 768 }, { width: 1920, height: 1080 }, { width: 3840, height: 2160 }];
  for (const viewport of rooms) for (const { what, query, stage: stageName } of longest) {
    test(`in a presentation at ${viewport.width}×${viewport.height}, with ${what}, the stage's plain words and How it works are on screen, and How it works, opened, all of it`, async () => {
      const page = await open(env.browser, `${env.server.url}?${query}`, viewport);
      await searched(page);
      await present(page);
      const stage = page.getByRole('region', { name: stageName });
      const onScreen = (locator) => locator.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return rect.height > 0 && rect.top >= 0 && rect.bottom <= innerHeight ? true : `${Math.round(rect.top)}-${Math.round(rect.bottom)} of ${innerHeight}`;
      });
      assert.equal(await onScreen(stage.locator('#stage-plain')), true, "the stage's plain words");
      assert.equal(await onScreen(page.getByRole('region', { name: 'Progress' })), true, 'Progress');
      const howItWorks = stage.getByText('How it works: pieces, groups and moves');
      assert.equal(await onScreen(howItWorks), true, 'How it works, to open');
      await howItWorks.click();
      for (const part of ['#stage-plain', '#stage-description', '#stage-group', '#stage-allowed', '#stage-worst', '#stage-why']) {
        assert.equal(await onScreen(stage.locator(part)), true, `${part} with How it works open`);
      }
      assert.equal(await onScreen(page.getByRole('button', { name: 'Exit presentation' })), true, 'Exit presentation');
      // Left from How it works (Watch's, which Teach hides), focus goes back to Present.
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Present', exact: true }).waitFor();
      assert.equal(await page.evaluate(() => document.activeElement.id), 'present');
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }

  for (const viewport of [{ width: 1280, height: 720 }, { width: 1280, height: 800 }, { width: 1024, height: 768 }]) {
    test(`Teach at ${viewport.width}×${viewport.height}, not presenting, shows the whole player and its colour key on the first screen`, async () => {
      const page = await open(env.browser, `${env.server.url}?scramble=R_U2_F-_L_D_B2_R-_U_F2_D-_L2_B_R2_U-_F_D2_L-_B-_U2_R&move=8`, viewport);
      await searched(page);
      await takeWay(page, 'teach');
      await page.evaluate(() => window.scrollTo(0, 0));
      const below = await page.evaluate(() => ['#cube', '.legend', '#glossary-open', '#play', '#chips']
        .map((selector) => [selector, document.querySelector(selector).getBoundingClientRect().bottom])
        .filter(([, bottom]) => bottom > innerHeight));
      assert.deepEqual(below, [], 'below the first screen');
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }

  test('outside Present at 3840×2160 the text is over 24 px and the switches and choices grow with it', async () => {
    const page = await open(env.browser, env.server.url, { width: 3840, height: 2160 });
    await searched(page);
    const panel = await takeWay(page, 'teach');
    const status = await page.getByRole('status').filter({ hasText: /^Move 0 of \d+/ })
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    assert.ok(status >= 26, `the status is ${status} px`);
    const inputs = [
      panel.getByRole('switch', { name: 'Caption' }),
      page.getByRole('checkbox', { name: 'Hidden faces' }),
      page.getByRole('radio', { name: 'Stage' }),
    ];
    for (const input of inputs) {
      const { box, text } = await input.evaluate((element) => ({
        box: element.getBoundingClientRect().height,
        text: parseFloat(getComputedStyle(element.closest('label')).fontSize),
      }));
      assert.ok(box >= 0.8 * text, `${await input.getAttribute('id')}: a ${box} px box beside ${text} px text`);
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('a reload mid-presentation comes back presenting, where the clicker still steps; one ended does not', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R_U2_F-_L_D_B2`, { width: 1280, height: 720 });
    await searched(page);
    await present(page);
    await page.keyboard.press('PageDown');
    assert.equal((await settle(page)).position, 1);
    await page.reload();
    await page.waitForFunction(() => window.thistle?.ready && document.documentElement.hasAttribute('data-presenting'));
    await page.getByRole('button', { name: 'Exit presentation' }).waitFor();
    await page.keyboard.press('PageDown');
    assert.equal((await settle(page)).position, 2, 'PageDown steps after the reload');
    await page.getByRole('button', { name: 'Exit presentation' }).click();
    await page.reload();
    await page.waitForFunction(() => window.thistle?.ready);
    await searched(page);
    assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-presenting')), false);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('in a presentation PageDown and PageUp step one move, Space after clicking Present plays, and . blanks', async () => {
    const page = await open(env.browser, env.server.url, { width: 1280, height: 720 });
    await searched(page);
    await present(page);
    // A screen reader hears where focus went and how to work it.
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('role')), 'region');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Presentation');
    assert.match(await page.locator('#narration').textContent(), /^Presenting: Space plays, .* Esc leaves\.$/);
    await page.keyboard.press('PageDown');
    assert.equal((await settle(page)).position, 1, 'PageDown steps forward');
    await page.keyboard.press('PageDown');
    assert.equal((await settle(page)).position, 2);
    await page.keyboard.press('PageUp');
    assert.equal((await settle(page)).position, 1, 'PageUp steps back');
    // The mouse pressed Present: its focus is not left on the button, so
    // Space plays rather than leaving the presentation.
    await page.keyboard.press(' ');
    await page.waitForFunction(() => window.thistle.status().playing);
    assert.equal(await page.getByRole('button', { name: 'Exit presentation' }).isVisible(), true, 'still presenting');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => !window.thistle.status().playing);
    // A focused control keeps its own keys: the slider's PageUp is its own.
    const slider = page.getByRole('slider', { name: 'Timeline' });
    await slider.focus();
    const before = (await settle(page)).position;
    await page.keyboard.press('PageUp');
    assert.notEqual((await settle(page)).position, before - 1, 'the slider, not the page, took PageUp');
    // A focused button keeps Space, and still hears the clicker.
    const play = page.getByRole('button', { name: 'Play', exact: true });
    await play.focus();
    const at = (await settle(page)).position;
    await page.keyboard.press('PageDown');
    assert.equal((await settle(page)).position, at + 1, 'PageDown steps with a button focused');
    // Blank the screen, and show it again.
    const blank = () => page.evaluate(() => getComputedStyle(document.body, '::after').backgroundColor);
    await page.keyboard.press('.');
    assert.equal(await blank(), 'rgb(0, 0, 0)', '. blanks the screen');
    assert.equal(await page.locator('#narration').textContent(), 'Screen blank: B, or a step, shows it again.');
    await page.keyboard.press('b');
    assert.notEqual(await blank(), 'rgb(0, 0, 0)', 'b shows it again');
    // A clicker's key while blank shows the screen again, and moves nothing unseen.
    await page.keyboard.press('b');
    const hidden = (await settle(page)).position;
    await page.keyboard.press('PageDown');
    assert.notEqual(await blank(), 'rgb(0, 0, 0)', 'PageDown shows the screen again');
    assert.equal((await settle(page)).position, hidden, 'and does not step unseen');
    await page.keyboard.press('PageDown');
    assert.equal((await settle(page)).position, hidden + 1, 'the next PageDown steps');
    // F leaves and F presents again, which puts focus in the cube's box;
    // leaving, focus goes back to the control that had it (Play), not the box.
    for (const key of ['f', 'f']) await page.keyboard.press(key);
    await page.getByRole('button', { name: 'Exit presentation' }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement.classList.contains('stage-box')), true);
    await page.keyboard.press('f');
    await page.getByRole('button', { name: 'Present', exact: true }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label') ?? document.activeElement.textContent), 'Play',
      'focus back on Play');
    await page.keyboard.press('f');
    await page.getByRole('button', { name: 'Exit presentation' }).waitFor();
    // Outside a presentation PageDown is the page's own (it scrolls).
    await page.getByRole('button', { name: 'Exit presentation' }).click();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    const still = (await settle(page)).position;
    await page.keyboard.press('PageDown');
    assert.equal((await settle(page)).position, still, 'PageDown does not step outside a presentation');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('the key list names the clicker keys', async () => {
    const page = await open(env.browser, env.server.url);
    await page.keyboard.press('?');
    const list = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await list.waitFor();
    assert.match(await list.textContent(), /PgDn\s*PgUp.*step forward or back one move/i);
    assert.match(await list.textContent(), /\.\s*or\s*B.*blank the screen/i);
    assert.match(await list.textContent(), /F5\s*In Teach: present/);
    await page.keyboard.press('Escape');
    // A clicker's start key presents from Teach rather than reload; presenting, it does nothing.
    const teach = await takeWay(page, 'teach');
    await page.evaluate(() => { window.notReloaded = true; });
    await teach.getByRole('button', { name: 'Present', exact: true }).focus();
    await page.keyboard.press('F5');
    await page.getByRole('button', { name: 'Exit presentation' }).waitFor();
    await page.keyboard.press('Shift+F5');
    assert.equal(await page.getByRole('button', { name: 'Exit presentation' }).isVisible(), true, 'still presenting');
    assert.equal(await page.evaluate(() => window.notReloaded), true, 'the page did not reload');
    await page.close();
  });

  test('a 0.25× speed exists, and stepping back at it, the move now and next agree with the status while the turn is undone', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R_U2_F-_L_D_B2_R-_U_F2_D-&move=4`);
    await searched(page);
    const speed = page.getByRole('combobox', { name: 'Speed' });
    await speed.selectOption('0.25');
    assert.equal(await speed.locator('option:checked').textContent(), '0.25×');
    // Kept on this device, over a reload (a clicker's F5 reloads).
    await page.reload();
    await searched(page);
    assert.equal(await speed.inputValue(), '0.25', 'the speed chosen is kept');
    const moves = await page.locator('#moves .move').allTextContents();
    await present(page);
    await page.keyboard.press('PageUp');
    // Read in the same moment as the turn runs.
    const during = await (await page.waitForFunction(() => window.thistle.status().moving
      && [window.thistle.status().text, document.querySelector('#now-next').textContent])).jsonValue();
    assert.match(during[0], /^Move 3 of /);
    assert.equal(during[1], `Now ${moves[2]} · Next ${moves[3]}`);
    await page.close();
  });

  test('a stage taken from its chip shows its own first move next, not the last stage\'s move as now', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R_U2_F-_L_D_B2_R-_F_U_L2_D-_B`);
    await searched(page);
    await present(page);
    const second = page.locator('.moves > ol > li').nth(1);
    const first = await second.locator('.move').first().textContent();
    const start = await second.evaluate((stage) => stage.querySelector('ol').start - 1);
    await page.evaluate((k) => window.thistle.seek(k), start);
    await page.waitForFunction((text) => document.querySelector('#now-next').textContent === text, `Next ${first}`);
    // One move in, the move made is this stage's.
    await page.evaluate((k) => window.thistle.seek(k), start + 1);
    await page.waitForFunction((text) => document.querySelector('#now-next').textContent.startsWith(text), `Now ${first} · `);
    await page.close();
  });

  test('at the end, the move shown large is the last one made, and the cube is solved', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R_U2_F-_L_D`);
    await searched(page);
    const moves = await page.locator('#moves .move').allTextContents();
    await present(page);
    await page.evaluate((end) => window.thistle.seek(end), moves.length);
    await page.waitForFunction((last) => document.querySelector('#now-next').textContent === `Last ${last} · Solved`, moves.at(-1));
    await page.close();
  });

  test('in forced colours the legend keeps its swatches, which differ', async () => {
    const page = await open(env.browser, env.server.url);
    await page.emulateMedia({ forcedColors: 'active' });
    const swatches = page.getByRole('list', { name: 'Stage view colours' }).locator('.legend-swatch');
    await swatches.first().waitFor();
    const colours = await swatches.evaluateAll((all) => all.map((swatch) => getComputedStyle(swatch).backgroundColor));
    assert.equal(colours.length, 3, 'flipped edge, oriented edge, not this stage\'s work');
    assert.equal(new Set(colours).size, colours.length, `each swatch its own colour: ${colours}`);
    // The current stage's chip stands out by more than its bold type.
    await searched(page);
    const borders = await page.getByRole('navigation', { name: 'Stages' }).getByRole('button').evaluateAll((chips) => chips.map(
      (chip) => ({ current: chip.hasAttribute('aria-current'), width: parseFloat(getComputedStyle(chip).borderTopWidth) })));
    const current = borders.filter((chip) => chip.current).map((chip) => chip.width);
    const others = borders.filter((chip) => !chip.current).map((chip) => chip.width);
    assert.equal(current.length, 1);
    assert.ok(others.every((width) => current[0] >= width + 2), `the current chip's border ${current[0]} px, the others' ${others}`);
    await page.close();
  });

  test('every sticker of the net and the legend has an edge of at least 3:1 against the page, light and dark', async () => {
    const page = await open(env.browser, env.server.url);
    await page.getByRole('switch', { name: 'Net' }).check();
    for (const dark of [false, true]) {
      await page.getByRole('switch', { name: 'Dark' }).setChecked(dark);
      await page.getByRole('radio', { name: 'Colours' }).check();
      await quiet(page);
      const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      const edges = await page.getByRole('img', { name: /net/ }).locator('rect').evaluateAll((all) => [...new Set(all.map((rect) => {
        const style = getComputedStyle(rect);
        return parseFloat(style.strokeWidth) > 0 && style.stroke !== 'none' ? style.stroke : 'none';
      }))]);
      for (const edge of edges) {
        assert.notEqual(edge, 'none', 'every sticker has an edge');
        const ratio = await contrast(page, edge, background);
        assert.ok(ratio >= 3, `net sticker edge ${edge} on ${background}: ${ratio.toFixed(2)}:1`);
      }
      await page.getByRole('radio', { name: 'Stage' }).check();
      const swatchEdges = await page.locator('.legend-swatch').evaluateAll((all) => all.map((s) => getComputedStyle(s).borderTopColor));
      for (const edge of swatchEdges) {
        const ratio = await contrast(page, edge, background);
        assert.ok(ratio >= 3, `legend swatch edge ${edge} on ${background}: ${ratio.toFixed(2)}:1`);
      }
    }
    await page.close();
  });

  for (const frame of [{ width: 320, height: 240 }, { width: 300, height: 200 }]) test(`a ${frame.width}×${frame.height} embed scrolls no way sideways and cuts no chip label; the chips say EO, DR, HTR, finish and are named from the stage`, async () => {
    const page = await open(env.browser, `${env.server.url}?embed=1`, frame);
    await searched(page);
    await quiet(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= frame.width, `no sideways scroll: ${width} px wide`);
    const chips = page.getByRole('navigation', { name: 'Stages' }).getByRole('button');
    // The short labels come with a module of their own, once the chips are built.
    await page.waitForFunction(() => [...document.querySelectorAll('#chips button')]
      .every((chip) => chip.scrollWidth <= chip.clientWidth + 1), null, { timeout: 5000 }).catch(() => {});
    const look = () => chips.evaluateAll((all) => all.map((chip) => ({
      cut: chip.scrollWidth > chip.clientWidth + 1,
      // What shows: text drawn at a size, in a box wider than the 1 px of a hidden one.
      text: (() => {
        const walker = document.createTreeWalker(chip, NodeFilter.SHOW_TEXT);
        let shown = '';
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const box = node.parentElement.getBoundingClientRect();
          if (parseFloat(getComputedStyle(node.parentElement).fontSize) > 0 && box.width > 1) shown += node.textContent;
        }
        return shown.trim();
      })(),
    })));
    const seen = await look();
    assert.deepEqual(seen.map(({ cut }) => cut), [false, false, false, false], JSON.stringify(seen));
    assert.deepEqual(seen.map(({ text }) => text.replace(/ · \d+$/, '')), ['EO', 'DR', 'HTR', 'finish']);
    for (const [k, fmc] of ['EO', 'DR', 'HTR', 'finish'].entries()) {
      const name = STAGE_NAMES[k].replace('+', '\\+');
      const chip = page.getByRole('button', { name: new RegExp(`^${name}, ${fmc} · \\d+ moves?$`) });
      assert.equal(await chip.count(), 1, `${STAGE_NAMES[k]}'s chip is named from the stage, with what it shows`);
      const shown = seen[k].text;
      assert.ok((await chip.evaluate((e) => e.textContent.replace(/\s+/g, ' '))).includes(shown), `"${shown}" is in the name`);
    }
    assert.equal(await page.getByRole('list', { name: 'Stage view colours' }).isVisible(), false, 'no room for a legend');
    // Where the full names fit, they show, and so does the legend.
    await page.setViewportSize({ width: 1280, height: 720 });
    assert.equal(await page.getByRole('list', { name: 'Stage view colours' }).isVisible(), true, 'a legend where there is room');
    await page.waitForFunction(() => !document.getElementById('chips').hasAttribute('data-short'));
    assert.match((await look())[0].text, /^Orient edges · \d+$/);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('presenting, Tab reaches the right column\'s controls in the order they are on screen, Exit presentation first', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R_U2_F-_L_D_B2_R-_F_U_L2_D-_B&move=3`, { width: 1920, height: 1080 });
    await searched(page);
    await page.keyboard.press('f');
    await page.getByRole('button', { name: 'Exit presentation' }).waitFor();
    const reached = [];
    for (let k = 0; k < 30 && reached.length < 2; k += 1) {
      await page.keyboard.press('Tab');
      const at = await page.evaluate(() => {
        const element = document.activeElement;
        return { name: element.textContent.trim(), top: element.getBoundingClientRect().top };
      });
      if (/^(Exit presentation|How it works)/.test(at.name)) reached.push(at);
    }
    assert.deepEqual(reached.map((at) => at.name.split(':')[0]), ['Exit presentation', 'How it works']);
    assert.ok(reached[0].top < reached[1].top, `Exit presentation above How it works: ${JSON.stringify(reached)}`);
    await page.close();
  });

  test('Ctrl+P during a presentation prints no empty cube box and no closed fold-out', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R_U2_F-_L_D_B2_R-_F_U_L2_D-_B&move=7`);
    await searched(page);
    await present(page);
    await printWithCtrlP(page);
    const box = await page.locator('.stage-box').evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.outlineStyle} ${style.outlineWidth} ${style.borderTopWidth}`;
    });
    assert.match(box, /^(none \S+|\S+ 0px) 0px$/, `the cube's box draws nothing: ${box}`);
    assert.equal(await page.locator('#stage-more').isVisible(), false, 'How it works, closed, is not printed');
    assert.equal(await page.locator('.print-cube').isVisible(), true, 'the cube is');
    await page.close();
  });

  test('Ctrl+P prints the cube as drawn, the status, the stage, the moves and the counters, without buttons, on at most two A4 pages', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    await page.evaluate(() => window.thistle.seek(3));
    await settle(page);
    await printWithCtrlP(page);
    const buttons = await page.getByRole('button').evaluateAll((all) => all.filter((b) => b.getClientRects().length > 0).length);
    assert.equal(buttons, 0, 'no buttons print');
    assert.equal(await page.getByRole('status').filter({ hasText: /^Move 3 of \d+ · Orient edges$/ }).isVisible(), true, 'the position');
    const progress = page.getByRole('region', { name: 'Progress' });
    assert.equal(await progress.getByText(/^Flipped edges: \d+$/).isVisible(), true, 'the counters');
    assert.equal(await progress.getByRole('heading', { name: /Orient edges/ }).isVisible(), true, 'the stage');
    // The key to the stage view's colours, its swatches in colour.
    const legend = page.getByRole('list', { name: 'Stage view colours' });
    assert.equal(await legend.isVisible(), true, 'the legend');
    assert.match(await legend.textContent(), /flipped edge/);
    assert.equal(await legend.locator('.legend-swatch').first().evaluate((swatch) => getComputedStyle(swatch).printColorAdjust), 'exact');
    const moves = page.getByRole('region', { name: 'Moves' });
    // The scramble first, to set a cube up from.
    const scramble = await page.evaluate(() => document.getElementById('scramble').value);
    assert.ok(scramble.length > 10);
    assert.ok((await moves.textContent()).startsWith(`Scramble: ${scramble}Orient edges (EO) · `), await moves.textContent());
    assertStageAsText(await moves.textContent());
    // The cube as drawn: the picture taken for printing is neither blank nor
    // all dark (a blank one has no ink, a black one no colour). Its
    // ink is the cube's black body and its coloured stickers (the stage
    // view's greys are neither), measured against the whole picture, which
    // is as wide as the cube's column and may be wider than the cube.
    const picture = page.getByRole('img', { name: 'The cube as shown' });
    assert.equal(await picture.isVisible(), true);
    const { ink, coloured } = await picture.evaluate((canvas) => {
      const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      let [dark, saturated] = [0, 0];
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] === 0) continue;
        const [high, low] = [Math.max(data[i], data[i + 1], data[i + 2]), Math.min(data[i], data[i + 1], data[i + 2])];
        if (high - low > 60) saturated += 1;
        else if (high < 80) dark += 1;
      }
      const all = data.length / 4;
      return { ink: (dark + saturated) / all, coloured: saturated / all };
    });
    assert.ok(ink > 0.03 && coloured > 0.005, `the cube is in the picture: ${(ink * 100).toFixed(1)}% ink, ${(coloured * 100).toFixed(1)}% coloured`);
    const count = pages(await page.pdf({ format: 'A4', printBackground: true }));
    assert.ok(count >= 1 && count <= 2, `${count} pages`);
    await page.emulateMedia({ media: 'screen' });
    assert.equal(await page.getByRole('button', { name: 'Solve' }).isVisible(), true, 'the page is back on screen');
    // As it was: the sheet made for printing is not left on screen.
    assert.equal(await picture.isVisible(), false, 'no second cube on screen');
    assert.equal(await page.getByRole('region', { name: 'Moves', exact: true }).isVisible(), false, 'no printed moves on screen');
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('in the dark scheme, the page prints dark ink on white: the words, Progress\'s bars and the cube\'s picture', async () => {
    const context = await env.browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (error) => page.errors.push(error.message));
    await page.goto(env.server.url);
    await searched(page);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.scheme), 'dark');
    await printWithCtrlP(page);
    const luminance = (locator) => locator.evaluate((element) => {
      const [r, g, b] = getComputedStyle(element).color.match(/[\d.]+/g).map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    });
    const progress = page.getByRole('region', { name: 'Progress' });
    for (const [name, locator] of [['the status', page.getByRole('status').filter({ hasText: /^Move 0 of/ })],
      ['the counters', progress.getByText(/^Flipped edges: \d+$/)], ["the stage's words", page.locator('#stage-plain')]]) {
      assert.ok(await luminance(locator) < 0.45, `${name} prints in dark ink`);
    }
    assert.equal(await progress.locator('.histogram span').first().evaluate((bar) => getComputedStyle(bar).printColorAdjust), 'exact', "Progress's bars print");
    // The picture's corner is the background the cube is drawn on: white paper's.
    const corner = await page.getByRole('img', { name: 'The cube as shown' }).evaluate((canvas) => [...canvas.getContext('2d').getImageData(1, 1, 1, 1).data].slice(0, 3));
    assert.ok(corner.every((c) => c > 200), `a light background: ${corner}`);
    await page.emulateMedia({ media: 'screen' });
    assert.equal(await page.evaluate(() => document.documentElement.dataset.scheme), 'dark', 'the screen stays dark');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('the first presentation begins with its sheet already in, so the room never sees the page half restyled', async () => {
    const page = await open(env.browser, env.server.url, { width: 1920, height: 1080 });
    await searched(page);
    await page.evaluate(() => new Promise((resolve) => {
      // Called before the next paint, as the attribute that restyles the page appears.
      new MutationObserver(() => {
        if (!document.documentElement.hasAttribute('data-presenting')) return;
        window.sheetAtStart = [...document.styleSheets].some((sheet) => sheet.href?.endsWith('/present.css'));
        resolve();
      }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-presenting'] });
      document.querySelector('#present').click();
    }));
    assert.equal(await page.evaluate(() => window.sheetAtStart), true);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test("a print begun from the browser's menu has the cube's picture and the moves as printing begins", async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    await page.evaluate(() => window.thistle.seek(3));
    await settle(page);
    // The menu gives the page only beforeprint, and lays the sheet out as soon as its handlers return.
    const sheet = await page.evaluate(() => {
      window.dispatchEvent(new Event('beforeprint'));
      const picture = document.querySelector('[role="img"][aria-label="The cube as shown"]');
      const moves = document.querySelector('[role="region"][aria-label="Moves"], section[aria-label="Moves"]');
      return { picture: picture?.width ?? 0, moves: moves?.textContent ?? '' };
    });
    assert.ok(sheet.picture > 0, 'the picture is there before the print is laid out');
    assert.match(sheet.moves, /^Scramble: .+Orient edges \(EO\) · /, sheet.moves);
    assertStageAsText(sheet.moves);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('without WebGL, Present shows the net large, with an Exit button', async () => {
    const browser = await launch({ webgl: false });
    try {
      const viewport = { width: 1280, height: 720 };
      const page = await open(browser, env.server.url, viewport);
      await searched(page);
      await present(page);
      const net = await page.getByRole('img', { name: /net/ }).boundingBox();
      assert.ok(net.height >= viewport.height * 0.6, `the net fills the height: ${JSON.stringify(net)}`);
      await page.getByRole('button', { name: 'Exit presentation' }).click();
      assert.equal(await page.getByRole('button', { name: 'Present' }).isVisible(), true);
      assert.equal((await status(page)).position, 0);
      assert.deepEqual(page.errors, []);
    } finally {
      await browser.close();
    }
  });
});

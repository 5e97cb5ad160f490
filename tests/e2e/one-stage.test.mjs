// One stage at a time: a paused position belongs to the stage whose move
// comes next, and reads the same however it was reached (a link, steps, a
// chip, playback); at a stage's start Progress shows that stage's counters,
// no move's effect, and the stage before as done; a chip (or key 1–4) goes
// to its stage's start and stays there, and Play then plays that stage to
// its end; the status does not change once playback stops; the panel opens
// in plain words, with a glossary one control away (and NISS one ? away,
// for touch, which never sees a hover); the slice has one name.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chip, open, openIn, quiet, searched, settle, STAGE_NAMES, status, takeWay, useBrowser } from './harness.mjs';

const THISTLE = fileURLToPath(new URL('../../target/debug/thistle', import.meta.url));
// A random-state scramble whose fast solution has moves in every stage.
const SCRAMBLE = "D2 F2 D2 F2 U2 L2 U2 R2 F2 L2 U2 R2 U2 D' F2 U' F2 U L2 U' B2 L' D U2 L2 R D U' R U2 F' D B' F U'";
const solution = JSON.parse(execFileSync(THISTLE, ['solve', '--json', '--progress', SCRAMBLE], { encoding: 'utf8' }));
const starts = solution.stages.reduce((list, stage) => [...list, list.at(-1) + stage.moves.length], [0]);
const link = (query = '') => `?scramble=${encodeURIComponent(SCRAMBLE)}&mode=fast${query}`;

const counterLine = ({ label, value }) => (typeof value === 'object'
  ? `${label}: ${value.distance} of at most ${value.max}` : `${label}: ${value}`);

/** Everything the page says about where playback stands. */
const reading = (page) => page.evaluate(() => {
  const text = (id) => document.getElementById(id).textContent;
  return {
    status: text('status'),
    progress: text('progress-stage'),
    counters: [...document.querySelectorAll('#counters li')].map((item) => item.textContent),
    line: text('move-line'),
    panel: text('stage-name'),
    legend: text('legend'),
    chips: [...document.querySelectorAll('#chips .chip')].map((chip) => `${chip.getAttribute('aria-current') ?? ''}${chip.classList.contains('done') ? ' done' : ''}`),
  };
});

describe('one stage at a time', () => {
  const env = useBrowser();

  test('at a stage\'s start, Progress shows that stage\'s counters, no effect line, and the stage before done', async () => {
    const page = await open(env.browser, env.server.url + link());
    await searched(page);
    for (let stage = 1; stage < 4; stage += 1) {
      await page.evaluate((k) => window.thistle.seek(k), starts[stage]);
      await settle(page);
      const shown = await reading(page);
      assert.match(shown.status, new RegExp(`^Move ${starts[stage]} of \\d+ · ${STAGE_NAMES[stage].replace('+', '\\+')}$`));
      assert.ok(shown.progress.startsWith(`Progress · ${STAGE_NAMES[stage]}`), shown.progress);
      assert.deepEqual(shown.counters, solution.progress[stage][0].counters.map(counterLine), `stage ${stage + 1}'s own counters`);
      assert.equal(shown.line, `${STAGE_NAMES[stage - 1]} ✓ done`, 'no move\'s effect: the stage before is done');
      assert.ok(shown.panel.startsWith(`Stage ${stage + 1}: ${STAGE_NAMES[stage]}`), shown.panel);
      assert.equal(shown.chips[stage - 1], ' done');
      assert.equal(shown.chips[stage], 'step');
      // One move on, the effect line is this stage's move, beside this stage's counters.
      await page.getByRole('button', { name: 'Step forward' }).click();
      await settle(page);
      const next = await reading(page);
      assert.equal(next.line, solution.progress[stage][1].line);
      assert.deepEqual(next.counters, solution.progress[stage][1].counters.map(counterLine));
    }
    assert.deepEqual(page.errors, []);
  });

  test('a position reads the same by link, by stepping, by a chip and by playback, playing or paused', async () => {
    const stepped = await open(env.browser, env.server.url + link());
    await searched(stepped);
    const chipped = await open(env.browser, env.server.url + link());
    await searched(chipped);
    for (const position of [starts[1] - 1, starts[1], starts[2], starts[3] + 1]) {
      const linked = await open(env.browser, env.server.url + link(`&move=${position}`));
      await searched(linked);
      await quiet(linked);
      const expected = await reading(linked);
      await stepped.evaluate((k) => window.thistle.seek(k - 1), position);
      await stepped.getByRole('button', { name: 'Step forward' }).click();
      await settle(stepped);
      assert.deepEqual(await reading(stepped), expected, `stepped to move ${position}`);
      const stage = starts.findIndex((start, s) => s < 4 && position === start);
      if (stage >= 0) {
        await chip(chipped, STAGE_NAMES[stage]).click();
        await settle(chipped);
        assert.deepEqual(await reading(chipped), expected, `chip ${stage + 1}`);
      }
      await linked.context().close();
    }
    // Playing through a stage's start reads as pausing on it: the status
    // taken while the turn that ends there runs is the one kept after it.
    const played = await open(env.browser, env.server.url + link());
    await searched(played);
    await played.evaluate((k) => window.thistle.seek(k), starts[1] - 1);
    await settle(played);
    // Play, and pause during the turn that ends at stage 2's start.
    const whilePlaying = await played.evaluate((k) => new Promise((resolve) => {
      document.getElementById('play').click();
      const look = () => {
        const now = window.thistle.status();
        if (now.position !== k) {
          requestAnimationFrame(look);
          return;
        }
        document.getElementById('play').click();
        resolve(now.text);
      };
      look();
    }), starts[1]);
    const paused = await settle(played);
    assert.equal(paused.position, starts[1]);
    assert.equal(paused.text, whilePlaying, 'the status did not switch once playback stopped');
    const linked = await open(env.browser, env.server.url + link(`&move=${starts[1]}`));
    await searched(linked);
    await quiet(linked);
    assert.deepEqual(await reading(played), await reading(linked), 'paused after playing reads as the link');
    await linked.context().close();
    assert.deepEqual([...stepped.errors, ...chipped.errors, ...played.errors], []);
  });

  test('a chip, or its key, goes to its stage\'s start and stays there; Play then plays that stage to its end', async () => {
    const page = await open(env.browser, env.server.url + link());
    await searched(page);
    await chip(page, STAGE_NAMES[1]).click();
    let now = await settle(page);
    assert.equal(now.position, starts[1], 'at stage 2\'s start');
    assert.equal(now.playing, false, 'paused, its starting cube on show');
    const frames = await page.evaluate(() => window.thistle.frames());
    await quiet(page);
    assert.equal((await status(page)).position, starts[1], 'and still there');
    assert.ok(await page.evaluate(() => window.thistle.frames()) - frames <= 2, 'nothing plays');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    now = await settle(page);
    assert.equal(now.position, starts[2], 'Play played stage 2 and stopped at its end');
    // Keys 1–4 do the same.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('3');
    now = await settle(page);
    assert.equal(now.position, starts[2]);
    assert.equal(now.playing, false);
    await page.keyboard.press('4');
    assert.equal((await settle(page)).position, starts[3]);
    await page.keyboard.press('Space');
    assert.equal((await settle(page)).solved, true, 'the last stage played to solved');
    assert.deepEqual(page.errors, []);
  });

  test('the slice has one name in the stage panel and Progress, on turned axes too', async () => {
    // Solved on other axes (the design's FMC example turns them): the panel
    // and the counters name the slice as a person holding the cube sees it.
    const page = await open(env.browser, `${env.server.url}?scramble=${encodeURIComponent(SCRAMBLE)}`);
    await takeWay(page, 'lab');
    const names = new Set();
    for (const axes of ['0', '1', '2', '3', '4', '5']) {
      await page.getByRole('combobox', { name: 'Axes' }).selectOption(axes);
      await searched(page);
      // At stage 3's start, where its counters show.
      const [start, count] = await page.evaluate(() => {
        const stage = document.querySelectorAll('.moves > ol > li')[2];
        return [stage.querySelector('ol').start - 1, stage.querySelectorAll('.move').length];
      });
      if (count === 0) continue;
      await page.evaluate((k) => window.thistle.seek(k), start);
      await settle(page);
      const panel = await page.locator('#stage-description').textContent();
      const counters = (await page.locator('#counters').textContent());
      const inPanel = /the (.)-slice edges/.exec(panel);
      const inProgress = /(.)-slice edges outside the (.) slice/.exec(counters);
      assert.ok(inPanel && inProgress, `${panel} | ${counters}`);
      assert.equal(inProgress[1], inPanel[1], `${panel} | ${counters}`);
      assert.equal(inProgress[2], inPanel[1]);
      names.add(inPanel[1]);
    }
    assert.ok(names.size > 1, `more than one slice seen: ${[...names]}`);
    assert.deepEqual(page.errors, []);
  });

  test('the stage panel opens with one plain sentence; the groups follow behind a disclosure; a glossary is one control away', async () => {
    const page = await open(env.browser, env.server.url + link());
    await searched(page);
    const panel = page.getByRole('region', { name: /^Stage 1: Orient edges/ });
    const first = panel.locator('h2 + p');
    assert.match(await first.textContent(), /^[A-Z][^.]*\.$/, 'one sentence');
    assert.doesNotMatch(await first.textContent(), /coset|G\d|⟨|tetrad|parity/i);
    for (const word of ['cosets', 'G0']) {
      assert.equal(await panel.getByText(word).first().isVisible(), false, `${word} waits behind the disclosure`);
    }
    await panel.getByText(/^How it works/).click();
    assert.ok(await panel.getByText(/2,048 cosets/).isVisible());
    // The mode line says what each count is.
    assert.match(await page.locator('#result').textContent(), /^\d+ moves, each stage its own shortest · \d+ in Fewest moves$/);
    // The glossary, from every way in.
    for (const way of ['watch', 'cube', 'lab', 'teach']) {
      await takeWay(page, way);
      await page.getByRole('button', { name: 'Glossary', exact: true }).click();
      const glossary = page.getByRole('dialog', { name: 'Glossary' });
      await glossary.waitFor();
      assert.equal(await glossary.evaluate((d) => d.scrollTop), 0, 'opened at its top');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'glossary-title');
      const terms = (await glossary.locator('dt').allTextContents()).join(' | ');
      for (const term of ["R, R', R2", 'Axis (R/L, U/D, F/B)', 'EO', 'DR', 'DR case (4c2e)', 'HTR', 'NISS', 'Coset', 'G0', 'G3', 'Tetrad', 'Parity', 'M, E, S']) {
        assert.ok(terms.includes(term), `${term} in ${terms}`);
      }
      // A stage's distance is the same for positions that differ by the next
      // group's turns done first (F and U F), not after (F and F U).
      assert.match(await glossary.getByRole('definition').filter({ hasText: /^One class of positions/ }).textContent(),
        /the next group's turns done before the scramble/);
      await page.keyboard.press('Escape');
      await glossary.waitFor({ state: 'hidden' });
    }
    assert.deepEqual(page.errors, []);
  });

  test("stage 3 says what its counts miss: three corners cycled in their tetrad read every count at its goal, and the distance does not", async () => {
    const cycled = 'DUUUUUUUULRRRRRRRRFFBFFFFFFUDDDDDDDDLLLLLLLLRBBFBBBBBB';
    const page = await open(env.browser, `${env.server.url}?state=${cycled}&mode=fast`);
    await searched(page);
    const progress = page.getByRole('region', { name: 'Progress' });
    assert.match(await page.locator('#progress-stage').textContent(), /^Progress · Separate pieces/);
    const counters = await progress.locator('#counters li').allTextContents();
    assert.ok(counters.includes('Corners outside their tetrad: 0') && counters.includes('Permutation parity: even'), counters.join(' | '));
    assert.match(counters.at(-1), /^Distance to this stage's goal: [1-9]\d* of at most 13$/);
    // The stage panel names the goal's part they do not count: the corners' arrangement.
    assert.match(await page.locator('#stage-description').textContent(), /^Puts each corner into its tetrad in an arrangement half turns can solve,/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('Progress names the axes each stage is counted on, as the solution turns them: EO on its edge axis, DR on its corner axis', async () => {
    // A random state whose best axes are not the classic ones.
    const turned = "F2 D2 U2 R' U2 F2 R2 B R2 F L2 U2 R' F2 L' U' F D2 R' D'";
    const found = JSON.parse(execFileSync(THISTLE, ['solve', '--json', '--fewest', turned], { encoding: 'utf8' }));
    const { edges, corners } = found.axes;
    assert.notDeepEqual([edges, corners], ['F/B', 'U/D']);
    const page = await open(env.browser, `${env.server.url}?scramble=${encodeURIComponent(turned)}&mode=fewest`);
    await searched(page);
    const heading = page.locator('#progress-stage');
    const expected = [
      `Progress · Orient edges (EO) on ${edges}`,
      new RegExp(`^Progress · Orient corners \\+ slice \\(DR\\) on ${corners} · DR case \\dc\\de$`),
      `Progress · Separate pieces (HTR) on edges ${edges}, corners ${corners}`,
      // Its FMC name is its name's last word, not said again.
      'Progress · Half-turn finish',
    ];
    let at = 0;
    for (const [k, stage] of found.stages.entries()) {
      await page.evaluate((position) => window.thistle.seek(position), at);
      await settle(page);
      // An empty stage is passed at once: the position belongs to the next.
      if (stage.moves.length) {
        const shown = await heading.textContent();
        if (typeof expected[k] === 'string') assert.equal(shown, expected[k]);
        else assert.match(shown, expected[k]);
      }
      at += stage.moves.length;
    }
    assert.deepEqual(page.errors, []);
  });

  test('beside each NISS switch, a ? that touch and keys reach opens the glossary at NISS', async () => {
    const phone = await env.browser.newContext({ viewport: { width: 320, height: 568 }, isMobile: true, hasTouch: true });
    // Counts the page's steps back in its history, and those taken (heard
    // before the page's own listeners).
    await phone.addInitScript(() => {
      Object.assign(window, { stepsBack: 0, stepsTaken: 0 });
      const back = History.prototype.back;
      History.prototype.back = function stepBack() {
        window.stepsBack += 1;
        return back.call(this);
      };
      addEventListener('popstate', () => { window.stepsTaken += 1; }, true);
    });
    const page = await openIn(phone, env.server.url + link());
    await searched(page);
    for (const [way, near] of [['watch', 'Prove with NISS'], ['lab', 'NISS']]) {
      const panel = await takeWay(page, way);
      assert.ok(await panel.getByRole('switch', { name: near, exact: true }).isVisible());
      const what = panel.getByRole('button', { name: 'What is NISS?' });
      // Beside its switch, on the same line, even on a narrow phone.
      const [at, by] = [await what.boundingBox(), await panel.getByRole('switch', { name: near, exact: true }).locator('xpath=..').boundingBox()];
      assert.ok(at.x >= by.x + by.width && Math.abs((at.y + at.height / 2) - (by.y + by.height / 2)) < 4, `${JSON.stringify(at)} beside ${JSON.stringify(by)}`);
      await what.tap();
      const glossary = page.getByRole('dialog', { name: 'Glossary' });
      await glossary.waitFor();
      const focused = page.locator(':focus');
      assert.equal(await focused.textContent(), 'NISS', 'its entry has focus');
      const [entry, box] = [await focused.boundingBox(), await glossary.boundingBox()];
      assert.ok(entry.y >= box.y && entry.y + entry.height <= box.y + box.height, `on screen in the dialog: ${JSON.stringify([entry, box])}`);
      await page.keyboard.press('Escape');
      await glossary.waitFor({ state: 'hidden' });
      assert.equal(await what.evaluate((b) => b === document.activeElement), true, 'focus comes back to the ?');
      // By keyboard too.
      await page.keyboard.press('Enter');
      await glossary.waitFor();
      assert.equal(await page.locator(':focus').textContent(), 'NISS');
      // Closed and opened again at once, it is open at NISS, on a step of
      // its own in the history, once every step back has been taken: the
      // closing's step back (its close event comes a task later, before or
      // after the opening) closed it.
      await what.evaluate((button) => {
        document.querySelector('dialog[open]').close();
        button.click();
      });
      await page.waitForFunction(() => window.stepsTaken === window.stepsBack && history.state?.dialog
        && document.querySelector('dialog[open]'));
      assert.equal(await page.locator(':focus').textContent(), 'NISS', 'opened again at once, at NISS');
      await page.keyboard.press('Escape');
      await glossary.waitFor({ state: 'hidden' });
      // Its step taken back before the next way in is taken.
      await page.waitForFunction(() => window.stepsTaken === window.stepsBack && !history.state?.dialog);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
    // On a laptop's screen, NISS and its meaning show above the Close bar.
    const laptop = await open(env.browser, env.server.url + link(), { width: 1366, height: 768 });
    await searched(laptop);
    await (await takeWay(laptop, 'lab')).getByRole('button', { name: 'What is NISS?' }).click();
    const shown = await laptop.getByRole('dialog', { name: 'Glossary' }).evaluate((dialog) => {
      const entry = document.activeElement;
      const bar = dialog.querySelector('form').getBoundingClientRect();
      const box = dialog.getBoundingClientRect();
      return [entry, entry.nextElementSibling].map((e) => e.getBoundingClientRect())
        .every((r) => r.top >= box.top && r.bottom <= bar.top) && entry.textContent === 'NISS';
    });
    assert.ok(shown, 'NISS and its meaning on screen, clear of Close');
    assert.deepEqual(laptop.errors, []);
    await laptop.context().close();
  });
});

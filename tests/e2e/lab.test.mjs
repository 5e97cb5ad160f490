// End-to-end tests of the FMC lab: the Alternatives list, NISS, the Axes
// choice, Copy write-up, checking an attempt with "Continue from here",
// and links that keep a chosen solution, in headless Chromium. Each
// solution the page shows is played to its end and must leave the cube
// solved.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { devices } from 'playwright-core';
import { open, openIn, searched, settle, SOLVED, STAGE_NAMES, status, takeWay, useBrowser } from './harness.mjs';

const env = useBrowser();
const THISTLE = fileURLToPath(new URL('../../target/debug/thistle', import.meta.url));

const SCRAMBLE = "R U2 F' L D B2 R' F U L2 D' B";

/** Opens the page on `scramble` (fewest moves) and waits for its solve. */
async function openScramble(scramble, viewport) {
  const page = await open(env.browser, `${env.server.url}?scramble=${encodeURIComponent(scramble)}`, viewport);
  await takeWay(page, 'lab');
  await searched(page);
  return page;
}

/** The page's count of the whole solution: the number the move-count line starts with. */
async function shownTotal(page) {
  const text = await page.locator('#result').textContent();
  return Number(/^(\d+) move/.exec(text)[1]);
}

/** Stage `k`'s chip, whatever marks it carries after its name. */
const chipAt = (page, k) => page.getByRole('navigation', { name: 'Stages' })
  .getByRole('button', { name: new RegExp(`^${STAGE_NAMES[k].replace('+', '\\+')} · `) });

/** Waits until the Alternatives list is whole: a first few come at once, then more. */
const listWhole = (page) => page.waitForFunction(() => !document.querySelector('#alternatives-box').hasAttribute('aria-busy'));

/** Opens stage 2's Alternatives on `SCRAMBLE`, with stage 2 on show. */
async function openStage2Alternatives(page) {
  await chipAt(page, 1).click();
  await page.evaluate(() => window.thistle.seek(window.thistle.status().position));
  assert.equal((await status(page)).stage, 1, 'the stage on show is stage 2');
  const total = await shownTotal(page);
  await page.getByRole('button', { name: 'Alternatives' }).click();
  const list = page.getByRole('listbox', { name: `Alternatives for ${STAGE_NAMES[1]}` });
  await list.waitFor();
  return { list, total };
}

/** Plays to the end: the cube must be solved. */
async function assertSolves(page, what) {
  await page.evaluate(() => window.thistle.seek(1e6));
  assert.equal(await page.evaluate(() => window.thistle.state()), SOLVED, what);
}

/** A scramble whose NISS solution puts a stage with moves on the inverse side, by the CLI. */
function nissScramble() {
  const scrambles = execFileSync(THISTLE, ['random', '--count', '60', '--seed', '2026'], { encoding: 'utf8' }).trim().split('\n');
  for (const scramble of scrambles) {
    const found = JSON.parse(execFileSync(THISTLE, ['solve', '--fewest', '--niss', '--json', scramble], { encoding: 'utf8' }));
    if (found.stages.some((stage) => stage.side === 'inverse' && stage.moves.length > 0)) return scramble;
  }
  throw new Error('no NISS solution with an inverse stage in 60 scrambles');
}

/** What a screen reader last heard of a check: the lab's live line. */
const said = (page) => page.locator('#check-said[aria-live="polite"]').textContent();

/** Checks `attempt` on `SCRAMBLE` in a page of its own, closed after: what a screen reader hears of it. */
async function checkHeard(attempt) {
  const page = await openScramble(SCRAMBLE);
  await page.getByRole('textbox', { name: 'Your solution' }).fill(attempt);
  await page.getByRole('button', { name: 'Check' }).click();
  await page.waitForFunction(() => document.querySelector('#check-said').textContent !== '');
  const heard = await said(page);
  await page.close();
  return heard;
}

describe('the FMC lab', () => {
  test('alternatives for stage 2: a listbox sorted by total, and a choice re-plans the rest', async () => {
    const page = await openScramble(SCRAMBLE);
    const { list, total } = await openStage2Alternatives(page);
    await listWhole(page);
    const names = await list.getByRole('option').allTextContents();
    assert.ok(names.length >= 9, `the stage on show and at least 8 options: ${names.join(' | ')}`);
    const parsed = names.map((name) => {
      const match = /^(.+) · (\d+) moves? · total (\d+)( · on show)?$/.exec(name);
      assert.ok(match, `option name "${name}"`);
      return { moves: match[1], length: Number(match[2]), total: Number(match[3]), onShow: Boolean(match[4]) };
    });
    const shownStage = await page.locator('.moves > ol > li').nth(1).locator('.move').allTextContents();
    assert.deepEqual(parsed.map((p) => p.onShow), parsed.map((p, k) => k === 0), 'the stage on show comes first, once');
    assert.equal(parsed[0].moves, shownStage.join(' '), 'its moves are the stage on show');
    assert.equal(parsed[0].total, total, 'its total is the solution on show');
    // The first 24 after it (the first list) are sorted by total.
    const totals = parsed.slice(1, 25).map((p) => p.total);
    assert.deepEqual(totals, [...totals].sort((a, b) => a - b), 'the first 24 after it sorted by total');
    // The heading claims the one order only where it holds, and else names the shortest total.
    const all = parsed.slice(1).map((p) => p.total);
    const order = await page.locator('.alternatives-order').textContent();
    if (all.every((t, k) => k === 0 || all[k - 1] <= t)) assert.equal(order, "By the whole solution's length.");
    else assert.equal(order, `In batches as found, each by the whole solution's length, so a later one may be shorter: the shortest of them makes ${Math.min(...all)} moves in all.`);
    assert.equal(new Set(parsed.map((p) => p.moves)).size, parsed.length, 'no two alike');
    assert.ok(Math.min(...parsed.map((p) => p.total)) <= total, 'the best is no longer than the solution on show');

    // Choose, with the keyboard, an option that changes the stage.
    const current = await page.locator('.moves > ol > li').nth(1).locator('.move').allTextContents();
    const pick = parsed.findIndex((p) => p.moves !== current.join(' '));
    assert.ok(pick >= 0, 'an option other than the stage on show');
    await list.focus();
    // A page at a time, as a long list needs: PageDown and PageUp move by
    // the options in view, and stop at either end.
    const selected = () => list.evaluate((l) => [...l.querySelectorAll('[role=option]')]
      .findIndex((o) => o.getAttribute('aria-selected') === 'true'));
    assert.equal(await selected(), 0);
    await page.keyboard.press('PageDown');
    const onePage = await selected();
    assert.ok(onePage > 1 && onePage < parsed.length - 1, `PageDown moved to ${onePage}`);
    await page.keyboard.press('PageDown');
    assert.ok(await selected() > onePage, 'another page');
    await page.keyboard.press('End');
    await page.keyboard.press('PageDown');
    const last = parsed.length - 1;
    assert.equal(await selected(), last, 'PageDown stops at the last');
    await page.keyboard.press('PageUp');
    const back = await selected();
    assert.ok(back >= 0 && last - back > 1, `PageUp moved back to ${back} of ${last}`);
    await page.keyboard.press('Home');
    for (let k = 0; k < pick; k += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#alternatives-box').hidden);

    const stages = await page.locator('.moves > ol > li').evaluateAll((all) => all.map(
      (stage) => [...stage.querySelectorAll('.move')].map((b) => b.textContent).join(' ')));
    assert.equal(stages[1], parsed[pick].moves, 'stage 2 is the choice');
    assert.equal(await shownTotal(page), parsed[pick].total, 'the total is the option\'s');
    assert.match(await chipAt(page, 1).textContent(), /chosen/, 'the chip is marked as chosen');
    assert.equal((await status(page)).stage, 1, 'playback stays at the chosen stage');
    await assertSolves(page, 'the chosen solution solves the cube');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('the list stays open while the player moves, and options keep their place as more come', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Holds the lab's longer list (over the first 25) until the test lets it through.
    await context.addInitScript(() => {
      const Real = window.Worker;
      const held = [];
      window.longerLists = { held: () => held.length, release: () => held.splice(0).forEach((deliver) => deliver()) };
      window.Worker = class extends Real {
        addEventListener(type, listener, options) {
          if (type !== 'message') return super.addEventListener(type, listener, options);
          return super.addEventListener(type, (event) => {
            if (Array.isArray(event.data.result) && event.data.result.length > 25) held.push(() => listener(event));
            else listener(event);
          }, options);
        }
      };
    });
    const page = await openIn(context, `${env.server.url}?scramble=${encodeURIComponent(SCRAMBLE)}`);
    await takeWay(page, 'lab');
    await searched(page);
    const { list } = await openStage2Alternatives(page);
    const first = await list.getByRole('option').allTextContents();
    assert.equal(first.length, 25, 'the stage on show and 24');
    for (let k = 0; k < 3; k += 1) await page.keyboard.press('ArrowDown');
    // The player moves on into the next stage: the list stays.
    await page.evaluate(() => window.thistle.seek(window.thistle.status().position + 40));
    assert.notEqual((await status(page)).stage, 1, 'playback has left stage 2');
    assert.equal(await list.isVisible(), true, 'the list stays open');
    await page.waitForFunction(() => window.longerLists.held() === 1);
    const option = list.getByRole('option').nth(5);
    await option.scrollIntoViewIfNeeded();
    const before = await option.boundingBox();
    await page.evaluate(() => window.longerLists.release());
    await listWhole(page);
    const options = list.getByRole('option');
    assert.ok(await options.count() > first.length, 'the longer list is on show');
    assert.deepEqual((await options.allTextContents()).slice(0, first.length), first, 'the first options stay, in place');
    assert.deepEqual(await option.boundingBox(), before, 'an option does not move');
    assert.equal(await list.locator('[aria-selected="true"]').textContent(), first[3], 'the same option is active');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'alternatives-list', 'the list keeps focus');
    // A mouse click after the list has grown takes the option under it.
    await page.mouse.click(before.x + before.width / 2, before.y + before.height / 2);
    await page.waitForFunction(() => document.querySelector('#alternatives-box').hidden);
    const stage2 = await page.locator('.moves > ol > li').nth(1).locator('.move').allTextContents();
    assert.equal(stage2.join(' '), /^(.+) · \d+ moves? · total \d+$/.exec(first[5])[1], 'the click chose it');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('a choice for stage 3 keeps the chosen stage 2, and a link keeps both', async () => {
    const page = await openScramble(SCRAMBLE);
    const choose = async (stage) => {
      await page.evaluate((k) => window.thistle.seek(k), await page.evaluate(
        (s) => document.querySelectorAll('.moves > ol > li')[s].querySelector('ol').start - 1, stage));
      assert.equal((await status(page)).stage, stage);
      await page.getByRole('button', { name: 'Alternatives' }).click();
      const list = page.getByRole('listbox', { name: `Alternatives for ${STAGE_NAMES[stage]}` });
      await list.waitFor();
      await listWhole(page);
      const options = list.getByRole('option');
      await options.nth((await options.count()) - 1).click();
      await page.waitForFunction(() => document.querySelector('#alternatives-box').hidden);
    };
    await choose(1);
    const stage2 = await page.locator('.moves > ol > li').nth(1).locator('.move').allTextContents();
    await choose(2);
    assert.deepEqual(await page.locator('.moves > ol > li').nth(1).locator('.move').allTextContents(), stage2,
      'stage 2 stays when stage 3 changes');
    assert.match(await chipAt(page, 1).textContent(), /chosen/);
    assert.match(await chipAt(page, 2).textContent(), /chosen/);
    const listed = await page.locator('.move').allTextContents();
    const total = await shownTotal(page);

    // The address is the share link.
    const link = page.url();
    assert.match(link, /solution=/, link);
    const other = await openIn(await env.browser.newContext(), link);
    await takeWay(other, 'lab');
    await searched(other);
    assert.deepEqual(await other.locator('.move').allTextContents(), listed, 'the link plays the same solution');
    assert.equal(await shownTotal(other), total);
    await assertSolves(other, 'the shared solution solves');
    assert.deepEqual(other.errors, []);
    await other.context().close();
    await page.context().close();
  });

  test('NISS: an inverse stage is announced, shown in parentheses, and the solution still solves', async () => {
    const scramble = nissScramble();
    const page = await openScramble(scramble);
    await page.getByRole('switch', { name: 'NISS' }).check();
    await searched(page);
    await page.waitForFunction(() => document.querySelector('#result').textContent.includes('with NISS'));
    const chips = await page.getByRole('navigation', { name: 'Stages' }).getByRole('button').allTextContents();
    const inverse = chips.findIndex((text) => text.includes('inverse'));
    assert.ok(inverse >= 0, `a chip marked inverse: ${chips.join(' | ')}`);
    const start = await page.evaluate(
      (s) => document.querySelectorAll('.moves > ol > li')[s].querySelector('ol').start - 1, inverse);
    await page.evaluate((k) => window.thistle.seek(k + 1), start);
    assert.match((await status(page)).text, /on the inverse scramble/, 'the status says so');
    assert.match(await page.locator('#stage-description').textContent(), /^On the inverse scramble/);
    // A single inverse move is still written as one.
    assert.match(await page.locator('#now-next').textContent(), /^Now \([URFDLB][2']?\) · Next /);
    // FMC notation: the stage's moves in one pair of parentheses, each
    // move's button naming just its move.
    const inverseStage = page.locator('.moves > ol > li').nth(inverse);
    const moves = await inverseStage.locator('.move').allTextContents();
    assert.ok(moves.length > 0 && moves.every((m) => /^[URFDLB][2']?$/.test(m)), `one move a button: ${moves}`);
    assert.equal((await inverseStage.locator('ol').textContent()).replace(/\s+/g, ' '), `(${moves.join('')})`,
      'one pair of parentheses around the stage');
    // After the stages, the whole solution N · I⁻¹ plays on the real scramble.
    const whole = chips.findIndex((text) => text.startsWith('Whole solution'));
    assert.equal(whole, 4, `a fifth chip for the whole solution: ${chips.join(' | ')}`);
    const wholeMoves = await page.locator('.moves > ol > li').nth(4).locator('.move').allTextContents();
    const wholeStart = await page.evaluate(() => document.querySelectorAll('.moves > ol > li')[4].querySelector('ol').start - 1);
    await page.evaluate((k) => window.thistle.seek(k + 1), wholeStart);
    // The whole solution is counted on its own, N moves, and the stages
    // on theirs, S: never "of S + N".
    const stagesTotal = wholeStart;
    assert.equal((await status(page)).text, `Whole solution · move 1 of ${wholeMoves.length}, on the real scramble`);
    assert.equal(await page.evaluate(() => window.thistle.state()),
      await page.evaluate((text) => window.thistle.stateOf(text), `${scramble} ${wholeMoves[0]}`),
      'the whole solution starts from the real scramble');
    // Paused at its start, the whole solution shows the real scramble.
    await page.evaluate((k) => window.thistle.seek(k), wholeStart);
    assert.equal(await page.evaluate(() => window.thistle.state()),
      await page.evaluate((text) => window.thistle.stateOf(text), scramble), 'the real scramble at the whole solution\'s start');
    // Alternatives there are for the stage its next move comes from.
    await page.evaluate((k) => window.thistle.seek(k), wholeStart + 1);
    await page.getByRole('button', { name: 'Alternatives' }).click();
    await page.getByRole('listbox', { name: new RegExp(`^Alternatives for (${STAGE_NAMES.join('|').replace('+', '\\+')})$`) }).waitFor();
    await page.keyboard.press('Escape');
    await page.evaluate((k) => window.thistle.seek(k), 1);
    assert.match((await status(page)).text, new RegExp(`^Move 1 of ${stagesTotal} · `));
    const solvedByWhole = await page.evaluate((text) => window.thistle.stateOf(text), `${scramble} ${wholeMoves.join(' ')}`);
    assert.equal(solvedByWhole, SOLVED, 'N · I⁻¹ solves the real scramble');
    assert.equal(wholeMoves.length, await shownTotal(page), 'its length is the count shown');
    assert.equal((await page.locator('#result').textContent()).includes(`${stagesTotal} in the stages`),
      stagesTotal !== wholeMoves.length, 'the stages\' count beside it where it differs');
    await assertSolves(page, 'the NISS solution ends solved');
    // The link plays N · I⁻¹ in other tools: the alg ends with the inverse moves undone.
    const alg = new URL(await page.getByRole('link', { name: 'Open in Twizzle' }).getAttribute('href')).searchParams.get('alg');
    assert.match(alg, /found on the inverse scramble/);
    // A shared link keeps each stage's side.
    const other = await openIn(await env.browser.newContext(), page.url());
    await takeWay(other, 'lab');
    await searched(other);
    assert.deepEqual(await other.locator('.move').allTextContents(), await page.locator('.move').allTextContents());
    assert.match(await other.getByRole('navigation', { name: 'Stages' }).getByRole('button').nth(inverse).textContent(), /inverse/);
    await assertSolves(other, 'the shared NISS solution solves');
    assert.deepEqual([...page.errors, ...other.errors], []);
    await other.context().close();
    await page.context().close();
  });

  test('paused where an inverse stage starts, the cube is the inverse side\'s, as its status says', async () => {
    // A link's own solution: EO on the normal side, then DR, HTR and the finish on the inverse.
    const scramble = "R' U' F D2 L2 F R2 U2 R2 B D2 L F2 U' L' B' D' R B2 L2 F2 R' U' F";
    const eo = "F' L D' L' B";
    const link = `?scramble=${scramble.replaceAll(' ', '_').replaceAll("'", '-')}&mode=fewest`
      + "&solution=F-_L_D-_L-_B~(D-_R-_L-_D2_F2_U-_R)~(U-_F2_L2_D)~(F2_R2_B2_D2_L2_B2_L2)&niss=1&axes=F/B,U/D&way=lab";
    const page = await open(env.browser, `${env.server.url}${link}`);
    await searched(page);
    await page.getByRole('navigation', { name: 'Stages' }).getByRole('button', { name: /^Orient corners \+ slice · 7 moves · inverse/ }).click();
    const { position, text } = await settle(page);
    assert.equal(position, 5);
    assert.match(text, /on the inverse scramble/);
    // The scramble and EO undone backwards: the cube the inverse stage turns.
    const undone = `${scramble} ${eo}`.split(' ').reverse()
      .map((m) => (m.endsWith("'") ? m.slice(0, -1) : m.endsWith('2') ? m : `${m}'`)).join(' ');
    assert.equal(await page.evaluate(() => window.thistle.state()),
      await page.evaluate((moves) => window.thistle.stateOf(moves), undone));
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('with NISS the mode line gives N, and S where moves cancel at the joins; the status counts each segment', async () => {
    // By the CLI (solve --fewest --niss): stages of 19 moves, 18 once joined.
    const scramble = "B2 U2 B2 R2 U L2 B2 U' B2 F2 L' D2 L D2 B L' R' F' D L'";
    const found = JSON.parse(execFileSync(THISTLE, ['solve', '--fewest', '--niss', '--json', scramble], { encoding: 'utf8' }));
    const stagesTotal = found.stages.reduce((sum, stage) => sum + stage.moves.length, 0);
    assert.notEqual(stagesTotal, found.length, 'a scramble where they differ');
    const page = await openScramble(scramble);
    await page.getByRole('switch', { name: 'NISS' }).check();
    await page.waitForFunction(() => document.querySelector('#result').textContent.includes('with NISS'));
    const line = await page.locator('#result').textContent();
    assert.match(line, new RegExp(`^${found.length} moves with NISS · ${stagesTotal} in the stages · \\d+ in Fastest \\(each stage its own shortest\\)`), line);
    await page.evaluate(() => window.thistle.seek(1));
    assert.match((await status(page)).text, new RegExp(`^Move 1 of ${stagesTotal} · `));
    await page.evaluate((k) => window.thistle.seek(k + 1), stagesTotal);
    assert.match((await status(page)).text, new RegExp(`^Whole solution · move 1 of ${found.length}, `));
    // Without NISS there is one count.
    await page.getByRole('switch', { name: 'NISS' }).uncheck();
    await page.waitForFunction(() => !document.querySelector('#result').textContent.includes('with NISS')
      && !document.documentElement.hasAttribute('data-searching'));
    assert.doesNotMatch(await page.locator('#result').textContent(), /in the stages/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('Axes: each orientation re-solves on those axes', async () => {
    const page = await openScramble(SCRAMBLE);
    const axes = page.getByRole('combobox', { name: 'Axes' });
    const labels = await axes.locator('option').allTextContents();
    assert.equal(labels.length, 7);
    assert.equal(labels[0], 'Best');
    for (const label of labels.slice(1, 4)) {
      await axes.selectOption({ label });
      await page.waitForFunction((l) => document.querySelector('#stage-group').textContent.endsWith(l)
        && !document.documentElement.hasAttribute('data-searching'), label);
      await assertSolves(page, `solved on ${label}`);
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('by keyboard, Axes and NISS keep focus through their solves: ↓ ↓ goes on to the second orientation, Space Space switches NISS back', async () => {
    const page = await openScramble(SCRAMBLE);
    const axes = page.getByRole('combobox', { name: 'Axes' });
    // The move-count line names the lab's choices once their solve is shown.
    const shown = (words, present = true) => page.waitForFunction(([text, wanted]) => !document.documentElement.hasAttribute('data-searching')
      && document.querySelector('#result').textContent.includes(text) === wanted, [words, present]);
    const focused = () => page.evaluate(() => document.activeElement.id);
    await axes.focus();
    await page.keyboard.press('ArrowDown');
    await shown('on edges F/B, corners U/D');
    assert.equal(await focused(), 'axes', 'Axes keeps focus after its solve');
    await page.keyboard.press('ArrowDown');
    await shown('on edges F/B, corners R/L');
    const niss = page.getByRole('switch', { name: 'NISS' });
    await niss.focus();
    await page.keyboard.press('Space');
    await shown('with NISS');
    assert.equal(await focused(), 'niss', 'NISS keeps focus after its solve');
    await page.keyboard.press('Space');
    await shown('with NISS', false);
    assert.equal(await niss.isChecked(), false, 'the second Space switched NISS back');
    assert.equal((await status(page)).playing, false, 'and played nothing');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('Your solution shows an attempt of five steps whole, without scrolling', async () => {
    const page = await openScramble(SCRAMBLE);
    const box = page.getByRole('textbox', { name: 'Your solution' });
    await box.fill("D' L F D2 L2 D' // EO\nL' F2 R F' L' // DR\nU2 R2 F2 // HTR\n(R2 U2) // inverse\nF2 B2 // finish");
    const { scroll, client } = await box.evaluate((element) => ({ scroll: element.scrollHeight, client: element.clientHeight }));
    assert.ok(scroll <= client + 1, `${scroll} px of text in a ${client} px box`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test('Copy write-up without a clipboard keeps what was typed in Your solution, and selects the write-up where it is shown', async () => {
    const context = await env.browser.newContext();
    const page = await openIn(context, `${env.server.url}?scramble=${encodeURIComponent(SCRAMBLE)}`);
    await takeWay(page, 'lab');
    await searched(page);
    // No clipboard to write to, as where the browser refuses it.
    await page.evaluate(() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError')); });
    const attempt = page.getByRole('textbox', { name: 'Your solution' });
    await attempt.fill("D' L F // my EO");
    await page.getByRole('button', { name: 'Copy write-up' }).click();
    await page.getByText(/^Write-up selected where it is shown/).waitFor();
    assert.equal(await attempt.inputValue(), "D' L F // my EO", 'the attempt is kept');
    const selected = await page.evaluate(() => getSelection().toString().trim());
    assert.equal(selected, await page.locator('#lab-solution pre').evaluate((pre) => pre.textContent.trim()));
    assert.match(selected, /^.+ \/\/ EO on [UDFBRL]\/[UDFBRL]: /, 'the write-up');
    // With the box empty, the write-up goes in it, selected.
    await attempt.fill('');
    await page.getByRole('button', { name: 'Copy write-up' }).click();
    await page.getByText(/^Write-up in “Your solution”/).waitFor();
    assert.equal((await attempt.inputValue()).trim(), selected);
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('a scramble is pasted and solved in the lab itself, whose write-up follows it; Prove it in Watch goes to Prove shortest', async () => {
    const page = await open(env.browser, `${env.server.url}?way=lab`);
    await searched(page);
    const lab = page.getByRole('tabpanel', { name: 'FMC lab' });
    const box = lab.getByRole('textbox', { name: 'Scramble' });
    await box.fill('');
    await lab.getByRole('button', { name: 'Solve', exact: true }).click();
    await searched(page);
    await lab.getByText('No scramble yet: paste one above, or press Random.').waitFor();
    await box.fill(SCRAMBLE);
    await box.press('Enter');
    await searched(page);
    await lab.getByText(`Scramble: ${SCRAMBLE}`).waitFor();
    assert.match(await lab.locator('#lab-solution pre').textContent(), /\/\/ EO on /);
    await lab.getByRole('button', { name: 'Prove it in Watch' }).click();
    await page.getByRole('tab', { name: 'Watch', selected: true }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement.id), 'prove-start');
    // The box went with it, holding the scramble.
    const watch = page.getByRole('tabpanel', { name: 'Watch' });
    assert.equal(await watch.getByRole('textbox', { name: 'Scramble' }).inputValue(), SCRAMBLE);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('on a phone the write-up keeps its columns: a long line scrolls in its box, not the page', async () => {
    const context = await env.browser.newContext(devices['iPhone SE']);
    const page = await openIn(context, `${env.server.url}?scramble=${encodeURIComponent(SCRAMBLE)}&way=lab`);
    await searched(page);
    const writeUp = page.locator('#lab-solution pre');
    await writeUp.waitFor();
    const widths = await writeUp.evaluate((pre) => ({ box: pre.clientWidth, lines: pre.scrollWidth, page: document.documentElement.scrollWidth, screen: innerWidth }));
    assert.ok(widths.lines > widths.box, `its lines are wider than the box, and scroll there: ${JSON.stringify(widths)}`);
    assert.ok(widths.page <= widths.screen, `the page does not scroll sideways: ${JSON.stringify(widths)}`);
    assert.equal(await writeUp.getAttribute('tabindex'), '0', 'scrolled by keyboard too');
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('Copy write-up: the write-up reads back as the solution, and checks as solved', async () => {
    const context = await env.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await openIn(context, `${env.server.url}?scramble=${encodeURIComponent(SCRAMBLE)}`);
    await takeWay(page, 'lab');
    await searched(page);
    await page.getByRole('button', { name: 'Copy write-up' }).click();
    await page.getByText('Write-up copied.').waitFor();
    const text = await page.evaluate(() => navigator.clipboard.readText());
    const lines = text.trim().split('\n');
    const total = await shownTotal(page);
    let running = 0;
    for (const line of lines.slice(0, -1)) {
      // EO and DR by their axis, as competitors name them.
      const match = /^(.+?)\s+\/\/ (EO on [UDFBRL]\/[UDFBRL]|DR on [UDFBRL]\/[UDFBRL]|HTR|finish): (.+) \((\d+)\/(\d+)\)$/.exec(line);
      assert.ok(match, `a stage line: "${line}"`);
      assert.match(line, / \/\/ /, 'a space before its comment');
      running += Number(match[4]);
      assert.equal(Number(match[5]), running, line);
    }
    const last = /^Solution: (.+) \((\d+)\)$/.exec(lines.at(-1));
    assert.ok(last, lines.at(-1));
    assert.equal(Number(last[2]), total);

    await page.getByRole('textbox', { name: 'Your solution' }).fill(text);
    await page.getByRole('button', { name: 'Check' }).click();
    const region = page.getByRole('region', { name: 'Check' });
    // A whole solution reads as solved, with nothing left to complete, and plays as it is.
    await region.getByText(`Your attempt solves the cube: ${total} moves`).waitFor();
    await region.getByRole('button', { name: 'Play your solution' }).waitFor();
    assert.equal(await region.getByText(/Completed by/).count(), 0);
    await region.getByRole('button', { name: 'Play your solution' }).click();
    await page.waitForFunction((n) => document.querySelector('#result').textContent.startsWith(`${n} moves · your attempt`), total);
    await assertSolves(page, 'the write-up plays and solves');
    // The note was of the solution copied: another on show leaves it.
    await page.getByRole('button', { name: 'Copy write-up' }).click();
    await page.getByText('Write-up copied.').waitFor();
    await page.getByRole('switch', { name: 'NISS' }).check();
    await page.waitForFunction(() => document.querySelector('#result').textContent.includes('with NISS'));
    assert.equal(await page.getByText('Write-up copied.').count(), 0);
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('a check counts as a competition does, as written, says the count with the moves that meet merged, and names the moves', async () => {
    assert.equal(await checkHeard("R U F2 // one step\nF2 U' R' B // the next"), 'Your attempt reaches no goal yet: 7 moves as written, as a competition counts them (1 with the moves that meet merged or cancelled), B.');
  });

  test('a completion whose first move meets the attempt\'s last says so, as the attempt\'s move then reads otherwise', async () => {
    // The attempt ends R', the search's completion starts R2: written as one, R.
    const page = await openScramble(SCRAMBLE);
    await page.getByRole('textbox', { name: 'Your solution' }).fill("D L2 U' R F // EO\nU R D L B2 D R D2 R'");
    await page.getByRole('button', { name: 'Check' }).click();
    const completed = page.getByRole('region', { name: 'Check' }).getByText(/^Completed by the fewest-moves search/);
    await completed.waitFor();
    assert.equal(await completed.textContent(), "Completed by the fewest-moves search: D L2 U' R F U R D L B2 D R D2 R U' R2 B2 L2 U' (19 moves, 1 move fewer than your moves and the search's apart: where they meet, moves on one face merge or cancel).");
    await page.close();
  });

  test('a check names a move a competition would not take as written, though it counts it', async () => {
    assert.match(await checkHeard("R U F2 // one step\n(R3 U')"), / A competition would not take it as written: `3` is three quarter turns, which a competition solution writes with a prime at line 2, column 3\.$/);
  });

  test('check an attempt: each step read out, then Continue from here solves it', async () => {
    const page = await openScramble(SCRAMBLE);
    const eo = await page.locator('.moves > ol > li').nth(0).locator('.move').allTextContents();
    assert.ok(eo.length > 0, 'this scramble needs an EO');
    const box = page.getByRole('textbox', { name: 'Your solution' });
    await box.fill(`${eo.join(' ')} // EO\nR2 F2`);
    await page.getByRole('button', { name: 'Check' }).click();
    const region = page.getByRole('region', { name: 'Check' });
    await region.getByText(/Step 1: .* — Orient edges ✓/).waitFor();
    assert.match(await said(page), /^Your attempt reaches Orient edges: \d+ moves so far/);
    const step2 = await region.getByText(/^Step 2:/).textContent();
    assert.match(step2, /nothing new, 2 moves: .*(twisted corners|edges)/i, step2);
    assert.match(step2, /shortest Orient corners \+ slice from here: \d+ moves? \(on edges [UDFBRL]\/[UDFBRL], corners [UDFBRL]\/[UDFBRL]\)/);

    await page.getByRole('button', { name: 'Continue from here' }).click();
    await page.waitForFunction(() => document.querySelector('#result').textContent.includes('your attempt, completed'));
    const stage1 = await page.locator('.moves > ol > li').nth(0).locator('.move').allTextContents();
    assert.deepEqual(stage1, eo, 'the attempt\'s EO is stage 1');
    await assertSolves(page, 'the completed attempt solves');

    // A step that undoes a goal: the check says so, and there is nothing to play.
    await box.fill(`${eo.join(' ')}\nF U R`);
    await page.getByRole('button', { name: 'Check' }).click();
    await region.getByText(/undoes Orient edges/).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Continue from here' }).isDisabled(), true);

    // An attempt part-way through a stage on the inverse scramble plays on.
    await box.fill('(R2 F2)');
    await page.getByRole('button', { name: 'Check' }).click();
    await region.getByText(/Completed by the fewest-moves search/).waitFor();
    await page.getByRole('button', { name: 'Continue from here' }).click();
    await page.waitForFunction(() => document.querySelector('#result').textContent.includes('your attempt, completed'));
    // Said in the lab too, where the move-count line is not shown.
    assert.equal(await page.getByText(/^On the player now: \d+ moves · your attempt, completed\.$/).isVisible(), true);
    await assertSolves(page, 'the attempt completed on the inverse solves');

    // An attempt with no moves gets a message.
    await box.fill('// only a comment');
    await page.getByRole('button', { name: 'Check' }).click();
    await region.getByText(/The attempt has no moves/).waitFor();

    // Bad notation: the message names the column, and the box is marked.
    await box.fill('R U Q');
    await page.getByRole('button', { name: 'Check' }).click();
    await region.getByText(/column 5/).waitFor();
    assert.equal(await box.getAttribute('aria-invalid'), 'true');
    // A screen reader hears it, as it heard each check's summary.
    assert.match(await said(page), /column 5/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('a check belongs to its scramble: another scramble clears it, and one over 80 moves is said to be over the limit', async () => {
    const page = await openScramble(SCRAMBLE);
    const solution = await page.locator('.moves .move').allTextContents();
    const box = page.getByRole('textbox', { name: 'Your solution' });
    // Eighteen sexy moves are the identity: 72 moves more than the solution.
    await box.fill(`${"R U R' U' ".repeat(18)}\n${solution.join(' ')}`);
    await page.getByRole('button', { name: 'Check' }).click();
    const region = page.getByRole('region', { name: 'Check' });
    await region.getByRole('button', { name: 'Play your solution' }).waitFor();
    assert.match(await region.textContent(), /Your attempt solves the cube: \d+ moves, .*\. That is over 80, the most a competition allows: there it would be a DNF\./);
    // Another scramble, solved in Watch.
    await takeWay(page, 'watch');
    await page.getByRole('textbox', { name: 'Scramble' }).fill('R U F D L B');
    await page.getByRole('button', { name: 'Solve' }).click();
    await searched(page);
    await takeWay(page, 'lab');
    assert.equal(await region.isVisible(), false, 'the old check is gone');
    assert.equal(await page.getByRole('button', { name: /^(Play your solution|Continue from here)$/ }).count(), 0);
    // Checked again, it is of the new scramble.
    await page.getByRole('button', { name: 'Check' }).click();
    await region.getByText(/Your attempt/).waitFor();
    assert.doesNotMatch(await region.textContent(), /solves the cube/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('an attempt typed but not checked survives a reload, and is checked then', async () => {
    const page = await openScramble(SCRAMBLE);
    const box = page.getByRole('textbox', { name: 'Your solution' });
    await box.pressSequentially("R U2 // a start\nF'");
    await page.reload();
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    await takeWay(page, 'lab');
    assert.equal(await box.inputValue(), "R U2 // a start\nF'");
    await page.getByRole('region', { name: 'Check' }).getByText(/^Step 2:/).waitFor();
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('the lab shows the scramble and the write-up of the solution on show, and follows the NISS switch', async () => {
    const page = await openScramble(SCRAMBLE);
    const region = page.getByRole('region', { name: 'Solution on show' });
    assert.match(await region.textContent(), new RegExp(`^Scramble: ${SCRAMBLE.replace(/'/g, "'")}`));
    const lines = async () => (await region.locator('pre').textContent()).trim().split('\n');
    const before = await lines();
    // A line for each stage that has moves (this solution may end at HTR),
    // then the whole solution.
    const stagesWithMoves = await page.locator('.moves > ol > li').evaluateAll(
      (all) => all.filter((stage) => stage.querySelector('.move')).length);
    assert.equal(before.length, stagesWithMoves + 1, `the stages and the whole solution: ${before}`);
    assert.match(before.at(-1), new RegExp(`^Solution: .+ \\(${await shownTotal(page)}\\)$`));
    await page.getByRole('switch', { name: 'NISS' }).check();
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-searching')
      && document.querySelector('#result').textContent.includes('with NISS'));
    const after = await lines();
    assert.match(after.at(-1), new RegExp(`^Solution: .+ \\(${await shownTotal(page)}\\)$`), 'the NISS solution\'s total');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('Continue from here plays an EO and a DR on the axes the attempt did them on', async () => {
    // EO on U/D, then DR with corners on F/B: a DR is also an EO on R/L,
    // where the completion was once found, and the EO then missed its goal.
    const page = await openScramble("R' U' F L U' D L B L' D2 F2 B2 L R B' L' U2 D2 L2 B' L2 F2 B2 U2 R' U' F");
    await page.getByRole('textbox', { name: 'Your solution' }).fill("D' L F D2 L2 D' // EO\nL' F2 R F' L' // DR");
    await page.getByRole('button', { name: 'Check' }).click();
    const region = page.getByRole('region', { name: 'Check' });
    await region.getByText(/Completed by the fewest-moves search/).waitFor();
    await region.getByRole('button', { name: 'Continue from here' }).click();
    await page.waitForFunction(() => document.querySelector('#result').textContent.includes('your attempt, completed'));
    const stage = (k) => page.locator('.moves > ol > li').nth(k).locator('.move').allTextContents();
    assert.deepEqual(await stage(0), ["D'", 'L', 'F', 'D2', 'L2', "D'"]);
    assert.deepEqual(await stage(1), ["L'", 'F2', 'R', "F'", "L'"]);
    // Playback goes on from where the attempt ends: the cube after its 11 moves.
    const at = await settle(page);
    assert.equal(at.position, 11, 'after the attempt');
    assert.equal(await page.evaluate(() => window.thistle.state()), await page.evaluate(
      (moves) => window.thistle.stateOf(moves), "R' U' F L U' D L B L' D2 F2 B2 L R B' L' U2 D2 L2 B' L2 F2 B2 U2 R' U' F D' L F D2 L2 D' L' F2 R F' L'"));
    assert.equal(await region.locator('.error').count(), 0);
    await assertSolves(page, 'the completed attempt solves');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('the lab\'s worker starts once a check or a list is likely, not when the lab is taken, and the press then uses it', async () => {
    // Counts the lab's workers the page starts (window.labWorkers).
    const counting = async () => {
      const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(() => {
        window.labWorkers = 0;
        const Original = window.Worker;
        window.Worker = class extends Original {
          constructor(...args) {
            super(...args);
            if (String(args[0]).includes('lab-worker')) window.labWorkers += 1;
          }
        };
      });
      const page = await openIn(context, `${env.server.url}?scramble=${encodeURIComponent(SCRAMBLE)}`);
      await takeWay(page, 'lab');
      await searched(page);
      assert.equal(await page.evaluate(() => window.labWorkers), 0, 'taking the lab starts no worker');
      return page;
    };
    const started = (page) => page.waitForFunction(() => window.labWorkers === 1);

    // Focus coming to the attempt's box: typing takes a while, and the
    // check then finds the worker up.
    const typing = await counting();
    const box = typing.getByRole('textbox', { name: 'Your solution' });
    await box.focus();
    await started(typing);
    await box.fill('R2 F2');
    await typing.getByRole('button', { name: 'Check' }).click();
    await typing.getByRole('region', { name: 'Check' }).getByText(/^Step 1:/).waitFor();
    assert.equal(await typing.evaluate(() => window.labWorkers), 1, 'the check uses the started worker');
    assert.deepEqual(typing.errors, []);
    await typing.context().close();

    // A mouse over Alternatives.
    const pointing = await counting();
    await pointing.getByRole('button', { name: 'Alternatives', exact: true }).hover();
    await started(pointing);
    await pointing.getByRole('button', { name: 'Alternatives', exact: true }).click();
    await pointing.getByRole('listbox').waitFor();
    assert.equal(await pointing.evaluate(() => window.labWorkers), 1, 'the list uses the started worker');
    assert.deepEqual(pointing.errors, []);
    await pointing.context().close();
  });

  test('a reconstruction link with an unfinished attempt opens in Check, its steps read out', async () => {
    const found = JSON.parse(execFileSync(THISTLE, ['solve', '--fewest', '--json', SCRAMBLE], { encoding: 'utf8' }));
    const [eo, dr] = found.stages.map((stage) => stage.moves.join(' '));
    const alg = `${eo} // EO\n(${dr}) // DR on the inverse`;
    const url = `${env.server.url}?puzzle=3x3x3&setup-alg=${encodeURIComponent(SCRAMBLE)}&alg=${encodeURIComponent(alg)}`;
    const page = await open(env.browser, url);
    await takeWay(page, 'lab');
    assert.equal(await page.locator('#error').textContent(), '', 'no error: it is not refused');
    assert.equal(await page.getByRole('textbox', { name: 'Your solution' }).inputValue(), alg);
    const region = page.getByRole('region', { name: 'Check' });
    await region.getByText(/^Step 1: .* — Orient edges ✓/).waitFor();
    assert.match(await region.getByText(/^Step 2:/).textContent(), /\(inverse\) — /);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('a bare group in the Scramble box is read as moves in order, and the page says so', async () => {
    const page = await openScramble('R U F (R U)');
    assert.match(await page.locator('#reading').textContent(), /FMC notation.*inverse scramble/);
    await page.context().close();
  });

  test('a link keeps the lab: NISS, Axes, the chosen mark and the checked attempt; an earlier link opens as it did', async () => {
    const scramble = nissScramble();
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await openIn(context, `${env.server.url}?scramble=${encodeURIComponent(scramble)}`);
    await takeWay(page, 'lab');
    await searched(page);
    const axes = page.getByRole('combobox', { name: 'Axes' });
    const axesLabel = (await axes.locator('option').allTextContents())[3];
    await axes.selectOption({ label: axesLabel });
    await page.waitForFunction((l) => document.querySelector('#stage-group').textContent.endsWith(l)
      && !document.documentElement.hasAttribute('data-searching'), axesLabel);
    await page.getByRole('switch', { name: 'NISS' }).check();
    await page.waitForFunction(() => document.querySelector('#result').textContent.includes('with NISS')
      && !document.documentElement.hasAttribute('data-searching'));
    // Choose, with a mouse click, another way to do stage 2.
    await page.evaluate(() => window.thistle.seek(document.querySelectorAll('.moves > ol > li')[1].querySelector('ol').start - 1));
    await page.getByRole('button', { name: 'Alternatives' }).click();
    const list = page.getByRole('listbox', { name: `Alternatives for ${STAGE_NAMES[1]}` });
    await list.waitFor();
    await listWhole(page);
    await list.getByRole('option').nth(1).click();
    await page.waitForFunction(() => document.querySelector('#alternatives-box').hidden);
    assert.match(await chipAt(page, 1).textContent(), /chosen/);
    // An attempt with a comment, a prime, a second line and an inverse step, checked.
    const attempt = "F' R // a try\n(U2 D')";
    await page.getByRole('textbox', { name: 'Your solution' }).fill(attempt);
    await page.getByRole('button', { name: 'Check' }).click();
    const region = page.getByRole('region', { name: 'Check' });
    await region.getByRole('button', { name: 'Continue from here' }).waitFor();
    const steps = await region.locator('ol > li').allTextContents();
    assert.equal(steps.length, 2, `two steps: ${steps}`);
    const listed = await page.locator('.move').allTextContents();

    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied.').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(link, page.url(), 'Share copies the address');
    const other = await openIn(await env.browser.newContext({ viewport: { width: 1280, height: 800 } }), link);
    await other.getByRole('tabpanel', { name: 'FMC lab' }).waitFor();
    await searched(other);
    assert.equal(await other.getByRole('switch', { name: 'NISS' }).isChecked(), true, 'NISS is on');
    assert.equal(await other.getByRole('combobox', { name: 'Axes' }).locator('option:checked').textContent(), axesLabel, 'the axes');
    assert.match(await chipAt(other, 1).textContent(), /chosen/, 'the chosen mark');
    assert.doesNotMatch(await chipAt(other, 0).textContent(), /chosen/);
    assert.deepEqual(await other.locator('.move').allTextContents(), listed, 'the same solution');
    assert.equal(await shownTotal(other), await shownTotal(page), 'the move count');
    assert.equal(await other.getByRole('textbox', { name: 'Your solution' }).inputValue(), attempt, 'the attempt');
    const otherRegion = other.getByRole('region', { name: 'Check' });
    await otherRegion.getByRole('button', { name: 'Continue from here' }).waitFor();
    assert.deepEqual(await otherRegion.locator('ol > li').allTextContents(), steps, 'its check');
    assert.equal(other.url(), link, 'the reopened page writes the same link');
    await assertSolves(other, 'the shared solution solves');

    // A link made before the lab's state was kept: its solution, sides and
    // all, with NISS off, the best axes, nothing chosen and no attempt.
    const url = new URL(link);
    for (const name of ['niss', 'axes', 'chosen', 'attempt']) url.searchParams.delete(name);
    const earlier = `${url.origin}${url.pathname}?${url.search.slice(1).replace(/%7E/g, '~')}`;
    const old = await openIn(await env.browser.newContext({ viewport: { width: 1280, height: 800 } }), earlier);
    await old.getByRole('tabpanel', { name: 'FMC lab' }).waitFor();
    await searched(old);
    assert.deepEqual(await old.locator('.move').allTextContents(), listed, 'the same solution');
    assert.equal(await old.getByRole('switch', { name: 'NISS' }).isChecked(), false);
    assert.equal(await old.getByRole('combobox', { name: 'Axes' }).locator('option:checked').textContent(), 'Best');
    assert.doesNotMatch(await chipAt(old, 1).textContent(), /chosen/);
    assert.equal(await old.getByRole('textbox', { name: 'Your solution' }).inputValue(), '');
    assert.equal(await old.getByRole('region', { name: 'Check' }).isVisible(), false, 'no check');
    await assertSolves(old, 'the earlier link\'s solution solves');
    assert.deepEqual([...page.errors, ...other.errors, ...old.errors], []);
    for (const p of [page, other, old]) await p.context().close();
  });
});

// End-to-end tests of FMC practice, in headless Chromium: a WCA-shape
// scramble, a running timer, nothing giving the answer away during the
// attempt, Submit judging the solution (a DNF where it does not solve),
// a typo handed back unjudged, time's up submitting what is there, an
// attempt given up, and the results kept on the device over a reload.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { open, searched, takeWay, useBrowser } from './harness.mjs';

const env = useBrowser();
const THISTLE = fileURLToPath(new URL('../../target/debug/thistle', import.meta.url));

/** A solution of `scramble` by the CLI, in plain notation. */
function solutionOf(scramble) {
  const found = JSON.parse(execFileSync(THISTLE, ['solve', '--json', scramble], { encoding: 'utf8' }));
  return found.stages.flatMap((stage) => stage.moves).join(' ');
}

/** Opens the page on R U in the FMC lab. */
async function openLab() {
  const page = await open(env.browser, `${env.server.url}?scramble=R_U`);
  await takeWay(page, 'lab');
  await searched(page);
  return page;
}

/** Reloads the page and takes the FMC lab again. */
async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => window.thistle && window.thistle.ready);
  await takeWay(page, 'lab');
}

/** Starts an attempt and returns its scramble. */
async function start(page) {
  const button = page.getByRole('button', { name: 'Practice' });
  await button.click();
  const region = page.getByRole('region', { name: 'Practice' });
  await region.waitFor();
  assert.equal(await button.getAttribute('aria-expanded'), 'true', 'Practice says it is open');
  assert.equal(await button.getAttribute('aria-controls'), 'practice', 'and names what it opened');
  await region.getByRole('button', { name: 'Start' }).click();
  await page.waitForFunction(() => /^Scramble: /.test(document.querySelector('.practice-scramble')?.textContent ?? ''));
  return (await region.locator('.practice-scramble').textContent()).replace(/^Scramble: /, '');
}

/**
 * During an attempt the player shows the scrambled cube and nothing else:
 * no timeline, transport, chips or status, and the keys that play a
 * solution have none to play.
 */
async function assertScrambleOnly(page, scramble) {
  const scrambled = await page.evaluate((text) => window.thistle.stateOf(text), scramble);
  assert.equal(await page.evaluate(() => window.thistle.state()), scrambled, 'the cube shows the scramble');
  assert.equal(await page.locator('#cube').isVisible(), true, 'the cube is on show');
  for (const name of ['Play', 'End', 'Step forward']) {
    assert.equal(await page.getByRole('button', { name, exact: true }).isVisible(), false, `${name} is out of view`);
  }
  assert.equal(await page.getByRole('slider', { name: 'Timeline' }).isVisible(), false, 'the timeline is out of view');
  assert.equal(await page.locator('#chips button').count(), 0, 'no chips');
  assert.equal(await page.locator('#moves .move').count(), 0, 'no moves');
  // The page's keys, with no text box focused.
  await page.evaluate(() => document.activeElement?.blur());
  for (const key of ['End', 'Space', 'ArrowRight', '4']) await page.keyboard.press(key);
  assert.equal(await page.evaluate(() => window.thistle.state()), scrambled, 'no key plays a solution');
}

/** The rows of the results table, as text. */
const rows = (page) => page.getByRole('table', { name: 'Practice results' }).locator('tbody tr').evaluateAll(
  (all) => all.map((row) => [...row.cells].map((cell) => cell.textContent)));

describe('FMC practice', () => {
  test('a scramble, a timer, the answer hidden, Submit, and results kept over a reload', async () => {
    const page = await openLab();
    assert.equal(await page.getByRole('button', { name: 'Practice' }).getAttribute('aria-expanded'), 'false',
      'Practice is closed until opened');
    // The lab's note speaks of the solution on show, which the attempt hides.
    await page.getByRole('button', { name: 'Copy write-up' }).click();
    await page.waitForFunction(() => document.querySelector('#lab-note').textContent.startsWith('Write-up'));
    const scramble = await start(page);
    assert.equal(await page.locator('#lab-note').textContent(), '', 'no word of the hidden solution');
    assert.match(scramble, /^R' U' F .+ R' U' F$/, 'the WCA shape');
    const region = page.getByRole('region', { name: 'Practice' });
    const timer = region.getByRole('timer');
    assert.match(await timer.textContent(), /^(60|59):\d\d$/, 'an hour by default');
    // Nothing gives the answer away.
    for (const hidden of ['nav[aria-label="Stages"]', '.progress', '#alternatives', '#check-form', '#status', '#prove', '.share', '#lab-solution', '#axes', '#niss', '#way-lab > .way-intro', '#scramble-form']) {
      assert.equal(await page.locator(hidden).first().isVisible(), false, `${hidden} is hidden`);
    }
    await assertScrambleOnly(page, scramble);
    // Five of its moves as a link writes them (`_` for a space, `-` for a prime).
    const inLink = scramble.split(' ').slice(3, 8).join('_').replace(/'/g, '-');
    assert.equal(page.url().includes(inLink), false, `the address does not carry it: ${page.url()}`);
    const solution = solutionOf(scramble);
    // Its box says on screen what it is for.
    assert.ok(await region.getByText('Practice solution', { exact: true }).isVisible());
    assert.ok(await region.getByText('(plain moves, as a competition takes them: a line per step, NISS steps written out undone at the end)').isVisible());
    await region.getByRole('textbox', { name: 'Practice solution' }).fill(solution);
    // A reload keeps the attempt and its draft, and the scramble alone on show.
    await reload(page);
    await page.getByRole('region', { name: 'Practice' }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Practice solution' }).inputValue(), solution);
    await assertScrambleOnly(page, scramble);
    // The proofs give up soon (the time chosen beside Prove shortest).
    await page.evaluate(() => { document.querySelector('#prove-limit').value = '10000'; });
    await page.getByRole('region', { name: 'Practice' }).getByRole('button', { name: 'Submit' }).click();
    await page.waitForFunction(() => [...document.querySelectorAll('.practice tbody td')].length > 0
      && !document.querySelector('.practice tbody tr td:nth-child(4)').textContent.includes('…'));
    let [row] = await rows(page);
    assert.equal(row[1], scramble);
    assert.equal(Number(row[2]), solution.split(' ').length, 'the length in outer block turns');
    assert.ok(Number(row[3]) > 0, `Thistle's fewest beside it: ${row}`);
    // The proven shortest, plain and with NISS, or the bound where a proof gave up.
    await page.waitForFunction(() => [6, 7].every((k) => !/…/.test(
      document.querySelector(`.practice tbody tr td:nth-child(${k})`).textContent)), null, { timeout: 120_000 });
    [row] = await rows(page);
    for (const proven of [row[5], row[6]]) assert.match(proven, /^(\d+|≥ \d+)$/, `a length or a bound: ${row}`);
    if (/^\d+$/.test(row[5])) assert.ok(Number(row[5]) <= Number(row[3]), 'no longer than the fewest');
    if (/^\d+$/.test(row[6])) assert.ok(Number(row[6]) <= Number(row[4]), 'no longer than the NISS fewest');
    assert.equal(await page.locator('nav[aria-label="Stages"]').isVisible(), true, 'the player comes back');
    // A typo is handed back, marked, with the attempt running on; then a
    // DNF is shown as such and left out of the mean.
    await start(page);
    const box = page.getByRole('textbox', { name: 'Practice solution' });
    // Nothing written is handed back too (Ctrl+Enter submits, as in the lab's box).
    await box.press('Control+Enter');
    await page.getByText(/^Nothing to submit yet: write your solution, then Submit\./).waitFor();
    await box.fill('R U Q');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/^Not judged yet: unknown move `Q` at column 5\. Fix it/).waitFor();
    assert.equal(await box.getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await box.evaluate((b) => [b.selectionStart, b.selectionEnd]), [4, 5], 'the typo selected');
    assert.equal(await region.getByRole('timer').isVisible(), true, 'the attempt runs on');
    assert.equal(await page.locator('.practice tbody tr').count(), 1, 'nothing recorded');
    // NISS's parentheses, which the Check box reads, are handed back too:
    // a competition takes plain moves.
    await box.fill("R U (F')");
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/^Not judged yet: `\(` is not plain moves, which a competition solution must be \(write inverse moves out, undone, at the end\) at column 5\./).waitFor();
    assert.equal(await page.locator('.practice tbody tr').count(), 1, 'nothing recorded');
    // So is a slice move, which a competition does not allow.
    await box.fill('R M');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/^Not judged yet: `M` is a slice move, which a competition solution may not use \(turn the outer layers\) at column 3\./).waitFor();
    await box.fill('R U');
    // Pressed twice in haste, it is one submission.
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    await page.waitForFunction(() => document.querySelectorAll('.practice tbody tr').length >= 2
      && [...document.querySelectorAll('.practice tbody tr td:nth-child(4)')].every((cell) => !cell.textContent.includes('…')));
    assert.equal(await page.locator('.practice tbody tr').count(), 2, 'one row for the one attempt');
    // Its link opens the lab with what was submitted, to check beside Thistle's.
    const links = await page.locator('.practice tbody tr').getByRole('link', { name: 'Open' }).evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    assert.ok(links.some((href) => /&way=lab&attempt=R\+U$/.test(href)), links.join(' '));
    // Read out in a list of links, away from its row, each says which attempt it opens.
    for (const tableRow of await page.locator('.practice tbody tr').all()) {
      const date = await tableRow.getByRole('cell').first().textContent();
      await tableRow.getByRole('link', { name: `Open the attempt of ${date} in the lab`, exact: true }).waitFor();
    }
    await reload(page);
    await page.getByRole('button', { name: 'Practice' }).click();
    await page.getByRole('table', { name: 'Practice results' }).locator('tbody tr').nth(1).waitFor();
    const kept = await rows(page);
    assert.equal(kept.length, 2, 'the results survive a reload');
    [row] = kept;
    assert.equal(kept[1][2], 'DNF');
    assert.match(await page.getByRole('region', { name: 'Practice' }).textContent(),
      new RegExp(`Your mean: ${row[2]}\\.00 moves over 1, leaving out a DNF \\(a WCA mean with one is a DNF\\); Thistle's fewest on the same scramble: ${row[3]}\\.00\\.`));
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('during an attempt nothing else is solved: Watch says why and keeps what was typed', async () => {
    const page = await openLab();
    const scramble = await start(page);
    await takeWay(page, 'watch');
    // Before anything is pressed, every way in says why the player is away.
    for (const way of ['Watch', 'Teach', 'Your cube']) {
      // Teach's panel is away with the player (its tools show the solution).
      await page.getByRole('tab', { name: way, exact: true }).click();
      assert.equal(await page.getByText('A practice attempt is running in the FMC lab: the player comes back once it is submitted.').isVisible(), true, way);
    }
    await takeWay(page, 'watch');
    const box = page.getByRole('textbox', { name: 'Scramble' });
    await box.fill("F2 D' L");
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'A practice attempt is running' }).waitFor();
    await page.getByRole('button', { name: 'Random', exact: true }).click();
    assert.equal(await box.inputValue(), "F2 D' L", 'the box keeps what was typed');
    await takeWay(page, 'lab');
    await assertScrambleOnly(page, scramble);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('an attempt submitted in another tab ends in this one too, with its result', async () => {
    const page = await openLab();
    await start(page);
    // The screen reader hears no "Solved" of the scramble shown alone.
    assert.doesNotMatch(await page.locator('#narration').textContent(), /Solved/);
    const other = await page.context().newPage();
    await other.goto(`${env.server.url}?way=lab`);
    await other.waitForFunction(() => window.thistle && window.thistle.ready);
    await other.getByRole('button', { name: 'Practice' }).click();
    const box = other.getByRole('textbox', { name: 'Practice solution' });
    await box.fill('R');
    await other.getByRole('button', { name: 'Submit' }).click();
    await other.waitForFunction(() => document.querySelectorAll('.practice tbody tr').length === 1);
    await page.getByText('This attempt was submitted in another tab: its result is below.').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.practice tbody tr').length === 1);
    assert.equal(await page.getByRole('timer').isVisible(), false, 'no clock runs here');
    assert.equal(await page.getByRole('button', { name: 'Start' }).isEnabled(), true);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('five minutes left, and then one, are said in the live note', async () => {
    const page = await openLab();
    await start(page);
    const note = page.locator('.practice .lab-note[aria-live]');
    assert.equal(await note.getAttribute('aria-live'), 'polite');
    const leave = (ms) => page.evaluate((left) => {
      const attempt = JSON.parse(localStorage.getItem('thistle.practice.attempt'));
      localStorage.setItem('thistle.practice.attempt', JSON.stringify({ ...attempt, started: Date.now() - attempt.minutes * 60000 + left }));
    }, ms);
    await leave(299_000);
    await page.waitForFunction(() => document.querySelector('.practice .lab-note[aria-live]').textContent === '5 minutes left.');
    await note.evaluate((element) => { element.textContent = ''; });
    await leave(59_000);
    await page.waitForFunction(() => document.querySelector('.practice .lab-note[aria-live]').textContent === 'One minute left.');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test("time's up submits what is there", async () => {
    const page = await openLab();
    await start(page);
    await page.getByRole('textbox', { name: 'Practice solution' }).fill('R');
    // The attempt began over an hour ago.
    await page.evaluate(() => {
      const attempt = JSON.parse(localStorage.getItem('thistle.practice.attempt'));
      localStorage.setItem('thistle.practice.attempt', JSON.stringify({ ...attempt, started: Date.now() - 3601000 }));
    });
    await reload(page);
    await page.waitForFunction(() => document.querySelectorAll('.practice tbody tr').length === 1);
    const [row] = await rows(page);
    assert.equal(row[2], 'DNF');
    assert.equal(row[7], '60:00', 'the whole hour used');
    await page.getByText(/^Time's up: what was written is judged\. DNF: it does not solve the scramble\.$/).waitFor();
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test('an attempt can be given up, after a question: a DNF kept with the rest, the player back', async () => {
    const page = await openLab();
    // Ten minutes, which a reload keeps showing beside the clock.
    await page.getByRole('button', { name: 'Practice' }).click();
    await page.getByRole('combobox', { name: 'Length' }).selectOption('10');
    const scramble = await start(page);
    await reload(page);
    const region = page.getByRole('region', { name: 'Practice' });
    await region.waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Length' }).inputValue(), '10');
    assert.match(await region.getByRole('timer').textContent(), /^(10:00|9:\d\d)$/);
    await region.getByRole('textbox', { name: 'Practice solution' }).fill("R U R'");
    const asked = [];
    // Declined, the attempt runs on, its draft kept.
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      dialog.dismiss();
    });
    await region.getByRole('button', { name: 'Give up' }).click();
    await page.waitForFunction(() => document.querySelector('.practice [role=timer]')?.checkVisibility());
    assert.match(asked[0] ?? '', /^Give up this attempt\? It counts as a DNF/);
    assert.equal(await region.getByRole('timer').isVisible(), true, 'the attempt runs on');
    assert.equal(await region.getByRole('textbox', { name: 'Practice solution' }).inputValue(), "R U R'");
    assert.equal(await page.locator('.practice tbody tr').count(), 0, 'nothing recorded');
    // Accepted, it ends as a DNF, and Thistle's solution of it shows.
    page.once('dialog', (dialog) => dialog.accept());
    await region.getByRole('button', { name: 'Give up' }).click();
    await page.getByText(/^DNF: given up\.$/).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.practice tbody tr').length === 1);
    const [row] = await rows(page);
    assert.equal(row[1], scramble);
    assert.equal(row[2], 'DNF');
    assert.equal(await region.getByRole('timer').isVisible(), false, 'no clock runs');
    await page.locator('nav[aria-label="Stages"] button').first().waitFor();
    // Focus stays by the result, for the next attempt, not on the player.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Start');
    assert.equal(await page.evaluate(() => localStorage.getItem('thistle.practice.attempt')), 'null', 'a reload does not resume it');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test("a result whose proofs a closed tab left unfinished gets them when Practice next opens", async () => {
    const page = await openLab();
    await page.evaluate(() => localStorage.setItem('thistle.practice.results', JSON.stringify([{
      date: Date.now() - 60000, scramble: "R U F", solution: "F' U' R'", length: 3, usedMs: 60000,
      link: '?scramble=R_U_F&way=lab', fewest: 3, niss: 3,
    }])));
    await page.evaluate(() => { document.querySelector('#prove-limit').value = '10000'; });
    await page.getByRole('button', { name: 'Practice' }).click();
    await page.waitForFunction(() => [6, 7].every((k) => /^\d+$/.test(
      document.querySelector(`.practice tbody tr td:nth-child(${k})`)?.textContent ?? '')), null, { timeout: 60_000 });
    const [row] = await rows(page);
    assert.deepEqual([row[5], row[6]], ['3', '3'], 'R U F proven in 3, with NISS too');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

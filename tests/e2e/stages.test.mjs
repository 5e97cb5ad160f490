// Stage views and the Progress region, found by role and name as a person
// would: the View switch, what the cube shows at each stage's end, and the
// group counters, checked against the command line's own `--progress`.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { canvasColours, open, quiet, searched, settle, status, useBrowser } from './harness.mjs';

const THISTLE = fileURLToPath(new URL('../../target/debug/thistle', import.meta.url));
// A random-state scramble whose fast solution has moves in every stage.
const SCRAMBLE = "D2 F2 D2 F2 U2 L2 U2 R2 F2 L2 U2 R2 U2 D' F2 U' F2 U L2 U' B2 L' D U2 L2 R D U' R U2 F' D B' F U'";

/** The command line's fast solution of a scramble, with every stage's progress. */
function reference(scramble) {
  return JSON.parse(execFileSync(THISTLE, ['solve', '--json', '--progress', scramble], { encoding: 'utf8' }));
}

/** A counter as the page prints it, from the command line's JSON. */
function counterLine({ label, value }) {
  return typeof value === 'object' ? `${label}: ${value.distance} of at most ${value.max}` : `${label}: ${value}`;
}

const link = (query) => `?scramble=${encodeURIComponent(SCRAMBLE)}&mode=fast${query}`;

/** Jumps to a position and waits for its frame, so the canvas shows it. */
async function seek(page, position) {
  await page.evaluate((k) => window.thistle.seek(k), position);
  return settle(page);
}

/** Where each stage ends, from the reference solution. */
function stageEnds(solution) {
  let end = 0;
  return solution.stages.map((stage) => (end += stage.moves.length));
}

const counterLines = (page) => page.getByRole('region', { name: 'Progress' }).getByRole('listitem').allTextContents();

describe('stage views and group counters', () => {
  const env = useBrowser();
  const solution = reference(SCRAMBLE);

  test('the View group offers Stage (the default) and Colours', async () => {
    const page = await open(env.browser, env.server.url + link(''));
    const viewGroup = page.getByRole('group', { name: 'View' });
    assert.ok(await viewGroup.getByRole('radio', { name: 'Stage' }).isChecked());
    assert.equal(await viewGroup.getByRole('radio', { name: 'Colours' }).isChecked(), false);
    assert.deepEqual(page.errors, []);
  });

  test("at move 0 the Stage view shows the first stage's lens, with a legend of its colours", async () => {
    // F flips four edges, two of them on the faces in view.
    const page = await open(env.browser, `${env.server.url}?scramble=F_R&mode=fast`);
    await searched(page);
    await quiet(page);
    assert.equal((await status(page)).position, 0);
    const colours = await canvasColours(page);
    assert.ok(colours.marker > 200, `the scramble's flipped edges stand out: ${JSON.stringify(colours)}`);
    const legend = page.getByRole('list', { name: 'Stage view colours' });
    assert.deepEqual(await legend.getByRole('listitem').allTextContents(),
      ['flipped edge', 'oriented edge', "not this stage's work"]);
    await page.getByRole('group', { name: 'View' }).getByRole('radio', { name: 'Colours' }).check();
    await quiet(page);
    assert.equal((await canvasColours(page)).marker, 0, 'full colours have no marker');
    assert.equal(await legend.isVisible(), false, 'nor a legend');
    assert.deepEqual(page.errors, []);
  });

  test('the Progress region matches the core at the start and at every stage boundary', async () => {
    const page = await open(env.browser, env.server.url + link(''));
    await searched(page);
    const shown = await page.evaluate(() => window.thistle.state());
    assert.equal(shown, solution.state, 'the page solved the same cube');
    const listed = await page.locator('.moves .move').allTextContents();
    assert.deepEqual(listed, solution.stages.flatMap((s) => s.moves), 'the page shows the same solution');
    const starts = [0, ...stageEnds(solution)];
    for (const position of [0, ...stageEnds(solution).slice(0, -1)]) {
      const { stage } = await seek(page, position);
      const expected = solution.progress[stage][position - starts[stage]].counters.map(counterLine);
      assert.deepEqual(await counterLines(page), expected, `at move ${position}`);
    }
    assert.deepEqual(page.errors, []);
  });

  test('each move says what it changed, from the counters before and after', async () => {
    const page = await open(env.browser, env.server.url + link(''));
    await searched(page);
    await page.getByRole('button', { name: 'Step forward' }).click();
    await settle(page);
    const region = page.getByRole('region', { name: 'Progress' });
    assert.equal(await region.locator('.move-line').textContent(), solution.progress[0][1].line);
  });

  test('a boundary shows the stage that starts there: stage 2 marks its edges, stage 4 is in full colours', async () => {
    const page = await open(env.browser, env.server.url + link(''));
    await searched(page);
    const [edges, , separate] = stageEnds(solution);
    await seek(page, edges - 1);
    const beforeEdges = await canvasColours(page);
    assert.ok(beforeEdges.marker > 100, `flipped edges stand out before stage 1's last move: ${JSON.stringify(beforeEdges)}`);
    await seek(page, edges);
    const legend = page.getByRole('list', { name: 'Stage view colours' });
    assert.match((await legend.getByRole('listitem').allTextContents()).join(' | '), /edge of the middle layer/,
      "stage 2's legend at its start");
    const present = (colours) => ['white', 'yellow', 'red', 'orange', 'green', 'blue']
      .filter((colour) => colours[colour] > 0.002 * colours.total);
    await seek(page, separate - 1);
    const threeColours = await canvasColours(page);
    assert.deepEqual(present(threeColours), ['white', 'red', 'green'], `stage 3 merges opposite colours: ${JSON.stringify(threeColours)}`);
    await seek(page, separate);
    const full = await canvasColours(page);
    assert.equal(present(full).length, 6, `stage 4, at its start, is in full colours: ${JSON.stringify(full)}`);
    assert.equal(full.marker, 0);
    assert.deepEqual(page.errors, []);
  });

  test('Colours view shows all six colours, and a link restores it', async () => {
    const page = await open(env.browser, env.server.url + link('&move=3&view=colours'));
    await searched(page);
    const viewGroup = page.getByRole('group', { name: 'View' });
    assert.ok(await viewGroup.getByRole('radio', { name: 'Colours' }).isChecked(), 'view=colours restored');
    const colours = await canvasColours(page);
    for (const colour of ['white', 'yellow', 'red', 'orange', 'green', 'blue']) {
      assert.ok(colours[colour] > 0, `${colour}: ${JSON.stringify(colours)}`);
    }
    assert.equal(colours.marker, 0);
    await viewGroup.getByRole('radio', { name: 'Stage' }).check();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('view'));
    await viewGroup.getByRole('radio', { name: 'Colours' }).check();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('view') === 'colours');
    assert.deepEqual(page.errors, []);
  });

  test('switching views while playing never stalls playback', async () => {
    const page = await open(env.browser, env.server.url + link(''));
    await searched(page);
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('4');
    await page.getByRole('button', { name: 'Play' }).click();
    const viewGroup = page.getByRole('group', { name: 'View' });
    for (let k = 0; k < 6; k += 1) {
      await viewGroup.getByRole('radio', { name: k % 2 ? 'Stage' : 'Colours' }).check();
      await page.waitForTimeout(150);
    }
    await page.waitForFunction(() => window.thistle.status().solved, null, { timeout: 60_000 });
    assert.equal((await status(page)).text, 'Solved');
    assert.deepEqual(page.errors, []);
  });
});

describe('stages in another axis orientation', () => {
  const env = useBrowser();
  // Its fewest-moves solution orients edges for U/D and corners for F/B.
  const TURNED = "R2 D2 B2 U2 F2 U2 R2 F2 R2 U2 L2 D' F2 U R2 B2 R D2 R D L U B2 F2 B' L' D";

  test('the stage panel names the orientation, and its words and moves follow it', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=${encodeURIComponent(TURNED)}&mode=fewest`);
    await searched(page);
    const panel = page.locator('.stage-panel');
    assert.match(await panel.locator('#stage-group').textContent(), /edges U\/D, corners F\/B/);
    assert.match(await panel.locator('#stage-description').textContent(), /no edge needs a U or D quarter turn/);
    assert.match(await panel.locator('#stage-why').textContent(), /^Only U and D quarter turns flip edges, and G1 = ⟨L, R, F, B, U2, D2⟩ has none/);
    // Stage 2 turns every face a quarter but the edge axis's (U, D).
    await seek(page, 1);
    assert.match(await panel.locator('#stage-name').textContent(), /^Stage 1/);
    await page.locator('.chip').nth(1).click();
    await page.waitForFunction(() => window.thistle.status().stage === 1);
    assert.match(await panel.locator('#stage-why').textContent(), /^G2 = ⟨F, B, U2, D2, L2, R2⟩ turns only F and B a quarter/);
    let allowed = (await panel.locator('#stage-allowed').textContent()).split(' ');
    assert.ok(allowed.includes('U2') && !allowed.includes('U') && allowed.includes('R') && allowed.includes('F'), allowed.join(' '));
    // Stage 3 turns only the corner axis's faces (F, B) a quarter.
    await page.locator('.chip').nth(2).click();
    await page.waitForFunction(() => window.thistle.status().stage === 2);
    allowed = (await panel.locator('#stage-allowed').textContent()).split(' ');
    assert.deepEqual(allowed.filter((m) => !m.endsWith('2')), ['F', "F'", 'B', "B'"]);
    const ends = await page.locator('.moves > ol > li').evaluateAll((stages) => {
      let end = 0;
      return stages.map((stage) => (end += stage.querySelectorAll('.move').length));
    });
    // Before each stage's last move its own lens shows (a boundary shows the next stage's).
    await seek(page, ends[0] - 1);
    assert.ok((await canvasColours(page)).marker > 0, 'flipped edges for the turned edge axis stand out');
    await seek(page, ends[2] - 1);
    const colours = await canvasColours(page);
    const present = ['white', 'yellow', 'red', 'orange', 'green', 'blue', 'marker']
      .filter((colour) => colours[colour] > 0.002 * colours.total);
    assert.equal(present.length, 3, `three colours in stage 3: ${JSON.stringify(colours)}`);
    assert.deepEqual(page.errors, []);
  });
});

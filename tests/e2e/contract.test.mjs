// The page contract of ../shared/DESIGN.md ("Page contract: roles and
// names"), walked whole after a solve: every role and accessible name it
// promises, and the link parameters it names. Tests elsewhere (and ones not
// in this repository) find the page by these, so dropping one fails here.
// The parts marked "(new)" there are added here as each is built: the
// teacher's pack, the FMC lab and your own cube are.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { open, query, searched, settle, STAGE_NAMES, status, useBrowser } from './harness.mjs';

const env = useBrowser();

/** Exactly one element with `role` and `name` (exact), visible. */
async function one(page, role, name, options = {}) {
  const found = page.getByRole(role, { name, exact: true, ...options });
  assert.equal(await found.count(), 1, `one ${role} named ${JSON.stringify(name)}`);
  assert.ok(await found.isVisible(), `the ${role} ${JSON.stringify(name)} is visible`);
  return found;
}

describe('the page contract', () => {
  test('every role and name the design promises is there after a solve, and works', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);

    // Input and solving.
    const scramble = await one(page, 'textbox', 'Scramble');
    await scramble.fill("R U R' U' F2");
    await (await one(page, 'button', 'Solve')).click();
    await searched(page);
    await one(page, 'button', 'Random');
    await one(page, 'radio', 'Fewest moves');
    await one(page, 'radio', 'Fastest');
    const stages = page.getByRole('navigation', { name: 'Stages' });
    const chips = await stages.getByRole('button').allTextContents();
    assert.equal(chips.length, 4);
    STAGE_NAMES.forEach((name, k) => assert.ok(chips[k].startsWith(name), `chip ${k + 1} starts with "${name}": ${chips[k]}`));

    // Transport, and the status line that says where playback stands.
    for (const name of ['Reset', 'Step back', 'Play', 'Step forward', 'End']) await one(page, 'button', name);
    const line = page.getByRole('status').filter({ hasText: /^(Move \d+ of \d+ · .+|Solved)$/ });
    assert.equal(await line.count(), 1, 'one status line "Move k of N · <stage>" or "Solved"');
    const { total } = await status(page);
    const names = STAGE_NAMES.map((name) => name.replace('+', '\\+')).join('|');
    assert.match(await line.textContent(), new RegExp(`^Move 0 of ${total} · (${names})$`));
    assert.equal(await line.getAttribute('aria-live'), 'off', 'the narration speaks; the status line is not heard twice');
    await (await one(page, 'button', 'Step forward')).click();
    await settle(page);
    assert.match(await line.textContent(), new RegExp(`^Move 1 of ${total} · `));
    await (await one(page, 'button', 'Play')).click();
    await one(page, 'button', 'Pause');
    await (await one(page, 'button', 'End')).click();
    await settle(page);
    assert.equal(await line.textContent(), 'Solved');

    // Sharing.
    await one(page, 'button', 'Share');
    await one(page, 'link', 'Open in alg.cubing.net');
    await one(page, 'link', 'Open in Twizzle');

    // Seeing the stages.
    const view = page.getByRole('group', { name: 'View', exact: true });
    assert.equal(await view.count(), 1);
    await view.getByRole('radio', { name: 'Stage', exact: true }).waitFor();
    await view.getByRole('radio', { name: 'Colours', exact: true }).check();
    assert.equal(query(page).view, 'colours', 'the view is part of the link');
    await one(page, 'region', 'Progress');
    await one(page, 'combobox', 'Palette');
    await one(page, 'switch', 'Letters');
    const timeline = page.getByRole('slider');
    assert.equal(await timeline.count(), 1, 'a slider for the timeline');
    assert.equal(await timeline.getAttribute('aria-valuetext'), 'Solved');

    // The teacher's pack.
    for (const name of ['Copy embed code', 'Save picture', 'Save video', 'Print handout']) await one(page, 'button', name);
    await (await one(page, 'switch', 'Net')).check();
    const net = page.getByRole('img').filter({ has: page.locator('rect') });
    assert.equal(await net.count(), 1);
    assert.match(await net.getAttribute('aria-label'), /net/i);

    // The FMC lab.
    const axes = await one(page, 'combobox', 'Axes');
    const orientations = await axes.locator('option').allTextContents();
    assert.equal(orientations[0], 'Best');
    assert.equal(orientations.length, 7);
    orientations.slice(1).forEach((o) => assert.match(o, /^edges (U\/D|R\/L|F\/B), corners (U\/D|R\/L|F\/B)$/));
    await one(page, 'switch', 'NISS');
    await (await one(page, 'button', 'Reset')).click();
    await (await one(page, 'button', 'Alternatives')).click();
    const stageOnShow = STAGE_NAMES[(await status(page)).stage];
    await page.getByRole('listbox').waitFor();
    const alternatives = await one(page, 'listbox', `Alternatives for ${stageOnShow}`);
    const first = alternatives.getByRole('option').first();
    assert.match(await first.textContent(), /^.+ · \d+ moves? · total \d+$/);
    await one(page, 'button', 'Copy write-up');
    await (await one(page, 'textbox', 'Your solution')).fill("R U R' U'");
    await (await one(page, 'button', 'Check')).click();
    await (await one(page, 'region', 'Check')).getByText(/^Step 1:/).waitFor();
    await page.getByRole('button', { name: 'Continue from here' }).waitFor();
    await one(page, 'button', 'Continue from here');

    // Your own cube: Scan with an image file input, Use camera where a camera
    // may be asked for (this page is served from localhost, a secure
    // origin); Follow along with Next and Back.
    await one(page, 'button', 'Scan');
    const photos = page.locator('input[type="file"]');
    assert.equal(await photos.count(), 1);
    assert.equal(await photos.getAttribute('accept'), 'image/*');
    await one(page, 'button', 'Use camera');
    await (await one(page, 'button', 'Follow along')).click();
    // Its code loads on first use: wait for its controls.
    await page.getByRole('button', { name: 'Next', exact: true }).waitFor();
    await one(page, 'button', 'Next');
    await one(page, 'button', 'Back');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Next', exact: true }).waitFor({ state: 'hidden' });

    // The error is an alert.
    await scramble.fill('R Q');
    await scramble.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    assert.match(await alert.textContent(), /unknown move `Q` at column 3/i);

    // Links: scramble, mode, move and view.
    const link = await open(env.browser, `${env.server.url}?scramble=R_U-_F2&mode=fast&move=2&view=colours`);
    await searched(link);
    assert.equal((await status(link)).position, 2);
    assert.equal(await link.getByRole('radio', { name: 'Fastest', exact: true }).isChecked(), true);
    assert.equal(await link.getByRole('group', { name: 'View' }).getByRole('radio', { name: 'Colours' }).isChecked(), true);
    assert.deepEqual(query(link), { scramble: 'R_U-_F2', mode: 'fast', move: '2', view: 'colours' });
    // embed=1 shows the player alone; handout=1 lays out the handout.
    const embedded = await open(env.browser, `${env.server.url}?scramble=R_U&embed=1`);
    await searched(embedded);
    assert.equal(await embedded.getByRole('textbox', { name: 'Scramble' }).isVisible(), false);
    await one(embedded, 'button', 'Play');
    const handout = await open(env.browser, `${env.server.url}?scramble=R_U&handout=1`);
    await searched(handout);
    await handout.getByRole('article', { name: 'Handout' }).getByRole('heading', { level: 1 }).waitFor();
    assert.deepEqual([...page.errors, ...link.errors, ...embedded.errors, ...handout.errors], []);
  });
});

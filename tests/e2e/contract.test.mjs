// The page contract of ../shared/DESIGN.md ("Page contract: roles and
// names"), walked whole after a solve: every role and accessible name it
// promises, and the link parameters it names. Tests elsewhere (and ones not
// in this repository) find the page by these, so dropping one fails here.
// Each control lives in its way in (a tab's panel), or in the player that
// every way in shares (in no panel). The parts marked "(new)" there are
// added here as each is built.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { open, query, searched, settle, STAGE_NAMES, status, takeWay, useBrowser, WAYS } from './harness.mjs';

const env = useBrowser();

/** Exactly one element with `role` and `name` (exact) in `scope`, visible. */
async function one(scope, role, name, options = {}) {
  const found = scope.getByRole(role, { name, exact: true, ...options });
  assert.equal(await found.count(), 1, `one ${role} named ${JSON.stringify(name)}`);
  assert.ok(await found.isVisible(), `the ${role} ${JSON.stringify(name)} is visible`);
  return found;
}

/** `one`, in the shared player: on the page, in no way in's panel. */
async function shared(page, role, name) {
  const found = await one(page, role, name);
  assert.equal(await found.evaluate((element) => element.closest('[role="tabpanel"]')), null, `${name} is the player's, in no way in`);
  return found;
}

describe('the page contract', () => {
  test('every role and name the design promises is there after a solve, and works', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);

    // The four ways in, on the first screen, Watch first.
    const tabs = page.getByRole('tablist').getByRole('tab');
    assert.deepEqual(await tabs.allTextContents(), Object.values(WAYS));
    for (const tab of await tabs.all()) {
      assert.ok(await tab.isVisible());
      const box = await tab.boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= 800, `${await tab.textContent()} on the first screen`);
    }
    assert.equal(await page.getByRole('tab', { name: 'Watch' }).getAttribute('aria-selected'), 'true');

    // Watch: input and solving.
    const watch = await takeWay(page, 'watch');
    const scramble = await one(watch, 'textbox', 'Scramble');
    await scramble.fill("R U R' U' F2");
    await (await one(watch, 'button', 'Solve')).click();
    await searched(page);
    await one(watch, 'button', 'Random');
    await one(watch, 'radio', 'Fewest moves');
    await one(watch, 'radio', 'Fastest');
    await one(watch, 'button', 'Prove shortest');
    const stages = page.getByRole('navigation', { name: 'Stages' });
    assert.equal(await stages.evaluate((nav) => nav.closest('[role="tabpanel"]')), null, 'the chips are the player\'s');
    const chips = await stages.getByRole('button').allTextContents();
    assert.equal(chips.length, 4);
    STAGE_NAMES.forEach((name, k) => assert.ok(chips[k].startsWith(name), `chip ${k + 1} starts with "${name}": ${chips[k]}`));

    // Transport, and the status line that says where playback stands.
    for (const name of ['Reset', 'Step back', 'Play', 'Step forward', 'End']) await shared(page, 'button', name);
    await shared(page, 'combobox', 'Speed');
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
    // Done, each chip's name still starts with its stage's (a ✓ is seen, and "done" described).
    for (const name of STAGE_NAMES) {
      const done = stages.getByRole('button', { name: new RegExp(`^${name.replace('+', '\\+')}`) });
      assert.equal(await done.count(), 1, `a chip named "${name} …" when done`);
      assert.equal(await done.getAttribute('aria-description'), 'done', name);
    }

    // Sharing.
    await shared(page, 'button', 'Share');
    await shared(page, 'link', 'Open in alg.cubing.net');
    await shared(page, 'link', 'Open in Twizzle');

    // Seeing the stages.
    const view = await shared(page, 'group', 'View');
    await view.getByRole('radio', { name: 'Stage', exact: true }).waitFor();
    await view.getByRole('radio', { name: 'Colours', exact: true }).check();
    assert.equal(query(page).view, 'colours', 'the view is part of the link');
    await one(watch, 'region', 'Progress');
    for (const name of ['Hidden faces']) await shared(page, 'checkbox', name);
    await shared(page, 'button', 'Reset view');
    await shared(page, 'combobox', 'Palette');
    for (const name of ['Letters', 'Dark', 'Reduce motion']) await shared(page, 'switch', name);
    const timeline = page.getByRole('slider');
    assert.equal(await timeline.count(), 1, 'a slider for the timeline');
    assert.equal(await timeline.getAttribute('aria-valuetext'), 'Solved');

    // Teach.
    const teach = await takeWay(page, 'teach');
    for (const name of ['Present', 'Copy embed code', 'Save picture', 'Save video', 'Print handout']) await one(teach, 'button', name);
    await (await shared(page, 'switch', 'Net')).check();
    const net = page.getByRole('img').filter({ has: page.locator('rect') });
    assert.equal(await net.count(), 1);
    assert.match(await net.getAttribute('aria-label'), /net/i);

    // The FMC lab.
    const lab = await takeWay(page, 'lab');
    const axes = await one(lab, 'combobox', 'Axes');
    const orientations = await axes.locator('option').allTextContents();
    assert.equal(orientations[0], 'Best');
    assert.equal(orientations.length, 7);
    orientations.slice(1).forEach((o) => assert.match(o, /^edges (U\/D|R\/L|F\/B), corners (U\/D|R\/L|F\/B)$/));
    await one(lab, 'switch', 'NISS');
    await (await one(page, 'button', 'Reset')).click();
    await (await one(lab, 'button', 'Alternatives')).click();
    const stageOnShow = STAGE_NAMES[(await status(page)).stage];
    await page.getByRole('listbox').waitFor();
    const alternatives = await one(lab, 'listbox', `Alternatives for ${stageOnShow}`);
    const first = alternatives.getByRole('option').first();
    assert.match(await first.textContent(), /^.+ · \d+ moves? · total \d+ · on show$/, 'the stage on show comes first');
    const second = alternatives.getByRole('option').nth(1);
    if (await second.count()) assert.match(await second.textContent(), /^.+ · \d+ moves? · total \d+$/);
    await one(lab, 'button', 'Practice');
    await one(lab, 'button', 'Copy write-up');
    await (await one(lab, 'textbox', 'Your solution')).fill("R U R' U'");
    await (await one(lab, 'button', 'Check')).click();
    await (await one(lab, 'region', 'Check')).getByText(/^Step 1:/).waitFor();
    await lab.getByRole('button', { name: 'Continue from here' }).waitFor();
    await one(lab, 'button', 'Continue from here');

    // Your own cube: Scan with an image file input, Use camera where a camera
    // may be asked for (this page is served from localhost, a secure
    // origin); Follow along with Next and Back.
    const cube = await takeWay(page, 'cube');
    await one(cube, 'button', 'Scan');
    const photos = cube.locator('input[type="file"]');
    assert.equal(await photos.count(), 1);
    assert.equal(await photos.getAttribute('accept'), 'image/*');
    await one(cube, 'button', 'Use camera');
    const editor = cube.getByText('Colour editor', { exact: false });
    await editor.click();
    await cube.getByRole('group', { name: /net/i }).first().waitFor();
    await one(cube, 'button', 'Solve this');
    await (await one(cube, 'button', 'Follow along')).click();
    // Its code loads on first use: wait for its controls.
    await page.getByRole('button', { name: 'Next', exact: true }).waitFor();
    await one(page, 'button', 'Next');
    await one(page, 'button', 'Back');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Next', exact: true }).waitFor({ state: 'hidden' });

    // The error is an alert.
    await takeWay(page, 'watch');
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
    // way=watch|cube|lab|teach opens that way in, and the address keeps it.
    const labLink = await open(env.browser, `${env.server.url}?scramble=R_U-_F2&way=lab`);
    await searched(labLink);
    assert.equal(await labLink.getByRole('tab', { name: 'FMC lab' }).getAttribute('aria-selected'), 'true');
    // Its panel shows once its controls' module has loaded, which the solve does not wait for.
    const labPanel = labLink.getByRole('tabpanel', { name: 'FMC lab' });
    await labPanel.waitFor();
    await one(labPanel, 'combobox', 'Axes');
    assert.deepEqual(query(labLink), { scramble: 'R_U-_F2', mode: 'fewest', move: '0', way: 'lab' });
    // embed=1 shows the player alone; handout=1 lays out the handout.
    const embedded = await open(env.browser, `${env.server.url}?scramble=R_U&embed=1`);
    await searched(embedded);
    assert.equal(await embedded.getByRole('textbox', { name: 'Scramble' }).isVisible(), false);
    await one(embedded, 'button', 'Play');
    const handout = await open(env.browser, `${env.server.url}?scramble=R_U&handout=1`);
    await searched(handout);
    await handout.getByRole('article', { name: 'Handout' }).getByRole('heading', { level: 1 }).waitFor();
    assert.deepEqual([...page.errors, ...link.errors, ...labLink.errors, ...embedded.errors, ...handout.errors], []);
  });
});

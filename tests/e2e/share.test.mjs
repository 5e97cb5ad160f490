// End-to-end tests of share links, the solving modes and the links to and
// from alg.cubing.net and Twizzle, in headless Chromium.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { devices } from 'playwright-core';
import { open, openIn, query, searched, settle, SOLVED, STAGE_NAMES, status, useBrowser } from './harness.mjs';

// Reading what the page exports to alg.cubing.net and Twizzle.

/** The solution's moves as the page lists them, one array per stage. */
function listedStages(page) {
  return page.locator('.moves > ol > li').evaluateAll((stages) => stages.map(
    (stage) => [...stage.querySelectorAll('.move')].map((button) => button.textContent),
  ));
}

/**
 * Reads alg.cubing.net's compact style (`_` a space, `-` a prime, other
 * characters %-escaped) or ordinary URL encoding (Twizzle): `{ host, params }`.
 */
function readExport(href, compact) {
  const url = new URL(href);
  const params = {};
  for (const part of url.search.slice(1).split('&')) {
    const [name, value = ''] = part.split('=');
    const text = compact ? value.replace(/_/g, ' ').replace(/-/g, "'") : value.replace(/\+/g, ' ');
    // As alg.cubing.net reads it: a literal dash survives only as `&#45;`.
    params[name] = compact ? decodeURIComponent(text).replaceAll('&#45;', '-') : decodeURIComponent(text);
  }
  return { host: url.host, path: url.pathname, params };
}

/**
 * Checks an exported alg: one `// <stage name>` comment line per stage, in
 * order, each followed by that stage's moves as the page lists them.
 */
function assertStagedAlg(alg, names, stages) {
  const lines = alg.split('\n');
  assert.equal(lines.length, 2 * names.length, alg);
  names.forEach((name, k) => {
    assert.equal(lines[2 * k], `// ${name}`);
    assert.equal(lines[2 * k + 1], stages[k].join(' '));
  });
}


const SCRAMBLE = "F' L2 D B2 R U' F2 L' D2 R B";

const env = useBrowser();

/** What the page shows: cube, playback, chips, current move, input, mode, counts. */
async function shown(page) {
  const { position, stage, text, total } = await status(page);
  return {
    state: await page.evaluate(() => window.thistle.state()),
    position,
    stage,
    text,
    total,
    chip: await page.locator('.chip[aria-current]').getAttribute('aria-label'),
    move: await page.locator('.moves').evaluate((list) => list.querySelector('.move.current')?.textContent ?? null),
    scramble: await page.getByRole('textbox', { name: 'Scramble' }).inputValue(),
    mode: await page.locator('input[name="mode"]:checked').getAttribute('value'),
    result: await page.locator('#result').textContent(),
    stages: await listedStages(page),
  };
}

/** The cube a scramble gives, by the page's own solver. */
const stateOf = (page, scramble) => page.evaluate((text) => window.thistle.stateOf(text), scramble);

async function solve(page, text) {
  const box = page.getByRole('textbox', { name: 'Scramble' });
  await box.fill(text);
  await box.press('Enter');
  await searched(page);
}

describe('share links', () => {
  test('opening a share link shows the same state, chip and move', async () => {
    const page = await open(env.browser, env.server.url);
    await solve(page, SCRAMBLE);
    await page.locator('.moves .move').nth(8).click();
    await settle(page);
    const before = await shown(page);
    assert.equal(before.position, 9);
    assert.equal(query(page).move, '9');
    assert.equal(query(page).mode, 'fewest');
    assert.equal(query(page).scramble, SCRAMBLE.replace(/ /g, '_').replace(/'/g, '-'));
    assert.match(page.url(), /\?scramble=F-_L2_D_B2_R_U-_F2_L-_D2_R_B&mode=fewest&move=9$/);

    const again = await open(env.browser, page.url());
    assert.deepEqual(await shown(again), before);
    assert.equal(await again.locator('#error').textContent(), '');
    assert.deepEqual([...page.errors, ...again.errors], []);
  });

  test('the address follows playback, and a link past the end shows the solved cube', async () => {
    const page = await open(env.browser, env.server.url);
    await solve(page, SCRAMBLE);
    assert.equal(query(page).move, '0');
    await page.locator('h1').click();
    await page.keyboard.press('ArrowRight');
    await settle(page);
    assert.equal(query(page).move, '1');
    await page.keyboard.press('End');
    const { total } = await settle(page);
    assert.equal(query(page).move, String(total));

    const past = await open(env.browser, `${env.server.url}?scramble=${encodeURIComponent(SCRAMBLE)}&mode=fast&move=999`);
    assert.equal((await status(past)).text, 'Solved');
    assert.equal(await past.evaluate(() => window.thistle.state()), SOLVED);
    assert.equal(query(past).move, String((await status(past)).total));
    assert.deepEqual([...page.errors, ...past.errors], []);
  });

  test('the mode switch changes the counts and is part of the link', async () => {
    const page = await open(env.browser, env.server.url);
    await solve(page, SCRAMBLE);
    const fewest = await shown(page);
    assert.equal(fewest.mode, 'fewest');
    const [, short, long] = /^(\d+) moves · (\d+) in Fastest \(each stage its own shortest\)$/.exec(fewest.result).map(Number);
    assert.equal(fewest.total, short);
    assert.ok(short < long, fewest.result);

    await page.getByRole('radio', { name: 'Fastest' }).check();
    await searched(page);
    const fast = await shown(page);
    assert.equal(fast.result, `${long} moves, each stage its own shortest · ${short} in Fewest moves`);
    assert.equal(fast.total, long);
    assert.equal(fast.stages.flat().length, long);
    assert.equal(fast.state, fewest.state);
    assert.equal(query(page).mode, 'fast');

    const again = await open(env.browser, page.url());
    assert.deepEqual(await shown(again), fast);
    await again.getByRole('radio', { name: 'Fewest moves' }).check();
    await searched(again);
    assert.equal((await status(again)).total, short);
    assert.equal(query(again).mode, 'fewest');
    assert.deepEqual([...page.errors, ...again.errors], []);
  });

  test('solves run in a worker, with "Searching…" shown meanwhile', async () => {
    // The route below holds the worker's script back; a service worker
    // would answer for it unseen by the route.
    const context = await env.browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    page.errors = [];
    page.on('console', (message) => message.type() === 'error' && page.errors.push(message.text()));
    // Hold the worker's script back, so the first solve has to wait for it.
    let release;
    const gate = new Promise((resolve) => { release = resolve; });
    let fetched = false;
    await page.route('**/solver-worker.js', async (route) => {
      fetched = true;
      await gate;
      await route.continue();
    });
    await page.goto(env.server.url);
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    const box = page.getByRole('textbox', { name: 'Scramble' });
    await box.fill(SCRAMBLE);
    await box.press('Enter');
    assert.equal(await page.evaluate(() => window.thistle.searching()), true);
    assert.equal(await page.locator('#result').textContent(), 'Searching…');
    assert.equal(await page.getByRole('button', { name: 'Solve', exact: true }).getAttribute('aria-busy'), 'true');
    // Meanwhile the page responds: frames are drawn and playback moves.
    await page.getByRole('button', { name: 'End', exact: true }).click();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    assert.equal((await status(page)).text, 'Solved');
    release();
    await searched(page);
    assert.ok(fetched, 'the worker script was loaded');
    assert.match(await page.locator('#result').textContent(), /^\d+ moves · \d+ in Fastest \(each stage its own shortest\)$/);
    assert.equal(await page.evaluate(() => window.thistle.state()), await stateOf(page, SCRAMBLE));
    assert.equal((await status(page)).position, 0);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
});

describe('links shared on other sites', () => {
  test('parameters the page does not know are ignored, and the link opens', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R%20U&mode=fast&foo=bar&fbclid=IwAR0&utm_source=x`);
    assert.equal(await page.locator('#error').textContent(), '');
    assert.equal(await page.evaluate(() => window.thistle.state()), await stateOf(page, 'R U'));
    assert.equal(await page.locator('input[name="mode"]:checked').getAttribute('value'), 'fast');
    assert.deepEqual(Object.keys(query(page)).sort(), ['mode', 'move', 'scramble'], 'the address drops them');
    // A plain address with only such parameters opens the page as it is.
    const plain = await open(env.browser, `${env.server.url}?utm_source=x`);
    assert.equal(await plain.locator('#error').textContent(), '');
    assert.notEqual(await plain.evaluate(() => window.thistle.state()), SOLVED, 'the example scramble');
    assert.deepEqual([...page.errors, ...plain.errors], []);
  });

  test('a link with no cube of its own keeps its mode, view and move, for the scramble in the box', async () => {
    const page = await open(env.browser, `${env.server.url}?mode=fast&view=colours&move=3`);
    await searched(page);
    assert.equal(await page.locator('#error').textContent(), '');
    assert.equal(await page.locator('input[name="mode"]:checked').getAttribute('value'), 'fast');
    assert.equal(await page.getByRole('radio', { name: 'Colours' }).isChecked(), true);
    assert.equal((await settle(page)).position, 3);
    const box = await page.getByRole('textbox', { name: 'Scramble' }).inputValue();
    await page.evaluate(() => window.thistle.seek(0));
    await settle(page);
    assert.equal(await page.evaluate(() => window.thistle.state()), await stateOf(page, box), "the box's scramble");
    assert.deepEqual(page.errors, []);
  });
});

describe('links from other tools', () => {
  test('an alg.cubing.net reconstruction solves its setup and offers its alg as the link\'s solution', async () => {
    const page = await open(env.browser, `${env.server.url}?setup=R_U_R-_U-&alg=//_a_comment%0AF2_D-&title=test`);
    assert.equal(await page.evaluate(() => window.thistle.state()), await stateOf(page, "R U R' U'"));
    // The attempt opens in the FMC lab; the scramble is Watch's.
    assert.equal(await page.getByRole('tab', { name: 'FMC lab' }).getAttribute('aria-selected'), 'true');
    assert.equal(await page.locator('#scramble').inputValue(), "R U R' U'");
    assert.equal(await page.locator('#error').textContent(), '');
    // Not split into Thistle's stages: it is read out as an attempt, step
    // by step, in the FMC lab's Check region.
    assert.match(await page.locator('#link-solution-text').textContent(), /^The link's solution \(2 moves\) is not four whole stages/);
    assert.ok(await page.getByRole('button', { name: "Play the link's solution" }).isHidden());
    assert.equal(await page.getByRole('textbox', { name: 'Your solution' }).inputValue(), '// a comment\nF2 D\'');
    await page.getByRole('region', { name: 'Check' }).getByText(/^Step 1: F2 D' — /).waitFor();
    // The address becomes Thistle's own link for the same cube.
    assert.equal(query(page).scramble, 'R_U_R-_U-');
    assert.deepEqual(page.errors, []);
  });

  test('a Twizzle link solves its setup-alg; an empty setup leaves the alg as the scramble', async () => {
    for (const setup of ['setup-alg', 'experimental-setup-alg']) {
      const page = await open(env.browser, `${env.server.url}?puzzle=3x3x3&${setup}=R%20U%20R%27&alg=F2+D%27`);
      assert.equal(await page.evaluate(() => window.thistle.state()), await stateOf(page, "R U R'"));
      assert.equal(await page.locator('#scramble').inputValue(), "R U R'");
      assert.match(await page.locator('#link-solution-text').textContent(), /^The link's solution \(2 moves\)/);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
    const page = await open(env.browser, `${env.server.url}?setup=&alg=F2_D-`);
    assert.equal(await page.evaluate(() => window.thistle.state()), await stateOf(page, "F2 D'"));
    assert.ok(await page.locator('#link-solution').isHidden());
  });

  test('pasting another tool\'s link into the Scramble box loads it', async () => {
    const page = await open(env.browser, env.server.url);
    await page.getByRole('radio', { name: 'Fastest' }).check();
    await searched(page);
    await solve(page, 'https://alg.cubing.net/?setup=F_R-&alg=U2_B');
    assert.equal(await page.getByRole('tab', { name: 'Watch' }).getAttribute('aria-selected'), 'true', 'a pasted link stays in Watch');
    assert.equal(await page.evaluate(() => window.thistle.state()), await stateOf(page, "F R'"));
    assert.equal(await page.getByRole('textbox', { name: 'Scramble' }).inputValue(), "F R'");
    assert.equal(query(page).mode, 'fast', 'a link without a mode keeps the chosen one');

    await solve(page, 'https://alpha.twizzle.net/edit/?puzzle=3x3x3&setup-alg=L%27+D&alg=B2');
    assert.equal(await page.evaluate(() => window.thistle.state()), await stateOf(page, "L' D"));

    // A Thistle link pasted in restores its mode and move too.
    await solve(page, `${env.server.url}?scramble=R_U2_F-&mode=fewest&move=2`);
    assert.equal((await status(page)).position, 2);
    assert.equal(query(page).mode, 'fewest');

    // A bad pasted link is reported like a bad scramble, and the cube stays.
    const before = await page.evaluate(() => window.thistle.state());
    await solve(page, 'https://alg.cubing.net/?setup=R&setup=U');
    assert.match(await page.getByRole('alert').filter({ hasText: /\S/ }).textContent(), /appears more than once/);
    assert.equal(await page.evaluate(() => window.thistle.state()), before);

    // A link with no cube in it (the page's own address, another tool's
    // front page) says so, and the cube stays.
    for (const empty of [env.server.url, '?mode=fast', 'https://alg.cubing.net/']) {
      await solve(page, empty);
      assert.match(await page.getByRole('alert').filter({ hasText: /\S/ }).textContent(), /^this link holds no cube: a link to solve has a scramble or a state in it/i, empty);
      assert.equal(await page.evaluate(() => window.thistle.state()), before, empty);
    }

    // So is a bad scramble; the counts of the cube shown stay.
    const counts = await page.locator('#result').textContent();
    await solve(page, 'R U Q');
    assert.match(await page.getByRole('alert').filter({ hasText: /\S/ }).textContent(), /column 5/);
    assert.equal(await page.locator('#result').textContent(), counts);
    assert.match(counts, /^\d+ moves · \d+ in Fastest \(each stage its own shortest\)$/);
    assert.deepEqual(page.errors, []);
  });
});

describe('what is pasted or typed comes back', () => {
  test('a facelet string spaced by face is a state, and its typo is named where it is', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    const superflip = await stateOf(page, "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
    const spaced = superflip.match(/.{9}/g).join(' ');
    await solve(page, spaced);
    assert.equal(await page.evaluate(() => window.thistle.state()), superflip);
    await solve(page, `${spaced.slice(0, -1)}P`);
    assert.match(await page.getByRole('alert').filter({ hasText: /\S/ }).textContent(), /`P` at position B9 \(column 54\)/);
    assert.deepEqual(page.errors, []);
  });

  test('the link of a scramble as long as the box takes opens again on a reload', async () => {
    const page = await open(env.browser, env.server.url);
    await searched(page);
    const long = "R U F' D2 L B' ".repeat(600).trim();
    await solve(page, long);
    const state = await page.evaluate(() => window.thistle.state());
    await page.reload();
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    await searched(page);
    assert.equal(await page.getByRole('alert').filter({ hasText: /\S/ }).count(), 0);
    assert.equal(await page.evaluate(() => window.thistle.state()), state);
    assert.equal(await page.getByRole('textbox', { name: 'Scramble' }).inputValue(), long);
    assert.deepEqual(page.errors, []);
  });
});

describe('links to other tools', () => {
  test('the exported links carry the scramble as setup and the staged solution as alg', async () => {
    const page = await open(env.browser, env.server.url);
    await solve(page, SCRAMBLE);
    const stages = await listedStages(page);
    const algCubing = page.getByRole('link', { name: 'Open in alg.cubing.net' });
    const twizzle = page.getByRole('link', { name: 'Open in Twizzle' });
    for (const link of [algCubing, twizzle]) {
      assert.equal(await link.getAttribute('target'), '_blank');
      assert.equal(await link.getAttribute('rel'), 'noopener');
    }

    const acn = readExport(await algCubing.getAttribute('href'), true);
    assert.equal(acn.host, 'alg.cubing.net');
    assert.equal(acn.params.setup, SCRAMBLE);
    assertStagedAlg(acn.params.alg, STAGE_NAMES, stages);

    const tw = readExport(await twizzle.getAttribute('href'), false);
    assert.equal(tw.host, 'alpha.twizzle.net');
    assert.equal(tw.params.puzzle, '3x3x3');
    assert.equal(tw.params['setup-alg'], SCRAMBLE);
    assertStagedAlg(tw.params.alg, STAGE_NAMES, stages);
    // Setup then alg (comments and all) solves the cube.
    assert.equal(await stateOf(page, `${tw.params['setup-alg']}\n${tw.params.alg}`), SOLVED);
    assert.deepEqual(page.errors, []);
  });

  test('a state without a scramble exports the inverse of its solution as setup', async () => {
    const superflip = 'UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB';
    const page = await open(env.browser, `${env.server.url}?state=${superflip}&mode=fast`);
    assert.equal(await page.evaluate(() => window.thistle.state()), superflip);
    const stages = await listedStages(page);
    const acn = readExport(await page.getByRole('link', { name: 'Open in alg.cubing.net' }).getAttribute('href'), true);
    assert.equal(await stateOf(page, acn.params.setup), superflip);
    assertStagedAlg(acn.params.alg, STAGE_NAMES, stages);
    const tw = readExport(await page.getByRole('link', { name: 'Open in Twizzle' }).getAttribute('href'), false);
    assert.equal(tw.params['setup-alg'], acn.params.setup);
    assert.equal(query(page).state, superflip);
    assert.deepEqual(page.errors, []);
  });

  test('the page\'s own outgoing links load back to the same scramble and play their staged solution', async () => {
    const page = await open(env.browser, env.server.url);
    await solve(page, SCRAMBLE);
    const state = await page.evaluate(() => window.thistle.state());
    const stages = await listedStages(page);
    for (const name of ['Open in alg.cubing.net', 'Open in Twizzle']) {
      const href = await page.getByRole('link', { name }).getAttribute('href');
      const back = await open(env.browser, env.server.url + new URL(href).search);
      assert.equal(await back.evaluate(() => window.thistle.state()), state, `${name}: the same scramble`);
      const total = stages.flat().length;
      assert.equal(await back.locator('#link-solution-text').textContent(), `The link's solution: ${total} moves.`);
      await back.getByRole('button', { name: "Play the link's solution" }).click();
      assert.deepEqual(await listedStages(back), stages, `${name}: the link's stages play`);
      assert.match(await back.locator('#result').textContent(), / · the link's solution$/);
      await back.getByRole('button', { name: 'End' }).click();
      assert.equal((await settle(back)).text, 'Solved');
      assert.deepEqual(back.errors, []);
      await back.close();
    }
  });
});

describe('the solution on show travels with the link', () => {
  // The cube of `L B F2 D R' D' L' D' L` as a state (a scanned cube, say): fewest-moves mode
  // finds 18 moves; the proof finds 13 in well under a second natively. (Given as that short
  // scramble, fewest-moves mode searches again and finds 13 too.)
  const SHORTER = 'BRLBUBDDBDDURRFDDRFFRFFULRFUDLFDLUBBLLRLLRFLFBBDUBUUUR';

  /** Opens the page's own address in a new tab, as a person the link was sent to. */
  const reopen = async (page) => {
    const other = await open(env.browser, page.url());
    await searched(other);
    return other;
  };

  test('after Prove shortest, the address and Share carry the proven solution', async () => {
    const page = await open(env.browser, `${env.server.url}?state=${SHORTER}&mode=fewest`);
    await searched(page);
    const fewest = (await listedStages(page)).flat().length;
    await page.getByRole('button', { name: 'Prove shortest' }).click();
    await page.waitForFunction(() => /^Proven shortest/.test(document.querySelector('.prove-text').textContent), null, { timeout: 60_000 });
    const proven = await listedStages(page);
    assert.ok(proven.flat().length < fewest, `the proof is shorter: ${proven.flat().length} < ${fewest}`);
    await page.getByRole('button', { name: 'Step forward' }).click();
    await settle(page);
    assert.equal(query(page).move, '1');
    assert.ok(query(page).solution, page.url());
    const other = await reopen(page);
    assert.deepEqual(await listedStages(other), proven, 'the link plays the proven solution');
    assert.equal((await status(other)).position, 1);
    assert.equal(await other.evaluate(() => window.thistle.state()), await page.evaluate(() => window.thistle.state()));
    assert.match(await other.locator('#result').textContent(), new RegExp(`^${proven.flat().length} moves`));
    // A new solve is the mode's again, and so is its link.
    await other.getByRole('radio', { name: 'Fastest' }).check();
    await searched(other);
    assert.equal(query(other).solution, undefined);
    assert.deepEqual([...page.errors, ...other.errors], []);
  });

  test("after Play the link's solution, the address carries it", async () => {
    const page = await open(env.browser, env.server.url);
    await solve(page, SCRAMBLE);
    await page.getByRole('radio', { name: 'Fastest' }).check();
    await searched(page);
    const fast = await listedStages(page);
    const href = await page.getByRole('link', { name: 'Open in alg.cubing.net' }).getAttribute('href');
    const reopened = await open(env.browser, env.server.url + new URL(href).search);
    await reopened.getByRole('button', { name: "Play the link's solution" }).click();
    assert.deepEqual(await listedStages(reopened), fast);
    assert.ok(query(reopened).solution, reopened.url());
    const other = await reopen(reopened);
    assert.deepEqual(await listedStages(other), fast, "the link plays the link's solution");
    assert.equal(await other.locator('#link-solution').isHidden(), true);
    assert.deepEqual([...page.errors, ...reopened.errors, ...other.errors], []);
  });
});

describe('sharing', () => {
  test('Share copies the link to the clipboard', async () => {
    const context = await env.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url.replace(/\/$/, '') });
    const page = await openIn(context, `${env.server.url}?scramble=R_U&mode=fast&move=1`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByText('Link copied.').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
    assert.match(page.url(), /\?scramble=R_U&mode=fast&move=1$/);
    assert.deepEqual(page.errors, []);
    await context.close();
  });

  test('where the clipboard is unavailable, Share shows the link selected in a field', async () => {
    const context = await env.browser.newContext();
    await context.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
    const page = await openIn(context, `${env.server.url}?scramble=R_U&mode=fast&move=1`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const field = page.getByRole('textbox', { name: 'Share link' });
    await field.waitFor({ state: 'visible' });
    assert.equal(await field.inputValue(), page.url());
    assert.deepEqual(await field.evaluate((input) => [input.selectionStart, input.selectionEnd, document.activeElement === input]),
      [0, page.url().length, true]);
    await context.close();
  });
});

describe('bad links', () => {
  const BAD = [
    ['?scramble=R&scramble=U', /appears more than once/],
    ['?scramble=R&state=UUU', /contradict each other/],
    ['?scramble=%ZZ', /bad %-escape/],
    ['?scramble=R_Q2', /Q/],
    ['?state=UUUU', /54 letters/],
    ['?puzzle=2x2x2&alg=R', /not a 3x3x3/],
    ['?scramble=%FF', /not valid UTF-8/],
  ];
  // Links whose cube is sound and some other part is not.
  const CUBE_KEPT = [
    ['?scramble=R_U&mode=slow', /neither `fast` nor `fewest`/],
    ['?scramble=R_U&move=-1', /not a count of moves \(0, 1, 2 …\)/],
    ['?scramble=R_U&view=stage&move=abc', /not a count of moves/],
    ['?scramble=R_U&solution=R-~~', /should hold 4 stages parted by `~`, and holds 3/],
    ['?scramble=R_U&solution=R~~~U', /does not solve|keep to Thistlethwaite's stages/],
    // The lab's own values, read by the page's scripts.
    ['?scramble=R_U&niss=2', /parameter `niss` is `2`, neither `1` nor `0`/],
    ['?scramble=R_U&axes=Q/Q', /parameter `axes` is `Q\/Q`, not axes such as `R\/L,U\/D`/],
    ['?scramble=R_U&chosen=9,-1', /parameter `chosen` is `9,-1`, not stages 1 to 4/],
  ];
  test('a bad link gives a message, a solved cube and a page that works', async () => {
    for (const [link, message] of BAD) {
      const page = await open(env.browser, `${env.server.url}${link}`);
      const alert = page.getByRole('alert').filter({ hasText: /\S/ });
      const text = await alert.textContent();
      assert.match(text, /^This link could not be opened: /, link);
      assert.match(text, message, link);
      assert.equal(await page.evaluate(() => window.thistle.state()), SOLVED, link);
      assert.equal((await status(page)).text, 'Solved', link);
      assert.equal(await page.locator('.chip').count(), 4, link);
      assert.equal(await page.locator('#startup-error').isHidden(), true, link);
      assert.deepEqual(page.errors, [], link);
      await page.close();
    }
    // A scramble or state the link holds, read but not a cube, stays in the box to be mended.
    for (const [link, kept] of [['?scramble=R_Q2', 'R Q2'], ['?scramble=R_U_Q&handout=1', 'R U Q'], ['?state=UUUU', 'UUUU']]) {
      const page = await open(env.browser, `${env.server.url}${link}`);
      await page.getByRole('alert').filter({ hasText: /\S/ }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: 'Scramble' }).inputValue(), kept, link);
      assert.equal(await page.getByRole('textbox', { name: 'Scramble' }).getAttribute('aria-invalid'), 'true', link);
      await page.close();
    }
    for (const [link, message] of CUBE_KEPT) {
      const page = await open(env.browser, `${env.server.url}${link}`);
      const text = await page.getByRole('alert').filter({ hasText: /\S/ }).textContent();
      assert.match(text, /^Part of this link could not be read: .*\. Its cube is shown\.$/, link);
      assert.match(text, message, link);
      assert.equal(await page.evaluate(() => window.thistle.state()), await stateOf(page, 'R U'), link);
      assert.equal(await page.locator('#scramble').inputValue(), 'R U', link);
      assert.equal(await page.locator('#scramble').getAttribute('aria-invalid'), null, link);
      // The address is left as it came, for the person to mend.
      assert.equal(page.url(), `${env.server.url}${link}`, link);
      assert.deepEqual(page.errors, [], link);
      await page.close();
    }
    // On a phone the message is on the first screen, below the player.
    const { defaultBrowserType, ...pixel } = devices['Pixel 5'];
    const phone = await openIn(await env.browser.newContext(pixel), `${env.server.url}?scramble=R_U_Q`);
    const told = await phone.getByRole('alert').filter({ hasText: /\S/ }).boundingBox();
    assert.ok(told.y >= 0 && told.y + told.height <= phone.viewportSize().height + 1, `on screen: ${JSON.stringify(told)}`);
    await phone.context().close();
    // The address of a link with no cube to show is kept too.
    const broken = await open(env.browser, `${env.server.url}?scramble=R_Q2&mode=fast`);
    assert.equal(broken.url(), `${env.server.url}?scramble=R_Q2&mode=fast`);
    await broken.close();
    // The page still solves after a bad link.
    const page = await open(env.browser, `${env.server.url}?scramble=R&mode=slow`);
    await solve(page, SCRAMBLE);
    assert.equal(await page.locator('#error').textContent(), '');
    assert.equal(await page.evaluate(() => window.thistle.state()), await stateOf(page, SCRAMBLE));
    assert.equal(query(page).scramble, SCRAMBLE.replace(/ /g, '_').replace(/'/g, '-'));
    assert.deepEqual(page.errors, []);
  });
});

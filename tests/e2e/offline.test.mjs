// Offline and installable: after one visit the service worker serves the
// page, which solves and plays with the network off; a new build is
// installed whole and served to the next page load, while a page already
// open keeps the build it started with, and the old build's cache goes once
// no page uses it; Chromium finds the page installable.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, SOLVED, WWW, open, openIn, searched, serve, settle, takeWay, useBrowser } from './harness.mjs';

const BUILD_FILES = fileURLToPath(new URL('../../scripts/build-files.mjs', import.meta.url));

/** The build version scripts/build-files.mjs wrote into `dir`. */
const versionIn = (dir) => /"version": "([0-9a-f]+)"/.exec(readFileSync(join(dir, 'pkg/files.js'), 'utf8'))[1];

const cacheNames = (page) => page.evaluate(() => caches.keys());

/**
 * Polls an async page function until it is true (waitForFunction takes the
 * promise it returns for true).
 */
async function until(page, test, arg, what) {
  for (const start = Date.now(); !(await page.evaluate(test, arg));) {
    if (Date.now() - start > 30_000) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(100);
  }
}

/** Waits until the service worker is active, with nothing installing or waiting. */
const settledWorker = (page) => until(page, async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(registration && registration.active && !registration.installing && !registration.waiting);
}, null, 'an active service worker');

async function ready(page) {
  await page.waitForFunction(() => window.thistle && window.thistle.ready);
  await searched(page);
}

describe('offline', () => {
  const env = useBrowser();

  test('after one visit, the page loads, solves and plays with the network off', async () => {
    const page = await open(env.browser, env.server.url);
    await settledWorker(page);
    await page.context().setOffline(true);
    const network = await page.evaluate(() => fetch('no-such-file.txt').then(() => 'reached', () => 'offline'));
    assert.equal(network, 'offline');
    page.errors.length = 0;

    await page.reload();
    await ready(page);
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'served by the service worker');
    await page.getByRole('textbox', { name: 'Scramble' }).fill("R U R' U' F2");
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await searched(page);
    const solution = await page.evaluate(() => window.thistle.status());
    assert.ok(solution.total > 0 && solution.position === 0, JSON.stringify(solution));
    assert.notEqual(await page.evaluate(() => window.thistle.state()), SOLVED);
    await page.getByRole('combobox', { name: 'Speed' }).selectOption('4');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction((total) => window.thistle.status().position === total, solution.total, { timeout: 30_000 });
    const played = await settle(page);
    assert.ok(played.solved, JSON.stringify(played));
    assert.equal(await page.evaluate(() => window.thistle.state()), SOLVED);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test("a rare feature's file is not fetched at install, and is kept for offline use once first used", async () => {
    const page = await open(env.browser, env.server.url);
    await settledWorker(page);
    // Served by the service worker from here on.
    await page.reload();
    await ready(page);
    const cached = (path) => page.evaluate(async (file) => Boolean(await caches.match(new URL(file, document.baseURI))), path);
    assert.equal(await cached('teach/webm-muxer.js'), false, 'not at install');
    assert.equal(await cached('teach/video.js'), false, 'Save video itself neither');
    assert.equal(await cached('teach/picture.js'), false, 'nor Save picture');
    assert.equal(await cached('lab/practice.js'), false, 'nor FMC practice');
    assert.equal(await cached('teach/teach.js'), true, 'the rest of the build is');
    await page.context().setOffline(true);
    const offline = () => page.evaluate(() => fetch('teach/webm-muxer.js').then((response) => response.ok, () => false));
    assert.equal(await offline(), false, 'not there offline before its first use');
    // Save video says why it cannot open, offline before its first use.
    await takeWay(page, 'teach');
    await page.getByRole('button', { name: 'Save video' }).click();
    await page.getByText('Save video could not load: it needs the network the first time.').waitFor();
    await page.getByRole('button', { name: 'Save picture' }).click();
    await page.getByText('Save picture could not load: it needs the network the first time.').waitFor();
    await takeWay(page, 'lab');
    await page.getByRole('button', { name: 'Practice' }).click();
    await page.getByText('Practice could not load: it needs the network the first time. The rest of the lab works offline.').waitFor();
    await takeWay(page, 'teach');
    await page.context().setOffline(false);
    // Opened once online, Save video keeps its recorder too, for a video
    // recorded offline later.
    await page.getByRole('button', { name: 'Save video' }).click();
    await page.getByRole('dialog', { name: 'Save video' }).waitFor();
    await until(page, (file) => caches.match(new URL(file, document.baseURI)).then(Boolean), 'teach/webm-muxer.js', 'the file kept');
    await page.context().setOffline(true);
    assert.equal(await offline(), true, 'kept once used');
    await page.context().close();
  });

  test('a handout link opened offline before the handout was first used shows the player and says why', async () => {
    const page = await open(env.browser, env.server.url);
    await settledWorker(page);
    await page.context().setOffline(true);
    page.errors.length = 0;
    await page.goto(`${env.server.url}?scramble=R_U_F&handout=1`);
    await ready(page);
    await page.getByRole('alert').filter({ hasText: 'The handout could not load: it needs the network the first time.' }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Scramble' }).inputValue(), 'R U F');
    assert.equal(await page.getByRole('button', { name: 'Play', exact: true }).isVisible(), true, 'the player');
    await page.context().close();
  });

  test('a new build is served from the next load, an open page keeps its own, and the old cache goes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'thistle-www-'));
    cpSync(WWW, dir, { recursive: true });
    const server = await serve(dir);
    const context = await env.browser.newContext();
    try {
      const first = versionIn(dir);
      const older = await context.newPage();
      await older.goto(server.url);
      await ready(older);
      await settledWorker(older);
      assert.deepEqual((await cacheNames(older)).sort(), [`thistle-${first}`, 'thistle-pins']);
      // A rare feature's file, used on this build.
      const keptIn = (page, build) => page.evaluate(
        async ([name, file]) => Boolean(await (await caches.open(name)).match(new URL(file, document.baseURI))),
        [`thistle-${build}`, 'teach/handout.js'],
      );
      // Served by the service worker from its reload on.
      await older.reload();
      await ready(older);
      await older.evaluate(() => fetch('teach/handout.js'));
      await until(older, (file) => caches.match(new URL(file, document.baseURI)).then(Boolean), 'teach/handout.js', 'the handout kept');

      // A new build: changed JS, listed again with its hashes.
      appendFileSync(join(dir, 'app.js'), "\ndocument.documentElement.dataset.build = 'second';\n");
      execFileSync('node', [BUILD_FILES, dir]);
      const second = versionIn(dir);
      assert.notEqual(second, first);

      // The first load after it is published is served from the cache, and
      // installs the new build.
      const open = await context.newPage();
      await open.goto(server.url);
      await ready(open);
      assert.equal(await open.evaluate(() => document.documentElement.dataset.build), undefined);
      await until(open, (name) => caches.has(name), `thistle-${second}`, 'the new build to install');
      await settledWorker(open);
      assert.equal(await keptIn(open, second), true, 'the rare file used on the old build is kept in the new');
      // That page keeps its build's files, and still solves.
      const app = await open.evaluate(() => fetch('app.js').then((response) => response.text()));
      assert.ok(!app.includes("'second'"), 'an open page is served the build it started with');
      await open.getByRole('button', { name: 'Random', exact: true }).click();
      await searched(open);
      assert.ok((await open.evaluate(() => window.thistle.status())).total > 0);
      assert.deepEqual(open.errors ?? [], []);
      assert.ok((await cacheNames(open)).includes(`thistle-${first}`), 'kept while a page uses it');

      await older.close();
      await open.close();
      const newer = await context.newPage();
      newer.errors = [];
      newer.on('pageerror', (error) => newer.errors.push(error.message));
      await newer.goto(server.url);
      await ready(newer);
      assert.equal(await newer.evaluate(() => document.documentElement.dataset.build), 'second');
      await newer.getByRole('button', { name: 'Random', exact: true }).click();
      await searched(newer);
      assert.ok((await newer.evaluate(() => window.thistle.status())).total > 0);
      await until(newer, async (name) => !(await caches.has(name)), `thistle-${first}`, 'the old build to go');
      assert.deepEqual((await cacheNames(newer)).sort(), [`thistle-${second}`, 'thistle-pins']);
      assert.deepEqual(newer.errors, []);
    } finally {
      await context.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('Chromium finds the page installable', async () => {
    // Installability is not judged in incognito contexts, so this one keeps a profile.
    const profile = mkdtempSync(join(tmpdir(), 'thistle-profile-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM.binary, args: CHROMIUM.args });
    try {
      const page = await openIn(context, env.server.url);
      await settledWorker(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert.deepEqual(installabilityErrors, []);
      const { errors } = await cdp.send('Page.getAppManifest');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

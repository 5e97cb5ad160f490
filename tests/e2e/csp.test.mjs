// The content security policy (index.html's meta tag): scripts only from
// the page's own origin, WebAssembly allowed, no inline script, no plugins,
// no <base>; and the page works whole under it, with no violation reported
// while a person solves, loads the FMC lab, saves a picture and scans.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { open, searched, takeWay, useBrowser } from './harness.mjs';
import { photos } from './photos.mjs';

const env = useBrowser();

const SCRAMBLE = "R U2 F' L D B2 R' U F2 D' L2 B";
const STATE = execFileSync('./target/debug/thistle', ['state', SCRAMBLE], { encoding: 'utf8' }).trim();

/** The page's policy, directive by directive: `{ 'script-src': ["'self'", …], … }`. */
const policy = (page) => page.evaluate(() => Object.fromEntries(
  document.querySelector('meta[http-equiv="Content-Security-Policy"]').content.split(';')
    .map((part) => part.trim().split(/\s+/)).filter(([name]) => name).map(([name, ...values]) => [name, values]),
));

/** Starts recording the policy violations the page reports, from its first script on. */
async function recordViolations(page) {
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.violations.push(`${event.violatedDirective}: ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
}

const violations = (page) => page.evaluate(() => window.violations);

describe('the content security policy', () => {
  test('allows only the page\'s own scripts and WebAssembly: no inline script, no plugins, no base', async () => {
    const page = await open(env.browser, env.server.url);
    const directives = await policy(page);
    assert.deepEqual(directives['script-src'], ["'self'", "'wasm-unsafe-eval'"]);
    assert.deepEqual(directives['object-src'], ["'none'"]);
    assert.deepEqual(directives['base-uri'], ["'none'"]);
    assert.equal(await page.locator('script:not([src])').count(), 0, 'no inline script in the page');
    // The policy is in force: an inline script added now does not run.
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineRan = true;';
      const refused = new Promise((resolve) => document.addEventListener('securitypolicyviolation', resolve, { once: true }));
      document.head.append(script);
      await refused;
      return window.inlineRan === true;
    });
    assert.equal(ran, false);
    // What the inline script did, the page's own first script still does before the first paint.
    assert.match(await page.evaluate(() => document.documentElement.dataset.scheme), /^(light|dark)$/);
    await page.context().close();
  });

  test('no violation while solving, loading the lab, saving a picture and scanning', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.errors = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) page.errors.push(message.text());
    });
    page.on('pageerror', (error) => page.errors.push(error.message));
    await recordViolations(page);
    await page.goto(env.server.url);
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    await searched(page);

    // Solve, in the solver's worker.
    await page.getByRole('textbox', { name: 'Scramble' }).fill(SCRAMBLE);
    await page.getByRole('button', { name: 'Solve' }).click();
    await searched(page);
    assert.equal(await page.evaluate(() => window.thistle.state()), STATE);

    // The FMC lab: its code, its worker and its own WebAssembly module.
    const lab = await takeWay(page, 'lab');
    await lab.getByRole('button', { name: 'Alternatives' }).click();
    await lab.getByRole('listbox').getByRole('option').first().waitFor({ timeout: 30_000 });

    // Save picture.
    const teach = await takeWay(page, 'teach');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      teach.getByRole('button', { name: 'Save picture' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /\.png$/);

    // Scan six photos, read in the lab's worker, into the colour editor.
    await takeWay(page, 'cube');
    await page.locator('input[type="file"]').setInputFiles(await photos(page, STATE));
    await page.waitForFunction((state) => document.getElementById('editor-facelets')?.value === state, STATE, { timeout: 30_000 });

    assert.deepEqual(await violations(page), []);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
});

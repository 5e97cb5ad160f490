import { test } from 'node:test';
import { devices } from 'playwright-core';
import { openIn, searched, takeWay, useBrowser } from './harness.mjs';
const env = useBrowser();
test('shots', async () => {
  for (const [name, opts] of [['desk', { viewport: { width: 1280, height: 800 } }], ['se', devices['iPhone SE']]]) {
    const context = await env.browser.newContext(opts);
    const page = await openIn(context, env.server.url);
    await searched(page);
    await takeWay(page, 'lab');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/lab-${name}.png` });
    await page.screenshot({ path: `/tmp/lab-${name}-full.png`, fullPage: true });
    await context.close();
  }
});

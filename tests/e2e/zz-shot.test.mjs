import { test } from 'node:test';
import { openIn, searched, useBrowser } from './harness.mjs';
const env = useBrowser();
test('shots', async () => {
  for (const [w, h] of [[300, 200], [480, 360], [640, 360]]) {
    const context = await env.browser.newContext({ viewport: { width: w, height: h } });
    const page = await openIn(context, `${env.server.url}?scramble=R_U-_F2_D_L2_B-_R2&embed=1`);
    await searched(page);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/embed-${w}.png` });
    await context.close();
  }
});

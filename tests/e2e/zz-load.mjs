import { serve, launch } from './harness.mjs';
const servers = { old: await serve('/tmp/dist-old'), new: await serve() };
const browser = await launch();
const times = { old: [], new: [] };
let result = {};
for (let round = 0; round < 9; round += 1) {
  for (const which of ['old', 'new']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(servers[which].url);
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    const ready = await page.evaluate(() => performance.getEntriesByName('thistle-ready')[0].startTime);
    times[which].push(ready);
    result[which] = await page.locator('#result').textContent();
    await context.close();
  }
}
const med = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
for (const which of ['old', 'new']) console.log(which, 'ready median', med(times[which]).toFixed(0), times[which].map((t) => t.toFixed(0)).join(' '), '|', result[which]);
await browser.close(); await servers.old.stop(); await servers.new.stop();

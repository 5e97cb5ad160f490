import { launch, open, serve } from './harness.mjs';
const median = (v) => { const s = [...v].sort((a, b) => a - b); return s[s.length >> 1]; };
const server = await serve();
const browser = await launch();
try {
  const page = await open(browser, server.url);
  await page.waitForFunction(() => window.thistle && window.thistle.ready);
  for (let run = 0; run < 2; run++) {
    const fewest = await page.evaluate(() => Array.from(window.thistle.benchFewest(300, 2026)));
    console.log(`fewest median ${median(fewest).toFixed(1)} ms max ${Math.max(...fewest).toFixed(1)}`);
  }
} finally { await browser.close(); server.stop?.(); }

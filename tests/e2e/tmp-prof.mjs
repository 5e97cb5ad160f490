import { launch, open, serve } from './harness.mjs';
const server = await serve('/tmp/prof/dist/');
const browser = await launch();
try {
  const page = await open(browser, server.url);
  await page.waitForFunction(() => window.thistle && window.thistle.ready);
  await page.evaluate(() => window.thistle.benchFewest(20, 1));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.evaluate(() => window.thistle.benchFewest(200, 2026));
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const s of profile.samples) counts.set(s, (counts.get(s) || 0) + 1);
  let total = 0;
  for (const [id, c] of counts) { const n = byId.get(id); const name = n.callFrame.functionName || n.callFrame.url; self.set(name, (self.get(name) || 0) + c); total += c; }
  const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [name, c] of rows) console.log((100 * c / total).toFixed(1).padStart(5), name.slice(0, 150));
} finally { await browser.close(); }

// The page's weight, as the design sets it: a first visit fetches at most
// 300 KB gzipped (the page, and the solver worker it starts once idle), and
// everything kept for offline use stays under 500 KB. Rare features load on
// first use, so neither list may hold them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { firstVisit, keptForOffline, useBrowser } from './harness.mjs';

const env = useBrowser();

const gzipped = (bodies) => bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);

test('a first visit fetches at most 300 KB gzipped, none of it a rare feature', async () => {
  const bodies = await firstVisit(env.browser, env.server.url);
  const paths = [...bodies.keys()];
  for (const needed of ['/', '/pkg/thistle_bg.wasm', '/solver-worker.js', '/favicon.svg']) {
    assert.ok(paths.includes(needed), `${needed} in ${paths.join(', ')}`);
  }
  // A way in's wiring (its folder's first module) comes at once; its features' code does not.
  const rare = /\/(lab|scan|camera|video|handout|follow|picture|editor|prove)(\.js|\.css|_bg\.wasm|-worker\.js)$/;
  assert.ok(!paths.some((path) => rare.test(path)), paths.join(', '));
  const total = gzipped([...bodies.values()]);
  assert.ok(total <= 300 * 1024, `${(total / 1024).toFixed(1)} KB: ${paths.join(', ')}`);
});

test('what is kept for offline use is under 500 KB gzipped', () => {
  const kept = keptForOffline();
  assert.ok(kept.has('pkg/lab_bg.wasm'), [...kept.keys()].join(', '));
  const total = gzipped([...kept.values()]);
  assert.ok(total < 500 * 1024, `${(total / 1024).toFixed(1)} KB`);
});

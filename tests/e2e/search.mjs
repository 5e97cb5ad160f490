// Helpers for the tests of solving modes, share links and the colour editor.

import assert from 'node:assert/strict';

/** Waits until no solve is under way in the page's worker. */
export function searched(page) {
  return page.waitForFunction(() => !window.thistle.searching(), null, { timeout: 30_000 });
}

/** The solution's moves as the page lists them, one array per stage. */
export function listedStages(page) {
  return page.locator('.moves > ol > li').evaluateAll((stages) => stages.map(
    (stage) => [...stage.querySelectorAll('.move')].map((button) => button.textContent),
  ));
}

/** The page's query parameters, decoded as ordinary URL encoding. */
export const query = (page) => Object.fromEntries(new URL(page.url()).searchParams);

/**
 * Reads alg.cubing.net's compact style (`_` a space, `-` a prime, other
 * characters %-escaped) or ordinary URL encoding (Twizzle): `{ host, params }`.
 */
export function readExport(href, compact) {
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
export function assertStagedAlg(alg, names, stages) {
  const lines = alg.split('\n');
  assert.equal(lines.length, 2 * names.length, alg);
  names.forEach((name, k) => {
    assert.equal(lines[2 * k], `// ${name}`);
    assert.equal(lines[2 * k + 1], stages[k].join(' '));
  });
}

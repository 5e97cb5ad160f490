// Helpers for the tests of solving modes, share links and the colour editor.

/** Waits until no solve is under way in the page's worker. */
export function searched(page) {
  return page.waitForFunction(() => !window.thistle.searching(), null, { timeout: 30_000 });
}

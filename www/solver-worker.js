// Thistle's solver worker: runs solves (the fewest-moves search takes
// ~10 ms) off the page's main thread, with its own instance of the same
// WebAssembly module. Messages in: { id, mode, input }, or { id, prove:
// input } for a proof of the shortest solution; out: { id, found }, or for
// a proof { id, progress } now and then and { id, proved } at the end; or
// { id, error: { message, column } }; or { failed } once if the module
// cannot start here.

import init, { prepare, proveShortest, solveStages } from './pkg/thistle.js';

/** Milliseconds between two progress messages of a proof. */
const PROGRESS_MS = 100;

const ready = init().then(() => {
  prepare();
  return true;
}, (error) => {
  postMessage({ failed: String(error && error.message ? error.message : error) });
  return false;
});

function prove(id, input) {
  let last = -Infinity;
  const progress = (report) => {
    const now = performance.now();
    if (now - last < PROGRESS_MS) return;
    last = now;
    postMessage({ id, progress: report });
  };
  return proveShortest(input, progress);
}

addEventListener('message', async ({ data }) => {
  if (!(await ready)) return;
  try {
    if (data.prove) postMessage({ id: data.id, proved: prove(data.id, data.prove) });
    else postMessage({ id: data.id, found: solveStages(data.mode, data.input) });
  } catch (error) {
    postMessage({ id: data.id, error: { message: error.message, column: error.column } });
  }
});

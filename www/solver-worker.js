// Thistle's solver worker: runs solves (the fewest-moves search takes
// ~10 ms) off the page's main thread, with its own instance of the same
// WebAssembly module. Messages in: { id, mode, input }; out: { id, found },
// or { id, error: { message, column } }; or { failed } once if the module
// cannot start here.

import init, { prepare, solveStages } from './pkg/thistle.js';

const ready = init().then(() => {
  prepare();
  return true;
}, (error) => {
  postMessage({ failed: String(error && error.message ? error.message : error) });
  return false;
});

addEventListener('message', async ({ data }) => {
  if (!(await ready)) return;
  try {
    postMessage({ id: data.id, found: solveStages(data.mode, data.input) });
  } catch (error) {
    postMessage({ id: data.id, error: { message: error.message, column: error.column } });
  }
});

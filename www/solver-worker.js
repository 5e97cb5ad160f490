// Thistle's solver worker: runs solves (the fewest-moves search takes
// ~10 ms) off the page's main thread, with its own instance of the same
// WebAssembly module. Messages in: { id, mode, input }; out: { id, found },
// or { id, error: { message, column } }; or { failed } once if the module
// cannot start here.

import init, { prepare, solveStages } from './pkg/thistle.js';
import { answer, startModule } from './worker-start.js';

const ready = startModule(init, () => prepare());

addEventListener('message', async ({ data }) => {
  if (await ready) answer(data.id, 'found', () => solveStages(data.mode, data.input));
});

// Solving off the main thread: sends inputs to solver-worker.js and hands
// back what it found, so a fewest-moves search never freezes the page. If a
// module worker cannot start (old browser, blocked script), solves run here
// instead; the page works either way. The lab's workers, which answer the
// same way, are lab-client.js's.

/** An Error like the ones the wasm API throws: `message` and `column`. */
export function asError({ message, column }) {
  const error = new Error(message);
  if (typeof column === 'number') error.column = column;
  return error;
}

/**
 * Settles the `waiting` requests (id → { resolve, reject }) from `worker`'s
 * replies: `{ id, [field] }` or `{ id, error }`. `fail(reason)` is called
 * when its module cannot start (`{ failed: reason }`) or the worker fails
 * (no reason).
 */
export function settleReplies(worker, waiting, field, fail) {
  worker.addEventListener('message', ({ data }) => {
    if (data.failed !== undefined) {
      fail(data.failed);
      return;
    }
    const request = waiting.get(data.id);
    if (!request) return;
    waiting.delete(data.id);
    if (data.error) request.reject(asError(data.error));
    else request.resolve(data[field]);
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    fail();
  });
}

/**
 * `solve(mode, input)` resolves to the wasm `solveStages` result, or rejects
 * with its error; `now(...)` is the same, synchronously here. The worker
 * starts on the first solve or on `warm()`, so it does not compete with the
 * page's own start.
 */
export function createSolver(wasm) {
  const now = (mode, input) => wasm.solveStages(mode, input);
  const waiting = new Map();
  let next = 1;
  let worker = null;

  const fallBack = () => {
    if (worker) worker.terminate();
    worker = null;
    for (const { args, resolve, reject } of waiting.values()) {
      try {
        resolve(now(...args));
      } catch (error) {
        reject(error);
      }
    }
    waiting.clear();
  };

  let started = false;
  /** Starts the worker (it compiles its own copy of the module). */
  const warm = () => {
    if (started) return;
    started = true;
    try {
      worker = new Worker(new URL('./solver-worker.js', import.meta.url), { type: 'module' });
    } catch {
      worker = null;
      return;
    }
    settleReplies(worker, waiting, 'found', fallBack);
  };

  const solve = (...args) => new Promise((resolve, reject) => {
    warm();
    if (!worker) {
      try {
        resolve(now(...args));
      } catch (error) {
        reject(error);
      }
      return;
    }
    const id = next++;
    waiting.set(id, { args, resolve, reject });
    const [mode, input] = args;
    worker.postMessage({ id, mode, input });
  });

  return { solve, now, warm };
}

// Solving off the main thread: sends inputs to solver-worker.js and hands
// back what it found, so a fewest-moves search never freezes the page. If a
// module worker cannot start (old browser, blocked script), solves run here
// instead; the page works either way.

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
function settleReplies(worker, waiting, field, fail) {
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
  tableBytes = () => wasm.tableBytes();
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

/** The page module's distance tables, for the lab's module (set by `createSolver`). */
let tableBytes = null;

/**
 * A worker on the lab's own module (lab-worker.js), which it loads on first
 * use; it embeds no tables, so it is sent the page module's.
 */
export function labWorker() {
  const worker = new Worker(new URL('./lab-worker.js', import.meta.url), { type: 'module' });
  const tables = tableBytes();
  worker.postMessage({ tables }, [tables.buffer]);
  return worker;
}

/**
 * The lab's calls in one lab worker, started on the first call or by
 * `warm()` (ahead of a call that is coming, so its module loads meanwhile):
 * `call(name, args, transfer)` resolves to the wasm function's result, or rejects
 * with its error (or if no worker can run here).
 */
function createLabClient() {
  const waiting = new Map();
  let next = 1;
  let worker = null;
  const failAll = (message) => {
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
    worker = null;
  };
  const start = () => {
    worker = labWorker();
    settleReplies(worker, waiting, 'result', (reason) => failAll(reason === undefined
      ? 'the lab stopped: its worker failed'
      : `the lab could not start: ${reason}`));
  };
  /** Starts the worker if need be; false if no worker can run here. */
  const warm = () => {
    try {
      if (!worker) start();
      return true;
    } catch {
      return false;
    }
  };
  /** `transfer`: what `args` holds to be moved to the worker, not copied. */
  const call = (name, args, transfer = []) => new Promise((resolve, reject) => {
    if (!warm()) {
      reject(new Error('the lab needs a Web Worker, which this browser cannot start'));
      return;
    }
    const id = next++;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, call: name, args }, transfer);
  });
  return { call, warm };
}

let shared = null;

/**
 * The page's one lab client, for the FMC lab, Scan and the editor's advice:
 * one worker loads the lab's module once for all of them.
 */
export function labClient() {
  shared ??= createLabClient();
  return shared;
}

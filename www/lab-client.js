// The lab's workers (lab-worker.js, on the lab's own module): the one the
// FMC lab, Scan and the editor's advice share, and a proof's (proving.js).
// Loaded with the first of them, not with the page.

import { page } from './page.js';
import { settleReplies } from './solving.js';

/**
 * A worker on the lab's own module (lab-worker.js), which it loads on first
 * use; it embeds no tables, so it is sent the page module's.
 */
export function labWorker() {
  const worker = new Worker(new URL('./lab-worker.js', import.meta.url), { type: 'module' });
  const tables = page.wasm.tableBytes();
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

// Proving the shortest solution in the page: a proof's tasks shared among
// lab workers, one per core (each a lab-worker.js on the lab's module),
// its progress summed and Cancel ending them all. Loaded with Prove
// shortest's code, or when its press is coming (`warmProof`), not with
// the page.

import { labWorker } from './lab-client.js';
import { asError } from './solving.js';

/**
 * Workers a proof shares its tasks among: one per core, at most four (each
 * holds its own tables, tens of megabytes).
 */
const proofWorkers = () => Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 4));

/**
 * A lab worker for a proof's part: `run(args, onProgress)` asks it for one
 * round and resolves to its result (the wasm `ProofRun`'s `quick` or
 * `whole`; the quick round starts the run, which the worker keeps for the
 * later rounds, so they find its incumbent and tasks worked out); `end()`
 * drops the run, and `stop()` ends the worker.
 */
function proofWorker() {
  let worker = null;
  let failed = null;
  try {
    worker = labWorker();
  } catch {
    failed = new Error('proving needs a Web Worker, which this browser cannot start');
  }
  let asked = 0;
  const run = (args, onProgress) => new Promise((resolve, reject) => {
    if (failed) {
      reject(failed);
      return;
    }
    asked += 1;
    const id = asked;
    const hear = ({ data }) => {
      if (data.failed !== undefined) reject(new Error(`the solver could not start: ${data.failed}`));
      else if (data.id !== id) return;
      else if (data.progress) onProgress(data.progress);
      else if (data.error) reject(asError(data.error));
      else resolve(data.result);
      if (!data.progress) leave();
    };
    const fail = (event) => {
      event.preventDefault();
      reject(new Error('the proof stopped: its worker failed'));
      leave();
    };
    const leave = () => {
      worker.removeEventListener('message', hear);
      worker.removeEventListener('error', fail);
    };
    worker.addEventListener('message', hear);
    worker.addEventListener('error', fail);
    worker.postMessage({ id, call: 'prove', args });
  });
  const post = (call) => worker?.postMessage({ call });
  return { run, end: () => post('proofEnd'), warm: () => post('proofWarm'), stop: () => worker?.terminate() };
}

/**
 * The least of parts' results by length and then holder (`shortest::Holder`).
 */
function least(results) {
  const key = ({ found, holder }) => [found.fewestTotal, ...holder];
  const before = (x, y) => {
    const [a, b] = [key(x), key(y)];
    const k = a.findIndex((value, i) => value !== b[i]);
    return k >= 0 && a[k] < b[k];
  };
  return results.reduce((best, result) => (before(result, best) ? result : best));
}

/**
 * The last proof's workers, kept for the next, which then finds the lab's
 * module started and its tables built (a second or so a worker); a
 * cancelled or failed proof's are ended.
 */
let idleProofWorkers = null;

/** How many proofs are under way (their workers are no one's to warm). */
let proofsRunning = 0;

/**
 * Starts a proof's workers ahead of a press of Prove shortest that is
 * coming (the pointer or focus on its controls), each loading the lab's
 * module and building the tables a proof reads, so the first proof does not
 * wait the second or so that takes; the proof then finds them idle. Does
 * nothing while a proof runs or once they are started.
 */
export function warmProof() {
  if (idleProofWorkers || proofsRunning > 0) return;
  idleProofWorkers = Array.from({ length: proofWorkers() }, proofWorker);
  idleProofWorkers.forEach((worker) => worker.warm());
}

/**
 * A proof's whole search is handed out a chunk of its tasks at a time, in
 * order, each to the first worker free: at most one in `CHUNKS` of the
 * tasks (a chunk handed out late finds the best found in the earlier ones,
 * and the first tasks, the most promising, are the heaviest), and near the
 * end a quarter of each worker's share of the tasks left, down to one, so
 * that no worker idles long while another ends its last.
 */
const CHUNKS = 32;

/**
 * Proves the shortest solution of `input` in lab workers of its own, one
 * per core, so ordinary solves go on meanwhile. The workers share its tasks
 * (`shortest::ProofRun`): each runs the quick search on its part, then
 * the whole search a chunk of tasks at a time, in order, each chunk below
 * the best any of them has found when it is handed out, and the answer is
 * the one a single worker finds (a chunk handed out after a find holds
 * only later tasks, whose solutions of that length would lose to it).
 * `onProgress({ nodes, best, searched })` is called now and then, for the
 * whole. With `niss`, each stage may be on either scramble. With `target`,
 * it proves only that none is shorter than `target` moves; it stops after
 * `limitMs` (either may be null). Returns `{ done, cancel }`: `done`
 * resolves to a result of the wasm `ProofRun`'s searches' form for the
 * whole, or rejects with an error (or if no worker can run here: a proof
 * may take minutes, which the page must not freeze for); `cancel()` ends
 * every worker, and `done` rejects with an error named `AbortError`.
 */
export function prove(input, onProgress, { target = null, niss = false, limitMs = null } = {}) {
  const parts = proofWorkers();
  const workers = idleProofWorkers?.length === parts ? idleProofWorkers : Array.from({ length: parts }, proofWorker);
  idleProofWorkers = null;
  proofsRunning += 1;
  const begin = performance.now();
  let cancelled = null;
  const cancelling = new Promise((resolve, reject) => { cancelled = reject; });
  const sum = (results, field) => results.reduce((total, result) => total + result[field], 0);
  // What the searches ended so far have done: nodes, and the share of tasks searched.
  let nodes = 0;
  let searched = 0;
  let best = Infinity;
  // The progress each worker last told of its search under way, with that search's share of the tasks.
  const heard = new Map();
  const tell = (part, share) => (progress) => {
    heard.set(part, { ...progress, share });
    const all = [...heard.values()];
    onProgress({
      nodes: nodes + sum(all, 'nodes'),
      best: Math.min(best, ...all.map((each) => each.best)),
      searched: searched + all.reduce((total, each) => total + each.share * each.searched, 0),
    });
  };
  const args = (searches, { below = null, from = 0, to = 0, part = 0, of = 1 } = {}) => ({
    input,
    target,
    niss,
    below,
    limitMs: limitMs === null ? null : Math.max(0, limitMs - (performance.now() - begin)),
    part,
    parts: of,
    searches,
    from,
    to,
  });
  const done = (async () => {
    try {
      // The quick search counts none of the tasks as searched.
      const quick = await Promise.race([
        Promise.all(workers.map((worker, part) => worker.run(args('quick', { part, of: parts }), tell(part, 0)))),
        cancelling,
      ]);
      heard.clear();
      let answer = least(quick);
      const all = answer.tasks;
      nodes = sum(quick, 'nodes');
      best = answer.found.fewestTotal;
      let bound = Infinity;
      const most = Math.ceil(all / CHUNKS);
      let next = 0;
      let stopped = false;
      // Every worker takes the next chunk until none is left or time is up.
      // A chunk once time is up stops at once, with its tasks' least bound:
      // later tasks' are no less. A proof with no tasks still searches one
      // empty chunk, whose bound is the length it looked below.
      const work = async (worker, part) => {
        while (!stopped && next < Math.max(all, 1)) {
          const from = next;
          const size = Math.max(1, Math.min(most, Math.ceil((all - from) / (4 * parts))));
          const to = Math.min(all, from + size);
          next = Math.max(to, 1);
          const share = (to - from) / Math.max(1, all);
          const below = Math.min(best, target ?? Infinity);
          const result = await worker.run(args('whole', { below, from, to }), tell(part, share));
          heard.delete(part);
          answer = least([answer, result]);
          best = answer.found.fewestTotal;
          bound = Math.min(bound, result.bound);
          nodes += result.nodes;
          searched += share * result.searched;
          if (result.searched < 1) stopped = true;
        }
      };
      await Promise.race([Promise.all(workers.map(work)), cancelling]);
      const result = { ...answer, bound, proven: best <= bound, nodes, searched };
      if (idleProofWorkers) workers.forEach((worker) => worker.stop());
      else {
        workers.forEach((worker) => worker.end());
        idleProofWorkers = workers;
      }
      return result;
    } catch (error) {
      workers.forEach((worker) => worker.stop());
      throw error;
    }
  })();
  let finished = false;
  const finish = () => {
    finished = true;
    proofsRunning -= 1;
  };
  done.then(finish, finish);
  const cancel = () => {
    // A finished proof's workers may be the next one's.
    if (finished) return;
    workers.forEach((worker) => worker.stop());
    const error = new Error('the proof was cancelled');
    error.name = 'AbortError';
    cancelled(error);
  };
  return { done, cancel };
}

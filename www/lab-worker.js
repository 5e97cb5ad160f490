// The FMC lab's worker: loads the lab's own WebAssembly module (pkg/lab.js,
// built without the renderer or the tables) on first use, so a first visit
// never fetches it, and runs its searches off the page's main thread.
// Messages in: { tables } first, the page module's distance tables; then
// { id, call, args } with `call` one of solve, alternatives, check, prove,
// proofEnd, proofWarm, scan, problems, practice, judge;
// out: { id, result }, or { id, error: { message, column } }; a proof also
// sends { id, progress } now and then; { failed } once if the module
// cannot start here.

import init, {
  alternativesFor, checkAttempt, faceletProblems, giveTables, judgePractice, practiceScramble, prepare,
  prepareProofTable, ProofRun, solveLab,
} from './pkg/lab.js';
import { answer, startModule } from './worker-start.js';

/** Milliseconds between two progress messages of a proof. */
const PROGRESS_MS = 100;

// The lab's module embeds no distance tables: the page sends its own
// first, as { tables } (lab-client.js `labWorker`).
let tablesArrived;
const tables = new Promise((resolve) => { tablesArrived = resolve; });
const ready = startModule(init, async () => {
  giveTables(await tables);
  prepare();
});

/**
 * This worker's part of the proof under way (a `ProofRun`: its incumbent
 * and tasks, worked out once), kept between its rounds; a new proof's
 * first round replaces it, and `proofEnd` drops it.
 */
let run = null;

function endProof() {
  run?.free();
  run = null;
}

/**
 * One round of a proof of the shortest solution of `input`, with `niss`
 * each stage on either scramble, or with `target` only that none is
 * shorter than that, stopping after `limitMs` if given: part `part` of
 * `parts` of its tasks, which the page's other workers share, in the
 * `searches` asked for: `quick`, a proof's first round, which starts it,
 * or `whole` on the tasks `from` up to `to` (a chunk the page handed this
 * worker), below `below`.
 */
function prove(id, { input, target, niss, below, limitMs, part, parts, searches, from, to }) {
  if (searches === 'quick') {
    endProof();
    run = new ProofRun(input, target ?? undefined, niss);
  }
  if (!run) throw new Error('a proof\'s round came before its start');
  const begin = performance.now();
  let last = -Infinity;
  const listen = (report) => {
    const now = performance.now();
    if (now - last >= PROGRESS_MS) {
      last = now;
      postMessage({ id, progress: report });
    }
    return !(limitMs !== null && now - begin >= limitMs);
  };
  return searches === 'quick'
    ? run.quick(part, parts, listen)
    : run.whole(part, parts, from, to, below ?? undefined, listen);
}

/**
 * Builds the tables a proof reads, ahead of one that is coming, a table at
 * a time: between two, a proof asked for meanwhile goes first (it builds
 * what it reads itself), and once one has started, the rest are its own.
 */
async function warmProof() {
  for (let k = 0; !run && prepareProofTable(k); k += 1) {
    await new Promise((resolve) => { setTimeout(resolve, 0); });
  }
}

/**
 * Reads six photos (transferred ImageBitmaps) as a cube: their pixels are
 * drawn here, off the page's main thread. `{ read }`, or `{ failed }` with
 * the error's fields, which the message channel's error path would drop.
 */
async function scan(bitmaps) {
  // Reading photos is a module of its own, loaded on the first scan, and
  // kept for offline use once it has been.
  const module = await import('./pkg/scan.js').catch(() => {
    throw new Error('reading photos could not load: it needs the network the first time. The colour editor works offline');
  });
  await module.default();
  const photos = bitmaps.map((bitmap) => {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const { width, height, data } = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width, height, data };
  });
  try {
    return { read: module.readPhotos(photos) };
  } catch ({ message, kind, photo, photos: named, cubes, facelets, photoOf }) {
    return { failed: { message, kind, photo, photos: named, cubes, facelets, photoOf } };
  }
}

const calls = {
  solve: (id, { input, options }) => solveLab(input, options),
  alternatives: (id, { input, shown, stage, count, niss }) => alternativesFor(input, shown, stage, count, niss),
  check: (id, { input, text, complete }) => checkAttempt(input, text, complete),
  prove,
  proofEnd: endProof,
  proofWarm: () => { warmProof(); },
  scan: (id, { bitmaps }) => scan(bitmaps),
  problems: (id, { text, photos }) => faceletProblems(text, photos),
  practice: () => practiceScramble(),
  judge: (id, { scramble, solution }) => judgePractice(scramble, solution),
};

addEventListener('message', async ({ data }) => {
  if (data.tables) {
    tablesArrived(data.tables);
    return;
  }
  if (await ready) answer(data.id, 'result', () => calls[data.call](data.id, data.args));
});

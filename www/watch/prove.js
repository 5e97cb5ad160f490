// The "Prove shortest" action: proves that no shorter four-stage solution
// of the cube on display exists in any orientation (or, asked for a bound,
// none shorter than it), within a time limit, in a worker of its own
// (solving.js `prove`), so the page stays usable; shows the nodes searched,
// the best length so far and how much of the search for a shorter one is
// done, with a progress bar; Cancel ends the worker. With "Prove with
// NISS" each stage may be on the normal or the inverse scramble. A
// finished proof is shown as the current solution, with a note that it is
// proven.

import { page, wholeSolution } from '../page.js';
import { prove } from '../proving.js';

/** The solution on display: its length as a competitor counts it (with NISS, the whole solution's), and whether it uses NISS. */
function onShow() {
  const { stages, total } = page.solution;
  return { length: wholeSolution(page.solution)?.moves.length ?? total, niss: stages.some((stage) => stage.side === 'inverse') };
}

// Made on first use: building a number format loads locale data, which
// would hold up the page's start by tens of milliseconds.
let numberFormat = null;
const count = (n) => {
  numberFormat ??= new Intl.NumberFormat('en');
  return numberFormat.format(n);
};
const moves = (n) => `${n} move${n === 1 ? '' : 's'}`;
/** What a proof is of: not the cube's shortest solution of any kind. */
const FOUR_STAGES = 'Of four-stage solutions: the cube may have shorter ones of other kinds.';

const keyOf = (wanted) => (wanted ? JSON.stringify(wanted.input) : '');

/**
 * Runs the action whose controls are in `root` (index.html: the page loads
 * this module on the first press of Prove shortest). `current()` is what is
 * on display ({ input, mode, position }); `show(wanted, found, niss)` displays a
 * solution of it found in the worker (with NISS where `niss`), unless the one on display is shorter. Returns `{ start, shown(wanted) }`:
 * `start()` proves the cube on display, as a press does; the page calls
 * `shown` whenever it displays a solution, so a note about another cube is
 * cleared.
 */
export function createProve({ root, current, show }) {
  const part = (id) => root.querySelector(`#${id}`);
  const [start, cancel, bar, target, limit, text, said, nissSwitch] = ['prove-start', 'prove-cancel', 'prove-bar', 'prove-target', 'prove-limit', 'prove-text', 'prove-said', 'prove-niss'].map(part);
  // The progress line changes four times a second for as long as a proof
  // runs: it is shown, not spoken. Its start and its outcome are said.
  const tell = (words) => {
    text.textContent = words;
    said.textContent = words;
  };

  let running = null;
  let proven = '';

  // A keyboard user's focus follows the button that replaces the one it
  // was on (a disabled or hidden button drops it to the page's start).
  const idle = () => {
    running = null;
    start.disabled = false;
    if (document.activeElement === cancel) start.focus();
    cancel.hidden = true;
    bar.hidden = true;
  };

  // Each worker sends its progress up to ten times a second (lab-worker.js),
  // so with several the page would repaint tens of times a second, taking
  // CPU from them (in software rendering, a third of the cores); it shows a
  // few updates a second, across all of them, and the result replaces the
  // last anyway.
  let shownAt = -Infinity;
  const report = ({ nodes, best, searched }) => {
    const now = performance.now();
    if (now - shownAt < 250) return;
    shownAt = now;
    bar.max = 1;
    bar.value = searched;
    text.textContent = `${count(nodes)} nodes · best ${moves(best)} · ${Math.floor(searched * 100)}% searched for shorter`;
  };

  const run = async () => {
    const wanted = current();
    if (!wanted || running) return;
    const wantedTarget = target.value === '' ? null : Math.max(1, Math.round(Number(target.value)));
    const limitMs = limit.value === '' ? null : Number(limit.value);
    const niss = nissSwitch.checked;
    const proof = prove(wanted.input, report, { target: wantedTarget, niss, limitMs });
    running = proof;
    const focused = document.activeElement === start;
    cancel.hidden = false;
    if (focused) cancel.focus();
    start.disabled = true;
    bar.hidden = false;
    bar.removeAttribute('value');
    shownAt = -Infinity;
    tell('Proving…');
    try {
      const proved = await proof.done;
      // A solution on show that is shorter (found with NISS, or with more
      // slack than the proof allows) stays: the proof is of its own scope.
      const onDisplay = keyOf(current()) === keyOf(wanted) ? onShow() : null;
      const kept = onDisplay && onDisplay.length < proved.found.fewestTotal
        ? ` The solution on show, ${moves(onDisplay.length)}${onDisplay.niss ? ' with NISS' : ''}, is shorter and stays${onDisplay.niss && !niss ? ': Prove with NISS covers it' : ''}.`
        : '';
      if (onDisplay && !kept) {
        proven = keyOf(wanted);
        show(wanted, proved.found, niss);
      }
      const best = moves(proved.found.fewestTotal);
      const over = `over all six orientations${niss ? ' with NISS' : ''}, ${proved.scope}`;
      if (proved.proven) {
        tell(`Proven shortest: ${best} ${over} (${count(proved.nodes)} nodes). ${FOUR_STAGES}${kept}`);
      } else if (wantedTarget !== null && proved.bound >= wantedTarget) {
        tell(`Proven: none shorter than ${moves(wantedTarget)} ${over}; best ${best} (${count(proved.nodes)} nodes). ${FOUR_STAGES}${kept}`);
      } else {
        tell(`Gave up after ${limit.selectedOptions[0].textContent.replace('give up after ', '')}, ${Math.floor(proved.searched * 100)}% searched: none shorter than ${proved.bound} so far; best ${best}.${kept}`);
      }
    } catch (error) {
      tell(error.name === 'AbortError'
        ? `Cancelled. ${text.textContent.startsWith('Proving') ? '' : text.textContent}`.trim()
        : `The proof failed: ${error.message}`);
    } finally {
      if (running === proof) idle();
    }
  };
  start.addEventListener('click', run);

  cancel.addEventListener('click', () => {
    if (running) running.cancel();
  });

  return {
    start: run,
    shown(wanted) {
      if (keyOf(wanted) !== proven && !running) tell('');
      if (keyOf(wanted) !== proven) proven = '';
    },
  };
}

// The "Prove shortest" action: proves that no shorter four-stage solution
// of the cube on display exists in any orientation (or, asked for a bound,
// none shorter than it), within a time limit, in a worker of its own
// (solving.js `prove`), so the page stays usable; shows the nodes searched,
// the best length so far and the bound still open, with a progress bar
// from the bound towards the best; Cancel ends the worker. A finished proof
// is shown as the current solution, with a note that it is proven.

import { prove } from './solving.js';

// Made on first use: building a number format loads locale data, which
// would hold up the page's start by tens of milliseconds.
let numberFormat = null;
const count = (n) => {
  numberFormat ??= new Intl.NumberFormat('en');
  return numberFormat.format(n);
};
const moves = (n) => `${n} move${n === 1 ? '' : 's'}`;
const keyOf = (wanted) => (wanted ? JSON.stringify(wanted.input) : '');

function element(tag, props = {}) {
  return Object.assign(document.createElement(tag), props);
}

/**
 * Builds the action into `root`. `current()` is what is on display
 * ({ input, mode, position }); `show(wanted, found)` displays a solution of
 * it found in the worker. Returns `{ shown(wanted) }`, which the page calls
 * whenever it displays a solution, so a note about another cube is cleared.
 */
export function createProve({ root, current, show }) {
  const start = element('button', { type: 'button', textContent: 'Prove shortest' });
  const cancel = element('button', { type: 'button', textContent: 'Cancel', hidden: true });
  const bar = element('progress', { hidden: true });
  bar.setAttribute('aria-label', 'Proof progress');
  const text = element('span', { className: 'prove-text' });
  text.setAttribute('aria-live', 'polite');
  // A bound to prove instead of the shortest, and a time limit.
  const target = element('input', { type: 'number', min: '1', max: '40', step: '1', placeholder: 'any', className: 'prove-target' });
  target.setAttribute('aria-label', 'Prove none shorter than');
  const limit = element('select', { className: 'prove-limit' });
  limit.setAttribute('aria-label', 'Give up after');
  limit.append(...[['10 s', 10_000], ['1 min', 60_000], ['10 min', 600_000], ['never', '']].map(
    ([label, ms]) => new Option(`give up after ${label}`, String(ms), ms === 60_000, ms === 60_000),
  ));
  const options = element('span', { className: 'prove-options' });
  options.append(element('label', { textContent: 'none shorter than ' }), target, limit);
  options.querySelector('label').htmlFor = target.id = 'prove-target';
  root.append(start, cancel, bar, options, text);

  let running = null;
  let proven = '';

  const idle = () => {
    running = null;
    start.disabled = false;
    cancel.hidden = true;
    bar.hidden = true;
  };

  const report = ({ nodes, best, bound }) => {
    bar.max = best;
    bar.value = bound;
    text.textContent = `${count(nodes)} nodes · best ${moves(best)} · none shorter than ${bound}`;
  };

  start.addEventListener('click', async () => {
    const wanted = current();
    if (!wanted || running) return;
    const wantedTarget = target.value === '' ? null : Math.max(1, Math.round(Number(target.value)));
    const limitMs = limit.value === '' ? null : Number(limit.value);
    const run = prove(wanted.input, report, { target: wantedTarget, limitMs });
    running = run;
    start.disabled = true;
    cancel.hidden = false;
    bar.hidden = false;
    bar.removeAttribute('value');
    text.textContent = 'Proving…';
    try {
      const proved = await run.done;
      if (keyOf(current()) === keyOf(wanted)) {
        proven = keyOf(wanted);
        show(wanted, proved.found);
      }
      const best = moves(proved.found.fewestTotal);
      if (proved.proven) {
        text.textContent = `Proven shortest: ${best} over all six orientations, ${proved.scope} (${count(proved.nodes)} nodes).`;
      } else if (wantedTarget !== null && proved.bound >= wantedTarget) {
        text.textContent = `Proven: none shorter than ${moves(wantedTarget)} over all six orientations, ${proved.scope}; best ${best} (${count(proved.nodes)} nodes).`;
      } else {
        text.textContent = `Gave up after ${limit.selectedOptions[0].textContent.replace('give up after ', '')}: none shorter than ${proved.bound} so far; best ${best}.`;
      }
    } catch (error) {
      text.textContent = error.name === 'AbortError'
        ? `Cancelled. ${text.textContent.startsWith('Proving') ? '' : text.textContent}`.trim()
        : `The proof failed: ${error.message}`;
    } finally {
      if (running === run) idle();
    }
  });

  cancel.addEventListener('click', () => {
    if (running) running.cancel();
  });

  return {
    shown(wanted) {
      if (keyOf(wanted) !== proven && !running) text.textContent = '';
      if (keyOf(wanted) !== proven) proven = '';
    },
  };
}

// Watch, the first way in: the Scramble box with Solve and Random, the
// modes, and Prove shortest (whose code loads on its first press). The
// stage panel, Progress and the move list it shows follow the player.

import { $, page, ui } from '../page.js';
import { countsWith, display, fitInput, load, mode, solveInput } from '../show.js';
import { keepDraft } from '../remembered.js';

export function wireWatch() {
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    solveInput();
  });
  ui.random.addEventListener('click', () => {
    load({ input: page.wasm.randomInput(), mode: mode(), position: 0 });
  });
  // A new mode solves what the box holds, typed or not: nothing is lost.
  for (const radio of document.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener('change', solveInput);
  }
  ui.input.addEventListener('keydown', (event) => {
    // Enter solves; Shift+Enter starts a new line.
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    ui.form.requestSubmit();
  });
  // The box fits its lines whenever its width changes: at the start, on a
  // turn of the phone, and when Watch shows after a way that hid it.
  new ResizeObserver(() => requestAnimationFrame(fitInput)).observe(ui.form);
  ui.input.addEventListener('input', () => {
    fitInput();
    // Kept over a reload until it is solved (show.js).
    if (page.wanted) keepDraft('scramble', page.wanted.input.text, ui.input.value);
    if (ui.input.hasAttribute('aria-invalid')) {
      ui.input.removeAttribute('aria-invalid');
      ui.error.textContent = '';
      ui.stale.hidden = true;
    }
  });
  const proveFirst = async () => {
    $('prove-start').removeEventListener('click', proveFirst);
    const { createProve } = await import('./prove.js');
    page.prove = createProve({
      root: $('prove'),
      current: () => page.wanted,
      // A proof with NISS is counted as the lab counts a NISS solve.
      show: (wanted, found, niss) => display({ ...wanted, mode: 'fewest', position: 0, stages: found.stages }, found,
        niss ? countsWith(found, { niss, axes: null }) : null),
    });
    page.prove.start();
  };
  $('prove-start').addEventListener('click', proveFirst);
  // A mouse over the proof's controls, or focus coming to them: a press is
  // likely, so its workers start now (proving.js `warmProof`, loaded then). Not a touch,
  // which may be a scroll passing by, and is a tap's own start anyway; nor
  // focus moved within them (back to Prove shortest after a proof).
  const warmProof = () => import('../proving.js').then((proving) => proving.warmProof(), () => {});
  const controls = $('prove');
  controls.addEventListener('pointerenter', (event) => {
    if (event.pointerType === 'mouse') warmProof();
  });
  controls.addEventListener('focusin', (event) => {
    if (!controls.contains(event.relatedTarget)) warmProof();
  });
}

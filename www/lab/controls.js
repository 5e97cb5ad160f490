// The FMC lab's controls, wired when the lab is first taken (ways.js), with
// their style sheet: Axes and NISS solve again, and the rest (Alternatives,
// Copy write-up, Check) load the lab (lab.js, with its own worker and
// module) on first use, as Practice loads practice.js. The worker starts a
// little ahead, once a mouse is over Alternatives or Check or focus comes
// to them or to the attempt's box.

import { $, page, styleSheet, ui } from '../page.js';
import { keepDraft, recall } from '../remembered.js';
import { load, useLab } from '../show.js';
import { labClient } from '../lab-client.js';

await styleSheet('lab/lab.css');

/**
 * FMC practice (practice.js), loaded and built on first use, and kept for
 * offline use from then on (scripts/build-files.mjs); offline before that,
 * the lab says why it cannot open.
 */
async function usePractice() {
  if (!page.practice) {
    const { createPractice } = await import('./practice.js').catch((error) => {
      $('lab-note').textContent = 'Practice could not load: it needs the network the first time. The rest of the lab works offline.';
      throw error;
    });
    page.practice ??= createPractice(ui.checkResult);
    // Practice opens below the button, once, and stays open.
    const button = $('practice-button');
    button.setAttribute('aria-controls', page.practice.region.id);
    button.setAttribute('aria-expanded', 'true');
  }
  return page.practice;
}

/**
 * The solution on show as an FMC competitor reads it: the scramble, then
 * the write-up (a line per stage with its running total, inverse moves in
 * parentheses, then the whole solution), which the lab's choices change.
 */
function showSolution() {
  const box = $('lab-solution');
  const scramble = document.createElement('p');
  scramble.className = 'reading';
  scramble.textContent = page.solution.scramble ? `Scramble: ${page.solution.scramble}`
    : !page.wanted?.input.text.trim() ? 'No scramble yet: paste one above, or press Random.'
      : 'A cube state, with no scramble of its own.';
  const writeUp = document.createElement('pre');
  writeUp.tabIndex = 0;
  writeUp.textContent = page.app.writeUp();
  box.replaceChildren(scramble, writeUp);
}

export function wireLab() {
  page.showLabSolution = showSolution;
  showSolution();
  // A new solve: choices made among the old one's alternatives go with it.
  const resolve = () => {
    page.chosen.clear();
    load({ ...page.wanted, position: 0, stages: null, mode: 'fewest' });
  };
  ui.niss.addEventListener('change', resolve);
  ui.axes.addEventListener('change', resolve);
  // A list or a check is likely: the lab's worker loads its module and
  // builds its tables now (a few tenths of a second), not after the press.
  // Not a touch, which may be a scroll passing by; nor taking the lab alone,
  // whose module is for those who use it.
  for (const control of [ui.alternatives, ui.checkForm]) {
    control.addEventListener('pointerenter', (event) => {
      if (event.pointerType === 'mouse') labClient().warm();
    });
    control.addEventListener('focusin', () => labClient().warm());
  }
  ui.alternatives.addEventListener('click', async () => (await useLab()).openAlternatives());
  ui.copyWriteUp.addEventListener('click', async () => (await useLab()).copyWriteUp());
  $('practice-button').addEventListener('click', () => usePractice().then((practice) => practice.focus(), () => {}));
  // Proofs are Watch's (one proof runs at a time, whichever way is open).
  $('prove-in-watch').addEventListener('click', async () => {
    await page.ways.take('watch');
    $('prove-start').scrollIntoView({ block: 'nearest' });
    $('prove-start').focus();
  });
  // An attempt under way carries on after a reload.
  if ((recall('thistle.practice.attempt') ?? 'null') !== 'null') usePractice().catch(() => {});
  ui.checkForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    (await useLab()).check();
  });
  // What is typed survives a reload before it is checked (the link keeps it once it is).
  ui.attempt.addEventListener('input', () => keepDraft('attempt', page.wanted.input.text, ui.attempt.value));
  ui.attempt.addEventListener('keydown', (event) => {
    // Ctrl+Enter checks; Enter starts a new line, as one step per line.
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.isComposing) return;
    event.preventDefault();
    ui.checkForm.requestSubmit();
  });
}

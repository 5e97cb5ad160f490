// The glossary: the words the stage panel, Progress, the legend and the FMC
// lab use (move notation, EO, DR and its cases, HTR, NISS, coset, G0–G3, tetrad, parity, the slices), in
// plain words, in a dialog one control away from all of them. Loaded on
// first use.

import { showDialog } from './dialog.js';

const TERMS = [
  ['Moves: R, R\', R2', 'A letter turns one face: U up, D down, R right, L left, F front, B back. R alone is a quarter turn clockwise as you look at that face, R\' ("R prime", also printed R′) anticlockwise, and R2 a half turn. Each counts as one move.'],
  ['Stage', 'One of the four steps Thistlethwaite\'s method solves the cube in. Each allows fewer kinds of turn than the one before, until half turns alone finish it.'],
  ['EO (edge orientation)', 'Stage 1, Orient edges: every edge is turned the right way round, so none needs flipping again. Fewest-moves solvers call it EO.'],
  ['DR (domino reduction)', 'Stage 2, Orient corners + slice: every corner\'s top or bottom colour faces up or down, and the four middle-layer edges are in the middle layer. The cube then turns like a 3×3×2 "domino".'],
  ['DR case (4c2e)', 'How far from DR, on the axis named: 4c2e is 4 twisted corners and 2 middle-layer edges out of that layer.'],
  ['HTR (half-turn reduction)', 'Stage 3, Separate pieces: the pieces are sorted so that half turns alone can finish the cube.'],
  ['Finish', 'Stage 4, Half-turn finish: half turns solve the cube.'],
  ['NISS', 'Normal-inverse scramble switch: a step may be found on the inverse scramble (the scramble undone, backwards). Moves found there are written in parentheses, and undone at the end of the whole solution.'],
  ['G0, G1, G2, G3', 'The groups of positions each stage works in: G0 is every position; G1, those that need no edge flipped; G2, those quarter turns of U and D and half turns of the rest reach (U and D, or the faces the corners are oriented to); G3, those half turns alone reach. Each stage takes the cube from one group to the next.'],
  ['Axis (R/L, U/D, F/B)', 'A pair of opposite faces, named by both: R/L is right and left. A stage is done on an axis: after EO on F/B, F and B turn only by half turns; after DR on U/D, only U and D still turn by quarter turns. Fewest moves tries every axis and keeps the shortest; Fastest keeps to edges F/B, corners U/D.'],
  ['Coset', 'One class of positions that a stage treats as the same, as they look the same to it (the same edges flipped, say): one is the other with the next group\'s turns done before the scramble. Turns done after it can change the class. A stage\'s table gives each coset\'s distance to the goal.'],
  ['Tetrad', 'One of the two sets of four corners that half turns keep apart: URF, ULB, DLF, DRB and UFL, UBR, DFR, DBL. Stage 3 puts each corner in its own tetrad, in an arrangement half turns can solve: 1 in 6 of the arrangements within the tetrads, 1 in 3 once the parity is even.'],
  ['Parity', 'Whether the corners\' arrangement is an even or odd number of swaps from solved. The edges\' always matches it, as a quarter turn moves four of each in a cycle (three swaps of each). A half turn is two swaps of each, so it cannot change it: stage 3 makes it even.'],
  ['The slices (M, E, S)', 'The middle layers: M between R and L, E between U and D, S between F and B. On other axes a stage names the slice its axes make.'],
  ['Middle layer', 'In stage 2, the slice between the two faces the corners are oriented to; its four edges must end up in it.'],
  ['Distance', 'The fewest moves, of the stage\'s allowed turns, from this position to the stage\'s goal.'],
];

let dialog = null;

/** Builds the dialog once: a heading, the terms as a description list, Close. */
function build() {
  dialog = document.createElement('dialog');
  dialog.className = 'dialog glossary';
  dialog.id = 'glossary';
  dialog.setAttribute('aria-labelledby', 'glossary-title');
  const title = document.createElement('h2');
  title.id = 'glossary-title';
  title.textContent = 'Glossary';
  // Opened at its top: focus on Close, its last control, would scroll a
  // glossary taller than the screen to its end.
  title.tabIndex = -1;
  title.autofocus = true;
  const list = document.createElement('dl');
  for (const [term, meaning] of TERMS) {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.textContent = meaning;
    list.append(dt, dd);
  }
  const form = document.createElement('form');
  form.method = 'dialog';
  const close = document.createElement('button');
  close.type = 'submit';
  close.textContent = 'Close';
  form.append(close);
  dialog.append(title, list, form);
  // A tap on the backdrop closes it too: a phone has no Esc.
  dialog.addEventListener('click', (event) => {
    const { left, right, top, bottom } = dialog.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    if (event.target === dialog && (x < left || x > right || y < top || y > bottom)) dialog.close();
  });
  document.body.append(dialog);
}

/**
 * Opens the glossary (closing it returns focus to the control that opened
 * it), at `term`'s entry where one is named: focused, so it is on screen
 * and read out.
 */
export function openGlossary(term) {
  if (!dialog) build();
  showDialog(dialog, () => {
    const entry = term && [...dialog.querySelectorAll('dt')].find((dt) => dt.textContent.startsWith(term));
    if (entry) {
      entry.tabIndex = -1;
      // At the dialog's top, its meaning below it: clear of Close, which
      // stays at the foot.
      entry.focus({ preventScroll: true });
      entry.scrollIntoView({ block: 'start' });
    }
  });
}

// Printing the page (Ctrl+P): style.css's print rules lay out the cube,
// the status, Progress, the stage and the moves, without the controls. A
// canvas that WebGL draws prints blank, so the cube is copied, as drawn,
// into a plain picture as printing begins; the moves are written out as
// text, not as the list's buttons. Print handout prints its own sheet
// instead. Ctrl+P and the browser's menu both call prepare (keys.js).

import { fmcAfter, page, ui } from './page.js';

/** The sheet's parts, made on the first print. */
let sheet = null;

function makeSheet() {
  const picture = document.createElement('canvas');
  picture.className = 'print-cube';
  picture.setAttribute('role', 'img');
  picture.setAttribute('aria-label', 'The cube as shown');
  const moves = document.createElement('section');
  moves.className = 'print-moves';
  moves.setAttribute('aria-label', 'Moves');
  const box = document.createElement('div');
  box.id = 'print-sheet';
  box.className = 'print-sheet';
  box.append(picture, moves);
  ui.canvas.closest('.stage-box').after(box);
  return { picture, moves };
}

/** The scramble, to set a cube up from, then the solution's moves a stage a line, the current move marked. */
function writeMoves(box) {
  const { position } = page.app.status();
  const scramble = document.createElement('p');
  scramble.append(Object.assign(document.createElement('strong'), { textContent: 'Scramble: ' }), page.solution.scramble || 'none, solved');
  box.replaceChildren(scramble, ...page.solution.stages.map((stage) => {
    const line = document.createElement('p');
    const heading = document.createElement('strong');
    heading.textContent = `${stage.name}${fmcAfter(stage.name, stage.fmc)} · ${stage.moves.length}: `;
    line.append(heading, stage.moves.length ? '' : 'nothing to do');
    stage.moves.forEach((move, k) => {
      // FMC notation: the stage's inverse moves in one pair of parentheses.
      const inverse = stage.side === 'inverse';
      const text = `${inverse && k === 0 ? '(' : ''}${move}${inverse && k === stage.moves.length - 1 ? ')' : ''}`;
      const index = stage.start + k;
      // The last move played is in bold.
      if (index === position - 1) {
        const word = document.createElement('b');
        word.textContent = text;
        line.append(word, ' ');
      } else {
        line.append(`${text} `);
      }
    });
    return line;
  }));
}

/** Copies the cube as drawn now, and the moves, into the printed sheet. */
export function prepare() {
  if (!page.app || !page.solution) return;
  sheet ??= makeSheet();
  writeMoves(sheet.moves);
  if (ui.canvas.hidden) return;
  const { picture } = sheet;
  picture.width = ui.canvas.width;
  picture.height = ui.canvas.height;
  // The drawing buffer is kept only until the frame ends: draw, then copy;
  // on paper's white, in the dark scheme too.
  const dark = document.documentElement.dataset.scheme === 'dark';
  if (dark) page.app.setDark(false);
  page.app.render();
  picture.getContext('2d').drawImage(ui.canvas, 0, 0);
  if (dark) {
    page.app.setDark(true);
    page.app.render();
  }
}

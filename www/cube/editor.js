// The colour editor: a second way to enter a cube, made for a phone. A 2D
// net (U above; L F R B in a row; D below), one button a sticker, in which
// the face being painted is drawn large and the others small around it, so
// all 54 fit from 320 px wide. Every sticker but the centres starts not
// painted (Start from solved, or from the shown cube, is a button away).
// A tap selects a sticker; a colour (tapped,
// or typed as W Y G B R O or 1–6) paints it and selects the next in
// Kociemba's order (U R F D L B, each row by row, centres skipped, as they
// are fixed); Backspace goes back one and clears it. So typing 48 letters
// enters a cube. A face of one colour is painted at once. While it is open
// the player shows the cube being painted, and the cube is kept on this
// device until solved. Every change is checked by the solver's own facelet
// rules (wasm `checkFacelets`): "Solve this" is enabled only for a valid
// cube. The problems of one that is not (one per mistake, in plain words)
// come from the lab's worker, and are listed and their stickers ringed when
// it answers. A scan (scan.js) loads its reading here, its unsure stickers
// marked until painted, and its problems name the photos that show the
// stickers at fault. The 54-letter string, in and out, is facelet-box.js's.

import { stickyHeight } from '../cube.js';
import { cell, NET_COLUMNS as COLUMNS, NET_ROWS as ROWS } from '../net.js';
import { styleSheet } from '../page.js';
import { recall, remember } from '../remembered.js';
import { element, sentence } from './element.js';
import { createFaceletBox } from './facelet-box.js';
import {
  BLANK, faceOf, FACES, isCentre, name, SOLVED, step, TOP_WHILE_PAINTING, UNKNOWN, UNPAINTED,
} from './stickers.js';

await styleSheet('cube/own-cube.css');

const CELLS = new Map(SOLVED.map((_, index) => [cell(index).join(','), index]));
/** Where the cube being painted is kept on this device. */
const KEPT = 'thistle.painting';

/**
 * Builds the editor in `root`. `colours` is the wasm palette's faces (in
 * face order: `{ letter, name }`); `check(text)` is the wasm checkFacelets;
 * `advise(text, photos)` resolves to the problems of a cube that is not
 * valid (wasm faceletProblems, in the lab's worker: `[{ message, stickers
 * }]`); `shown()` gives the facelets of the cube
 * on the page; `onSolve(facelets)` solves a valid cube; `preview(faces)`
 * shows the cube being painted on the player (each sticker's face 0–5, or
 * BLANK where not painted), or the solution again when `faces` is
 * undefined. Returns `{
 * show(on), focus(), loadScan(facelets, unsure, photoOf) }`: `show` starts
 * or stops the preview (the editor on screen or not); `focus` brings the
 * editor on screen and focuses the selected sticker; `loadScan` loads a scanned cube, marking the
 * stickers whose `unsure` entry is true, `photoOf[i]` being the photo
 * sticker `i` was read from.
 */
export function createEditor({ root, colours, check, advise, shown, onSolve, preview }) {
  const COLOURS = colours.map((colour) => colour.name);
  const COLOUR_LETTERS = colours.map((colour) => colour.letter).join('');
  /** Colour (0–5) of a face letter or colour letter (R and B mean the same in both), BLANK for `.`, else UNKNOWN. */
  const colourOf = (letter) => {
    if (letter === '.') return BLANK;
    const face = FACES.indexOf(letter);
    const colour = COLOUR_LETTERS.indexOf(letter);
    if (face >= 0) return face;
    return colour >= 0 ? colour : UNKNOWN;
  };
  // A cube in the hand is painted sticker by sticker: each starts not
  // painted, so nothing counts as a mistake before it is (a solved start
  // is a button away, for a few stickers' change).
  const stickers = [...UNPAINTED];
  let selected = 0;
  /** Stickers a scan was unsure of, until painted or replaced. */
  let unsure = new Set();
  /** After a scan, the photo each sticker was read from, until another cube is loaded. */
  let photoOf;
  /** Counts checks, so that problems arriving for an older one are dropped. */
  let checks = 0;
  /** How many mistakes the painted cube has, as last listed, and whether any is ringed. */
  let mistakes = 0;
  let ringing = false;
  /** The stickers painted one by one since the whole cube was last loaded, the latest last: Erase last takes them back. */
  let painting = [];
  /** Whether the player shows this cube (the editor is on screen). */
  let showing = false;

  const hold = element('p', { class: 'editor-hold', 'aria-live': 'polite' });
  // Backspace's button, for a touch screen: a mis-tap is taken back there.
  const erase = element('button', { type: 'button', class: 'editor-erase', title: 'Clear the sticker painted last (Backspace)' }, 'Erase last');
  erase.addEventListener('click', () => {
    back();
    // Nothing left to take back: the button is off, so focus goes where painting goes on.
    if (erase.disabled) cells[selected].focus();
  });
  const top = element('div', { class: 'editor-top' });
  top.append(hold, erase);
  const palette = element('div', { class: 'palette', role: 'group', 'aria-label': 'Paint the selected sticker' });
  const swatches = COLOURS.map((colourName, c) => {
    const button = element('button', {
      type: 'button', class: `swatch c${c}`, title: `${colourName} (key ${c + 1} or ${COLOUR_LETTERS[c]})`,
    }, colourName);
    button.addEventListener('click', () => paint(c));
    palette.append(button);
    return button;
  });
  const whole = element('button', { type: 'button', class: 'editor-whole' });
  whole.addEventListener('click', () => undoable(whole.textContent, paintFace)());

  const box = element('div', { class: 'net-box' });
  const net = element('div', {
    class: 'net', role: 'group',
    'aria-label': 'Cube net: tap a sticker, then its colour, or type W Y G B R O or 1 to 6; Backspace goes back; arrow keys move',
  });
  box.append(net);
  const cells = SOLVED.map((_, index) => {
    const [row, column] = cell(index);
    const button = element('button', { type: 'button', 'data-index': String(index), tabindex: '-1' });
    button.style.gridRow = String(row + 1);
    button.style.gridColumn = String(column + 1);
    if (isCentre(index)) button.setAttribute('aria-disabled', 'true');
    button.addEventListener('click', () => select(index, true));
    button.addEventListener('focus', () => select(index));
    net.append(button);
    return button;
  });

  const list = element('ul', { class: 'problems', 'aria-live': 'polite' });
  const solve = element('button', { type: 'button', class: 'primary', disabled: '' }, 'Solve this');
  const solved = element('button', { type: 'button' }, 'Start from solved');
  const fromShown = element('button', { type: 'button' }, 'Start from the shown cube');
  const clear = element('button', { type: 'button' }, 'Clear all');
  const undo = element('button', { type: 'button', hidden: '' });
  const actions = element('div', { class: 'editor-actions' });
  actions.append(solve, solved, fromShown, clear, undo);

  const note = element('p', { class: 'editor-note', 'aria-live': 'polite' });
  // Each sticker painted is said (focus then says the next one's name), not
  // the count left, which the list shows and would say 48 times over.
  const painted = element('p', { class: 'visually-hidden', 'aria-live': 'polite' });
  const faceletBox = createFaceletBox({
    check, colourOf, note, onCube: (colours) => load(colours), onUnreadable: () => { solve.disabled = true; },
  });

  root.append(top, palette, box, whole, list, actions, faceletBox.row, note, painted);

  /** Selects sticker `index` (a centre selects the face's first sticker); focus follows where it was in the net. */
  function select(index, focus = net.contains(document.activeElement)) {
    const at = isCentre(index) ? index - 4 : index;
    const face = faceOf(at);
    cells[selected].tabIndex = -1;
    cells[selected].classList.remove('selected');
    cells[selected].removeAttribute('aria-current');
    selected = at;
    cells[at].tabIndex = 0;
    cells[at].classList.add('selected');
    cells[at].setAttribute('aria-current', 'true');
    net.dataset.face = FACES[face];
    if (focus && document.activeElement !== cells[at]) cells[at].focus();
    whole.textContent = `Whole face ${COLOURS[face].toLowerCase()}`;
    tellHold();
    keep();
  }

  /**
   * The line above the colours: how to hold the cube for the face being
   * painted or, while the painted cube is not a real one, that it has
   * mistakes. On a phone the list that explains them is below the net,
   * off screen while painting. Rewritten only when it changes, as it is
   * read out.
   */
  function tellHold() {
    const face = faceOf(selected);
    const colour = COLOURS[face].toLowerCase();
    const doubts = [...unsure].sort((a, b) => a - b);
    let text = `Painting the ${colour} face (${FACES[face]}): hold the cube with ${colour} facing you and ${COLOURS[TOP_WHILE_PAINTING[face]].toLowerCase()} on top.`;
    // What the list below the net says, off screen on a phone while painting.
    if (!solve.disabled) text += ' Every sticker is painted, and it is a real cube: Solve this is below.';
    const over = overused()[0];
    if (over) text = `${over} ${text}`;
    if (mistakes) {
      // The problems are the likeliest explanations, so more may be wrong than they count.
      text = `${mistakes === 1 ? 'Something to fix' : `${mistakes} things to fix`}: ${ringing ? 'ringed in the net, and explained below it' : 'explained below the net'}.`;
    } else if (doubts.length) {
      // After a scan, on screen where its own message may not be.
      text = doubts.length === 1
        ? `Check the sticker marked ? (${name(doubts[0])}) against your cube: tap its colour to confirm or correct it.`
        : `Check the ${doubts.length} stickers marked ?, from ${name(doubts[0])}, against your cube: tap each one's colour to confirm or correct it.`;
    }
    if (hold.textContent !== text) hold.textContent = text;
  }

  /** Paints the selected sticker colour `c` and selects the next. */
  function paint(c) {
    const index = selected;
    painting = [...painting.slice(-99), index];
    if (stickers[index] !== c || unsure.has(index)) {
      stickers[index] = c;
      unsure.delete(index);
      refresh();
    }
    const used = stickers.filter((s) => s === c).length;
    painted.textContent = `${name(index)}: ${COLOURS[c]}.${used > 9 ? ` That makes ${used} ${COLOURS[c].toLowerCase()} stickers: a cube has 9 of each colour.` : ''}`;
    select(step(index, 1));
    keepInView();
  }

  /**
   * Painting by tap, scrolls the page as far as the sticker to paint needs
   * to show (on a phone on its side, the last face's last row), but no
   * further than keeps the colours on screen too.
   */
  function keepInView() {
    if (net.contains(document.activeElement)) return;
    const below = cells[selected].getBoundingClientRect().bottom + 8 - innerHeight;
    const room = palette.getBoundingClientRect().top - stickyHeight();
    if (below > 0) window.scrollBy(0, Math.min(below, room));
  }

  /** Clears the sticker painted last that is still painted, and selects it to paint again. */
  function back() {
    while (painting.length) {
      const index = painting.pop();
      if (stickers[index] === BLANK) continue;
      stickers[index] = BLANK;
      unsure.delete(index);
      refresh();
      select(index);
      return;
    }
  }

  /** Paints the selected sticker's face its centre's colour, and moves to the next face. */
  function paintFace() {
    const face = faceOf(selected);
    // Its stickers are no longer ones painted one by one, for Erase last.
    painting = painting.filter((index) => faceOf(index) !== face);
    for (let i = face * 9; i < face * 9 + 9; i += 1) {
      stickers[i] = face;
      unsure.delete(i);
    }
    refresh();
    select(face < 5 ? (face + 1) * 9 : selected);
    keepInView();
  }

  /** Loads a whole cube: `doubtful` stickers a scan was unsure of, `photos` they came from, `oneByOne` the stickers Erase last may take back. */
  function load(colours, doubtful = [], photos = undefined, oneByOne = []) {
    painting = oneByOne;
    unsure = new Set(doubtful);
    photoOf = photos;
    colours.forEach((c, i) => { stickers[i] = c; });
    refresh();
  }

  /** A colour painted too often, a mistake already before the last sticker: said for each. */
  const overused = () => COLOURS.flatMap((colour, c) => {
    const count = stickers.filter((s) => s === c).length;
    return count > 9 ? [`${count} ${colour.toLowerCase()} stickers: a cube has 9 of each colour.`] : [];
  });

  const text = () => stickers.map((c) => (c === BLANK ? '.' : FACES[c])).join('');

  /** Keeps the cube being painted and the sticker selected on this device. */
  function keep() {
    remember(KEPT, JSON.stringify({ facelets: text(), selected, painting }));
  }

  function refresh() {
    const blanks = stickers.filter((c) => c === BLANK).length;
    const letters = stickers.map((c) => COLOUR_LETTERS[c]).join('');
    const valid = !blanks && check(letters).valid;
    checks += 1;
    // An invalid cube keeps the old count until its own list comes.
    if (blanks || valid) mistakes = 0;
    draw(new Set());
    // While stickers are left to paint, the list (their count, a colour
    // used too often) is shown, not said: the problems of a whole cube are.
    list.setAttribute('aria-live', blanks ? 'off' : 'polite');
    if (blanks) {
      const next = stickers.findIndex((c) => c === BLANK);
      list.replaceChildren(...overused().map((said) => element('li', {}, said)), element('li', { class: 'to-paint' }, `${blanks} ${blanks === 1 ? 'sticker' : 'stickers'} still to paint (the first is ${name(next)}).`));
      list.removeAttribute('aria-busy');
    } else if (valid) {
      list.replaceChildren(element('li', { class: 'ok' }, 'A valid cube: ready to solve.'));
      list.removeAttribute('aria-busy');
    } else {
      list.setAttribute('aria-busy', 'true');
      listProblems(letters, checks);
    }
    solve.disabled = !valid;
    erase.disabled = !painting.some((index) => stickers[index] !== BLANK);
    tellHold();
    // Undo is for the change just made to the whole cube (`undoable`).
    undo.hidden = true;
    faceletBox.show(text());
    keep();
    if (showing) preview(stickers);
  }

  /** Paints the net, ringing the stickers in `bad`. */
  function draw(bad) {
    cells.forEach((button, index) => {
      const c = stickers[index];
      const doubt = unsure.has(index);
      const colour = c === BLANK ? 'blank' : `c${c}`;
      const selection = index === selected ? ' selected' : '';
      button.className = `sticker ${colour}${bad.has(index) ? ' bad' : ''}${doubt ? ' unsure' : ''}${selection}`;
      const fixed = isCentre(index) ? ', centre' : '';
      const doubtText = doubt ? ', unsure: check it' : '';
      const colourName = c === BLANK ? 'not painted' : COLOURS[c];
      button.setAttribute('aria-label', `${name(index)}: ${colourName}${fixed}${bad.has(index) ? ', wrong' : ''}${doubtText}`);
    });
  }

  /**
   * Lists the problems of the cube checked `asked`-th and rings their
   * stickers, when the lab's worker answers (the first answer waits for its
   * module to load); an answer for an older check is dropped.
   */
  async function listProblems(letters, asked) {
    let found;
    try {
      found = await advise(letters, photoOf);
    } catch (error) {
      found = [{ message: sentence(`this is no real cube, but what is wrong could not be worked out: ${error.message}`), stickers: [] }];
    }
    if (asked !== checks) return;
    draw(new Set(found.flatMap((problem) => problem.stickers)));
    list.replaceChildren(...found.map((problem) => element('li', {}, problem.message)));
    list.removeAttribute('aria-busy');
    mistakes = found.length;
    ringing = found.some((problem) => problem.stickers.length);
    tellHold();
  }

  net.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
    if (!steps) return;
    let [row, column] = cell(selected);
    for (;;) {
      row += steps[0];
      column += steps[1];
      if (row < 0 || row >= ROWS || column < 0 || column >= COLUMNS) break;
      const next = CELLS.get(`${row},${column}`);
      if (next !== undefined && !isCentre(next)) {
        select(next, true);
        break;
      }
    }
    event.preventDefault();
  });
  // Colours and Backspace paint wherever focus is in the editor but the
  // facelet box, so a person can keep tapping or typing from any of its
  // controls.
  root.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.target === faceletBox.field) return;
    const key = event.key.toUpperCase();
    if (/^[1-6]$/.test(key)) paint(Number(key) - 1);
    else if (key.length === 1 && COLOUR_LETTERS.includes(key)) paint(COLOUR_LETTERS.indexOf(key));
    else if (event.key === 'Backspace') back();
    else return;
    event.preventDefault();
  });

  // Keys used here are not playback commands (Space, digits, arrows); Tab
  // still goes on through the page's order (ways.js), and ? to the key list.
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' && event.key !== '?') event.stopPropagation();
  });

  solve.addEventListener('click', () => {
    const result = check(faceletBox.field.value);
    if (result.valid) onSolve(result.facelets);
  });
  /**
   * The editor before the last change of the whole cube, which Undo brings
   * back: the stickers, those a scan was unsure of and the photos they came
   * from, and those painted one by one, for Erase last.
   */
  let before = null;
  /**
   * `change` (of the whole cube, one tap away from painted work) made
   * undoable, until the next sticker is painted: Undo names it.
   */
  const undoable = (what, change) => () => {
    const was = { stickers: [...stickers], unsure: [...unsure], photoOf, painting };
    change();
    if (was.stickers.every((c, i) => c === stickers[i])) return;
    before = was;
    undo.textContent = `Undo ${what}`;
    undo.hidden = false;
  };
  undo.addEventListener('click', () => {
    load(before.stickers, before.unsure, before.photoOf, before.painting);
    cells[selected].focus();
  });
  solved.addEventListener('click', undoable('Start from solved', () => load(SOLVED)));
  /**
   * Brings the editor on screen from its top, below a sticky player, and
   * focuses the sticker to paint. Opening it, the player has just given way
   * (`show`), and the page's scroll padding learns its new height only in
   * the next frame, so the scroll is measured here.
   */
  const focusSticker = () => {
    window.scrollBy(0, root.getBoundingClientRect().top - stickyHeight() - 8);
    cells[selected].focus({ preventScroll: true });
  };
  // Painting starts again from U1, which comes back on screen with the colours.
  clear.addEventListener('click', undoable('Clear all', () => {
    load(UNPAINTED);
    select(0);
    focusSticker();
  }));
  fromShown.addEventListener('click', undoable('Start from the shown cube', () => {
    const cube = shown();
    if (cube) faceletBox.read(cube);
  }));

  let kept = null;
  try {
    kept = JSON.parse(recall(KEPT));
  } catch {
    // Something else under our key: start afresh.
  }
  if (typeof kept?.facelets === 'string') faceletBox.read(kept.facelets);
  if (Array.isArray(kept?.painting)) painting = kept.painting.filter((index) => Number.isInteger(index) && index >= 0 && index < 54);
  note.textContent = '';
  select(Number.isInteger(kept?.selected) && kept.selected >= 0 && kept.selected < 54 ? kept.selected : 0, false);
  refresh();
  return {
    show(on) {
      if (on === showing) return;
      showing = on;
      document.documentElement.toggleAttribute('data-painting', on);
      preview(on ? stickers : undefined);
    },
    focus: focusSticker,
    loadScan(facelets, doubts, photos) {
      note.textContent = '';
      load([...facelets].map(colourOf), doubts.flatMap((doubt, index) => (doubt ? [index] : [])), photos && Uint8Array.from(photos));
      // The first unsure sticker's face is drawn large, to check and tap.
      const first = doubts.indexOf(true);
      select(first >= 0 ? first : selected);
    },
  };
}

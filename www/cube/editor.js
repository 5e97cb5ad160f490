// The colour editor: a second way to enter a cube. A 2D net (U above; L F R
// B in a row; D below) whose stickers are painted from a palette of the six
// WCA colours, by pointer or keyboard (arrows move, 1–6 or W R G Y O B pick a
// colour, Enter or Space paints). Centres are fixed. Every change is checked
// by the solver's own facelet rules (wasm `checkFacelets`): "Solve this" is
// enabled only for a valid cube. The problems of one that is not (one per
// mistake, in plain words) come from the lab's worker, and are listed and
// their stickers ringed when it answers. A scan (scan.js)
// loads its reading here, its unsure stickers marked until painted, and its
// problems name the photos that show the stickers at fault.

import { cell, NET_COLUMNS as COLUMNS, NET_ROWS as ROWS } from '../net.js';
import { styleSheet } from '../page.js';

await styleSheet('cube/own-cube.css');

const FACES = 'URFDLB';
const SOLVED = Array.from({ length: 54 }, (_, i) => Math.floor(i / 9));
const CELLS = new Map(SOLVED.map((_, index) => [cell(index).join(','), index]));
const isCentre = (index) => index % 9 === 4;
const name = (index) => `${FACES[Math.floor(index / 9)]}${(index % 9) + 1}`;
const sentence = (text) => `${text.replace(/^./, (c) => c.toUpperCase())}.`;

function element(tag, attributes = {}, text = '') {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

/**
 * Builds the editor in `root`. `colours` is the wasm palette's faces (in
 * face order: `{ letter, name }`); `check(text)` is the wasm checkFacelets;
 * `advise(text, photos)` resolves to the problems of a cube that is not
 * valid (wasm faceletProblems, in the lab's worker: `[{ message, stickers
 * }]`); `shown()` gives the facelets of the cube on the page;
 * `onSolve(facelets)` solves a valid cube. Returns `{ loadScan(facelets,
 * unsure, photoOf) }`: loads a scanned cube, marking the stickers whose
 * `unsure` entry is true; `photoOf[i]` is the photo sticker `i` was read from.
 */
export function createEditor({ root, colours, check, advise, shown, onSolve }) {
  const COLOURS = colours.map((colour) => colour.name);
  const COLOUR_LETTERS = colours.map((colour) => colour.letter).join('');
  /** Colour (0–5) of a face letter or colour letter; R and B mean the same in both. */
  const colourOf = (letter) => {
    const face = FACES.indexOf(letter);
    return face >= 0 ? face : COLOUR_LETTERS.indexOf(letter);
  };
  const stickers = [...SOLVED];
  let colour = 0;
  let focused = 0;
  /** Stickers a scan was unsure of, until painted or replaced. */
  let unsure = new Set();
  /** After a scan, the photo each sticker was read from, until another cube is loaded. */
  let photoOf;
  /** Counts checks, so that problems arriving for an older one are dropped. */
  let checks = 0;

  const palette = element('div', { class: 'palette', role: 'group', 'aria-label': 'Paint colour' });
  const swatches = COLOURS.map((colourName, c) => {
    const button = element('button', {
      type: 'button', class: `swatch c${c}`, 'aria-pressed': String(c === colour),
      title: `${colourName} (key ${c + 1} or ${COLOUR_LETTERS[c]})`,
    }, colourName);
    button.addEventListener('click', () => pick(c));
    palette.append(button);
    return button;
  });

  const net = element('div', {
    class: 'net', role: 'group',
    'aria-label': 'Cube net: arrow keys move, Enter or Space paints, 1 to 6 pick a colour',
  });
  const cells = SOLVED.map((_, index) => {
    const [row, column] = cell(index);
    const button = element('button', { type: 'button', 'data-index': String(index), tabindex: '-1' });
    button.style.gridRow = String(row + 1);
    button.style.gridColumn = String(column + 1);
    if (isCentre(index)) button.setAttribute('aria-disabled', 'true');
    button.addEventListener('click', () => {
      moveFocus(index);
      paint(index);
    });
    net.append(button);
    return button;
  });

  const list = element('ul', { class: 'problems', 'aria-live': 'polite' });
  const solve = element('button', { type: 'button', class: 'primary', disabled: '' }, 'Solve this');
  const solved = element('button', { type: 'button' }, 'Start from solved');
  const fromShown = element('button', { type: 'button' }, 'Start from the shown cube');
  const actions = element('div', { class: 'editor-actions' });
  actions.append(solve, solved, fromShown);

  const label = element('label', { for: 'editor-facelets' }, 'Facelets');
  const field = element('input', {
    id: 'editor-facelets', type: 'text', spellcheck: 'false', autocomplete: 'off',
    autocapitalize: 'characters', title: '54 letters, faces U R F D L B, each row by row',
  });
  const copy = element('button', { type: 'button' }, 'Copy');
  const fieldRow = element('div', { class: 'facelet-row' });
  fieldRow.append(label, field, copy);
  const note = element('p', { class: 'editor-note', 'aria-live': 'polite' });

  root.append(palette, net, list, actions, fieldRow, note);

  function pick(c) {
    colour = c;
    swatches.forEach((button, k) => button.setAttribute('aria-pressed', String(k === c)));
  }

  function moveFocus(index, focus = false) {
    cells[focused].tabIndex = -1;
    focused = index;
    cells[index].tabIndex = 0;
    if (focus) cells[index].focus();
  }

  function paint(index) {
    if (isCentre(index) || (stickers[index] === colour && !unsure.has(index))) return;
    stickers[index] = colour;
    unsure.delete(index);
    refresh();
  }

  function load(colours, doubtful = [], photos = undefined) {
    unsure = new Set(doubtful);
    photoOf = photos;
    colours.forEach((c, i) => { stickers[i] = c; });
    refresh();
  }

  function refresh() {
    const text = stickers.map((c) => COLOUR_LETTERS[c]).join('');
    const result = check(text);
    checks += 1;
    draw(new Set());
    if (result.valid) {
      list.replaceChildren(element('li', { class: 'ok' }, 'A valid cube: ready to solve.'));
      list.removeAttribute('aria-busy');
    } else {
      list.setAttribute('aria-busy', 'true');
      listProblems(text, checks);
    }
    solve.disabled = !result.valid;
    field.value = stickers.map((c) => FACES[c]).join('');
    field.removeAttribute('aria-invalid');
  }

  /** Paints the net, ringing the stickers in `bad`. */
  function draw(bad) {
    cells.forEach((button, index) => {
      const c = stickers[index];
      const doubt = unsure.has(index);
      button.className = `sticker c${c}${bad.has(index) ? ' bad' : ''}${doubt ? ' unsure' : ''}`;
      const fixed = isCentre(index) ? ', centre' : '';
      const check = doubt ? ', unsure: check it' : '';
      button.setAttribute('aria-label', `${name(index)}: ${COLOURS[c]}${fixed}${bad.has(index) ? ', wrong' : ''}${check}`);
    });
  }

  /**
   * Lists the problems of the cube checked `asked`-th and rings their
   * stickers, when the lab's worker answers (the first answer waits for its
   * module to load); an answer for an older check is dropped.
   */
  async function listProblems(text, asked) {
    let found;
    try {
      found = await advise(text, photoOf);
    } catch (error) {
      found = [{ message: sentence(`this is no real cube, but what is wrong could not be worked out: ${error.message}`), stickers: [] }];
    }
    if (asked !== checks) return;
    draw(new Set(found.flatMap((problem) => problem.stickers)));
    list.replaceChildren(...found.map((problem) => element('li', {}, problem.message)));
    list.removeAttribute('aria-busy');
  }

  /** Reads a pasted or typed facelet string into the net, if it fits. */
  function read(text) {
    const letters = text.replace(/\s+/g, '').toUpperCase();
    const colours = [...letters].map(colourOf);
    const centresFit = colours.length === 54 && colours.every((c, i) => c >= 0 && (!isCentre(i) || c === Math.floor(i / 9)));
    if (centresFit) {
      note.textContent = '';
      load(colours);
      return;
    }
    const { error } = check(letters);
    const message = colours.length === 54 && colours.every((c) => c >= 0)
      ? 'The centres must read U R F D L B (white, red, green, yellow, orange, blue).'
      : sentence(error || 'not a facelet string');
    note.textContent = message;
    field.setAttribute('aria-invalid', 'true');
  }

  net.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
    const key = event.key.toUpperCase();
    if (steps) {
      let [row, column] = cell(focused);
      for (;;) {
        row += steps[0];
        column += steps[1];
        if (row < 0 || row >= ROWS || column < 0 || column >= COLUMNS) break;
        const next = CELLS.get(`${row},${column}`);
        if (next !== undefined) {
          moveFocus(next, true);
          break;
        }
      }
    } else if (/^[1-6]$/.test(key)) {
      pick(Number(key) - 1);
    } else if (key.length === 1 && COLOUR_LETTERS.includes(key)) {
      pick(COLOUR_LETTERS.indexOf(key));
    } else {
      return;
    }
    event.preventDefault();
  });
  palette.addEventListener('keydown', (event) => {
    const key = event.key.toUpperCase();
    if (/^[1-6]$/.test(key)) pick(Number(key) - 1);
    else if (key.length === 1 && COLOUR_LETTERS.includes(key)) pick(COLOUR_LETTERS.indexOf(key));
    else return;
    event.preventDefault();
  });

  // Keys used here are not playback commands (Space, digits, arrows).
  root.addEventListener('keydown', (event) => event.stopPropagation());

  field.addEventListener('input', () => {
    if (field.value.replace(/\s+/g, '').length >= 54) read(field.value);
  });
  field.addEventListener('change', () => read(field.value));
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      note.textContent = 'Facelets copied.';
    } catch {
      field.focus();
      field.select();
      note.textContent = 'Press Ctrl+C (or ⌘C) to copy the selected facelets.';
    }
  });
  solve.addEventListener('click', () => {
    const result = check(field.value);
    if (result.valid) onSolve(result.facelets);
  });
  solved.addEventListener('click', () => load(SOLVED));
  fromShown.addEventListener('click', () => {
    const facelets = shown();
    if (facelets) read(facelets);
  });

  moveFocus(1);
  refresh();
  return {
    loadScan(facelets, doubts, photos) {
      note.textContent = '';
      load([...facelets].map(colourOf), doubts.flatMap((doubt, index) => (doubt ? [index] : [])), photos && Uint8Array.from(photos));
    },
  };
}

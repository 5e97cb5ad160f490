// The colour editor's facelet box (editor.js): the cube being painted as
// its 54-letter string (faces U R F D L B, each row by row, `.` for a
// sticker not painted), copied out, or typed or pasted in and read into
// the net once it holds a cube whose centres are right.

import { element, sentence } from './element.js';
import { BLANK, faceOf, isCentre } from './stickers.js';

/**
 * The box, its label and Copy, in `row`. `check(letters)` is the wasm
 * checkFacelets; `colourOf(letter)` a letter's colour (0–5), BLANK or
 * UNKNOWN; `note` the editor's line for what the box says; `onCube(colours)`
 * loads a string that reads; `onUnreadable()` is told when the box holds
 * none (part-typed or wrong), so that Solve this waits.
 */
export function createFaceletBox({ check, colourOf, note, onCube, onUnreadable }) {
  const label = element('label', { for: 'editor-facelets' }, 'Facelets');
  const field = element('input', {
    id: 'editor-facelets', type: 'text', spellcheck: 'false', autocomplete: 'off',
    autocapitalize: 'characters', title: '54 letters, faces U R F D L B, each row by row (. for a sticker not painted)',
  });
  const copy = element('button', { type: 'button' }, 'Copy');
  const row = element('div', { class: 'facelet-row' });
  row.append(label, field, copy);
  /** Whether the box holds a part-typed string, not the net's cube. */
  let typing = false;

  /** Reads a pasted or typed facelet string into the net, if it fits. */
  function read(typed) {
    const letters = typed.replace(/\s+/g, '').toUpperCase();
    const colours = [...letters].map(colourOf);
    const centresFit = colours.length === 54
      && colours.every((c, i) => (isCentre(i) ? c === faceOf(i) : c >= BLANK));
    if (centresFit) {
      note.textContent = '';
      onCube(colours);
      return;
    }
    const { error } = check(letters);
    note.textContent = colours.length === 54 && colours.every((c) => c >= BLANK)
      ? 'The centres must read U R F D L B (white, red, green, yellow, orange, blue).'
      : sentence(error || 'not a facelet string');
    field.setAttribute('aria-invalid', 'true');
    // The net's cube is still shown, but the box holds no cube.
    onUnreadable();
  }

  field.addEventListener('input', () => {
    const count = field.value.replace(/\s+/g, '').length;
    if (count >= 54) {
      read(field.value);
      return;
    }
    // Part-way through typing, the box holds no cube: Solve this waits,
    // rather than solve the net's, and says why.
    onUnreadable();
    typing = true;
    note.textContent = `${count} of 54 letters typed: Solve this waits for all 54.`;
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

  return {
    row,
    field,
    read,
    /** Shows the net's cube, `text`: the box holds a cube again. */
    show(text) {
      field.value = text;
      field.removeAttribute('aria-invalid');
      if (typing) note.textContent = '';
      typing = false;
    },
  };
}

// The page's appearance choices, remembered on this device: the palette the
// cube is drawn in (the WCA colours, or colours that stay apart for
// colour-blind eyes) and the face letters printed on the 3D cube's and the
// editor net's stickers. Rust owns the colours (wasm `palette`); this module
// copies them into the page's CSS variables and tells the renderer.

import { recall, remember } from './remembered.js';

const STORED = { palette: 'thistle.palette', letters: 'thistle.letters' };

/**
 * Wires the Palette choice (`select`) and the Letters switch (`letters`,
 * a checkbox) to the wasm `app`, applies the remembered choices, and
 * returns the palette's faces (`{ face, letter, name, css, ink }`) for the
 * editor. `redraw()` asks for a frame.
 */
export function createAppearance({ wasm, app, select, letters, redraw }) {
  const root = document.documentElement;

  function applyPalette(name) {
    const { faces, background } = wasm.palette(name);
    app.setPalette(name);
    faces.forEach((face, index) => {
      root.style.setProperty(`--face-${index}`, face.css);
      root.style.setProperty(`--face-ink-${index}`, face.ink);
    });
    root.style.setProperty('--bg', background);
    select.value = name;
    return faces;
  }

  function applyLetters(on) {
    try {
      app.setLetters(on);
    } catch (error) {
      // The glyphs could not be drawn (no 2D canvas): the page works on
      // without letters, and the switch says why.
      letters.checked = false;
      letters.disabled = true;
      letters.title = error.message;
      return;
    }
    letters.checked = on;
    root.toggleAttribute('data-letters', on);
  }

  let faces;
  try {
    faces = applyPalette(recall(STORED.palette) ?? select.value);
  } catch {
    // A name this page no longer knows: the page's default palette.
    faces = applyPalette(select.options[0].value);
  }
  applyLetters(recall(STORED.letters) === 'on');

  select.addEventListener('change', () => {
    applyPalette(select.value);
    remember(STORED.palette, select.value);
    redraw();
  });
  letters.addEventListener('change', () => {
    applyLetters(letters.checked);
    remember(STORED.letters, letters.checked ? 'on' : 'off');
    redraw();
  });
  return faces;
}

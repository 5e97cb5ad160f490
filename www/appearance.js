// The page's appearance choices, remembered on this device: the palette the
// cube is drawn in (the WCA colours, or colours that stay apart for
// colour-blind eyes), the face letters printed on the 3D cube's and the
// editor net's stickers, and the dark scheme (the system's until chosen). Rust owns the colours (wasm `palette`); this module
// copies them into the page's CSS variables and tells the renderer.

import { recall, remember } from './remembered.js';

const STORED = { palette: 'thistle.palette', letters: 'thistle.letters', scheme: 'thistle.scheme' };
const systemDark = matchMedia('(prefers-color-scheme: dark)');

/**
 * Wires the Palette choice (`select`), the Letters switch (`letters`, a
 * checkbox) and the Dark switch (`dark`) to the wasm `app`, applies the remembered choices, and
 * returns the palette's faces (`{ face, letter, name, css, ink }`) for the
 * editor. `redraw()` asks for a frame.
 */
export function createAppearance({ wasm, app, select, letters, dark, redraw }) {
  const root = document.documentElement;

  function applyPalette(name) {
    const { faces, background } = wasm.palette(name, dark.checked);
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

  /** The page, its colours and the canvas in the dark scheme or the light one. */
  function applyScheme(on) {
    dark.checked = on;
    root.dataset.scheme = on ? 'dark' : 'light';
    app.setDark(on);
  }

  const remembered = recall(STORED.scheme);
  applyScheme(remembered === null ? systemDark.matches : remembered === 'dark');
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
  const changeScheme = (on) => {
    applyScheme(on);
    applyPalette(select.value);
    redraw();
  };
  dark.addEventListener('change', () => {
    remember(STORED.scheme, dark.checked ? 'dark' : 'light');
    changeScheme(dark.checked);
  });
  // The system's setting holds until the person picks on the page.
  systemDark.addEventListener('change', () => {
    if (recall(STORED.scheme) === null) changeScheme(systemDark.matches);
  });
  letters.addEventListener('change', () => {
    applyLetters(letters.checked);
    remember(STORED.letters, letters.checked ? 'on' : 'off');
    redraw();
  });
  return faces;
}

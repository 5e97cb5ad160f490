// Share links: reads the link the page was opened with, keeps the address
// bar current (history.replaceState) as the input, mode and move position
// change, copies the link with a visible fallback, and points the "Open in"
// links at alg.cubing.net and Twizzle. The codec itself is Rust (`share`).

const $ = (id) => document.getElementById(id);

/**
 * What the page was opened with: `{ input, mode, position }` (`mode` null
 * unless the link names one), or null for a plain address. Throws the
 * codec's error for a bad link.
 */
export function readLink(wasm) {
  const query = location.search.slice(1) || location.hash.slice(1);
  return query ? wasm.decodeLink(query) : null;
}

export function createSharing(wasm) {
  const button = $('share');
  const field = $('share-link');
  const note = $('share-note');
  const algCubing = $('to-alg-cubing');
  const twizzle = $('to-twizzle');
  let current = null;
  let position = 0;
  let view = 'stage';
  let written = '';

  const write = () => {
    if (!current) return;
    const query = current.input.text.trim() === ''
      ? ''
      : `?${wasm.encodeLink(current.input, current.mode, view, position, current.stages)}`;
    const address = `${location.pathname}${query}`;
    if (address === written) return;
    written = address;
    history.replaceState(null, '', address);
    if (!field.hidden) field.value = location.href;
  };

  button.addEventListener('click', async () => {
    const link = location.href;
    field.value = link;
    try {
      await navigator.clipboard.writeText(link);
      field.hidden = true;
      note.textContent = 'Link copied.';
    } catch {
      field.hidden = false;
      field.focus();
      field.select();
      note.textContent = 'Copy this link:';
    }
  });

  return {
    /**
     * A newly loaded solution (`App.show`'s result) of what was entered
     * (`{ source, text }`, kept as typed, comments and all), at move 0;
     * `stages` (one string of moves a stage) where the solution is not the
     * one the mode finds, so the link plays the one on show, else null.
     */
    show(shown, entered, stages) {
      current = { input: entered, mode: shown.mode, stages };
      position = 0;
      algCubing.href = shown.algCubing;
      twizzle.href = shown.twizzle;
      note.textContent = '';
      write();
    },
    /** The view changed to `stage` or `colours`. */
    view(name) {
      view = name;
      write();
    },
    /** Playback moved to `moves` moves played. */
    position(moves) {
      if (moves === position) return;
      position = moves;
      write();
    },
  };
}

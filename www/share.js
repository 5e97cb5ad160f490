// Share links: reads the link the page was opened with, keeps the address
// bar current (history.replaceState) as the input, mode, move position and
// the FMC lab's state change, copies the link (or the code that embeds the player in another
// page) with a visible fallback, and points the "Open in" links at
// alg.cubing.net and Twizzle. The codec itself is Rust (`share`).

const $ = (id) => document.getElementById(id);

/**
 * What the page was opened with: `{ input, mode, position }` (`mode` null
 * unless the link names one), or null for a plain address. Throws the
 * codec's error for a bad link.
 */
export function readLink(wasm) {
  // The way in (`way=`, ways.js) is the page's, not the cube's: a link
  // with nothing else is a plain address.
  const query = (location.search.slice(1) || location.hash.slice(1))
    .split('&').filter((pair) => !/^way(=|$)/.test(pair)).join('&');
  return query ? wasm.decodeLink(query) : null;
}

/** The size an embedded player is offered at, in CSS pixels. */
const EMBED_SIZE = { width: 480, height: 360 };

const escapeAttribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `embed`, `handout`: whether this page is an embedded player (`embed=1`)
 * or a handout (`handout=1`), which its own address keeps.
 */
export function createSharing(wasm, { embed, handout }) {
  const button = $('share');
  const embedButton = $('copy-embed');
  const field = $('share-link');
  const note = $('share-note');
  const algCubing = $('to-alg-cubing');
  const twizzle = $('to-twizzle');
  let current = null;
  let position = 0;
  let view = 'stage';
  let way = 'watch';
  let written = '';

  // An embedded player has no lab, so its link keeps none of it.
  const linkQuery = (embedded) => wasm.encodeLink(
    current.input, current.mode, view, position, current.stages,
    { embed: embedded, handout: handout && !embedded, lab: embedded ? undefined : current.lab },
  );

  const write = () => {
    if (!current) return;
    // The way in, where it is not Watch (so earlier links read the same);
    // an embedded player has none.
    const parts = [current.input.text.trim() === '' ? '' : linkQuery(embed), way === 'watch' || embed ? '' : `way=${way}`];
    const query = parts.filter(Boolean).join('&');
    const address = `${location.pathname}${query ? `?${query}` : ''}`;
    if (address === written) return;
    written = address;
    history.replaceState(null, '', address);
    if (!field.hidden && field.getAttribute('aria-label') === 'Share link') field.value = location.href;
  };

  /**
   * Copies `text` (a `noun`), or shows it selected in the field, named
   * `label`, where there is no clipboard.
   */
  const copy = async (text, label, noun) => {
    field.value = text;
    field.setAttribute('aria-label', label);
    try {
      await navigator.clipboard.writeText(text);
      field.hidden = true;
      note.textContent = `${noun} copied.`;
    } catch {
      field.hidden = false;
      field.focus();
      field.select();
      note.textContent = `Copy this ${noun.toLowerCase()}:`;
    }
  };

  button.addEventListener('click', () => copy(location.href, 'Share link', 'Link'));

  // An <iframe> of the player alone, at the place playback stands, for a
  // course page or slides.
  embedButton.addEventListener('click', () => {
    if (!current) return;
    const link = `${location.origin}${location.pathname}?${linkQuery(true)}`;
    const title = `Thistle: ${current.input.text.trim() || 'a cube'}, solved in four stages`;
    const code = `<iframe src="${escapeAttribute(link)}" title="${escapeAttribute(title)}" width="${EMBED_SIZE.width}" height="${EMBED_SIZE.height}" style="border: 0" allow="fullscreen"></iframe>`;
    copy(code, 'Embed code', 'Embed code');
  });

  return {
    /**
     * A newly loaded solution (`App.show`'s result) of what was entered
     * (`{ source, text }`, kept as typed, comments and all), at move 0;
     * `stages` (one string of moves a stage) where the solution is not the
     * one the mode finds, so the link plays the one on show, else null;
     * `lab`, the FMC lab's state it was found with (`{ niss, axes, chosen,
     * attempt }`, as `encodeLink` takes it).
     */
    show(shown, entered, stages, lab) {
      current = { input: entered, mode: shown.mode, stages, lab };
      position = 0;
      algCubing.href = shown.algCubing;
      twizzle.href = shown.twizzle;
      note.textContent = '';
      write();
    },
    /** The way in changed to `name` (ways.js). */
    way(name) {
      way = name;
      write();
    },
    /** The attempt checked in the FMC lab is now `text` (null for none). */
    attempt(text) {
      if (!current || current.lab.attempt === text) return;
      current.lab = { ...current.lab, attempt: text };
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

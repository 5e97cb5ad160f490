// Share links: reads the link the page was opened with, keeps the address
// bar current (history.replaceState) as the input, mode, move position and
// the FMC lab's state change, copies the link (or the code that embeds the
// player in another page) with a visible fallback, and points the "Open in"
// links at alg.cubing.net and Twizzle. The codec itself is Rust (`share`),
// but for the lab's four values.

const $ = (id) => document.getElementById(id);

/**
 * What the page was opened with: `{ input, mode, position }` (`mode` null
 * unless the link names one), or null for a plain address. Throws the
 * codec's error for a bad link. A link with no cube of its own
 * (`?mode=fast&move=3`) keeps its mode, view and move for `scramble`, the
 * one in the box, where that reads as a scramble.
 */
export function readLink(wasm, only = /./, scramble = '') {
  // The way in (`way=`, ways.js) is the page's, not the cube's: a link
  // with nothing else is a plain address.
  const pairs = (location.search.slice(1) || location.hash.slice(1))
    .split('&').filter((pair) => pair && !/^way(=|$)/.test(pair) && only.test(pair));
  if (!pairs.length) return null;
  const link = wasm.decodeLink(pairs.join('&'));
  if (link || !scramble.trim()) return link;
  try {
    return wasm.decodeLink([...pairs, `scramble=${encodeURIComponent(scramble)}`].join('&'));
  } catch {
    return null;
  }
}

/*
 * The FMC lab's state, which a link keeps beside what the Rust codec reads
 * (it passes over these names): `niss=1`, `axes=R/L,U/D` (edges, then
 * corners, as the Axes choice names them), `chosen=2,3` (stages numbered
 * from 1) and `attempt=` (the checked attempt, as typed). Four plain values,
 * read and written here: the page's WebAssembly must keep within a first
 * visit's weight.
 */

/** The Axes choice's options, each with its name in a link (`R/L,U/D`; Best's is "Best"). */
const axesNamed = () => [...$('axes').options].map((option) => [option.value, option.textContent.replace(/^edges (\S+), corners /, '$1,')]);

/**
 * The lab's state a link keeps: `{ niss, axes, chosen, attempt }`, `axes`
 * the Axes choice's value ('' for Best), `chosen` stage indices from 0
 * in order, `attempt` null for none. Throws where a value is none a link
 * holds, as the Rust codec does for its own parameters.
 */
export function labOfLink(search = location.search) {
  const params = new URLSearchParams(search);
  const [niss, axesName, chosen] = ['niss', 'axes', 'chosen'].map((name) => params.get(name));
  const axes = axesNamed().find(([, name]) => name.toUpperCase() === axesName?.toUpperCase());
  const stages = chosen?.split(',').filter(Boolean) ?? [];
  const bad = (name, value, want) => new Error(`parameter \`${name}\` is \`${value}\`, ${want}`);
  if (niss && niss !== '0' && niss !== '1') throw bad('niss', niss, 'neither `1` nor `0`');
  if (axesName && !axes) throw bad('axes', axesName, 'not axes such as `R/L,U/D`');
  if (stages.some((n) => !/^[1-4]$/.test(n))) throw bad('chosen', chosen, 'not stages 1 to 4 such as `2,3`');
  return {
    niss: niss === '1',
    axes: axes ? axes[0] : '',
    chosen: [1, 2, 3, 4].filter((n) => stages.includes(String(n))).map((n) => n - 1),
    attempt: params.get('attempt')?.trim() ? params.get('attempt') : null,
  };
}

/** The query part (no `&` before it) for the lab's state, empty where it is the default. */
function labQuery({ niss, axes, chosen, attempt } = {}) {
  const named = axesNamed().find(([value]) => value && value === axes);
  return [niss && 'niss=1', named && `axes=${named[1]}`,
    chosen?.length && `chosen=${[...chosen].sort().map((k) => k + 1).join(',')}`,
    // Spaces as `+`; primes and parentheses stay as they are.
    attempt && `attempt=${encodeURIComponent(attempt).replace(/%20/g, '+')}`].filter(Boolean).join('&');
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
  // A new cube gets its own history entry, so Back brings the one before.
  let newEntry = false;

  const linkQuery = (embedded) => wasm.encodeLink(
    current.input, current.mode, view, position, current.stages, embedded, handout && !embedded,
  );

  const write = () => {
    if (!current) return;
    // The lab's state and the way in, where they are not the defaults (so
    // earlier links read the same); an embedded player has neither.
    const parts = [current.input.text.trim() === '' ? '' : linkQuery(embed), embed ? '' : labQuery(current.lab),
      way === 'watch' || embed ? '' : `way=${way}`];
    const query = parts.filter(Boolean).join('&');
    const address = `${location.pathname}${query ? `?${query}` : ''}`;
    if (address === written) return;
    written = address;
    if (newEntry) history.pushState(null, '', address);
    else history.replaceState(null, '', address);
    newEntry = false;
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

  // Taken from Teach, a link is for the class: it opens on Watch, not on
  // the teacher's own controls, and the note says so.
  button.addEventListener('click', async () => {
    if (way !== 'teach') {
      copy(location.href, 'Share link', 'Link');
      return;
    }
    const forClass = new URL(location.href);
    forClass.searchParams.delete('way');
    await copy(forClass.href, 'Share link', 'Link');
    note.textContent = note.textContent.replace(/^Link copied\.$/, 'Link copied: it opens on Watch, for the class.');
  });

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
     * attempt }`, as `labOfLink` gives it); `reopened` where it is the
     * cube of the address already (a link opened, Back or Forward), which
     * keeps its history entry; another cube gets one of its own.
     */
    show(shown, entered, stages, lab, reopened) {
      newEntry = !reopened && current !== null && current.input.text.trim() !== entered.text.trim();
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
    /** Says `text` where Share's own notes are: what a download saved, which may show nowhere. */
    say(text) {
      note.textContent = text;
    },
    /** Playback moved to `moves` moves played. */
    position(moves) {
      if (moves === position) return;
      position = moves;
      write();
    },
  };
}

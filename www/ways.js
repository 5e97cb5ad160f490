// The four ways in (Watch, Your cube, FMC lab, Teach): a WAI-ARIA tablist
// whose tabs show one panel each beside the shared player. The way in is
// part of the address (`way=`, which share.js writes and the Rust link codec
// ignores): a link without one opens Watch, and a value the page does not
// know opens Watch with a note, the rest of the link opening as usual. The
// controls of Your cube, the FMC lab and Teach are wired when first taken
// (their modules, and the lab's style sheet, are not part of a first
// visit): the panel shows once they work. Each way taken is a step in the
// browser's history, so Back returns to the way before (a phone's Back
// would otherwise leave the page).

import { $ } from './page.js';

export const WAYS = ['watch', 'cube', 'lab', 'teach'];

const wired = new Map();
/**
 * `importing`, `way`'s module: where it could not load (the network
 * dropped on a first visit), the way says so and is tried again when next
 * taken.
 */
const loaded = (way, importing) => importing.catch(() => {
  wired.delete(way);
  throw new Error(`${tab(way).textContent} could not load: try again.`);
});
/** Wires a way in's controls, for those wired on first use. */
const WIRING = {
  lab: () => loaded('lab', import('./lab/controls.js')).then(({ wireLab }) => wireLab()),
  teach: () => loaded('teach', import('./teach/teach.js')).then(({ wireTeach }) => wireTeach()),
  cube: () => loaded('cube', import('./cube/your-cube.js')).then(({ wireYourCube }) => wireYourCube()),
};
const wire = (way) => {
  if (!wired.has(way)) wired.set(way, WIRING[way] ? WIRING[way]() : Promise.resolve());
  return wired.get(way);
};

const tab = (way) => $(`tab-${way}`);
const panel = (way) => $(`way-${way}`);

/** The controls `root` shows, in order: its focusable, visible elements. */
const controlsIn = (root) => [...root.querySelectorAll('button, input, select, textarea, summary, a[href], [tabindex="0"]')]
  .filter((control) => control.tabIndex >= 0 && (control.checkVisibility?.() ?? control.offsetParent !== null));

/**
 * Watch's Scramble box (with Solve and Random), which the FMC lab shares,
 * as a competitor pastes scrambles there too: taking either way puts it
 * after the element named for it in that way's panel.
 */
const SHARED = {
  watch: [['scramble-form', '#way-watch > .way-intro']],
  lab: [['scramble-form', '#way-lab > .way-intro']],
};
const placeShared = (way) => {
  for (const [id, after] of SHARED[way] ?? []) document.querySelector(after).after($(id));
};

/** The first control a panel shows. */
const firstControl = (way) => controlsIn(panel(way))[0];

/**
 * The way in the address names: `{ way, unknown }`, `unknown` being the
 * value it could not read (then the way is Watch), else null.
 */
export function wayOfLink() {
  const value = new URLSearchParams(location.search).get('way');
  if (value === null || WAYS.includes(value)) return { way: value ?? 'watch', unknown: null };
  return { way: 'watch', unknown: value };
}

/**
 * Wires the tabs: a click or Enter takes a way in, the arrow keys (and Home,
 * End) move between tabs and take the one they land on. `onWay(way)` hears
 * each way taken, the first (from the address) included.
 */
export function createWays({ onWay, onError }) {
  let current = null;
  const show = async (way, { byHand }) => {
    for (const other of WAYS) {
      const selected = other === way;
      tab(other).setAttribute('aria-selected', String(selected));
      tab(other).tabIndex = selected ? 0 : -1;
      if (!selected) panel(other).hidden = true;
    }
    document.documentElement.dataset.way = way;
    if (way !== current) {
      // Taken by hand (not from the address), a new entry, which share.js
      // then writes the way into; the one before keeps its own.
      if (byHand) history.pushState(null, '', location.href);
      placeShared(way);
      current = way;
      onWay(way);
    }
    try {
      await wire(way);
    } catch (error) {
      onError(error);
      return;
    }
    if (current !== way) return;
    panel(way).hidden = false;
    // The way's plain-words opening and its first control come on screen
    // (below the cube on a phone, as the page's scroll padding keeps them
    // clear of the sticky player). On a phone the opening goes to the top
    // of what is left, so the way's own controls follow it on screen, not
    // the view's, which come before it in the page.
    if (!byHand) return;
    const phone = matchMedia('(max-width: 859px)').matches;
    panel(way).firstElementChild?.scrollIntoView({ block: phone ? 'start' : 'nearest' });
    firstControl(way)?.scrollIntoView({ block: 'nearest' });
  };
  for (const way of WAYS) {
    tab(way).addEventListener('click', () => show(way, { byHand: true }));
    tab(way).addEventListener('keydown', (event) => {
      const at = WAYS.indexOf(way);
      const to = {
        ArrowRight: (at + 1) % WAYS.length,
        ArrowLeft: (at + WAYS.length - 1) % WAYS.length,
        Home: 0,
        End: WAYS.length - 1,
      }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      tab(WAYS[to]).focus();
      show(WAYS[to], { byHand: true });
    });
  }
  // The player every way in shares comes after the way's own panel in the
  // Tab order, as Tab from a tab enters its panel: the tab, the panel, the
  // player, then the rest of the page (Share on); Shift+Tab the same way back.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab' || !current) return;
    const own = controlsIn(panel(current));
    const player = controlsIn(document.querySelector('.viewer'));
    const rest = $('share');
    const to = new Map(event.shiftKey
      ? [[own[0], tab(current)], [player[0], own.at(-1)], [rest, player.at(-1)]]
      : [[tab(current), own[0]], [own.at(-1), player[0]], [player.at(-1), rest]]).get(document.activeElement);
    if (!to?.checkVisibility()) return;
    event.preventDefault();
    to.focus();
  });
  const { way, unknown } = wayOfLink();
  const note = $('way-note');
  note.textContent = unknown === null ? '' : `This link's way in, “${unknown}”, is not one of this page's, so Watch is open.`;
  // A link's way opens where the page begins: a newcomer sees the page's
  // name and the four ways first.
  show(way, { byHand: false });
  // Back with a dialog open only closes it (dialog.js).
  addEventListener('popstate', () => show(wayOfLink().way, { byHand: false }));
  return {
    /** The way in on show. */
    current: () => current,
    /** Takes `way` (as a tab does), e.g. for a feature that opens in another way; settles once it shows. */
    take: (name) => show(name, { byHand: true }),
    /** Wires `way`'s controls without taking it (once: a way's wiring is shared). */
    wire,
  };
}

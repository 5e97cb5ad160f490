// Thistle's page: loads the solver (WebAssembly) and wires the shared
// player (cube, transport, chips, views, sharing, settings) and the four
// ways in around it (ways.js; one folder each: watch/, cube/, lab/,
// teach/). The feature modules hold the rest: the solution on show
// (show.js), the player and its loop (player.js), the canvas (cube.js), the
// keys (keys.js), links (share.js), the worker (solving.js). All cube logic
// lives in Rust; the page's state is page.js's `page` object.

import { createAppearance } from './appearance.js';
import { onCubeKey, watchContext, watchPointer, watchSize } from './cube.js';
import {
  onFullscreenChange, onKey, presenting, setPresenting, showShortcuts, watchPrint,
} from './keys.js';
import { $, page, painted, showStartupError, ui } from './page.js';
import { act, describeCube, draw, quiet, setNet, wake } from './player.js';
import { recall, remember } from './remembered.js';
import { createSharing } from './share.js';
import { followHistory, openLink, setView, showFailure, view } from './show.js';
import { createSolver } from './solving.js';
import { createWays } from './ways.js';
import { wireWatch } from './watch/watch.js';

const motion = matchMedia('(prefers-reduced-motion: reduce)');

/** Moves jump instead of turning, and nothing on the page animates. */
function setReducedMotion(on) {
  ui.reduceMotion.checked = on;
  page.app.setReducedMotion(on);
  document.documentElement.toggleAttribute('data-reduced-motion', on);
}

/** Hint stickers for the hidden faces, shown by default where there is room for them. */
function setHints(on) {
  ui.hints.checked = on;
  page.app.setHints(on);
  wake();
}

/** The shared player's controls, which every way in shows. */
function wire() {
  ui.scrubber.addEventListener('input', () => act(() => page.app.seek(Number(ui.scrubber.value))));
  for (const radio of document.querySelectorAll('input[name="view"]')) {
    radio.addEventListener('change', () => setView(view()));
  }
  const app = page.app;
  ui.reset.addEventListener('click', () => act(() => app.reset()));
  ui.back.addEventListener('click', () => act(() => app.stepBack()));
  ui.play.addEventListener('click', () => act(() => app.toggle()));
  ui.forward.addEventListener('click', () => act(() => app.stepForward()));
  ui.end.addEventListener('click', () => act(() => app.end()));
  ui.speed.addEventListener('change', () => {
    remember('thistle.speed', ui.speed.value);
    app.setSpeed(Number(ui.speed.value));
  });
  ui.netSwitch.addEventListener('change', () => {
    remember('thistle.net', String(ui.netSwitch.checked));
    setNet(ui.netSwitch.checked);
  });
  ui.hints.addEventListener('change', () => setHints(ui.hints.checked));
  ui.resetView.addEventListener('click', () => {
    app.resetView();
    wake();
  });
  // Present is Teach's, but F presents from every way in, and a
  // presentation is left by the same button wherever it began.
  ui.present.addEventListener('click', () => setPresenting(!presenting()));
  document.addEventListener('fullscreenchange', onFullscreenChange);
  document.addEventListener('keydown', onKey);
  ui.canvas.addEventListener('keydown', onCubeKey);
  ui.showKeys.addEventListener('click', showShortcuts);
  // Glossary, and each ? beside a term (which touch, unlike a hover, can
  // reach), open the glossary: the latter at its term.
  document.addEventListener('click', async (event) => {
    const opener = event.target.closest('[data-term]');
    if (opener) (await import('./glossary.js')).openGlossary(opener.dataset.term);
  });
  ui.words.addEventListener('toggle', describeCube);
  ui.reduceMotion.addEventListener('change', () => {
    remember('thistle.reduceMotion', String(ui.reduceMotion.checked));
    setReducedMotion(ui.reduceMotion.checked);
  });
  // The system setting holds until the person picks on the page.
  motion.addEventListener('change', () => {
    if (recall('thistle.reduceMotion') === null) setReducedMotion(motion.matches);
  });
}

/**
 * Where the browser cannot draw the 3D cube (no WebGL2, or no context), the
 * flat net takes its place, and everything else works as before.
 */
function withoutWebGL(error) {
  ui.no3d.textContent = `The 3D cube cannot be drawn here (${error && error.message ? error.message : error}), so the flat net shows it.`;
  ui.no3d.hidden = false;
  ui.canvas.hidden = true;
  ui.canvas.after(ui.no3d, ui.flatNet);
  setNet(true);
  ui.netSwitch.disabled = true;
  document.documentElement.toggleAttribute('data-no-webgl', true);
}

async function start() {
  const wasm = await import('./pkg/thistle.js');
  // index.html began compiling the wasm as the page started loading; where
  // it could not (no streaming compile), wasm-bindgen fetches it itself.
  await wasm.default({ module_or_path: await window.thistleWasm });
  performance.mark('thistle-wasm');
  page.wasm = wasm;
  page.app = new wasm.App(ui.canvas);
  page.colours = createAppearance({
    wasm, app: page.app, select: $('palette'), letters: $('letters'), dark: $('dark'), redraw: wake,
  });
  // A speed chosen (a class's 0.25×) is kept on this device, as the Net switch is.
  const speed = recall('thistle.speed');
  if ([...ui.speed.options].some((option) => option.value === speed)) ui.speed.value = speed;
  page.app.setSpeed(Number(ui.speed.value));
  setHints(matchMedia('(min-width: 860px) and (min-height: 600px)').matches);
  setNet(recall('thistle.net') === 'true');
  const reduce = recall('thistle.reduceMotion');
  setReducedMotion(reduce === null ? motion.matches : reduce === 'true');
  watchSize();
  watchPointer();
  watchContext();
  watchPrint();
  wire();
  for (const control of [ui.input, ui.solve, ui.random]) control.disabled = false;
  page.solver = createSolver(wasm);
  const root = document.documentElement;
  page.sharing = createSharing(wasm, { embed: root.hasAttribute('data-embed'), handout: root.hasAttribute('data-handout') });
  wireWatch();
  // The way in, from the address; the link keeps the one taken.
  page.ways = createWays({ onWay: (way) => page.sharing.way(way), onError: showFailure });
  // A way in tapped while the page loaded (boot.js heard it) is taken now.
  const early = window.thistleTapped();
  if (early) $(early).click();
  openLink();
  addEventListener('popstate', followHistory);
  // Follow along carries on after a reload, whichever way is open.
  if (recall('thistle.follow') === 'true') page.ways.wire('cube').catch(showFailure);
  // A presentation too, in this tab (full screen needs a press: F or F5).
  if (recall('thistle.presenting', true) === 'true' && !root.hasAttribute('data-embed')) setPresenting(true);
  performance.mark('thistle-ready');
  // Solving works from here. The renderer (WebGL2 set-up, the slowest part
  // of the start) comes once the page and its solution are on screen.
  ui.loading.textContent = 'Drawing the cube…';
  await painted();
  try {
    page.app.startRenderer();
  } catch (error) {
    withoutWebGL(error);
  }
  performance.mark('thistle-renderer');
  ui.loading.remove();
  draw();
  window.thistle = {
    ready: true,
    /** The displayed cube as a 54-letter facelet string. */
    state: () => page.app.facelets(),
    status: () => page.app.status(),
    /** Jumps to the state after `moves` moves, as a chip or move button does. */
    seek: (moves) => act(() => page.app.seek(moves)),
    /** Frames drawn since the page loaded. */
    frames: () => page.frames,
    /** Resolves once the canvas shows what the page holds: no frame is due. */
    quiet,
    /** Whether full screen began, as the page saw it, and has not ended. */
    fullscreen: () => page.fullscreen,
    /** Milliseconds spent in drawing calls since the page loaded. */
    drawMs: () => page.drawMs,
    /** Whether a layer is drawn part-way through a turn. */
    turning: () => page.app.status().turning,
    /** [colour name, face letter] for each face, as the cube in words names them. */
    colourNames: () => wasm.palette('wca', false).faces.map(({ name, face }) => [name, face]),
    /** Whether a solve is under way (in the worker). */
    searching: () => page.searching,
    /** The facelet string of a scramble, as the solver reads it. */
    stateOf: (text) => page.solver.now('fast', wasm.readInput(text).input).facelets,
  };
  document.documentElement.dataset.ready = 'true';
  performance.mark('thistle-drawn');
  // The worker compiles its own module; start it once the page is up.
  (window.requestIdleCallback || setTimeout)(() => page.solver.warm());
  // Offline: the service worker keeps this build for later visits (sw.js).
  // Without one (an old browser, a page not served over HTTPS) the page
  // still works online.
  navigator.serviceWorker?.register('sw.js', { updateViaCache: 'none' })
    .catch((error) => console.warn(`Thistle will not work offline: ${error.message}`));
}

start().catch(showStartupError);

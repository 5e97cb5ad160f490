// Thistle's page: loads the solver (WebAssembly) and wires the controls to
// it: what is entered, the modes, the views, links and the solve itself.
// The feature modules it imports hold the rest: the player and its loop
// (player.js), the canvas (cube.js), the keys (keys.js), links (share.js),
// the worker (solving.js). All cube logic lives in Rust; the page's state is
// page.js's `page` object, filled in by `start`.

import { createAppearance } from './appearance.js';
import { onCubeKey, watchContext, watchPointer, watchSize } from './cube.js';
import {
  onFullscreenChange, onKey, presenting, setPresenting, watchPrint,
} from './keys.js';
import { $, moves, page, painted, showStartupError, ui } from './page.js';
import {
  act, buildChips, buildMoves, describeCube, draw, markStages, narrateNew, quiet, setNet, update, wake,
} from './player.js';
import { recall, remember } from './remembered.js';
import { createSharing, readLink } from './share.js';
import { createSolver, labClient } from './solving.js';

/** Grows the Scramble box to fit its lines. */
function fitInput() {
  ui.input.style.height = 'auto';
  ui.input.style.height = `${ui.input.scrollHeight}px`;
}

/**
 * Shows a solution of what was entered (`entered`, `{ source, text }`);
 * the box keeps the person's own text, and the reading beside it says how
 * it was read.
 */
function showSolution(result, entered) {
  page.solution = result;
  if (ui.input.value !== entered.text) {
    ui.input.value = entered.text;
    fitInput();
  }
  const fmc = result.bareGroup
    ? ' Parentheses are read as moves in order here; in FMC notation, a bare group such as (R U) would mean moves on the inverse scramble.'
    : '';
  ui.reading.textContent = entered.source === 'state'
    ? `A scramble for this state: ${result.scramble || '(solved)'}`
    : result.scramble !== entered.text.trim() || fmc ? `Read as: ${result.scramble || '(no moves)'}.${fmc}` : '';
  ui.error.textContent = '';
  ui.input.removeAttribute('aria-invalid');
  page.shown = '';
  narrateNew();
  buildChips();
  buildMoves();
  markStages();
  // Mark the active chip and move now, not a frame later.
  update();
  wake();
}

function showError(error) {
  const column = typeof error.column === 'number' ? error.column : null;
  const message = error && error.message ? error.message : String(error);
  ui.error.textContent = message.replace(/^./, (c) => c.toUpperCase());
  ui.input.setAttribute('aria-invalid', 'true');
  ui.input.focus();
  if (column !== null) {
    const at = Math.min(column - 1, ui.input.value.length);
    ui.input.setSelectionRange(at, Math.min(at + 1, ui.input.value.length));
  }
}

const mode = () => document.querySelector('input[name="mode"]:checked').value;
const view = () => document.querySelector('input[name="view"]:checked').value;

/** Colours the cube by stage or in full colours, and keeps the link. */
function setView(value) {
  for (const radio of document.querySelectorAll('input[name="view"]')) radio.checked = radio.value === value;
  page.app.setView(value);
  page.sharing.view(value);
  wake();
}

function setMode(value) {
  for (const radio of document.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === value;
}

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

function setSearching(on) {
  page.searching = on;
  document.documentElement.toggleAttribute('data-searching', on);
  ui.solve.setAttribute('aria-busy', String(on));
  $('result').textContent = on ? 'Searching…' : page.counts;
}

/**
 * Shows a found solution for `wanted` ({ input, mode, position, stages },
 * `stages` being set where the solution is not the one the mode finds, so
 * that the link carries it); `counts` replaces the move-count line.
 */
function display(wanted, searched, counts = null) {
  const result = page.app.show(wanted.input, searched);
  page.wanted = wanted;
  page.searched = searched;
  if (!wanted.stages) page.chosen.clear();
  if (page.lab) page.lab.shown();
  if (page.prove) page.prove.shown(wanted);
  showSolution(result.solution, wanted.input);
  setMode(result.mode);
  const [total, other] = result.mode === 'fewest'
    ? [result.fewestTotal, `${result.fastTotal} with optimal stages`]
    : [result.fastTotal, `${result.fewestTotal} in fewest moves`];
  showCounts(counts ?? `${moves(total)} (${other})`);
  page.sharing.show(result, wanted.input, wanted.stages ?? null);
  offerLinkSolution(wanted);
  if (wanted.position > 0) act(() => page.app.seek(wanted.position));
  // A handout laid out, on screen or for printing, follows the solution.
  const root = document.documentElement;
  if (root.hasAttribute('data-handout') || root.hasAttribute('data-handout-ready')) showHandout().catch(showError);
}

/**
 * A reconstruction link's own solution: "The link's solution: N moves",
 * which plays instead of Thistle's.
 */
function offerLinkSolution(wanted) {
  const offer = $('link-solution');
  offer.hidden = !wanted.solution;
  if (!wanted.solution) return;
  const length = wanted.solutionMoves === undefined || wanted.solutionMoves === null
    ? 'does not read as notation'
    : moves(wanted.solutionMoves);
  let searched = null;
  try {
    searched = page.wasm.linkSolution(wanted.input, wanted.solution, wanted.mode);
  } catch {
    // Not four stages that play in turn: an attempt, perhaps unfinished
    // (an EO and a DR, with `// EO` comments), which Check reads out.
    $('link-solution-text').textContent = `The link's solution (${length}) is not four whole stages: it is checked as an attempt in the FMC lab.`;
    $('play-link-solution').hidden = true;
    ui.attempt.value = wanted.solution;
    useLab().then((lab) => lab.check());
    return;
  }
  $('link-solution-text').textContent = `The link's solution: ${length}.`;
  $('play-link-solution').hidden = false;
  $('play-link-solution').onclick = () => {
    displayStages({ ...wanted, position: 0, solution: null, stages: searched.stages }, searched);
  };
}

/**
 * Shows a solution a link carries stage by stage (`wanted.stages`, or
 * `searched` from them), as it is: it is the link's, not the mode's.
 */
function displayStages(wanted, searched = page.wasm.playStages(wanted.input, wanted.stages, wanted.mode)) {
  page.request += 1;
  display(wanted, searched, `${moves(searched.fewestTotal)} (the link's solution)`);
}

/** The move-count line under the mode switch, kept for after a search. */
function showCounts(text) {
  page.counts = text;
  $('result').textContent = text;
}

/**
 * Solves `wanted` in the worker and shows it, unless a newer request came.
 * A solve the person asked for ends with focus on Play, so Space plays it
 * and the arrow keys step through it, wherever they pressed.
 */
async function load(wanted) {
  const id = ++page.request;
  const options = labOptions();
  if (options) wanted = { ...wanted, mode: 'fewest' };
  setMode(wanted.mode);
  setSearching(true);
  try {
    const searched = options
      ? await (await useLab()).solve(wanted.input, options)
      : await page.solver.solve(wanted.mode, wanted.input);
    if (id === page.request) {
      // A lab solve is not the one the mode finds: the link carries it.
      if (options) display({ ...wanted, stages: searched.stages }, searched, labCounts(searched, options));
      else display(wanted, searched);
      ui.play.focus();
    }
  } catch (error) {
    if (id === page.request) showError(error);
  } finally {
    if (id === page.request) setSearching(false);
  }
}

/**
 * The lab's choices, `{ niss, axes }`, where they differ from plain
 * fewest-moves solving (NISS off, the best axes); else null.
 */
function labOptions() {
  const axes = ui.axes.value === '' ? null : Number(ui.axes.value);
  return ui.niss.checked || axes !== null ? { niss: ui.niss.checked, axes } : null;
}

/** The move-count line for a lab solve. */
function labCounts(searched, { niss, axes }) {
  const how = [niss ? 'with NISS' : '', axes !== null ? `on ${ui.axes.selectedOptions[0].textContent}` : '']
    .filter(Boolean).join(', ');
  return `${moves(searched.fewestTotal)} (${how}; ${searched.fastTotal} with optimal stages)`;
}

/** The FMC lab (lab.js), loaded and built on first use. */
async function useLab() {
  if (!page.lab) {
    const { createLab } = await import('./lab.js');
    page.lab ??= createLab({ display });
  }
  return page.lab;
}

/** Solves what the Scramble box holds (Rust decides what it is). */
function solveInput() {
  try {
    const request = page.wasm.readInput(ui.input.value);
    const wanted = { ...request, mode: request.mode ?? mode() };
    if (!wanted.stages) {
      load(wanted);
      return;
    }
    displayStages(wanted);
    setSearching(false);
    ui.play.focus();
  } catch (error) {
    showError(error);
  }
}

/**
 * The first solve, here and now: the link the page was opened with, or the
 * example scramble. A bad link gives its message and a solved cube.
 */
function openLink() {
  const example = { ...page.wasm.readInput(ui.input.value), mode: mode() };
  const solvedCube = { ...page.wasm.readInput(''), mode: mode() };
  let wanted = example;
  let problem = null;
  try {
    const link = readLink(page.wasm);
    if (link) wanted = { ...link, mode: link.mode ?? mode() };
    if (link && link.view) setView(link.view);
  } catch (error) {
    problem = error;
    wanted = solvedCube;
  }
  try {
    if (wanted.stages) displayStages(wanted);
    else display(wanted, page.solver.now(wanted.mode, wanted.input));
  } catch (error) {
    problem = error;
    display(solvedCube, page.solver.now(solvedCube.mode, solvedCube.input));
  }
  if (problem) {
    ui.error.textContent = `This link could not be opened: ${problem.message}.`;
    ui.input.setAttribute('aria-invalid', 'true');
  }
}

function wire() {
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    solveInput();
  });
  ui.random.addEventListener('click', () => {
    load({ input: page.wasm.randomInput(), mode: mode(), position: 0 });
  });
  // A new mode solves what the box holds, typed or not: nothing is lost.
  for (const radio of document.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener('change', solveInput);
  }
  ui.scrubber.addEventListener('input', () => act(() => page.app.seek(Number(ui.scrubber.value))));
  for (const radio of document.querySelectorAll('input[name="view"]')) {
    radio.addEventListener('change', () => setView(view()));
  }
  ui.input.addEventListener('keydown', (event) => {
    // Enter solves; Shift+Enter starts a new line.
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    ui.form.requestSubmit();
  });
  ui.input.addEventListener('input', () => {
    fitInput();
    if (ui.input.hasAttribute('aria-invalid')) {
      ui.input.removeAttribute('aria-invalid');
      ui.error.textContent = '';
    }
  });
  const app = page.app;
  ui.reset.addEventListener('click', () => act(() => app.reset()));
  ui.back.addEventListener('click', () => act(() => app.stepBack()));
  ui.play.addEventListener('click', () => act(() => app.toggle()));
  ui.forward.addEventListener('click', () => act(() => app.stepForward()));
  ui.end.addEventListener('click', () => act(() => app.end()));
  ui.speed.addEventListener('change', () => app.setSpeed(Number(ui.speed.value)));
  ui.netSwitch.addEventListener('change', () => {
    remember('thistle.net', String(ui.netSwitch.checked));
    setNet(ui.netSwitch.checked);
  });
  ui.hints.addEventListener('change', () => setHints(ui.hints.checked));
  ui.resetView.addEventListener('click', () => {
    app.resetView();
    wake();
  });
  ui.savePicture.addEventListener('click', async () => {
    const { savePicture } = await import('./picture.js');
    const { stage, position } = app.status();
    await savePicture({
      app, canvas: ui.canvas, svg: ui.flatNet.querySelector('svg'), stage: page.solution.stages[stage].name, position,
    });
  });
  ui.saveVideo.addEventListener('click', async () => {
    const { openVideo } = await import('./video.js');
    openVideo();
  });
  ui.printHandout.addEventListener('click', async () => {
    try {
      await showHandout();
      window.print();
    } catch (error) {
      showError(error);
    }
  });
  // The lab's controls load lab.js on first use.
  const resolve = () => load({ ...page.wanted, position: 0, stages: null, mode: 'fewest' });
  ui.niss.addEventListener('change', resolve);
  ui.axes.addEventListener('change', resolve);
  ui.alternatives.addEventListener('click', async () => (await useLab()).openAlternatives());
  ui.copyWriteUp.addEventListener('click', async () => (await useLab()).copyWriteUp());
  ui.checkForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    (await useLab()).check();
  });
  ui.attempt.addEventListener('keydown', (event) => {
    // Ctrl+Enter checks; Enter starts a new line, as one step per line.
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.isComposing) return;
    event.preventDefault();
    ui.checkForm.requestSubmit();
  });
  ui.present.addEventListener('click', () => setPresenting(!presenting()));
  document.addEventListener('fullscreenchange', onFullscreenChange);
  document.addEventListener('keydown', onKey);
  ui.canvas.addEventListener('keydown', onCubeKey);
  ui.showKeys.addEventListener('click', () => ui.keys.showModal());
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

/** Lays out the handout of the solution on show (handout.js, loaded now). */
async function showHandout() {
  const { layOutHandout } = await import('./handout.js');
  await layOutHandout({ root: ui.handout, app: page.app, solution: page.solution });
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
  const colours = createAppearance({
    wasm, app: page.app, select: $('palette'), letters: $('letters'), dark: $('dark'), redraw: wake,
  });
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
  // Prove shortest's controls are in the page; its code loads on the first press.
  const proveFirst = async () => {
    $('prove-start').removeEventListener('click', proveFirst);
    const { createProve } = await import('./prove.js');
    page.prove = createProve({
      root: $('prove'),
      current: () => page.wanted,
      show: (wanted, found) => display({ ...wanted, mode: 'fewest', position: 0, stages: found.stages }, found),
    });
    page.prove.start();
  };
  $('prove-start').addEventListener('click', proveFirst);
  openLink();
  // The colour editor's code loads when it is first opened, not with the page.
  const editor = $('editor');
  let built = null;
  const openEditor = () => {
    if (!editor.open) return built;
    built ??= import('./editor.js').then(({ createEditor }) => createEditor({
      root: $('editor-body'),
      colours,
      check: (text) => wasm.checkFacelets(text),
      advise: (text, photos) => labClient().call('advise', { text, photos }),
      shown: () => page.solution && page.solution.facelets,
      onSolve: (facelets) => {
        load({ ...wasm.readInput(facelets), mode: mode() });
        const instant = document.documentElement.hasAttribute('data-reduced-motion');
        ui.canvas.scrollIntoView({ block: 'nearest', behavior: instant ? 'auto' : 'smooth' });
      },
    }));
    return built;
  };
  editor.addEventListener('toggle', openEditor);
  // Scan and Follow along load their code on first use; follow-along mode
  // lasts across a reload (a phone asleep, a tab discarded).
  ui.scan.addEventListener('click', () => {
    ui.scanPhotos.click();
    import('./scan.js').then(({ prepareScan }) => prepareScan(), () => {});
  });
  const scanning = { colours, editor: () => { editor.open = true; return openEditor(); } };
  ui.scanPhotos.addEventListener('change', async () => {
    const { scanPhotos } = await import('./scan.js');
    scanPhotos(scanning);
  });
  // A live camera where the browser allows one (a secure page).
  ui.camera.hidden = !navigator.mediaDevices?.getUserMedia;
  ui.camera.addEventListener('click', async () => {
    const { openCamera } = await import('./camera.js');
    openCamera(scanning);
  });
  const follow = async () => (await import('./follow.js')).follow({ colours, wasm });
  ui.follow.addEventListener('click', follow);
  if (recall('thistle.follow') === 'true') follow();
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
    benchSolve: (states, repeats, seed) => wasm.benchSolve(states, repeats, BigInt(seed)),
    /** Microseconds of group counters per state shown, for `states` random states. */
    benchCounters: (states, repeats, seed) => wasm.benchCounters(states, repeats, BigInt(seed)),
    /** Milliseconds per fewest-moves solve of `states` random states. */
    benchFewest: (states, seed) => wasm.benchFewest(states, BigInt(seed)),
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

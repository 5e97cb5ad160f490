// Thistle's page: loads the solver (WebAssembly), wires the controls to it and
// runs the animation loop. The loop only runs while something moves, so an
// idle page draws nothing. All cube logic lives in Rust.

import { createEditor } from './editor.js';
import { createSharing, namesMode, readLink } from './share.js';
import { createSolver } from './solving.js';

const $ = (id) => document.getElementById(id);

const ui = {
  canvas: $('cube'),
  loading: $('loading'),
  form: $('scramble-form'),
  input: $('scramble'),
  solve: $('solve'),
  random: $('random'),
  error: $('error'),
  chips: $('chips'),
  reset: $('reset'),
  back: $('back'),
  play: $('play'),
  playIcon: $('play-icon'),
  forward: $('forward'),
  end: $('end'),
  speed: $('speed'),
  status: $('status'),
  stageName: $('stage-name'),
  stageDescription: $('stage-description'),
  stageAllowed: $('stage-allowed'),
  stageWorst: $('stage-worst'),
  moves: $('moves'),
};

const PLAY_ICON = 'M7 4v16l13-8z';
const PAUSE_ICON = 'M6 4h4v16H6zM14 4h4v16h-4z';

let wasm = null;
let app = null;
let solution = null;
// Solving and sharing (solving.js, share.js): the input on show, as
// { source, text }, and the newest request, so a late result is dropped.
let solver = null;
let sharing = null;
let current = null;
let request = 0;
let searching = false;
let counts = '';
let chipButtons = [];
let moveButtons = [];
let frames = 0;
let drawMs = 0;
let rafId = 0;
let lastTime = 0;
let shown = '';

function showStartupError(error) {
  const box = $('startup-error');
  box.textContent = `Thistle could not start: ${error && error.message ? error.message : error}`;
  box.hidden = false;
  ui.loading.textContent = 'Could not start.';
  ui.status.textContent = 'Could not start.';
}

// --- drawing -----------------------------------------------------------

function draw() {
  const begin = performance.now();
  app.render();
  drawMs += performance.now() - begin;
  frames += 1;
}

function frame(time) {
  rafId = 0;
  const seconds = lastTime ? Math.min((time - lastTime) / 1000, 0.1) : 0;
  const moving = app.tick(seconds);
  draw();
  update();
  if (moving) {
    lastTime = time;
    rafId = requestAnimationFrame(frame);
  } else {
    lastTime = 0;
  }
}

/** Schedules a frame; the loop keeps going only while playback moves. */
function wake() {
  if (!rafId) rafId = requestAnimationFrame(frame);
}

function resize(width, height) {
  if (width > 0 && height > 0 && (ui.canvas.width !== width || ui.canvas.height !== height)) {
    ui.canvas.width = width;
    ui.canvas.height = height;
    wake();
  }
}

function watchSize() {
  const observer = new ResizeObserver(([entry]) => {
    const ratio = window.devicePixelRatio || 1;
    let width = Math.round(entry.contentRect.width * ratio);
    let height = Math.round(entry.contentRect.height * ratio);
    // The exact device-pixel size, when the browser reports one that agrees
    // with the ratio (emulated ratios in test browsers do not).
    const box = entry.devicePixelContentBoxSize && entry.devicePixelContentBoxSize[0];
    if (box && Math.abs(box.inlineSize - width) <= 2 && Math.abs(box.blockSize - height) <= 2) {
      width = box.inlineSize;
      height = box.blockSize;
    }
    resize(width, height);
  });
  try {
    observer.observe(ui.canvas, { box: 'device-pixel-content-box' });
  } catch {
    observer.observe(ui.canvas);
  }
  // A new ratio (zoom, another screen) may leave the CSS size unchanged.
  const watchRatio = () => {
    matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener('change', () => {
      const rect = ui.canvas.getBoundingClientRect();
      resize(Math.round(rect.width * window.devicePixelRatio), Math.round(rect.height * window.devicePixelRatio));
      watchRatio();
    }, { once: true });
  };
  watchRatio();
}

function watchPointer() {
  const pointers = new Map();
  let pinch = 0;
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  ui.canvas.addEventListener('pointerdown', (event) => {
    ui.canvas.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) pinch = spread();
  });
  ui.canvas.addEventListener('pointermove', (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, now);
    if (pointers.size === 1) {
      app.orbit(now.x - last.x, now.y - last.y);
    } else if (pointers.size === 2) {
      const distance = spread();
      if (pinch > 0 && distance > 0) app.zoom(pinch / distance);
      pinch = distance;
    }
    wake();
  });
  const release = (event) => {
    pointers.delete(event.pointerId);
    pinch = pointers.size === 2 ? spread() : 0;
  };
  ui.canvas.addEventListener('pointerup', release);
  ui.canvas.addEventListener('pointercancel', release);
  ui.canvas.addEventListener('wheel', (event) => {
    event.preventDefault();
    const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    app.zoom(Math.exp(pixels * 0.0015));
    wake();
  }, { passive: false });
}

function watchContext() {
  ui.canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();
    app.contextLost();
  });
  ui.canvas.addEventListener('webglcontextrestored', () => {
    try {
      app.contextRestored();
      wake();
    } catch (error) {
      showStartupError(error);
    }
  });
}

// --- solution and controls --------------------------------------------

function buildChips() {
  ui.chips.replaceChildren();
  chipButtons = solution.stages.map((stage, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'chip';
    button.setAttribute('aria-label', stage.name);
    button.title = `${stage.name}: ${stage.moves.length} moves (key ${index + 1})`;
    const name = document.createElement('span');
    name.textContent = stage.name;
    const count = document.createElement('span');
    count.className = 'count';
    count.textContent = ` · ${stage.moves.length}`;
    button.append(name, count);
    button.addEventListener('click', () => act(() => app.playStage(index)));
    ui.chips.append(button);
    return button;
  });
}

function buildMoves() {
  ui.moves.replaceChildren();
  moveButtons = [];
  solution.stages.forEach((stage) => {
    const group = document.createElement('li');
    const heading = document.createElement('h3');
    heading.textContent = `${stage.name} · ${stage.moves.length}`;
    const list = document.createElement('ol');
    list.start = stage.start + 1;
    stage.moves.forEach((move, k) => {
      const index = stage.start + k;
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'move';
      button.textContent = move;
      button.title = `Move ${index + 1}: ${move}`;
      button.addEventListener('click', () => act(() => app.playMove(index)));
      item.append(button);
      list.append(item);
      moveButtons.push(button);
    });
    if (stage.moves.length === 0) {
      const item = document.createElement('li');
      item.className = 'nothing';
      item.textContent = 'nothing to do';
      list.append(item);
    }
    group.append(heading, list);
    ui.moves.append(group);
  });
}

function showSolution(result) {
  solution = result;
  ui.input.value = result.scramble;
  ui.error.textContent = '';
  ui.input.removeAttribute('aria-invalid');
  shown = '';
  buildChips();
  buildMoves();
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

/** Updates the controls from playback; cheap when nothing changed. */
function update() {
  const status = app.status();
  const key = JSON.stringify([status.text, status.current, status.stage, status.finished, status.playing]);
  if (key === shown) return;
  shown = key;
  sharing.position(status.position);
  ui.status.textContent = status.text;
  const playing = status.playing;
  ui.play.setAttribute('aria-label', playing ? 'Pause' : 'Play');
  ui.playIcon.setAttribute('d', playing ? PAUSE_ICON : PLAY_ICON);
  chipButtons.forEach((button, index) => {
    const active = index === status.stage && !status.solved;
    if (active) button.setAttribute('aria-current', 'step');
    else button.removeAttribute('aria-current');
    button.classList.toggle('done', status.finished[index] && solution.stages[index].moves.length > 0);
  });
  moveButtons.forEach((button, index) => {
    const current = index === status.current;
    button.classList.toggle('current', current);
    button.classList.toggle('applied', index < status.position);
    if (current) button.setAttribute('aria-current', 'true');
    else button.removeAttribute('aria-current');
  });
  const current = moveButtons[status.current];
  if (current) current.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const stage = solution.stages[status.stage];
  ui.stageName.textContent = `Stage ${status.stage + 1}: ${stage.name}`;
  ui.stageDescription.textContent = stage.description;
  ui.stageAllowed.textContent = stage.allowed;
  ui.stageWorst.textContent = `${stage.maxLength} moves (this cube: ${stage.moves.length})`;
}

/** Runs a playback command, then redraws. */
function act(command) {
  command();
  shown = '';
  update();
  wake();
}

const mode = () => document.querySelector('input[name="mode"]:checked').value;

function setMode(value) {
  for (const radio of document.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === value;
}

function setSearching(on) {
  searching = on;
  document.documentElement.toggleAttribute('data-searching', on);
  ui.solve.setAttribute('aria-busy', String(on));
  $('result').textContent = on ? 'Searching…' : counts;
}

/** Shows a found solution for `wanted` ({ source, text, mode, position }). */
function display(wanted, found) {
  const result = app.show(wanted.source, wanted.text, found);
  showSolution(result.solution);
  current = { source: result.source, text: result.text };
  setMode(result.mode);
  const [total, other] = result.mode === 'fewest'
    ? [result.fewestTotal, `${result.fastTotal} with optimal stages`]
    : [result.fastTotal, `${result.fewestTotal} in fewest moves`];
  counts = `${total} moves (${other})`;
  $('result').textContent = counts;
  sharing.show(result);
  if (wanted.position > 0) act(() => app.seek(wanted.position));
}

/** Solves `wanted` in the worker and shows it, unless a newer request came. */
async function load(wanted) {
  const id = ++request;
  setMode(wanted.mode);
  setSearching(true);
  try {
    const found = await solver.solve(wanted.mode, wanted.source, wanted.text);
    if (id === request) display(wanted, found);
  } catch (error) {
    if (id === request) showError(error);
  } finally {
    if (id === request) setSearching(false);
  }
}

/** What the scramble box holds: a link, a facelet string or notation. */
function readInput() {
  const text = ui.input.value.trim();
  if (wasm.looksLikeLink(text)) {
    const link = wasm.decodeLink(text);
    return namesMode(text) ? link : { ...link, mode: mode() };
  }
  // 54 sticker letters with no spaces are a facelet string, not moves.
  if (/^[URFDLBWYGO]{54}$/i.test(text)) return { source: 'state', text: text.toUpperCase(), mode: mode(), position: 0 };
  return { source: 'scramble', text: ui.input.value, mode: mode(), position: 0 };
}

function solveInput() {
  try {
    load(readInput());
  } catch (error) {
    showError(error);
  }
}

/**
 * The first solve, here and now: the link the page was opened with, or the
 * example scramble. A bad link gives its message and a solved cube.
 */
function openLink() {
  const example = { source: 'scramble', text: ui.input.value, mode: mode(), position: 0 };
  const solvedCube = { source: 'scramble', text: '', mode: mode(), position: 0 };
  let wanted = example;
  let problem = null;
  try {
    wanted = readLink(wasm) || example;
  } catch (error) {
    problem = error;
    wanted = solvedCube;
  }
  try {
    display(wanted, solver.now(wanted.mode, wanted.source, wanted.text));
  } catch (error) {
    problem = error;
    display(solvedCube, solver.now(solvedCube.mode, solvedCube.source, solvedCube.text));
  }
  if (problem) {
    ui.error.textContent = `This link could not be opened: ${problem.message}.`;
    ui.input.setAttribute('aria-invalid', 'true');
  }
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
  const commands = {
    ' ': () => app.toggle(),
    ArrowLeft: () => app.stepBack(),
    ArrowRight: () => app.stepForward(),
    Home: () => app.reset(),
    End: () => app.end(),
    1: () => app.playStage(0),
    2: () => app.playStage(1),
    3: () => app.playStage(2),
    4: () => app.playStage(3),
  };
  const command = commands[event.key];
  if (!command) return;
  event.preventDefault();
  act(command);
}

function wire() {
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    solveInput();
  });
  ui.random.addEventListener('click', () => {
    load({ source: 'scramble', text: wasm.randomScramble(), mode: mode(), position: 0 });
  });
  for (const radio of document.querySelectorAll('input[name="mode"]')) {
    radio.addEventListener('change', () => {
      if (current) load({ ...current, mode: mode(), position: 0 });
    });
  }
  ui.input.addEventListener('input', () => {
    if (ui.input.hasAttribute('aria-invalid')) {
      ui.input.removeAttribute('aria-invalid');
      ui.error.textContent = '';
    }
  });
  ui.reset.addEventListener('click', () => act(() => app.reset()));
  ui.back.addEventListener('click', () => act(() => app.stepBack()));
  ui.play.addEventListener('click', () => act(() => app.toggle()));
  ui.forward.addEventListener('click', () => act(() => app.stepForward()));
  ui.end.addEventListener('click', () => act(() => app.end()));
  ui.speed.addEventListener('change', () => app.setSpeed(Number(ui.speed.value)));
  document.addEventListener('keydown', onKey);
}

async function start() {
  wasm = await import('./pkg/thistle.js');
  const instantiating = wasm.default();
  // While the wasm compiles in the background, bring up the WebGL2 context
  // (the renderer asks for the same one: drawing buffer kept for tests, no MSAA).
  ui.canvas.getContext('webgl2', { preserveDrawingBuffer: true, antialias: false });
  await instantiating;
  performance.mark('thistle-wasm');
  app = new wasm.App(ui.canvas);
  performance.mark('thistle-renderer');
  app.setSpeed(Number(ui.speed.value));
  watchSize();
  watchPointer();
  watchContext();
  wire();
  for (const control of [ui.input, ui.solve, ui.random]) control.disabled = false;
  solver = createSolver(wasm);
  sharing = createSharing(wasm);
  openLink();
  createEditor({
    root: $('editor-body'),
    check: (text) => wasm.checkFacelets(text),
    shown: () => solution && solution.facelets,
    onSolve: (facelets) => {
      load({ source: 'state', text: facelets, mode: mode(), position: 0 });
      ui.canvas.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    },
  });
  ui.loading.remove();
  draw();
  window.thistle = {
    ready: true,
    /** The displayed cube as a 54-letter facelet string. */
    state: () => app.facelets(),
    status: () => app.status(),
    /** Frames drawn since the page loaded. */
    frames: () => frames,
    /** Milliseconds spent in drawing calls since the page loaded. */
    drawMs: () => drawMs,
    solve: (text) => wasm.solve(text),
    benchSolve: (states, repeats, seed) => wasm.benchSolve(states, repeats, BigInt(seed)),
    /** Milliseconds per fewest-moves solve of `states` random states. */
    benchFewest: (states, seed) => wasm.benchFewest(states, BigInt(seed)),
    /** Whether a solve is under way (in the worker). */
    searching: () => searching,
  };
  document.documentElement.dataset.ready = 'true';
  performance.mark('thistle-ready');
  // The worker compiles its own module; start it once the page is up.
  (window.requestIdleCallback || setTimeout)(() => solver.warm());
}

start().catch(showStartupError);

// Thistle's page: loads the solver (WebAssembly), wires the controls to it and
// runs the animation loop. The loop only runs while something moves, so an
// idle page draws nothing. All cube logic lives in Rust; the page's state is
// the one `page` object below, filled in by `start`.

import { createAppearance } from './appearance.js';
import { createProve } from './prove.js';
import { createSharing, readLink } from './share.js';
import { recall, remember } from './remembered.js';
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
  stageGroup: $('stage-group'),
  stageWhy: $('stage-why'),
  progressStage: $('progress-stage'),
  counters: $('counters'),
  histogram: $('histogram'),
  moveLine: $('move-line'),
  reading: $('reading'),
  scrubber: $('scrubber'),
  stageMarks: $('stage-marks'),
  moves: $('moves'),
  hints: $('hints'),
  resetView: $('reset-view'),
  present: $('present'),
  narration: $('narration'),
  words: $('words'),
  wordsBody: $('words-body'),
  reduceMotion: $('reduce-motion'),
  keys: $('keys'),
  showKeys: $('show-keys'),
};

const PLAY_ICON = 'M7 4v16l13-8z';
const PAUSE_ICON = 'M6 4h4v16H6zM14 4h4v16h-4z';

const page = {
  wasm: null,
  app: null,
  /** `App.show`'s solution. */
  solution: null,
  solver: null,
  sharing: null,
  /** The newest solve request: a late result is dropped. */
  request: 0,
  searching: false,
  /** What is on display: { input, mode, position }. */
  wanted: null,
  /** The "Prove shortest" action (prove.js). */
  prove: null,
  counts: '',
  chipButtons: [],
  moveButtons: [],
  frames: 0,
  drawMs: 0,
  rafId: 0,
  lastTime: 0,
  /** The status last shown: unchanged frames skip the DOM. */
  shown: '',
  /** Counts presentations, so a late full-screen exit ends only its own. */
  presentation: 0,
  /** The presentation that full screen was entered for. */
  fullscreenPresentation: -1,
  /** Moves applied when the live region last spoke. */
  narrated: 0,
  /** The facelets the cube in words last described. */
  described: '',
};

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
  page.app.render();
  page.drawMs += performance.now() - begin;
  page.frames += 1;
}

function frame(time) {
  page.rafId = 0;
  const seconds = page.lastTime ? Math.min((time - page.lastTime) / 1000, 0.1) : 0;
  const moving = page.app.tick(seconds);
  draw();
  update();
  if (!moving) describeCube();
  if (moving) {
    page.lastTime = time;
    page.rafId = requestAnimationFrame(frame);
  } else {
    page.lastTime = 0;
  }
}

/** Schedules a frame; the loop keeps going only while playback moves. */
function wake() {
  if (!page.rafId) page.rafId = requestAnimationFrame(frame);
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
      page.app.orbit(now.x - last.x, now.y - last.y);
    } else if (pointers.size === 2) {
      const distance = spread();
      if (pinch > 0 && distance > 0) page.app.zoom(pinch / distance);
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
    page.app.zoom(Math.exp(pixels * 0.0015));
    wake();
  }, { passive: false });
}

function watchContext() {
  ui.canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();
    page.app.contextLost();
  });
  ui.canvas.addEventListener('webglcontextrestored', () => {
    try {
      page.app.startRenderer();
      wake();
    } catch (error) {
      showStartupError(error);
    }
  });
}

// --- solution and controls --------------------------------------------

function buildChips() {
  ui.chips.replaceChildren();
  page.chipButtons = page.solution.stages.map((stage, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'chip';
    button.title = `${stage.name}: ${moves(stage.moves.length)} (key ${index + 1})`;
    const name = document.createElement('span');
    name.textContent = stage.name;
    const count = document.createElement('span');
    count.className = 'count';
    count.textContent = ` · ${stage.moves.length}`;
    // Heard as "Orient edges · 5 moves"; the chip shows "Orient edges · 5".
    const unit = document.createElement('span');
    unit.className = 'visually-hidden';
    unit.textContent = stage.moves.length === 1 ? ' move' : ' moves';
    button.append(name, count, unit);
    button.addEventListener('click', () => act(() => page.app.playStage(index)));
    ui.chips.append(button);
    return button;
  });
}

function buildMoves() {
  ui.moves.replaceChildren();
  page.moveButtons = [];
  page.solution.stages.forEach((stage) => {
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
      button.addEventListener('click', () => act(() => page.app.playMove(index)));
      item.append(button);
      list.append(item);
      page.moveButtons.push(button);
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

/** "1 move", "2 moves". */
const moves = (n) => `${n} ${n === 1 ? 'move' : 'moves'}`;

/** Grows the Scramble box to fit its lines. */
function fitInput() {
  ui.input.style.height = 'auto';
  ui.input.style.height = `${ui.input.scrollHeight}px`;
}

/** Marks each stage's end on the timeline. */
function markStages() {
  ui.scrubber.max = String(page.solution.total);
  ui.stageMarks.replaceChildren(...page.solution.stages.map((stage) => {
    const mark = document.createElement('option');
    mark.value = String(stage.start + stage.moves.length);
    mark.label = stage.name;
    return mark;
  }));
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
  ui.reading.textContent = entered.source === 'state'
    ? `A scramble for this state: ${result.scramble || '(solved)'}`
    : result.scramble !== entered.text.trim() ? `Read as: ${result.scramble || '(no moves)'}` : '';
  ui.error.textContent = '';
  ui.input.removeAttribute('aria-invalid');
  page.shown = '';
  page.narrated = 0;
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

/** Updates the controls from playback; cheap when nothing changed. */
function update() {
  const status = page.app.status();
  const key = JSON.stringify([status.text, status.current, status.stage, status.finished, status.playing]);
  if (key === page.shown) return;
  page.shown = key;
  narrate(status);
  page.sharing.position(status.position);
  ui.status.textContent = status.text;
  const playing = status.playing;
  ui.play.setAttribute('aria-label', playing ? 'Pause' : 'Play');
  ui.playIcon.setAttribute('d', playing ? PAUSE_ICON : PLAY_ICON);
  page.chipButtons.forEach((button, index) => {
    const active = index === status.stage && !status.solved;
    if (active) button.setAttribute('aria-current', 'step');
    else button.removeAttribute('aria-current');
    button.classList.toggle('done', status.finished[index] && page.solution.stages[index].moves.length > 0);
  });
  page.moveButtons.forEach((button, index) => {
    const current = index === status.current;
    button.classList.toggle('current', current);
    button.classList.toggle('applied', index < status.position);
    if (current) button.setAttribute('aria-current', 'true');
    else button.removeAttribute('aria-current');
  });
  const current = page.moveButtons[status.current];
  if (current) keepInList(current);
  ui.scrubber.value = String(status.position);
  ui.scrubber.setAttribute('aria-valuetext', status.text);
  const stage = page.solution.stages[status.stage];
  ui.stageName.textContent = `Stage ${status.stage + 1}: ${stage.name}`;
  ui.stageDescription.textContent = stage.description;
  ui.stageAllowed.textContent = stage.allowed;
  ui.stageWorst.textContent = `${stage.maxLength} moves (this cube: ${stage.moves.length})`;
  ui.stageGroup.textContent = `${stage.groups} · ${stage.cosets.toLocaleString('en')} cosets · ${page.solution.axes}`;
  ui.stageWhy.textContent = stage.why;
  showProgress();
}

/**
 * Tells a screen reader where playback went: each move when stepping or
 * playing slowly, only finished stages when playing faster.
 */
function narrate(status) {
  if (status.position === page.narrated) return;
  const text = page.app.narration(page.narrated);
  page.narrated = status.position;
  if (text) ui.narration.textContent = text;
}

/**
 * "The cube in words": per face, its stickers' colours row by row, rebuilt
 * while open and only when the cube shown has changed.
 */
function describeCube() {
  const shown = page.app.facelets();
  if (!ui.words.open || shown === page.described) return;
  page.described = shown;
  ui.wordsBody.replaceChildren(...page.app.describe().map(({ face, centre, rows }) => {
    const table = document.createElement('table');
    table.createCaption().textContent = `${face[0].toUpperCase()}${face.slice(1)}, ${centre.toLowerCase()} centre`;
    const body = table.createTBody();
    rows.forEach((row, k) => {
      const line = body.insertRow();
      const heading = document.createElement('th');
      heading.scope = 'row';
      heading.textContent = `Row ${k + 1}`;
      line.append(heading);
      for (const colour of row) line.insertCell().textContent = colour;
    });
    return table;
  }));
}

/** The Progress region: the current stage's counters, depth and last move. */
function showProgress() {
  const progress = page.app.progress();
  ui.progressStage.textContent = `Progress · ${progress.stage}`;
  ui.counters.replaceChildren(...progress.counters.map((line) => {
    const item = document.createElement('li');
    item.textContent = line;
    return item;
  }));
  const most = Math.max(...progress.histogram);
  ui.histogram.replaceChildren(...progress.histogram.map((count, depth) => {
    const bar = document.createElement('span');
    bar.style.height = `${(100 * Math.log1p(count)) / Math.log1p(most)}%`;
    bar.classList.toggle('here', depth === progress.distance);
    bar.title = `${count.toLocaleString('en')} at distance ${depth}`;
    return bar;
  }));
  const here = progress.histogram[progress.distance];
  ui.histogram.setAttribute('aria-label', `Depth histogram: ${here.toLocaleString('en')} of ${progress.histogram
    .reduce((a, b) => a + b, 0).toLocaleString('en')} cosets are at this distance`);
  ui.moveLine.textContent = progress.line || '';
}

/**
 * Scrolls the move list, when it is a scroll box, so `button` shows; never
 * the page, which would carry the cube away on a phone.
 */
function keepInList(button) {
  const list = button.closest('.moves > ol');
  if (!list || list.scrollHeight <= list.clientHeight) return;
  const top = button.offsetTop - list.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + button.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top + button.offsetHeight - list.clientHeight;
  }
}

/** Runs a playback command, then redraws. */
function act(command) {
  command();
  page.shown = '';
  update();
  wake();
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

const presenting = () => document.documentElement.hasAttribute('data-presenting');

/**
 * Presentation mode, for a projector: the cube fills the screen, with only
 * the chips and the transport beside it (and full screen where allowed).
 */
function setPresenting(on) {
  document.documentElement.toggleAttribute('data-presenting', on);
  ui.present.setAttribute('aria-pressed', String(on));
  ui.present.textContent = on ? 'Exit presentation' : 'Present';
  if (on) page.presentation += 1;
  if (on && document.fullscreenEnabled && !document.fullscreenElement) {
    document.documentElement.requestFullscreen().catch(() => {});
  } else if (!on && document.fullscreenElement) {
    document.exitFullscreen().catch(() => {});
  }
}

/**
 * Leaving full screen (Esc) ends the presentation that entered it. The
 * change event lands late, so leaving one presentation and at once starting
 * the next must not end the new one, and full screen that arrives after its
 * presentation ended is left again.
 */
function onFullscreenChange() {
  if (document.fullscreenElement && !presenting()) {
    // Full screen arrived after its presentation had already ended.
    document.exitFullscreen().catch(() => {});
  } else if (document.fullscreenElement) {
    page.fullscreenPresentation = page.presentation;
  } else if (presenting() && page.fullscreenPresentation === page.presentation) {
    setPresenting(false);
  }
}

function setSearching(on) {
  page.searching = on;
  document.documentElement.toggleAttribute('data-searching', on);
  ui.solve.setAttribute('aria-busy', String(on));
  $('result').textContent = on ? 'Searching…' : page.counts;
}

/** Shows a found solution for `wanted` ({ input, mode, position }). */
function display(wanted, searched) {
  const result = page.app.show(wanted.input, searched);
  page.wanted = wanted;
  if (page.prove) page.prove.shown(wanted);
  showSolution(result.solution, wanted.input);
  setMode(result.mode);
  const [total, other] = result.mode === 'fewest'
    ? [result.fewestTotal, `${result.fastTotal} with optimal stages`]
    : [result.fastTotal, `${result.fewestTotal} in fewest moves`];
  showCounts(`${moves(total)} (${other})`);
  page.sharing.show(result, wanted.input);
  offerLinkSolution(wanted);
  if (wanted.position > 0) act(() => page.app.seek(wanted.position));
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
  $('link-solution-text').textContent = `The link's solution: ${length}.`;
  $('play-link-solution').onclick = () => {
    try {
      const result = page.app.show(wanted.input, page.wasm.linkSolution(wanted.input, wanted.solution));
      showSolution(result.solution, wanted.input);
      showCounts(`${moves(result.solution.total)} (the link's solution)`);
      offer.hidden = true;
      act(() => page.app.reset());
    } catch (error) {
      showError(error);
    }
  };
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
  setMode(wanted.mode);
  setSearching(true);
  try {
    const searched = await page.solver.solve(wanted.mode, wanted.input);
    if (id === page.request) {
      display(wanted, searched);
      ui.play.focus();
    }
  } catch (error) {
    if (id === page.request) showError(error);
  } finally {
    if (id === page.request) setSearching(false);
  }
}

/** Solves what the Scramble box holds (Rust decides what it is). */
function solveInput() {
  try {
    const request = page.wasm.readInput(ui.input.value);
    load({ ...request, mode: request.mode ?? mode() });
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
    display(wanted, page.solver.now(wanted.mode, wanted.input));
  } catch (error) {
    problem = error;
    display(solvedCube, page.solver.now(solvedCube.mode, solvedCube.input));
  }
  if (problem) {
    ui.error.textContent = `This link could not be opened: ${problem.message}.`;
    ui.input.setAttribute('aria-invalid', 'true');
  }
}

const ARROWS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];

/**
 * The keys a focused control uses itself, which the page's own keys leave
 * to it (`null`: all of them, as in a text box).
 */
function ownKeys(target) {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return null;
  if (target instanceof HTMLInputElement) {
    if (target.type === 'range') return [...ARROWS, 'Home', 'End', 'PageUp', 'PageDown'];
    if (target.type === 'radio') return [...ARROWS, ' '];
    if (target.type === 'checkbox') return [' '];
    return null;
  }
  if (target === ui.canvas) return [...ARROWS, '+', '=', '-', '0'];
  if (target instanceof Element && target.closest('button, a, summary')) return [' ', 'Enter'];
  return [];
}

/** With the cube focused, the arrow keys orbit it, + and − zoom, 0 resets the view. */
function onCubeKey(event) {
  const STEP = 25;
  const orbits = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
  const app = page.app;
  if (orbits[event.key]) app.orbit(...orbits[event.key]);
  else if (event.key === '+' || event.key === '=') app.zoom(0.9);
  else if (event.key === '-') app.zoom(1 / 0.9);
  else if (event.key === '0') app.resetView();
  else return;
  event.preventDefault();
  wake();
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || ui.keys.open) return;
  const own = ownKeys(event.target);
  if (own === null || own.includes(event.key)) return;
  if (event.key === '?') {
    event.preventDefault();
    ui.keys.showModal();
    return;
  }
  if (event.key === 'f' || event.key === 'F' || (event.key === 'Escape' && presenting())) {
    event.preventDefault();
    setPresenting(!presenting());
    return;
  }
  const app = page.app;
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
  ui.hints.addEventListener('change', () => setHints(ui.hints.checked));
  ui.resetView.addEventListener('click', () => {
    app.resetView();
    wake();
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

/** Resolves once the browser has painted the page as it stands. */
const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

async function start() {
  const wasm = await import('./pkg/thistle.js');
  // index.html began compiling the wasm as the page started loading; where
  // it could not (no streaming compile), wasm-bindgen fetches it itself.
  await wasm.default({ module_or_path: await window.thistleWasm });
  performance.mark('thistle-wasm');
  page.wasm = wasm;
  page.app = new wasm.App(ui.canvas);
  const colours = createAppearance({
    wasm, app: page.app, select: $('palette'), letters: $('letters'), redraw: wake,
  });
  page.app.setSpeed(Number(ui.speed.value));
  setHints(matchMedia('(min-width: 860px) and (min-height: 600px)').matches);
  const reduce = recall('thistle.reduceMotion');
  setReducedMotion(reduce === null ? motion.matches : reduce === 'true');
  watchSize();
  watchPointer();
  watchContext();
  wire();
  for (const control of [ui.input, ui.solve, ui.random]) control.disabled = false;
  page.solver = createSolver(wasm);
  page.sharing = createSharing(wasm);
  page.prove = createProve({
    root: $('prove'),
    current: () => page.wanted,
    show: (wanted, found) => display({ ...wanted, mode: 'fewest', position: 0 }, found),
  });
  openLink();
  // The colour editor's code loads when it is first opened, not with the page.
  const editor = $('editor');
  const openEditor = async () => {
    if (!editor.open) return;
    editor.removeEventListener('toggle', openEditor);
    const { createEditor } = await import('./editor.js');
    createEditor({
      root: $('editor-body'),
      colours,
      check: (text) => wasm.checkFacelets(text),
      shown: () => page.solution && page.solution.facelets,
      onSolve: (facelets) => {
        load({ ...wasm.readInput(facelets), mode: mode() });
        const instant = document.documentElement.hasAttribute('data-reduced-motion');
        ui.canvas.scrollIntoView({ block: 'nearest', behavior: instant ? 'auto' : 'smooth' });
      },
    });
  };
  editor.addEventListener('toggle', openEditor);
  performance.mark('thistle-ready');
  // Solving works from here. The renderer (WebGL2 set-up, the slowest part
  // of the start) comes once the page and its solution are on screen.
  ui.loading.textContent = 'Drawing the cube…';
  await painted();
  page.app.startRenderer();
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
    colourNames: () => wasm.palette('wca').faces.map(({ name, face }) => [name, face]),
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

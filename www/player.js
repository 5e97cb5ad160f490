// The player: the animation loop, and the controls that follow playback
// (chips, moves, timeline, status, stage panel, Progress, legend and the
// live narration). The loop only runs while something moves, so an idle
// page draws nothing. Playback itself is Rust (`App`).

import { createNet } from './net.js';
import { fmcAfter, moves, page, painted, ui } from './page.js';

const PLAY_ICON = 'M7 4v16l13-8z';
const PAUSE_ICON = 'M6 4h4v16H6zM14 4h4v16h-4z';

export function draw() {
  const begin = performance.now();
  page.app.render();
  page.drawMs += performance.now() - begin;
  page.frames += 1;
}

/** Plays on by `seconds`, draws and updates; returns whether it still moves. */
export function advance(seconds) {
  const moving = page.app.tick(seconds);
  draw();
  update();
  if (!moving) describeCube();
  return moving;
}

function frame(time) {
  page.rafId = 0;
  // At most a tenth of a second, so that a stalled page resumes where it was.
  const moving = advance(page.lastTime ? Math.min((time - page.lastTime) / 1000, 0.1) : 0);
  if (moving) {
    page.lastTime = time;
    page.rafId = requestAnimationFrame(frame);
  } else {
    page.lastTime = 0;
  }
}

/**
 * Schedules a frame; the loop keeps going only while playback moves. While
 * a video records, its own loop draws instead.
 */
export function wake() {
  if (!page.rafId && !page.recording) page.rafId = requestAnimationFrame(frame);
}

/**
 * Resolves once no frame is due: the canvas shows what the page holds,
 * resizes included (the browser reports them in the frame after layout).
 */
export async function quiet() {
  do await painted(); while (page.rafId);
}

/** Runs a playback command, then redraws. */
export function act(command) {
  command();
  page.shown = '';
  update();
  wake();
}

export function buildChips() {
  ui.chips.replaceChildren();
  page.chipButtons = page.solution.stages.map((stage, index) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'chip';
    button.title = `${stage.name}: ${moves(stage.moves.length)}${index < 4 ? ` (key ${index + 1})` : ''}`;
    const name = document.createElement('span');
    name.textContent = stage.name;
    const count = document.createElement('span');
    count.className = 'count';
    count.textContent = ` · ${stage.moves.length}`;
    // Heard as "Orient edges · 5 moves"; the chip shows "Orient edges · 5"
    // (or "EO · 5", heard as "Orient edges, EO · 5 moves": embed.js).
    const unit = document.createElement('span');
    unit.className = 'visually-hidden';
    unit.textContent = stage.moves.length === 1 ? ' move' : ' moves';
    button.append(name, count, unit, ...chipMarks(index, stage));
    // To the stage's start, paused, so its starting cube shows; Play plays it.
    // Clicked (not pressed by key), Space then plays it, as the key list says.
    button.addEventListener('click', (event) => {
      act(() => page.app.goToStage(index));
      if (event.detail) ui.play.focus({ preventScroll: true });
    });
    ui.chips.append(button);
    return button;
  });
  // Only an embedded player's chips keep to one line, and may not fit.
  if (document.documentElement.hasAttribute('data-embed')) import('./embed.js').then(({ fitChips }) => fitChips());
}

/** A chip's notes: found on the inverse scramble, and chosen in the lab. */
function chipMarks(index, stage) {
  const marks = [];
  if (stage.side === 'inverse') marks.push(' · inverse');
  if (page.chosen.has(index)) marks.push(' · chosen');
  return marks.map((text) => {
    const mark = document.createElement('span');
    mark.className = 'chip-mark';
    mark.textContent = text;
    return mark;
  });
}

export function buildMoves() {
  ui.moves.replaceChildren();
  page.moveButtons = [];
  page.solution.stages.forEach((stage) => {
    const group = document.createElement('li');
    const heading = document.createElement('h3');
    const inverse = stage.side === 'inverse';
    heading.textContent = `${stage.name} · ${stage.moves.length}${inverse ? ' · on the inverse scramble' : ''}`;
    const list = document.createElement('ol');
    list.start = stage.start + 1;
    stage.moves.forEach((move, k) => {
      const index = stage.start + k;
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'move';
      button.textContent = move;
      button.dataset.notation = inverse ? `(${move})` : move;
      button.title = `Move ${index + 1}: ${move}${inverse ? ', on the inverse scramble' : ''}`;
      button.addEventListener('click', () => act(() => page.app.playMove(index)));
      item.append(button);
      // FMC notation: a stage's moves found on the inverse scramble in one
      // pair of parentheses, outside the buttons, which name one move each.
      if (inverse && k === 0) item.prepend('(');
      if (inverse && k === stage.moves.length - 1) item.append(')');
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

/** Marks each stage's end on the timeline. */
export function markStages() {
  ui.scrubber.max = String(page.solution.total);
  ui.stageMarks.replaceChildren(...page.solution.stages.map((stage) => {
    const mark = document.createElement('option');
    mark.value = String(stage.start + stage.moves.length);
    mark.label = stage.name;
    return mark;
  }));
}

/** Updates the controls from playback; cheap when nothing changed. */
export function update() {
  showLegend();
  showNet();
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
    // A stage with no moves is passed over, done.
    button.classList.toggle('done', status.finished[index]);
    if (status.finished[index]) button.setAttribute('aria-description', 'done');
    else button.removeAttribute('aria-description');
  });
  // The move list is one stop in the Tab order, at the move playback stands
  // on (the last at the end): the arrows step playback there as anywhere,
  // and focus in the list follows it.
  const stop = Math.min(status.current ?? status.position, page.moveButtons.length - 1);
  const focusFollows = document.activeElement?.classList.contains('move');
  page.moveButtons.forEach((button, index) => {
    const current = index === status.current;
    button.classList.toggle('current', current);
    button.classList.toggle('applied', index < status.position);
    if (current) button.setAttribute('aria-current', 'true');
    else button.removeAttribute('aria-current');
    button.tabIndex = index === stop ? 0 : -1;
  });
  if (focusFollows) page.moveButtons[stop]?.focus({ preventScroll: true });
  const current = page.moveButtons[status.current];
  if (current) keepInList(current);
  showNowNext(status);
  ui.scrubber.value = String(status.position);
  ui.scrubber.setAttribute('aria-valuetext', status.text);
  const stage = page.solution.stages[status.stage];
  const fmc = document.createElement('span');
  fmc.className = 'fmc-name';
  fmc.textContent = fmcAfter(stage.name, stage.fmc);
  ui.stageName.replaceChildren(`Stage ${status.stage + 1}: ${stage.name}`, fmc);
  ui.stagePlain.textContent = stage.plain;
  ui.stageDescription.textContent = stage.side === 'inverse'
    ? `On the inverse scramble: ${stage.description}`
    : stage.description;
  ui.stageAllowed.textContent = stage.allowed;
  ui.stageWorst.textContent = `${stage.maxLength} moves (this cube: ${stage.moves.length})`;
  ui.stageGroup.textContent = `${stage.groups} · ${stage.cosets.toLocaleString('en')} cosets · ${page.solution.axes}`;
  ui.stageWhy.textContent = stage.why;
  showProgress();
}

/**
 * The move just made and the one to come, in notation (as the move list
 * writes them: inverse-scramble moves in parentheses), which a
 * presentation shows large.
 */
function showNowNext({ position }) {
  const notation = (index) => page.moveButtons[index]?.dataset.notation;
  // As the position stands: a turn being undone is already "Next". At a
  // stage's start the move before is the last stage's, not this one's.
  const startsStage = position > 0 && page.solution.stages.some((stage) => stage.start === position && stage.moves.length > 0);
  const now = startsStage ? undefined : notation(position - 1);
  const next = notation(position);
  // At the end, the move made is the last, not one to make now.
  const made = now && (next ? `Now ${now}` : `Last ${now}`);
  ui.nowNext.textContent = [made, next ? `Next ${next}` : 'Solved'].filter(Boolean).join(' · ');
}

/**
 * The stage view's legend beside the cube: what each colour means, for
 * the lens on show; hidden in full colours.
 */
function showLegend() {
  const entries = page.app.legend();
  const key = JSON.stringify(entries);
  if (key === page.legend) return;
  page.legend = key;
  ui.legend.hidden = entries.length === 0;
  ui.legend.replaceChildren(...entries.map(({ colour, meaning }) => {
    const item = document.createElement('li');
    const swatch = document.createElement('span');
    swatch.className = 'legend-swatch';
    swatch.style.background = colour;
    item.append(swatch, meaning);
    return item;
  }));
}

/** Shows or hides the flat net; it is built when first shown. */
export function setNet(on) {
  ui.netSwitch.checked = on;
  ui.flatNet.hidden = !on;
  if (on && !page.net) page.net = createNet(ui.flatNet);
  showNet();
}

/** The flat net, while shown, follows the cube at every step. */
function showNet() {
  if (page.net && !ui.flatNet.hidden) page.net.draw(page.app.net());
}

/**
 * Tells a screen reader where playback went: each move when stepping or
 * playing slowly, only finished stages when playing faster.
 */
function narrate(status) {
  if (status.position === page.narrated) return;
  const text = page.app.narration(page.narrated);
  page.narrated = status.position;
  // Follow along says the next move itself: one voice, not two.
  if (text && !document.documentElement.hasAttribute('data-follow')) ui.narration.textContent = text;
}

/** A new solution is on show: the narration starts again from it. */
export function narrateNew() {
  page.narrated = 0;
  ui.narration.textContent = page.app.narration(0);
}

/**
 * "The cube in words": per face, its stickers' colours row by row, rebuilt
 * while open and only when the cube shown has changed.
 */
export function describeCube() {
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
  const on = progress.on ? ` on ${progress.on}` : '';
  const dr = progress.case ? ` · DR case ${progress.case.name}` : '';
  ui.progressStage.textContent = `Progress · ${progress.stage}${fmcAfter(progress.stage, progress.fmc)}${on}${dr}`;
  ui.counters.replaceChildren(...progress.counters.map((line) => {
    const item = document.createElement('li');
    item.textContent = line;
    return item;
  }));
  // At a stage's start, the stage before is done; else the last move's
  // effect on this stage's counters (never another stage's).
  ui.moveLine.textContent = progress.done ? `${progress.done} ✓ done` : progress.line || '';
  ui.histogram.hidden = progress.histogram.length === 0;
  if (ui.histogram.hidden) return;
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

// Save video: records the whole solution, or one stage, as a WebM for a
// class. The cube as shown (lens, palette, letters; the flat net where there
// is no 3D cube) is drawn at the chosen size (960×540 unless told), with the
// stage's name across the top, marked in the accent colour as each stage
// starts, the move being made in notation and the stage view's legend
// beside the cube, and each frame is
// encoded (WebCodecs, VP9, or VP8 where VP9 is not offered) at its own time: playback steps exactly 1/30 s a
// frame at the chosen speed, so the video plays at that steady speed however
// busy the machine is, and no frame is dropped. Frames are paced to the
// clock, so a recording takes about as long as the video, and the page shows
// it playing. webm-muxer writes the file, its duration included. Loaded on
// first use, with its dialog.

import { NET_COLUMNS, NET_ROWS, cell } from '../net.js';
import { fmcAfter, moves, page, ui } from '../page.js';
import { act, advance, draw } from '../player.js';
import { download, slug } from './picture.js';
import { showDialog } from '../dialog.js';

/**
 * The frame sizes offered. The first, the default, records a whole
 * solution at the fastest speed in at most 2.5 times the video's length
 * on a busy 2-core machine with software WebGL (`make page-bench`).
 */
const SIZES = [[960, 540], [1280, 720], [1920, 1080]];
const FPS = 30;
/** The share of the frame's height the stage's name takes across the top. */
const BAND = 0.1;
/** Seconds the scrambled state is held before the first move, and the end after the last. */
const LEAD = 0.6;
const TAIL = 1.2;
/** Seconds a stage's name is marked after it starts. */
const MARK = 1.5;
/** Quarter turns take this long at speed 1 (playback.rs's QUARTER_TURN_SECONDS). */
const QUARTER_TURN_SECONDS = 0.3;

/** The speeds offered, down to a quarter for a first explanation. */
const SPEEDS = ['0.25', '0.5', '1', '2', '4'];
/** Seconds `list` of moves takes to play at speed 1. */
const playTime = (list) => list.reduce((sum, move) => sum + QUARTER_TURN_SECONDS * (move.endsWith('2') ? 2 : 1), 0);

function element(tag, attributes = {}, text = '') {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

/** The flat net of `view` (`App.net`'s form) drawn on `context` in the box `width` × `height` from `y`. */
function drawNet(context, view, width, height, y) {
  const size = Math.min(width / NET_COLUMNS, height / NET_ROWS);
  const left = (width - size * NET_COLUMNS) / 2;
  const top = y + (height - size * NET_ROWS) / 2;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.font = `bold ${Math.round(size * 0.46)}px sans-serif`;
  context.strokeStyle = 'rgba(0, 0, 0, 0.3)';
  context.lineWidth = Math.max(1, size * 0.02);
  for (let index = 0; index < 54; index += 1) {
    const [row, column] = cell(index);
    const [x, y] = [left + column * size, top + row * size];
    context.fillStyle = view.fills[index];
    context.beginPath();
    context.roundRect(x + size * 0.06, y + size * 0.06, size * 0.88, size * 0.88, size * 0.14);
    context.fill();
    // An outline, so that the lens's pale stickers stand out from the background.
    context.stroke();
    if (view.letters) {
      context.fillStyle = view.inks[index];
      context.fillText(view.letters[index], x + size / 2, y + size / 2);
    }
  }
}

/**
 * Beside the cube on the right: the move being made, large, in notation
 * (as the move list writes it), and the stage view's legend below it.
 */
function drawAside(context, { colours, status, starting, move, legend }, band) {
  const { width } = context.canvas;
  const right = width - band * 0.4;
  context.textAlign = 'right';
  context.textBaseline = 'middle';
  context.fillStyle = colours.muted;
  context.font = `${Math.round(band * 0.3)}px sans-serif`;
  context.fillText(starting ? 'Next' : status.position > 0 ? `Move ${status.position}` : 'Scrambled', right, band * 1.5);
  context.fillStyle = colours.ink;
  context.font = `bold ${Math.round(band * 1.1)}px monospace`;
  if (move) context.fillText(move, right, band * 2.4);
  const swatch = Math.round(band * 0.28);
  context.font = `${Math.round(band * 0.26)}px sans-serif`;
  legend.forEach(({ colour, meaning }, k) => {
    const y = band * 3.6 + k * swatch * 1.7;
    // On the page's background: a long meaning reaches over the cube's
    // square, where a hidden face's panel may pass behind it mid-turn.
    const { width: wide } = context.measureText(meaning);
    context.fillStyle = colours.background;
    context.fillRect(right - swatch * 1.5 - wide - swatch * 0.3, y - swatch * 0.8, wide + swatch * 0.6, swatch * 1.6);
    context.fillStyle = colours.ink;
    context.fillText(meaning, right - swatch * 1.5, y);
    context.fillStyle = colour;
    context.fillRect(right - swatch, y - swatch / 2, swatch, swatch);
    // An edge in the ink colour, so that a pale swatch shows.
    context.strokeStyle = colours.ink;
    context.lineWidth = Math.max(1, swatch / 14);
    context.strokeRect(right - swatch, y - swatch / 2, swatch, swatch);
  });
}

/**
 * Draws a frame of the video: the stage's name across the top (in the
 * accent colour while `marked`), the stages with their moves down the left,
 * the cube, or its net, in the middle, and the move and legend on the right.
 */
function drawFrame(context, { colours, solution, status, marked, stage, cube, net, starting, move, legend }) {
  const { width, height } = context.canvas;
  const band = Math.round(height * BAND);
  context.fillStyle = colours.background;
  context.fillRect(0, 0, width, height);
  // The net, wider than the cube, leaves the right third to the aside.
  if (net) drawNet(context, net, width * 0.64, height - band, band);
  else context.drawImage(cube, (width - cube.width) / 2, band);
  drawAside(context, { colours, status, starting, move, legend }, band);
  context.fillStyle = marked ? colours.accent : colours.panel;
  context.fillRect(0, 0, width, band);
  context.textBaseline = 'middle';
  context.fillStyle = marked ? colours.onAccent : colours.ink;
  context.font = `bold ${Math.round(band * 0.42)}px sans-serif`;
  context.textAlign = 'left';
  const { name, fmc } = solution.stages[stage];
  context.fillText(status.solved ? 'Solved' : `Stage ${stage + 1}: ${name}${fmcAfter(name, fmc)}`, band * 0.4, band / 2);
  context.textAlign = 'right';
  context.font = `${Math.round(band * 0.36)}px sans-serif`;
  context.fillText(`Move ${status.position} of ${solution.total}`, width - band * 0.4, band / 2);
  if (net) return;
  context.textAlign = 'left';
  const line = Math.round(band * 0.42);
  solution.stages.forEach((each, index) => {
    const current = index === stage && !status.solved;
    const top = band + line * (1 + 3 * index);
    context.fillStyle = current ? colours.accent : colours.ink;
    context.font = `bold ${Math.round(line * 0.8)}px sans-serif`;
    context.fillText(`${index + 1}. ${each.name}`, band * 0.4, top + line / 2);
    context.font = `${Math.round(line * 0.75)}px sans-serif`;
    const done = status.finished[index] ? ' \u2713' : '';
    context.fillText(`${each.fmc} \u00b7 ${moves(each.moves.length)}${done}`, band * 0.4, top + line * 1.5);
  });
}

/**
 * The encoders tried, in turn, with their WebM names: VP9 first, which
 * encodes in about half VP8's time in software on a 2-core machine, then
 * VP8, which every WebM player decodes. Real-time mode, at 4 Mbit/s for 720p
 * and in proportion to the pixels.
 */
const CODECS = [['vp09.00.10.08', 'V_VP9'], ['vp8', 'V_VP8']];
const settingsFor = (codec, [width, height]) => ({
  codec, width, height, bitrate: Math.round((4e6 * width * height) / (1280 * 720)), framerate: FPS, latencyMode: 'realtime',
});

/** The first encoder this browser offers for `size`, with its WebM name, or null. */
async function chooseCodec(size) {
  if (typeof VideoEncoder === 'undefined') return null;
  for (const [codec, webm] of CODECS) {
    const settings = settingsFor(codec, size);
    if ((await VideoEncoder.isConfigSupported(settings).catch(() => ({}))).supported) return { settings, webm };
  }
  return null;
}
/** A key frame at least this many seconds apart, so a player can seek. */
const KEY_SECONDS = 2;
/** Frames waiting in the encoder before drawing waits for it. */
const QUEUE = 4;

/** Resolves at the next animation frame, with its time. */
const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

let muxerModule = null;

/**
 * The WebM muxer, loaded as the dialog first opens, so that a video once
 * opened online records offline too (sw.js keeps what is fetched).
 */
function loadMuxer() {
  muxerModule ??= import('./webm-muxer.js').catch(() => {
    muxerModule = null;
    throw new Error('its recorder could not load: it needs the network the first time');
  });
  return muxerModule;
}

/**
 * Records `stages` (indices into the solution on show) as they play from
 * the first one's start at `speed`; `onProgress(fraction)` follows it.
 * Resolves to the video, or to null once `signal` aborts.
 */
async function record({ stages, speed, size, onProgress, signal }) {
  const { app, solution } = page;
  const [width, height] = size;
  const chosen = await chooseCodec(size);
  if (!chosen) throw new Error('this browser cannot encode VP9 or VP8 video (WebCodecs)');
  const { settings, webm } = chosen;
  const { ArrayBufferTarget, Muxer } = await loadMuxer();
  const { canvas } = ui;
  const flat = canvas.hidden;
  const picture = element('canvas');
  picture.width = width;
  picture.height = height;
  const context = picture.getContext('2d');
  const style = getComputedStyle(document.documentElement);
  const colour = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  const colours = {
    background: colour('--bg', '#ffffff'),
    panel: colour('--panel', '#ffffff'),
    ink: colour('--ink', '#1b1e24'),
    muted: colour('--muted', '#5b6270'),
    accent: colour('--accent', '#1f6f4a'),
    onAccent: colour('--on-accent', '#ffffff'),
  };
  const playing = stages.flatMap((index) => solution.stages[index].moves);
  const planned = LEAD + playTime(playing) / speed + TAIL;
  const first = solution.stages[stages[0]].start;
  const last = first + playing.length;

  const muxer = new Muxer({
    target: new ArrayBufferTarget(),
    video: { codec: webm, width, height, frameRate: FPS },
  });
  let failure = null;
  const encoder = new VideoEncoder({
    output: (chunk, meta) => muxer.addVideoChunk(chunk, meta),
    error: (error) => { failure = error; },
  });
  encoder.configure(settings);

  const saved = { width: canvas.width, height: canvas.height, position: app.status().position };
  cancelAnimationFrame(page.rafId);
  page.rafId = 0;
  page.recording = true;
  if (!flat) {
    // The cube in a square below the band, drawn at the video's own size.
    canvas.width = height - Math.round(height * BAND);
    canvas.height = canvas.width;
  }
  app.setSpeed(speed);
  app.seek(first);

  let stage = app.status().stage;
  let markedAt = 0;
  const compose = (seconds) => {
    const status = app.status();
    if (status.stage !== stage && status.position < last) {
      stage = status.stage;
      markedAt = seconds;
    }
    const marked = seconds - markedAt < MARK && status.position < last;
    // At a stage's start, its first move, to come, as a presentation shows it: the move before is the last stage's.
    const starting = status.position > 0 && solution.stages[status.stage]?.start === status.position;
    drawFrame(context, {
      colours, solution, status, stage, cube: canvas, net: flat && app.net(),
      marked, starting,
      move: page.moveButtons[starting ? status.position : status.current]?.textContent,
      legend: app.legend(),
    });
    // What a still picture's frames have in common.
    return `${status.position} ${stage} ${marked}`;
  };

  try {
    const step = 1 / FPS;
    let phase = 'lead';
    let held = 0;
    let begun = 0;
    let shown = '';
    let keyAt = -Infinity;
    for (let k = 0; phase !== 'done'; k += 1) {
      const seconds = k * step;
      // Paced to the clock, no faster than the video plays: a frame ahead of
      // it waits for an animation frame (a hidden page has none, and the
      // recording waits with it); a frame behind it, as when the encoder
      // falls behind, goes on at once.
      let now = performance.now();
      begun ||= now;
      while (now - begun < seconds * 1000) now = await nextFrame();
      if (signal.aborted) return null;
      if (failure) throw failure;
      const moving = phase === 'play';
      if (moving) {
        if (!advance(step)) {
          phase = 'tail';
          // A stage ends on its goal in its own view, not the next stage's
          // (a solved cube, at the end, is in full colours).
          if (stages.length === 1 && last < solution.total) app.holdView(stages[0]);
        }
      } else {
        draw();
        if (k > 0) held += step;
        if (phase === 'lead' && held >= LEAD) {
          phase = 'play';
          // A stage plays from its start to its end, as Play does after its chip.
          if (stages.length === 1) app.goToStage(stages[0]);
          app.toggle();
        }
      }
      if (phase === 'tail' && held >= LEAD + TAIL) phase = 'done';
      const drawn = compose(seconds);
      // A still picture (the lead, the tail) is encoded once and shown until
      // the next frame: each frame costs the encoder about as much, moving or
      // not. The last is encoded too, so that the video lasts to its end.
      if (moving || drawn !== shown || phase === 'done') {
        shown = drawn;
        const keyFrame = seconds - keyAt >= KEY_SECONDS;
        if (keyFrame) keyAt = seconds;
        const frame = new VideoFrame(picture, { timestamp: Math.round(seconds * 1e6), duration: Math.round(step * 1e6) });
        encoder.encode(frame, { keyFrame });
        frame.close();
        while (encoder.encodeQueueSize > QUEUE) {
          await new Promise((resolve) => encoder.addEventListener('dequeue', resolve, { once: true }));
        }
      }
      onProgress(Math.min(seconds / planned, 1));
    }
    await encoder.flush();
    if (failure) throw failure;
    muxer.finalize();
    return new Blob([muxer.target.buffer], { type: 'video/webm' });
  } finally {
    if (encoder.state !== 'closed') encoder.close();
    app.holdView(undefined);
    page.recording = false;
    if (!flat) {
      canvas.width = saved.width;
      canvas.height = saved.height;
    }
    app.setSpeed(Number(ui.speed.value));
    act(() => app.seek(saved.position));
  }
}

/** The Save video dialog, built once: what to record, the speed, progress and Cancel. */
function createDialog() {
  const dialog = element('dialog', { id: 'video', class: 'dialog', 'aria-labelledby': 'video-title' });
  const what = element('select', { id: 'video-what' });
  const speed = element('select', { id: 'video-speed' });
  for (const value of SPEEDS) speed.append(new Option(`${value}×`, value));
  const size = element('select', { id: 'video-size' });
  for (const [width, height] of SIZES) size.append(new Option(`${width} × ${height}`, `${width}x${height}`));
  const progress = element('progress', { max: '1', value: '0', 'aria-label': 'Recording' });
  progress.hidden = true;
  const status = element('p', { role: 'status', class: 'video-status' });
  const start = element('button', { type: 'button', class: 'primary' }, 'Record');
  const cancel = element('button', { type: 'button' }, 'Close');
  const label = (text, control) => {
    const wrap = element('label', {}, text);
    wrap.append(control);
    return wrap;
  };
  const buttons = element('p', { class: 'dialog-buttons' });
  buttons.append(start, cancel);
  dialog.append(
    element('h2', { id: 'video-title' }, 'Save video'),
    element('p', {}, 'Records the cube as it plays, as a WebM video, with each stage named as it starts, each move in notation and the colours explained.'),
    label('Record ', what), label('Speed ', speed), label('Size ', size),
    element('p', { class: 'video-note' }, 'Larger sizes take longer to record on a slow computer.'),
    progress, status, buttons,
  );
  document.body.append(dialog);

  let running = null;
  cancel.addEventListener('click', () => (running ? running.abort() : dialog.close()));
  dialog.addEventListener('cancel', (event) => {
    if (!running) return;
    event.preventDefault();
    running.abort();
  });
  start.addEventListener('click', async () => {
    const stages = what.value === 'all' ? page.solution.stages.map((_, index) => index) : [Number(what.value)];
    running = new AbortController();
    start.disabled = true;
    what.disabled = true;
    speed.disabled = true;
    size.disabled = true;
    cancel.textContent = 'Cancel';
    progress.hidden = false;
    progress.value = 0;
    status.textContent = 'Recording…';
    try {
      const video = await record({
        stages,
        speed: Number(speed.value),
        size: size.value.split('x').map(Number),
        signal: running.signal,
        onProgress: (part) => { progress.value = part; },
      });
      if (video) {
        const name = `thistle-${what.value === 'all' ? 'solution' : slug(page.solution.stages[stages[0]].name)}.webm`;
        download(video, name);
        status.textContent = `Saved ${name}.`;
      } else {
        status.textContent = 'Cancelled; nothing saved.';
      }
    } catch (error) {
      status.textContent = `Could not record: ${error && error.message ? error.message : error}`;
    } finally {
      running = null;
      start.disabled = false;
      what.disabled = false;
      speed.disabled = false;
      size.disabled = false;
      cancel.textContent = 'Close';
      progress.hidden = true;
    }
  });
  return {
    open() {
      const { stages } = page.solution;
      what.replaceChildren(
        new Option(`The whole solution (${moves(page.solution.total)})`, 'all'),
        ...stages.map((stage, index) => new Option(
          `Stage ${index + 1}: ${stage.name} (${moves(stage.moves.length)})`, String(index),
        )),
      );
      [...what.options].slice(1).forEach((option, index) => { option.disabled = stages[index].moves.length === 0; });
      // A stage part-way played is the one the person chose; else the whole.
      const { position, solved, stage } = page.app.status();
      what.value = position > 0 && !solved && stages[stage]?.moves.length > 0 ? String(stage) : 'all';
      speed.value = [...speed.options].some((option) => option.value === ui.speed.value) ? ui.speed.value : '1';
      status.textContent = '';
      showDialog(dialog);
    },
  };
}

let dialog = null;

/** Opens the Save video dialog for the solution on show. */
export function openVideo() {
  loadMuxer().catch(() => {});
  dialog ||= createDialog();
  dialog.open();
}

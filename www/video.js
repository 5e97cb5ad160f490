// Save video: records the whole solution, or one stage, as a WebM for a
// class. The cube as shown (lens, palette, letters; the flat net where there
// is no 3D cube) is drawn 1280 px wide onto a canvas that MediaRecorder
// records, with the stage's name across the top, marked in the accent colour
// as each stage starts. Playback runs on wall-clock time at the chosen
// speed, so the video plays at that steady speed. Chromium's recorder leaves
// the duration out of the file; fix-webm-duration writes it in. Loaded on
// first use, with its dialog.

import { NET_COLUMNS, NET_ROWS, cell } from './net.js';
import { moves, page, ui } from './page.js';
import { act, advance, draw } from './player.js';
import { download, slug } from './picture.js';

/** The video's frame, 720p, and its rate. */
const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 30;
/** The share of the frame's height the stage's name takes across the top. */
const BAND = 0.1;
/** Seconds the scrambled state is held before the first move, and the end after the last. */
const LEAD = 0.6;
const TAIL = 1.2;
/** Seconds a stage's name is marked after it starts. */
const MARK = 1.5;
const FMC = ['EO', 'DR', 'HTR', 'finish'];
/** Quarter turns take this long at speed 1 (playback.rs's QUARTER_TURN_SECONDS). */
const QUARTER_TURN_SECONDS = 0.3;

/** The first WebM this browser records; VP8 first, as every player decodes it. */
function webmType() {
  if (typeof MediaRecorder === 'undefined') return null;
  return ['video/webm;codecs=vp8', 'video/webm;codecs=vp9', 'video/webm']
    .find((type) => MediaRecorder.isTypeSupported(type)) || null;
}

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
 * Resolves once the recorder has handed over all it encoded (two requests
 * in a row bring nothing), or `signal` aborts. A slow machine's encoder
 * runs behind the frames, and stopping would drop the ones it holds.
 */
async function drain(recorder, signal) {
  for (let empty = 0; empty < 2 && !signal.aborted;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const size = await new Promise((resolve) => {
      recorder.addEventListener('dataavailable', (event) => resolve(event.data.size), { once: true });
      recorder.requestData();
    });
    empty = size === 0 ? empty + 1 : 0;
  }
}

/**
 * Draws a frame of the video: the stage's name across the top (in the
 * accent colour while `marked`), the stages with their moves down the left,
 * and the cube, or its net, in the rest.
 */
function drawFrame(context, { colours, solution, status, marked, stage, cube, net }) {
  const { width, height } = context.canvas;
  const band = Math.round(height * BAND);
  context.fillStyle = colours.background;
  context.fillRect(0, 0, width, height);
  if (net) drawNet(context, net, width, height - band, band);
  else context.drawImage(cube, (width - cube.width) / 2, band);
  context.fillStyle = marked ? colours.accent : colours.panel;
  context.fillRect(0, 0, width, band);
  context.textBaseline = 'middle';
  context.fillStyle = marked ? colours.onAccent : colours.ink;
  context.font = `bold ${Math.round(band * 0.42)}px sans-serif`;
  context.textAlign = 'left';
  const name = solution.stages[stage].name;
  context.fillText(status.solved ? 'Solved' : `Stage ${stage + 1}: ${name} (${FMC[stage]})`, band * 0.4, band / 2);
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
    context.fillText(`${FMC[index]} \u00b7 ${moves(each.moves.length)}${done}`, band * 0.4, top + line * 1.5);
  });
}

/**
 * Records `stages` (indices into the solution on show) as they play from
 * the first one's start at `speed`; `onProgress(fraction)` follows it, and
 * `onProgress(null)` says the recorder is finishing. Resolves to the
 * video, or to null once `signal` aborts.
 */
async function record({ stages, speed, onProgress, signal }) {
  const { app, solution } = page;
  const type = webmType();
  if (!type) throw new Error('this browser cannot record WebM video');
  const { canvas } = ui;
  const flat = canvas.hidden;
  const picture = element('canvas');
  picture.width = WIDTH;
  picture.height = HEIGHT;
  const context = picture.getContext('2d');
  const style = getComputedStyle(document.documentElement);
  const colour = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  const colours = {
    background: colour('--bg', '#ffffff'),
    panel: colour('--panel', '#ffffff'),
    ink: colour('--ink', '#1b1e24'),
    accent: colour('--accent', '#1f6f4a'),
    onAccent: colour('--on-accent', '#ffffff'),
  };
  const playing = stages.flatMap((index) => solution.stages[index].moves);
  const planned = LEAD + playTime(playing) / speed + TAIL;
  const first = solution.stages[stages[0]].start;
  const last = first + playing.length;

  const saved = { width: canvas.width, height: canvas.height, position: app.status().position };
  cancelAnimationFrame(page.rafId);
  page.rafId = 0;
  page.recording = true;
  if (!flat) {
    // The cube in a square below the band, drawn at the video's own size.
    canvas.width = HEIGHT - Math.round(HEIGHT * BAND);
    canvas.height = canvas.width;
  }
  app.setSpeed(speed);
  app.seek(first);

  const stream = picture.captureStream(FPS);
  const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: 4e6 });
  const chunks = [];
  recorder.addEventListener('dataavailable', (event) => chunks.push(event.data));
  const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve, { once: true }));
  // A hidden page draws no frames: the recorder waits with it.
  let before = 0;
  const onVisibility = () => {
    before = 0;
    if (document.hidden && recorder.state === 'recording') recorder.pause();
    else if (!document.hidden && recorder.state === 'paused') recorder.resume();
  };
  document.addEventListener('visibilitychange', onVisibility);

  let stage = app.status().stage;
  let markedAt = 0;
  const compose = (seconds) => {
    const status = app.status();
    if (status.stage !== stage && status.position < last) {
      stage = status.stage;
      markedAt = seconds;
    }
    drawFrame(context, {
      colours, solution, status, stage, cube: canvas, net: flat && app.net(),
      marked: seconds - markedAt < MARK && status.position < last,
    });
  };

  // Seconds recorded: the video's duration, as the recorder timed it.
  let recorded = 0;
  try {
    await new Promise((resolve) => {
      let phase = 'lead';
      let held = 0;
      const frame = (time) => {
        if (signal.aborted) return resolve();
        // A frame at most every 1/FPS s: the recorder takes no more, and
        // drawing fewer leaves the processor to its encoder.
        if (before && time - before < 1000 / FPS - 4) return requestAnimationFrame(frame);
        // Wall-clock time, however long a frame took: the video keeps its speed.
        const seconds = before ? (time - before) / 1000 : 0;
        before = time;
        recorded += seconds;
        if (phase === 'play') {
          if (!advance(seconds)) phase = 'tail';
        } else {
          draw();
          held += seconds;
          if (phase === 'lead' && held >= LEAD) {
            phase = 'play';
            if (stages.length === 1) app.playStage(stages[0]);
            else app.toggle();
          } else if (phase === 'tail' && held >= LEAD + TAIL) {
            compose(recorded);
            return resolve();
          }
        }
        compose(recorded);
        onProgress(Math.min(recorded / planned, 1));
        return requestAnimationFrame(frame);
      };
      draw();
      compose(0);
      recorder.start();
      requestAnimationFrame(frame);
    });
    if (!signal.aborted) {
      // A busy machine's encoder drops frames it cannot keep up with, the
      // last ones too. With the timeline paused, it is let finish, then
      // given the end once more, so the video ends on the cube as it ends.
      onProgress(null);
      recorder.pause();
      await drain(recorder, signal);
      recorder.resume();
      draw();
      compose(recorded);
      await drain(recorder, signal);
    }
  } finally {
    if (recorder.state !== 'inactive') recorder.stop();
    await stopped;
    stream.getTracks().forEach((track) => track.stop());
    document.removeEventListener('visibilitychange', onVisibility);
    page.recording = false;
    if (!flat) {
      canvas.width = saved.width;
      canvas.height = saved.height;
    }
    app.setSpeed(Number(ui.speed.value));
    act(() => app.seek(saved.position));
  }
  if (signal.aborted) return null;
  return withDuration(new Blob(chunks, { type: 'video/webm' }), recorded * 1000);
}

/** An EBML variable-length number at `at`: its value (with its length marker for an id) and length. */
function vint(bytes, at, id = false) {
  let length = 1;
  while (length < 8 && !(bytes[at] & (0x100 >> length))) length += 1;
  let value = id ? bytes[at] : bytes[at] & (0xff >> length);
  for (let k = 1; k < length; k += 1) value = value * 256 + bytes[at + k];
  return { value, length };
}

/** The children of the element whose data spans `from`–`to`: `id → { data, size }`. */
function children(bytes, from, to) {
  const found = new Map();
  for (let at = from; at < to;) {
    const id = vint(bytes, at, true);
    const size = vint(bytes, at + id.length);
    const data = at + id.length + size.length;
    found.set(id.value, { data, size: size.value });
    // A size of all ones is unknown: the element runs to the end (a streamed Segment).
    if (size.value === 2 ** (7 * size.length) - 1) break;
    at = data + size.value;
  }
  return found;
}

/**
 * The video with its duration, `ms`, in its Info. A recorder that streams
 * its chunks (requestData) cannot go back to write it: Chromium leaves a
 * placeholder of 1 ms there, which is overwritten here; one that leaves it
 * out gets it from fix-webm-duration, loaded then.
 */
async function withDuration(video, ms) {
  const bytes = new Uint8Array(await video.arrayBuffer());
  const segment = children(bytes, 0, bytes.length).get(0x18538067);
  const info = segment && children(bytes, segment.data, bytes.length).get(0x1549a966);
  const duration = info && children(bytes, info.data, info.data + info.size).get(0x4489);
  if (duration && (duration.size === 4 || duration.size === 8)) {
    const view = new DataView(bytes.buffer, duration.data, duration.size);
    if (duration.size === 4) view.setFloat32(0, ms);
    else view.setFloat64(0, ms);
    return new Blob([bytes], { type: video.type });
  }
  // A script, not a module: it defines window.ysFixWebmDuration.
  await import('./fix-webm-duration.js');
  return window.ysFixWebmDuration(video, ms, { logger: false });
}

/** The Save video dialog, built once: what to record, the speed, progress and Cancel. */
function createDialog() {
  const dialog = element('dialog', { id: 'video', class: 'dialog', 'aria-labelledby': 'video-title' });
  const what = element('select', { id: 'video-what' });
  const speed = element('select', { id: 'video-speed' });
  for (const value of ['0.5', '1', '2', '4']) speed.append(new Option(`${value}×`, value));
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
    element('p', {}, 'Records the cube as it plays, as a WebM video, with each stage named as it starts.'),
    label('Record ', what), label('Speed ', speed), progress, status, buttons,
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
    cancel.textContent = 'Cancel';
    progress.hidden = false;
    progress.value = 0;
    status.textContent = 'Recording…';
    try {
      const video = await record({
        stages,
        speed: Number(speed.value),
        signal: running.signal,
        onProgress: (part) => {
          if (part !== null) {
            progress.value = part;
            return;
          }
          progress.removeAttribute('value');
          status.textContent = 'Finishing the video…';
        },
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
      what.value = position > 0 && !solved && stages[stage].moves.length > 0 ? String(stage) : 'all';
      speed.value = [...speed.options].some((option) => option.value === ui.speed.value) ? ui.speed.value : '1';
      status.textContent = '';
      dialog.showModal();
    },
  };
}

let dialog = null;

/** Opens the Save video dialog for the solution on show. */
export function openVideo() {
  dialog ||= createDialog();
  dialog.open();
}

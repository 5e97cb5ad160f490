// Camera: the six faces taken from a live preview (getUserMedia), where the
// browser allows a camera, instead of picking photos. A square guide over
// the preview shows where to hold the face; a tap on the preview or Capture
// (Enter or Space) takes the square under it. After the sixth, the camera
// stops and the frames go to the same reader as photos (scan.js). Loaded
// on first use.

import { ui, styleSheet } from '../page.js';
import { element } from './element.js';
import { prepareScan, scanFrames, thumbnail } from './scan.js';

await styleSheet('cube/own-cube.css');

/** The frames' side: the reader needs no more. */
const SIDE = 640;
const FACES = 6;

/** The open camera, if any: `close()` stops it. */
let open = null;

/** What the browser's refusal means for the person. */
function refusal(error) {
  switch (error?.name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return "The camera isn't allowed here: allow it in the browser's settings, or use Scan to pick photos.";
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No camera was found: use Scan to pick photos instead.';
    case 'NotReadableError':
      return 'The camera is busy in another app: close that, or use Scan to pick photos.';
    default:
      return `The camera could not start (${error?.message ?? error}): use Scan to pick photos instead.`;
  }
}

/**
 * The square of the preview under the guide, at most `SIDE` pixels a side:
 * the middle of the frame, as wide as the frame is short.
 */
function grab(video) {
  const side = Math.min(video.videoWidth, video.videoHeight);
  const size = Math.min(side, SIDE);
  return createImageBitmap(
    video,
    (video.videoWidth - side) / 2,
    (video.videoHeight - side) / 2,
    side,
    side,
    { resizeWidth: size, resizeHeight: size, resizeQuality: 'medium' },
  );
}

/**
 * Opens the camera in the page for six faces, which then fill the editor
 * (`colours`, `editor`: as scan.js's `scanPhotos` takes them).
 */
export async function openCamera({ colours, editor }) {
  if (open) {
    open.focus();
    return;
  }
  prepareScan();
  const video = element('video', { playsinline: '', muted: '', 'aria-label': 'Camera preview: tap to capture' });
  video.muted = true;
  const guide = element('div', { class: 'camera-guide', 'aria-hidden': 'true' });
  const view = element('div', { class: 'camera-view' });
  view.append(video, guide);
  const status = element('p', { class: 'camera-status', role: 'status' }, 'Starting the camera…');
  const alert = element('p', { class: 'error', role: 'alert' });
  const capture = element('button', { type: 'button', class: 'primary camera-capture', disabled: '' }, 'Capture face 1 of 6');
  const undo = element('button', { type: 'button', disabled: '' }, 'Undo last');
  const close = element('button', { type: 'button' }, 'Close camera');
  const actions = element('div', { class: 'camera-actions' });
  actions.append(capture, undo, close);
  const row = element('ol', { class: 'scan-photos', 'aria-label': 'Faces taken' });
  const box = element('div', { class: 'camera', role: 'group', 'aria-label': 'Camera' });
  box.append(view, status, alert, actions, row);
  ui.cameraBox.replaceChildren(box);
  ui.cameraBox.hidden = false;
  // On a phone the player stops sticking while the camera is open (its cube
  // is not the one in the hand), so the preview and Capture fit on screen.
  document.documentElement.toggleAttribute('data-capturing', true);
  box.scrollIntoView({ block: 'start' });

  const frames = [];
  let stream = null;
  const stop = () => {
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
    open = null;
    document.documentElement.toggleAttribute('data-capturing', false);
  };
  const shut = () => {
    stop();
    frames.forEach((frame) => frame.close());
    ui.cameraBox.hidden = true;
    ui.cameraBox.replaceChildren();
    ui.camera.focus();
  };
  const say = () => {
    capture.textContent = `Capture face ${frames.length + 1} of ${FACES}`;
    status.textContent = `Fill the square with one face, then tap Capture: ${frames.length} of ${FACES} taken, in any order, any way up.`;
    undo.disabled = frames.length === 0;
  };
  const take = async () => {
    if (!stream || capture.disabled || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
    capture.disabled = true;
    try {
      const frame = await grab(video);
      frames.push(frame);
      const item = element('li');
      item.append(thumbnail(frame, frames.length));
      row.append(item);
    } catch (error) {
      alert.textContent = `That frame could not be taken (${error.message}); try again.`;
    } finally {
      capture.disabled = false;
    }
    if (frames.length < FACES) {
      say();
      return;
    }
    const taken = frames.splice(0);
    shut();
    await scanFrames(taken, { colours, editor });
  };
  open = { focus: () => capture.focus() };
  capture.addEventListener('click', take);
  view.addEventListener('click', take);
  undo.addEventListener('click', () => {
    frames.pop()?.close();
    row.lastElementChild?.remove();
    say();
    capture.focus();
  });
  close.addEventListener('click', shut);
  box.addEventListener('keydown', (event) => {
    // Space and Enter work the buttons here, not the player; Tab still goes
    // on through the page's order (ways.js).
    if (event.key !== 'Tab') event.stopPropagation();
    if (event.key === 'Escape') shut();
  });

  try {
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 960 } },
      audio: false,
    });
  } catch (error) {
    status.textContent = '';
    alert.textContent = refusal(error);
    close.focus();
    open = null;
    return;
  }
  if (!ui.cameraBox.contains(box)) {
    // Closed while the browser was asking.
    stream.getTracks().forEach((track) => track.stop());
    return;
  }
  video.addEventListener('loadedmetadata', () => {
    // The view takes the frame's shape, so the guide sits in the square taken.
    view.style.aspectRatio = `${video.videoWidth} / ${video.videoHeight}`;
    view.classList.toggle('portrait', video.videoHeight > video.videoWidth);
  });
  video.addEventListener('loadeddata', () => {
    capture.disabled = false;
    say();
    capture.focus({ preventScroll: true });
    box.scrollIntoView({ block: 'start' });
  }, { once: true });
  video.srcObject = stream;
  // A stream plays once its first frame comes, which may be a while.
  video.play().catch(() => {});
}

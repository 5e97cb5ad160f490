// Scan: a cube read from six photos of its faces, into the colour editor
// for the person to confirm. The browser decodes and shrinks each photo
// (createImageBitmap, off the main thread); the lab's worker reads its
// pixels and finds the cube (WebAssembly). This module shows the progress,
// the photos, and what went wrong with which; a photo at fault can be
// retaken on its own, the other five kept. Loaded on the first scan.

import { cell } from '../net.js';
import { ui, styleSheet } from '../page.js';
import { labClient } from '../lab-client.js';
import { element } from './element.js';

await styleSheet('cube/own-cube.css');

/** The long side photos are shrunk to: the reader needs no more, and it keeps reading fast. */
const LONG_SIDE = 640;
/** The thumbnails' long side, in CSS pixels. */
const THUMB = 64;

/** Photos picked so far: a phone's camera gives one photo a pick. */
let pending = [];
/**
 * After six photos that made no cube: the six files, and the photos at
 * fault (0-based), to be replaced while the rest are kept; null otherwise.
 */
let retake = null;
/** The photo whose Retake button opened the chooser, to be replaced first. */
let retaking = null;

const capital = (text) => text.replace(/^./, (c) => c.toUpperCase());

/**
 * Starts the lab's worker, so that its module loads while the person takes
 * the photos (or captures the faces).
 */
export function prepareScan() {
  labClient().warm();
}

/**
 * Reads `bitmaps` in the lab's worker, to which they are transferred, not
 * copied: `{ read }` or `{ failed }` (lab-worker.js).
 */
function readInWorker(bitmaps) {
  return labClient().call('scan', { bitmaps }, bitmaps);
}

/**
 * `file` decoded and shrunk to at most `LONG_SIDE` pixels a side, keeping
 * its shape. Its size is not known before decoding, so it is first made
 * `LONG_SIDE` wide; a portrait photo is then shrunk again, which is cheap.
 */
async function shrink(file) {
  const quality = { resizeQuality: 'medium' };
  const wide = await createImageBitmap(file, { resizeWidth: LONG_SIDE, ...quality });
  if (wide.height <= LONG_SIDE) return wide;
  const fitted = await createImageBitmap(wide, {
    resizeWidth: Math.max(1, Math.round((wide.width * LONG_SIDE) / wide.height)), resizeHeight: LONG_SIDE, ...quality,
  });
  wide.close();
  return fitted;
}

/** A small copy of `bitmap` for a row of photos. */
export function thumbnail(bitmap, number) {
  const scale = THUMB / Math.max(bitmap.width, bitmap.height);
  const canvas = element('canvas', { role: 'img', 'aria-label': `Photo ${number}` });
  canvas.width = Math.max(1, Math.round(bitmap.width * scale * devicePixelRatio));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale * devicePixelRatio));
  canvas.style.width = `${Math.round(bitmap.width * scale)}px`;
  canvas.style.height = `${Math.round(bitmap.height * scale)}px`;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** A small net of a facelet string, for choosing between cubes. */
function miniNet(facelets, label) {
  const net = element('div', { class: 'scan-net', role: 'img', 'aria-label': label });
  [...facelets].forEach((letter, index) => {
    const [row, column] = cell(index);
    const sticker = element('span', { class: `c${'URFDLB'.indexOf(letter)}` });
    sticker.style.gridRow = String(row + 1);
    sticker.style.gridColumn = String(column + 1);
    net.append(sticker);
  });
  return net;
}

/** The scan box emptied, shown, and its parts: where a scan says how it goes. */
function scanBox() {
  const status = element('p', { class: 'scan-status', role: 'status' });
  const alert = element('p', { class: 'error scan-error', role: 'alert' });
  const row = element('ol', { class: 'scan-photos', 'aria-label': 'Your photos' });
  const choices = element('div', { class: 'scan-choices' });
  ui.scanBox.replaceChildren(status, alert, row, choices);
  ui.scanBox.hidden = false;
  return { status, alert, row, choices };
}

/**
 * Reads the photos just picked in the Scan file input (with those picked
 * before, until there are six) into the editor: `editor()` opens it and
 * resolves to its `{ loadScan }`; `colours` are the palette's faces.
 */
export async function scanPhotos({ colours, editor }) {
  prepareScan();
  const picked = [...ui.scanPhotos.files];
  // The same photos may be picked again after a retake.
  ui.scanPhotos.value = '';
  const first = retaking;
  retaking = null;
  if (picked.length === 0) return;
  let files;
  if (retake && picked.length <= retake.bad.length) {
    // New photos for those at fault (the one whose Retake was pressed
    // first), the others kept.
    const head = first ?? retake.bad[0];
    const slots = [head, ...retake.bad.filter((index) => index !== head)];
    files = [...retake.files];
    picked.forEach((file, k) => { files[slots[k]] = file; });
  } else {
    if (picked.length < 6) {
      // Photos picked a few at a time: one that is no image is said now,
      // not once six are in, and is not counted.
      const images = await Promise.all(picked.map((file) => createImageBitmap(file)
        .then((bitmap) => { bitmap.close(); return true; }, () => false)));
      const refused = picked.filter((_, k) => !images[k]);
      if (refused.length > 0) {
        pending = [...pending, ...picked.filter((_, k) => images[k])];
        const box = scanBox();
        box.alert.textContent = `${refused.map((file) => file.name).join(', ')} could not be opened as ${refused.length === 1 ? 'an image' : 'images'}: pick photos of the cube's faces.`;
        box.status.textContent = `${pending.length} of 6 photos: add the other ${6 - pending.length}, one of each face.`;
        retake = null;
        return;
      }
    }
    pending = picked.length >= 6 ? picked : [...pending, ...picked];
    if (pending.length > 6) {
      // Said at once, before minutes of reading: which six is the person's to say.
      scanBox().alert.textContent = `${pending.length} photos: Scan takes six, one of each face. Pick the six again.`;
      pending = [];
      retake = null;
      return;
    }
    if (pending.length < 6) {
      retake = null;
      scanBox().status.textContent = `${pending.length} of 6 photos: add the other ${6 - pending.length}, one of each face.`;
      return;
    }
    files = pending;
  }
  pending = [];
  retake = null;
  const box = scanBox();
  performance.mark('thistle-scan-start');
  ui.scan.setAttribute('aria-busy', 'true');
  try {
    // The browser decodes photos off the main thread, several at once.
    let decoded = 0;
    box.status.textContent = `Reading ${files.length} photos…`;
    const bitmaps = await Promise.all(files.map(async (file) => {
      try {
        // A camera frame kept from before is copied (the copy goes to the worker).
        return await (file instanceof ImageBitmap ? createImageBitmap(file) : shrink(file));
      } catch {
        return null;
      } finally {
        decoded += 1;
        box.status.textContent = `Reading photos: ${decoded} of ${files.length}…`;
      }
    }));
    const unreadable = bitmaps.flatMap((bitmap, index) => (bitmap ? [] : [index]));
    if (unreadable.length > 0) {
      // As a photo that shows no face: the others kept, these retaken.
      const items = bitmaps.map((bitmap, index) => {
        const item = element('li');
        item.append(bitmap ? thumbnail(bitmap, index + 1) : element('span', { class: 'scan-missing', role: 'img' }, '?'));
        bitmap?.close();
        box.row.append(item);
        return item;
      });
      const named = unreadable.map((index) => `photo ${index + 1} (${files[index].name})`).join(', ');
      const message = `${named} could not be opened as ${unreadable.length === 1 ? 'an image' : 'images'}`;
      showFailure({ message, photos: unreadable }, { ...box, items, editor }, files);
      return;
    }
    await read(bitmaps, { colours, editor }, box, files);
  } finally {
    ui.scan.removeAttribute('aria-busy');
  }
}

/**
 * Reads six frames taken with the camera (camera.js), square ImageBitmaps,
 * into the editor, as `scanPhotos` reads photos.
 */
export async function scanFrames(bitmaps, { colours, editor }) {
  performance.mark('thistle-scan-start');
  // Copies kept for a retake: the frames themselves go to the worker.
  const kept = await Promise.all(bitmaps.map((bitmap) => createImageBitmap(bitmap)));
  await read(bitmaps, { colours, editor }, scanBox(), kept);
}

/**
 * Finds the cube six bitmaps show and fills the editor, or says what went
 * wrong; `files` (photo files, or copies of camera frames) are kept for a
 * retake.
 */
async function read(bitmaps, { colours, editor }, { status, alert, row, choices }, files) {
  try {
    const items = bitmaps.map((bitmap, index) => {
      const item = element('li');
      item.append(thumbnail(bitmap, index + 1));
      row.append(item);
      return item;
    });
    status.textContent = 'Finding the cube…';
    const { read: found, failed } = await readInWorker(bitmaps);
    if (failed) {
      showFailure(failed, { status, alert, items, choices, editor }, files);
      return;
    }
    found.photos.forEach(({ face }, index) => {
      const name = colours['URFDLB'.indexOf(face)].name.toLowerCase();
      items[index].firstChild.setAttribute('aria-label', `Photo ${index + 1}: the ${name} face`);
    });
    await fill(editor, found, status);
  } catch (error) {
    alert.textContent = capital(`${error.message}.`);
    status.textContent = '';
  }
}

/**
 * Loads a cube as read (`facelets`, `unsure` stickers, and `sources` or
 * `photoOf`: the photo of each sticker, if known) into the editor and says
 * what to check; `fault` says a cube that breaks the rules is being
 * corrected.
 */
async function fill(editor, { facelets, unsure = Array(54).fill(false), sources, photoOf }, status, fault = '') {
  const { loadScan } = await editor();
  loadScan(facelets, unsure, photoOf ?? sources?.map((source) => source.photo));
  performance.mark('thistle-scan-done');
  const doubts = unsure.filter(Boolean).length;
  status.textContent = fault || (doubts === 0
    ? 'Cube read: check it against your cube in the editor, then Solve this.'
    : `Cube read: ${doubts} ${doubts === 1 ? 'sticker is' : 'stickers are'} marked as unsure; check ${doubts === 1 ? 'it' : 'them'} in the editor (tap to correct), then Solve this.`);
  bringIntoView(document.getElementById('editor'));
}

/**
 * Scrolls `element` to the top of the screen (below a phone's cube), smoothly unless motion is
 * reduced. Two frames on: the editor just opened makes the player give way (its toggle event,
 * a task later), and the page's scroll padding learns the player's new height a frame after
 * that; a scroll measured before either may be off by that change (once in CI, the editor's
 * first line was left out of view).
 */
function bringIntoView(element) {
  const instant = document.documentElement.hasAttribute('data-reduced-motion');
  requestAnimationFrame(() => requestAnimationFrame(() => {
    element.scrollIntoView({ block: 'start', behavior: instant ? 'auto' : 'smooth' });
  }));
}

/**
 * Says why the photos made no cube, outlining the photos at fault, each
 * with a Retake button (the other five are kept); photos that fit several
 * cubes offer each of them.
 */
function showFailure(failed, { status, alert, items, choices, editor }, files) {
  status.textContent = '';
  alert.textContent = capital(`${failed.message}.`);
  // What went wrong, and the photos to retake, where the person looks.
  bringIntoView(ui.scanBox);
  const bad = (failed.photos ?? []).filter((index) => items[index]);
  if (failed.kind !== 'ambiguous' && bad.length > 0) retake = { files, bad };
  for (const index of bad) {
    items[index].classList.add('fault');
    items[index].firstChild.setAttribute('aria-label', `Photo ${index + 1}: retake or check this one`);
    if (!retake) continue;
    const again = element('button', { type: 'button', class: 'retake', 'aria-label': `Retake photo ${index + 1}` }, 'Retake');
    again.addEventListener('click', () => {
      retaking = index;
      ui.scanPhotos.click();
    });
    items[index].append(again);
  }
  if (failed.kind === 'not-a-cube' && failed.facelets) {
    const fault = `The cube as read is in the editor, its broken pieces marked: correct them there by tapping, or retake photo ${failed.photo + 1}.`;
    const correct = element('button', { type: 'button' }, 'Correct it in the editor');
    correct.addEventListener('click', () => fill(editor, failed, status, fault));
    choices.append(correct);
    return;
  }
  if (failed.kind !== 'ambiguous') return;
  alert.textContent += ' Which one is your cube?';
  (failed.cubes ?? []).forEach((facelets, index) => {
    const choice = element('div', { class: 'scan-choice' });
    const label = `Cube ${index + 1}`;
    const use = element('button', { type: 'button', 'aria-label': `Use this one: cube ${index + 1}` }, 'Use this one');
    use.addEventListener('click', () => fill(editor, { facelets }, status));
    choice.append(miniNet(facelets, label), use);
    choices.append(choice);
  });
}

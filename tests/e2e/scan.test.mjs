// End-to-end tests of "Your own cube": Scan reads six synthetic photos of a
// scrambled cube (cluttered, tilted, in perspective, unevenly and warmly
// lit, JPEG, shuffled, each turned its own way) into the colour editor on a
// phone; a set with one face twice names the photos; a cube put together
// wrong names the piece and its photos, and opens in the editor to correct;
// Follow along steps through a solution, survives a reload, and has a large
// Next.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { open, openIn, searched, status, takeWay, useBrowser } from './harness.mjs';
import { photos } from './photos.mjs';

const SCRAMBLE = "R U2 F' L D B2 R' U F2 D' L2 B";
const STATE = execFileSync('./target/debug/thistle', ['state', SCRAMBLE], { encoding: 'utf8' }).trim();
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

const env = useBrowser();

const phone = async (viewport = PHONE.viewport) => {
  const page = await openIn(await env.browser.newContext({ ...PHONE, viewport }), env.server.url);
  await takeWay(page, 'cube');
  return page;
};
const facelets = (page) => page.getByRole('textbox', { name: 'Facelets' });
const scanStatus = (page) => page.locator('#scan-box [role="status"]');
/** Waits until the Scan box's message is on screen, below the cube that sticks on a phone. */
const messageInView = (page) => page.waitForFunction(() => {
  const alert = document.querySelector('#scan-box [role="alert"]').getBoundingClientRect();
  const sticky = document.querySelector('.stage-box').getBoundingClientRect();
  const covered = sticky.left < alert.right && alert.left < sticky.right ? Math.max(0, sticky.bottom) : 0;
  return alert.top >= covered - 1 && alert.bottom <= innerHeight + 1;
});
/** A photo of nothing in a dim room: a JPEG file payload, drawn in `page`. */
const dark = async (page) => ({
  name: 'dark.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.from(await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(640, 480);
    const g = canvas.getContext('2d');
    g.fillStyle = '#0c0b0a';
    g.fillRect(0, 0, 640, 480);
    g.fillStyle = '#1a1816';
    g.fillRect(200, 150, 240, 180);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg' })).arrayBuffer());
    return btoa(String.fromCharCode(...bytes));
  }), 'base64'),
});

describe('Scan', () => {
  test('six photos of a scrambled cube, shuffled and turned, fill the editor with its exact state; an unsure sticker is marked', async () => {
    assert.match(STATE, /^[URFDLB]{54}$/);
    assert.equal(STATE[9], 'R');
    const page = await phone();
    // Photo 4 shows the R face; its first sticker (R1) is between red and orange.
    const files = await photos(page, STATE, { doubtful: { 3: { 0: '#e63417' } } });
    for (const [k, file] of files.entries()) writeFileSync(`/tmp/scan-photo-${k + 1}.jpg`, file.buffer);
    // The Scan button opens the file input's chooser.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Scan' }).click(),
    ]);
    assert.ok(chooser.isMultiple());
    assert.equal(await chooser.element().getAttribute('accept'), 'image/*');
    await chooser.setFiles(files);
    await facelets(page).waitFor();
    await page.waitForFunction((state) => document.getElementById('editor-facelets')?.value === state, STATE, { timeout: 30_000 });
    assert.match(await scanStatus(page).textContent(), /^Cube read: 1 sticker is marked as unsure/);
    const unsure = page.locator('.net .sticker.unsure');
    assert.deepEqual(await unsure.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label'))), ['R1: Red, unsure: check it']);
    assert.equal(await page.locator('#editor').getAttribute('open'), '');
    // Where the page has scrolled to, the editor says what to check, and
    // the unsure sticker's face is the one drawn large.
    const hold = page.locator('.editor-hold');
    assert.equal(await hold.textContent(), 'Check the sticker marked ? (R1) against your cube: tap its colour to confirm or correct it.');
    assert.equal(await page.locator('.net').getAttribute('data-face'), 'R');
    await page.waitForFunction(() => {
      const { top, bottom } = document.querySelector('.editor-hold').getBoundingClientRect();
      return top >= document.querySelector('.stage-box').getBoundingClientRect().bottom - 1 && bottom <= innerHeight;
    });
    await page.screenshot({ path: '/tmp/scan-phone.png', fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scroll: ${overflow} px`);
    // Tapping it, then its own colour, confirms it.
    await unsure.click();
    await page.getByRole('button', { name: 'Red', exact: true }).click();
    assert.equal(await unsure.count(), 0);
    assert.doesNotMatch(await hold.textContent(), /marked \?/, 'nothing left to check');
    await page.getByRole('button', { name: 'Solve this' }).click();
    await page.waitForFunction((state) => window.thistle.state() === state, STATE);
    await searched(page);
    assert.equal(await page.evaluate(() => window.thistle.state()), STATE);
    assert.deepEqual(page.errors, []);
  });

  test('two photos of one face: the message names both photos and the missing face, outlined', async () => {
    const page = await open(env.browser, env.server.url);
    await takeWay(page, 'cube');
    // Photo 3 shows white (face 0) instead of blue (face 5); photo 2 is white too.
    const files = await photos(page, STATE, { faces: [3, 0, 0, 1, 4, 2] });
    // Scanned from further down, with the colour editor open.
    await page.getByText('Colour editor: paint the cube you hold').click();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('input[type="file"]').setInputFiles(files);
    const alert = page.locator('#scan-box [role="alert"]');
    await alert.filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
    assert.equal(await alert.textContent(), 'Photos 2 and 3 both show the white centre; one face is missing: the blue one.');
    await messageInView(page);
    assert.equal(await page.locator('.scan-photos li.fault').count(), 2);
    assert.deepEqual(
      await page.locator('.scan-photos li.fault canvas').evaluateAll((all) => all.map((c) => c.getAttribute('aria-label'))),
      ['Photo 2: retake or check this one', 'Photo 3: retake or check this one'],
    );
    await page.screenshot({ path: '/tmp/scan-error-desktop.png', fullPage: true });
    assert.deepEqual(page.errors, []);
  });

  test('a flipped edge says what that means for a real cube, and opens in the editor to correct', async () => {
    // The U-F edge's stickers (U8, F2) exchanged: a cube put together wrong.
    const [u, f] = [7, 19];
    const flipped = [...STATE];
    [flipped[u], flipped[f]] = [flipped[f], flipped[u]];
    const page = await phone();
    await page.locator('input[type="file"]').setInputFiles(await photos(page, flipped.join('')));
    const alert = page.locator('#scan-box [role="alert"]');
    await alert.filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
    const message = await alert.textContent();
    // Any edge could take the flip, so none is blamed or ringed.
    const flip = "One edge is flipped in place, which a real cube can't be: it was put together that way, or a sticker was painted or read wrong. "
      + 'Flipping any one edge makes it solvable, so no edge is marked.';
    assert.ok(message.startsWith(`The photos do not make a real cube. ${flip} `), message);
    assert.match(message, /Photo \d is the likeliest to be misread\.$/);
    await page.getByRole('button', { name: 'Correct it in the editor' }).click();
    await page.waitForFunction((state) => document.getElementById('editor-facelets')?.value === state, flipped.join(''));
    assert.match(await scanStatus(page).textContent(), /^The cube as read is in the editor, its broken pieces marked/);
    await page.locator('.problems:not([aria-busy])').waitFor();
    assert.deepEqual(await page.locator('.problems li').allTextContents(), [flip]);
    assert.equal(await page.locator('.net .sticker.bad').count(), 0);
    // Putting the edge back the right way makes it the real cube.
    const colour = { U: 'White', R: 'Red', F: 'Green', D: 'Yellow', L: 'Orange', B: 'Blue' };
    for (const index of [u, f]) {
      await page.locator(`.net .sticker[data-index="${index}"]`).click();
      await page.getByRole('button', { name: colour[STATE[index]], exact: true }).click();
    }
    assert.equal(await facelets(page).inputValue(), STATE);
    assert.ok(await page.getByRole('button', { name: 'Solve this' }).isEnabled());
    assert.deepEqual(page.errors, []);
  });

  test('a sticker misread as another\'s colour, and that one as its, are named as a swap with their photos, here and in the editor', async () => {
    // The U-F edge's F sticker (F2) read as its U sticker's colour, and a
    // sticker of that colour elsewhere read as F2's, so every colour still
    // counts nine.
    const misread = [...STATE];
    const [u, f] = [7, 19];
    const other = [...STATE].findIndex((letter, index) => letter === STATE[u] && index % 9 !== 4 && index !== u && index !== f);
    [misread[f], misread[other]] = [STATE[u], STATE[f]];
    const page = await phone();
    // Photo 2 shows the U face and photo 6 the F face.
    await page.locator('input[type="file"]').setInputFiles(await photos(page, misread.join('')));
    const alert = page.locator('#scan-box [role="alert"]');
    await alert.filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
    const named = (index) => `${'URFDLB'[Math.floor(index / 9)]}${(index % 9) + 1} (`;
    const said = (await alert.textContent()).replace(/^The photos do not make a real cube\. /, '').replace(/ Photo \d is the likeliest to be misread\.$/, '');
    // This pair, or another whose exchange makes a real cube too.
    assert.match(said, /^Two stickers look swapped: .*makes a real cube\.( They are ringed\.)?$/);
    assert.ok(said.includes(named(f)) && said.includes(named(other)), said);
    assert.ok(said.includes('F2 (the green face\'s top middle; photo 6 shows it)'), said);
    await page.getByRole('button', { name: 'Correct it in the editor' }).click();
    await page.waitForFunction((state) => document.getElementById('editor-facelets')?.value === state, misread.join(''));
    await page.locator('.problems:not([aria-busy])').waitFor();
    assert.deepEqual(await page.locator('.problems li').allTextContents(), [said]);
    const ringed = await page.locator('.net .sticker.bad').evaluateAll((cells) => cells.map((cell) => Number(cell.dataset.index)));
    assert.ok(ringed.includes(f) && ringed.includes(other) && ringed.length <= 6, String(ringed));
    await page.screenshot({ path: '/tmp/scan-misread-phone.png', fullPage: true });
    assert.deepEqual(page.errors, []);
  });

  test('photos that fit two cubes offer each: "Use this one" loads it', async () => {
    // One turn from solved: R and L′ look the same face by face.
    const near = execFileSync('./target/debug/thistle', ['state', 'R'], { encoding: 'utf8' }).trim();
    const page = await open(env.browser, env.server.url);
    await takeWay(page, 'cube');
    await page.locator('input[type="file"]').setInputFiles(await photos(page, near));
    const use = page.getByRole('button', { name: /^Use this one/ });
    await use.first().waitFor({ timeout: 30_000 });
    assert.match(await page.locator('#scan-box [role="alert"]').textContent(), /^The photos fit 2 different cubes, .* Which one is your cube\?$/);
    assert.equal(await use.count(), 2);
    const nets = page.locator('.scan-net');
    assert.deepEqual(await nets.evaluateAll((all) => all.map((net) => net.getAttribute('aria-label'))), ['Cube 1', 'Cube 2']);
    const index = await page.evaluate((state) => [...document.querySelectorAll('.scan-net')]
      .findIndex((net) => [...net.children].map((s) => 'URFDLB'[Number(s.className.slice(1))]).join('') === state), near);
    assert.ok(index >= 0, 'the real cube is one of those offered');
    await use.nth(index).click();
    await page.waitForFunction((state) => document.getElementById('editor-facelets')?.value === state, near);
    assert.deepEqual(page.errors, []);
  });

  test('before the first photo the page says how to take them, and the chooser may offer photos already taken', async () => {
    const page = await phone();
    const help = await page.getByRole('button', { name: 'Scan' }).evaluate((button) => document.getElementById(button.getAttribute('aria-describedby')).textContent);
    assert.match(help, /fill the frame/i);
    assert.match(help, /straight/i);
    assert.match(help, /even light/i);
    assert.ok(await page.locator('#scan-help').isVisible());
    // No `capture`: a phone's chooser then offers its camera and its photos.
    assert.equal(await page.locator('#scan-photos').getAttribute('capture'), null);
    assert.deepEqual(page.errors, []);
  });

  test('a photo with no face names its cause; retaking just that photo keeps the other five and reads the cube', async () => {
    const page = await openIn(await env.browser.newContext({ ...PHONE, viewport: { width: 320, height: 568 } }), env.server.url);
    await takeWay(page, 'cube');
    const files = await photos(page, STATE);
    const set = [...files];
    set[2] = await dark(page);
    await page.locator('input[type="file"]').setInputFiles(set);
    const alert = page.locator('#scan-box [role="alert"]');
    await alert.filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
    assert.equal(await alert.textContent(), 'Photo 3: too dark: turn on a light, or move somewhere brighter.');
    const retakes = page.getByRole('button', { name: /^Retake photo/ });
    assert.deepEqual(await retakes.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label'))), ['Retake photo 3']);
    await page.screenshot({ path: '/tmp/scan-retake-320.png', fullPage: true });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Retake photo 3' }).click(),
    ]);
    await chooser.setFiles([files[2]]);
    await page.waitForFunction((state) => document.getElementById('editor-facelets')?.value === state, STATE, { timeout: 30_000 });
    assert.match(await scanStatus(page).textContent(), /^Cube read/);
    assert.equal(await page.locator('.scan-photos li').count(), 6);
    assert.deepEqual(page.errors, []);
  });

  test('a file that is no image is named, the status no longer says it is reading, and one photo in its place reads the cube with the other five', async () => {
    const page = await openIn(await env.browser.newContext({ ...PHONE, viewport: { width: 320, height: 568 } }), env.server.url);
    await takeWay(page, 'cube');
    const files = await photos(page, STATE);
    const set = [...files];
    set[5] = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') };
    const input = page.locator('input[type="file"]');
    await input.setInputFiles(set);
    const alert = page.locator('#scan-box [role="alert"]');
    await alert.filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
    assert.equal(await alert.textContent(), 'Photo 6 (notes.txt) could not be opened as an image.');
    await messageInView(page);
    assert.equal(await scanStatus(page).textContent(), '', 'no "Reading photos…" left standing');
    const retakes = page.getByRole('button', { name: /^Retake photo/ });
    assert.deepEqual(await retakes.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label'))), ['Retake photo 6']);
    assert.equal(await page.locator('.scan-photos canvas').count(), 5, 'the other five shown');
    await input.setInputFiles([files[5]]);
    await page.waitForFunction((state) => document.getElementById('editor-facelets')?.value === state, STATE, { timeout: 30_000 });
    assert.deepEqual(page.errors, []);
  });

  test('every bad photo is named at once, each can be retaken on its own, and one photo given to Scan replaces the one still bad', async () => {
    const page = await phone();
    const files = await photos(page, STATE);
    const set = [...files];
    set[1] = await dark(page);
    set[4] = await dark(page);
    const input = page.locator('input[type="file"]');
    await input.setInputFiles(set);
    const alert = page.locator('#scan-box [role="alert"]');
    await alert.filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
    // Named together, the reason once.
    assert.equal(await alert.textContent(), 'Photos 2 and 5: too dark: turn on a light, or move somewhere brighter.');
    const retakes = page.getByRole('button', { name: /^Retake photo/ });
    assert.deepEqual(await retakes.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label'))), ['Retake photo 2', 'Retake photo 5']);
    await page.screenshot({ path: '/tmp/scan-retake-phone.png', fullPage: true });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Retake photo 5' }).click(),
    ]);
    await chooser.setFiles([files[4]]);
    await alert.filter({ hasText: /^Photo 2: too dark: [^;]*$/ }).waitFor({ timeout: 30_000 });
    assert.deepEqual(await retakes.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label'))), ['Retake photo 2']);
    // Not a fresh start at "1 of 6 photos": the one photo replaces photo 2.
    await input.setInputFiles([files[1]]);
    await page.waitForFunction((state) => document.getElementById('editor-facelets')?.value === state, STATE, { timeout: 30_000 });
    assert.deepEqual(page.errors, []);
  });

  test('photos picked one at a time are kept until there are six', async () => {
    const page = await open(env.browser, env.server.url);
    await takeWay(page, 'cube');
    const files = await photos(page, STATE);
    const input = page.locator('input[type="file"]');
    await input.setInputFiles(files.slice(0, 2));
    await scanStatus(page).filter({ hasText: '2 of 6 photos' }).waitFor();
    // A file that is no image, picked among them, is said at once and not counted.
    await input.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') }]);
    await page.locator('#scan-box [role="alert"]').filter({ hasText: /\S/ }).waitFor();
    assert.equal(await page.locator('#scan-box [role="alert"]').textContent(), "notes.txt could not be opened as an image: pick photos of the cube's faces.");
    assert.equal(await scanStatus(page).textContent(), '2 of 6 photos: add the other 4, one of each face.');
    await input.setInputFiles(files.slice(2));
    await page.waitForFunction((state) => document.getElementById('editor-facelets')?.value === state, STATE, { timeout: 30_000 });
    // Seven photos are said to be one too many at once, not after reading them.
    await input.setInputFiles([...files, files[0]]);
    const alert = page.locator('#scan-box [role="alert"]');
    await alert.filter({ hasText: /\S/ }).waitFor();
    assert.equal(await alert.textContent(), '7 photos: Scan takes six, one of each face. Pick the six again.');
    assert.equal(await scanStatus(page).textContent(), '', 'not reading them');
    assert.deepEqual(page.errors, []);
  });
});

/**
 * Replaces the page's camera with a canvas that the test paints: each
 * photo is drawn with a marker (its number, in a corner's red) that the
 * preview is then watched for, so Capture takes the frame meant.
 */
async function fakeCamera(page) {
  await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [640, 480];
    const stream = canvas.captureStream();
    navigator.mediaDevices.getUserMedia = async () => stream;
    window.showOnCamera = async (base64, number) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const photo = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }));
      const g = canvas.getContext('2d');
      g.drawImage(photo, 0, 0, canvas.width, canvas.height);
      g.fillStyle = `rgb(${number * 40}, 0, 0)`;
      g.fillRect(0, 0, 16, 16);
      const video = document.querySelector('.camera-view video');
      const probe = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
      for (;;) {
        await new Promise((resolve) => video.requestVideoFrameCallback(resolve));
        probe.drawImage(video, 4, 4, 1, 1, 0, 0, 1, 1);
        if (Math.abs(probe.getImageData(0, 0, 1, 1).data[0] - number * 40) < 12) return;
        // Keep the stream going until the preview shows this photo.
        g.fillRect(0, 0, 16, 16);
      }
    };
  });
}

describe('Camera', () => {
  test('six faces captured from the live camera (one taken twice and undone) fill the editor with the exact state', async () => {
    // The smallest phone, where the preview and Capture fit only below a player that does not stick.
    const page = await phone({ width: 320, height: 568 });
    await fakeCamera(page);
    const files = await photos(page, STATE);
    await page.getByRole('button', { name: 'Use camera' }).click();
    const capture = page.getByRole('button', { name: /^Capture face/ });
    const taken = page.locator('[aria-label="Faces taken"] li');
    const show = (k, number) => page.evaluate(([data, n]) => window.showOnCamera(data, n), [files[k].buffer.toString('base64'), number]);
    await page.locator('.camera-view video').waitFor({ state: 'attached' });
    await show(0, 1);
    await capture.and(page.locator(':enabled')).waitFor();
    // The preview and Capture are on screen together, nothing over them
    // (the player scrolls away while the camera is open).
    await page.waitForFunction(() => {
      const inView = (box) => box.top >= 0 && box.bottom <= innerHeight;
      const view = document.querySelector('.camera-view').getBoundingClientRect();
      const button = document.querySelector('.camera-capture').getBoundingClientRect();
      const player = document.querySelector('.stage-box').getBoundingClientRect();
      return inView(view) && inView(button) && player.bottom <= view.top + 1;
    });
    await capture.click();
    await taken.nth(0).waitFor();
    // The same face again by mistake: Undo last takes it back.
    await capture.and(page.locator(':enabled')).waitFor();
    await capture.click();
    await taken.nth(1).waitFor();
    await page.getByRole('button', { name: 'Undo last' }).click();
    assert.equal(await taken.count(), 1);
    assert.equal(await capture.textContent(), 'Capture face 2 of 6');
    await page.screenshot({ path: '/tmp/camera-phone.png' });
    for (let k = 1; k < 6; k += 1) {
      await show(k, k + 1);
      await capture.and(page.locator(':enabled')).waitFor();
      // Enter on the focused Capture button works it, as a tap does.
      if (k === 5) await page.keyboard.press('Enter');
      else await capture.click();
      if (k < 5) await taken.nth(k).waitFor();
    }
    await page.waitForFunction((state) => document.getElementById('editor-facelets')?.value === state, STATE, { timeout: 30_000 });
    assert.equal(await page.locator('#camera-box').isHidden(), true, 'the camera closes after six');
    assert.equal(await page.locator('#scan-box [aria-label="Your photos"] li').count(), 6);
    assert.deepEqual(page.errors, []);
  });

  test('a bad frame from the camera can be retaken as a photo, the other five frames kept', async () => {
    const page = await phone();
    await fakeCamera(page);
    const files = await photos(page, STATE);
    const frames = [...files];
    frames[2] = await dark(page);
    await page.getByRole('button', { name: 'Use camera' }).click();
    const capture = page.getByRole('button', { name: /^Capture face/ });
    const taken = page.locator('[aria-label="Faces taken"] li');
    await page.locator('.camera-view video').waitFor({ state: 'attached' });
    for (let k = 0; k < 6; k += 1) {
      await page.evaluate(([data, n]) => window.showOnCamera(data, n), [frames[k].buffer.toString('base64'), k + 1]);
      await capture.and(page.locator(':enabled')).waitFor();
      await capture.click();
      if (k < 5) await taken.nth(k).waitFor();
    }
    const alert = page.locator('#scan-box [role="alert"]');
    await alert.filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
    assert.match(await alert.textContent(), /^Photo 3: too dark/);
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Retake photo 3' }).click(),
    ]);
    await chooser.setFiles([files[2]]);
    await page.waitForFunction((state) => document.getElementById('editor-facelets')?.value === state, STATE, { timeout: 30_000 });
    assert.deepEqual(page.errors, []);
  });

  test('a camera that is not allowed says what to do instead', async () => {
    const page = await phone();
    await page.evaluate(() => {
      navigator.mediaDevices.getUserMedia = async () => { throw new DOMException('Permission denied', 'NotAllowedError'); };
    });
    await page.getByRole('button', { name: 'Use camera' }).click();
    const alert = page.locator('#camera-box [role="alert"]');
    await alert.filter({ hasText: /\S/ }).waitFor();
    assert.equal(await alert.textContent(), "The camera isn't allowed here: allow it in the browser's settings, or use Scan to pick photos.");
    await page.getByRole('button', { name: 'Close camera' }).click();
    assert.equal(await page.locator('#camera-box').isHidden(), true);
    assert.deepEqual(page.errors, []);
  });

  test('offline before their first use, Scan and the camera say they need the network, and the editor still works', async () => {
    const page = await phone();
    const files = await photos(page, STATE);
    // As offline: the two modules were never fetched, so never kept.
    await page.route(/\/cube\/(scan|camera)\.js$/, (route) => route.abort('internetdisconnected'));
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Scan' }).click(),
    ]);
    await chooser.setFiles(files);
    const box = page.locator('#scan-box');
    await box.filter({ hasText: /\S/ }).waitFor();
    assert.equal(await box.textContent(), 'Scan could not load: it needs the network the first time. The colour editor works offline.');
    await page.getByRole('button', { name: 'Use camera' }).click();
    await box.filter({ hasText: /^The camera/ }).waitFor();
    assert.equal(await box.textContent(), 'The camera could not load: it needs the network the first time. The colour editor works offline.');
    await page.getByText('Colour editor: paint the cube you hold').click();
    await page.locator('.net .sticker').first().waitFor();
  });
});

describe('the photo reader offline', () => {
  test("Scan's page code kept but the photo reader's module not yet, offline, says it needs the network", async () => {
    const page = await phone();
    const files = await photos(page, STATE);
    // As offline after Scan's own code was kept (a first pick of a few photos) but before any was read.
    await page.context().route(/\/pkg\/scan(\.js|_bg\.wasm)$/, (route) => route.abort('internetdisconnected'));
    await page.locator('input[type="file"]').setInputFiles(files);
    const alert = page.locator('#scan-box [role="alert"]');
    await alert.filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
    assert.equal(await alert.textContent(), 'Reading photos could not load: it needs the network the first time. The colour editor works offline.');
    assert.deepEqual(page.errors, []);
  });
});

describe('Follow along', () => {
  test('Next three times, a reload keeps the mode and move 3, Back goes to 2; Next is large', async () => {
    const page = await phone();
    await takeWay(page, 'watch');
    await page.getByRole('textbox', { name: 'Scramble' }).fill(SCRAMBLE);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await searched(page);
    await takeWay(page, 'cube');
    await page.getByRole('button', { name: 'Follow along' }).click();
    const next = page.getByRole('button', { name: 'Next' });
    await next.waitFor();
    const stageLine = page.locator('.follow-stage');
    assert.match(await stageLine.textContent(), /^Move 1 of \d+ · Orient edges 1 of \d+$/);
    assert.match(await page.locator('.follow-hold').textContent(), /^Hold it with white on top and green in front\.$/);
    for (let k = 1; k <= 3; k += 1) {
      await next.click();
      await page.waitForFunction((n) => window.thistle.status().position === n, k);
    }
    await page.waitForFunction(() => new URL(location.href).searchParams.get('move') === '3');
    await page.screenshot({ path: '/tmp/follow-phone.png' });
    await page.reload();
    await page.waitForFunction(() => window.thistle && window.thistle.ready);
    await next.waitFor();
    assert.equal((await status(page)).position, 3);
    const box = await next.boundingBox();
    assert.ok(box.width >= 390 / 2, `Next is ${box.width} px wide`);
    assert.ok(box.height >= 64, `Next is ${box.height} px tall`);
    assert.match(await page.locator('.follow-words').textContent(), /^\S+: the (top|bottom|left|right|front|back) face, /);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForFunction(() => window.thistle.status().position === 2);
    // The keys: → is Next, ← is Back, Esc leaves.
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => window.thistle.status().position === 3);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => window.thistle.status().position === 2);
    await page.keyboard.press('Escape');
    await next.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => localStorage.getItem('thistle.follow')), 'false');
    assert.deepEqual(page.errors, []);
  });

  test('a first visit fetches no scan or follow-along code', async () => {
    const page = await open(env.browser, `${env.server.url}?fresh=1`);
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    assert.ok(!fetched.some((name) => /\/(scan|follow)\.js|lab(_bg\.wasm|\.js)/.test(name)), fetched.join('\n'));
  });
});

// Save video: a WebM of a stage or the whole solution, recorded at the
// chosen speed with its stage marked, that a <video> element loads with its
// duration; Cancel stops it and saves nothing; the page is as it was after.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { launch, open, openIn, quiet, searched, serve, settle, status, takeWay, useBrowser } from './harness.mjs';

const env = useBrowser();

/**
 * Loads `bytes` into a <video> in `page`: its duration and size and, at
 * each of `times` (`'end'`: its duration), the time of the frame shown, the
 * share of the top band's and of the frame's pixels that differ from its
 * background colour (read at its bottom left), and the frame as a PNG.
 */
const readVideo = (page, bytes, times) => page.evaluate(async ({ base64, times }) => {
  const video = document.createElement('video');
  video.muted = true;
  video.src = URL.createObjectURL(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'video/webm' }));
  await new Promise((resolve, reject) => {
    video.onloadeddata = resolve;
    video.onerror = () => reject(new Error(`the video does not load: ${video.error && video.error.message}`));
  });
  document.body.append(video);
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  const frames = [];
  for (const at of times) {
    // The frame at `at` once it is shown: a seek alone may leave it undecoded.
    const shown = new Promise((resolve) => video.requestVideoFrameCallback((now, metadata) => resolve(metadata)));
    video.currentTime = at === 'end' ? video.duration : at;
    const { mediaTime } = await shown;
    context.drawImage(video, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const corner = (canvas.height - 2) * canvas.width * 4;
    const background = data.slice(corner, corner + 3);
    const band = Math.round(canvas.height * 0.05);
    let drawn = 0;
    let banded = 0;
    let aside = 0;
    let magenta = 0;
    for (let i = 0; i < data.length; i += 4) {
      const differs = Math.abs(data[i] - background[0]) + Math.abs(data[i + 1] - background[1])
        + Math.abs(data[i + 2] - background[2]) > 40;
      if (differs) drawn += 1;
      if (differs && i / 4 < band * canvas.width) banded += 1;
      // Right of the cube (a square, centred, below the band): the move and the legend.
      if (differs && (i / 4) % canvas.width > (canvas.width + canvas.height) / 2 && i / 4 >= band * 2 * canvas.width) aside += 1;
      // The stage view's magenta (a flipped edge, a middle-layer edge), on the cube's square.
      const x = (i / 4) % canvas.width;
      const onCube = Math.abs(x - canvas.width / 2) < canvas.height / 2 && i / 4 >= band * 2 * canvas.width;
      if (onCube && data[i] > 150 && data[i + 1] < 90 && data[i + 2] > 110) magenta += 1;
    }
    frames.push({
      mediaTime,
      drawn: drawn / (data.length / 4),
      band: banded / (band * canvas.width),
      aside: aside / (data.length / 4),
      magenta: magenta / (data.length / 4),
      picture: canvas.toDataURL('image/png'),
    });
  }
  video.remove();
  return { duration: video.duration, width: canvas.width, height: canvas.height, frames };
}, { base64: bytes.toString('base64'), times });

/** With THISTLE_FRAMES=prefix, keeps a frame as prefix-<name>.png to look at. */
function keepFrame(name, frame) {
  const prefix = process.env.THISTLE_FRAMES;
  if (prefix) writeFileSync(`${prefix}-${name}.png`, Buffer.from(frame.picture.split(',')[1], 'base64'));
}

const dialog = (page) => page.getByRole('dialog', { name: 'Save video' });

async function openDialog(page) {
  await takeWay(page, 'teach');
  await page.getByRole('button', { name: 'Save video' }).click();
  await dialog(page).waitFor();
}

/** Records at `speed` what the dialog offers (or `what`); the download's name and bytes. */
async function recordVideo(page, speed, what = null) {
  await openDialog(page);
  if (what) await dialog(page).getByRole('combobox', { name: 'Record' }).selectOption(what);
  await dialog(page).getByRole('combobox', { name: 'Speed' }).selectOption(speed);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    dialog(page).getByRole('button', { name: 'Record' }).click(),
  ]);
  const name = download.suggestedFilename();
  await dialog(page).getByRole('status').filter({ hasText: `Saved ${name}` }).waitFor();
  return { name, bytes: readFileSync(await download.path()) };
}

describe('save video', () => {
  test('records the chosen stage at the chosen speed as a WebM with its duration, and leaves the page as it was', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=F_R_U2_B-&mode=fast&move=2`);
    await searched(page);
    await settle(page);
    const before = await status(page);
    // The first stage's moves, as the move list shows them.
    const stageMoves = await page.evaluate(() => [...document.querySelectorAll('#moves > li:first-child button.move')]
      .map((button) => button.textContent));
    assert.ok(stageMoves.length > 0);
    await openDialog(page);
    assert.equal(await dialog(page).getByRole('combobox', { name: 'Record' }).inputValue(), '0',
      'the stage part-way played is chosen');
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    const { name, bytes } = await recordVideo(page, '4');
    assert.equal(name, 'thistle-orient-edges.webm');
    assert.equal(bytes.readUInt32BE(0), 0x1a45dfa3, 'an EBML (WebM) file');
    // The stage's moves at 4×, after the held start and before the held end.
    const quarters = stageMoves.reduce((sum, move) => sum + (move.endsWith('2') ? 2 : 1), 0);
    const planned = 0.6 + (0.3 * quarters) / 4 + 1.2;
    const video = await readVideo(page, bytes, [0.3, 'end']);
    assert.ok(Number.isFinite(video.duration), `the file carries its duration (${video.duration})`);
    assert.ok(video.duration >= planned - 0.1, `${video.duration} s for a plan of ${planned} s`);
    assert.deepEqual([video.width, video.height], [960, 540], 'the default size, which records fastest');
    const [start, end] = video.frames;
    assert.ok(start.drawn > 0.1, `the cube covers ${(100 * start.drawn).toFixed(1)}% of the frame`);
    assert.ok(start.band > 0.5, `the stage is marked across the top (${(100 * start.band).toFixed(0)}% of the band)`);
    assert.ok(start.aside > 0.003, `the move and the legend are drawn right of the cube (${(100 * start.aside).toFixed(1)}%)`);
    // Frames reach the end: none were lost to a busy encoder.
    assert.ok(end.mediaTime >= video.duration - 0.2, `the last frame is at ${end.mediaTime} s of ${video.duration} s`);

    keepFrame('cube', start);

    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await quiet(page);
    const after = await status(page);
    assert.equal(after.position, before.position, 'playback is back where it was');
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Save video', 'focus returns to the button');
    assert.deepEqual(page.errors, []);
  });

  test('a stage\'s video opens on its own first move, to come, as a presentation shows it', async () => {
    const scramble = "D2 F' U2 L2 B' R2 F U2 F2 R2 D' F' L' B U' R2 U' B' D'";
    const page = await open(env.browser, `${env.server.url}?scramble=${encodeURIComponent(scramble)}&mode=fewest`);
    await searched(page);
    const [before, first] = await page.evaluate(() => {
      const stages = [...document.querySelectorAll('#moves > li')].map((li) => [...li.querySelectorAll('button.move')].map((b) => b.textContent));
      return [stages[0].at(-1), stages[1][0]];
    });
    assert.ok(before && first, 'stages 1 and 2 have moves');
    // What the frames write, in order, read off the canvas calls.
    await page.evaluate(() => {
      window.written = [];
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function write(text, ...rest) {
        window.written.push(String(text));
        return fillText.call(this, text, ...rest);
      };
    });
    await recordVideo(page, '4', '1');
    const written = await page.evaluate(() => window.written);
    const label = written.findIndex((text) => text === 'Next' || /^Move \d+$/.test(text));
    assert.deepEqual(written.slice(label, label + 2), ['Next', first], `not stage 1's last move, ${before}`);
    assert.deepEqual(page.errors, []);
  });

  test('a stage ends on its goal in its own view and key, not in the next stage\'s', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R_U2_F-_L_D_B2_R-_F_U_L2_D-_B&mode=fast&move=1`);
    await searched(page);
    await settle(page);
    const { bytes } = await recordVideo(page, '4');
    const video = await readVideo(page, bytes, [0.3, 'end']);
    const [start, end] = video.frames;
    keepFrame('stage-end', end);
    // Orient edges starts with flipped edges (magenta) and ends with none;
    // the next stage's view would show its middle-layer edges in magenta.
    assert.ok(start.magenta > 0.002, `flipped edges at the start: ${(100 * start.magenta).toFixed(2)}% of the frame`);
    assert.ok(end.magenta < 0.0005, `no magenta on the cube at the end: ${(100 * end.magenta).toFixed(2)}% of the frame`);
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await quiet(page);
    // The page's own view is as before: the stage playback stands in.
    assert.equal(await page.evaluate(() => window.thistle.status().position), 1);
    assert.deepEqual(page.errors, []);
  });

  test('the dialog offers speeds down to 0.25× and three sizes, 960×540 first; a larger size records at that size', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R_U&mode=fast`);
    await searched(page);
    await openDialog(page);
    const speeds = await dialog(page).getByRole('combobox', { name: 'Speed' }).locator('option').allTextContents();
    assert.deepEqual(speeds, ['0.25×', '0.5×', '1×', '2×', '4×']);
    const size = dialog(page).getByRole('combobox', { name: 'Size' });
    assert.deepEqual(await size.locator('option').allTextContents(), ['960 × 540', '1280 × 720', '1920 × 1080']);
    assert.equal(await size.inputValue(), '960x540');
    await size.selectOption('1280x720');
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    const { bytes } = await recordVideo(page, '4', 'all');
    const video = await readVideo(page, bytes, [0.2]);
    assert.deepEqual([video.width, video.height], [1280, 720]);
    assert.deepEqual(page.errors, []);
  });

  test('without WebGL the video shows the flat net', async () => {
    const server = await serve();
    const browser = await launch({ webgl: false });
    try {
      const page = await openIn(await browser.newContext(), `${server.url}?scramble=R_U&mode=fast`);
      await searched(page);
      const { name, bytes } = await recordVideo(page, '4', 'all');
      assert.equal(name, 'thistle-solution.webm');
      const video = await readVideo(page, bytes, [0.2]);
      assert.ok(video.duration >= 0.6 + (0.3 * 2) / 4 + 1.2 - 0.1, `${video.duration} s`);
      keepFrame('net', video.frames[0]);
      assert.ok(video.frames[0].drawn > 0.1, `the net covers ${(100 * video.frames[0].drawn).toFixed(1)}% of the frame`);
      assert.deepEqual(page.errors, []);
    } finally {
      await browser.close();
      await server.stop();
    }
  });

  test('Cancel stops a recording of the whole solution and saves nothing', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=R_U_F_L&mode=fast`);
    await searched(page);
    await settle(page);
    let downloads = 0;
    page.on('download', () => { downloads += 1; });
    await openDialog(page);
    const what = dialog(page).getByRole('combobox', { name: 'Record' });
    assert.equal(await what.inputValue(), 'all');
    await dialog(page).getByRole('combobox', { name: 'Speed' }).selectOption('0.5');
    await dialog(page).getByRole('button', { name: 'Record' }).click();
    await page.waitForFunction(() => document.querySelector('#video progress').value > 0);
    assert.ok(await what.isDisabled(), 'the choices are fixed while recording');
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).getByRole('status').filter({ hasText: 'Cancelled; nothing saved.' }).waitFor();
    // The page's keys wait while the dialog is open.
    await dialog(page).getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal((await status(page)).position, 0, 'no step behind the dialog');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'hidden' });
    await quiet(page);
    assert.equal((await status(page)).position, 0);
    assert.equal(downloads, 0);
    assert.deepEqual(page.errors, []);
  });
});

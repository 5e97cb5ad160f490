// Save picture: a PNG of the cube as shown, at least 1024 px wide, not
// blank, named for the stage and move; below it the stage view's legend,
// and with Caption on the stage, position and moves so far.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { open, quiet, searched, settle, status, takeWay, useBrowser } from './harness.mjs';

const env = useBrowser();

/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (bytes) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

/** The share of a PNG's pixels that are not its top-left (background) colour, read in `page`. */
const drawnShare = (page, bytes) => page.evaluate(async (base64) => {
  const image = new Image();
  image.src = `data:image/png;base64,${base64}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let drawn = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.abs(data[i] - data[0]) + Math.abs(data[i + 1] - data[1]) + Math.abs(data[i + 2] - data[2]) > 12) drawn += 1;
  }
  return drawn / (data.length / 4);
}, bytes.toString('base64'));

async function save(page) {
  await takeWay(page, 'teach');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Save picture' }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

describe('save picture', () => {
  test('a PNG of the cube as shown, at least 1024 px wide, named for its stage and move', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=F_R_U2_B-&mode=fast&move=2`);
    await searched(page);
    await settle(page);
    const before = await page.evaluate(() => {
      const canvas = document.getElementById('cube');
      return [canvas.width, canvas.height];
    });
    const { name, bytes } = await save(page);
    assert.equal(name, 'thistle-orient-edges-move-2.png');
    // Said, for a browser that shows downloads nowhere, and to a screen reader.
    await page.getByRole('group', { name: 'Share' }).getByText('Picture saved as thistle-orient-edges-move-2.png.').waitFor();
    assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
    const { width, height } = pngSize(bytes);
    assert.ok(width >= 1024 && height >= 512, `${width}×${height}`);
    const share = await drawnShare(page, bytes);
    assert.ok(share > 0.1, `the cube covers ${(100 * share).toFixed(1)}% of the picture`);
    await quiet(page);
    assert.deepEqual(await page.evaluate(() => {
      const canvas = document.getElementById('cube');
      return [canvas.width, canvas.height];
    }), before, 'the canvas is put back as it was');
    await page.getByRole('button', { name: 'End' }).click();
    await settle(page);
    const total = (await page.evaluate(() => window.thistle.status())).total;
    assert.equal((await save(page)).name, `thistle-half-turn-finish-move-${total}.png`);
    assert.deepEqual(page.errors, []);
  });

  test('a stage view adds its legend below the cube, and Caption adds the stage, position and moves so far', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=F_R_U2_B-&mode=fast&move=2`);
    await searched(page);
    await settle(page);
    await page.getByRole('radio', { name: 'Colours' }).check();
    await quiet(page);
    const plain = pngSize((await save(page)).bytes);
    await page.getByRole('radio', { name: 'Stage' }).check();
    await quiet(page);
    const legend = pngSize((await save(page)).bytes);
    assert.equal(legend.width, plain.width);
    assert.ok(legend.height > plain.height, `a legend row below the cube: ${legend.height} > ${plain.height} px`);
    await page.getByRole('switch', { name: 'Caption' }).check();
    const captioned = pngSize((await save(page)).bytes);
    assert.ok(captioned.height > legend.height + 60, `caption lines too: ${captioned.height} > ${legend.height} px`);
    assert.deepEqual(page.errors, []);
  });

  test('a legend too long for one line wraps rather than running off the picture', async () => {
    const page = await open(env.browser, `${env.server.url}?scramble=${encodeURIComponent("F2 R2 B2 R' F2 D2 U2 F U2 L F2 L F R2 U' B' R2 D' B' L2")}&mode=fast`);
    await searched(page);
    await page.locator('.chip').nth(1).click();
    await settle(page);
    assert.equal((await status(page)).stage, 1, 'stage 2, whose legend is the longest');
    await takeWay(page, 'teach');
    await page.getByRole('switch', { name: 'Caption' }).check();
    const { bytes } = await save(page);
    // Drawn pixels in the picture's rightmost columns, by its last lines: a line cut off at the edge.
    const atEdge = await page.evaluate(async (base64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [image.width, image.height];
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const top = Math.round(image.height * 0.85); // the words' last lines
      const { data } = context.getImageData(image.width - 6, top, 6, image.height - top);
      let drawn = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - data[0]) + Math.abs(data[i + 1] - data[1]) + Math.abs(data[i + 2] - data[2]) > 12) drawn += 1;
      }
      return drawn;
    }, bytes.toString('base64'));
    assert.equal(atEdge, 0, 'nothing drawn at the right edge by the words');
    assert.deepEqual(page.errors, []);
  });
});

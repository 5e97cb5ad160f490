// Synthetic photos of a cube's faces for the Scan tests and the page bench,
// drawn by the browser's own canvas: each face a 3×3 grid of stickers on
// black plastic, on a cluttered table, tilted, in perspective, lit unevenly
// through a warm cast, saved as JPEG: what a phone camera gives.

/** Draws one face in the page; runs in the browser, so it uses nothing from outside. */
function drawFace({ letters, width, height, turn, tilt, seed, centreShift, doubtful }) {
  let state = seed >>> 0;
  const random = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const canvas = new OffscreenCanvas(width, height);
  const g = canvas.getContext('2d');
  // A cluttered table: muted rectangles and lines of every size.
  g.fillStyle = '#8a8172';
  g.fillRect(0, 0, width, height);
  for (let k = 0; k < 60; k += 1) {
    const grey = 60 + random() * 140;
    const tint = () => Math.round(grey + (random() - 0.5) * 70);
    g.fillStyle = `rgb(${tint()}, ${tint()}, ${tint()})`;
    g.save();
    g.translate(random() * width, random() * height);
    g.rotate(random() * Math.PI);
    g.fillRect(0, 0, (0.03 + random() * 0.3) * width, (0.01 + random() * 0.1) * height);
    g.restore();
  }
  // Unit square → the photo: the face leaning back (a true perspective
  // view), then turned by `turn` quarter turns plus `tilt` degrees.
  const side = 0.55 * Math.min(width, height);
  const angle = ((turn * 90 + tilt) * Math.PI) / 180;
  const cx = width / 2 + centreShift[0] * width;
  const cy = height / 2 + centreShift[1] * height;
  const lean = 0.4;
  const distance = 2.5 * side;
  const place = (u, v) => {
    const [x, y] = [(u - 0.5) * side, (v - 0.5) * side];
    const scale = distance / (distance + y * Math.sin(lean));
    const [px, py] = [x * scale, y * Math.cos(lean) * scale];
    return [cx + px * Math.cos(angle) - py * Math.sin(angle), cy + px * Math.sin(angle) + py * Math.cos(angle)];
  };
  const quad = (u0, v0, u1, v1) => {
    g.beginPath();
    for (const [u, v] of [[u0, v0], [u1, v0], [u1, v1], [u0, v1]]) g.lineTo(...place(u, v));
    g.closePath();
    g.fill();
  };
  g.fillStyle = '#101010';
  quad(-0.02, -0.02, 1.02, 1.02);
  const colours = {
    U: '#f2f2f0', R: '#c8102e', F: '#009b48', D: '#ffd500', L: '#ff5800', B: '#0046ad',
  };
  const gap = 0.035;
  [...letters].forEach((letter, k) => {
    const [row, column] = [Math.floor(k / 3), k % 3];
    g.fillStyle = doubtful[k] ?? colours[letter];
    quad(column / 3 + gap, row / 3 + gap, (column + 1) / 3 - gap, (row + 1) / 3 - gap);
  });
  // Uneven light (a lamp to one side) and a warm cast.
  g.globalCompositeOperation = 'multiply';
  const light = g.createLinearGradient(0, 0, width, height * (random() - 0.5));
  light.addColorStop(0, '#ffffff');
  light.addColorStop(1, '#8c8c8c');
  g.fillStyle = light;
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#ffe6c4';
  g.fillRect(0, 0, width, height);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 }).then(async (blob) => {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
}

/**
 * Six photos, one of each face of `facelets` (54 letters, URFDLB) in the
 * order `faces` gives (face indices; repeat one for a wrong set), each
 * turned by a different number of quarter turns: file payloads for
 * Playwright's `setInputFiles`. Drawn in `page`. `doubtful[photo]` maps
 * sticker numbers (0–8, as the face reads) to a CSS colour drawn instead.
 */
export async function photos(page, facelets, {
  faces = [3, 0, 5, 1, 4, 2], width = 640, height = 480, doubtful = {},
} = {}) {
  const files = [];
  for (const [k, face] of faces.entries()) {
    const data = await page.evaluate(`(${drawFace})(${JSON.stringify({
      letters: facelets.slice(9 * face, 9 * face + 9),
      width,
      height,
      turn: k % 4,
      tilt: [-12, 8, 15, -6, 11, -17][k % 6],
      seed: 1000 + 17 * k + face,
      doubtful: doubtful[k] ?? {},
      centreShift: [[0.04, -0.03], [-0.05, 0.02], [0.02, 0.04], [-0.03, -0.04], [0.05, 0.03], [0, 0]][k % 6],
    })})`);
    files.push({ name: `face-${k + 1}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(data, 'base64') });
  }
  return files;
}

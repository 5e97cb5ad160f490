// Save picture: a PNG of the cube as shown (lens, palette, letters, on the
// page's plain background), 1280 px wide, named for the stage and move.
// Where there is no 3D cube (no WebGL2), the flat net is the picture.
// Loaded on first use.

const WIDTH = 1280;

/** The drawing buffer redrawn `WIDTH` wide, copied, then put back. */
function cubePicture(app, canvas) {
  const { width, height } = canvas;
  canvas.width = WIDTH;
  canvas.height = Math.round((height * WIDTH) / width);
  app.render();
  // toBlob copies the bitmap at once, so the canvas can be put back now.
  const picture = new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
  canvas.width = width;
  canvas.height = height;
  app.render();
  return picture;
}

/** The flat net's SVG drawn `WIDTH` wide on `background`. */
async function netPicture(svg, background) {
  const [, , columns, rows] = svg.getAttribute('viewBox').split(' ').map(Number);
  const height = Math.round((rows * WIDTH) / columns);
  const copy = svg.cloneNode(true);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(WIDTH));
  copy.setAttribute('height', String(height));
  copy.setAttribute('font-family', 'sans-serif');
  copy.setAttribute('font-weight', 'bold');
  const image = new Image();
  image.src = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml' }));
  await image.decode();
  URL.revokeObjectURL(image.src);
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = height;
  const context = canvas.getContext('2d');
  context.fillStyle = background;
  context.fillRect(0, 0, WIDTH, height);
  context.drawImage(image, 0, 0, WIDTH, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

/** "Orient corners + slice" → "orient-corners-slice". */
export const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * Downloads the picture of the cube shown by `app` on `canvas` (or, with
 * the canvas hidden, of the net `svg`): `thistle-<stage>-move-<k>.png`.
 */
export async function savePicture({ app, canvas, svg, stage, position }) {
  const background = getComputedStyle(document.documentElement).getPropertyValue('--bg').trim() || '#ffffff';
  const picture = canvas.hidden ? await netPicture(svg, background) : await cubePicture(app, canvas);
  download(picture, `thistle-${slug(stage)}-move-${position}.png`);
}

/** Saves `blob` as a download named `name`. */
export function download(blob, name) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href));
}

// Save picture: a PNG of the cube as shown (lens, palette, letters, on the
// page's plain background), 1280 px wide, named for the stage and move.
// Where there is no 3D cube (no WebGL2), the flat net is the picture. Below
// it, the stage view's legend while one is on show, and with Caption on, the
// stage, the position and the moves so far. Loaded on first use.

import { fmcAfter, page, ui } from '../page.js';

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

/** `text` in lines of at most `width` pixels on `context`, split at spaces. */
function wrap(context, text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    const longer = line ? `${line} ${word}` : word;
    if (line && context.measureText(longer).width > width) {
      lines.push(line);
      line = word;
    } else {
      line = longer;
    }
  }
  return [...lines, line];
}

/**
 * The picture `blob` with its words below it: the caption's lines (`{ title,
 * lines }`, or null) and the legend's swatches (`[{ colour, meaning }]`), in
 * the page's colours; the picture as it is when there are none.
 */
async function withWords(blob, { caption, legend, colours }) {
  if (!caption && legend.length === 0) return blob;
  const image = await createImageBitmap(blob);
  const size = Math.round(WIDTH / 40);
  const margin = size;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  context.font = `${size}px sans-serif`;
  const text = caption ? caption.lines.flatMap((line) => wrap(context, line, WIDTH - 2 * margin)) : [];
  // The legend's swatches in rows, each as many as fit the width.
  const rows = [];
  let room = 0;
  for (const item of legend) {
    const width = size * 2.6 + context.measureText(item.meaning).width;
    if (rows.length === 0 || width > room) {
      rows.push([]);
      room = WIDTH - 2 * margin;
    }
    rows.at(-1).push(item);
    room -= width;
  }
  const lines = (caption ? 1 + text.length : 0) + rows.length;
  canvas.width = WIDTH;
  canvas.height = image.height + Math.round(lines * size * 1.5 + margin);
  context.fillStyle = colours.background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0);
  context.textBaseline = 'middle';
  let y = image.height + size * 0.75;
  const write = (line, font, colour, x = margin) => {
    context.font = font;
    context.fillStyle = colour;
    context.fillText(line, x, y);
    return context.measureText(line).width;
  };
  if (caption) {
    write(caption.title, `bold ${Math.round(size * 1.15)}px sans-serif`, colours.ink);
    for (const line of text) {
      y += size * 1.5;
      write(line, `${size}px sans-serif`, colours.ink);
    }
    y += size * 1.5;
  }
  for (const [k, row] of rows.entries()) {
    if (k > 0) y += size * 1.5;
    let x = margin;
    for (const { colour, meaning } of row) {
      context.fillStyle = colour;
      context.fillRect(x, y - size / 2, size, size);
      // An edge in the ink colour, so that a pale swatch shows.
      context.strokeStyle = colours.ink;
      context.lineWidth = 2;
      context.strokeRect(x, y - size / 2, size, size);
      x += size * 1.4;
      x += write(meaning, `${size}px sans-serif`, colours.ink, x) + size * 1.2;
    }
  }
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

/** "Orient corners + slice" → "orient-corners-slice". */
export const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The caption of the position on show: `{ title, lines }`, the stage and its move. */
function captionOf(app) {
  const { stage, position, text } = app.status();
  const { name, fmc } = page.solution.stages[stage];
  const played = page.moveButtons.slice(0, position).map((move) => move.textContent).join(' ');
  return { title: `Stage ${stage + 1}: ${name}${fmcAfter(name, fmc)}`, lines: [text, `Moves so far: ${played || 'none'}`] };
}

/**
 * Downloads the picture of the cube shown by `app` on `canvas` (or, with
 * the canvas hidden, of the net `svg`) with the legend of a stage view, and
 * with Caption on, its caption: `thistle-<stage>-move-<k>.png`, the name
 * it returns.
 */
export async function savePicture({ app, canvas, svg, stage, position }) {
  const caption = ui.pictureCaption.checked ? captionOf(app) : null;
  const style = getComputedStyle(document.documentElement);
  const colour = (name, fallback) => style.getPropertyValue(name).trim() || fallback;
  const colours = { background: colour('--bg', '#ffffff'), ink: colour('--ink', '#1b1e24') };
  const picture = canvas.hidden ? await netPicture(svg, colours.background) : await cubePicture(app, canvas);
  const name = `thistle-${slug(stage)}-move-${position}.png`;
  download(await withWords(picture, { caption, legend: app.legend(), colours }), name);
  return name;
}

/** Saves `blob` as a download named `name`. */
export function download(blob, name) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href));
}

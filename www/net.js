// The flat net: the cube as a 2D net (U above; L F R B in a row; D below),
// an SVG drawn from what the page already has, in the 3D cube's lens,
// palette and letters. Shown with the Net switch, and in place of the 3D
// cube where the browser cannot draw it (no WebGL2). The colour editor lays
// out its net by the same cells.

/** Top-left cell (row, column) of each face's 3×3 block in the net, U R F D L B. */
const ORIGIN = [[0, 3], [3, 6], [3, 3], [6, 3], [3, 0], [3, 9]];
export const NET_ROWS = 9;
export const NET_COLUMNS = 12;

/** The net's cell (row, column) of facelet `index` (0–53, URFDLB order). */
export function cell(index) {
  const [row, column] = ORIGIN[Math.floor(index / 9)];
  const k = index % 9;
  return [row + Math.floor(k / 3), column + (k % 3)];
}

const SVG = 'http://www.w3.org/2000/svg';
/** A sticker's size and the gap around it, in SVG units. */
const CELL = 10;
const GAP = 0.6;

function svgElement(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

/**
 * Builds the net in `root`; `draw(view)` paints it from `App.net`'s
 * `{ fills, inks, letters }`, touching the SVG only when that changed.
 */
export function createNet(root) {
  const svg = svgElement('svg', {
    viewBox: `0 0 ${NET_COLUMNS * CELL} ${NET_ROWS * CELL}`,
    role: 'img',
    'aria-label': 'Flat net of the cube: U above; L, F, R and B in a row; D below',
  });
  const stickers = Array.from({ length: 54 }, (_, index) => {
    const [row, column] = cell(index);
    const [x, y] = [column * CELL, row * CELL];
    const square = svgElement('rect', {
      x: x + GAP, y: y + GAP, width: CELL - 2 * GAP, height: CELL - 2 * GAP, rx: 1.4, 'data-index': index,
    });
    const letter = svgElement('text', {
      x: x + CELL / 2, y: y + CELL / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 4.6,
    });
    svg.append(square, letter);
    return { square, letter };
  });
  root.append(svg);
  let drawn = '';
  return {
    draw(view) {
      const key = JSON.stringify(view);
      if (key === drawn) return;
      drawn = key;
      stickers.forEach(({ square, letter }, index) => {
        square.setAttribute('fill', view.fills[index]);
        letter.setAttribute('fill', view.inks[index]);
        letter.textContent = view.letters ? view.letters[index] : '';
      });
    },
  };
}

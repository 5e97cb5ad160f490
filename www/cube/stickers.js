// The painted cube's stickers, as the colour editor (editor.js) numbers
// them: position i is sticker i % 9 of face i / 9 (U R F D L B), row by
// row, centres fixed; each holds a face 0–5, BLANK or UNKNOWN. Their names
// (U1…B9), the order they are painted in, and how each face is held.

export const FACES = 'URFDLB';
export const SOLVED = Array.from({ length: 54 }, (_, i) => Math.floor(i / 9));
/** A sticker not painted yet, and a letter that is no colour. */
export const BLANK = -1;
export const UNKNOWN = -2;
export const isCentre = (index) => index % 9 === 4;
/** A cube with only its centres painted: where painting one in the hand starts. */
export const UNPAINTED = SOLVED.map((c, i) => (isCentre(i) ? c : BLANK));
export const faceOf = (index) => Math.floor(index / 9);
export const name = (index) => `${FACES[faceOf(index)]}${(index % 9) + 1}`;
/**
 * The face whose centre is on top while each face is painted as the net
 * shows it: each face is read row by row looking at it, U with B at its
 * top edge, D with F, the four around with U.
 */
export const TOP_WHILE_PAINTING = [5, 0, 0, 2, 0, 0];

/** The next sticker to paint after `index` (stepping `by` ±1), centres skipped; `index` at either end. */
export function step(index, by) {
  let next = index + by;
  if (isCentre(next)) next += by;
  return next < 0 || next >= 54 ? index : next;
}

// An embedded player's chips (embed=1), which keep to one line: where the
// frame is too narrow for the stages' full names they show their short
// ones; and its error line, under the cube. Loaded by embedded pages only
// (player.js).

import { page, ui } from './page.js';

// A link that could not be opened says why in the frame too, whose
// controls, where the error line is, do not show.
ui.canvas.closest('.stage-box').after(ui.error);

/** The chips' width when last fitted: a new width fits them again. */
let chipsWidth = null;

/**
 * Short chip labels (EO, DR, HTR, finish) where a full name would be cut:
 * the chips are measured with their full names, now and at each new width.
 */
export function fitChips() {
  if (chipsWidth === null) {
    chipsWidth = 0;
    new ResizeObserver(([entry]) => {
      if (entry.contentRect.width === chipsWidth) return;
      chipsWidth = entry.contentRect.width;
      fitChips();
    }).observe(ui.chips);
  }
  shorten(false);
  shorten(page.chipButtons.some((button) => button.scrollWidth > button.clientWidth + 1));
}

/**
 * Adds each stage's short name to its chip's name, ", EO", or takes it
 * away; embed.css shows only the short name, and hides the comma.
 */
function shorten(on) {
  ui.chips.toggleAttribute('data-short', on);
  page.chipButtons.forEach((button, index) => {
    button.querySelector('.chip-fmc')?.remove();
    if (!on) return;
    const comma = document.createElement('i');
    comma.className = 'chip-comma';
    comma.textContent = ', ';
    const short = document.createElement('i');
    short.className = 'chip-fmc';
    short.append(comma, page.solution.stages[index].fmc);
    button.firstElementChild.append(short);
  });
}

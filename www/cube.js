// The cube on the canvas, as a person handles it: its drawing size follows
// the layout and the screen's pixel ratio, a pointer drags and pinches the
// view, keys turn and zoom it when it has focus, and a lost WebGL context
// is restored. Drawing itself is player.js's loop and Rust's renderer.

import { page, showStartupError, ui } from './page.js';
import { wake } from './player.js';

function resize(width, height) {
  if (width > 0 && height > 0 && (ui.canvas.width !== width || ui.canvas.height !== height)) {
    ui.canvas.width = width;
    ui.canvas.height = height;
    wake();
  }
}


/**
 * The height of the block that sticks to the top of a phone's screen (the
 * cube and its player), or 0 where none sticks above the rest (a phone on
 * its side has it in a column beside them).
 */
export function stickyHeight() {
  const block = ui.canvas.closest('.stage-box');
  const box = block.getBoundingClientRect();
  const beside = document.querySelector('.controls').getBoundingClientRect().left >= box.right;
  return getComputedStyle(block).position === 'sticky' && !beside ? Math.ceil(box.height) : 0;
}

/**
 * Sets `--sticky` to `stickyHeight`, so that the page scrolls a focused
 * control out from under the sticky block (style.css's scroll-padding-top);
 * called as the block resizes, and by whatever focuses a control just as
 * the block changes, before the resize is observed.
 */
export function keepSticky() {
  document.documentElement.style.setProperty('--sticky', `${stickyHeight()}px`);
}

function watchSticky() {
  new ResizeObserver(keepSticky).observe(ui.canvas.closest('.stage-box'));
}

export function watchSize() {
  watchSticky();
  const observer = new ResizeObserver(([entry]) => {
    const ratio = window.devicePixelRatio || 1;
    let width = Math.round(entry.contentRect.width * ratio);
    let height = Math.round(entry.contentRect.height * ratio);
    // The exact device-pixel size, when the browser reports one that agrees
    // with the ratio (emulated ratios in test browsers do not).
    const box = entry.devicePixelContentBoxSize && entry.devicePixelContentBoxSize[0];
    if (box && Math.abs(box.inlineSize - width) <= 2 && Math.abs(box.blockSize - height) <= 2) {
      width = box.inlineSize;
      height = box.blockSize;
    }
    resize(width, height);
  });
  try {
    observer.observe(ui.canvas, { box: 'device-pixel-content-box' });
  } catch {
    observer.observe(ui.canvas);
  }
  // A new ratio (zoom, another screen) may leave the CSS size unchanged.
  const watchRatio = () => {
    matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener('change', () => {
      const rect = ui.canvas.getBoundingClientRect();
      resize(Math.round(rect.width * window.devicePixelRatio), Math.round(rect.height * window.devicePixelRatio));
      watchRatio();
    }, { once: true });
  };
  watchRatio();
}

export function watchPointer() {
  const pointers = new Map();
  let pinch = 0;
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  ui.canvas.addEventListener('pointerdown', (event) => {
    ui.canvas.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 2) pinch = spread();
  });
  ui.canvas.addEventListener('pointermove', (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, now);
    if (pointers.size === 1) {
      page.app.orbit(now.x - last.x, now.y - last.y);
    } else if (pointers.size === 2) {
      const distance = spread();
      if (pinch > 0 && distance > 0) page.app.zoom(pinch / distance);
      pinch = distance;
    }
    wake();
  });
  const release = (event) => {
    pointers.delete(event.pointerId);
    pinch = pointers.size === 2 ? spread() : 0;
  };
  ui.canvas.addEventListener('pointerup', release);
  ui.canvas.addEventListener('pointercancel', release);
  ui.canvas.addEventListener('wheel', (event) => {
    event.preventDefault();
    const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    page.app.zoom(Math.exp(pixels * 0.0015));
    wake();
  }, { passive: false });
}

export function watchContext() {
  ui.canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();
    page.app.contextLost();
  });
  ui.canvas.addEventListener('webglcontextrestored', () => {
    try {
      page.app.startRenderer();
      wake();
    } catch (error) {
      showStartupError(error);
    }
  });
}

/** With the cube focused, the arrow keys orbit it, + and − zoom, 0 resets the view. */
export function onCubeKey(event) {
  const STEP = 25;
  const orbits = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
  const app = page.app;
  if (orbits[event.key]) app.orbit(...orbits[event.key]);
  else if (event.key === '+' || event.key === '=') app.zoom(0.9);
  else if (event.key === '-') app.zoom(1 / 0.9);
  else if (event.key === '0') app.resetView();
  else return;
  event.preventDefault();
  wake();
}

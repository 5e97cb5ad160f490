// The page's keys, and the switch to presentation mode (present.js, loaded
// on the first presentation): Space plays, the arrows step,
// 1–4 go to a stage's start, F presents (the cube full-screen, for a
// projector), ? lists the keys. In a presentation a USB clicker's keys work too:
// PageDown and PageUp step (in an embedded player too), `.` and `b` blank
// the screen. A focused control
// keeps the keys it uses itself.

import { page, styleSheet, ui } from './page.js';
import { act } from './player.js';
import { prepare } from './print.js';

const ARROWS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];

/**
 * The keys a focused control uses itself, which the page's own keys leave
 * to it (`null`: all of them, as in a text box).
 */
function ownKeys(target) {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return null;
  if (target instanceof HTMLInputElement) {
    if (target.type === 'range') return [...ARROWS, 'Home', 'End', 'PageUp', 'PageDown'];
    if (target.type === 'radio') return [...ARROWS, ' '];
    if (target.type === 'checkbox') return [' '];
    return null;
  }
  if (target === ui.canvas) return [...ARROWS, '+', '=', '-', '0'];
  if (target instanceof Element && target.closest('button, a, summary')) return [' ', 'Enter'];
  return [];
}

/** Presentation mode's code (present.js), once loaded with its sheet. */
let presentation = null;

export const presenting = () => document.documentElement.hasAttribute('data-presenting');

/**
 * Presentation mode on or off (present.js). Its code and sheet load on
 * the first presentation (a few milliseconds, well inside the click's
 * leave to ask for full screen), so that the room never sees the page half
 * restyled; from then on it switches at once.
 */
export function setPresenting(on) {
  if (presentation) {
    presentation.show(on);
    return;
  }
  if (!on) return;
  Promise.all([import('./present.js'), styleSheet('present.css').catch(() => {})]).then(([loaded]) => {
    presentation = loaded;
    if (!presenting()) loaded.show(true);
  });
}

/** Full screen entered or left: only a presentation asks for it (present.js). */
export const onFullscreenChange = () => presentation?.onFullscreenChange();

/** Opens the keyboard shortcuts (shortcuts.js, loaded on first use). */
export const showShortcuts = async () => (await import('./shortcuts.js')).openShortcuts();

/**
 * Printing takes a picture of the cube as it begins. A print begun from
 * the browser's menu gives only the synchronous beforeprint, so print.js
 * comes with the page rather than on first use.
 */
export function watchPrint() {
  window.addEventListener('beforeprint', prepare);
}

export function onKey(event) {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && (event.key === 'p' || event.key === 'P')) {
    event.preventDefault();
    prepare();
    window.print();
    return;
  }
  // A dialog (the keys, Save video) keeps the keys while it is open.
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  if (document.querySelector('dialog[open]')) return;
  const own = ownKeys(event.target);
  if (own === null || own.includes(event.key)) return;
  if (event.key === '?') {
    event.preventDefault();
    showShortcuts();
    return;
  }
  // A clicker's "start the show" key (F5, or Shift+F5 from the current
  // slide) presents from Teach, as in presentation software, rather than
  // reload the page; while presenting it does nothing. Ctrl+F5 still reloads.
  if (event.key === 'F5' && (presenting() || page.ways?.current() === 'teach')) {
    event.preventDefault();
    if (!presenting()) setPresenting(true);
    return;
  }
  if (event.key === 'f' || event.key === 'F' || (event.key === 'Escape' && presenting())) {
    event.preventDefault();
    setPresenting(!presenting());
    return;
  }
  const root = document.documentElement;
  if (presenting() && (event.key === '.' || event.key === 'b' || event.key === 'B')) {
    event.preventDefault();
    ui.narration.textContent = root.toggleAttribute('data-blank')
      ? 'Screen blank: B, or a step, shows it again.' : 'Screen shown.';
    return;
  }
  const app = page.app;
  // A clicker's keys, in a presentation and in an embedded player (which
  // has nothing to scroll, and would scroll its host page): elsewhere they
  // scroll the page.
  const clicker = presenting() || root.hasAttribute('data-embed')
    ? { PageDown: () => app.stepForward(), PageUp: () => app.stepBack() } : {};
  const commands = {
    ...clicker,
    ' ': () => app.toggle(),
    ArrowLeft: () => app.stepBack(),
    ArrowRight: () => app.stepForward(),
    Home: () => app.reset(),
    End: () => app.end(),
    1: () => app.goToStage(0),
    2: () => app.goToStage(1),
    3: () => app.goToStage(2),
    4: () => app.goToStage(3),
  };
  const command = commands[event.key];
  if (!command) return;
  event.preventDefault();
  // As in presentation software, a key that would move the cube while the
  // screen is blank shows it again instead: nothing moves unseen.
  if (root.hasAttribute('data-blank')) root.removeAttribute('data-blank');
  else act(command);
}

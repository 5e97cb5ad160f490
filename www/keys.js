// The page's keys and its presentation mode: Space plays, the arrows step,
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

/** Whether present.css (loaded on first use) has come. */
let presentSheetIn = false;

export const presenting = () => document.documentElement.hasAttribute('data-presenting');

/**
 * Presentation mode, for a room: the cube fills the screen beside what a
 * class reads (status, the move now and next, the stage and its counters),
 * in type that grows with the screen (present.css, loaded on first use),
 * and full screen where allowed. Focus goes into the presentation, so that
 * Space plays there whatever was pressed to begin it.
 */
export function setPresenting(on) {
  // The first presentation waits for its sheet (a few milliseconds, well
  // inside the click's leave to ask for full screen), so that the room never
  // sees the page half restyled.
  if (on && !presentSheetIn) {
    styleSheet('present.css').catch(() => {}).then(() => {
      presentSheetIn = true;
      if (!presenting()) setPresenting(true);
    });
    return;
  }
  const root = document.documentElement;
  const was = presenting();
  root.toggleAttribute('data-presenting', on);
  root.removeAttribute('data-blank');
  ui.present.textContent = on ? 'Exit presentation' : 'Present';
  // Focus goes to the cube's box, which shows no ring to the room: a screen
  // reader hears what it is, and the narration says how to work it.
  const room = ui.canvas.closest('.stage-box');
  if (on) {
    page.focusBefore = document.activeElement;
    page.presentation += 1;
    room.tabIndex = -1;
    room.setAttribute('role', 'region');
    room.setAttribute('aria-label', 'Presentation');
    room.focus({ preventScroll: true });
    ui.narration.textContent = 'Presenting: Space plays, the arrows or a clicker step, B blanks the screen, Esc leaves.';
  } else {
    room.removeAttribute('role');
    room.removeAttribute('aria-label');
    if (was) ui.narration.textContent = 'Presentation left.';
    focusAfterPresenting();
  }
  if (on && !document.fullscreenElement) {
    askFullscreen();
  } else if (!on && document.fullscreenElement) {
    document.exitFullscreen().catch(() => {});
  }
}

/**
 * Leaving a presentation, focus goes back where it was before (else to
 * Present, else to Play), not to the cube's box, which is no control, nor
 * left on a control the way in on show has not (How it works, Watch's).
 */
function focusAfterPresenting() {
  const left = document.activeElement;
  const shown = (control) => control && control !== document.body && control.isConnected && control.getClientRects().length > 0;
  if (shown(left) && left !== ui.canvas.closest('.stage-box')) return;
  [page.focusBefore, ui.present, ui.play].find(shown)?.focus({ preventScroll: true });
}

/** Opens the keyboard shortcuts (shortcuts.js, loaded on first use). */
export const showShortcuts = async () => (await import('./shortcuts.js')).openShortcuts();

function askFullscreen() {
  if (!document.fullscreenEnabled) return;
  page.fullscreenAskedBy = page.presentation;
  document.documentElement.requestFullscreen().catch(() => {});
}

/**
 * Leaving full screen (Esc) ends the presentation that entered it. Change
 * events land late, a frame or more after the state they report, so full
 * screen belongs to the presentation that asked for it, not to whichever is
 * current when its event lands: leaving one presentation and at once
 * starting the next must not end the new one, and full screen that arrives
 * after its presentation ended is left again.
 */
export function onFullscreenChange() {
  page.fullscreen = Boolean(document.fullscreenElement);
  const current = presenting() && page.fullscreenAskedBy === page.presentation;
  if (document.fullscreenElement && !current) {
    document.exitFullscreen().catch(() => {});
  } else if (document.fullscreenElement) {
    page.fullscreenPresentation = page.presentation;
  } else if (presenting() && page.fullscreenPresentation === page.presentation) {
    setPresenting(false);
  } else if (presenting() && !current) {
    // This presentation began while the last one's full screen was being left.
    askFullscreen();
  }
}

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

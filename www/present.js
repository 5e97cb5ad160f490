// Presentation mode, for a room (keys.js loads it, with present.css, on the
// first presentation): the page's attribute, focus into the presentation
// and back, what a screen reader hears, and full screen, which belongs to
// the presentation that asked for it.

import { page, ui } from './page.js';
import { presenting } from './keys.js';
import { remember } from './remembered.js';

/**
 * Presentation mode, for a room: the cube fills the screen beside what a
 * class reads (status, the move now and next, the stage and its counters),
 * in type that grows with the screen (present.css, loaded on first use),
 * and full screen where allowed. Focus goes into the presentation, so that
 * Space plays there whatever was pressed to begin it.
 */
export function show(on) {
  const root = document.documentElement;
  const was = presenting();
  root.toggleAttribute('data-presenting', on);
  // A reload in this tab comes back presenting (app.js), for a clicker that has no other key to.
  remember('thistle.presenting', String(on), true);
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
    show(false);
  } else if (presenting() && !current) {
    // This presentation began while the last one's full screen was being left.
    askFullscreen();
  }
}


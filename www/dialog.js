// A modal dialog (the glossary, the keys, Save video) as a step in the
// browser's history: Back, a phone's above all, closes it and leaves the
// page, the way in and the cube as they were, rather than leave the page
// (a link opened in a new tab has nothing before it). Closed otherwise
// (Close, Esc, a tap beside it), its step is taken back. Loaded with the
// first dialog.

/**
 * The address when a dialog closed otherwise, while the next history step
 * is this module's own, taking its step back; else null. The page may have
 * written it meanwhile (the position played to), and the step before keeps it.
 */
let takingBack = null;

/** A dialog to show once the step back is taken (opened again meanwhile). */
let showAfterTakingBack = null;

/** The dialog whose step is in the history, on show or its close event to come; or null. */
let stepped = null;

// A capturing listener is heard before every other one on the window
// (the ways in, the cube's history, Follow along), which must not hear
// a step that only closes a dialog.
addEventListener('popstate', (event) => {
  const open = document.querySelector('dialog[open]');
  if (!takingBack && !open && !event.state?.dialog) return;
  event.stopImmediatePropagation();
  if (takingBack) {
    history.replaceState(event.state, '', takingBack);
    takingBack = null;
    const show = showAfterTakingBack;
    showAfterTakingBack = null;
    show?.();
  } else if (open) {
    // Back took its step.
    stepped = null;
    open.close();
  } else history.back();
}, true);

// A dialog's step is taken back when it closes otherwise than by Back. Its
// close event (which does not bubble: heard on the way down) comes later
// than its closing, even after the next: it may have been opened again
// since (Esc, then Enter at once), on the same step, or closed again, its
// step taken back already.
addEventListener('close', (event) => {
  if (event.target !== stepped || event.target.open) return;
  stepped = null;
  takingBack = location.href;
  history.back();
}, true);

/**
 * Shows `dialog` as a modal, with its step in the history, then calls
 * `shown`. Opened again while the last one's step is still there (its close
 * event to come), it keeps that step; while that step is being taken back,
 * it waits for it, as that step would close it.
 */
export function showDialog(dialog, shown = () => {}) {
  if (takingBack) {
    showAfterTakingBack = () => showDialog(dialog, shown);
    return;
  }
  dialog.showModal();
  // A step still there (its dialog's close event to come) is this one's.
  if (!stepped) history.pushState({ dialog: true }, '', location.href);
  stepped = dialog;
  shown();
}

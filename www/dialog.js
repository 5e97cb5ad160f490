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

// A capturing listener is heard before every other one on the window
// (the ways in, the cube's history, Follow along), which must not hear
// a step that only closes a dialog.
addEventListener('popstate', (event) => {
  const open = document.querySelector('dialog[open]');
  if (!takingBack && !open && !event.state?.dialog) return;
  event.stopImmediatePropagation();
  if (open) open.close();
  else if (takingBack) history.replaceState(event.state, '', takingBack);
  else history.back();
  takingBack = null;
}, true);

/** Shows `dialog` as a modal, with its step in the history. */
export function showDialog(dialog) {
  dialog.showModal();
  history.pushState({ dialog: true }, '', location.href);
  dialog.addEventListener('close', () => {
    if (!history.state?.dialog) return;
    takingBack = location.href;
    history.back();
  }, { once: true });
}

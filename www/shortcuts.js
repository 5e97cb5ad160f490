// The keyboard shortcuts (?, or the Keyboard shortcuts button) in a dialog
// made on first use: a first visit carries none of it.

import { showDialog } from './dialog.js';

let dialog = null;

/** Opens the list (closing it returns focus to whatever opened it). */
export function openShortcuts() {
  if (!dialog) {
    document.body.insertAdjacentHTML('beforeend', `
<dialog id="keys" class="dialog keys" aria-labelledby="keys-title" tabindex="-1">
  <h2 id="keys-title">Keyboard shortcuts</h2>
  <p><span class="page-only">Tab moves between controls: the way in's own, then the cube's, then Share; </span>Space or Enter presses the focused control. These keys work anywhere but in a text box:</p>
  <table>
    <tbody>
      <tr><th scope="row"><kbd>Space</kbd></th><td>Play or pause</td></tr>
      <tr><th scope="row"><kbd>←</kbd> <kbd>→</kbd></th><td>Step back or forward one move</td></tr>
      <tr><th scope="row"><kbd>Home</kbd> <kbd>End</kbd></th><td>Go to the scramble or to solved</td></tr>
      <tr><th scope="row"><kbd>1</kbd>–<kbd>4</kbd></th><td>Go to a stage's start (then Space plays it)</td></tr>
      <tr><th scope="row"><kbd>F</kbd></th><td>Presentation mode on or off (<kbd>Esc</kbd> leaves it)</td></tr>
      <tr class="page-only"><th scope="row"><kbd>F5</kbd></th><td>In Teach: present (a presenter clicker's start key), rather than reload</td></tr>
      <tr><th scope="row"><kbd>PgDn</kbd> <kbd>PgUp</kbd></th><td>In a presentation or an embedded player: step forward or back one move (a presenter clicker's keys)</td></tr>
      <tr><th scope="row"><kbd>.</kbd> or <kbd>B</kbd></th><td>In a presentation: blank the screen, or show it again</td></tr>
      <tr><th scope="row"><kbd>?</kbd></th><td>This list</td></tr>
    </tbody>
  </table>
  <p>With the cube focused, the arrow keys turn it, <kbd>+</kbd> and <kbd>−</kbd> zoom, and <kbd>0</kbd> resets the view.<span class="page-only"> In the Scramble box, Enter solves and Shift+Enter starts a new line. After a solve, focus goes to Play.</span></p>
  <form method="dialog"><button type="submit">Close</button></form>
</dialog>`);
    dialog = document.getElementById('keys');
  }
  showDialog(dialog, () => {
    // Read from its heading: where it scrolls (an embed's small frame),
    // focus on Close, its first control, would start it at the bottom.
    dialog.focus();
    dialog.scrollTop = 0;
  });
}

// Your cube: Scan (six photos), Use camera, the colour editor and Follow
// along, wired when the way is first taken (ways.js). Each loads its code on
// first use; follow-along mode lasts across a reload (a phone asleep, a tab
// discarded).

import { keepSticky } from '../cube.js';
import { $, page, ui } from '../page.js';
import { act } from '../player.js';
import { recall, remember } from '../remembered.js';
import { labClient } from '../lab-client.js';
import { load, mode, setView } from '../show.js';

export function wireYourCube() {
  const { wasm, colours } = page;
  // While open, the player shows the cube being painted; opened from its
  // summary, the editor takes focus on the sticker to paint.
  const editor = $('editor');
  let built = null;
  const openEditor = () => {
    if (!editor.open) return built;
    // The editor's problems come from the lab's worker: its module loads meanwhile.
    labClient().warm();
    built ??= import('./editor.js').then(({ createEditor }) => createEditor({
      root: $('editor-body'),
      colours,
      check: (text) => wasm.checkFacelets(text),
      advise: (text, photos) => labClient().call('problems', { text, photos }),
      shown: () => page.solution && page.solution.facelets,
      preview: (faces) => act(() => page.app.preview(faces && Uint8Array.from(faces, (face) => (face < 0 ? 255 : face)))),
      onSolve: async (facelets) => {
        editor.open = false;
        await load({ ...wasm.readInput(facelets), mode: mode() });
        // The cube just painted stays in its own colours, as it is held,
        // not in the stage view's greys.
        setView('colours');
        // The solution is there to follow: Follow along focused and on
        // screen, which brings it just below the player (sticky, on a phone
        // and beside the controls alike). The player has just come back to
        // its full height, which its observer has not seen yet.
        keepSticky();
        ui.follow.focus();
        ui.follow.scrollIntoView({ block: 'nearest' });
      },
    }));
    return built;
  };
  let restoring = false;
  // The painting shows on the player only while Your cube is on show: the
  // other ways play their solution, with the whole player.
  const panel = $('way-cube');
  const painting = async () => (await openEditor())?.show(editor.open && !panel.hidden);
  new MutationObserver(painting).observe(panel, { attributeFilter: ['hidden'] });
  editor.addEventListener('toggle', async () => {
    remember('thistle.editorOpen', String(editor.open));
    const fromSummary = document.activeElement === editor.querySelector('summary');
    await painting();
    if (editor.open && (fromSummary || restoring)) (await built).focus();
    restoring = false;
  });
  // Reading photos and the camera are kept for offline use once first used
  // (scripts/build-files.mjs); the colour editor always is.
  const unavailable = (what) => {
    ui.scanBox.textContent = `${what} could not load: it needs the network the first time. The colour editor works offline.`;
    ui.scanBox.hidden = false;
  };
  ui.scan.addEventListener('click', () => {
    ui.scanPhotos.click();
    import('./scan.js').then(({ prepareScan }) => prepareScan(), () => {});
  });
  const scanning = { colours, editor: () => { editor.open = true; return openEditor(); } };
  ui.scanPhotos.addEventListener('change', async () => {
    const scan = await import('./scan.js').catch(() => null);
    if (scan) scan.scanPhotos(scanning);
    else unavailable('Scan');
  });
  // A live camera where the browser allows one (a secure page).
  ui.camera.hidden = !navigator.mediaDevices?.getUserMedia;
  ui.camera.addEventListener('click', async () => {
    const camera = await import('./camera.js').catch(() => null);
    if (camera) camera.openCamera(scanning);
    else unavailable('The camera');
  });
  const follow = async () => (await import('./follow.js')).follow({ colours, wasm });
  ui.follow.addEventListener('click', follow);
  if (recall('thistle.follow') === 'true') {
    follow();
  } else if (page.ways.current() === 'cube' && recall('thistle.editorOpen') === 'true') {
    // A cube being painted here carries on after a reload: the editor
    // open as it was, on the sticker to paint next.
    restoring = true;
    editor.open = true;
  }
}

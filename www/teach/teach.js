// Teach: Save picture, Save video and Print handout (Copy embed code is
// share.js's, Present app.js's, as F presents from every way in), wired
// when Teach is first taken (ways.js), and the handout a link shows
// (show.js). Each feature's code loads on its first press.

import { page, ui } from '../page.js';
import { showFailure } from '../show.js';

export function wireTeach() {
  ui.savePicture.addEventListener('click', async () => {
    // Kept for offline use once first used (scripts/build-files.mjs).
    const picture = await import('./picture.js').catch(() => null);
    if (!picture) {
      showFailure('Save picture could not load: it needs the network the first time.');
      return;
    }
    const { savePicture } = picture;
    const { stage, position } = page.app.status();
    const name = await savePicture({
      app: page.app, canvas: ui.canvas, svg: ui.flatNet.querySelector('svg'), stage: page.solution.stages[stage].name, position,
    });
    // A download may show nowhere (nor be heard): said where Share's are.
    page.sharing.say(`Picture saved as ${name}.`);
  });
  ui.saveVideo.addEventListener('click', async () => {
    // Kept for offline use once first used (scripts/build-files.mjs).
    const video = await import('./video.js').catch(() => null);
    if (video) video.openVideo();
    else showFailure('Save video could not load: it needs the network the first time.');
  });
  ui.printHandout.addEventListener('click', async () => {
    try {
      await showHandout();
      window.print();
    } catch (error) {
      showFailure(error);
    }
  });
}

/** Lays out the handout of the solution on show (handout.js, loaded now). */
export async function showHandout() {
  // Kept for offline use once first used (scripts/build-files.mjs).
  const { layOutHandout } = await import('./handout.js').catch(() => {
    // A handout link's page made way for the sheet: the player comes back,
    // with the reason.
    document.documentElement.removeAttribute('data-handout');
    throw new Error('The handout could not load: it needs the network the first time.');
  });
  // A handout link that could not be opened is no sheet to hand out: the
  // player comes back, with what is wrong.
  if (ui.error.textContent) {
    document.documentElement.removeAttribute('data-handout');
    return;
  }
  await layOutHandout({ root: ui.handout, app: page.app, solution: page.solution });
}

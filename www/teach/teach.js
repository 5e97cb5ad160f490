// Teach: Save picture, Save video and Print handout (Copy embed code is
// share.js's, Present app.js's, as F presents from every way in), wired
// when Teach is first taken (ways.js). Each feature's code loads on its
// first press.

import { page, ui } from '../page.js';
import { showFailure, showHandout } from '../show.js';

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

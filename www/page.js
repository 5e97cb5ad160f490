// The page's shared state: its elements (`ui`) and what it holds (`page`),
// one object each, read and written by the feature modules that app.js
// wires together. Nothing here does anything on its own.

export const $ = (id) => document.getElementById(id);

export const ui = {
  canvas: $('cube'),
  loading: $('loading'),
  form: $('scramble-form'),
  input: $('scramble'),
  solve: $('solve'),
  random: $('random'),
  error: $('error'),
  chips: $('chips'),
  reset: $('reset'),
  back: $('back'),
  play: $('play'),
  playIcon: $('play-icon'),
  forward: $('forward'),
  end: $('end'),
  speed: $('speed'),
  status: $('status'),
  nowNext: $('now-next'),
  stageName: $('stage-name'),
  stagePlain: $('stage-plain'),
  stageDescription: $('stage-description'),
  stageAllowed: $('stage-allowed'),
  stageWorst: $('stage-worst'),
  stageGroup: $('stage-group'),
  stageWhy: $('stage-why'),
  progressStage: $('progress-stage'),
  counters: $('counters'),
  histogram: $('histogram'),
  moveLine: $('move-line'),
  legend: $('legend'),
  netSwitch: $('net-switch'),
  flatNet: $('flat-net'),
  no3d: $('no-3d'),
  reading: $('reading'),
  stale: $('stale'),
  scrubber: $('scrubber'),
  stageMarks: $('stage-marks'),
  moves: $('moves'),
  hints: $('hints'),
  resetView: $('reset-view'),
  savePicture: $('save-picture'),
  pictureCaption: $('picture-caption'),
  saveVideo: $('save-video'),
  printHandout: $('print-handout'),
  handout: $('handout'),
  present: $('present'),
  narration: $('narration'),
  words: $('words'),
  wordsBody: $('words-body'),
  reduceMotion: $('reduce-motion'),
  showKeys: $('show-keys'),
  axes: $('axes'),
  niss: $('niss'),
  alternatives: $('alternatives'),
  alternativesBox: $('alternatives-box'),
  copyWriteUp: $('copy-write-up'),
  labNote: $('lab-note'),
  checkForm: $('check-form'),
  attempt: $('attempt'),
  checkResult: $('check-result'),
  scan: $('scan'),
  scanPhotos: $('scan-photos'),
  scanBox: $('scan-box'),
  camera: $('camera'),
  cameraBox: $('camera-box'),
  follow: $('follow'),
};

export const page = {
  wasm: null,
  app: null,
  /** The palette's faces (appearance.js), for the colour editor and Follow along. */
  colours: null,
  /** `App.show`'s solution. */
  solution: null,
  solver: null,
  sharing: null,
  /** The newest solve request: a late result is dropped. */
  request: 0,
  searching: false,
  /**
   * What is on display: { input, mode, position, stages }, `stages` being
   * the solution on show where it is not the one the mode finds.
   */
  wanted: null,
  /** The solution on show as the worker found it (`Searched`): the lab's starting point. */
  searched: null,
  /** The stages chosen in the lab's alternatives, kept while later ones change. */
  chosen: new Set(),
  /** The attempt last checked in the lab, `{ text, input }` (the scramble's text), for the link. */
  attempt: null,
  /** The FMC lab (lab.js), once first used. */
  lab: null,
  /** The ways in (ways.js): which is on show, and taking one. */
  ways: null,
  /** The "Prove shortest" action (prove.js). */
  prove: null,
  counts: '',
  chipButtons: [],
  moveButtons: [],
  frames: 0,
  drawMs: 0,
  rafId: 0,
  lastTime: 0,
  /** The status last shown: unchanged frames skip the DOM. */
  shown: '',
  /** The stage view whose legend is shown. */
  legend: '',
  /** The flat net (net.js), once first shown. */
  net: null,
  /** What had focus as the presentation began: it gets it back at the end. */
  focusBefore: null,
  /** Counts presentations, so a late full-screen exit ends only its own. */
  presentation: 0,
  /** The presentation that last asked for full screen. */
  fullscreenAskedBy: -1,
  /** The presentation that full screen was seen to begin for. */
  fullscreenPresentation: -1,
  /** Whether the page has seen full screen begin, and not yet end. */
  fullscreen: false,
  /** Moves applied when the live region last spoke. */
  narrated: 0,
  /** Whether a video is recording (video.js), which then runs the loop. */
  recording: false,
  /** The facelets the cube in words last described. */
  described: '',
};

/** "1 move", "2 moves". */
const sheets = new Map();

/**
 * Adds the style sheet `href` to the page, once: for features loaded on
 * first use, whose styles a first visit need not fetch. Settles when it
 * has loaded.
 */
export function styleSheet(href) {
  if (!sheets.has(href)) {
    sheets.set(href, new Promise((resolve, reject) => {
      const sheet = document.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.href = href;
      sheet.onload = resolve;
      sheet.onerror = () => reject(new Error(`the style sheet ${href} did not load`));
      document.head.append(sheet);
    }));
  }
  return sheets.get(href);
}

/**
 * With NISS, the whole solution on the real scramble, which a solution on
 * show (`App.show`'s) has after its four stages: the moves a person makes.
 * Else undefined.
 */
export const wholeSolution = (solution) => solution.stages[4];

export const moves = (n) => `${n} ${n === 1 ? 'move' : 'moves'}`;

/** " (EO)" after a stage's name; nothing where the name ends in it ("Half-turn finish"). */
export const fmcAfter = (name, fmc) => (name.endsWith(fmc) ? '' : ` (${fmc})`);

/** Resolves once the browser has painted the page as it stands. */
export const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/** A start that failed: said on the page, never a blank one. */
export function showStartupError(error) {
  const box = $('startup-error');
  box.textContent = `Thistle could not start: ${error && error.message ? error.message : error}`;
  box.hidden = false;
  ui.loading.textContent = 'Could not start.';
  ui.status.textContent = 'Could not start.';
}

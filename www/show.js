// The solution on show, one for every way in: solving what was entered (in
// the solver's worker, or the lab's), showing it in the player with its
// move-count line, the link's own solution, errors, and the link the page
// was opened with. Every way in shows its solutions through `display`.

import { $, moves, page, ui, wholeSolution } from './page.js';
import { act, buildChips, buildMoves, markStages, narrateNew, update, wake } from './player.js';
import { labOfLink, readLink } from './share.js';
import { draftFor, dropDraft } from './remembered.js';

/**
 * What Fastest's count is, beside another: more moves, though each of its
 * stages is as short as it can be on its own.
 */
const SHORTEST = 'in Fastest (each stage its own shortest)';

/** Whether the link the page was opened with is being shown. */
let opening = false;

/**
 * Grows the Scramble box to fit its lines (and its borders, which its height
 * includes); a hidden box keeps the height it had.
 */
export function fitInput() {
  const box = ui.input;
  if (!box.offsetWidth) return;
  box.style.height = 'auto';
  box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
}

/**
 * Shows a solution of what was entered (`entered`, `{ source, text }`);
 * the box keeps the person's own text, and the reading beside it says how
 * it was read.
 */
function showSolution(result, entered) {
  page.solution = result;
  if (ui.input.value !== entered.text) {
    ui.input.value = entered.text;
    fitInput();
  }
  const fmc = result.bareGroup
    ? ' Parentheses are read as moves in order here; in FMC notation, a bare group such as (R U) would mean moves on the inverse scramble.'
    : '';
  ui.reading.textContent = entered.source === 'state'
    ? `A scramble for this state: ${result.scramble || '(solved)'}`
    : !entered.text.trim() ? 'Nothing to solve yet: type or paste a scramble, or press Random.'
      : result.scramble !== entered.text.trim() || fmc ? `Read as: ${result.scramble || '(no moves)'}.${fmc}` : '';
  ui.error.textContent = '';
  ui.stale.hidden = true;
  ui.input.removeAttribute('aria-invalid');
  page.shown = '';
  narrateNew();
  buildChips();
  buildMoves();
  markStages();
  // Mark the active chip and move now, not a frame later.
  update();
  wake();
}

export function showError(error) {
  showFailure(error);
  // The reading was of the text before this one, whose cube and counts
  // stay on show: a line says so, lest they be taken for this one's.
  ui.reading.textContent = '';
  ui.stale.hidden = !page.wanted;
  ui.input.setAttribute('aria-invalid', 'true');
  if (typeof error.column === 'number') selectError(ui.input, error);
  else ui.input.focus();
}

/** A failure that is not the scramble's (a feature that could not load), said in the same alert. */
export function showFailure(error) {
  const message = error && error.message ? error.message : String(error);
  ui.error.textContent = message.replace(/^./, (c) => c.toUpperCase());
}

/**
 * Focuses `box` with the character a notation error names selected: its
 * `column`, in characters (an emoji is two of the box's units), on the line
 * its message names, else the first.
 */
export function selectError(box, error) {
  const lines = box.value.split('\n');
  const line = Number(/line (\d+)/.exec(error.message)?.[1] ?? 1);
  const chars = [...(lines[line - 1] ?? '')];
  const at = lines.slice(0, line - 1).join('\n').length + (line > 1) + chars.slice(0, error.column - 1).join('').length;
  box.focus();
  box.setSelectionRange(at, at + (chars[error.column - 1] ?? ' ').length);
}

export const mode = () => document.querySelector('input[name="mode"]:checked').value;
export const view = () => document.querySelector('input[name="view"]:checked').value;

/** Colours the cube by stage or in full colours, and keeps the link. */
export function setView(value) {
  for (const radio of document.querySelectorAll('input[name="view"]')) radio.checked = radio.value === value;
  page.app.setView(value);
  page.sharing.view(value);
  wake();
}

export function setMode(value) {
  for (const radio of document.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === value;
}


export function setSearching(on) {
  page.searching = on;
  document.documentElement.toggleAttribute('data-searching', on);
  ui.solve.setAttribute('aria-busy', String(on));
  $('result').textContent = on ? 'Searching…' : page.counts;
}

/**
 * Shows a found solution for `wanted` ({ input, mode, position, stages },
 * `stages` being set where the solution is not the one the mode finds, so
 * that the link carries it); `counts` replaces the move-count line.
 */
export function display(wanted, searched, counts = null) {
  const result = page.app.show(wanted.input, searched);
  page.wanted = wanted;
  page.searched = searched;
  if (!wanted.stages) page.chosen.clear();
  // A checked attempt belongs to its scramble.
  if (page.attempt && page.attempt.input !== wanted.input.text) page.attempt = null;
  if (page.lab) page.lab.shown();
  if (page.prove) page.prove.shown(wanted);
  // What the box held is solved (or a link's cube took its place).
  if (!opening) dropDraft('scramble');
  // Before the player moves to the new solution's start: the cube before
  // keeps its move in its own history entry.
  page.sharing.show(result, wanted.input, wanted.stages ?? null, labState(), opening);
  showSolution(result.solution, wanted.input);
  page.showLabSolution?.();
  setMode(result.mode);
  // Each count says what it is: fewest moves is not the sum of each
  // stage's shortest, which is Fastest's.
  showCounts(withStagesTotal(counts ?? (result.mode === 'fewest'
    ? `${moves(result.fewestTotal)} · ${result.fastTotal} ${SHORTEST}`
    : `${moves(result.fastTotal)}, each stage its own shortest · ${result.fewestTotal} in Fewest moves`), result.solution));
  offerLinkSolution(wanted);
  if (wanted.position > 0) act(() => page.app.seek(wanted.position));
  // A handout laid out, on screen or for printing, follows the solution.
  const root = document.documentElement;
  if (root.hasAttribute('data-handout') || root.hasAttribute('data-handout-ready')) {
    import('./teach/teach.js').then(({ showHandout }) => showHandout()).catch(showFailure);
  }
}

/**
 * A reconstruction link's own solution: "The link's solution: N moves",
 * which plays instead of Thistle's.
 */
function offerLinkSolution(wanted) {
  const offer = $('link-solution');
  offer.hidden = !wanted.solution;
  if (!wanted.solution) return;
  const length = wanted.solutionMoves === undefined || wanted.solutionMoves === null
    ? 'does not read as notation'
    : moves(wanted.solutionMoves);
  let searched = null;
  try {
    searched = page.wasm.linkSolution(wanted.input, wanted.solution, wanted.mode);
  } catch {
    // Not four stages that play in turn: an attempt, perhaps unfinished
    // (an EO and a DR, with `// EO` comments), which Check reads out.
    $('link-solution-text').textContent = `The link's solution (${length}) is not four whole stages: it is checked as an attempt in the FMC lab.`;
    $('play-link-solution').hidden = true;
    ui.attempt.value = wanted.solution;
    // A link opened with an attempt (and no way in of its own) opens in the
    // lab; one pasted into the Scramble box leaves the person in Watch.
    if (opening && !new URLSearchParams(location.search).has('way')) page.ways.take('lab');
    useLab().then((lab) => lab.check());
    return;
  }
  $('link-solution-text').textContent = `The link's solution: ${length}.`;
  $('play-link-solution').hidden = false;
  $('play-link-solution').onclick = () => {
    displayStages({ ...wanted, position: 0, solution: null, stages: searched.stages }, searched);
  };
}

/**
 * Shows a solution a link carries stage by stage (`wanted.stages`, or
 * `searched` from them), as it is: it is the link's, not the mode's.
 */
function displayStages(wanted, searched = page.wasm.playStages(wanted.input, wanted.stages, wanted.mode)) {
  page.request += 1;
  display(wanted, searched, `${moves(searched.fewestTotal)} · the link's solution`);
}

/**
 * `counts` (which begin with the whole solution's length, N), with the
 * stages' moves added up (S) after N where NISS makes them differ: the
 * status line counts the stages' segment in S, the whole solution in N.
 */
function withStagesTotal(counts, solution) {
  const stages = solution.stages.slice(0, 4).reduce((sum, stage) => sum + stage.moves.length, 0);
  const whole = wholeSolution(solution);
  if (!whole || whole.moves.length === stages) return counts;
  const [first, ...rest] = counts.split(' · ');
  return [first, `${stages} in the stages`, ...rest].join(' · ');
}

/**
 * The FMC lab's state for the link: `{ niss, axes, chosen, attempt }`
 * (`axes` the Axes choice's value, '' for Best).
 */
function labState() {
  return {
    niss: ui.niss.checked,
    axes: ui.axes.value,
    chosen: [...page.chosen],
    attempt: page.attempt?.text ?? null,
  };
}

/**
 * Shows the scrambled cube of `input` alone, for a practice attempt: no
 * moves, chips, timeline or counts (a solve still under way is dropped),
 * until the next solution is shown.
 */
export function showScrambleOnly(input) {
  page.request += 1;
  setSearching(false);
  page.app.show(input, { mode: 'fewest', facelets: '', orientation: 0, stages: ['', '', '', ''], fastTotal: 0, fewestTotal: 0 });
  page.chipButtons = [];
  page.moveButtons = [];
  ui.chips.replaceChildren();
  ui.moves.replaceChildren();
  ui.stageMarks.replaceChildren();
  ui.scrubber.max = '0';
  showCounts('');
  if (page.lab) page.lab.shown();
  // Nothing of a solution is left to read during a practice attempt.
  $('lab-solution').replaceChildren();
  page.shown = '';
  // The empty timeline would be heard as "Solved".
  page.narrated = 0;
  ui.narration.textContent = 'A practice scramble, with no solution shown.';
  update();
  wake();
}

/** The move-count line under the mode switch, kept for after a search. */
function showCounts(text) {
  page.counts = text;
  $('result').textContent = text;
}

/**
 * Solves `wanted` in the worker and shows it, unless a newer request came.
 * A solve the person asked for ends with focus on Play, so Space plays it
 * and the arrow keys step through it, wherever they pressed (Mode's two
 * radios too); but the lab's Axes and NISS keep it, so that their own keys
 * go on through the orientations or switch NISS back.
 */
export async function load(wanted) {
  if (practising()) return;
  const id = ++page.request;
  const options = labOptions();
  if (options) wanted = { ...wanted, mode: 'fewest' };
  setMode(wanted.mode);
  setSearching(true);
  try {
    const searched = options
      ? await (await useLab()).solve(wanted.input, options)
      : await page.solver.solve(wanted.mode, wanted.input);
    if (id === page.request) {
      // A lab solve is not the one the mode finds: the link carries it.
      if (options) display({ ...wanted, stages: searched.stages }, searched, countsWith(searched, options));
      else display(wanted, searched);
      if (!document.activeElement.matches('select, [type=checkbox]')) ui.play.focus();
    }
  } catch (error) {
    if (id === page.request) showError(error);
  } finally {
    if (id === page.request) setSearching(false);
  }
}

/**
 * The lab's choices, `{ niss, axes }`, where they differ from plain
 * fewest-moves solving (NISS off, the best axes); else null.
 */
function labOptions() {
  const axes = ui.axes.value === '' ? null : Number(ui.axes.value);
  return ui.niss.checked || axes !== null ? { niss: ui.niss.checked, axes } : null;
}

/** The move-count line for a solve with the lab's choices (a lab solve, a proof with NISS). */
export function countsWith(searched, { niss, axes }) {
  const how = [niss ? 'with NISS' : '', axes !== null ? `on ${ui.axes.selectedOptions[0].textContent}` : '']
    .filter(Boolean).join(', ');
  return `${moves(searched.fewestTotal)} ${how} · ${searched.fastTotal} ${SHORTEST}`;
}

/** The FMC lab (lab.js), loaded and built on first use. */
export async function useLab() {
  if (!page.lab) {
    const { createLab } = await import('./lab/lab.js');
    page.lab ??= createLab({ display });
  }
  return page.lab;
}

/**
 * Whether an FMC practice attempt is running (practice.js), which keeps its
 * scramble alone on show until it is submitted: then nothing else is
 * solved, and the page says why. The box keeps what was typed.
 */
function practising() {
  if (!document.body.classList.contains('practising')) return false;
  ui.error.textContent = 'A practice attempt is running: submit it in the FMC lab, then solve this.';
  return true;
}

/** Solves what the Scramble box holds (Rust decides what it is). */
export function solveInput() {
  if (practising()) return;
  try {
    const request = page.wasm.readInput(ui.input.value);
    const wanted = { ...request, mode: request.mode ?? mode() };
    if (!wanted.stages) {
      load(wanted);
      return;
    }
    displayStages(wanted);
    setSearching(false);
    ui.play.focus();
  } catch (error) {
    showError(error);
  }
}

/**
 * The first solve, here and now: the link the page was opened with, or the
 * example scramble. A bad link gives its message and, where its cube is
 * sound, that cube, else a solved one; its address stays as it came.
 */
export function openLink() {
  opening = true;
  const address = location.href;
  const inMode = (wanted) => ({ ...wanted, mode: wanted.mode ?? mode() });
  /** Shows `wanted`, an attempt typed here before a reload back and checked as a link's is. */
  const show = (wanted) => {
    const draft = draftFor('attempt', wanted.input.text);
    if (draft !== null) ui.attempt.value = draft;
    if (wanted.stages) displayStages(wanted);
    else display(wanted, page.solver.now(wanted.mode, wanted.input));
    // A scramble typed at this cube (before a reload) and not yet solved is
    // back in the box, to solve.
    const typed = draftFor('scramble', wanted.input.text);
    if (typed !== null && typed !== ui.input.value) {
      ui.input.value = typed;
      fitInput();
      ui.reading.textContent = 'Typed here before, and not solved yet: press Solve to solve it.';
    }
    checkLinkAttempt(wanted);
    // A link with the lab's switches but no solution of its own (written
    // by hand) is solved with them.
    if (!wanted.stages && labOptions()) load(wanted);
  };
  const choices = [
    () => {
      const link = readLink(page.wasm, /./, ui.input.value);
      linked = link?.input;
      if (link && link.view) setView(link.view);
      openLab(labOfLink());
      return inMode(link ?? page.wasm.readInput(ui.input.value));
    },
    // Where the rest of the link is what is broken, its cube is still shown.
    () => {
      const cube = readLink(page.wasm, /^(scramble|state)=/);
      if (!cube) throw problem;
      return inMode(cube);
    },
    () => inMode(page.wasm.readInput('')),
  ];
  let problem = null;
  /** The link's scramble or state as read, which stays in the box to be mended where it cannot be shown. */
  let linked = null;
  let shown = 0;
  for (; shown < choices.length; shown += 1) {
    try {
      show(choices[shown]());
      break;
    } catch (error) {
      problem ??= error;
    }
  }
  if (problem) {
    const cubeKept = shown === 1;
    ui.error.textContent = cubeKept
      ? `Part of this link could not be read: ${problem.message}. Its cube is shown.`
      : `This link could not be opened: ${problem.message}.`;
    if (!cubeKept) {
      if (linked) ui.input.value = linked.text;
      fitInput();
      ui.input.setAttribute('aria-invalid', 'true');
    }
    // On a phone the message is below the player, off the first screen.
    ui.error.scrollIntoView({ block: 'nearest' });
    // The address stays as it came, to be mended by hand.
    history.replaceState(null, '', address);
  }
  opening = false;
}

/**
 * Back or Forward to another cube's history entry (each new cube has one:
 * share.js) opens that entry's link, as if the page had been opened with
 * it; a way's entry of the same cube leaves the cube as it is (ways.js).
 * A practice attempt keeps its scramble on show.
 */
export function followHistory() {
  let cube = null;
  try {
    cube = readLink(page.wasm, /^(scramble|state)=/);
  } catch {
    // A broken link's entry is opened, for openLink to say what is wrong.
  }
  if (cube && cube.input.text.trim() === page.wanted?.input.text.trim()) return;
  if (practising()) return;
  openLink();
}

/**
 * Sets the FMC lab's controls as a link keeps them (`{ niss, axes, chosen,
 * attempt }`), before its solution is shown.
 */
function openLab(lab) {
  ui.niss.checked = lab.niss;
  ui.axes.value = lab.axes;
  page.chosen = new Set(lab.chosen);
  page.attempt = null;
  ui.attempt.value = lab.attempt ?? '';
}

/** The attempt a link keeps is checked again, so its Check reads as it did. */
function checkLinkAttempt(wanted) {
  if (!ui.attempt.value.trim() || wanted.solution) return;
  useLab().then((lab) => lab.check());
}

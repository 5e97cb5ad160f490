// FMC practice, loaded on first use: a random-state scramble in the WCA
// shape, a running timer (an hour by default), the answer kept out of view
// until Submit or time's up, then the solution judged as the WCA counts it
// (outer block turns, at most 80; one that does not solve is a DNF) beside
// Thistle's own lengths. The attempt and the results are kept on the device
// (localStorage) and nothing leaves it; the scramble is never put in the
// address, so a reload neither solves nor loses the attempt.

import { $ } from '../page.js';
import { recall, remember } from '../remembered.js';
import { load, selectError, showScrambleOnly } from '../show.js';
import { labClient } from '../lab-client.js';
import { prove } from '../proving.js';
import { element, MOST_MOVES } from './lab.js';

const ATTEMPT_KEY = 'thistle.practice.attempt';
const RESULTS_KEY = 'thistle.practice.results';
/** Attempt lengths offered, in minutes; the WCA's is an hour. */
const MINUTES = [60, 30, 20, 10];

/**
 * How long a proof of the shortest may take before it gives up with a
 * bound: the time chosen beside Prove shortest (null for never).
 */
const proofLimit = () => {
  const chosen = document.getElementById('prove-limit')?.value;
  return chosen ? Number(chosen) : null;
};

/**
 * What gives an answer away, out of the layout while an attempt runs: the
 * player keeps the scrambled cube alone (`showScrambleOnly`), without its
 * timeline, transport, chips, status or stage view; Watch keeps only its
 * Scramble box, and the lab's tools, Teach, Follow along and Share go (and,
 * for room on a phone, the lab's opening line).
 */
// (Written tight: the page's script copies it as it is.)
const HIDDEN_WHILE_PRACTISING = 'body.practising :is(.player,#chips,#status,#now-next,.view-choice,#legend,'
  + '#way-watch>:not(form),#way-teach,#follow,#way-lab>:is(.way-intro,form),.lab-row>:not(#practice-button),.lab>:not(.lab-row,#lab-note,#practice),'
  + '.share){display:none!important}@media (max-width:859px){body.practising #cube{max-height:45svh}}'
  + '.practice{border-top:1px solid currentColor;margin-top:1em;padding-top:.5em}'
  + '.practice .timer{font-size:1.6em;font-variant-numeric:tabular-nums}'
  + '.practice caption{caption-side:bottom;text-align:left;font-size:.85em;color:var(--muted)}'
  + '.practice textarea{width:100%;box-sizing:border-box}.practice-label{margin:.3em 0 .4em}'
  // Each result a block of its own, its fields labelled, so that the table
  // fits the lab's column at any width instead of running off its side.
  + '.practice table{border-collapse:collapse;width:100%}'
  + '.practice thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}'
  + '.practice tr{display:block;border-top:1px solid;padding:.3em 0}'
  + '.practice td{display:inline-block;padding:.1em .8em .1em 0}'
  + '.practice td[data-label]::before{content:attr(data-label) ": ";font-weight:600}'
  + '.practice td:nth-child(2){display:block;overflow-wrap:anywhere}.practice svg{max-width:100%}';

const read = (key, fallback) => {
  try {
    return JSON.parse(recall(key)) ?? fallback;
  } catch {
    return fallback;
  }
};


const clock = (ms) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The results table's columns. */
const COLUMNS = ['Date', 'Scramble', 'Yours', 'Thistle fewest', 'Thistle NISS', 'Proven shortest',
  'Proven with NISS', 'Time used', 'Link'];

/** The milliseconds an attempt has left (below 0 once its time is up). */
const timeLeft = (attempt) => attempt.started + attempt.minutes * 60000 - Date.now();

/** A result's length as shown: a number, or DNF. */
const shown = (length) => (length === null ? 'DNF' : String(length));

/**
 * Builds the practice region after `anchor` (in the FMC lab); an attempt
 * kept over a reload carries on. Returns `{ region, focus }`.
 */
export function createPractice(anchor) {
  const client = labClient();
  document.head.append(element('style', { textContent: HIDDEN_WHILE_PRACTISING }));
  const region = element('section', { className: 'practice', id: 'practice' });
  region.setAttribute('role', 'region');
  region.setAttribute('aria-label', 'Practice');
  const heading = element('h2', { textContent: 'Practice' });
  const minutes = element('select', { id: 'practice-length' },
    ...MINUTES.map((m) => element('option', { value: String(m), textContent: `${m} minutes` })));
  const lengthLabel = element('label', { htmlFor: 'practice-length', textContent: 'Length ' }, minutes);
  const start = element('button', { type: 'button', textContent: 'Start' });
  const scramble = element('p', { className: 'practice-scramble' });
  const timer = element('p', { className: 'timer' });
  timer.setAttribute('role', 'timer');
  timer.setAttribute('aria-label', 'Time left');
  // Room for a write-up of a step a line, as the lab's own box has.
  const box = element('textarea', { id: 'practice-solution', rows: 5, spellcheck: false });
  const boxLabel = element('label', { htmlFor: 'practice-solution', textContent: 'Practice solution' });
  const boxHelp = element('span', { id: 'practice-help', className: 'reading', textContent: ' (plain moves, as a competition takes them: a line per step, NISS steps written out undone at the end)' });
  box.setAttribute('aria-describedby', 'practice-help');
  box.setAttribute('autocapitalize', 'characters');
  const submit = element('button', { type: 'button', textContent: 'Submit' });
  const giveUp = element('button', { type: 'button', textContent: 'Give up' });
  const note = element('p', { className: 'lab-note' });
  note.setAttribute('aria-live', 'polite');
  const table = element('table');
  table.setAttribute('role', 'table');
  table.setAttribute('aria-label', 'Practice results');
  table.createCaption().textContent = 'Proven: the shortest four-stage solution (≥ n: the proof gave up).';
  const summary = element('p');
  const chart = element('div');
  const running = element('div', {}, scramble, timer, element('p', { className: 'practice-label' }, boxLabel, boxHelp), box, submit, ' ', giveUp);
  region.append(heading, element('p', {}, lengthLabel, ' ', start), running, note, summary, chart, table);
  anchor.after(region);

  let ticking = null;

  const when = (result) => new Date(result.date).toLocaleString('en-GB');
  // Read out of the table, in a list of links, each says which attempt it opens.
  const opener = (result) => {
    const link = element('a', { href: result.link, textContent: 'Open' });
    link.setAttribute('aria-label', `Open the attempt of ${when(result)} in the lab`);
    return link;
  };
  const showResults = () => {
    const results = read(RESULTS_KEY, []);
    // The roles are set as well, since rows laid out as blocks lose them.
    const cell = (tag, role, props, ...children) => {
      const made = element(tag, props, ...children);
      made.setAttribute('role', role);
      return made;
    };
    const row = (...cells) => cell('tr', 'row', {}, ...cells);
    const head = row(...COLUMNS.map((name) => cell('th', 'columnheader', { scope: 'col', textContent: name })));
    const labelled = (k, textContent) => {
      const made = cell('td', 'cell', { textContent });
      made.dataset.label = COLUMNS[k];
      return made;
    };
    const rows = results.map((r) => row(
      cell('td', 'cell', { textContent: when(r) }),
      cell('td', 'cell', { textContent: r.scramble }),
      labelled(2, shown(r.length)),
      labelled(3, r.fewest ?? '…'),
      labelled(4, r.niss ?? '…'),
      labelled(5, r.shortest ?? '…'),
      labelled(6, r.shortestNiss ?? '…'),
      labelled(7, clock(r.usedMs)),
      cell('td', 'cell', {}, opener(r))));
    table.replaceChildren(element('thead', {}, head), element('tbody', {}, ...rows));
    const counted = results.filter((r) => r.length !== null);
    const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
    // Thistle's mean over the same scrambles as yours, not over your DNFs' too.
    const compared = counted.filter((r) => r.fewest);
    const theirs = compared.length
      ? `; Thistle's fewest on the same ${compared.length === 1 ? 'scramble' : `${compared.length} scrambles`}: ${mean(compared.map((r) => r.fewest)).toFixed(2)}`
      : '';
    // Not the WCA's mean, which one DNF makes a DNF: the line says so where it differs.
    const dnfs = results.length - counted.length;
    const leftOut = dnfs ? `, leaving out ${dnfs === 1 ? 'a DNF' : `${dnfs} DNFs`} (a WCA mean with one is a DNF)` : '';
    summary.textContent = counted.length
      ? `Your mean: ${mean(counted.map((r) => r.length)).toFixed(2)} moves over ${counted.length}${leftOut}${theirs}.`
      : results.length ? 'No solved attempt yet.' : '';
    chart.replaceChildren(drawChart(results),
      element('p', { className: 'lab-note', textContent: 'Blue: your lengths; red: Thistle\'s fewest.' }));
    // A line needs two attempts; one dot alone says nothing.
    chart.hidden = results.length < 2;
  };

  /**
   * Fills in Thistle's lengths for `result`'s scramble as they come, those
   * it has not got yet: a result recorded in a tab closed or reloaded
   * before its proofs ended gets them when Practice next opens.
   */
  const fill = async (result) => {
    const input = { source: 'scramble', text: result.scramble };
    const update = (fields) => {
      const all = read(RESULTS_KEY, []);
      const stored = all.find((r) => r.date === result.date);
      if (stored) Object.assign(stored, fields);
      remember(RESULTS_KEY, JSON.stringify(all));
      showResults();
    };
    if (result.fewest === undefined || result.niss === undefined) {
      const fewest = await client.call('solve', { input, options: { niss: false, axes: null } });
      const niss = await client.call('solve', { input, options: { niss: true, axes: null } });
      update({ fewest: fewest.fewestTotal, niss: niss.fewestTotal });
    }
    // Proven, or where a proof gives up, the bound it reached.
    for (const [field, niss] of [['shortest', false], ['shortestNiss', true]]) {
      if (result[field] !== undefined) continue;
      try {
        const proof = await prove(input, () => {}, { niss, limitMs: proofLimit() }).done;
        update({ [field]: proof.proven ? String(proof.found.fewestTotal) : `≥ ${proof.bound}` });
      } catch {
        update({ [field]: '—' });
      }
    }
  };

  /** Stores `result`, then fills in Thistle's lengths for its scramble. */
  const record = async (result) => {
    const results = read(RESULTS_KEY, []);
    results.push(result);
    remember(RESULTS_KEY, JSON.stringify(results));
    showResults();
    await fill(result);
  };

  /** The attempt on show in this tab. */
  let shownAttempt = null;

  /**
   * The attempt is over: the lab and the ways in as before it, and the
   * answer may show now, Thistle's solution of the same scramble.
   */
  const ended = (attempt) => {
    clearInterval(ticking);
    shownAttempt = null;
    document.body.classList.remove('practising');
    $('way-note').textContent = '';
    running.hidden = true;
    start.disabled = false;
    minutes.disabled = false;
    // Focus stays by the result (a solve would give it to Play, and a
    // phone would scroll up to the player, away from the result).
    load({ input: { source: 'scramble', text: attempt.scramble }, mode: 'fewest', position: 0, stages: null })
      .then(() => start.focus());
  };

  /**
   * Ends the attempt: judges what is in the box. Submitted with a typo, it
   * runs on, the typo marked, as a judge would hand a sheet back unread;
   * when time is up (`timeUp`) it is judged as it stands. Given up
   * (`gaveUp`), it is a DNF, kept with the rest as a competition keeps one.
   */
  let judging = false;
  const finish = async (timeUp, gaveUp) => {
    const attempt = read(ATTEMPT_KEY, null);
    // A second press while the first is judged is the same submission.
    if (!attempt || judging) return;
    const text = box.value;
    // An empty box is handed back, as a sheet with nothing on it would be.
    if (!timeUp && !gaveUp && !text.trim()) {
      note.textContent = 'Nothing to submit yet: write your solution, then Submit. The clock runs on.';
      box.focus();
      return;
    }
    judging = true;
    clearInterval(ticking);
    let length = null;
    let why = '';
    try {
      const judged = gaveUp ? null : await client.call('judge', { scramble: attempt.scramble, solution: text });
      if (!judged) why = 'given up';
      else if (!judged.solves) why = 'it does not solve the scramble';
      else if (judged.length > MOST_MOVES) why = `it has ${judged.length} moves, over ${MOST_MOVES}`;
      else length = judged.length;
    } catch (error) {
      if (!timeUp && typeof error.column === 'number') {
        note.textContent = `Not judged yet: ${error.message}. Fix it and submit again; the clock runs on.`;
        box.setAttribute('aria-invalid', 'true');
        selectError(box, error);
        ticking = setInterval(tick, 250);
        return;
      }
      why = error.message;
    } finally {
      judging = false;
    }
    box.removeAttribute('aria-invalid');
    remember(ATTEMPT_KEY, 'null');
    ended(attempt);
    note.textContent = `${timeUp ? 'Time\'s up: what was written is judged. ' : ''}${length === null ? `DNF: ${why}.` : `Solved in ${length} moves.`}`;
    const usedMs = Math.min(Date.now() - attempt.started, attempt.minutes * 60000);
    // Opened, the lab shows Thistle's solution beside yours, checked.
    const yours = text.trim() ? `&attempt=${encodeURIComponent(text).replace(/%20/g, '+')}` : '';
    const link = `?scramble=${encodeURIComponent(attempt.scramble)}&way=lab${yours}`;
    await record({ date: attempt.started, scramble: attempt.scramble, solution: text, length, usedMs, link });
  };

  // The timer is read on request; crossing 5 minutes left, and 1, is said
  // (once each, from the minutes left when the attempt was shown).
  const WARNINGS = [5, 1];
  let warnedAbove = Infinity;
  const tick = () => {
    const attempt = read(ATTEMPT_KEY, null);
    if (!attempt) return;
    const left = timeLeft(attempt);
    timer.textContent = clock(left);
    if (left <= 0) {
      finish(true);
      return;
    }
    const crossed = WARNINGS.filter((minutes) => minutes < warnedAbove && left <= minutes * 60000).at(-1);
    if (crossed === undefined) return;
    warnedAbove = crossed;
    note.textContent = `${crossed === 1 ? 'One minute' : `${crossed} minutes`} left.`;
  };

  /** Shows a running attempt (a new one, or one kept over a reload). */
  const resume = (attempt) => {
    shownAttempt = attempt;
    document.body.classList.add('practising');
    // Every way in says why the player is away, and where to go.
    $('way-note').textContent = 'A practice attempt is running in the FMC lab: the player comes back once it is submitted.';
    showScrambleOnly({ source: 'scramble', text: attempt.scramble });
    // The lab's note spoke of the solution on show (its write-up copied),
    // which the attempt hides.
    $('lab-note').textContent = '';
    running.hidden = false;
    start.disabled = true;
    minutes.disabled = true;
    minutes.value = String(attempt.minutes);
    scramble.textContent = `Scramble: ${attempt.scramble}`;
    box.value = attempt.draft ?? '';
    note.textContent = '';
    warnedAbove = Math.ceil(timeLeft(attempt) / 60000);
    clearInterval(ticking);
    ticking = setInterval(tick, 250);
    tick();
  };

  start.addEventListener('click', async () => {
    start.disabled = true;
    note.textContent = 'Drawing a scramble…';
    const text = await client.call('practice', {});
    const attempt = { scramble: text, started: Date.now(), minutes: Number(minutes.value) };
    remember(ATTEMPT_KEY, JSON.stringify(attempt));
    resume(attempt);
    box.focus();
  });
  submit.addEventListener('click', () => finish(false));
  giveUp.addEventListener('click', () => {
    // An hour's work is one press away: asked first.
    if (confirm('Give up this attempt? It counts as a DNF, and Thistle\'s solution shows.')) finish(false, true);
  });
  // As in the lab's own box, Ctrl+Enter submits.
  box.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      finish(false);
    }
  });
  // The draft is kept with the attempt, so a reload does not lose it.
  box.addEventListener('input', () => {
    const attempt = read(ATTEMPT_KEY, null);
    if (attempt) remember(ATTEMPT_KEY, JSON.stringify({ ...attempt, draft: box.value }));
  });

  // Another tab of the page may submit the same attempt (it resumes it
  // too): this one then ends it as well, and shows its result.
  window.addEventListener('storage', (event) => {
    if (event.key === RESULTS_KEY) showResults();
    if (event.key !== ATTEMPT_KEY || !shownAttempt || read(ATTEMPT_KEY, null)) return;
    ended(shownAttempt);
    note.textContent = 'This attempt was submitted in another tab: its result is below.';
  });

  running.hidden = true;
  showResults();
  (async () => {
    for (const result of read(RESULTS_KEY, [])) await fill(result);
  })();
  const kept = read(ATTEMPT_KEY, null);
  if (kept) resume(kept);
  return { region, focus: () => (kept ? box : start).focus() };
}

/** A small chart of your lengths (DNFs left out) and Thistle's, attempt by attempt. */
function drawChart(results) {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'Your lengths and Thistle\'s over time');
  const [width, height] = [320, 120];
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('width', String(width));
  if (results.length === 0) return svg;
  const values = results.flatMap((r) => [r.length, r.fewest]).filter((v) => typeof v === 'number');
  const top = Math.max(...values, 20) + 2;
  const x = (k) => (results.length === 1 ? width / 2 : 10 + (k * (width - 20)) / (results.length - 1));
  const y = (v) => height - 10 - ((height - 20) * v) / top;
  const line = (key, colour, label) => {
    const points = results.map((r, k) => (typeof r[key] === 'number' ? `${x(k)},${y(r[key])}` : null)).filter(Boolean);
    const path = document.createElementNS(ns, 'polyline');
    path.setAttribute('points', points.join(' '));
    path.setAttribute('fill', 'none');
    path.setAttribute('stroke', colour);
    path.setAttribute('stroke-width', '2');
    const title = document.createElementNS(ns, 'title');
    title.textContent = label;
    path.append(title);
    svg.append(path);
    for (const point of points) {
      const [cx, cy] = point.split(',');
      const dot = document.createElementNS(ns, 'circle');
      Object.entries({ cx, cy, r: 3, fill: colour }).forEach(([k, v]) => dot.setAttribute(k, v));
      svg.append(dot);
    }
  };
  line('length', '#1565c0', 'Your lengths');
  line('fewest', '#c62828', 'Thistle\'s fewest');
  return svg;
}

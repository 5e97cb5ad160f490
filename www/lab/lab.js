// The FMC lab, loaded on first use: solves with NISS or on chosen axes,
// the Alternatives list for the stage on show, and the check of a person's
// own attempt with "Continue from here". Its searches run in the lab's
// worker (lab-client.js `labClient`); the page shows what comes back
// through `display`, as it shows any solution.

import { $, moves, page, ui } from '../page.js';
import { selectError } from '../show.js';
import { labClient } from '../lab-client.js';

/**
 * Alternatives asked for at once, then while the person looks: the core
 * ranks them 24 at a time, so the first list is one such batch and the
 * longer one begins with it (the later options are added after it).
 */
const FIRST_COUNT = 24;
const MORE_COUNT = 48;

/** The WCA's limit on a fewest-moves solution (practice.js judges by it too). */
export const MOST_MOVES = 80;

/** A new `tag` element with `props` set and `children` in it (practice.js builds with it too). */
export function element(tag, props = {}, ...children) {
  const made = Object.assign(document.createElement(tag), props);
  made.append(...children);
  return made;
}

/**
 * Builds the lab. `display(wanted, found, counts)` shows a solution.
 * Returns its actions, which app.js wires to the lab's controls: `solve(input,
 * options)` resolves to a solution found with `{ niss, axes }`;
 * `openAlternatives`, `copyWriteUp` and `check`; and `shown()`, which
 * follows each new solution (a list stays open while the player moves).
 */
export function createLab({ display }) {
  const client = labClient();
  const box = ui.alternativesBox;
  let listing = 0;

  const note = (text) => {
    ui.labNote.textContent = text;
  };

  const closeAlternatives = () => {
    listing += 1;
    box.hidden = true;
    box.removeAttribute('aria-busy');
    box.replaceChildren();
    ui.alternatives.setAttribute('aria-expanded', 'false');
  };

  /**
   * Puts alternative `offered` for stage `stage` in, and shows the result;
   * the stage on show is already in.
   */
  const choose = (stage, offered) => {
    closeAlternatives();
    ui.alternatives.focus();
    if (offered.onShow) return;
    for (const chosen of [...page.chosen]) if (chosen > stage) page.chosen.delete(chosen);
    page.chosen.add(stage);
    // The earlier stages stay, so the chosen stage starts where it did.
    const { name, start } = page.solution.stages[stage];
    const wanted = { ...page.wanted, mode: 'fewest', position: start, stages: offered.found.stages };
    display(wanted, offered.found, `${moves(offered.total)} · with your choice for ${name}`);
  };

  /**
   * The listbox of `offered` alternatives for stage `stage`, keyboard and
   * pointer. Returns `more(longer)`, which adds the options a longer list
   * has after these, each new one below the last, so no option moves.
   */
  const showList = (stage, offered) => {
    const name = page.solution.stages[stage].name;
    const list = element('ul', { className: 'alternatives-list', tabIndex: 0, id: 'alternatives-list' });
    list.setAttribute('role', 'listbox');
    list.setAttribute('aria-label', `Alternatives for ${name}`);
    const items = [];
    const options = [];
    const add = (item) => {
      const index = options.length;
      const option = element('li', {
        id: `alternative-${index}`,
        textContent: `${item.text || '(nothing to do)'} · ${moves(item.length)} · total ${item.total}${item.onShow ? ' · on show' : ''}`,
      });
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', 'false');
      option.addEventListener('click', () => choose(stage, item));
      list.append(option);
      items.push(item);
      options.push(option);
    };
    let active = 0;
    const activate = (index) => {
      if (options.length === 0) return;
      active = (index + options.length) % options.length;
      options.forEach((option, k) => option.setAttribute('aria-selected', String(k === active)));
      list.setAttribute('aria-activedescendant', options[active].id);
      options[active].scrollIntoView({ block: 'nearest' });
    };
    // A page of options: as many as the list shows at once, less one, which
    // stays in view; a page's moves stop at either end rather than wrap.
    const pageSize = () => Math.max(1, Math.floor(list.clientHeight / options[active].offsetHeight) - 1);
    list.addEventListener('keydown', (event) => {
      const step = { PageDown: 1, PageUp: -1 }[event.key];
      const moveTo = step && options.length
        ? Math.min(Math.max(active + step * pageSize(), 0), options.length - 1)
        : { ArrowDown: active + 1, ArrowUp: active - 1, Home: 0, End: options.length - 1 }[event.key];
      if (moveTo !== undefined) activate(moveTo);
      else if (event.key === 'Enter' || event.key === ' ') {
        if (options.length) choose(stage, items[active]);
      } else if (event.key === 'Escape') {
        closeAlternatives();
        ui.alternatives.focus();
      } else return;
      event.preventDefault();
      event.stopPropagation();
    });
    const heading = element('p', { className: 'alternatives-heading' });
    // Options never move, so those found later (each batch by its totals)
    // may be shorter than some before them: the line below the list says
    // so, and the shortest of the others' totals (the one on show has its
    // own), rather than claim one order. Below it, its growing moves none.
    const order = element('p', { className: 'alternatives-order' });
    const title = () => {
      const totals = items.slice(1).map((item) => item.total);
      const ordered = totals.every((total, k) => k === 0 || totals[k - 1] <= total);
      heading.textContent = items.length > 1
        ? `The one on show, then ${items.length - 1} other ways to do ${name}:`
        : `No other way to do ${name} gives a different solution with the stages kept apart.`;
      order.textContent = items.length < 2 ? ''
        : ordered ? 'By the whole solution\'s length.'
          : `In batches as found, each by the whole solution's length, so a later one may be shorter: the shortest of them makes ${moves(Math.min(...totals))} in all.`;
    };
    offered.forEach(add);
    title();
    box.replaceChildren(heading, list, order);
    // Without moving the page to it: the list opens where it is.
    activate(active);
    list.focus({ preventScroll: true });
    return (longer) => {
      longer.slice(items.length).forEach(add);
      title();
    };
  };

  /** Lists alternatives for the stage on show: a first few now, more in the background. */
  const openAlternatives = async () => {
    if (!box.hidden) {
      closeAlternatives();
      return;
    }
    const { stage: at, position } = page.app.status();
    // In the whole solution after NISS stages, the stage its move on show comes from.
    const { start, stageOf } = page.solution.stages[at];
    const stage = stageOf ? stageOf[Math.min(position - start, stageOf.length - 1)] ?? 3 : at;
    const asked = ++listing;
    box.hidden = false;
    // Busy until the longer list has come, or was not needed.
    box.setAttribute('aria-busy', 'true');
    ui.alternatives.setAttribute('aria-expanded', 'true');
    box.replaceChildren(element('p', { className: 'alternatives-heading', textContent: 'Finding alternatives…' }));
    const args = (count) => ({
      input: page.wanted.input, shown: page.searched, stage, count, niss: ui.niss.checked,
    });
    try {
      const first = await client.call('alternatives', args(FIRST_COUNT));
      if (asked !== listing) return;
      const grow = showList(stage, first);
      const more = await client.call('alternatives', args(MORE_COUNT));
      if (asked !== listing) return;
      grow(more);
    } catch (error) {
      if (asked !== listing) return;
      box.replaceChildren(element('p', { className: 'error', textContent: `No alternatives: ${error.message}.` }));
    } finally {
      if (asked === listing) box.removeAttribute('aria-busy');
    }
  };

  /** Copies the write-up of the solution on show. */
  const copyWriteUp = async () => {
    const text = page.app.writeUp();
    try {
      await navigator.clipboard.writeText(text);
      note('Write-up copied.');
    } catch {
      // Without clipboard access the write-up is selected to copy by hand:
      // in “Your solution” while that is empty, else where it is shown, so
      // that nothing typed there is lost.
      if (ui.attempt.value.trim() === '') {
        ui.attempt.value = text;
        ui.attempt.select();
        note('Write-up in “Your solution”, selected: copy it from there.');
      } else {
        getSelection().selectAllChildren(document.querySelector('#lab-solution pre'));
        note('Write-up selected where it is shown, under the scramble: copy it from there.');
      }
    }
  };

  /** One step of a checked attempt, as a line of the Check region. */
  const stepLine = (step, index) => {
    const written = step.side === 'inverse' ? `(${step.moves.join(' ')})` : step.moves.join(' ');
    // Named: a step may reach a later goal than the stage it began on.
    const optimal = step.optimal === null || step.optimal === undefined ? '' : ` · shortest ${step.working_on} from here: ${moves(step.optimal)}${step.optimal_on ? ` (on ${step.optimal_on})` : ''}`;
    return element('li', { textContent: `Step ${index + 1}: ${written}${step.side === 'inverse' ? ' (inverse)' : ''} — ${step.text}${optimal}` });
  };

  /**
   * Fills the Check region with `checked`, then, with `rest` ({ found,
   * attemptEnds, unplayable }) once the completion is in, with it and "Continue from here";
   * `notWrittenSo` names the first move a competition would not take as written.
   */
  const showChecked = (checked, rest, notWrittenSo) => {
    // Counted as a competition counts it, as written (moves that meet are
    // not merged for you, as Practice judges it); merged too, where that
    // is fewer, as it could be written.
    const typed = checked.steps.reduce((sum, step) => sum + step.moves.length, 0);
    const count = typed > checked.length
      ? `${moves(typed)} as written, as a competition counts them (${checked.length} with the moves that meet merged or cancelled)`
      : moves(typed);
    const written = checked.solution || 'no moves';
    const summary = (checked.solved
      ? `Your attempt solves the cube: ${count}, ${written}.${typed > MOST_MOVES
        ? ` That is over ${MOST_MOVES}, the most a competition allows: there it would be a DNF.` : ''}`
      : checked.reached
        ? `Your attempt reaches ${checked.reached}: ${count} so far, ${written}.`
        : `Your attempt reaches no goal yet: ${count}, ${written}.`)
      // Counted all the same, but a competition would refuse it.
      + (notWrittenSo ? ` A competition would not take it as written: ${notWrittenSo}.` : '');
    // Heard once, as the read-out first comes in: the steps are read on request.
    if (!rest) $('check-said').textContent = summary;
    const parts = [element('h2', { textContent: 'Check' }), element('p', { textContent: summary }),
      element('ol', {}, ...checked.steps.map(stepLine))];
    const completion = checked.completion;
    if (!rest) {
      parts.push(element('p', { textContent: 'Finding the rest of the solution…' }));
      ui.checkResult.replaceChildren(...parts);
      return;
    }
    const { found, attemptEnds, unplayable } = rest;
    if (completion && !checked.solved) {
      // Said, as the attempt's last move may then not read as it was typed.
      const merged = completion.merged > 0
        ? `, ${moves(completion.merged)} fewer than your moves and the search's apart: where they meet, moves on one face merge or cancel` : '';
      parts.push(element('p', { textContent: `Completed by the fewest-moves search: ${completion.solution} (${moves(completion.length)}${merged}).` }));
    }
    // A whole solution has nothing to continue: it is played as it is.
    const go = element('button', { type: 'button', textContent: checked.solved ? 'Play your solution' : 'Continue from here' });
    if (found) {
      go.addEventListener('click', () => {
        try {
          page.chosen.clear();
          const counts = `${moves(found.fewestTotal)} · your attempt${checked.solved ? '' : ', completed'}`;
          // An attempt completed plays on from where it ends; a whole one from its start.
          const position = checked.solved ? 0 : attemptEnds;
          display({ ...page.wanted, mode: 'fewest', position, stages: found.stages }, found, counts);
          // The move-count line is Watch's: the lab says so too, by the solution.
          note(`On the player now: ${counts}.`);
          ui.play.focus();
        } catch (error) {
          go.after(element('p', { className: 'error', textContent: `It cannot be played on: ${error.message}.` }));
        }
      });
    } else {
      go.disabled = true;
      if (unplayable) parts.push(element('p', { textContent: `It cannot be played on: ${unplayable}.` }));
    }
    parts.push(go);
    ui.checkResult.replaceChildren(...parts);
  };

  let checking = 0;
  /** Checks the attempt in the box and fills the Check region; a newer check wins. */
  const check = async () => {
    const asked = ++checking;
    const text = ui.attempt.value;
    // The link keeps the attempt as checked, and reopens with its check.
    page.attempt = { text, input: page.wanted.input.text };
    page.sharing.attempt(text.trim() ? text : null);
    ui.attempt.removeAttribute('aria-invalid');
    $('check-said').textContent = '';
    ui.checkResult.hidden = false;
    ui.checkResult.replaceChildren(element('p', { textContent: 'Checking…' }));
    try {
      // The read-out first; the completion (a fewest-moves search) follows.
      const quick = await client.call('check', { input: page.wanted.input, text, complete: false });
      if (asked !== checking) return;
      showChecked(quick.check, null, quick.notWrittenSo);
      const { check: checked, notWrittenSo, ...rest } = await client.call('check', { input: page.wanted.input, text, complete: true });
      if (asked === checking) showChecked(checked, rest, notWrittenSo);
    } catch (error) {
      if (asked !== checking) return;
      ui.attempt.setAttribute('aria-invalid', 'true');
      const message = error.message.replace(/^./, (c) => c.toUpperCase());
      ui.checkResult.replaceChildren(element('p', { className: 'error', textContent: message }));
      $('check-said').textContent = message;
      if (typeof error.column === 'number') selectError(ui.attempt, error);
    }
  };

  return {
    solve: (input, options) => client.call('solve', { input, options }),
    /** A new solution on show: any list of the old one goes. */
    shown() {
      if (!box.hidden) closeAlternatives();
      // What the note says (a write-up copied) was of the solution before.
      note('');
      // A check belongs to its scramble: display drops the attempt of another.
      if (!page.attempt) {
        checking += 1;
        ui.checkResult.hidden = true;
        ui.checkResult.replaceChildren();
      }
    },
    openAlternatives,
    copyWriteUp,
    check,
  };
}

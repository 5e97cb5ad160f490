// Follow along: the solution one move at a time for a person turning a
// real cube in hand: the next move in large type and in words, how to hold
// the cube, how far into the solution and into its stage, a large Next with
// Back beside it, and the 3D cube below in its real colours, an arrow on it
// for the next turn, turning as they go. With NISS it follows the whole
// solution on the real scramble (the normal moves, then the inverse ones
// undone), the moves a person makes. Space or → is Next, ← is Back, Esc
// leaves. The mode is remembered on this device and the position is in the
// address, so both survive a reload or a phone gone to sleep. Loaded on
// first use.

import { $, page, ui, styleSheet, wholeSolution } from '../page.js';
import { act } from '../player.js';
import { remember } from '../remembered.js';
import { element } from './element.js';

await styleSheet('cube/own-cube.css');

let panel = null;
const editor = $('editor');

/** The panel, built once; `faces` are the WCA palette's, for the colour names. */
function build(faces) {
  const root = element('section', { class: 'follow', 'aria-labelledby': 'follow-title', hidden: '' });
  const title = element('h2', { id: 'follow-title' }, 'Follow along');
  const leave = element('button', { type: 'button', class: 'follow-leave', 'aria-keyshortcuts': 'Escape' }, 'Leave follow along');
  const head = element('div', { class: 'follow-head' });
  head.append(title, leave);
  const top = faces[0].name.toLowerCase();
  const front = faces[2].name.toLowerCase();
  const hold = element('p', { class: 'follow-hold' }, `Hold it with ${top} on top and ${front} in front.`);
  // A scramble's solution, not a painted cube's: the cube in hand must be
  // that scramble's, which is said before the first move.
  const from = element('p', { class: 'follow-from' });
  const stage = element('p', { class: 'follow-stage' });
  const now = element('div', { class: 'follow-now', 'aria-live': 'polite', 'aria-atomic': 'true' });
  // Heard in the words below it, which begin with it.
  const move = element('p', { class: 'follow-move', 'aria-hidden': 'true' });
  const words = element('p', { class: 'follow-words' });
  now.append(move, words);
  const back = element('button', { type: 'button', class: 'follow-back', 'aria-keyshortcuts': 'ArrowLeft' }, 'Back');
  const forward = element('button', {
    type: 'button', class: 'follow-next primary', 'aria-keyshortcuts': 'Space ArrowRight',
  }, 'Next');
  const buttons = element('div', { class: 'follow-buttons' });
  buttons.append(back, forward);
  root.append(head, from, hold, stage, now, buttons);
  ui.canvas.closest('.stage-box').before(root);

  // From its top, wherever the page was scrolled (painting, or a reload
  // restoring the scroll), with Next still on screen.
  const toTop = () => {
    scrollTo(0, 0);
    forward.scrollIntoView({ block: 'nearest' });
  };
  const show = () => {
    if (root.hidden || !page.solution) return;
    const { position, total } = page.app.status();
    // With NISS, the whole solution on the real scramble comes after the
    // stages: the moves a person makes.
    const { stages } = page.solution;
    const whole = wholeSolution(page.solution);
    const start = whole ? whole.start : 0;
    // A new solution (with NISS) may start before the moves followed.
    if (position < start) {
      act(() => page.app.seek(start));
      return;
    }
    const next = page.app.followMove(position);
    const count = total - start;
    const { scramble } = page.solution;
    const told = !from.hidden;
    from.hidden = !scramble || page.wanted.input.source === 'state' || position > start;
    // The panel grew or shrank above Next: from its top again.
    if (told !== !from.hidden) toTop();
    from.textContent = `This solves the scramble ${scramble}: turn a solved cube with it first, or paint your own cube to solve that.`;
    if (!next) {
      stage.textContent = count === 0 ? 'Nothing to do: the cube is solved.' : `Move ${count} of ${count}`;
      move.textContent = 'Solved';
      words.textContent = count === 0 ? '' : 'Every move done: your cube is solved.';
    } else {
      // With NISS, the stage each move of the whole solution comes from (the inverse stages last, undone).
      const of = whole ? whole.stageOf : stages.flatMap((s, k) => s.moves.map(() => k));
      const k = position - start;
      const at = stages[of[k]];
      const side = at.side === 'inverse' ? ' (inverse, undone)' : '';
      const number = of.slice(0, k).filter((s) => s === of[k]).length + 1;
      stage.textContent = `Move ${k + 1} of ${count} · ${at.name}${side} ${number} of ${of.filter((s) => s === of[k]).length}`;
      move.textContent = next.notation;
      words.textContent = `${next.notation}: ${next.words}`;
    }
    forward.disabled = !next;
    back.disabled = position <= start;
  };
  // The status line changes with every step, whatever made it: the
  // transport, a link, a new solve.
  new MutationObserver(show).observe(ui.status, { childList: true, characterData: true, subtree: true });

  const step = (command) => {
    act(command);
    show();
  };
  forward.addEventListener('click', () => step(() => page.app.stepForward()));
  back.addEventListener('click', () => step(() => page.app.stepBack()));

  const exit = () => {
    root.hidden = true;
    document.documentElement.removeAttribute('data-follow');
    act(() => page.app.setFollow(false));
    remember('thistle.follow', 'false');
    ui.follow.focus();
  };
  leave.addEventListener('click', exit);
  // Back or Forward to another cube leaves following this one, for the
  // editor where the cube in hand was painted, which keeps it.
  const cubeIn = (address) => {
    const link = new URLSearchParams(address);
    return link.get('scramble') ?? link.get('state');
  };
  let followed;
  addEventListener('popstate', () => {
    if (root.hidden || cubeIn(location.search) === followed) return;
    exit();
    if (page.ways.current() === 'cube') editor.open = true;
  });
  // Ahead of the page's own keys (Space would play, not step). A focused
  // button keeps Space and Enter, which press it.
  addEventListener('keydown', (event) => {
    if (root.hidden || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.querySelector('dialog[open]')) return;
    const target = event.target;
    // A text box keeps its keys, and the focused cube its arrows (it turns).
    if (target instanceof Element && target.closest('input, textarea, select')) return;
    if (target === ui.canvas && event.key.startsWith('Arrow')) return;
    const onButton = target instanceof Element && target.closest('button');
    if (event.key === ' ' && onButton) return;
    const command = {
      ' ': () => forward.click(),
      ArrowRight: () => forward.click(),
      ArrowLeft: () => back.click(),
      Escape: exit,
    }[event.key];
    if (!command) return;
    event.preventDefault();
    event.stopPropagation();
    command();
  }, { capture: true });

  return {
    enter() {
      followed = cubeIn(location.search);
      root.hidden = false;
      document.documentElement.setAttribute('data-follow', '');
      remember('thistle.follow', 'true');
      // Following ends painting: the player shows the solution again.
      editor.open = false;
      act(() => {
        if (page.app.status().playing) page.app.toggle();
        page.app.setFollow(true);
      });
      show();
      forward.focus({ preventScroll: true });
      toTop();
    },
  };
}

/** Enters follow-along mode (`wasm` gives the colour names). */
export function follow({ wasm }) {
  panel ??= build(wasm.palette('wca', false).faces);
  panel.enter();
}

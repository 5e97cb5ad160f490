// The handout: a printable sheet of the solution for a class. The scramble;
// for each stage its name (and FMC name), the group it reaches with its
// coset count, its moves, and the cube before and after it as a flat net in
// that stage's colours, letters on so that it reads in black and white; and
// the whole solution. Laid out on screen by `handout=1`, printed by Print
// handout. Loaded on first use.

import { createNet } from '../net.js';
import { fmcAfter, styleSheet, wholeSolution } from '../page.js';

/** The handout's style sheet, added with this module; settles once loaded. */
const styled = styleSheet('teach/handout.css');

function element(tag, text = '', className = '') {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** A captioned flat net of `view` (`App.net`'s form). */
function figure(caption, view, label) {
  const box = element('figure');
  const net = createNet(box);
  net.draw(view);
  box.querySelector('svg').setAttribute('aria-label', `Flat net of the cube ${label}`);
  box.append(element('figcaption', caption));
  return box;
}

/** Print, and the same link without `handout=1`: the player, on the same solution. */
function actions() {
  const row = element('p', '', 'handout-actions');
  const print = element('button', 'Print');
  print.type = 'button';
  print.addEventListener('click', () => window.print());
  const address = new URL(location.href);
  address.searchParams.delete('handout');
  const back = element('a', 'Open in the player');
  back.href = address.href;
  row.append(print, ' ', back);
  return row;
}

/**
 * Fills `root` with the handout of `solution` (`App.show`'s) as `app`
 * plays it, once its style sheet is in.
 */
export async function layOutHandout({ root, app, solution }) {
  await styled;
  const nets = app.stageNets();
  // After stages found on the inverse scramble (NISS) comes the whole
  // solution on the real scramble: the moves the handout's reader makes.
  const stages = solution.stages.slice(0, nets.length);
  const whole = wholeSolution(solution);
  const total = whole?.moves.length ?? solution.total;
  root.replaceChildren(
    element('h1', 'Thistlethwaite\u2019s algorithm, stage by stage'),
    element('p', `Scramble: ${solution.scramble || '(solved)'}`, 'handout-scramble'),
    element('p', `Solved in ${total} ${total === 1 ? 'move' : 'moves'}, in four stages; axes: ${solution.axes}.`),
    ...stages.map((stage, k) => {
      const section = element('section', '', 'handout-stage');
      const text = element('div', '', 'handout-text');
      text.append(
        element('h2', `Stage ${k + 1}: ${stage.name}${fmcAfter(stage.name, stage.fmc)}${stage.side === 'inverse' ? ', on the inverse scramble' : ''}`),
        element('p', `${stage.groups} · ${stage.cosets.toLocaleString('en')} cosets`),
        element('p', stage.description),
        element('p', stage.moves.length ? `Moves (${stage.moves.length}): ${stage.text}` : 'Moves: nothing to do', 'handout-moves'),
      );
      // The stage view's key, as beside the player: the nets' colours say
      // nothing without it.
      const key = app.legend(k);
      if (key.length) {
        const list = element('ul', '', 'handout-key');
        list.setAttribute('aria-label', `Stage ${k + 1}'s colours`);
        list.append(...key.map(({ colour, meaning }) => {
          const item = element('li', meaning);
          const swatch = element('span', '', 'handout-swatch');
          swatch.style.background = colour;
          item.prepend(swatch);
          return item;
        }));
        text.append(list);
      }
      section.append(
        text,
        figure('Before', nets[k].before, `before stage ${k + 1}`),
        figure('After', nets[k].after, `after stage ${k + 1}`),
      );
      return section;
    }),
    element('p', whole
      ? `Solution on the real scramble: ${whole.text}`
      // Stage by stage; a stage with nothing to do has its own section above.
      : `Solution: ${stages.filter((stage) => stage.moves.length).map((stage) => stage.moves.join(' ')).join('  |  ') || 'nothing to do'}`, 'handout-moves'),
  );
  // On screen only with handout=1, with a way to print it and one back to
  // the player; printed whenever laid out (those two left out).
  const onScreen = document.documentElement.hasAttribute('data-handout');
  if (onScreen) root.prepend(actions());
  root.hidden = !onScreen;
  document.documentElement.toggleAttribute('data-handout-ready', true);
  // Laid out for the print about to begin, and that one only: a later
  // Ctrl+P prints the page again.
  if (!onScreen) {
    window.addEventListener('afterprint', () => document.documentElement.removeAttribute('data-handout-ready'), { once: true });
  }
}

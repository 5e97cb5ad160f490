// Compares Thistle's fewest-moves mode with cubing.js's 3x3x3 solver (its
// two-phase search, min2phase, stopping at the first solution of 21 moves or
// fewer) on the same random states: the mean solution length (half-turn
// metric; Thistle's total, with moves merged where two stages meet), the
// median time a solve takes, and on how many states Thistle's solution is
// shorter, as long or longer.
//
// The states are `thistle random --count N --seed S`. Thistle solves them in
// one `thistle solve --fewest --json --threads 1` run and reports each solve's
// time (its tables are built before timing from 16 inputs, hence N >= 15);
// cubing.js solves them one at a time from here, each timed around its call.
// Both solve one state at a time on one thread, so the times compare the
// searches and not the cores: Thistle on one rayon thread, cubing.js in the
// one worker thread `cubing/search` starts (its times include passing the
// state to that worker and the solution back). Each first solves one more
// state that is not counted, as a warm-up: for cubing.js that starts the
// worker and builds its tables. Every solution is checked by applying the
// scramble and then the solution with cubing.js; one that does not solve
// the cube is reported as an error, its state left out of the figures, and
// the exit code is 1.
//
// Needs the release CLI (`cargo build --release --bin thistle`) and the npm
// packages (`npm ci`); `make compare-cubing` builds the CLI and runs this.
// Usage: node scripts/compare-cubing.mjs [--count N] [--seed S] [--niss]
// (--niss: Thistle's fewest-moves mode with NISS).

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cube3x3x3 } from 'cubing/puzzles';
import { experimentalSolve3x3x3IgnoringCenters } from 'cubing/search';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '60' },
    seed: { type: 'string', default: '2026' },
    niss: { type: 'boolean', default: false },
  },
});
// Thistle builds its tables before timing from 16 inputs, the warm-up one of them.
const count = Number(values.count);
if (!Number.isInteger(count) || count < 15) throw new Error(`--count must be an integer of 15 or more, not ${values.count}`);
if (!/^\d+$/.test(values.seed)) throw new Error(`--seed must be a non-negative integer, not ${values.seed}`);

const thistle = fileURLToPath(new URL('../target/release/thistle', import.meta.url));
const run = (args, input) => {
  const result = spawnSync(thistle, args, { input, encoding: 'utf8', maxBuffer: Infinity });
  if (result.error) throw new Error(`cannot run ${thistle} (cargo build --release --bin thistle): ${result.error.message}`);
  // Exit code 2 is an input thistle could not solve; its JSON line says which.
  if (result.status !== 0 && result.status !== 2) throw new Error(`thistle ${args[0]} failed: ${result.stderr}`);
  return result.stdout.trim().split('\n');
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;

// One state more than counted: the random states of a seed are the same
// for any count, so the counted ones are `thistle random --count N --seed S`,
// and the last is the warm-up, solved first.
const scrambles = run(['random', '--count', String(count + 1), '--seed', values.seed]);
const warmUp = scrambles.pop();

const mode = values.niss ? ['--fewest', '--niss'] : ['--fewest'];
const name = values.niss ? 'thistle fewest with NISS' : 'thistle fewest';
const thistleLines = run(['solve', ...mode, '--json', '--threads', '1', '--file', '-'], [warmUp, ...scrambles].join('\n'));
const [thistleWarmUp, ...thistleSolves] = thistleLines.map((line) => {
  const record = JSON.parse(line);
  if (record.error) return { error: record.error };
  // With NISS the stages lie on two sides; the whole solution is given.
  const solution = record.solution ?? record.stages.flatMap((stage) => stage.moves).join(' ');
  return { solution, length: record.length, ms: record.micros / 1000 };
});

const kpuzzle = await cube3x3x3.kpuzzle();
const solveWithCubing = async (scramble) => {
  const pattern = kpuzzle.defaultPattern().applyAlg(scramble);
  const start = performance.now();
  const alg = await experimentalSolve3x3x3IgnoringCenters(pattern);
  const ms = performance.now() - start;
  return { solution: alg.toString(), length: alg.experimentalNumChildAlgNodes(), ms };
};
const cubingWarmUp = await solveWithCubing(warmUp);
const cubingSolves = [];
for (const scramble of scrambles) cubingSolves.push(await solveWithCubing(scramble));

// Why a solve does not count, or null if its solution solves the cube.
const fault = (scramble, solve) => {
  if (solve.error) return solve.error;
  const pattern = kpuzzle.defaultPattern().applyAlg(scramble).applyAlg(solve.solution);
  const solved = pattern.experimentalIsSolved({ ignorePuzzleOrientation: false, ignoreCenterOrientation: true });
  return solved ? null : `${solve.solution} does not solve it`;
};
const counted = [];
scrambles.forEach((scramble, i) => {
  let ok = true;
  for (const [solver, solve] of [['thistle', thistleSolves[i]], ['cubing.js', cubingSolves[i]]]) {
    const why = fault(scramble, solve);
    if (why) {
      console.error(`error: state ${i + 1} (${scramble}): ${solver}: ${why}`);
      ok = false;
    }
  }
  if (ok) counted.push(i);
});
if (counted.length < count) process.exitCode = 1;

const summary = (name, solves) => {
  const lengths = counted.map((i) => solves[i].length);
  const ms = median(counted.map((i) => solves[i].ms));
  return `${name}: mean ${mean(lengths).toFixed(2)} moves, median ${ms.toFixed(1)} ms/solve (${counted.length} states)`;
};
const cubingPackage = new URL('../node_modules/cubing/package.json', import.meta.url);
const cubingVersion = JSON.parse(readFileSync(cubingPackage, 'utf8')).version;
const sign = (i) => Math.sign(thistleSolves[i].length - cubingSolves[i].length);
const tally = (s) => counted.filter((i) => sign(i) === s).length;

console.log(
  `${count} random states (thistle random --count ${count} --seed ${values.seed}), one thread each; ` +
    `cubing ${cubingVersion}, Node ${process.version}`,
);
console.log(summary(name, thistleSolves));
console.log(summary('cubing.js two-phase', cubingSolves));
console.log(`${name} vs cubing.js: shorter on ${tally(-1)} states, equal on ${tally(0)}, longer on ${tally(1)}`);
console.log(
  `warm-up solve, not counted: thistle ${thistleWarmUp.ms.toFixed(1)} ms, ` +
    `cubing.js ${cubingWarmUp.ms.toFixed(1)} ms (starts its worker, builds its tables)`,
);

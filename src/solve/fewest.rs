//! Fewest-moves mode: the shortest four-stage solution the search finds
//! within a budget, rather than four stages each optimal on its own.
//!
//! Each stage has many optimal and near-optimal solutions, and they end in
//! different states of the stage's group, so the next stage's cost depends on
//! which one is taken. The search is best first over partial solutions in
//! all six axis orientations at once: a partial solution is some stages
//! fixed and the next one entered (its exact distance known), and it waits
//! in one queue ordered by what the whole solution is expected to cost.
//! Taking one enumerates the entered stage's solutions at one cost (its
//! cheapest, then one more, up to a cap), tracking the exact distance at
//! every node so only moves that can still make that cost are tried, and
//! enters the next stage from each end; the last stage is just its exact
//! distance. Nothing is searched twice, and effort goes wherever the
//! estimate is lowest, whichever orientation that is.
//!
//! The best solutions are lucky ones, whose later stages are shorter than
//! usual, so the estimate that orders the queue (typical later stages) is
//! not the one that prunes it (optimistic later stages): a partial solution
//! is dropped only when even a lucky finish could not beat the best.
//!
//! The budget counts search nodes, not time, so the same cube always gives
//! the same solution. The fast solution is the starting incumbent, so the
//! result is never longer. A hard cube, whose best is still longer than a
//! random state's usual solution, prunes less and may go on past the
//! budget, until it is not hard or a reserve is spent (`HARD_ABOVE`). A
//! cube given as a short scramble is searched again, more thoroughly, for
//! anything shorter (`SHORT_SCRAMBLE`).
//!
//! Joins: a stage never starts on the face the previous stage ended on
//! (`MoveSets::first`), nor ends with two moves on opposite faces the
//! first of which is in the next stage's group (`Walk::new_canonical`):
//! each such path is another path the search takes anyway, at no greater
//! cost. Where the last stage's shortest solution starts on that face, the
//! two moves are merged into one (`solver::merge_joins`), which only makes
//! the solution shorter than the search counted.
//!
//! With NISS (`solve_fewest_niss`), the same search goes on over the inverse
//! scramble too, and a partial solution may enter its next stage on the
//! other side, which sees the inverse cube: each group of the chain holds
//! the inverses of its elements, so that cube is in the same group. Each
//! side keeps its own joins. That search finishes a domino reduction near
//! solved exactly (`finish::NearFinish`) rather than by enumerating stages
//! 3 and 4, and its plain part, before NISS, has a third of the budget: it
//! is a search of its own, shorter than fewest mode without NISS by half a
//! move on average but not on every cube (`NISS_PLAIN_SHARE`).

use crate::cube::cubie::{CubieCube, Face, InvalidCube, Move};
use crate::solve::finish::{self, NearFinish};
use crate::solve::niss::{self, NissSolution, Side};
use crate::solve::orientation::Orientation;
use crate::solve::solver::{self, DistanceTable, Solution, StageMoves};
use crate::solve::stage::{Stage, StageKind, StageVisitor, Stages};
use crate::solve::tables::{self, MoveSet, MovesByDistance, Neighbours};
use std::ops::Range;
use std::sync::OnceLock;

/// The default search budget, in nodes, over all six orientations, which a
/// hard cube's search may go past (`HARD_RESERVE`): 19.92 moves on average
/// over 1,500 random states, a median of about 8 ms a solve natively. Many
/// searches run out of partial solutions that could win before they spend
/// it (`LUCKY_REST`), so the time grows more slowly than the budget:
/// before the reserve, 2,000,000 nodes took 17% longer than this for 20.12
/// moves against 20.17.
pub const DEFAULT_BUDGET: u64 = 1_500_000;

/// The classic orientation alone gets the first `1 / CLASSIC_SHARE` of the
/// budget, so the result is never longer than `solve_fewest_classic` with
/// that much; then all six share the rest.
pub const CLASSIC_SHARE: u64 = 12;

/// Stages the search branches over: all but the last, which is just its
/// exact distance.
pub(crate) const BRANCHING: usize = StageKind::COUNT - 1;

/// What the stages after the entered one are expected to cost, for a
/// partial solution entered in stage 1 (stages 2 to 4), stage 2 (stages 3
/// and 4) and stage 3 (stage 4): the order of the queue. Tuned on random
/// states; one more or one less on stage 2's or stage 3's costs about 0.1
/// moves on the mean. Stage 1's applies only to its second move of slack:
/// without it, stage 1 at two moves over its cheapest was taken in every
/// orientation before any stage-2 partial solution, which at 175,000 nodes
/// left too little for the rest (22.69 moves on average against 21.69,
/// over 1,000 states; at the budget then, 650,000, 20.75 either way). Stage 1
/// at its cheapest and one more is still taken at once, each diving to a
/// whole solution: that is where easy cubes find their best (waiting,
/// `F2 U F U' L' R B2 L2 R D` got 15 moves instead of 13).
const TYPICAL_REST: [usize; BRANCHING] = [15, 10, 5];

/// What those stages cost at least in a lucky case: a partial solution that
/// cannot beat the best even so is dropped. Not true lower bounds (a stage
/// can be empty), but the joint tables' true bounds are weaker still than
/// these. Most partial solutions queued are never taken, and the time they
/// cost is not counted in the budget: at 650,000 nodes, stage 2's at 7
/// rather than 5 took a quarter less time for the same mean (20.45 against
/// 20.43 moves over 1,000 states), and at 3,000,000 nodes 20.22 moves in
/// 1.2 times the time of 5 at 650,000; 8 gave up too much (20.28 at
/// 3,000,000). Stage 3's the other way: at 1 rather than 2, 20.17 moves at
/// 1,500,000 nodes in about the same time, more of it on lucky stage-4
/// finishes (at 0, twice the time). Nothing is assumed for stage 1's,
/// which are taken at once or early: 10 made no difference.
const LUCKY_REST: [usize; BRANCHING] = [0, 7, 1];

/// `LUCKY_REST` once NISS goes on from the plain search. Its search mostly
/// runs out of partial solutions that could win before it spends its
/// nodes, so the time is what those cost, not the budget: stage 3's at 2
/// rather than 1 took a fifth less time (median 11.7 against 13.1 ms, and
/// 13.3 against 16.2 on another 1,000 states) for 0.04 moves more (19.59
/// against 19.55, over 400 states). Stage 2's at 8 as well saved another
/// fifth but cost 0.15 moves (19.83 on those 1,000 states).
const NISS_LUCKY_REST: [usize; BRANCHING] = [0, 7, 2];

/// `NISS_LUCKY_REST` for stage 2 entered, at its cheapest. With the near
/// finish (`Search::near`) and the plain search's stage-2 entries on the
/// other side (`Lists::switches`), and NISS going on from the whole plain
/// search: 19.42 moves against 19.52 over 300 random states, in 1.15
/// times the time. With a third of it (`NISS_PLAIN_SHARE`): at 6 for every
/// stage 2 entered, 19.29 moves against 19.40 in 1.27 times the time; at 5
/// for the cheapest, 19.35 in 1.5 times.
const NISS_CHEAPEST_LUCKY_REST: [usize; BRANCHING] = [0, 6, 2];

/// A cube is hard while the best solution found for it is longer than
/// this: a random state's fewest-moves solution is about 20 moves, and the
/// search spends more on the rest. Its plain search over all six
/// orientations then prunes less (`HARD_LUCKY_REST`) and may go on past
/// its budget (`HARD_RESERVE`).
///
/// Most cubes are not hard by the time the budget is spent, so what makes
/// fewest mode shorter on average costs its median solve little (and less
/// with `NOT_HARD_LUCKY_REST`), and the hard cubes most of it: a fifth of
/// random states still end at 21 moves, and each that ends at 20 instead
/// takes a move off the mean. Over 1,000 random states, 19.98 moves
/// against 20.23 without, at a median of 1.1 times the time natively (with
/// a reserve of six and `HARD_LUCKY_REST` throughout; for today's, see
/// `RESERVE_LUCKY_REST`). Pruning less at 20 moves too gave 19.93 moves at
/// 1.7 times the median time.
const HARD_ABOVE: usize = 20;

/// `LUCKY_REST` while the cube is hard, within the budget: stage 2's one
/// less. Within the budget alone it made little difference (20.19 moves
/// against 20.20 over 500 states), and the reserve alone little more
/// (20.12 against 20.23 over 1,000): together, 19.96 (19.98 with
/// `NOT_HARD_LUCKY_REST`). Past the budget, `RESERVE_LUCKY_REST`.
const HARD_LUCKY_REST: [usize; BRANCHING] = [0, 6, 1];

/// `LUCKY_REST` while the cube is hard and the budget is spent, in its
/// reserve: stage 2's two less, stage 3's none. With `HARD_LUCKY_REST`
/// throughout and six times the budget for a reserve, fewest mode gave
/// 19.98 moves over 1,000 random states, but 19.96, 20.05 and 20.05 over
/// three more sets of 500 (seeds 31337, 4040 and 9): over the 20.0 a set
/// of 500 is held to. Over those 1,500, natively, one thread, runs taken
/// in turn: 20.02 moves so; **19.92 with this in the reserve and ten times
/// the budget** (19.87, 19.92 and 19.95 on the three sets), at a median
/// of 1.03 times the time (7.7-8.3 against 7.2-8.1 ms) and a mean of 29-30
/// ms against 15-16 (the slowest tenth over 109-115 ms against 37-41, the
/// longest 125-138 against 74-85). The cubes it changes are those still
/// hard once the budget is spent, past the median solve, the figure the
/// page and `make compare-cubing` hold a solve to. `[0, 5, 0]` from the
/// start, while hard, gave 19.91 at 1.08 times the median; `[0, 5, 1]`
/// from the start 19.94 with a reserve of ten; stage 3's at 2 was
/// longer (20.07).
const RESERVE_LUCKY_REST: [usize; BRANCHING] = [0, 5, 0];

/// `LUCKY_REST` in the same search once the cube is not hard: stage 3's
/// one more, which pays for most of what the hard cubes cost the median
/// solve, the figure a page's solve is held to (10 ms). Over 1,000 random
/// states, 19.98 moves against 19.96 with `LUCKY_REST`, at a median of
/// 1.07 times the time before the reserve against 1.17 times (6.1 and 6.7
/// against 5.75 ms natively, medians of three runs in turn).
const NOT_HARD_LUCKY_REST: [usize; BRANCHING] = [0, 7, 2];

/// How many times its budget the plain search over all six orientations
/// may spend on a hard cube, while it stays hard: the searches a hard
/// cube needs run out of partial solutions that could win later than an
/// easy one's. With `HARD_LUCKY_REST` throughout, ten gave 19.95 moves
/// over 1,000 states against six's 19.96; with `RESERVE_LUCKY_REST` in the
/// reserve, the lower rest lets in more that could win, and ten pays (see
/// there).
const HARD_RESERVE: u64 = 10;

/// Below this many moves the best is far shorter than a random state's
/// (about 20), and its later stages may be too: nothing is assumed of
/// them (the lucky rest is 0, with NISS or without). A scramble of a few
/// moves is then solved in no more (`D L B D' F2 D U` took 11 moves,
/// where stages of 6, 1, 0 and 0 on one pair of axes do it in 7): over 40
/// scrambles of 7 random moves, 7.0 moves on average against 7.4, and of
/// 9, 10.35 against 10.75. A random state's search rarely gets there:
/// 0.2% more instructions over 100 (callgrind), the same solutions.
const EASY_BELOW: usize = 17;

/// The most each branching stage may cost beyond its cheapest. Stages 1
/// and 2 have many solutions beyond that, which rarely pay off; stage 3 may
/// take many more. Stage 1's second move of slack pays for itself: over
/// 1,000 states, 20.86 moves on average with one at 700,000 nodes, and
/// with two 20.72 at 700,000 or 20.75 at 650,000, the same instructions
/// as one at 700,000 (21.2 with three, over 300 states). Its many
/// solutions end in as many different G1 states, each a new start for
/// stage 2.
const STAGE_SLACK: [usize; BRANCHING] = [2, 3, 8];

/// The longest path a walk may hold: a walk's cost limit is at most its
/// stage's longest optimal solution and its slack (13 and 8 moves for stage
/// 3, the most).
const PATH_CAPACITY: usize = 32;

/// Nodes one enumeration may use at a stage's cheapest cost, doubling with
/// each move beyond it. Some stages have thousands of optimal solutions;
/// without a cap, one such stage would take the whole budget.
const ENUMERATION_NODES: u64 = 1024;

/// A scramble of at most this many moves is short, and its cube may have
/// a far shorter solution than a random state's (about 20 moves) that the
/// search, tuned for those, does not see: over 40 scrambles of 11-15
/// random moves, the plain search gave 16.50 moves on average where the
/// proofs give 15.68 (`B' R B F L2 U L2 D F L B' U`: 20 where 12 exist),
/// and over 40 of 10-16 moves (seed 77), 15.20 against 14.60. So the
/// search goes on a second time, more thoroughly (`Search::short`), for
/// anything shorter than its best. Scrambles a competition uses, of random
/// states, are longer (and their cubes' solutions no shorter than random
/// states'): they are searched as before.
const SHORT_SCRAMBLE: usize = EASY_BELOW - 1;

/// Nodes one enumeration may use at a stage's cheapest cost in a short
/// scramble's second search: a short scramble's stage 1 has many
/// solutions at its cheapest and one more, and the one whose later stages
/// are all but empty may lie past the first thousand. With 8,192 and
/// nothing assumed of later stages, 15.50 and 14.62 moves on the two sets
/// above (a few shorter than the proofs, whose stage 1 has less slack), at
/// a median of 20 and 15 ms a solve against 3.0 and 2.8 ms natively; with
/// 4,096, 15.95 and 14.62; with 16,384, 15.50 and 14.62 in more time (a
/// search of its own, afresh, rather than the same one going on). Looking
/// only for a solution no longer than the scramble, 15.78 and 15.05: many
/// short scrambles' shortest four stages are longer than the scramble
/// (`L2 U' F D' R' F U' D' B' F`: 10 moves, four stages 19).
const SHORT_ENUMERATION_NODES: u64 = 8192;

/// The nodes of a short scramble's second search: 5,000,000 gave 15.38 and
/// 14.60 moves on the two sets above, at twice the time (a search of its
/// own, afresh).
const SHORT_BUDGET: u64 = 2_000_000;

/// Nodes charged for entering a stage from a solution of the previous one
/// (the cube and coordinate it ends in), besides the steps of its descent.
const ENTRY_NODES: u64 = 8;

/// Solves a cube in four true Thistlethwaite stages, in whichever of the
/// six axis orientations gives the fewest total moves (after merging
/// joins) that the search finds within `budget` search nodes, or for a
/// hard cube within its reserve (`HARD_ABOVE`).
///
/// The classic orientation is searched first, alone, with a twelfth of the
/// budget (`CLASSIC_SHARE`); then the other five join it in the queue, with
/// the best length so far as their bound, so a short solution in one
/// orientation prunes the others. The solution names its orientation
/// (`Solution::axes`).
///
/// Deterministic; never longer than `solver::solve` (fast mode) nor than
/// `solve_fewest_classic(cube, budget / CLASSIC_SHARE)`. A cube that face
/// turns cannot reach is refused with every invariant it breaks.
pub fn solve_fewest(cube: &CubieCube, budget: u64) -> Result<Solution, InvalidCube> {
    solve_fewest_scrambled(cube, None, budget, None)
}

/// `solve_fewest` (or `solve_fewest_in`, on `only`'s axes) of a cube
/// given as a scramble of `scramble_len` moves, where it was: a short
/// scramble's cube may have a far shorter solution than a random state's,
/// so the search goes on a second time, more thoroughly, for a shorter one
/// (`SHORT_SCRAMBLE`). Deterministic for the same cube and length; never
/// longer than without the length.
pub fn solve_fewest_scrambled(
    cube: &CubieCube,
    only: Option<&Orientation>,
    budget: u64,
    scramble_len: Option<usize>,
) -> Result<Solution, InvalidCube> {
    Ok(plain_search(cube, only, budget, 0, scramble_len)?.solution(Orientation::all()))
}

/// `solve_fewest` in the classic orientation alone (edges F/B, corners
/// U/D), with the whole budget. Deterministic, never longer than
/// `solver::solve`, and refuses an unreachable cube in the same way.
pub fn solve_fewest_classic(cube: &CubieCube, budget: u64) -> Result<Solution, InvalidCube> {
    solve_fewest_in(cube, &Orientation::all()[0], budget)
}

/// `solve_fewest_classic` with the chain turned to `orientation`: the
/// whole budget on those axes alone, as the cube's own moves.
pub fn solve_fewest_in(
    cube: &CubieCube,
    orientation: &Orientation,
    budget: u64,
) -> Result<Solution, InvalidCube> {
    solve_fewest_scrambled(cube, Some(orientation), budget, None)
}

/// The search of `solve_fewest` (with its reserve for a hard cube), or of
/// `solve_fewest_in` on `only`'s axes, run until it has spent its nodes, of
/// a search that may go on with `after` more (which the search's takes may
/// run on into: `Search::run`); then, for a short scramble of
/// `scramble_len` moves, a second time (`Search::short`).
fn plain_search(
    cube: &CubieCube,
    only: Option<&Orientation>,
    budget: u64,
    after: u64,
    scramble_len: Option<usize>,
) -> Result<Search, InvalidCube> {
    let seen = only.map_or(*cube, |only| only.conjugate(cube));
    let mut search = Search::new(solver::solve(&seen)?);
    // Only a NISS search goes on from a plain one: it keeps stage 2 on
    // the other side for it, and finishes near solved as it does.
    if after > 0 {
        search.keep_switches = true;
        search.near = NISS_BUILT.then(NearFinish::get);
    }
    search.search(cube, only, budget, after);
    if scramble_len.is_some_and(|len| len <= SHORT_SCRAMBLE) {
        // The same search again, its nodes counted afresh, with what it
        // left queued taken as thoroughly.
        search.short = true;
        search.nodes = 0;
        search.search(cube, only, SHORT_BUDGET, after);
        search.short = false;
    }
    Ok(search)
}

/// The cube seen in each orientation (by its index in `Orientation::all()`)
/// but those it looks the same in as in an earlier one: a symmetric cube
/// (the superflip looks the same in all six) would have the same search
/// queued again, for the same solutions.
fn distinct_conjugates(cube: &CubieCube) -> Vec<(usize, CubieCube)> {
    let mut distinct: Vec<(usize, CubieCube)> = Vec::with_capacity(Orientation::all().len());
    for (i, orientation) in Orientation::all().iter().enumerate() {
        let conjugate = orientation.conjugate(cube);
        if distinct.iter().all(|(_, seen)| *seen != conjugate) {
            distinct.push((i, conjugate));
        }
    }
    distinct
}

/// Where `orientation` is in `Orientation::all()`.
fn index_of(orientation: &Orientation) -> usize {
    Orientation::all()
        .iter()
        .position(|o| o.axes() == orientation.axes())
        .expect("every orientation is one of the six")
}

/// Fewest-moves mode with NISS: the plain search of `solve_fewest` (or
/// `solve_fewest_in`'s, on `only`'s axes) with `budget` nodes, finishing
/// near solved exactly (`Search::near`), then, with `extra` nodes more,
/// the same search over the normal and the inverse scramble at once, in
/// which each stage after the first may be found on either side. Where it
/// goes on from, the plain search has taken its most promising partial
/// solutions on the normal side only, so the later stages on the other
/// side that it kept (`Lists::switches`) and those of the best solution so
/// far are queued, and the inverse scramble is queued in each orientation;
/// everything taken from then on branches to both sides. Never longer than
/// the plain search's solution, which it starts from.
///
/// Each side's stages are counted as fewest mode counts them, joins merged
/// on the same side; where the two sides meet (the last normal move and the
/// inverse of the last inverse move) a merge only makes the solution
/// shorter than counted.
fn niss_search(
    scramble: &CubieCube,
    only: Option<&Orientation>,
    budget: u64,
    extra: u64,
    scramble_len: Option<usize>,
) -> Result<NissSolution, InvalidCube> {
    let mut search = plain_search(scramble, only, budget, extra, scramble_len)?;
    let orientations = Orientation::all();
    search.niss = true;
    search.easy_end = None;
    let mut switches = std::mem::take(&mut search.lists.switches);
    for kept in switches.drain(..) {
        search.queue(kept);
    }
    search.lists.switches = switches;
    search.switch_best(&orientations[search.best_orientation].conjugate(scramble));
    let inverse = scramble.inverse();
    for (i, conjugate) in distinct_conjugates(&inverse) {
        if only.is_none_or(|o| o.axes() == orientations[i].axes()) {
            search.start(i, &conjugate, Side::Inverse);
        }
    }
    // A hard cube's plain search may have gone past the budget into its
    // reserve: the extra nodes come after whatever it spent.
    search.run(search.nodes.max(budget) + extra);
    Ok(search.niss_solution(orientations))
}

/// The NISS search's nodes beyond the plain search's, in eighths of the
/// budget. When NISS went on from the whole plain search, over 1,000 random
/// states at the default budget, seven eighths more give 19.98 moves on
/// average (median 12.6 ms a solve on a quiet 2-core machine), nine 19.91
/// (14.4 ms) and ten 19.88 (14.9 ms): ten is the most that keeps a NISS
/// solve within 15 ms there, and the first under 19.9 moves. Since NISS
/// prunes more (`NISS_LUCKY_REST`), its search mostly runs out before it
/// spends them: sixteen eighths gave 19.58 moves against ten's 19.59, in
/// the same time (about 12 ms: shorter than cubing.js's two-phase solver,
/// in less time). The separate searches this replaced, each switch of side
/// searched on its own, took 1.5 times a plain solve's instructions for
/// 20.31 moves. With the plain search at a third of the budget
/// (`NISS_PLAIN_SHARE`), twenty eighths and thirty-two gave the same 19.40
/// moves over 1,500 states.
const NISS_EIGHTHS: u64 = 10;

/// Whether this build runs NISS searches: all but the page's own module,
/// whose code is the first visit's and which leaves NISS to the lab's
/// (there, `solve_fewest_niss` would search as without NISS).
const NISS_BUILT: bool = cfg!(any(feature = "lab", not(target_arch = "wasm32")));

/// The plain search before NISS has this share of the budget. NISS prunes
/// more (`NISS_LUCKY_REST`) and runs out of partial solutions that could
/// win before it spends its nodes, where the plain search spends all of
/// them: it is NISS that finds the short solutions. Over 1,500 random
/// states (natively, one thread), a third gave 19.40 moves, half 19.40,
/// the whole budget 19.41; over 300, medians of 9.2, 9.4 and 10.6 ms a
/// solve (runs in turn), against 7.7 ms for 19.64 moves before the near
/// finish. So NISS's solution is not bounded by fewest mode's without
/// it, which has the whole budget: it is shorter on 634 of those 1,500
/// states and a move longer on 22 (with the whole budget, on 31).
const NISS_PLAIN_SHARE: u64 = 3;

/// Fewest-moves mode with NISS (`niss`): the plain search with a third of
/// the budget, then ten eighths of it more on both scrambles at once,
/// where stages 2 and 3 may be found on the other side from the stage
/// before. Deterministic, never longer than `solver::solve` (fast mode),
/// and half a move shorter than `solve_fewest` on average, though not on
/// every cube (`NISS_PLAIN_SHARE`).
pub fn solve_fewest_niss(scramble: &CubieCube, budget: u64) -> Result<NissSolution, InvalidCube> {
    solve_fewest_niss_in(scramble, None, budget)
}

/// As `solve_fewest_niss`, on one orientation's axes where one is given
/// (else the best of all six).
pub fn solve_fewest_niss_in(
    scramble: &CubieCube,
    orientation: Option<&Orientation>,
    budget: u64,
) -> Result<NissSolution, InvalidCube> {
    solve_fewest_niss_scrambled(scramble, orientation, budget, None)
}

/// `solve_fewest_niss_in` of a cube given as a scramble of `scramble_len`
/// moves, where it was (as `solve_fewest_scrambled`, whose search it goes
/// on from); never longer than without the length.
pub fn solve_fewest_niss_scrambled(
    scramble: &CubieCube,
    orientation: Option<&Orientation>,
    budget: u64,
    scramble_len: Option<usize>,
) -> Result<NissSolution, InvalidCube> {
    let extra = budget / 8 * NISS_EIGHTHS;
    niss_search(
        scramble,
        orientation,
        budget / NISS_PLAIN_SHARE,
        extra,
        scramble_len,
    )
}

/// Whether `next` may follow `last` in a stage: not the same face (the two
/// would be one move) and, of two commuting opposite faces, only in one order.
pub(crate) fn may_follow(last: Option<Move>, next: Move) -> bool {
    last.is_none_or(|last| {
        next.face != last.face
            && !(next.face == last.face.opposite() && next.face.index() < last.face.index())
    })
}

/// A stage entered from the previous stage's end: its cheapest cost (its
/// exact distance) and the previous stage's last move, on whose face the
/// stage may not start (`MoveSets::first`).
pub(crate) struct Entry {
    pub(crate) cost: usize,
    pub(crate) join: Option<Move>,
}

/// Enters a stage at a cube, unless the stage would cost more than `limit`,
/// which takes at most that many steps of descent to find out; the steps
/// are added to `nodes` (and counted so with exact distances too, so that
/// the budget buys the same search either way).
pub(crate) struct Enter<'a> {
    pub(crate) cube: &'a CubieCube,
    pub(crate) join: Option<Move>,
    pub(crate) limit: usize,
    pub(crate) nodes: &'a mut u64,
}

impl StageVisitor for Enter<'_> {
    type Output = Option<Entry>;
    fn visit<S: Stage>(self, stage: &S) -> Option<Entry> {
        let coord = stage.coord(self.cube);
        let cost = DistanceTable::of(S::KIND).at_most(stage, coord, self.limit + 1);
        *self.nodes += ENTRY_NODES + cost as u64;
        (cost <= self.limit).then_some(Entry {
            cost,
            join: self.join,
        })
    }
}

/// A stage solution the search may branch into: its moves (where they are
/// in `Fixed::moves`), its cost and the cube it ends in.
struct Branch {
    moves: Range<usize>,
    cost: usize,
    cube: CubieCube,
}

/// The stage solutions partial solutions have fixed, as a tree: each node
/// is one stage's moves, the side they were found on and the node of the
/// stage before it. Partial solutions that share earlier stages share
/// their nodes, so queuing one copies no moves; nothing is freed until the
/// search ends.
#[derive(Default)]
struct Fixed {
    /// Every stage solution found, one after another.
    moves: Vec<Move>,
    /// Each node's moves, side and the node before it.
    nodes: Vec<(Range<usize>, Side, Option<usize>)>,
}

impl Fixed {
    /// A node for the stage solution `moves`, found on `side`, after the
    /// node `before`.
    fn push(&mut self, moves: Range<usize>, side: Side, before: Option<usize>) -> usize {
        self.nodes.push((moves, side, before));
        self.nodes.len() - 1
    }

    /// The stages fixed up to node `last`, in order, and their sides, with
    /// the later stages empty (and on the normal side).
    fn stages(&self, last: Option<usize>) -> (StageMoves, [Side; StageKind::COUNT]) {
        let mut chain = Vec::with_capacity(BRANCHING);
        let mut at = last;
        while let Some(node) = at {
            let (moves, side, before) = &self.nodes[node];
            chain.push((self.moves[moves.clone()].to_vec(), *side));
            at = *before;
        }
        let mut stages = StageMoves::default();
        let mut sides = [Side::Normal; StageKind::COUNT];
        for ((stage, side), (moves, found_on)) in stages
            .iter_mut()
            .zip(&mut sides)
            .zip(chain.into_iter().rev())
        {
            *stage = moves;
            *side = found_on;
        }
        (stages, sides)
    }
}

/// Every solution of a stage from a cube costing exactly `collect.cost`,
/// within the enumeration's nodes.
struct Enumerate<'a, 'c> {
    collect: &'a mut Collect<'c>,
    cube: &'a CubieCube,
    entry: &'a Entry,
}

impl StageVisitor for Enumerate<'_, '_> {
    type Output = ();
    fn visit<S: Stage>(self, stage: &S) {
        let max_cost = self.collect.cost;
        Walk::new_canonical(stage, self.entry, max_cost).solutions(self.cube, self.collect);
    }
}

/// What a walk over a stage's solutions reports to: it counts the nodes,
/// may stop the walk, and is handed each solution.
pub(crate) trait WalkVisitor {
    /// What the visitor follows along the walk's path for its own bounds,
    /// stepped by the stage's move index as the path grows: cheaper than
    /// reading it off the cube at every node, and known before the move is
    /// made on the cube.
    type Track: Copy;
    /// Its value at the walk's start.
    fn track(&self, cube: &CubieCube) -> Self::Track;
    /// Its value after the stage's `k`-th move, if the node that move
    /// leads to (the stage's cost so far there being `cost`) can still make
    /// the limit by the visitor's own bounds, besides the stage's distance;
    /// else none, and the track need not be stepped all the way.
    fn advance(&self, track: Self::Track, k: usize, cost: usize) -> Option<Self::Track>;
    /// Whether the walk must stop now (checked before each move).
    fn stop(&self) -> bool;
    /// Counts one node: a move that can still make the cost limit.
    fn count(&mut self);
    /// A solution of the stage: its moves, its cost and the cube it ends in.
    fn found(&mut self, moves: &[Move], cost: usize, cube: &CubieCube);
}

/// Collects a walk's solutions at one cost (the cheaper ones were taken
/// before), until the nodes reach `end`: their moves into `moves`, the rest
/// into `found`. With `near`, only those whose cube finishes within its
/// room (stage 2's, where nothing longer could beat the best).
struct Collect<'a> {
    nodes: &'a mut u64,
    end: u64,
    cost: usize,
    moves: &'a mut Vec<Move>,
    found: &'a mut Vec<Branch>,
    near: Option<(&'static NearFinish, usize)>,
}

impl WalkVisitor for Collect<'_> {
    type Track = ();
    fn track(&self, _cube: &CubieCube) {}
    fn advance(&self, _track: (), _k: usize, _cost: usize) -> Option<()> {
        Some(())
    }
    fn stop(&self) -> bool {
        *self.nodes >= self.end
    }
    fn count(&mut self) {
        *self.nodes += 1;
    }
    fn found(&mut self, moves: &[Move], cost: usize, cube: &CubieCube) {
        let finishes = |&(near, room): &(&NearFinish, usize)| near.within(cube, room).is_some();
        if cost == self.cost && self.near.as_ref().is_none_or(finishes) {
            let start = self.moves.len();
            self.moves.extend_from_slice(moves);
            self.found.push(Branch {
                moves: start..self.moves.len(),
                cost,
                cube: *cube,
            });
        }
    }
}

/// A stage's moves (by their index in its `allowed_moves`) as sets: those
/// that may follow a move on each face (`may_follow`), those on each face,
/// and all of them; and which of the faces' turns (by quarter turns) the
/// next stage's group has. Built once for each stage (whose moves are its
/// kind's, in order): a walk starts for every partial solution taken, and
/// building them there took 3% of a NISS solve's instructions.
struct MoveSets {
    follow: [MoveSet; 6],
    on_face: [MoveSet; 6],
    all: MoveSet,
    in_next_group: [[bool; 3]; 6],
}

impl MoveSets {
    fn of(kind: StageKind) -> &'static MoveSets {
        static SETS: OnceLock<[MoveSets; StageKind::COUNT]> = OnceLock::new();
        &SETS.get_or_init(|| StageKind::ALL.map(MoveSets::build))[kind.index()]
    }

    /// The moves that may come first after the move `join` before the
    /// stage: none on its face. A stage ends with a quarter turn its
    /// successor's group lacks (a turn it has would leave the goal as it
    /// found it), so the next stage has only the half turn on that face,
    /// and the two make the other quarter turn: the end of another
    /// solution of the previous stage, at the same cost, from which the
    /// search goes on too. Merging the two was a second way to every such
    /// path; without it, fewest mode's queue held half as many partial
    /// solutions entered in stage 3, for the same solutions.
    fn first(&self, join: Option<Move>) -> MoveSet {
        join.map_or(self.all, |join| self.all & !self.on_face[join.face.index()])
    }

    /// Whether the next stage's group has the move `m`.
    fn in_next_group(&self, m: Move) -> bool {
        self.in_next_group[m.face.index()][usize::from(m.quarters) - 1]
    }

    fn build(kind: StageKind) -> MoveSets {
        let moves = kind.allowed_moves();
        assert!(moves.len() <= MoveSet::BITS as usize);
        let mut sets = MoveSets {
            follow: [0; 6],
            on_face: [0; 6],
            all: 0,
            in_next_group: [[false; 3]; 6],
        };
        for (k, &m) in moves.iter().enumerate() {
            let bit = 1 << k;
            for face in Face::ALL {
                if may_follow(Some(Move::new(face, 1)), m) {
                    sets.follow[face.index()] |= bit;
                }
            }
            sets.on_face[m.face.index()] |= bit;
            sets.all |= bit;
        }
        for m in kind
            .next()
            .map(StageKind::allowed_moves)
            .unwrap_or_default()
        {
            sets.in_next_group[m.face.index()][usize::from(m.quarters) - 1] = true;
        }
        sets
    }
}

/// What stays fixed while one stage's solutions are enumerated.
pub(crate) struct Walk<'a, S: Stage> {
    stage: &'a S,
    entry: &'a Entry,
    max_cost: usize,
    sets: &'static MoveSets,
    /// The moves that may come first (`MoveSets::first`), and second after
    /// a first move on the opposite face of the join's, which the join's
    /// face would pass to merge with it.
    first: MoveSet,
    second_after_opposite: MoveSet,
    /// Whether a solution whose last two moves are on opposite faces, the
    /// first of them in the next stage's group, is skipped (`new_canonical`).
    canonical_ends: bool,
}

impl<'a, S: Stage> Walk<'a, S> {
    /// A walk over the solutions of `stage`, entered as `entry`, costing at
    /// most `max_cost`.
    pub(crate) fn new(stage: &'a S, entry: &'a Entry, max_cost: usize) -> Self {
        // Constant for each stage, so the last stage's copy compiles away.
        assert!(
            !S::KIND.is_last(),
            "the last stage is finished, not branched"
        );
        // The path, a move for each unit of its cost, fits its array.
        assert!(max_cost <= PATH_CAPACITY);
        let sets = MoveSets::of(S::KIND);
        let first = sets.first(entry.join);
        let second_after_opposite = entry.join.map_or(sets.all, |join| {
            sets.follow[join.face.opposite().index()] & !sets.on_face[join.face.index()]
        });
        Walk {
            stage,
            entry,
            max_cost,
            sets,
            first,
            second_after_opposite,
            canonical_ends: false,
        }
    }

    /// `new`, but a solution `… A B` is skipped where `A` and `B` are on
    /// opposite faces and `A` is in the next stage's group: `… B` is a
    /// solution too, one move cheaper, and the next stage may start with
    /// `A`. Fewest mode's search finds the same cubes for less; a proof
    /// keeps them, as the next stage's slack would not always reach.
    pub(crate) fn new_canonical(stage: &'a S, entry: &'a Entry, max_cost: usize) -> Self {
        Walk {
            canonical_ends: true,
            ..Walk::new(stage, entry, max_cost)
        }
    }

    /// Hands `visitor` every solution of the stage from `cube` within the
    /// cost limit, depth first, tracking the exact distance at every node so
    /// that only moves that can still make the limit are tried.
    pub(crate) fn solutions(&self, cube: &CubieCube, visitor: &mut impl WalkVisitor) {
        // The cube is carried along the path rather than rebuilt for each
        // solution: most nodes lie on the way to one. Only what the later
        // stages read is tracked (`Tracked::apply`).
        let start = Node {
            cube: *cube,
            coord: self.stage.coord(cube),
            track: visitor.track(cube),
            dist: self.entry.cost,
            cost: 0,
            depth: 0,
        };
        // The path's moves, written at their depth (`PATH_CAPACITY`).
        let path = &mut [Move::new(Face::U, 1); PATH_CAPACITY];
        match tables::move_masks(S::KIND) {
            Some(masks) => self.step(masks, start, path, visitor),
            None => self.step(tables::table(S::KIND), start, path, visitor),
        }
    }

    fn step<V: WalkVisitor>(
        &self,
        distances: impl Neighbours,
        node: Node<S::Coord, V::Track>,
        path: &mut [Move; PATH_CAPACITY],
        visitor: &mut V,
    ) {
        let Node {
            cube,
            coord,
            track,
            dist,
            cost,
            depth,
        } = node;
        // `new` keeps every path within the array, so these reads and the
        // write below always land (and the page's module carries no
        // bounds panics for them).
        if dist == 0 {
            let moves = path.get(..depth).unwrap_or_default();
            let redundant = self.canonical_ends
                && matches!(moves, [.., a, b]
                    if a.face == b.face.opposite() && self.sets.in_next_group(*a));
            if !redundant {
                visitor.found(moves, cost, &solver::at_stage_goal(S::KIND, cube));
            }
            // Leaving the goal and coming back costs two moves.
            if cost + 2 > self.max_cost {
                return;
            }
        }
        let stage = self.stage;
        let moves = stage.moves();
        let allowed = match depth.checked_sub(1) {
            Some(last) => {
                let last_face = path.get(last).map_or(Face::U, |m| m.face);
                let after_opposite = depth == 1
                    && self
                        .entry
                        .join
                        .is_some_and(|join| join.face.opposite() == last_face);
                if after_opposite {
                    self.second_after_opposite
                } else {
                    self.sets.follow[last_face.index()]
                }
            }
            None => self.first,
        };
        let room = self.max_cost - cost;
        let MovesByDistance { closer, level } = distances.moves_by_distance(stage, coord, dist);
        // The moves to a neighbour at most `bound` from the goal.
        let at_most = |bound: usize| match (bound + 1).checked_sub(dist) {
            None => 0,
            Some(0) => closer,
            Some(1) => closer | level,
            Some(_) => MoveSet::MAX,
        };
        // A move that stays in the goal belongs to the next stage.
        let mut open = allowed & room.checked_sub(1).map_or(0, at_most);
        if dist == 0 {
            open &= !level;
        }
        while open != 0 {
            let k = open.trailing_zeros() as usize;
            open &= open - 1;
            if visitor.stop() {
                return;
            }
            let next_cost = cost + 1;
            // The visitor's bounds first: where they say no, the stage's
            // own coordinate is not stepped.
            let Some(next_track) = visitor.advance(track, k, next_cost) else {
                continue;
            };
            let m = moves[k];
            let next = stage.step(coord, k);
            let next_dist = if closer >> k & 1 != 0 {
                dist - 1
            } else if level >> k & 1 != 0 {
                dist
            } else {
                dist + 1
            };
            visitor.count();
            if let Some(slot) = path.get_mut(depth) {
                *slot = m;
            }
            let node = Node {
                cube: S::KIND.tracked().apply(&cube, m),
                coord: next,
                track: next_track,
                dist: next_dist,
                cost: next_cost,
                depth: depth + 1,
            };
            self.step(distances, node, path, visitor);
        }
    }
}

/// A node of a walk: the cube after the path so far, its stage coordinate,
/// the visitor's track, its exact distance, the stage's cost so far and
/// the path's length.
#[derive(Clone, Copy)]
struct Node<C, T> {
    cube: CubieCube,
    coord: C,
    track: T,
    dist: usize,
    cost: usize,
    depth: usize,
}

/// A partial solution waiting in the queue: the stages before `stage` are
/// fixed (up to the node `fixed` of `Fixed`, costing `so_far`), `stage` is
/// entered at `cube`, seen on `side`, and its solutions costing
/// `entry.cost + slack` are the next to be taken. `other_join` is the last
/// move on the other side, where a switch of side joins.
struct Partial {
    orientation: usize,
    stage: StageKind,
    side: Side,
    cube: CubieCube,
    entry: Entry,
    other_join: Option<Move>,
    slack: usize,
    so_far: usize,
    fixed: Option<usize>,
}

impl Partial {
    /// The whole solution's cost, with `rest` for the stages after the
    /// entered one (none for stage 1 within a move of its cheapest, which
    /// is taken at once: see `TYPICAL_REST`).
    fn with_rest(&self, rest: &[usize; BRANCHING]) -> usize {
        let waits = self.stage.index() > 0 || self.slack > 1;
        let after = if waits { rest[self.stage.index()] } else { 0 };
        self.so_far + self.entry.cost + self.slack + after
    }
}

/// The queue of partial solutions, by their slots in `Lists::waiting`, in
/// the order they are taken: lowest expected cost first, then the later
/// stage (nearer a whole solution), then the one queued last (which keeps
/// a little of depth first among equals). A stack for each expected cost
/// and stage, and a mask of the costs with any: both ways take a few
/// steps, where a binary heap's took 5% of a NISS solve's instructions.
#[derive(Default)]
struct Queue {
    stacks: Vec<[Vec<usize>; BRANCHING]>,
    /// Bit `e` is set where a stack of expected cost `e` is not empty.
    costs: u64,
}

impl Queue {
    const EMPTY: Queue = Queue {
        stacks: Vec::new(),
        costs: 0,
    };

    /// Queues `slot`, expected to cost `expected`, entered in stage `stage`.
    fn push(&mut self, expected: usize, stage: StageKind, slot: usize) {
        // A queued partial solution could beat the best, shorter than the
        // longest fast-mode solution (45 moves at most), by its lucky rest
        // (0 for stage 1), which its typical rest exceeds by 15 at most.
        assert!(
            expected < u64::BITS as usize,
            "an expected {expected} moves"
        );
        if self.stacks.len() <= expected {
            self.stacks.resize_with(expected + 1, Default::default);
        }
        self.stacks[expected][stage.index()].push(slot);
        self.costs |= 1 << expected;
    }

    fn pop(&mut self) -> Option<usize> {
        let expected = self.costs.trailing_zeros() as usize;
        let stacks = self.stacks.get_mut(expected)?;
        let slot = stacks.iter_mut().rev().find_map(Vec::pop);
        if stacks.iter().all(Vec::is_empty) {
            self.costs &= !(1 << expected);
        }
        slot
    }

    fn clear(&mut self) {
        self.stacks.iter_mut().flatten().for_each(Vec::clear);
        self.costs = 0;
    }
}

/// The lists a search fills, kept on each thread (in the page, each
/// worker) from one search to the next: a search queues tens of thousands
/// of partial solutions, and growing the lists anew for each (copying them
/// as they grow) took 4-5% of a solve's instructions natively, and more of
/// its time (fresh pages). In the page it once measured no faster, but a
/// hard cube's reserve (`HARD_RESERVE`) grows them far more: kept, the
/// page's median fewest-moves solve took 1.10 times the time before the
/// reserve, against 1.23 times (9.2 and 10.2 against 8.4 ms, medians of
/// three runs in turn), for 0.5 KB gzipped.
#[derive(Default)]
struct Lists {
    queue: Queue,
    waiting: Vec<Option<Partial>>,
    /// Slots of `waiting` taken out of the queue, to be reused.
    free_slots: Vec<usize>,
    fixed: Fixed,
    /// Lists `take` fills and empties.
    found: Vec<Branch>,
    entered: Vec<Partial>,
    /// Stage 2 entered on the other side from stage 1, kept by a plain
    /// search for the NISS search after it (`Search::keep_switches`).
    switches: Vec<Partial>,
}

thread_local! {
    /// The lists of the last search to end on this thread, emptied.
    static SPARE_LISTS: std::cell::Cell<Lists> = const { std::cell::Cell::new(Lists::NONE) };
}

impl Lists {
    const NONE: Lists = Lists {
        queue: Queue::EMPTY,
        waiting: Vec::new(),
        free_slots: Vec::new(),
        fixed: Fixed {
            moves: Vec::new(),
            nodes: Vec::new(),
        },
        found: Vec::new(),
        entered: Vec::new(),
        switches: Vec::new(),
    };

    /// The spare lists, or new ones if another search on this thread has
    /// them.
    fn take_spare() -> Lists {
        SPARE_LISTS.with(std::cell::Cell::take)
    }

    /// Empties the lists, keeping their memory, and makes them the spare.
    fn give_back(mut self) {
        self.queue.clear();
        self.waiting.clear();
        self.free_slots.clear();
        self.fixed.moves.clear();
        self.fixed.nodes.clear();
        self.found.clear();
        self.entered.clear();
        self.switches.clear();
        SPARE_LISTS.with(|spare| spare.set(self));
    }
}

struct Search {
    stages: &'static Stages,
    nodes: u64,
    budget: u64,
    lists: Lists,
    best_len: usize,
    best: StageMoves,
    best_sides: [Side; StageKind::COUNT],
    best_orientation: usize,
    /// Whether stages 2 and 3 may be found on the other side from the
    /// stage before (`solve_fewest_niss`).
    niss: bool,
    /// Where a plain search over all six orientations ends, unless the cube
    /// is hard (`HARD_ABOVE`) and it goes on into its reserve; none for one
    /// without a reserve (on one pair of axes, or once NISS goes on).
    easy_end: Option<u64>,
    /// Whether this is a short scramble's second search
    /// (`SHORT_SCRAMBLE`): larger enumerations, nothing assumed of later
    /// stages, no reserve.
    short: bool,
    /// Whether a plain search keeps, for the NISS search to go on with,
    /// the stage-2 partial solutions it would enter on the other side
    /// (`Lists::switches`).
    keep_switches: bool,
    /// With NISS, what finishes a domino-reduced cube near solved exactly
    /// (`finish`): fewest mode without NISS, which the page's own module
    /// runs, finishes by enumerating stages 3 and 4.
    near: Option<&'static NearFinish>,
}

impl Drop for Search {
    fn drop(&mut self) {
        std::mem::take(&mut self.lists).give_back();
    }
}

impl Search {
    /// A search whose incumbent is the fast solution.
    fn new(fast: Solution) -> Search {
        let mut search = Search::beating(fast.len());
        search.best = fast.stages.map(|s| s.moves);
        search
    }

    /// A search that keeps only solutions shorter than `len` moves.
    fn beating(len: usize) -> Search {
        Search {
            stages: tables::stages(),
            nodes: 0,
            budget: 0,
            lists: Lists::take_spare(),
            best_len: len,
            best: StageMoves::default(),
            best_sides: [Side::Normal; StageKind::COUNT],
            best_orientation: 0,
            niss: false,
            easy_end: None,
            short: false,
            keep_switches: false,
            near: None,
        }
    }

    /// What the stages after `partial`'s cost at least in a lucky case, for
    /// pruning.
    fn lucky_rest(&self, partial: &Partial) -> &'static [usize; BRANCHING] {
        if self.short || self.best_len < EASY_BELOW {
            &[0; BRANCHING]
        } else if self.niss()
            && partial.stage == StageKind::OrientCornersSlice
            && partial.slack == 0
        {
            &NISS_CHEAPEST_LUCKY_REST
        } else if self.niss() {
            &NISS_LUCKY_REST
        } else if self.easy_end.is_none() {
            &LUCKY_REST
        } else if self.best_len > HARD_ABOVE && self.past_budget() {
            &RESERVE_LUCKY_REST
        } else if self.best_len > HARD_ABOVE {
            &HARD_LUCKY_REST
        } else {
            &NOT_HARD_LUCKY_REST
        }
    }

    /// Whether the search has spent its budget and may not draw on its
    /// reserve: the best is no longer than a hard cube's, or it is a short
    /// scramble's second search, which has none.
    fn ends_easy(&self) -> bool {
        self.past_budget() && (self.short || self.best_len <= HARD_ABOVE)
    }

    /// Whether a plain search over all six orientations has spent its
    /// budget: a hard cube's goes on into its reserve from here.
    fn past_budget(&self) -> bool {
        self.easy_end.is_some_and(|end| self.nodes >= end)
    }

    /// Searches `cube` on `only`'s axes, or over all six orientations
    /// (with a reserve for a hard cube), until `budget` nodes are spent, in
    /// a search that may go on with `after` more (which the search's takes
    /// may run on into: `Search::run`). The fast solution on those axes is
    /// the incumbent of a plain search.
    fn search(&mut self, cube: &CubieCube, only: Option<&Orientation>, budget: u64, after: u64) {
        if let Some(only) = only {
            self.budget = budget + after;
            self.best_orientation = index_of(only);
            self.start(self.best_orientation, &only.conjugate(cube), Side::Normal);
            self.run(budget);
            return;
        }
        let reserve = budget * HARD_RESERVE;
        self.budget = reserve + after;
        self.start(0, cube, Side::Normal);
        self.run(budget / CLASSIC_SHARE);
        // From here, not in the classic orientation's share, which searches
        // as `solve_fewest_classic` does with that much.
        self.easy_end = Some(budget);
        // The first is the classic orientation's, searched already.
        for (i, conjugate) in distinct_conjugates(cube).into_iter().skip(1) {
            // Each orientation's fast solution is a cheap bound for the rest.
            self.offer(
                solver::stage_moves(&conjugate),
                [Side::Normal; StageKind::COUNT],
                i,
            );
            self.start(i, &conjugate, Side::Normal);
        }
        self.run(reserve);
    }

    /// Nodes one enumeration may use at a stage's cheapest cost.
    fn enumeration_nodes(&self) -> u64 {
        if self.short {
            SHORT_ENUMERATION_NODES
        } else {
            ENUMERATION_NODES
        }
    }

    /// Queues the whole cube, seen in orientation `orientation` on `side`,
    /// with stage 1 entered.
    fn start(&mut self, orientation: usize, cube: &CubieCube, side: Side) {
        let first = StageKind::ALL[0];
        if let Some(entry) = self.enter(first, cube, None, first.max_length()) {
            self.queue(Partial {
                orientation,
                stage: first,
                side,
                cube: *cube,
                entry,
                other_join: None,
                slack: 0,
                so_far: 0,
                fixed: None,
            });
        }
    }

    /// Takes partial solutions, best first, until `until` nodes are spent,
    /// none is left that could beat the best, or the budget is spent on a
    /// cube that is not hard (`ends_easy`). The last one taken runs
    /// on within the whole budget, rather than be cut off and lost where
    /// a part of the search ends (the classic orientation's share, the
    /// plain search before NISS).
    fn run(&mut self, until: u64) {
        while self.nodes < until && !self.ends_easy() {
            let Some(slot) = self.lists.queue.pop() else {
                return;
            };
            let partial = self.lists.waiting[slot]
                .take()
                .expect("a queued slot holds its partial");
            self.lists.free_slots.push(slot);
            let dive = partial.stage == StageKind::ALL[0];
            self.take(partial, dive);
        }
    }

    /// Queues a partial solution, unless even lucky later stages could not
    /// make it beat the best.
    fn queue(&mut self, partial: Partial) {
        if partial.with_rest(self.lucky_rest(&partial)) >= self.best_len {
            return;
        }
        let (expected, stage) = (partial.with_rest(&TYPICAL_REST), partial.stage);
        let slot = match self.lists.free_slots.pop() {
            Some(slot) => {
                self.lists.waiting[slot] = Some(partial);
                slot
            }
            None => {
                self.lists.waiting.push(Some(partial));
                self.lists.waiting.len() - 1
            }
        };
        self.lists.queue.push(expected, stage, slot);
    }

    /// The entered stage's solutions at the partial solution's cost, each
    /// entering the next stage (queued) or finishing the solution; then the
    /// same partial solution again at one move more, within its stage's
    /// slack.
    ///
    /// With `dive`, the best of those entered is taken at once, and so on
    /// to a whole solution. Stage 1 dives: when the estimate is too low for
    /// a cube (the superflip's later stages cost more than usual), the
    /// queue would otherwise spend the budget on stage 2 without finishing
    /// anything.
    fn take(&mut self, partial: Partial, dive: bool) {
        // The best may have improved since it was queued.
        if self.nodes >= self.budget
            || partial.with_rest(self.lucky_rest(&partial)) >= self.best_len
        {
            return;
        }
        let kind = partial.stage;
        if kind == StageKind::SeparatePieces && !self.searches_on(&partial) {
            return;
        }
        let next_kind = kind.next().expect("the last stage is never queued");
        let cost = partial.entry.cost + partial.slack;
        // Where the rest must be a near finish to beat the best, the stage-2
        // solutions that end anywhere else are not kept.
        let near_room = self.near().zip(
            self.best_len
                .checked_sub(partial.so_far + cost + 1)
                .filter(|&room| next_kind == StageKind::SeparatePieces && room <= finish::KNOWN),
        );
        let mut found = std::mem::take(&mut self.lists.found);
        let mut collect = Collect {
            end: self
                .budget
                .min(self.nodes + (self.enumeration_nodes() << partial.slack)),
            nodes: &mut self.nodes,
            cost,
            moves: &mut self.lists.fixed.moves,
            found: &mut found,
            near: near_room,
        };
        let enumerate = Enumerate {
            collect: &mut collect,
            cube: &partial.cube,
            entry: &partial.entry,
        };
        self.stages.visit(kind, enumerate);
        let mut entered = std::mem::take(&mut self.lists.entered);
        for branch in found.drain(..) {
            let join = self.lists.fixed.moves[branch.moves.clone()]
                .last()
                .copied()
                .or(partial.entry.join);
            let so_far = partial.so_far + branch.cost;
            let Some(limit) = self.best_len.checked_sub(so_far + 1) else {
                continue;
            };
            if let Some((near, _)) = near_room {
                // Kept for its near finish, which is the shortest (on either
                // side: a cube and its inverse are as far from solved).
                if let Some(distance) = near.within(&branch.cube, limit) {
                    let node =
                        self.lists
                            .fixed
                            .push(branch.moves.clone(), partial.side, partial.fixed);
                    let at = (partial.orientation, partial.side);
                    self.finish_near(near, &branch.cube, distance, Some(node), at);
                }
                continue;
            }
            // The next stage on the same side and, with NISS, on the other,
            // which sees the inverse cube. After an empty stage, the other
            // side is the switch before it, taken already; the last stage
            // is as far from a cube as from its inverse (its goal is one
            // state), so a switch there finds nothing new.
            let stay = (partial.side, branch.cube, join, partial.other_join);
            let may_switch = !branch.moves.is_empty() && !next_kind.is_last();
            // The plain search before NISS keeps stage 2 on the other side for
            // it, uncounted: it searches as it would without them.
            let kept = !self.niss() && self.keeps_switches() && kind == StageKind::ALL[0];
            let switch = (may_switch && (self.niss() || kept)).then(|| {
                let other = partial.side.other();
                (other, branch.cube.inverse(), partial.other_join, join)
            });
            let mut fixed = None;
            for (side, cube, join, other_join) in std::iter::once(stay).chain(switch) {
                let kept = kept && side != partial.side;
                let nodes = self.nodes;
                let next = self.enter(next_kind, &cube, join, limit);
                if kept {
                    self.nodes = nodes;
                }
                let Some(next) = next else {
                    continue;
                };
                let node = *fixed.get_or_insert_with(|| {
                    self.lists
                        .fixed
                        .push(branch.moves.clone(), partial.side, partial.fixed)
                });
                let next = Partial {
                    orientation: partial.orientation,
                    stage: next_kind,
                    side,
                    cube,
                    entry: next,
                    other_join,
                    slack: 0,
                    so_far,
                    fixed: Some(node),
                };
                if next_kind.is_last() {
                    self.finish(&cube, Some(node), partial.orientation, side);
                } else if kept {
                    self.lists.switches.push(next);
                } else {
                    entered.push(next);
                }
            }
        }
        self.lists.found = found;
        if partial.slack < STAGE_SLACK[kind.index()] {
            self.queue(Partial {
                slack: partial.slack + 1,
                ..partial
            });
        }
        let best = entered
            .iter()
            .enumerate()
            .min_by_key(|(_, p)| p.with_rest(&TYPICAL_REST))
            .map(|(i, _)| i);
        let diving = best.filter(|_| dive).map(|i| entered.remove(i));
        for next in entered.drain(..) {
            self.queue(next);
        }
        self.lists.entered = entered;
        if let Some(next) = diving {
            self.take(next, true);
        }
    }

    /// Queues the later stages of the best solution, all of whose stages
    /// are on the normal side, on the inverse side from stage 2 and from
    /// stage 3, where the stage before is not empty (as `take` switches);
    /// `cube` is the scramble seen in the best solution's orientation.
    fn switch_best(&mut self, cube: &CubieCube) {
        let orientation = self.best_orientation;
        let best = self.best.clone();
        let (mut cube, mut so_far, mut fixed, mut join) = (*cube, 0, None, None);
        for (stage, next_kind) in best.iter().zip(&StageKind::ALL[1..BRANCHING]) {
            let start = self.lists.fixed.moves.len();
            self.lists.fixed.moves.extend_from_slice(stage);
            fixed = Some(self.lists.fixed.push(
                start..self.lists.fixed.moves.len(),
                Side::Normal,
                fixed,
            ));
            cube = cube.apply(stage);
            so_far += stage.len();
            join = stage.last().copied().or(join);
            let Some(limit) = self.best_len.checked_sub(so_far + 1) else {
                return;
            };
            if stage.is_empty() {
                continue;
            }
            let inverse = cube.inverse();
            if let Some(entry) = self.enter(*next_kind, &inverse, None, limit) {
                self.queue(Partial {
                    orientation,
                    stage: *next_kind,
                    side: Side::Inverse,
                    cube: inverse,
                    entry,
                    other_join: join,
                    slack: 0,
                    so_far,
                    fixed,
                });
            }
        }
    }

    /// Keeps a complete solution, its stages found on `sides` in
    /// orientation `orientation`, joins merged on each side, if it is
    /// shorter than the best so far.
    fn offer(&mut self, stages: StageMoves, sides: [Side; StageKind::COUNT], orientation: usize) {
        let (stages, len) = niss::merge_joins_on_sides(stages, &sides);
        if len < self.best_len {
            self.best_len = len;
            self.best = stages;
            self.best_sides = sides;
            self.best_orientation = orientation;
        }
    }

    /// The best solution, as the cube's own moves.
    fn solution(mut self, orientations: &[Orientation]) -> Solution {
        let best = std::mem::take(&mut self.best);
        Solution::seen_from(best, &orientations[self.best_orientation])
    }

    /// The best solution with the side of each stage.
    fn niss_solution(self, orientations: &[Orientation]) -> NissSolution {
        let sides = self.best_sides;
        let Solution { stages, axes } = self.solution(orientations);
        NissSolution {
            stages,
            sides,
            axes,
        }
    }

    /// `niss`, `keep_switches` and `near`, as the search reads them: in
    /// the page's own module, which runs no NISS search, always off, so it
    /// carries none of their code (2.4 KB gzipped of the first visit).
    #[inline(always)]
    fn niss(&self) -> bool {
        NISS_BUILT && self.niss
    }

    #[inline(always)]
    fn keeps_switches(&self) -> bool {
        NISS_BUILT && self.keep_switches
    }

    #[inline(always)]
    fn near(&self) -> Option<&'static NearFinish> {
        self.near.filter(|_| NISS_BUILT)
    }

    /// Whether a partial solution in domino reduction (stage 3 entered)
    /// is searched on: one whose cube is near solved is finished at once
    /// (kept if it beats the best), one further than `finish::KNOWN` only
    /// if that could still beat the best.
    fn searches_on(&mut self, partial: &Partial) -> bool {
        let Some(near) = self.near() else {
            return true;
        };
        let Some(room) = self.best_len.checked_sub(partial.so_far + 1) else {
            return false;
        };
        match near.within(&partial.cube, room) {
            Some(distance) => {
                let at = (partial.orientation, partial.side);
                self.finish_near(near, &partial.cube, distance, partial.fixed, at);
                false
            }
            None => room > finish::KNOWN,
        }
    }

    /// Completes the stages fixed up to node `fixed` with stages 3 and 4
    /// of a shortest finish from `cube` (domino-reduced, `distance` moves
    /// from solved), found on `side` in orientation `orientation`, and
    /// keeps the solution if it is shorter.
    fn finish_near(
        &mut self,
        near: &NearFinish,
        cube: &CubieCube,
        distance: usize,
        fixed: Option<usize>,
        (orientation, side): (usize, Side),
    ) {
        let (mut stages, mut sides) = self.lists.fixed.stages(fixed);
        let path = near.finish(cube, distance);
        // Stage 3 ends with the last quarter turn; the half turns after it
        // keep to its goal, and are stage 4.
        let split = path
            .iter()
            .rposition(|m| !m.is_half_turn())
            .map_or(0, |last| last + 1);
        let (three, four) = path.split_at(split);
        for (kind, moves) in [
            (StageKind::SeparatePieces, three),
            (StageKind::HalfTurnFinish, four),
        ] {
            stages[kind.index()] = moves.to_vec();
            sides[kind.index()] = side;
        }
        self.offer(stages, sides, orientation);
    }

    /// Enters stage `kind` at `cube` (see `Enter`).
    fn enter(
        &mut self,
        kind: StageKind,
        cube: &CubieCube,
        join: Option<Move>,
        limit: usize,
    ) -> Option<Entry> {
        let nodes = &mut self.nodes;
        self.stages.visit(
            kind,
            Enter {
                cube,
                join,
                limit,
                nodes,
            },
        )
    }

    /// Completes the branching stages, fixed up to node `fixed`, with the
    /// last stage, entered at `cube` on `side`, and keeps the solution if it
    /// is shorter.
    fn finish(&mut self, cube: &CubieCube, fixed: Option<usize>, orientation: usize, side: Side) {
        let last = StageKind::ALL[BRANCHING];
        let (mut stages, mut sides) = self.lists.fixed.stages(fixed);
        let moves = &mut stages[BRANCHING];
        self.stages
            .visit(last, solver::Descend { cube: *cube, moves });
        sides[BRANCHING] = side;
        self.offer(stages, sides, orientation);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::notation::parse;
    use crate::solve::niss::{read_attempt, write_up, Step};
    use crate::solve::scramble;

    #[test]
    fn a_write_up_reads_back_as_its_steps() {
        let scrambled = parse("R U2 F' L D B2 R' F U L2 D' B").unwrap().cube();
        let solution = solve_fewest_niss(&scrambled, 5_000).unwrap();
        let steps = read_attempt(&write_up(&solution)).unwrap();
        let expected: Vec<Step> = solution
            .steps()
            .into_iter()
            .filter(|step| !step.moves.is_empty())
            .collect();
        assert_eq!(steps, expected);
    }

    /// NISS's search is its own (`NISS_PLAIN_SHARE`): never longer than
    /// fast mode, and shorter than fewest mode without NISS over a set
    /// (156 moves against 160 over these 8 states), though not on every
    /// cube.
    #[test]
    fn niss_solutions_solve_and_are_shorter_than_fewest_over_a_set() {
        let mut rng = scramble::rng(Some(21));
        let (mut niss_moves, mut plain_moves) = (0, 0);
        for _ in 0..8 {
            let cube = scramble::random_state(&mut rng);
            let niss = solve_fewest_niss(&cube, DEFAULT_BUDGET).unwrap();
            let whole = niss.moves();
            assert!(cube.apply(&whole).is_solved());
            assert!(niss.sides().normal_cube(&cube).is_solved());
            assert!(whole.len() <= solver::solve(&cube).unwrap().len());
            niss_moves += whole.len();
            plain_moves += solve_fewest(&cube, DEFAULT_BUDGET).unwrap().len();
        }
        assert!(
            niss_moves < plain_moves,
            "{niss_moves} against {plain_moves}"
        );
    }

    /// Every stage of a NISS solution, replayed in order on its own side
    /// (the cube seen in the solution's orientation, inverted at each
    /// switch of side), turns only its own stage's moves and ends in its
    /// goal; some solutions switch side between stages, and the whole
    /// solution solves the scramble in no more moves than its stages have.
    #[test]
    fn niss_stages_replay_in_order_on_their_sides() {
        let mut rng = scramble::rng(Some(34));
        let mut switching = 0;
        for _ in 0..40 {
            let cube = scramble::random_state(&mut rng);
            // At 60,000 nodes, a hard cube's plain reserve outweighed NISS's
            // extra nodes, and 2 of the 40 switched.
            let solution = solve_fewest_niss(&cube, 200_000).unwrap();
            let orientation = Orientation::with_axes(solution.axes).unwrap();
            let mut state = orientation.conjugate(&cube);
            let mut side = Side::Normal;
            for ((stage, kind), &stage_side) in solution
                .stages
                .iter()
                .zip(StageKind::ALL)
                .zip(&solution.sides)
            {
                if stage_side != side {
                    state = state.inverse();
                    side = stage_side;
                }
                let allowed = kind.allowed_moves();
                for &m in &stage.moves {
                    let seen = orientation.move_from_cube(m);
                    assert!(allowed.contains(&seen), "{m} in {}", kind.name());
                    state = state.apply_move(seen);
                }
                let at_goal = tables::stages().visit(kind, solver::AtGoal(&state));
                assert!(
                    at_goal,
                    "{} on the {side:?} side: {solution:?}",
                    kind.name()
                );
            }
            let whole = solution.moves();
            assert!(cube.apply(&whole).is_solved());
            let counted: usize = solution.stages.iter().map(|s| s.moves.len()).sum();
            assert!(whole.len() <= counted);
            let first = solution.sides[0];
            switching += usize::from(solution.sides.iter().any(|&s| s != first));
        }
        assert!(switching >= 5, "{switching} of 40 switch side");
    }

    /// A short scramble's cube is searched again (`SHORT_SCRAMBLE`):
    /// `B' R B F L2 U L2 D F L B' U` took 20 moves without, where four
    /// stages of 12 exist (proven). NISS goes on from that search.
    #[test]
    fn a_short_scramble_is_undone_in_no_more_moves() {
        let alg = parse("B' R B F L2 U L2 D F L B' U").unwrap();
        let (cube, len) = (alg.cube(), alg.face_moves().len());
        let unknown = solve_fewest(&cube, DEFAULT_BUDGET).unwrap();
        let short = solve_fewest_scrambled(&cube, None, DEFAULT_BUDGET, Some(len)).unwrap();
        assert!(cube.apply(&short.moves()).is_solved());
        assert!(short.len() <= len, "{} moves: {short:?}", short.len());
        assert!(unknown.len() > len, "the search alone finds it now");
        let niss = solve_fewest_niss_scrambled(&cube, None, DEFAULT_BUDGET, Some(len)).unwrap();
        assert!(niss.sides().normal_cube(&cube).is_solved());
        assert!(niss.moves().len() <= short.len());
    }

    /// A scramble longer than a short one, as of a random state, is
    /// searched as a state is, on all six orientations or one.
    #[test]
    fn a_long_scramble_is_searched_as_its_state() {
        let mut rng = scramble::rng(Some(8));
        let cube = scramble::random_state(&mut rng);
        let budget = 100_000;
        let known = Some(SHORT_SCRAMBLE + 1);
        let state = solve_fewest(&cube, budget).unwrap();
        assert_eq!(
            solve_fewest_scrambled(&cube, None, budget, known).unwrap(),
            state
        );
        let on = &Orientation::all()[2];
        let state = solve_fewest_in(&cube, on, budget).unwrap();
        assert_eq!(
            solve_fewest_scrambled(&cube, Some(on), budget, known).unwrap(),
            state
        );
    }

    /// The queue gives the lowest expected cost first, then the later
    /// stage, then the one queued last.
    #[test]
    fn queue_takes_cheapest_then_latest_stage_then_last_queued() {
        let [one, two, three, _] = StageKind::ALL;
        let mut queue = Queue::default();
        for (expected, stage, slot) in [
            (20, one, 0),
            (18, one, 1),
            (18, three, 2),
            (18, two, 3),
            (18, three, 4),
            (25, two, 5),
            (18, one, 6),
        ] {
            queue.push(expected, stage, slot);
        }
        let order: Vec<usize> = std::iter::from_fn(|| queue.pop()).collect();
        assert_eq!(order, [4, 2, 3, 6, 1, 0, 5]);
        queue.push(3, two, 7);
        assert_eq!(queue.pop(), Some(7));
        assert_eq!(queue.pop(), None);
    }
}

//! Fewest-moves mode: the shortest four-stage solution the search finds
//! within a budget, rather than four stages each optimal on its own.
//!
//! Each stage has many optimal and near-optimal solutions, and they end in
//! different states of the stage's group, so the next stage's cost depends on
//! which one is taken. The search is a depth-first branch and bound across the
//! stages: it enumerates a stage's solutions up to a cost limit (tracking the
//! exact distance at every node, so only moves that can still make the limit
//! are tried), enters the next stage from each end state, best first by cost
//! so far plus the next stage's exact distance, and so on; the last stage is
//! just its exact distance. Rounds allow more and more slack (moves beyond each
//! stage's cheapest cost, summed over the stages), so cheap combinations are
//! tried before expensive ones.
//!
//! The budget counts search nodes, not time, so the same cube always gives
//! the same solution. The fast solution is the starting incumbent, so the
//! result is never longer.
//!
//! One generic step (`Search::branch`) handles every stage but the last,
//! reaching each stage's coordinate through the stage registry.
//!
//! Joins: a stage's first move on the face the previous stage ended on is
//! merged into the previous stage (`solver::merge_joins`), so the search
//! counts it as free. The merged move is in the later stage's group, so every
//! stage still ends in its own group.

use crate::bfs::{neighbour_distance, Packed};
use crate::cubie::{CubieCube, InvalidCube, Move};
use crate::orientation::Orientation;
use crate::solver::{self, Solution, StageMoves};
use crate::stage::{Stage, StageKind, StageVisitor, Stages};
use crate::tables;

/// The default search budget, in nodes, over all six orientations: about
/// 10 ms natively, for a mean of 21.7 moves over random states (22.8 in the
/// classic orientation alone at 150,000 nodes).
pub const DEFAULT_BUDGET: u64 = 300_000;

/// The classic orientation alone gets the first `1 / CLASSIC_SHARE` of the
/// budget, so the result is never longer than `solve_fewest_classic` with
/// that much; the other five share the rest.
pub const CLASSIC_SHARE: u64 = 6;

/// The most slack any round allows.
const MAX_SLACK: usize = 8;

/// Stages the search branches over: all but the last, which is just its
/// exact distance.
const BRANCHING: usize = StageKind::COUNT - 1;

/// What the search assumes the stages after the next one cost at least, for
/// each branching stage: stages 3 and 4 after a stage-1 solution, stage 4
/// after a stage-2 one, nothing after stage 3. Not true lower bounds (a lucky
/// last stage is shorter), but a partial solution that needs such luck to
/// win is rarely worth the budget: at the default budget, the mean is 22.8
/// moves with these and 23.8 with zeros.
const REST: [usize; BRANCHING] = [10, 5, 0];

/// The most slack each branching stage may take on its own. Stages 1 and 2
/// have many solutions beyond that, which rarely pay off, and each costs a
/// descent in the next stage's table (uncapped, the mean is 22.9 instead of
/// 22.8); stage 3 may take the whole round's slack. This also bounds the
/// space `shortest` proves over.
pub(crate) const STAGE_SLACK: [usize; BRANCHING] = [1, 2, MAX_SLACK];

/// Nodes one stage's enumeration may use in round 0, doubling each round.
/// Some stages have thousands of optimal solutions; without a cap, the first
/// partial solution with such a stage would take the whole budget before
/// later rounds find a cheaper way around it (uncapped, a few states get
/// nothing shorter than fast mode, up to 34 moves; capped, the worst is 26).
const ENUMERATION_NODES: u64 = 256;

/// Nodes charged for entering a stage from a solution of the previous one
/// (the cube and coordinate it ends in), besides the steps of its descent.
const ENTRY_NODES: u64 = 8;

/// Solves a cube in four true Thistlethwaite stages, in whichever of the
/// six axis orientations gives the fewest total moves (after merging
/// joins) that the search finds within `budget` search nodes.
///
/// The classic orientation is searched first, alone, with a sixth of the
/// budget (`CLASSIC_SHARE`); then the other five, round by round (each
/// round allows a little more slack, in every orientation before the next),
/// sharing the best length found so far as their bound, so a short
/// solution in one orientation prunes the others. The solution names its
/// orientation (`Solution::axes`).
///
/// Deterministic; never longer than `solver::solve` (fast mode) nor than
/// `solve_fewest_classic(cube, budget / CLASSIC_SHARE)`. A cube that face
/// turns cannot reach is refused with every invariant it breaks.
pub fn solve_fewest(cube: &CubieCube, budget: u64) -> Result<Solution, InvalidCube> {
    let fast = solver::solve(cube)?;
    let orientations = Orientation::all();
    let mut search = Search::new(fast, budget / CLASSIC_SHARE);
    let classic = [(0, *cube)];
    search.rounds(orientations, &classic);
    let others: Vec<(usize, CubieCube)> = orientations
        .iter()
        .enumerate()
        .skip(1)
        .map(|(i, o)| (i, o.conjugate(cube)))
        .collect();
    // Each orientation's fast solution is a cheap first bound for the rest.
    for &(i, conjugate) in &others {
        let stages = solver::merge_joins(solver::stage_moves(&conjugate));
        search.offer(stages, i);
    }
    search.budget = budget;
    search.rounds(orientations, &others);
    Ok(search.solution(orientations))
}

/// `solve_fewest` in the classic orientation alone (edges F/B, corners
/// U/D), with the whole budget. Deterministic, never longer than
/// `solver::solve`, and refuses an unreachable cube in the same way.
pub fn solve_fewest_classic(cube: &CubieCube, budget: u64) -> Result<Solution, InvalidCube> {
    let fast = solver::solve(cube)?;
    let orientations = Orientation::all();
    let mut search = Search::new(fast, budget);
    search.rounds(orientations, &[(0, *cube)]);
    Ok(search.solution(orientations))
}

/// Whether `next` may follow `last` in a stage: not the same face (the two
/// would be one move) and, of two commuting opposite faces, only in one order.
fn may_follow(last: Option<Move>, next: Move) -> bool {
    last.is_none_or(|last| {
        next.face != last.face
            && !(next.face == last.face.opposite() && next.face.index() < last.face.index())
    })
}

/// A stage entered from the previous stage's end: its exact distance, the
/// previous stage's last move (a first move on its face is merged and free)
/// and its cheapest cost.
pub(crate) struct Entry {
    pub(crate) dist: usize,
    pub(crate) join: Option<Move>,
    pub(crate) cost: usize,
}

impl Entry {
    /// Whether a first move is merged into the previous stage, or `None` if
    /// it would cancel the previous stage's last move: never worth taking,
    /// as the previous stage without that move is already one of its
    /// solutions.
    fn is_free(&self, m: Move) -> Option<bool> {
        match self.join {
            Some(j) if j.face == m.face => (m != j.inverse()).then_some(true),
            _ => Some(false),
        }
    }

    /// The first move (by index in the stage's moves) of a shortest path
    /// from `coord` that starts with a free move, if there is one.
    fn free_start<S: Stage>(&self, stage: &S, table: Packed, coord: S::Coord) -> Option<usize> {
        if self.dist == 0 {
            return None;
        }
        (0..stage.moves().len()).find(|&k| {
            let next = table.get(stage.index(stage.step(coord, k)));
            self.is_free(stage.moves()[k]) == Some(true)
                && neighbour_distance(self.dist, next) < self.dist
        })
    }
}

/// Enters a stage at a cube, unless the stage would cost more than `limit`,
/// which takes only that many steps of descent to find out; the steps are
/// added to `nodes`.
pub(crate) struct Enter<'a> {
    pub(crate) cube: &'a CubieCube,
    pub(crate) join: Option<Move>,
    pub(crate) limit: usize,
    pub(crate) nodes: &'a mut u64,
}

impl StageVisitor for Enter<'_> {
    type Output = Option<Entry>;
    fn visit<S: Stage>(self, stage: &S) -> Option<Entry> {
        let table = tables::table(S::KIND);
        let coord = stage.coord(self.cube);
        // A free first move saves one, so the distance may exceed the limit by one.
        let dist = solver::descent(stage, coord).take(self.limit + 2).count();
        *self.nodes += ENTRY_NODES + dist as u64;
        let mut entry = Entry {
            dist,
            join: self.join,
            cost: dist,
        };
        if entry.free_start(stage, table, coord).is_some() {
            entry.cost -= 1;
        }
        (entry.cost <= self.limit).then_some(entry)
    }
}

/// A stage solution the search may branch into: its moves, its cost and the
/// cube it ends in.
struct Branch {
    moves: Vec<Move>,
    cost: usize,
    cube: CubieCube,
}

/// A stage solution and the next stage entered where it ends.
struct Candidate {
    branch: Branch,
    next: Entry,
}

/// Every solution of a stage from a cube costing at most `max_cost`, within
/// the search's enumeration nodes.
struct Enumerate<'a> {
    search: &'a mut Search,
    cube: &'a CubieCube,
    entry: &'a Entry,
    max_cost: usize,
}

impl StageVisitor for Enumerate<'_> {
    type Output = Vec<Branch>;
    fn visit<S: Stage>(self, stage: &S) -> Vec<Branch> {
        let search = self.search;
        search.enumeration_end = search.budget.min(search.nodes + search.enumeration_nodes);
        let mut collect = Collect {
            search,
            found: Vec::new(),
        };
        Walk::new(stage, self.entry, self.max_cost).solutions(self.cube, &mut collect);
        collect.found
    }
}

/// What a walk over a stage's solutions reports to: it counts the nodes,
/// may stop the walk, and is handed each solution.
pub(crate) trait WalkVisitor {
    /// Whether the walk must stop now (checked before each move).
    fn stop(&self) -> bool;
    /// Whether a node (the cube after a move, the stage's cost so far and
    /// its exact distance to the stage's goal) can still make the limit
    /// by the visitor's own bounds, besides the stage's distance.
    fn admits(&self, _cube: &CubieCube, _cost: usize, _dist: usize) -> bool {
        true
    }
    /// Counts one node: a move that can still make the cost limit.
    fn count(&mut self);
    /// A solution of the stage: its moves, its cost and the cube it ends in.
    fn found(&mut self, moves: &[Move], cost: usize, cube: &CubieCube);
}

/// Collects a walk's solutions, within the search's enumeration nodes.
struct Collect<'a> {
    search: &'a mut Search,
    found: Vec<Branch>,
}

impl WalkVisitor for Collect<'_> {
    fn stop(&self) -> bool {
        self.search.nodes >= self.search.enumeration_end
    }
    fn count(&mut self) {
        self.search.nodes += 1;
    }
    fn found(&mut self, moves: &[Move], cost: usize, cube: &CubieCube) {
        self.found.push(Branch {
            moves: moves.to_vec(),
            cost,
            cube: *cube,
        });
    }
}

/// What stays fixed while one stage's solutions are enumerated.
pub(crate) struct Walk<'a, S: Stage> {
    stage: &'a S,
    table: Packed<'a>,
    entry: &'a Entry,
    max_cost: usize,
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
        Walk {
            stage,
            table: tables::table(S::KIND),
            entry,
            max_cost,
        }
    }

    /// Hands `visitor` every solution of the stage from `cube` within the
    /// cost limit, depth first, tracking the exact distance at every node so
    /// that only moves that can still make the limit are tried.
    pub(crate) fn solutions(&self, cube: &CubieCube, visitor: &mut impl WalkVisitor) {
        // The cube is carried along the path rather than rebuilt for each
        // solution: most nodes lie on the way to one.
        let start = (*cube, self.stage.coord(cube), self.entry.dist, 0);
        self.step(start, &mut Vec::new(), visitor);
    }

    fn step(
        &self,
        (cube, coord, dist, cost): (CubieCube, S::Coord, usize, usize),
        path: &mut Vec<Move>,
        visitor: &mut impl WalkVisitor,
    ) {
        if dist == 0 {
            visitor.found(path, cost, &cube);
        }
        let stage = self.stage;
        for (k, &m) in stage.moves().iter().enumerate() {
            if visitor.stop() {
                return;
            }
            if !may_follow(path.last().copied(), m) {
                continue;
            }
            let move_cost = if path.is_empty() {
                match self.entry.is_free(m) {
                    Some(free) => usize::from(!free),
                    None => continue,
                }
            } else {
                1
            };
            let next = stage.step(coord, k);
            let next_dist = neighbour_distance(dist, self.table.get(stage.index(next)));
            // A move that stays in the goal belongs to the next stage.
            if dist == 0 && next_dist == 0 {
                continue;
            }
            if cost + move_cost + next_dist > self.max_cost {
                continue;
            }
            let next_cube = cube.apply_move(m);
            if !visitor.admits(&next_cube, cost + move_cost, next_dist) {
                continue;
            }
            visitor.count();
            path.push(m);
            let state = (next_cube, next, next_dist, cost + move_cost);
            self.step(state, path, visitor);
            path.pop();
        }
    }
}

/// The last stage, completed with a shortest solution that starts with the
/// free move when there is one.
pub(crate) struct Finish<'a> {
    pub(crate) cube: &'a CubieCube,
    pub(crate) entry: &'a Entry,
}

impl StageVisitor for Finish<'_> {
    type Output = Vec<Move>;
    fn visit<S: Stage>(self, stage: &S) -> Vec<Move> {
        // Constant for each stage, so the other stages' copies compile away.
        assert!(S::KIND.is_last(), "only the last stage is finished");
        let table = tables::table(S::KIND);
        let mut moves = Vec::with_capacity(self.entry.dist);
        let mut coord = stage.coord(self.cube);
        if let Some(k) = self.entry.free_start(stage, table, coord) {
            moves.push(stage.moves()[k]);
            coord = stage.step(coord, k);
        }
        moves.extend(solver::descent(stage, coord).map(|(k, _)| stage.moves()[k]));
        moves
    }
}

struct Search {
    stages: &'static Stages,
    /// The orientation being searched (an index into `Orientation::all()`),
    /// and the one the best solution is in.
    orientation: usize,
    best_orientation: usize,
    nodes: u64,
    budget: u64,
    /// The nodes one enumeration may use in this round, and where the
    /// current one must stop.
    enumeration_nodes: u64,
    enumeration_end: u64,
    best_len: usize,
    best: StageMoves,
    /// The branching stages of the partial solution being extended.
    prefix: [Vec<Move>; BRANCHING],
    /// Their costs: their lengths, less merged moves.
    prefix_costs: [usize; BRANCHING],
}

impl Search {
    /// A search whose incumbent is the fast solution.
    fn new(fast: Solution, budget: u64) -> Search {
        Search {
            stages: tables::stages(),
            orientation: 0,
            best_orientation: 0,
            nodes: 0,
            budget,
            enumeration_nodes: 0,
            enumeration_end: 0,
            best_len: fast.len(),
            best: fast.stages.map(|s| s.moves),
            prefix: Default::default(),
            prefix_costs: [0; BRANCHING],
        }
    }

    /// Runs the rounds, more slack each time, over each `(orientation,
    /// conjugate cube)` in turn within a round, until the budget is spent.
    fn rounds(&mut self, orientations: &[Orientation], cubes: &[(usize, CubieCube)]) {
        debug_assert!(cubes.iter().all(|&(i, _)| i < orientations.len()));
        let first = StageKind::ALL[0];
        for slack in 0..=MAX_SLACK {
            self.enumeration_nodes = ENUMERATION_NODES << slack;
            for (orientation, cube) in cubes {
                if self.exhausted() {
                    return;
                }
                self.orientation = *orientation;
                if let Some(entry) = self.enter(first, cube, None, first.max_length()) {
                    self.branch(first, cube, &entry, slack);
                }
            }
            if self.exhausted() {
                return;
            }
        }
    }

    /// Keeps a complete solution, found in orientation `orientation`, if it
    /// is shorter than the best so far.
    fn offer(&mut self, stages: StageMoves, orientation: usize) {
        let len = stages.iter().map(Vec::len).sum();
        if len < self.best_len {
            self.best_len = len;
            self.best = stages;
            self.best_orientation = orientation;
        }
    }

    /// The best solution, as the cube's own moves.
    fn solution(self, orientations: &[Orientation]) -> Solution {
        Solution::seen_from(self.best, &orientations[self.best_orientation])
    }

    fn exhausted(&self) -> bool {
        self.nodes >= self.budget
    }

    fn prefix_cost(&self, stages: usize) -> usize {
        self.prefix_costs[..stages].iter().sum()
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

    /// The solutions of stage `kind` within `slack` of its cheapest cost
    /// that may still beat the incumbent, each entered into the next stage,
    /// best first. `rest` is what the stages after the next one are assumed
    /// to cost at least.
    fn candidates(
        &mut self,
        kind: StageKind,
        (cube, entry): (&CubieCube, &Entry),
        rest: usize,
        slack: usize,
    ) -> Vec<Candidate> {
        let so_far = self.prefix_cost(kind.index());
        let Some(room) = self.best_len.checked_sub(so_far + rest + 1) else {
            return Vec::new();
        };
        let max_cost = (entry.cost + slack).min(room);
        if entry.cost > max_cost {
            return Vec::new();
        }
        let Some(next_kind) = kind.next() else {
            return Vec::new();
        };
        let stages = self.stages;
        let enumerate = Enumerate {
            search: self,
            cube,
            entry,
            max_cost,
        };
        let mut candidates = Vec::new();
        for branch in stages.visit(kind, enumerate) {
            let join = branch.moves.last().copied().or(entry.join);
            let limit = room - branch.cost;
            if let Some(next) = self.enter(next_kind, &branch.cube, join, limit) {
                candidates.push(Candidate { branch, next });
            }
        }
        candidates.sort_by_key(|c| c.branch.cost + c.next.cost);
        candidates
    }

    /// Takes a candidate as stage `stage` of the partial solution, unless
    /// the budget is spent or it cannot beat the incumbent (then neither can
    /// the candidates after it, which cost no less). `rest` as in
    /// `candidates`.
    fn take(&mut self, stage: usize, c: &Candidate, rest: usize) -> bool {
        let bound = self.prefix_cost(stage) + c.branch.cost + c.next.cost + rest;
        if self.exhausted() || bound >= self.best_len {
            return false;
        }
        self.prefix[stage].clone_from(&c.branch.moves);
        self.prefix_costs[stage] = c.branch.cost;
        true
    }

    /// Extends the partial solution through branching stage `kind`, entered
    /// at `cube`, and on through every later stage.
    fn branch(&mut self, kind: StageKind, cube: &CubieCube, entry: &Entry, slack: usize) {
        let index = kind.index();
        let rest = REST[index];
        let own_slack = slack.min(STAGE_SLACK[index]);
        for c in self.candidates(kind, (cube, entry), rest, own_slack) {
            if !self.take(index, &c, rest) {
                return;
            }
            match kind.next() {
                Some(next) if !next.is_last() => {
                    let slack = slack - (c.branch.cost - entry.cost);
                    self.branch(next, &c.branch.cube, &c.next, slack);
                }
                _ => self.finish(&c.branch.cube, &c.next),
            }
        }
    }

    /// Completes the partial solution with the last stage, entered at
    /// `cube`, and keeps it if it is shorter.
    fn finish(&mut self, cube: &CubieCube, entry: &Entry) {
        let last = StageKind::ALL[BRANCHING];
        let finish = self.stages.visit(last, Finish { cube, entry });
        let mut stages = StageMoves::default();
        stages[..BRANCHING].clone_from_slice(&self.prefix);
        stages[BRANCHING] = finish;
        self.offer(solver::merge_joins(stages), self.orientation);
    }
}

//! Fewest-moves mode: the shortest four-stage solution the search finds
//! within a budget, rather than four stages each optimal on its own.
//!
//! Each stage has many optimal and near-optimal solutions, and they end in
//! different states of the stage's group, so the next stage's cost depends on
//! which one is taken. The search is a depth-first branch and bound across the
//! stages: it enumerates a stage's solutions up to a cost limit, enters the
//! next stage from each end state (best first by cost so far plus the next
//! stage's exact distance), and so on; the last stage is just its exact
//! distance. Rounds allow more and more "slack" (moves beyond each stage's
//! cheapest cost, summed over the stages), so cheap combinations are tried
//! before expensive ones. The budget counts search nodes, not time, so the
//! same cube always gives the same solution, and the fast solution is the
//! starting incumbent, so the result is never longer.
//!
//! Joins: a stage's first move on the face the previous stage ended on is
//! merged into the previous stage (`solver::merge_joins`), so it costs
//! nothing; the search counts it that way.

use crate::bfs::Packed;
use crate::cubie::{CubieCube, Move};
use crate::phase::{CornersAndSlice, HalfTurnFinish, Phase, Phases, SeparatePieces, StageKind};
use crate::solver::{self, Solution};
use crate::tables;

/// The default search budget, in nodes.
pub const DEFAULT_BUDGET: u64 = 100_000;

/// What the search assumes the stages after the next one cost at least:
/// stages 3 and 4 after a stage-1 solution, stage 4 after a stage-2 one. Not
/// true lower bounds (a lucky last stage is shorter), but a partial solution
/// that needs such luck to win is rarely worth the budget: with 100,000
/// nodes, [10, 5] gives a mean of 23.0 moves where [0, 0] gives 25.1.
const REST: [usize; 2] = [10, 5];

/// The most slack stages 1 and 2 may take on their own. Their solutions
/// beyond that are many and rarely pay off, while each costs a descent of
/// the next stage's table; measured, capping them loses nothing.
const STAGE_SLACK: [usize; 2] = [1, 2];

/// Search nodes charged for entering a stage from a solution of the
/// previous one (the cube and coordinate it ends in), beside its descent.
const LEAF_WORK: u64 = 8;

/// The most slack (moves beyond the cheapest cost of each stage, summed over
/// the stages) any round allows.
const MAX_SLACK: usize = 8;

/// Solves a valid cube in four true Thistlethwaite stages, searching for the
/// fewest total moves (after merging joins) within `budget` search nodes.
/// Never longer than `solver::solve`.
pub fn solve_fewest(cube: &CubieCube, budget: u64) -> Solution {
    let fast = solver::solve(cube);
    let mut search = Search {
        phases: tables::phases(),
        tables: tables::distance_tables(),
        nodes: 0,
        budget,
        best_len: fast.len(),
        best: fast.stages.clone().map(|s| s.moves),
        prefix: Default::default(),
        prefix_costs: [0; 3],
    };
    for slack in 0..=MAX_SLACK {
        search.stage1(cube, slack);
        if search.exhausted() {
            break;
        }
    }
    Solution::from_stages(search.best)
}

/// The exact distance of a neighbour, from the exact distance `dist` of the
/// coordinate it neighbours and its own distance mod 3: it differs by at
/// most one.
fn neighbour_distance(dist: usize, packed: u8) -> usize {
    match (packed as usize + 3 - dist % 3) % 3 {
        0 => dist,
        1 => dist + 1,
        _ => dist - 1,
    }
}

/// Whether `next` may follow `last` in a stage: not the same face (the two
/// would be one move) and, of two commuting opposite faces, only in one order.
fn may_follow(last: Option<Move>, next: Move) -> bool {
    last.is_none_or(|last| {
        next.face != last.face
            && !(next.face == last.face.opposite() && next.face.index() < last.face.index())
    })
}

/// A stage entered from the previous stage's end: its coordinate, exact
/// distance, and the previous stage's last move (a first move on its face is
/// merged and free).
struct Entry<P: Phase> {
    coord: P::Coord,
    dist: usize,
    join: Option<Move>,
}

impl<P: Phase> Entry<P> {
    /// The entry of a cube, unless its stage would cost more than `limit`
    /// (which needs only that many steps of descent to find out).
    fn new(
        phase: &P,
        table: Packed,
        cube: &CubieCube,
        join: Option<Move>,
        limit: usize,
    ) -> Option<Entry<P>> {
        let coord = phase.coord(cube);
        // A free first move saves one, so the distance may exceed the limit by one.
        let dist = solver::descent(phase, table, coord).take(limit + 2).count();
        let entry = Entry { coord, dist, join };
        (dist <= limit || entry.cost(phase, table) <= limit).then_some(entry)
    }

    /// Whether a move is merged into the previous stage. A move that would
    /// cancel the previous stage's last one is never taken: the previous
    /// stage without that move is already one of its solutions.
    fn is_free(&self, m: Move) -> Option<bool> {
        match self.join {
            Some(j) if j.face == m.face => (m != j.inverse()).then_some(true),
            _ => Some(false),
        }
    }

    /// The first move of a shortest path that starts with a free move, if
    /// there is one.
    fn free_start(&self, phase: &P, table: Packed) -> Option<usize> {
        (0..phase.moves().len()).find(|&k| {
            self.is_free(phase.moves()[k]) == Some(true)
                && self.dist > 0
                && neighbour_distance(self.dist, table.get(phase.index(phase.step(self.coord, k))))
                    < self.dist
        })
    }

    /// The cheapest cost of the stage: its distance, less the free move.
    fn cost(&self, phase: &P, table: Packed) -> usize {
        self.dist - self.free_start(phase, table).is_some() as usize
    }
}

/// A stage solution and the cube it ends in.
struct Leaf {
    moves: Vec<Move>,
    cost: usize,
    cube: CubieCube,
}

/// A stage solution ready to enter the next stage.
struct Candidate<Q: Phase> {
    leaf: Leaf,
    next: Entry<Q>,
    next_cost: usize,
}

struct Search {
    phases: &'static Phases,
    tables: [Packed<'static>; 4],
    nodes: u64,
    budget: u64,
    best_len: usize,
    best: [Vec<Move>; 4],
    /// The stages of the partial solution being extended.
    prefix: [Vec<Move>; 3],
    /// Their costs: their lengths, less merged moves.
    prefix_costs: [usize; 3],
}

impl Search {
    fn exhausted(&self) -> bool {
        self.nodes >= self.budget
    }

    fn prefix_cost(&self, stages: usize) -> usize {
        self.prefix_costs[..stages].iter().sum()
    }

    /// Every solution of a stage costing at most `max_cost`, in the order
    /// found, with the cube each ends in.
    fn leaves<P: Phase>(
        &mut self,
        phase: &P,
        table: Packed,
        start: &CubieCube,
        entry: &Entry<P>,
        max_cost: usize,
    ) -> Vec<Leaf> {
        let mut found = Vec::new();
        let mut path = Vec::new();
        self.enumerate(
            phase,
            table,
            entry,
            (entry.coord, entry.dist, 0),
            max_cost,
            &mut path,
            &mut found,
        );
        found
            .into_iter()
            .map(|(moves, cost)| Leaf {
                cube: start.apply(&moves),
                moves,
                cost,
            })
            .collect()
    }

    #[allow(clippy::too_many_arguments)]
    fn enumerate<P: Phase>(
        &mut self,
        phase: &P,
        table: Packed,
        entry: &Entry<P>,
        (coord, dist, cost): (P::Coord, usize, usize),
        max_cost: usize,
        path: &mut Vec<Move>,
        found: &mut Vec<(Vec<Move>, usize)>,
    ) {
        if dist == 0 {
            found.push((path.clone(), cost));
        }
        for (k, &m) in phase.moves().iter().enumerate() {
            if self.exhausted() {
                return;
            }
            if !may_follow(path.last().copied(), m) {
                continue;
            }
            let move_cost = if path.is_empty() {
                match entry.is_free(m) {
                    Some(free) => !free as usize,
                    None => continue,
                }
            } else {
                1
            };
            let next = phase.step(coord, k);
            let next_dist = neighbour_distance(dist, table.get(phase.index(next)));
            // Moves that stay in the goal belong to the next stage.
            if dist == 0 && next_dist == 0 {
                continue;
            }
            if cost + move_cost + next_dist > max_cost {
                continue;
            }
            self.nodes += 1;
            path.push(m);
            self.enumerate(
                phase,
                table,
                entry,
                (next, next_dist, cost + move_cost),
                max_cost,
                path,
                found,
            );
            path.pop();
        }
    }

    /// The solutions of stage P within `slack` of its cheapest cost and
    /// within the incumbent, each entered into stage Q, best first. `rest`
    /// is what the stages after Q are assumed to cost at least.
    #[allow(clippy::too_many_arguments)]
    fn candidates<P: Phase, Q: Phase>(
        &mut self,
        (phase, table): (&P, Packed),
        (next_phase, next_table): (&Q, Packed),
        start: &CubieCube,
        entry: &Entry<P>,
        (cost_so_far, rest): (usize, usize),
        slack: usize,
    ) -> Vec<Candidate<Q>> {
        let cheapest = entry.cost(phase, table);
        let Some(room) = self.best_len.checked_sub(cost_so_far + rest + 1) else {
            return Vec::new();
        };
        let max_cost = (cheapest + slack).min(room);
        if cheapest > max_cost {
            return Vec::new();
        }
        let leaves = self.leaves(phase, table, start, entry, max_cost);
        let mut candidates = Vec::with_capacity(leaves.len());
        for leaf in leaves {
            let join = leaf.moves.last().copied().or(entry.join);
            let limit = room - leaf.cost;
            self.nodes += LEAF_WORK;
            let Some(next) = Entry::new(next_phase, next_table, &leaf.cube, join, limit) else {
                continue;
            };
            self.nodes += next.dist as u64;
            let next_cost = next.cost(next_phase, next_table);
            candidates.push(Candidate {
                leaf,
                next,
                next_cost,
            });
        }
        candidates.sort_by_key(|c| c.leaf.cost + c.next_cost);
        candidates
    }

    fn stage1(&mut self, cube: &CubieCube, slack: usize) {
        let phases = self.phases;
        let [t1, t2, ..] = self.tables;
        let limit = StageKind::OrientEdges.max_length();
        let Some(entry) = Entry::new(&phases.edges, t1, cube, None, limit) else {
            return;
        };
        let rest = (0, REST[0]);
        let cheapest = entry.dist;
        let pair = ((&phases.edges, t1), (&phases.corners, t2));
        for c in self.candidates(
            pair.0,
            pair.1,
            cube,
            &entry,
            rest,
            slack.min(STAGE_SLACK[0]),
        ) {
            if !self.keep(0, &c) {
                return;
            }
            self.stage2(&c.leaf.cube, &c.next, slack - (c.leaf.cost - cheapest));
        }
    }

    fn stage2(&mut self, cube: &CubieCube, entry: &Entry<CornersAndSlice>, slack: usize) {
        let phases = self.phases;
        let [_, t2, t3, _] = self.tables;
        let rest = (self.prefix_cost(1), REST[1]);
        let cheapest = entry.cost(&phases.corners, t2);
        let pair = ((&phases.corners, t2), (&phases.separate, t3));
        for c in self.candidates(pair.0, pair.1, cube, entry, rest, slack.min(STAGE_SLACK[1])) {
            if !self.keep(1, &c) {
                return;
            }
            self.stage3(&c.leaf.cube, &c.next, slack - (c.leaf.cost - cheapest));
        }
    }

    fn stage3(&mut self, cube: &CubieCube, entry: &Entry<SeparatePieces>, slack: usize) {
        let phases = self.phases;
        let [_, _, t3, t4] = self.tables;
        let rest = (self.prefix_cost(2), 0);
        let pair = ((&phases.separate, t3), (&phases.finish, t4));
        for c in self.candidates(pair.0, pair.1, cube, entry, rest, slack) {
            if !self.keep(2, &c) {
                return;
            }
            self.finish(&c.next);
        }
    }

    /// Takes a candidate as stage `stage` of the partial solution, unless
    /// the budget is spent or it cannot beat the incumbent (then neither can
    /// the candidates after it, which cost no less).
    fn keep<Q: Phase>(&mut self, stage: usize, c: &Candidate<Q>) -> bool {
        let rest = REST.get(stage).copied().unwrap_or(0);
        let bound = self.prefix_cost(stage) + c.leaf.cost + c.next_cost + rest;
        if self.exhausted() || bound >= self.best_len {
            return false;
        }
        self.prefix[stage].clone_from(&c.leaf.moves);
        self.prefix_costs[stage] = c.leaf.cost;
        true
    }

    /// Completes the partial solution with a shortest last stage, starting
    /// with the free move when there is one, and keeps it if it is shorter.
    fn finish(&mut self, entry: &Entry<HalfTurnFinish>) {
        let phase = &self.phases.finish;
        let table = self.tables[3];
        let mut last = Vec::with_capacity(entry.dist);
        let mut coord = entry.coord;
        if let Some(k) = entry.free_start(phase, table) {
            last.push(phase.moves()[k]);
            coord = phase.step(coord, k);
        }
        last.extend(solver::descent(phase, table, coord).map(|(k, _)| phase.moves()[k]));
        let [a, b, c] = self.prefix.clone();
        let stages = solver::merge_joins([a, b, c, last]);
        let len = stages.iter().map(Vec::len).sum();
        if len < self.best_len {
            self.best_len = len;
            self.best = stages;
        }
    }
}

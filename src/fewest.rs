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
//! Joins: a stage's first move on the face the previous stage ended on is
//! merged into the previous stage (`solver::merge_joins`), so the search
//! counts it as free. The merged move is in the later stage's group, so every
//! stage still ends in its own group.

use crate::bfs::Packed;
use crate::cubie::{CubieCube, Move};
use crate::phase::{CornersAndSlice, HalfTurnFinish, Phase, Phases, SeparatePieces, StageKind};
use crate::solver::{self, Solution};
use crate::tables;

/// The default search budget, in nodes: about 5 ms natively and 14 ms in
/// WebAssembly, for a mean of 22.8 moves over random states.
pub const DEFAULT_BUDGET: u64 = 150_000;

/// The most slack any round allows.
const MAX_SLACK: usize = 8;

/// What the search assumes the stages after the next one cost at least:
/// stages 3 and 4 after a stage-1 solution, stage 4 after a stage-2 one. Not
/// true lower bounds (a lucky last stage is shorter), but a partial solution
/// that needs such luck to win is rarely worth the budget: at the default
/// budget, the mean is 22.8 moves with these and 23.8 with zeros.
const REST: [usize; 2] = [10, 5];

/// The most slack stages 1 and 2 may take on their own. Their solutions
/// beyond that are many and rarely pay off, and each costs a descent in the
/// next stage's table (uncapped, the mean is 22.9 instead of 22.8).
const STAGE_SLACK: [usize; 2] = [1, 2];

/// Nodes one stage's enumeration may use in round 0, doubling each round.
/// Some stages have thousands of optimal solutions; without a cap, the first
/// partial solution with such a stage would take the whole budget before
/// later rounds find a cheaper way around it (uncapped, a few states get
/// nothing shorter than fast mode, up to 34 moves; capped, the worst is 26).
const ENUMERATION_NODES: u64 = 256;

/// Nodes charged for entering a stage from a solution of the previous one
/// (the cube and coordinate it ends in), besides the steps of its descent.
const ENTRY_NODES: u64 = 8;

/// Solves a valid cube in four true Thistlethwaite stages, searching for the
/// fewest total moves (after merging joins) within `budget` search nodes.
/// Deterministic, and never longer than `solver::solve`.
pub fn solve_fewest(cube: &CubieCube, budget: u64) -> Solution {
    let fast = solver::solve(cube);
    let mut search = Search {
        phases: tables::phases(),
        tables: tables::distance_tables(),
        nodes: 0,
        budget,
        enumeration_nodes: 0,
        enumeration_end: 0,
        best_len: fast.len(),
        best: fast.stages.map(|s| s.moves),
        prefix: Default::default(),
        prefix_costs: [0; 3],
    };
    for slack in 0..=MAX_SLACK {
        search.enumeration_nodes = ENUMERATION_NODES << slack;
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
/// distance, the previous stage's last move (a first move on its face is
/// merged and free) and its cheapest cost.
struct Entry<P: Phase> {
    coord: P::Coord,
    dist: usize,
    join: Option<Move>,
    cost: usize,
}

impl<P: Phase> Entry<P> {
    /// The entry of a cube, unless its stage would cost more than `limit`,
    /// which takes only that many steps of descent to find out; the steps
    /// are added to `nodes`.
    fn new(
        (phase, table): (&P, Packed),
        cube: &CubieCube,
        join: Option<Move>,
        limit: usize,
        nodes: &mut u64,
    ) -> Option<Entry<P>> {
        let coord = phase.coord(cube);
        // A free first move saves one, so the distance may exceed the limit by one.
        let dist = solver::descent(phase, table, coord).take(limit + 2).count();
        *nodes += ENTRY_NODES + dist as u64;
        let mut entry = Entry {
            coord,
            dist,
            join,
            cost: dist,
        };
        if entry.free_start(phase, table).is_some() {
            entry.cost -= 1;
        }
        (entry.cost <= limit).then_some(entry)
    }

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

    /// The first move of a shortest path that starts with a free move, if
    /// there is one.
    fn free_start(&self, phase: &P, table: Packed) -> Option<usize> {
        if self.dist == 0 {
            return None;
        }
        (0..phase.moves().len()).find(|&k| {
            let next = table.get(phase.index(phase.step(self.coord, k)));
            self.is_free(phase.moves()[k]) == Some(true)
                && neighbour_distance(self.dist, next) < self.dist
        })
    }
}

/// A stage solution: its moves, its cost and the cube it ends in.
struct Found {
    moves: Vec<Move>,
    cost: usize,
    cube: CubieCube,
}

/// A stage solution and the next stage entered where it ends.
struct Candidate<Q: Phase> {
    found: Found,
    next: Entry<Q>,
}

struct Search {
    phases: &'static Phases,
    tables: [Packed<'static>; 4],
    nodes: u64,
    budget: u64,
    /// The nodes one enumeration may use in this round, and where the
    /// current one must stop.
    enumeration_nodes: u64,
    enumeration_end: u64,
    best_len: usize,
    best: [Vec<Move>; 4],
    /// The first three stages of the partial solution being extended.
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

    /// Every solution of a stage from `cube` costing at most `max_cost`
    /// (within this round's enumeration nodes).
    fn solutions<P: Phase>(
        &mut self,
        (phase, table): (&P, Packed),
        (cube, entry): (&CubieCube, &Entry<P>),
        max_cost: usize,
    ) -> Vec<Found> {
        self.enumeration_end = self.budget.min(self.nodes + self.enumeration_nodes);
        let mut found = Vec::new();
        // The cube is carried along the path rather than rebuilt for each
        // solution: most nodes lie on the way to one.
        let start = (*cube, entry.coord, entry.dist, 0);
        self.enumerate(
            (phase, table),
            entry,
            start,
            max_cost,
            &mut Vec::new(),
            &mut found,
        );
        found
    }

    fn enumerate<P: Phase>(
        &mut self,
        (phase, table): (&P, Packed),
        entry: &Entry<P>,
        (cube, coord, dist, cost): (CubieCube, P::Coord, usize, usize),
        max_cost: usize,
        path: &mut Vec<Move>,
        found: &mut Vec<Found>,
    ) {
        if dist == 0 {
            found.push(Found {
                moves: path.clone(),
                cost,
                cube,
            });
        }
        for (k, &m) in phase.moves().iter().enumerate() {
            if self.nodes >= self.enumeration_end {
                return;
            }
            if !may_follow(path.last().copied(), m) {
                continue;
            }
            let move_cost = if path.is_empty() {
                match entry.is_free(m) {
                    Some(free) => usize::from(!free),
                    None => continue,
                }
            } else {
                1
            };
            let next = phase.step(coord, k);
            let next_dist = neighbour_distance(dist, table.get(phase.index(next)));
            // A move that stays in the goal belongs to the next stage.
            if dist == 0 && next_dist == 0 {
                continue;
            }
            if cost + move_cost + next_dist > max_cost {
                continue;
            }
            self.nodes += 1;
            path.push(m);
            let state = (cube.apply_move(m), next, next_dist, cost + move_cost);
            self.enumerate((phase, table), entry, state, max_cost, path, found);
            path.pop();
        }
    }

    /// The solutions of stage P within `slack` of its cheapest cost that
    /// may still beat the incumbent, each entered into stage Q, best first.
    /// `rest` is what the stages after Q are assumed to cost at least.
    fn candidates<P: Phase, Q: Phase>(
        &mut self,
        stage: (&P, Packed),
        next_stage: (&Q, Packed),
        (start, entry): (&CubieCube, &Entry<P>),
        rest: usize,
        slack: usize,
    ) -> Vec<Candidate<Q>> {
        let so_far = self.prefix_cost(P::KIND.index());
        let Some(room) = self.best_len.checked_sub(so_far + rest + 1) else {
            return Vec::new();
        };
        let max_cost = (entry.cost + slack).min(room);
        if entry.cost > max_cost {
            return Vec::new();
        }
        let mut candidates = Vec::new();
        for found in self.solutions(stage, (start, entry), max_cost) {
            let join = found.moves.last().copied().or(entry.join);
            let limit = room - found.cost;
            if let Some(next) = Entry::new(next_stage, &found.cube, join, limit, &mut self.nodes) {
                candidates.push(Candidate { found, next });
            }
        }
        candidates.sort_by_key(|c| c.found.cost + c.next.cost);
        candidates
    }

    /// Takes a candidate as its stage of the partial solution, unless the
    /// budget is spent or it cannot beat the incumbent (then neither can the
    /// candidates after it, which cost no less). `rest` as in `candidates`.
    fn take<Q: Phase>(&mut self, stage: usize, c: &Candidate<Q>, rest: usize) -> bool {
        let bound = self.prefix_cost(stage) + c.found.cost + c.next.cost + rest;
        if self.exhausted() || bound >= self.best_len {
            return false;
        }
        self.prefix[stage].clone_from(&c.found.moves);
        self.prefix_costs[stage] = c.found.cost;
        true
    }

    fn stage1(&mut self, cube: &CubieCube, slack: usize) {
        let p = self.phases;
        let [t1, t2, ..] = self.tables;
        let limit = StageKind::OrientEdges.max_length();
        let Some(entry) = Entry::new((&p.edges, t1), cube, None, limit, &mut self.nodes) else {
            return;
        };
        let stages = ((&p.edges, t1), (&p.corners, t2));
        let own_slack = slack.min(STAGE_SLACK[0]);
        for c in self.candidates(stages.0, stages.1, (cube, &entry), REST[0], own_slack) {
            if !self.take(0, &c, REST[0]) {
                return;
            }
            self.stage2(&c.found.cube, &c.next, slack - (c.found.cost - entry.cost));
        }
    }

    fn stage2(&mut self, cube: &CubieCube, entry: &Entry<CornersAndSlice>, slack: usize) {
        let p = self.phases;
        let [_, t2, t3, _] = self.tables;
        let stages = ((&p.corners, t2), (&p.separate, t3));
        let own_slack = slack.min(STAGE_SLACK[1]);
        for c in self.candidates(stages.0, stages.1, (cube, entry), REST[1], own_slack) {
            if !self.take(1, &c, REST[1]) {
                return;
            }
            self.stage3(&c.found.cube, &c.next, slack - (c.found.cost - entry.cost));
        }
    }

    fn stage3(&mut self, cube: &CubieCube, entry: &Entry<SeparatePieces>, slack: usize) {
        let p = self.phases;
        let [_, _, t3, t4] = self.tables;
        let stages = ((&p.separate, t3), (&p.finish, t4));
        for c in self.candidates(stages.0, stages.1, (cube, entry), 0, slack) {
            if !self.take(2, &c, 0) {
                return;
            }
            self.finish(&c.next);
        }
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

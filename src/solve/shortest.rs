//! Proven-shortest mode: the shortest four-stage solution over all six axis
//! orientations, searched with no budget until no shorter one can exist.
//!
//! Length is measured as fewest-moves mode measures it (joins merged), and
//! every stage is a true Thistlethwaite stage in its conjugated group. The
//! stages searched are stages 1, 2 and 3 at most `SLACK` (1, 3 and 8) moves
//! beyond their cheapest cost, stage 4 optimal. Without such caps a stage
//! would be any sequence of its group's moves that ends in its goal, so
//! stage 1 alone could be a whole optimal solve (the solved cube is in G1),
//! and the shortest "four-stage" solution would be God's algorithm's, with
//! no stages left. Fewest mode may take stage 1 one move further
//! (`fewest::STAGE_SLACK`), which its budget turns into shorter solutions
//! on average, but every extra stage-1 solution opens a whole search of the
//! later stages here; where the incumbent lies outside this space and is
//! shorter than anything in it, the proof keeps it, so a proof is still
//! never longer than fewest mode.
//!
//! The search deepens the total length L one move at a time from below;
//! for each L it walks every orientation's stage solutions with fewest
//! mode's machinery (`fewest::Walk`, `fewest::Enter`, `fewest::Finish`),
//! pruning only by admissible bounds: the exact distance of the stage being
//! walked at every node, the next stage's exact cost at each stage's end
//! state, and the exact cost of two stages together on small projections
//! of the cube (`joint`). The first L at which a solution exists is its length, proven,
//! because every shorter L was searched in full and found none. The
//! budgeted fewest-moves solution is the starting incumbent: when L reaches
//! its length, it is the proven one.
//!
//! Deterministic: the same cube gives the same solution and the same node
//! counts everywhere. A progress callback sees the nodes searched, the best
//! length so far and the bound still open, and may stop the search.

use crate::cube::cubie::{CubieCube, InvalidCube, Move};
use crate::solve::fewest::{self, Enter, Entry, Finish, Walk, WalkVisitor, BRANCHING};
use crate::solve::joint::{StagesThreeFour, StagesTwoThree};
use crate::solve::orientation::Orientation;
use crate::solve::solver::{self, Solution, StageMoves};
use crate::solve::stage::{Stage, StageKind, StageVisitor, Stages};
use crate::solve::tables;
use std::ops::ControlFlow;

/// Nodes between two progress reports.
pub const PROGRESS_NODES: u64 = 1 << 16;

/// The most each of stages 1–3 may cost beyond its cheapest in the space
/// a proof searches.
pub const SLACK: [usize; BRANCHING] = [1, 3, 8];

/// What a proof proves, in one clause after "the shortest four-stage
/// solution over all six orientations": the stages it searched are capped
/// over their own optimum, so it is not an unrestricted shortest.
pub fn scope() -> String {
    let [one, two, three] = SLACK;
    format!("with stages 1–3 at most {one}, {two} and {three} moves over their own optimum")
}

/// How far a proof has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Search nodes so far: stage moves tried, and stage entries.
    pub nodes: u64,
    /// The length of the shortest solution found so far.
    pub best: usize,
    /// The bound still open: no solution is shorter than this.
    pub bound: usize,
}

/// What a proof found: the shortest solution it knows, and how far it got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    pub solution: Solution,
    /// No four-stage solution is shorter than this; it is the solution's
    /// length once proven, and less if the search was stopped.
    pub bound: usize,
    pub nodes: u64,
}

impl Proof {
    /// Whether no shorter four-stage solution exists.
    pub fn is_proven(&self) -> bool {
        self.solution.len() <= self.bound
    }
}

/// Proves the shortest four-stage solution of a cube over all six axis
/// orientations (joins merged, as `fewest::solve_fewest` counts), calling
/// `on_progress` every `PROGRESS_NODES` nodes and at each new bound; a
/// `Break` stops the search, and the proof then holds the best solution
/// found and the bound reached (`Proof::is_proven` is false).
///
/// Deterministic; never longer than `fewest::solve_fewest(cube,
/// fewest::DEFAULT_BUDGET)`, its starting incumbent. There is no budget: a
/// random state may take minutes. A cube that face turns cannot reach is
/// refused with every invariant it breaks.
pub fn prove_shortest(
    cube: &CubieCube,
    mut on_progress: impl FnMut(&Progress) -> ControlFlow<()>,
) -> Result<Proof, InvalidCube> {
    let incumbent = fewest::solve_fewest(cube, fewest::DEFAULT_BUDGET)?;
    let orientations = Orientation::all();
    let mut prover = Prover {
        stages: tables::stages(),
        limit: 0,
        nodes: 0,
        next_report: PROGRESS_NODES,
        best: incumbent.len(),
        stopped: false,
        found: None,
        prefix: Default::default(),
        on_progress: &mut on_progress,
    };
    for limit in 0..incumbent.len() {
        prover.limit = limit;
        prover.report();
        for orientation in orientations {
            if prover.stopped {
                break;
            }
            let first = StageKind::ALL[0];
            prover.stage(first, &orientation.conjugate(cube), None, 0);
            if let Some(stages) = prover.found.take() {
                return Ok(Proof {
                    solution: Solution::seen_from(stages, orientation),
                    bound: limit,
                    nodes: prover.nodes,
                });
            }
        }
        if prover.stopped {
            return Ok(Proof {
                solution: incumbent,
                bound: limit,
                nodes: prover.nodes,
            });
        }
    }
    Ok(Proof {
        bound: incumbent.len(),
        solution: incumbent,
        nodes: prover.nodes,
    })
}

/// A lower bound on what the rest of stage `kind` and all of the next stage
/// cost from `cube`, from the joint tables (0 for a stage without one);
/// `free` if the next move may be merged into the move before it.
fn joint_bound(kind: StageKind, cube: &CubieCube, free: bool) -> usize {
    match kind {
        StageKind::OrientCornersSlice => StagesTwoThree::get().bound(cube, free),
        StageKind::SeparatePieces => StagesThreeFour::get().bound(cube, free),
        _ => 0,
    }
}

/// The search at one total length limit, in whichever orientation is being
/// searched, and what it reports.
struct Prover<'p> {
    stages: &'static Stages,
    /// The total length searched for.
    limit: usize,
    nodes: u64,
    next_report: u64,
    best: usize,
    /// Set when the progress callback asks to stop.
    stopped: bool,
    /// A solution within the limit, once found: the search stops there.
    found: Option<StageMoves>,
    /// The branching stages of the partial solution being extended.
    prefix: [Vec<Move>; BRANCHING],
    on_progress: &'p mut dyn FnMut(&Progress) -> ControlFlow<()>,
}

impl Prover<'_> {
    fn report(&mut self) {
        let progress = Progress {
            nodes: self.nodes,
            best: self.best,
            bound: self.limit,
        };
        if (self.on_progress)(&progress).is_break() {
            self.stopped = true;
        }
    }

    fn done(&self) -> bool {
        self.stopped || self.found.is_some()
    }

    /// Searches stage `kind` and every later stage from `cube`, entered
    /// after the previous stage's last move `join`, the stages before it
    /// having cost `so_far`.
    fn stage(&mut self, kind: StageKind, cube: &CubieCube, join: Option<Move>, so_far: usize) {
        let Some(room) = self.limit.checked_sub(so_far) else {
            return;
        };
        let nodes = &mut self.nodes;
        let enter = Enter {
            cube,
            join,
            limit: room,
            nodes,
        };
        let Some(entry) = self.stages.visit(kind, enter) else {
            return;
        };
        if so_far + joint_bound(kind, cube, join.is_some()) > self.limit {
            return;
        }
        if kind.is_last() {
            let last = self.stages.visit(
                kind,
                Finish {
                    cube,
                    entry: &entry,
                },
            );
            let mut stages = StageMoves::default();
            stages[..BRANCHING].clone_from_slice(&self.prefix);
            stages[BRANCHING] = last;
            let stages = solver::merge_joins(stages);
            debug_assert!(stages.iter().map(Vec::len).sum::<usize>() <= self.limit);
            self.found = Some(stages);
            return;
        }
        let stages = self.stages;
        let walk = WalkStage {
            prover: self,
            kind,
            cube,
            entry: &entry,
            so_far,
            max_cost: room.min(entry.cost + SLACK[kind.index()]),
        };
        stages.visit(kind, walk);
    }
}

/// Walks a branching stage's solutions within the room left, and searches
/// on from each.
struct WalkStage<'a, 'p> {
    prover: &'a mut Prover<'p>,
    kind: StageKind,
    cube: &'a CubieCube,
    entry: &'a Entry,
    so_far: usize,
    max_cost: usize,
}

impl StageVisitor for WalkStage<'_, '_> {
    type Output = ();
    fn visit<S: Stage>(self, stage: &S) {
        let mut level = Level {
            prover: self.prover,
            kind: self.kind,
            join: self.entry.join,
            so_far: self.so_far,
        };
        Walk::new(stage, self.entry, self.max_cost).solutions(self.cube, &mut level);
    }
}

/// One branching stage of the partial solution, as its walk reports to it.
struct Level<'a, 'p> {
    prover: &'a mut Prover<'p>,
    kind: StageKind,
    /// The last move before the stage.
    join: Option<Move>,
    so_far: usize,
}

impl WalkVisitor for Level<'_, '_> {
    fn stop(&self) -> bool {
        self.prover.done()
    }

    fn admits(&self, cube: &CubieCube, cost: usize, dist: usize) -> bool {
        // At the stage's goal, the next stage's first move may be merged.
        self.so_far + cost + joint_bound(self.kind, cube, dist == 0) <= self.prover.limit
    }

    fn count(&mut self) {
        let prover = &mut *self.prover;
        prover.nodes += 1;
        if prover.nodes >= prover.next_report {
            prover.next_report = prover.nodes + PROGRESS_NODES;
            prover.report();
        }
    }

    fn found(&mut self, moves: &[Move], cost: usize, cube: &CubieCube) {
        let Some(next) = self.kind.next() else {
            return;
        };
        let prover = &mut *self.prover;
        let prefix = &mut prover.prefix[self.kind.index()];
        prefix.clear();
        prefix.extend_from_slice(moves);
        let join = moves.last().copied().or(self.join);
        prover.stage(next, cube, join, self.so_far + cost);
    }
}

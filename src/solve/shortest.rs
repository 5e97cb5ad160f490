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
//! state, and the exact cost of consecutive stages together on small
//! projections of the cube (`joint`), followed move by move. The first L
//! at which a solution exists is its length, proven, because every shorter
//! L was searched in full and found none. The
//! budgeted fewest-moves solution is the starting incumbent: when L reaches
//! its length, it is the proven one.
//!
//! Deterministic: the same cube gives the same solution and the same node
//! count everywhere, on any number of threads (orientations searched ahead
//! on another core and dropped are not counted in the proof, though
//! progress reports count them). A progress callback sees the nodes
//! searched, the best length so far and the bound still open, and may stop
//! the search.

use crate::cube::cubie::{CubieCube, InvalidCube, Move};
use crate::solve::fewest::{self, Enter, Entry, Finish, Walk, WalkVisitor, BRANCHING};
use crate::solve::joint::{self, Both, JointBound, NoJointBound, StagesTwoThree};
use crate::solve::orientation::Orientation;
use crate::solve::solver::{self, Solution, StageMoves};
use crate::solve::stage::{Stage, StageKind, StageVisitor, Stages};
use crate::solve::tables;
use std::ops::ControlFlow;

/// The total length from which proofs bound stage 2 with the tetrad's
/// table too (`joint::tetrad_twist`): below it, a search is over before the
/// table would pay for its building (about a second in the page). Random
/// states are proven at 17–21 moves; a scramble of a few moves never
/// builds it. Deterministic, as it depends on the length alone.
pub const TETRAD_FROM: usize = 13;

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
/// Natively the six orientations of each length are searched on every core
/// at once (`search_length`); in WebAssembly, one after another.
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
    let best = incumbent.len();
    let orientations = Orientation::all();
    let cubes = orientations.map(|orientation| orientation.conjugate(cube));
    let mut nodes = 0;
    for limit in 0..best {
        let mut report = |searched: u64| {
            on_progress(&Progress {
                nodes: searched,
                best,
                bound: limit,
            })
        };
        if report(nodes).is_break() {
            return Ok(Proof {
                solution: incumbent,
                bound: limit,
                nodes,
            });
        }
        match search_length(&cubes, limit, nodes, &mut report) {
            Length::Found {
                orientation,
                stages,
                nodes,
            } => {
                return Ok(Proof {
                    solution: Solution::seen_from(stages, &orientations[orientation]),
                    bound: limit,
                    nodes,
                })
            }
            Length::Stopped { nodes } => {
                return Ok(Proof {
                    solution: incumbent,
                    bound: limit,
                    nodes,
                })
            }
            Length::None { nodes: total } => nodes = total,
        }
    }
    Ok(Proof {
        bound: best,
        solution: incumbent,
        nodes,
    })
}

/// How the search of one total length ended; `nodes` counts from the start
/// of the proof.
enum Length {
    /// A solution in `orientation`, the first of the six that has one.
    /// `nodes` counts that orientation and those before it only, so it is
    /// the same however many were searched at once.
    Found {
        orientation: usize,
        stages: StageMoves,
        nodes: u64,
    },
    /// No solution of this length in any orientation.
    None { nodes: u64 },
    /// The progress callback asked to stop.
    Stopped { nodes: u64 },
}

/// Searches one total length in the six conjugated `cubes`, one after
/// another, with `nodes` searched before it; `report(nodes)` is told the
/// running count every `PROGRESS_NODES`.
fn search_length_in_turn(
    cubes: &[CubieCube; 6],
    limit: usize,
    mut nodes: u64,
    report: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Length {
    for (orientation, cube) in cubes.iter().enumerate() {
        let before = nodes;
        let mut heard = |searched: u64| report(before + searched).is_break();
        let mut prover = Prover::new(limit, &mut heard);
        prover.stage(StageKind::ALL[0], cube, None, 0);
        nodes += prover.nodes;
        if let Some(stages) = prover.found {
            return Length::Found {
                orientation,
                stages,
                nodes,
            };
        }
        if prover.stopped {
            return Length::Stopped { nodes };
        }
    }
    Length::None { nodes }
}

// WebAssembly in the page has one thread.
#[cfg(target_arch = "wasm32")]
use search_length_in_turn as search_length;

/// `search_length_in_turn` on every core: each thread takes the next
/// orientation not yet taken. Once one has a solution, the orientations
/// after it are dropped (the first is the answer, as in turn); those before
/// it are searched to the end. The progress callback runs on this thread,
/// fed the threads' counts through a channel. Plain scoped threads rather
/// than rayon: the calling thread must stay free to report.
#[cfg(not(target_arch = "wasm32"))]
fn search_length(
    cubes: &[CubieCube; 6],
    limit: usize,
    nodes: u64,
    report: &mut dyn FnMut(u64) -> ControlFlow<()>,
) -> Length {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::{mpsc, Mutex};

    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(cubes.len()));
    if threads == 1 {
        return search_length_in_turn(cubes, limit, nodes, report);
    }
    let next = AtomicUsize::new(0);
    let first_found = AtomicUsize::new(usize::MAX);
    let stop = AtomicBool::new(false);
    // Each orientation's nodes, its solution if it has one, and whether it
    // was searched to the end.
    let outcomes: Vec<Mutex<Option<Outcome>>> = cubes.iter().map(|_| Mutex::new(None)).collect();
    let (sender, heard) = mpsc::channel::<u64>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, first_found, stop, outcomes) = (&next, &first_found, &stop, &outcomes);
            scope.spawn(move || loop {
                let orientation = next.fetch_add(1, Ordering::Relaxed);
                if orientation >= cubes.len() || orientation > first_found.load(Ordering::Relaxed) {
                    return;
                }
                let mut reported = 0;
                let mut tell = |searched: u64| {
                    // A closed channel means the proof is over.
                    let _ = sender.send(searched - reported);
                    reported = searched;
                    stop.load(Ordering::Relaxed)
                        || orientation > first_found.load(Ordering::Relaxed)
                };
                let mut prover = Prover::new(limit, &mut tell);
                prover.stage(StageKind::ALL[0], &cubes[orientation], None, 0);
                if prover.found.is_some() {
                    first_found.fetch_min(orientation, Ordering::Relaxed);
                }
                let mut outcome = outcomes[orientation]
                    .lock()
                    .unwrap_or_else(|e| e.into_inner());
                *outcome = Some(Outcome {
                    nodes: prover.nodes,
                    whole: !prover.stopped,
                    found: prover.found,
                });
            });
        }
        drop(sender);
        let mut searched = nodes;
        for delta in heard {
            searched += delta;
            if !stop.load(Ordering::Relaxed) && report(searched).is_break() {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    let outcomes: Vec<Option<Outcome>> = outcomes
        .into_iter()
        .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect();
    let mut total = nodes;
    for (orientation, outcome) in outcomes.iter().enumerate() {
        // A stop may leave an orientation unfinished, and a solution after
        // it is then not known to be the first.
        let Some(outcome) = outcome.as_ref().filter(|o| o.whole) else {
            break;
        };
        total += outcome.nodes;
        if let Some(stages) = &outcome.found {
            return Length::Found {
                orientation,
                stages: stages.clone(),
                nodes: total,
            };
        }
    }
    if stop.load(Ordering::Relaxed) {
        let everything: u64 = outcomes.iter().flatten().map(|o| o.nodes).sum();
        Length::Stopped {
            nodes: nodes + everything,
        }
    } else {
        Length::None { nodes: total }
    }
}

/// How one orientation's search of one length ended, on its thread.
#[cfg(not(target_arch = "wasm32"))]
struct Outcome {
    nodes: u64,
    /// Searched to its end: to its first solution, or all of it.
    whole: bool,
    found: Option<StageMoves>,
}

/// The search of one orientation at one total length limit, and what it
/// tells its listener.
struct Prover<'p> {
    stages: &'static Stages,
    /// The total length searched for.
    limit: usize,
    nodes: u64,
    next_report: u64,
    /// Hears the node count every `PROGRESS_NODES`; true to stop.
    listener: &'p mut dyn FnMut(u64) -> bool,
    /// Set when the listener asks to stop.
    stopped: bool,
    /// A solution within the limit, once found: the search stops there.
    found: Option<StageMoves>,
    /// The branching stages of the partial solution being extended.
    prefix: [Vec<Move>; BRANCHING],
}

impl<'p> Prover<'p> {
    fn new(limit: usize, listener: &'p mut dyn FnMut(u64) -> bool) -> Prover<'p> {
        Prover {
            stages: tables::stages(),
            limit,
            nodes: 0,
            next_report: PROGRESS_NODES,
            listener,
            stopped: false,
            found: None,
            prefix: Default::default(),
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
    /// Walks with the joint tables of the stage and those after it (none
    /// for stage 1): the tetrad's too from `TETRAD_FROM` moves.
    fn visit<S: Stage>(self, stage: &S) {
        let walk = Walk::new(stage, self.entry, self.max_cost);
        match self.kind {
            StageKind::OrientCornersSlice if self.prover.limit >= TETRAD_FROM => {
                self.walk_with(&walk, &Both(StagesTwoThree::get(), joint::tetrad_twist()))
            }
            StageKind::OrientCornersSlice => self.walk_with(&walk, StagesTwoThree::get()),
            StageKind::SeparatePieces => self.walk_with(&walk, joint::stages_three_four()),
            _ => self.walk_with(&walk, &NoJointBound),
        }
    }
}

impl WalkStage<'_, '_> {
    /// The walk, pruned by `joint`, unless `joint` rules out the whole
    /// stage from its start (a first move there may be merged into the
    /// move before it).
    fn walk_with<S: Stage, J: JointBound>(self, walk: &Walk<S>, joint: &J) {
        let free = self.entry.join.is_some();
        if self.so_far + joint.bound(self.cube, free) > self.prover.limit {
            return;
        }
        let mut level = Level {
            prover: self.prover,
            kind: self.kind,
            join: self.entry.join,
            so_far: self.so_far,
            joint,
        };
        walk.solutions(self.cube, &mut level);
    }
}

/// One branching stage of the partial solution, as its walk reports to it,
/// pruning by the joint table of the stage and the next.
struct Level<'a, 'p, J> {
    prover: &'a mut Prover<'p>,
    kind: StageKind,
    /// The last move before the stage.
    join: Option<Move>,
    so_far: usize,
    joint: &'a J,
}

impl<J: JointBound> WalkVisitor for Level<'_, '_, J> {
    type Track = J::Coord;

    fn track(&self, cube: &CubieCube) -> J::Coord {
        self.joint.coord(cube)
    }

    fn step_track(&self, track: J::Coord, k: usize) -> J::Coord {
        self.joint.step(track, k)
    }

    fn stop(&self) -> bool {
        self.prover.done()
    }

    fn admits(&self, track: J::Coord, cost: usize, dist: usize) -> bool {
        // At the stage's goal, the next stage's first move may be merged.
        let room = self.prover.limit.checked_sub(self.so_far + cost);
        room.is_some_and(|room| self.joint.within(track, dist == 0, room))
    }

    fn count(&mut self) {
        let prover = &mut *self.prover;
        prover.nodes += 1;
        if prover.nodes >= prover.next_report {
            prover.next_report = prover.nodes + PROGRESS_NODES;
            if (prover.listener)(prover.nodes) {
                prover.stopped = true;
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::notation;

    /// What a length's search found, comparably.
    fn seen(length: Length) -> (Option<(usize, StageMoves)>, u64, bool) {
        match length {
            Length::Found {
                orientation,
                stages,
                nodes,
            } => (Some((orientation, stages)), nodes, false),
            Length::None { nodes } => (None, nodes, false),
            Length::Stopped { nodes } => (None, nodes, true),
        }
    }

    #[test]
    fn every_length_searched_on_all_cores_finds_what_one_after_another_does_in_as_many_nodes() {
        let cube = notation::parse("L2 B' U R2 D F' R U2")
            .expect("a scramble")
            .cube();
        let cubes = Orientation::all().map(|o| o.conjugate(&cube));
        let mut go_on = |_| ControlFlow::Continue(());
        let mut lengths = 0;
        for limit in 0.. {
            let together = seen(search_length(&cubes, limit, 7, &mut go_on));
            let in_turn = seen(search_length_in_turn(&cubes, limit, 7, &mut go_on));
            assert_eq!(together, in_turn, "length {limit}");
            lengths += 1;
            if together.0.is_some() {
                break;
            }
        }
        assert!(lengths > 8);
    }

    #[test]
    fn a_stop_on_all_cores_reports_no_more_and_is_not_a_solution() {
        // The superflip: no solution has fewer than 20 moves, and length 16
        // takes many reports to search.
        let cube = notation::parse("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2")
            .expect("a scramble")
            .cube();
        let cubes = Orientation::all().map(|o| o.conjugate(&cube));
        let mut reports = 0;
        let mut stop_at_third = |_| {
            reports += 1;
            if reports < 3 {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        };
        let (found, nodes, stopped) = seen(search_length(&cubes, 16, 0, &mut stop_at_third));
        assert!(stopped && found.is_none());
        assert_eq!(reports, 3);
        assert!(nodes >= 2 * PROGRESS_NODES);
    }
}

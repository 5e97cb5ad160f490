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
//! never longer than fewest mode, on all six orientations at once or on
//! any one's axes alone.
//!
//! The shortest of those budgeted fewest-moves solutions is the starting
//! incumbent (`fewest_incumbent`), and the
//! search looks only for shorter ones (branch and bound): each solution it
//! finds lowers the limit for the rest. Searching every length from below
//! instead would repeat the shorter lengths' searches inside each longer
//! one: over 12 random states, a third of the nodes. The work is split at
//! stage 1: every stage-1 solution within the limit, in all six
//! orientations, is a task, searched on from there with fewest mode's
//! machinery (`fewest::Walk`, `fewest::Enter`; fast mode's
//! `solver::Descend` for the last stage), pruning only by admissible
//! bounds: the exact distance of the stage being walked at every node, the
//! next stage's exact cost at each stage's end state, and the exact cost
//! of consecutive stages together on small projections of the cube
//! (`joint`), followed move by move. Once every task is
//! searched, nothing shorter than the best is left. A first, quick search
//! of a narrower space (`QUICK_SLACK`) often finds a shorter solution than
//! the incumbent for a small part of the work, and the whole search then
//! looks only below that.
//!
//! Deterministic: the same cube gives the same solution on any number of
//! threads. Tasks are taken in a fixed order, and of two solutions of one
//! length the earlier task's wins (`Best`), whichever thread finds it
//! first; within a task, the walk's order is fixed and a later solution
//! must be shorter; the whole search must better the quick one's. Only
//! the node count depends on the threads' timing, as a time does. A
//! progress callback sees the nodes searched, the best length so far and
//! the share of the tasks searched, and may stop the search.
//!
//! A page has no threads, but it may run several workers: each proves a
//! part of the tasks (`Part`, `prove_part`), pruned by its own best and
//! the best any had found when the part was handed out, and the answer is
//! the least of theirs by length and then `Holder`, the same solution as
//! one worker's. A worker keeps its proof's incumbent and tasks
//! (`ProofRun`) for all its rounds.
//!
//! With NISS (`prove_shortest_niss`), the tasks are stage-1 solutions on
//! the normal and the inverse scramble, each with stage 2 on either side,
//! and each stage 2 solution goes on to stage 3 on either side; the rest
//! is the same search.

use crate::cube::cubie::{CubieCube, InvalidCube, Move};
use crate::solve::fewest::{self, Enter, Entry, Walk, WalkVisitor, BRANCHING};
use crate::solve::joint::{self, JointBound, NoJointBound, StagesTwoThree};
use crate::solve::niss::{self, NissSolution, Side};
use crate::solve::orientation::Orientation;
use crate::solve::solver::{self, Solution, StageMoves};
use crate::solve::stage::{Stage, StageKind, StageVisitor, Stages};
use crate::solve::tables;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

/// Nodes between two progress reports.
pub const PROGRESS_NODES: u64 = 1 << 16;

/// Nodes between two looks at the best length other threads have found.
const LIMIT_NODES: u64 = 1 << 10;

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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Search nodes so far: stage moves tried, and stage entries.
    pub nodes: u64,
    /// The length of the shortest solution found so far.
    pub best: usize,
    /// The share of the search for shorter solutions done, from 0 to 1:
    /// its tasks (stage-1 solutions) searched to their end; 0 during the
    /// first, quick search (`QUICK_SLACK`).
    pub searched: f64,
}

/// Which search found a proof's solution: of two solutions of one length,
/// a single proof keeps the one whose holder is less (the incumbent, then
/// the quick search's, then the whole search's, each by its task's place
/// in the fixed order), so the least over a page's parts is its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Holder {
    /// 0 for the incumbent, 1 for the quick search, 2 for the whole one.
    pub search: usize,
    /// The task's place among all the proof's tasks (0 for the incumbent).
    pub task: usize,
}

impl Holder {
    const INCUMBENT: Holder = Holder { search: 0, task: 0 };
}

/// The tasks one of `of` workers proves: those whose place in the fixed
/// order is `index` modulo `of`, in the `searches` asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub index: usize,
    pub of: usize,
    pub searches: Searches,
}

/// Which of a proof's two searches to run, and on which tasks. A page's
/// workers run the quick search first, all of them, and then the whole
/// search a range of tasks at a time (in the fixed order), each range
/// below the best any of them has found so far: a part prunes by its own
/// best alone, so without these meetings each would search the space
/// above its own solutions. A later range's tasks come after every task
/// before, so below the best is all they must search, as in one proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Searches {
    Both,
    /// The quick search alone: it proves nothing of the whole space, so
    /// the proof's bound is its tasks' least and `searched` is 0.
    Quick,
    /// The whole search of the tasks from `from` up to `to` alone.
    Whole {
        from: usize,
        to: usize,
    },
}

impl Part {
    /// All the tasks, in both searches.
    pub const WHOLE: Part = Part {
        index: 0,
        of: 1,
        searches: Searches::Both,
    };
}

/// What a proof found: the shortest solution it knows, and how far it got.
/// With NISS (`prove_shortest_niss`), the solution has a side for each
/// stage.
#[derive(Clone, Debug, PartialEq)]
pub struct Proof<S = Solution> {
    pub solution: S,
    /// No four-stage solution is shorter than this; it is the solution's
    /// length once proven, and less if the search was stopped or asked
    /// only for a bound.
    pub bound: usize,
    pub nodes: u64,
    /// The share of the search for shorter solutions done, as
    /// `Progress::searched`: 1 unless stopped.
    pub searched: f64,
    /// Which search found the solution.
    pub holder: Holder,
    /// How many tasks the proof has, in all its parts.
    pub tasks: usize,
}

impl Proof {
    /// Whether no shorter four-stage solution exists.
    pub fn is_proven(&self) -> bool {
        self.solution.len() <= self.bound
    }
}

impl Proof<NissSolution> {
    /// Whether no shorter four-stage solution exists, its length the whole
    /// solution's (`NissSolution::moves`).
    pub fn is_proven(&self) -> bool {
        self.solution.moves().len() <= self.bound
    }
}

/// Each task's outcome, `None` for those not started.
type Outcomes = Vec<Option<Outcome>>;

/// Hears a search's progress: the nodes and the tasks done so far.
type Report<'a> = dyn FnMut(u64, usize) -> ControlFlow<()> + 'a;

/// The first, quick search's slack: stage 2 at its cheapest and stage 3
/// within a move of it (stage 1's is the tasks'). A small part of the
/// whole search (a few hundred thousand nodes on a random state), it
/// often finds a solution shorter than the incumbent, below which the
/// whole search then looks: over 12 random states (seed 7), one whose
/// incumbent was two moves over took 27 M nodes in all instead of 56 M,
/// and the others 1% more.
const QUICK_SLACK: [usize; BRANCHING] = [SLACK[0], 0, 1];

/// Builds the `k`-th of the tables a proof reads besides
/// `tables::prepare`'s, in the order a proof first reads them: the joint
/// tables of stages 2 and 3, then of stages 3 and 4. False once there is
/// no `k`-th. A proof builds each on first use anyway; the page's proof
/// workers build them ahead of a press that is coming, one at a time so
/// that a proof asked for meanwhile waits for one at most.
pub fn prepare_table(k: usize) -> bool {
    match k {
        0 => _ = StagesTwoThree::get(),
        1 => _ = joint::stages_three_four(),
        _ => return false,
    }
    true
}

/// Proves the shortest four-stage solution of a cube over all six axis
/// orientations (joins merged, as `fewest::solve_fewest` counts), or with
/// `below`, only that none is shorter than that: the search then looks
/// for solutions shorter than `below` alone, and proves the shortest only
/// if it finds one. Calls `on_progress` at the start and every
/// `PROGRESS_NODES` nodes; a `Break` stops the search, and the proof then
/// holds the best solution found and the bound known (`Proof::is_proven`
/// is false).
///
/// Natively the tasks are searched on `threads` threads at once
/// (`search_tasks`); in WebAssembly, one after another.
///
/// Deterministic in its solution and bound; never longer than
/// `fewest::solve_fewest(cube, fewest::DEFAULT_BUDGET)`, nor than
/// `fewest::solve_fewest_in` on any orientation with that budget: the
/// shortest of them is its starting incumbent. There is no budget: a
/// random state takes seconds, and some take minutes. A cube that face
/// turns cannot reach is refused with every invariant it breaks.
pub fn prove_shortest(
    cube: &CubieCube,
    below: Option<usize>,
    threads: usize,
    on_progress: impl FnMut(&Progress) -> ControlFlow<()>,
) -> Result<Proof, InvalidCube> {
    let proof =
        ProofRun::start(cube, below, false)?.search(Part::WHOLE, None, threads, on_progress);
    let NissSolution { stages, axes, .. } = proof.solution;
    Ok(Proof {
        solution: Solution { stages, axes },
        bound: proof.bound,
        nodes: proof.nodes,
        searched: proof.searched,
        holder: proof.holder,
        tasks: proof.tasks,
    })
}

/// `prove_shortest` with NISS: each stage may be found on the normal or
/// the inverse scramble, as in `fewest::solve_fewest_niss` (stage 1 on
/// either, a later stage on the other side from the stage before where
/// that stage is not empty, the last stage on the side of the one before
/// it), with the same slack. Each side's joins are merged, and the length
/// is the whole solution's, `N · I⁻¹`, where a move of one side may merge
/// with (or cancel) the other side's at their meeting; the search counts
/// each side's moves, so a solution shorter only by such a merge is found
/// only as the counted length it is searched at. Never longer than
/// `fewest::solve_fewest_niss_in(cube, only, fewest::DEFAULT_BUDGET)`,
/// on all six orientations or one alone: the shortest of them is its
/// starting incumbent.
///
/// The joint bounds hold as in a plain proof whichever side the later
/// stages are on: the moves left on both sides, seen from one side, are
/// moves of the next stage's group that solve its cube, and a joint
/// table's later goal holds at the solved cube. So a NISS proof is a plain
/// one on both scrambles, with a second branch at each stage's end.
pub fn prove_shortest_niss(
    cube: &CubieCube,
    below: Option<usize>,
    threads: usize,
    on_progress: impl FnMut(&Progress) -> ControlFlow<()>,
) -> Result<Proof<NissSolution>, InvalidCube> {
    Ok(ProofRun::start(cube, below, true)?.search(Part::WHOLE, None, threads, on_progress))
}

/// `prove_shortest` (or with `niss`, `prove_shortest_niss`) of `part` of
/// the tasks alone, on this thread: one of a page's workers. Its bound
/// and `searched` are its part's; the proof of the whole is the least of
/// the parts' solutions by length and then `holder`, the least of their
/// bounds, and proven once every part is. Without NISS the sides are all
/// normal. A worker that runs several searches of one proof keeps a
/// `ProofRun` instead, which does this call's fixed work once.
pub fn prove_part(
    cube: &CubieCube,
    below: Option<usize>,
    niss: bool,
    part: Part,
    on_progress: impl FnMut(&Progress) -> ControlFlow<()>,
) -> Result<Proof<NissSolution>, InvalidCube> {
    Ok(ProofRun::start(cube, below, niss)?.prove(part, None, on_progress))
}

/// A proof's starting incumbent: the shortest of fewest mode's solutions
/// (with NISS or without) over all six orientations at once and on each
/// one's axes alone, the first of them on a tie. One orientation alone is
/// often shorter than the six at once (in 29 of 300 scrambles of 13 random
/// moves), and its solution may lie outside the proof's slack: from the
/// six at once alone, 6 of those proofs ended longer than a solution the
/// lab shows on one pair of axes (16 moves against 13 for `U F U F' R2 D F
/// R D' R2 B2 F' R2`). The six searches cost tens of milliseconds, against
/// a proof's seconds.
fn fewest_incumbent(cube: &CubieCube, niss: bool) -> Result<NissSolution, InvalidCube> {
    let budget = fewest::DEFAULT_BUDGET;
    let solve = |only: Option<&Orientation>| {
        if niss {
            fewest::solve_fewest_niss_in(cube, only, budget)
        } else {
            match only {
                Some(orientation) => fewest::solve_fewest_in(cube, orientation, budget),
                None => fewest::solve_fewest(cube, budget),
            }
            .map(NissSolution::normal)
        }
    };
    let mut best = solve(None)?;
    for orientation in Orientation::all() {
        let alone = solve(Some(orientation))?;
        if alone.moves().len() < best.moves().len() {
            best = alone;
        }
    }
    Ok(best)
}

/// A proof's fixed part, worked out once and searched from as often as
/// asked: its starting incumbent, and every task in the fixed order. A
/// page's worker keeps one between its rounds (`Searches`), which would
/// otherwise each recompute the incumbent and re-enumerate the tasks
/// (tens of milliseconds natively, each round, in each worker). Every
/// proof runs through one, so a run's searches are the proof's own.
pub struct ProofRun {
    niss: bool,
    incumbent: NissSolution,
    /// Every length below it is searched: the incumbent's, or less if the
    /// run was started below a length.
    open: usize,
    /// Every task, the most promising first: a task's place here is its
    /// place in the fixed order.
    tasks: Vec<Task>,
    /// The nodes the tasks' enumeration took.
    nodes: u64,
}

impl ProofRun {
    /// Starts a proof of `cube`, with NISS or without, from its
    /// fewest-moves incumbent (as `prove_shortest` and
    /// `prove_shortest_niss`), below `below` if given. A cube that face
    /// turns cannot reach is refused with every invariant it breaks.
    pub fn start(cube: &CubieCube, below: Option<usize>, niss: bool) -> Result<Self, InvalidCube> {
        let incumbent = fewest_incumbent(cube, niss)?;
        let length = incumbent.moves().len();
        let open = below.map_or(length, |below| below.min(length));
        let mut run = ProofRun {
            niss,
            incumbent,
            open,
            tasks: Vec::new(),
            nodes: 0,
        };
        let Some(limit) = open.checked_sub(1) else {
            return Ok(run);
        };
        let sides: &[Side] = if niss {
            &[Side::Normal, Side::Inverse]
        } else {
            &[Side::Normal]
        };
        for (orientation, turned) in Orientation::all().iter().enumerate() {
            for &side in sides {
                let cube = match side {
                    Side::Normal => turned.conjugate(cube),
                    Side::Inverse => turned.conjugate(cube).inverse(),
                };
                tables::stages().visit(
                    StageKind::ALL[0],
                    Starts {
                        cube: &cube,
                        limit,
                        niss,
                        orientation,
                        side,
                        nodes: &mut run.nodes,
                        tasks: &mut run.tasks,
                    },
                );
            }
        }
        // The most promising first, so that short solutions found early
        // prune the rest; the order is fixed, so the answer does not
        // depend on it.
        run.tasks.sort_by_key(|task| task.bound);
        Ok(run)
    }

    /// How many tasks the proof has, in all its parts.
    pub fn tasks(&self) -> usize {
        self.tasks.len()
    }

    /// The searches `part` names on its tasks, on this thread, looking
    /// only below `below` too where given (a page's chunk of tasks, below
    /// the best any worker has found): the proof as `prove_part` gives
    /// it. The tasks' enumeration is counted in the nodes of a part that
    /// runs the quick search, the first of a proof.
    pub fn prove(
        &self,
        part: Part,
        below: Option<usize>,
        on_progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Proof<NissSolution> {
        self.search(part, below, 1, on_progress)
    }

    /// `prove` on `threads` threads.
    fn search(
        &self,
        part: Part,
        below: Option<usize>,
        threads: usize,
        mut on_progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Proof<NissSolution> {
        let open = below.map_or(self.open, |below| below.min(self.open));
        let all = self.tasks.len();
        let range = match part.searches {
            Searches::Whole { from, to } => from.min(all)..to.min(all),
            Searches::Both | Searches::Quick => 0..all,
        };
        // Each of the part's tasks' place among all the proof's.
        let places: Vec<usize> = range.skip(part.index).step_by(part.of).collect();
        let tasks: Vec<&Task> = places.iter().map(|&t| &self.tasks[t]).collect();
        let mut known = Known {
            solution: self.incumbent.clone(),
            open,
            nodes: match part.searches {
                Searches::Whole { .. } => 0,
                Searches::Both | Searches::Quick => self.nodes,
            },
            holder: Holder::INCUMBENT,
            tasks: all,
        };
        let searches = match part.searches {
            Searches::Both => 0..2,
            Searches::Quick => 0..1,
            Searches::Whole { .. } => 1..2,
        };
        // The quick search's progress counts none of the tasks as searched.
        for (search_index, (slack, counted)) in [(QUICK_SLACK, false), (SLACK, true)]
            .into_iter()
            .enumerate()
            .filter(|(k, _)| searches.contains(k))
        {
            let search = Search {
                tasks: &tasks,
                slack,
                best: Best::new(known.open),
                niss: self.niss,
            };
            let mut report = |searched: u64, done: usize| {
                on_progress(&Progress {
                    nodes: known.nodes + searched,
                    best: search.best.get().0,
                    searched: match (counted, tasks.len()) {
                        (false, _) => 0.0,
                        (true, 0) => 1.0,
                        (true, all) => done as f64 / all as f64,
                    },
                })
            };
            let outcomes = if report(0, 0).is_break() {
                Vec::new()
            } else {
                search_tasks(&search, threads, &mut report)
            };
            known.nodes += outcomes.iter().flatten().map(|o| o.nodes).sum::<u64>();
            let (length, holder) = search.best.get();
            if let Some(t) = holder.checked_sub(1) {
                let found = outcomes.get(t).and_then(|o| o.as_ref()?.found.clone());
                let (stages, sides) = found.expect("a task holds the best once it has found it");
                let Solution { stages, axes } =
                    Solution::seen_from(stages, &Orientation::all()[tasks[t].orientation]);
                known.solution = NissSolution {
                    stages,
                    sides,
                    axes,
                };
                known.open = length;
                known.holder = Holder {
                    search: search_index + 1,
                    task: places[t],
                };
            }
            let whole = |t: usize| matches!(outcomes.get(t), Some(Some(o)) if o.whole);
            let done = (0..tasks.len()).filter(|&t| whole(t)).count();
            if done < tasks.len() {
                // Stopped: none shorter than the tasks left could give.
                // The quick search proves nothing of the whole space.
                let left = (0..tasks.len()).filter(|&t| !counted || !whole(t));
                let bound = left.map(|t| tasks[t].bound).min().unwrap_or(open);
                let searched = if counted {
                    done as f64 / tasks.len() as f64
                } else {
                    0.0
                };
                return known.proof(bound, searched);
            }
        }
        if part.searches == Searches::Quick {
            let bound = tasks.iter().map(|task| task.bound).min().unwrap_or(open);
            return known.proof(bound, 0.0);
        }
        known.proof(usize::MAX, 1.0)
    }
}

/// The best a proof knows so far: its solution, the length below which it
/// is still looking, and the nodes searched.
struct Known {
    solution: NissSolution,
    open: usize,
    nodes: u64,
    holder: Holder,
    tasks: usize,
}

impl Known {
    /// The proof, with none shorter than `bound` left unsearched and the
    /// share `searched` of the search done.
    fn proof(self, bound: usize, searched: f64) -> Proof<NissSolution> {
        Proof {
            bound: bound.min(self.open),
            solution: self.solution,
            nodes: self.nodes,
            searched,
            holder: self.holder,
            tasks: self.tasks,
        }
    }
}

/// A stage-1 solution in one orientation, from which a task searches on
/// with stage 2 on a side fixed for the task.
struct Task {
    orientation: usize,
    /// The sides of stages 1 and 2.
    sides: [Side; 2],
    moves: Vec<Move>,
    cost: usize,
    /// The cube in that orientation after the moves, seen on stage 2's
    /// side, and the moves' last move.
    cube: CubieCube,
    join: Option<Move>,
    /// No solution through it is shorter (the joint bounds of the later
    /// stages): the order in which tasks are taken.
    bound: usize,
}

/// The sides the stage after a stage of `moves` on `side` may take: the
/// same, and with NISS the other, unless the stage is empty (a switch
/// after an empty stage is that stage on the other side, searched there).
fn next_sides(side: Side, moves: &[Move], niss: bool) -> &'static [Side] {
    match (side, niss && !moves.is_empty()) {
        (Side::Normal, false) => &[Side::Normal],
        (Side::Inverse, false) => &[Side::Inverse],
        (Side::Normal, true) => &[Side::Normal, Side::Inverse],
        (Side::Inverse, true) => &[Side::Inverse, Side::Normal],
    }
}

/// Collects an orientation's stage-1 solutions on one side that may lead
/// to a solution within `limit`, as tasks: one for each side stage 2 may
/// take.
struct Starts<'a> {
    cube: &'a CubieCube,
    limit: usize,
    niss: bool,
    orientation: usize,
    side: Side,
    nodes: &'a mut u64,
    tasks: &'a mut Vec<Task>,
}

impl StageVisitor for Starts<'_> {
    type Output = ();
    fn visit<S: Stage>(self, stage: &S) {
        let enter = Enter {
            cube: self.cube,
            join: None,
            limit: self.limit,
            nodes: self.nodes,
        };
        let Some(entry) = enter.visit(stage) else {
            return;
        };
        let walk = Walk::new(stage, &entry, self.limit.min(entry.cost + SLACK[0]));
        walk.solutions(self.cube, &mut StartsFound { starts: self });
    }
}

/// `Starts` as its walk reports to it.
struct StartsFound<'a> {
    starts: Starts<'a>,
}

impl WalkVisitor for StartsFound<'_> {
    type Track = ();
    fn track(&self, _cube: &CubieCube) {}
    fn advance(&self, _track: (), _k: usize, _cost: usize) -> Option<()> {
        Some(())
    }
    fn stop(&self) -> bool {
        false
    }
    fn count(&mut self) {
        *self.starts.nodes += 1;
    }
    fn found(&mut self, moves: &[Move], cost: usize, cube: &CubieCube) {
        let starts = &mut self.starts;
        for &second in next_sides(starts.side, moves, starts.niss) {
            let cube = if second == starts.side {
                *cube
            } else {
                cube.inverse()
            };
            // The joint tables bound whatever the later stages' sides: the
            // moves of stages 3 and 4 on either side, on this side's cube,
            // are moves of stage 3's group that solve it (`joint`).
            let bound = cost + StagesTwoThree::get().bound(&cube);
            if bound <= starts.limit {
                starts.tasks.push(Task {
                    orientation: starts.orientation,
                    sides: [starts.side, second],
                    moves: moves.to_vec(),
                    cost,
                    cube,
                    join: moves.last().copied(),
                    bound,
                });
            }
        }
    }
}

/// The best solution so far: its length and which holds it, `0` for the
/// incumbent and `t + 1` for task `t`, in one atomic word so that both
/// change together. The word orders solutions as the answer does: the
/// shorter, then the earlier task's.
struct Best(AtomicU64);

impl Best {
    fn new(length: usize) -> Best {
        Best(AtomicU64::new(Best::word(length, 0)))
    }

    fn word(length: usize, holder: usize) -> u64 {
        (length as u64) << 32 | holder as u64
    }

    /// The length and its holder.
    fn get(&self) -> (usize, usize) {
        let word = self.0.load(Ordering::Relaxed);
        ((word >> 32) as usize, (word & u64::from(u32::MAX)) as usize)
    }

    /// The longest solution `holder` may still better the best with, if
    /// any: one as long as the best where the best's holder comes after
    /// it, one shorter otherwise.
    fn limit_for(&self, holder: usize) -> Option<usize> {
        let (length, best) = self.get();
        if holder < best {
            Some(length)
        } else {
            length.checked_sub(1)
        }
    }

    /// Offers a solution of `length` held by `holder`.
    fn offer(&self, length: usize, holder: usize) {
        self.0
            .fetch_min(Best::word(length, holder), Ordering::Relaxed);
    }
}

/// What every task of a proof shares.
struct Search<'a> {
    /// The part's tasks, in the fixed order.
    tasks: &'a [&'a Task],
    /// The most each branching stage may cost beyond its cheapest.
    slack: [usize; BRANCHING],
    best: Best,
    /// Whether stage 3 may be on the other side from stage 2.
    niss: bool,
}

/// A solution's stages and their sides.
type Found = (StageMoves, [Side; StageKind::COUNT]);

/// How one task's search ended.
struct Outcome {
    nodes: u64,
    /// The nodes its thread has searched since its listener was last told.
    unreported: u64,
    /// Searched to its end, rather than stopped.
    whole: bool,
    /// Its shortest solution and its stages' sides, where it found one
    /// that bettered the best at the time.
    found: Option<Found>,
}

impl Search<'_> {
    /// Searches task `t` to its end, unless `listener` asks to stop: it is
    /// told the task's node count every `PROGRESS_NODES` on its thread,
    /// counting `unreported` nodes searched before the task since it was
    /// last told, so that a run of small tasks is reported too.
    fn run(&self, t: usize, unreported: u64, listener: &mut dyn FnMut(u64) -> bool) -> Outcome {
        let task = self.tasks[t];
        // A task whose bound cannot better the best is not entered: its
        // walk would stop at its start, on that same bound, so only the
        // entry's nodes are saved; but a page's late chunks, below a
        // best found early, hold many such.
        let limit = self.best.limit_for(t + 1);
        let Some(limit) = limit.filter(|&limit| task.bound <= limit) else {
            return Outcome {
                nodes: 0,
                unreported,
                whole: true,
                found: None,
            };
        };
        let mut prover = Prover {
            stages: tables::stages(),
            search: self,
            holder: t + 1,
            limit,
            nodes: 0,
            next_report: PROGRESS_NODES.saturating_sub(unreported).max(1),
            listener,
            stopped: false,
            exhausted: false,
            found: None,
            prefix: Default::default(),
            sides: [task.sides[1]; StageKind::COUNT],
        };
        prover.prefix[0].clone_from(&task.moves);
        prover.sides[0] = task.sides[0];
        // Stage 2 on the other side follows no move on its side.
        let joins = if task.sides[1] == task.sides[0] {
            [task.join, None]
        } else {
            [None, task.join]
        };
        prover.stage(StageKind::ALL[1], &task.cube, joins, task.cost);
        Outcome {
            nodes: prover.nodes,
            unreported: (prover.nodes + PROGRESS_NODES).saturating_sub(prover.next_report),
            whole: !prover.stopped,
            found: prover.found,
        }
    }
}

/// Searches every task in turn; `report(nodes, done)` is told the running
/// count and the tasks done every `PROGRESS_NODES`.
fn search_in_turn(search: &Search, report: &mut Report) -> Outcomes {
    let mut outcomes: Vec<Option<Outcome>> = search.tasks.iter().map(|_| None).collect();
    let (mut nodes, mut unreported) = (0, 0);
    for (t, slot) in outcomes.iter_mut().enumerate() {
        let before = nodes;
        let outcome = search.run(t, unreported, &mut |searched| {
            report(before + searched, t).is_break()
        });
        nodes += outcome.nodes;
        unreported = outcome.unreported;
        let whole = outcome.whole;
        *slot = Some(outcome);
        if !whole {
            break;
        }
    }
    outcomes
}

/// WebAssembly in the page has one thread.
#[cfg(target_arch = "wasm32")]
fn search_tasks(search: &Search, _threads: usize, report: &mut Report) -> Outcomes {
    search_in_turn(search, report)
}

/// `search_in_turn` on `threads` threads at once: each takes the next task
/// not yet taken. The progress callback runs on this thread, fed the threads'
/// counts through a channel. Plain scoped threads rather than rayon: the
/// calling thread must stay free to report.
#[cfg(not(target_arch = "wasm32"))]
fn search_tasks(search: &Search, threads: usize, report: &mut Report) -> Outcomes {
    use std::sync::atomic::{AtomicBool, AtomicUsize};
    use std::sync::{mpsc, Mutex};

    if threads <= 1 {
        return search_in_turn(search, report);
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let outcomes: Vec<Mutex<Option<Outcome>>> =
        search.tasks.iter().map(|_| Mutex::new(None)).collect();
    // Nodes searched since the last message, and whether a task was searched
    // to its end.
    let (sender, heard) = mpsc::channel::<(u64, bool)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, stop, outcomes) = (&next, &stop, &outcomes);
            scope.spawn(move || {
                let mut unreported = 0;
                loop {
                    let t = next.fetch_add(1, Ordering::Relaxed);
                    if t >= search.tasks.len() || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let mut reported = 0;
                    let mut tell = |searched: u64| {
                        // A closed channel means the proof is over.
                        let _ = sender.send((searched - reported, false));
                        reported = searched;
                        stop.load(Ordering::Relaxed)
                    };
                    let outcome = search.run(t, unreported, &mut tell);
                    unreported = outcome.unreported;
                    let _ = sender.send((outcome.nodes - reported, outcome.whole));
                    *outcomes[t].lock().unwrap_or_else(|e| e.into_inner()) = Some(outcome);
                }
            });
        }
        drop(sender);
        let (mut searched, mut done) = (0, 0);
        for (delta, whole) in heard {
            searched += delta;
            done += usize::from(whole);
            if !whole && !stop.load(Ordering::Relaxed) && report(searched, done).is_break() {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    outcomes
        .into_iter()
        .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect()
}

/// The search of one task, and what it tells its listener.
struct Prover<'p> {
    stages: &'static Stages,
    search: &'p Search<'p>,
    /// The task's place in `Best`.
    holder: usize,
    /// The longest solution that may still better the best.
    limit: usize,
    nodes: u64,
    next_report: u64,
    /// Hears the node count every `PROGRESS_NODES`; true to stop.
    listener: &'p mut dyn FnMut(u64) -> bool,
    /// Set when the listener asks to stop.
    stopped: bool,
    /// Set when no solution could better the best.
    exhausted: bool,
    /// The task's shortest solution so far.
    found: Option<Found>,
    /// The branching stages of the partial solution being extended.
    prefix: [Vec<Move>; BRANCHING],
    /// The side of each stage of the partial solution being extended.
    sides: [Side; StageKind::COUNT],
}

impl Prover<'_> {
    fn done(&self) -> bool {
        self.stopped || self.exhausted
    }

    /// Lowers the limit to what may still better the best.
    fn tighten(&mut self) {
        match self.search.best.limit_for(self.holder) {
            Some(limit) => self.limit = self.limit.min(limit),
            None => self.exhausted = true,
        }
    }

    /// Searches stage `kind` and every later stage from `cube`, seen on
    /// the stage's side, entered after the last moves on that side and the
    /// other (`joins`), the stages before it having cost `so_far`.
    fn stage(&mut self, kind: StageKind, cube: &CubieCube, joins: Joins, so_far: usize) {
        let Some(room) = self.limit.checked_sub(so_far) else {
            return;
        };
        let nodes = &mut self.nodes;
        let enter = Enter {
            cube,
            join: joins[0],
            limit: room,
            nodes,
        };
        let Some(entry) = self.stages.visit(kind, enter) else {
            return;
        };
        if kind.is_last() {
            let mut stages = StageMoves::default();
            stages[..BRANCHING].clone_from_slice(&self.prefix);
            let moves = &mut stages[BRANCHING];
            self.stages
                .visit(kind, solver::Descend { cube: *cube, moves });
            let (stages, length) = niss::merge_joins_on_sides(stages, &self.sides);
            debug_assert!(length <= self.limit);
            self.found = Some((stages, self.sides));
            self.search.best.offer(length, self.holder);
            // Only a shorter one is better than this task's own.
            match length.checked_sub(1) {
                Some(limit) => self.limit = limit,
                None => self.exhausted = true,
            }
            return;
        }
        let stages = self.stages;
        let slack = self.search.slack[kind.index()];
        let walk = WalkStage {
            prover: self,
            kind,
            cube,
            entry: &entry,
            other_join: joins[1],
            so_far,
            max_cost: room.min(entry.cost + slack),
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
    /// The last move on the other side.
    other_join: Option<Move>,
    so_far: usize,
    max_cost: usize,
}

impl StageVisitor for WalkStage<'_, '_> {
    type Output = ();
    /// Walks with the joint table of the stage and the next, which holds
    /// whichever side the later stages are on (`joint`). A third, of
    /// stages 2 to 4 on where one tetrad of corners is and the twist, cut
    /// a proof's nodes by a tenth, but its 1.8 MB missed the cache more
    /// than that saved: without it, 8 random states took 0.6 times the
    /// time natively, and 4 with NISS 0.9 times.
    fn visit<S: Stage>(self, stage: &S) {
        let walk = Walk::new(stage, self.entry, self.max_cost);
        match self.kind {
            StageKind::OrientCornersSlice => self.walk_with(&walk, StagesTwoThree::get()),
            StageKind::SeparatePieces => self.walk_with(&walk, joint::stages_three_four()),
            _ => self.walk_with(&walk, &NoJointBound),
        }
    }
}

impl WalkStage<'_, '_> {
    /// The walk, pruned by `joint`, unless `joint` rules out the whole
    /// stage from its start.
    fn walk_with<S: Stage, J: JointBound>(self, walk: &Walk<S>, joint: &J) {
        if self.so_far + joint.bound(self.cube) > self.prover.limit {
            return;
        }
        let mut level = Level {
            prover: self.prover,
            kind: self.kind,
            joins: [self.entry.join, self.other_join],
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
    /// The last moves before the stage on its side and the other.
    joins: Joins,
    so_far: usize,
    joint: &'a J,
}

/// The last move on the side a stage is on, then on the other side.
type Joins = [Option<Move>; 2];

impl<J: JointBound> WalkVisitor for Level<'_, '_, J> {
    type Track = J::Coord;

    fn track(&self, cube: &CubieCube) -> J::Coord {
        self.joint.coord(cube)
    }

    fn advance(&self, track: J::Coord, k: usize, cost: usize) -> Option<J::Coord> {
        let room = self.prover.limit.checked_sub(self.so_far + cost)?;
        self.joint.step_within(track, k, room)
    }

    fn stop(&self) -> bool {
        self.prover.done()
    }

    fn count(&mut self) {
        let prover = &mut *self.prover;
        prover.nodes += 1;
        if prover.nodes.is_multiple_of(LIMIT_NODES) {
            prover.tighten();
        }
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
        let [join, other_join] = self.joins;
        let join = moves.last().copied().or(join);
        let so_far = self.so_far + cost;
        let prefix = &mut prover.prefix[self.kind.index()];
        prefix.clear();
        prefix.extend_from_slice(moves);
        let side = prover.sides[self.kind.index()];
        // The last stage is as far from a cube as from its inverse (its
        // goal is one state): it stays on stage 3's side.
        let niss = prover.search.niss && !next.is_last();
        for &next_side in next_sides(side, moves, niss) {
            if prover.done() {
                return;
            }
            for later in &mut prover.sides[next.index()..] {
                *later = next_side;
            }
            if next_side == side {
                prover.stage(next, cube, [join, other_join], so_far);
            } else {
                prover.stage(next, &cube.inverse(), [other_join, join], so_far);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::notation;

    fn cube_of(scramble: &str) -> CubieCube {
        notation::parse(scramble).expect("a scramble").cube()
    }

    #[test]
    fn the_tables_a_proof_reads_are_built_one_a_call_then_none_is_left() {
        let built: Vec<bool> = (0..3).map(prepare_table).collect();
        assert_eq!(built, [true, true, false]);
        assert!(!prepare_table(usize::MAX));
    }

    #[test]
    fn searching_on_all_cores_finds_what_one_after_another_does() {
        let go_on = |_: &Progress| ControlFlow::Continue(());
        // Proven shorter than their fewest-moves solutions (17 and 13
        // moves): the first by one task, the second by two tasks at once,
        // of which the earlier must win on any number of threads.
        for scramble in [
            "U' L U2 F2 D B2 D' R F2 B2 U'",
            "R' D2 F' R' D U' R F2 L2 F L2",
        ] {
            let cube = cube_of(scramble);
            let together = prove_shortest(&cube, None, 2, go_on).unwrap();
            let in_turn = prove_shortest(&cube, None, 1, go_on).unwrap();
            assert!(together.is_proven() && in_turn.is_proven(), "{scramble}");
            let fewest = fewest::solve_fewest(&cube, fewest::DEFAULT_BUDGET).unwrap();
            assert!(in_turn.solution.len() < fewest.len(), "{scramble}");
            assert_eq!(together.solution, in_turn.solution, "{scramble}");
            assert_eq!(together.bound, in_turn.bound, "{scramble}");
            // One thread searches the same nodes every time.
            let again = prove_shortest(&cube, None, 1, go_on).unwrap();
            assert_eq!(again, in_turn, "{scramble}");
        }
    }

    #[test]
    fn a_proof_is_never_longer_than_fewest_mode_on_one_pair_of_axes() {
        // Fewest mode finds 13 moves on one pair of axes alone (edges R/L,
        // corners U/D), a solution outside the proof's slack, and 19 on all
        // six at once; the shortest within the slack is 16.
        let scramble = "U F U F' R2 D F R D' R2 B2 F' R2";
        let cube = cube_of(scramble);
        let budget = fewest::DEFAULT_BUDGET;
        let go_on = |_: &Progress| ControlFlow::Continue(());
        let alone = |length: &dyn Fn(&Orientation) -> usize| {
            Orientation::all().iter().map(length).min().unwrap()
        };
        let plain = alone(&|o| fewest::solve_fewest_in(&cube, o, budget).unwrap().len());
        assert!(fewest::solve_fewest(&cube, budget).unwrap().len() > plain);
        let proof = prove_shortest(&cube, None, 2, go_on).unwrap();
        assert!(proof.is_proven());
        assert!(
            proof.solution.len() <= plain,
            "{} > {plain}",
            proof.solution.len()
        );
        assert!(cube.apply(&proof.solution.moves()).is_solved());

        let with_niss = alone(&|o| {
            let solution = fewest::solve_fewest_niss_in(&cube, Some(o), budget).unwrap();
            solution.moves().len()
        });
        let proof = prove_shortest_niss(&cube, None, 2, go_on).unwrap();
        assert!(proof.is_proven());
        assert!(proof.solution.moves().len() <= with_niss, "{scramble}");
        assert!(cube.apply(&proof.solution.moves()).is_solved());
    }

    #[test]
    fn a_stop_on_all_cores_reports_no_more_and_is_not_a_solution() {
        // The superflip: no solution has fewer than 20 moves, and the search
        // below its incumbent takes many reports.
        let cube = cube_of("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2");
        let mut reports = 0;
        let stop_at_third = |_: &Progress| {
            reports += 1;
            if reports < 3 {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        };
        let proof = prove_shortest(&cube, None, 2, stop_at_third).unwrap();
        assert!(!proof.is_proven());
        assert_eq!(reports, 3);
        assert!(proof.nodes >= PROGRESS_NODES);
    }

    #[test]
    fn a_run_of_small_tasks_is_reported_as_nodes_add_up() {
        // Many tasks, most of them far smaller than `PROGRESS_NODES`.
        let cube = cube_of("L F R2 L F2 D L2 B L D' L");
        let mut reports = Vec::new();
        let proof = prove_shortest(&cube, None, 1, |progress: &Progress| {
            reports.push(progress.nodes);
            ControlFlow::Continue(())
        })
        .unwrap();
        assert!(proof.nodes > 8 * PROGRESS_NODES, "{} nodes", proof.nodes);
        // A start report for each of the two searches, then one for every
        // `PROGRESS_NODES` nodes of each (and a stage entry's few more),
        // whatever its tasks' sizes.
        let mut gaps = reports.windows(2).map(|w| w[1] - w[0]);
        assert!(gaps.all(|gap| gap < 2 * PROGRESS_NODES), "{reports:?}");
        let last = reports.last().copied().unwrap_or(0);
        assert!(proof.nodes - last < 2 * PROGRESS_NODES, "{reports:?}");
    }

    #[test]
    fn the_best_is_the_shortest_then_the_earliest_task() {
        let best = Best::new(20);
        assert_eq!(best.limit_for(1), Some(19));
        best.offer(19, 5);
        // Task 5 itself and those after it must be shorter; those before it
        // may tie, as they come first.
        assert_eq!(best.limit_for(5), Some(18));
        assert_eq!(best.limit_for(7), Some(18));
        assert_eq!(best.limit_for(3), Some(19));
        best.offer(19, 3);
        best.offer(19, 4);
        assert_eq!(best.get(), (19, 3));
        best.offer(18, 9);
        assert_eq!(best.get(), (18, 9));
        best.offer(0, 2);
        assert_eq!(best.limit_for(2), None);
    }
}

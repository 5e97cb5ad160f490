//! Checking a person's own fewest-moves attempt, step by step: after each
//! step (on the normal or the inverse scramble, `niss`), which of the
//! chain's goals the cube has reached and on which axes, what is still
//! wrong in the group counters' words, and how short that stage could have
//! been from where the step began; then, on request, the rest of the
//! solution from where the attempt stops, by the fewest-moves search on the
//! attempt's own axes. The command line's `check` and the page's Check
//! panel show this.

use crate::cube::cubie::{CubieCube, InvalidCube, Move};
use crate::cube::notation::{self, format_moves};
use crate::show::counters::{self, Counter, CounterError, DrCase};
use crate::solve::fewest;
use crate::solve::niss::{self, NissSolution, Side, Sides, Step};
use crate::solve::orientation::{Axes, Orientation};
use crate::solve::solver::{furthest, goals_reached, Distance, Solution, SolvedStage, StageMoves};
use crate::solve::stage::StageKind;
use crate::solve::tables;
use serde::Serialize;

/// Stage `kind`'s exact distance for the cube seen in `orientation`, which
/// must have reached every earlier goal there.
fn distance(cube: &CubieCube, orientation: &Orientation, kind: StageKind) -> usize {
    tables::stages().visit(kind, Distance(&orientation.conjugate(cube)))
}

/// The axes a level is reached on, in words: the edge axis alone for the
/// first goal, both axes for the second. None for the half-turn group and
/// the solved cube, which are the same on every axis.
fn axes_text(level: usize, orientation: &Orientation) -> Option<String> {
    let axes = orientation.axes();
    match level {
        1 => Some(axes.edges.to_string()),
        2 => Some(axes.to_string()),
        _ => None,
    }
}

/// One step of the attempt, as checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepCheck {
    #[serde(serialize_with = "serialize_moves")]
    pub moves: Vec<Move>,
    pub side: Side,
    /// The last goal of the chain reached after this step, on any axes.
    pub reaches: Option<&'static str>,
    /// The axes it is reached on, as the attempt's own earlier steps left
    /// them: `F/B` for edges alone, or `edges F/B, corners U/D`.
    pub axes: Option<String>,
    /// Whether this step reached a goal the cube had not reached before.
    pub new: bool,
    /// Where it reached nothing new, what is still wrong for the stage
    /// being worked on, in the counters' words and on their axis (`4
    /// flipped edges on F/B`).
    pub wrong: Vec<String>,
    /// The optimal length of the stage being worked on, from where the step
    /// began, on the side the step was made on (none once the cube was
    /// solved).
    pub optimal: Option<usize>,
    /// The stage `optimal` is of: the one being worked on where the step
    /// began, which a step reaching two goals at once is not named by.
    pub working_on: Option<&'static str>,
    /// The axes `optimal` is on (`F/B`, or `edges F/B, corners U/D`): the
    /// shortest may be on other axes than the step's own.
    pub optimal_on: Option<String>,
    /// Before DR, the DR case in fewest-moves words on its corner axis:
    /// `4c2e on U/D` for four twisted corners and two middle-layer edges
    /// out of their layer. The axis is the one the attempt reaches DR on
    /// later, if it does, else the nearest.
    pub case: Option<DrCase>,
    /// The read-out: `Orient edges ✓ (F/B), 4 moves (DR case 4c2e on U/D)`.
    pub text: String,
}

fn serialize_moves<S: serde::Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(ToString::to_string))
}

/// The rest of the solution from where an attempt stops.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Completion {
    /// The stages the search adds, on `side`, after the attempt's moves on
    /// that side.
    pub stages: [SolvedStage; StageKind::COUNT],
    /// The side it goes on on: the attempt's last step's, so a stage left
    /// part-way through on the inverse scramble is finished there.
    pub side: Side,
    /// The axes the stages work on.
    pub axes: Axes,
    /// The whole solution, `N · I⁻¹` with these stages added to their
    /// side, joins merged.
    pub solution: String,
    pub length: usize,
    /// How many moves fewer the whole solution has than the attempt and
    /// the stages added, counted apart: where they meet, moves on one face
    /// merge or cancel, so the attempt's own moves may not read as typed
    /// there.
    pub merged: usize,
}

/// An attempt, checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AttemptCheck {
    pub steps: Vec<StepCheck>,
    /// The last goal reached after every step.
    pub reached: Option<&'static str>,
    /// Whether the attempt solves the cube (reaches the last goal).
    pub solved: bool,
    /// The attempt as one solution so far, `N · I⁻¹`, and its move count.
    pub solution: String,
    pub length: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completion: Option<Completion>,
}

/// Why an attempt cannot be checked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    Invalid(#[from] InvalidCube),
    #[error("the attempt has no moves: write its steps in FMC notation, one a line, moves on the inverse scramble in parentheses")]
    Empty,
}

/// Why a completed attempt cannot be played on stage by stage.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unplayable {
    #[error("step {step} undoes {}, so the attempt cannot be played stage by stage", .undone.name())]
    Undoes { step: usize, undone: StageKind },
    #[error("the attempt works on {} on both sides, so it cannot be played stage by stage", .stage.name())]
    BothSides { stage: StageKind },
    #[error("the attempt leaves {} unfinished on the other side from its last step, so it cannot be played stage by stage", .stage.name())]
    UnfinishedOnOtherSide { stage: StageKind },
    #[error("{}, as the attempt does it, does not reach its goal on the axes the rest is found on ({}), so it cannot be played stage by stage", .stage.name(), .axes)]
    OffAxes { stage: StageKind, axes: Axes },
    #[error(transparent)]
    Invalid(#[from] InvalidCube),
}

/// Where the cube stands after a step: the goals reached and the
/// orientations the attempt reaches them on. Those are the ones that come
/// furthest, kept to those the attempt's earlier steps were on where some
/// are, so a DR after an EO on R/L is named on R/L's edges.
struct Stand {
    level: usize,
    on: Vec<&'static Orientation>,
}

impl Stand {
    fn after(cube: &CubieCube, earlier: &Stand) -> Stand {
        let (level, on) = furthest(cube);
        let kept: Vec<&'static Orientation> = on
            .iter()
            .copied()
            .filter(|o| earlier.on.contains(o))
            .collect();
        Stand {
            level,
            on: if kept.is_empty() { on } else { kept },
        }
    }
}

/// Checks `steps` on `scramble`. With `complete`, adds the rest of the
/// solution found by the fewest-moves search within `budget` nodes in each
/// orientation where the attempt has come furthest. An attempt with no
/// moves is refused (`CheckError::Empty`).
pub fn check(
    scramble: &CubieCube,
    steps: &[Step],
    complete: Option<u64>,
) -> Result<AttemptCheck, CheckError> {
    scramble.check()?;
    if steps.iter().all(|step| step.moves.is_empty()) {
        return Err(CheckError::Empty);
    }
    let (level, on) = furthest(scramble);
    let mut stands = vec![Stand { level, on }];
    let mut sides = Sides::default();
    let mut starts = Vec::with_capacity(steps.len());
    let mut cubes = Vec::with_capacity(steps.len());
    for step in steps {
        starts.push(sides.cube(scramble, step.side));
        sides.push(step);
        let cube = sides.normal_cube(scramble);
        stands.push(Stand::after(&cube, &stands[stands.len() - 1]));
        cubes.push(cube);
    }
    // The DR case is named on the corner axis the attempt reaches DR on.
    let dr_on: Vec<&Orientation> = stands
        .iter()
        .find(|stand| stand.level >= 2)
        .map(|stand| stand.on.clone())
        .unwrap_or_default();
    let mut checked = Vec::with_capacity(steps.len());
    for (k, step) in steps.iter().enumerate() {
        let (before, after) = (&stands[k], &stands[k + 1]);
        // Counted on the step's own side: the inverse scramble's distance
        // to a goal is not the normal one's.
        let optimal = StageKind::ALL.get(before.level).map(|&kind| {
            let (moves, on) = before
                .on
                .iter()
                .map(|&o| (distance(&starts[k], o, kind), o))
                .min_by_key(|&(moves, _)| moves)
                .expect("some orientation comes furthest");
            Optimum {
                kind,
                moves,
                on: axes_text(before.level + 1, on),
            }
        });
        checked.push(step_check(
            step,
            &cubes[k],
            (before, after),
            &dr_on,
            optimal,
        ));
    }
    let solution = sides.solution();
    let last = &stands[stands.len() - 1];
    // Only on the axes the attempt's own steps stand on: a DR is also an
    // EO on a second axis, and a completion named on that one would have
    // the attempt's EO miss its goal there, so it could not be played on
    // stage by stage.
    let completion = complete.map(|budget| {
        let side = steps.last().map_or(Side::Normal, |step| step.side);
        completion(scramble, &sides, side, &last.on, budget)
    });
    Ok(AttemptCheck {
        steps: checked,
        reached: reached_name(last.level),
        solved: last.level == StageKind::COUNT,
        solution: format_moves(&solution),
        length: solution.len(),
        completion,
    })
}

impl AttemptCheck {
    /// The attempt's steps put into the stages they work on (the stage the
    /// cube had reached before each), then the completion's stages after
    /// them, as one solution to play stage by stage; none without a
    /// completion. A stage's steps must lie on one side, a stage the
    /// attempt leaves unfinished must be on the side the completion goes
    /// on (its last step's), and every stage must reach its goal on the
    /// completion's axes.
    pub fn staged(
        &self,
        scramble: &CubieCube,
        steps: &[Step],
    ) -> Option<Result<Staged, Unplayable>> {
        let completion = self.completion.as_ref()?;
        Some(self.staged_with(scramble, steps, completion))
    }

    fn staged_with(
        &self,
        scramble: &CubieCube,
        steps: &[Step],
        completion: &Completion,
    ) -> Result<Staged, Unplayable> {
        let mut moves = StageMoves::default();
        let mut sides: [Option<Side>; StageKind::COUNT] = [None; StageKind::COUNT];
        let mut level = 0;
        let orientation = Orientation::with_axes(completion.axes)
            .expect("a completion's axes are an orientation's");
        let mut so_far = Sides::default();
        for (index, (step, checked)) in steps.iter().zip(&self.steps).enumerate() {
            let reached = checked
                .reaches
                .and_then(|name| StageKind::ALL.iter().position(|k| k.name() == name))
                .map_or(0, |k| k + 1);
            if reached < level {
                return Err(Unplayable::Undoes {
                    step: index + 1,
                    undone: StageKind::ALL[level - 1],
                });
            }
            let stage = level.min(StageKind::COUNT - 1);
            if sides[stage].is_some_and(|side| side != step.side) {
                return Err(Unplayable::BothSides {
                    stage: StageKind::ALL[stage],
                });
            }
            let mut pieces = goal_splits(scramble, &so_far, step, (level, reached), orientation)
                .into_iter()
                .enumerate();
            if let Some((_, first)) = pieces.next() {
                sides[stage] = Some(step.side);
                moves[stage] = niss::joined(&moves[stage], first);
            }
            for (k, piece) in pieces {
                sides[stage + k] = Some(step.side);
                moves[stage + k] = piece.to_vec();
            }
            so_far.push(step);
            level = reached;
        }
        let attempt = moves.clone();
        for (k, stage) in completion.stages.iter().enumerate() {
            if stage.moves.is_empty() {
                continue;
            }
            if sides[k].is_some_and(|side| side != completion.side) {
                return Err(Unplayable::UnfinishedOnOtherSide {
                    stage: StageKind::ALL[k],
                });
            }
            sides[k] = Some(completion.side);
            moves[k] = niss::joined(&moves[k], &stage.moves);
        }
        let sides = sides.map(|side| side.unwrap_or(Side::Normal));
        let solution = Solution::with_axes(moves, completion.axes);
        // Where the attempt's steps reached their goals on other axes than
        // the completion's, the stages would not play on in turn.
        counters::stages_in_turn(scramble, &solution, &sides).map_err(|e| match e {
            CounterError::OutsideStage { unfinished, .. } => Unplayable::OffAxes {
                stage: unfinished,
                axes: completion.axes,
            },
            CounterError::Invalid(invalid) => Unplayable::Invalid(invalid),
        })?;
        // Where the completion's first moves merged with the attempt's last
        // ones (or cancelled them), the attempt ends before them: at the
        // first move of its own that the whole solution does not keep.
        let attempt_ends = attempt
            .iter()
            .zip(&solution.stages)
            .map(|(own, stage)| {
                own.iter()
                    .zip(&stage.moves)
                    .take_while(|(a, b)| a == b)
                    .count()
            })
            .sum();
        Ok(Staged {
            solution: NissSolution {
                stages: solution.stages,
                sides,
                axes: completion.axes,
            },
            attempt_ends,
        })
    }
}

/// A step's moves by the stage they work on, where the step goes from
/// `level` goals reached to `reached`, seen in `orientation`, after the
/// steps before (`before`): one piece a stage, each but the last ending
/// where the cube reaches that stage's goal for the rest of the step. So a
/// step written as HTR and finish at once plays as both stages, not as an
/// HTR that solves the cube. A step that reaches one goal, or none, or
/// whose goals are on other axes, is one piece.
fn goal_splits<'a>(
    scramble: &CubieCube,
    before: &Sides,
    step: &'a Step,
    (level, reached): (usize, usize),
    orientation: &Orientation,
) -> Vec<&'a [Move]> {
    let goals_at = |len: usize| {
        let mut sides = before.clone();
        sides.push(&Step {
            moves: step.moves[..len].to_vec(),
            side: step.side,
        });
        goals_reached(&sides.normal_cube(scramble), orientation)
    };
    let goals: Vec<usize> = (0..=step.moves.len()).map(goals_at).collect();
    let mut pieces = Vec::new();
    let mut start = 0;
    for goal in level + 1..reached {
        // The first length from which every longer one has reached the
        // goal: no earlier than the last goal's, as reaching this goal is
        // reaching that one too.
        let Some(end) = (0..=step.moves.len())
            .rev()
            .take_while(|&len| goals[len] >= goal)
            .last()
        else {
            break;
        };
        pieces.push(&step.moves[start..end]);
        start = end;
    }
    pieces.push(&step.moves[start..]);
    pieces
}

/// An attempt and its completion as one solution to play stage by stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Staged {
    pub solution: NissSolution,
    /// How many of its moves, in stage order, are the attempt's: where
    /// playback goes on from (before a move the attempt's last and the
    /// completion's first merged into).
    pub attempt_ends: usize,
}

fn reached_name(level: usize) -> Option<&'static str> {
    level.checked_sub(1).map(|k| StageKind::ALL[k].name())
}

/// The shortest of the stage a step works on, from where it began, and
/// the axes of that shortest.
struct Optimum {
    kind: StageKind,
    moves: usize,
    on: Option<String>,
}

fn step_check(
    step: &Step,
    cube: &CubieCube,
    (before, after): (&Stand, &Stand),
    dr_on: &[&Orientation],
    optimal: Option<Optimum>,
) -> StepCheck {
    let new = after.level > before.level;
    let axes = axes_text(after.level, after.on[0]);
    let moves = notation::move_count(step.moves.len());
    let next = next_counters(cube, after, dr_on);
    let wrong: Vec<String> = match (&next, new) {
        (Some((kind, orientation, counters)), false) => {
            let on = counters::counted_on(*kind, orientation.axes());
            counters
                .iter()
                .filter_map(Counter::wrong)
                .map(|wrong| match &on {
                    Some(on) => format!("{wrong} on {on}"),
                    None => wrong,
                })
                .collect()
        }
        _ => Vec::new(),
    };
    let case = next.as_ref().and_then(|(_, orientation, counters)| {
        counters::dr_case(counters, orientation.axes().corners)
    });
    let case_note = case
        .as_ref()
        .map(|case| format!(" (DR case {case})"))
        .unwrap_or_default();
    let text = match (new, reached_name(after.level)) {
        (true, Some(name)) => format!(
            "{name} \u{2713} ({}), {moves}{case_note}",
            axes.as_deref().unwrap_or("")
        ),
        _ if wrong.is_empty() => format!("nothing new, {moves}"),
        _ => format!("nothing new, {moves}: {}{case_note}", wrong.join(", ")),
    };
    StepCheck {
        moves: step.moves.clone(),
        side: step.side,
        reaches: reached_name(after.level),
        axes,
        new,
        wrong,
        optimal: optimal.as_ref().map(|optimum| optimum.moves),
        working_on: optimal.as_ref().map(|optimum| optimum.kind.name()),
        optimal_on: optimal.and_then(|optimum| optimum.on),
        case,
        text,
    }
}

/// The next goal's stage, the orientation its counters are counted in and
/// the counters (none once solved): on the axes the attempt reaches DR on,
/// where it does and they are among those it stands on, else where the
/// cube is nearest to the goal.
fn next_counters(
    cube: &CubieCube,
    stand: &Stand,
    dr_on: &[&Orientation],
) -> Option<(StageKind, &'static Orientation, Vec<Counter>)> {
    let &kind = StageKind::ALL.get(stand.level)?;
    let orientation = stand
        .on
        .iter()
        .copied()
        .find(|o| dr_on.contains(o))
        .or_else(|| {
            stand
                .on
                .iter()
                .copied()
                .min_by_key(|o| distance(cube, o, kind))
        })
        .expect("some orientation comes furthest");
    let counters = counters::counters(kind, &orientation.conjugate(cube)).unwrap_or_default();
    Some((kind, orientation, counters))
}

/// The shortest completion the fewest-moves search finds in the
/// orientations the attempt has come furthest in, going on on `side`.
fn completion(
    scramble: &CubieCube,
    sides: &Sides,
    side: Side,
    orientations: &[&'static Orientation],
    budget: u64,
) -> Completion {
    let cube = sides.cube(scramble, side);
    let attempt_length = sides.solution().len();
    orientations
        .iter()
        .map(|&o| {
            let found = fewest::solve_fewest_in(&cube, o, budget).expect("the cube was checked");
            let apart = attempt_length + found.len();
            let mut whole = sides.clone();
            for stage in &found.stages {
                whole.push(&Step {
                    moves: stage.moves.clone(),
                    side,
                });
            }
            let whole = whole.solution();
            Completion {
                stages: found.stages,
                side,
                axes: found.axes,
                solution: format_moves(&whole),
                length: whole.len(),
                merged: apart - whole.len(),
            }
        })
        .min_by_key(|c| c.length)
        .expect("some orientation comes furthest")
}

/// `check` with the default fewest-moves budget for a completion.
pub fn check_attempt(
    scramble: &CubieCube,
    steps: &[Step],
    complete: bool,
) -> Result<AttemptCheck, CheckError> {
    check(scramble, steps, complete.then_some(fewest::DEFAULT_BUDGET))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::notation::parse;
    use crate::solve::niss::read_attempt;

    fn run(scramble: &str, attempt: &str, complete: bool) -> AttemptCheck {
        let cube = parse(scramble).unwrap().cube();
        check_attempt(&cube, &read_attempt(attempt).unwrap(), complete).unwrap()
    }

    /// An FMC scramble whose EO on U/D, `D' L F D2 L2 D'`, and DR after
    /// it, `L' F2 R F' L'`, also make an EO on R/L.
    const EO_ON_UD_THEN_DR: &str =
        "R' U' F L U' D L B L' D2 F2 B2 L R B' L' U2 D2 L2 B' L2 F2 B2 U2 R' U' F";

    /// Stages with moves, each a step on the normal side.
    fn normal_steps(stages: &[SolvedStage]) -> Vec<Step> {
        stages
            .iter()
            .filter(|s| !s.moves.is_empty())
            .map(|s| Step {
                moves: s.moves.clone(),
                side: Side::Normal,
            })
            .collect()
    }

    #[test]
    fn the_fast_solution_stage_by_stage_reaches_each_goal_in_turn() {
        let scramble = "R U2 F' L D B2 R' F U L2 D'";
        let cube = parse(scramble).unwrap().cube();
        let fast = crate::solve::solver::solve(&cube).unwrap();
        let steps = normal_steps(&fast.stages);
        let result = check_attempt(&cube, &steps, false).unwrap();
        assert_eq!(result.reached, Some("Half-turn finish"));
        assert!(result.solved);
        let unfinished = check_attempt(&cube, &steps[..steps.len() - 1], false).unwrap();
        assert!(!unfinished.solved);
        assert!(cube.apply(&fast.moves()).is_solved());
        // After the first stage, checked by hand: no edge is flipped for
        // the F/B axis, the classic orientation's (the cubie model's own
        // edge orientation).
        let first = &result.steps[0];
        assert!(first.new);
        assert!(first.reaches.is_some());
        assert_eq!(cube.apply(&steps[0].moves).eo, [0; 12]);
        assert!(first.axes.as_deref().unwrap().contains("F/B"), "{first:?}");
        for (step, stage) in result
            .steps
            .iter()
            .zip(fast.stages.iter().filter(|s| !s.moves.is_empty()))
        {
            assert!(step.optimal.unwrap() <= stage.moves.len(), "{step:?}");
        }
    }

    /// An EO, then a half turn, which keeps the EO and reaches no DR: the
    /// DR case, in FMC words, agrees with what is still wrong.
    #[test]
    fn before_dr_the_case_is_given_in_fmc_words() {
        let scramble = "R U2 F' L D B2 R' F U L2 D'";
        let cube = parse(scramble).unwrap().cube();
        let eo = crate::solve::solver::solve(&cube).unwrap().stages[0]
            .moves
            .clone();
        let attempt = format!("{}\nR2", crate::cube::notation::format_moves(&eo));
        let result = run(scramble, &attempt, false);
        assert!(
            result.steps[0].text.contains("(DR case "),
            "{:?}",
            result.steps[0]
        );
        let step = &result.steps[1];
        assert!(!step.new, "{step:?}");
        let dr = step.case.as_ref().expect("a DR case before DR");
        let case = &dr.name;
        let count = |noun: &str| {
            step.wrong
                .iter()
                .find(|w| w.contains(noun))
                .map_or("0", |w| w.split(' ').next().unwrap())
                .to_string()
        };
        let expected = format!(
            "{}c{}e",
            count("twisted corner"),
            count("middle-layer edge")
        );
        assert_eq!(*case, expected, "{step:?}");
        assert!(
            step.text
                .ends_with(&format!("(DR case {case} on {})", dr.corners)),
            "{}",
            step.text
        );
    }

    /// The steps of `solution` as an attempt, empty stages left out.
    fn attempt_of(solution: &crate::solve::niss::NissSolution) -> Vec<Step> {
        solution
            .steps()
            .into_iter()
            .filter(|step| !step.moves.is_empty())
            .collect()
    }

    /// A solution worked on R/L's edges: its EO and DR lines name those axes,
    /// not the classic ones every later goal is also reached on; its HTR and
    /// finish lines, reached on every axis alike, name none.
    #[test]
    fn each_line_names_the_axes_of_its_own_step() {
        let cube = parse("R U2 F' L D B2 R' F U L2 D' B").unwrap().cube();
        let axes = Axes {
            edges: crate::solve::orientation::Axis::RL,
            corners: crate::solve::orientation::Axis::UD,
        };
        let on = Orientation::with_axes(axes).unwrap();
        let solution = fewest::solve_fewest_in(&cube, on, 20_000).unwrap();
        let steps = attempt_of(&crate::solve::niss::NissSolution::normal(solution));
        let result = check_attempt(&cube, &steps, false).unwrap();
        assert_eq!(result.steps[0].axes.as_deref(), Some("R/L"));
        // HTR and the solved cube are the same on every axis: none named.
        let (dr, rest) = result.steps[1..].split_first().unwrap();
        assert_eq!(dr.axes.as_deref(), Some("edges R/L, corners U/D"));
        for step in rest {
            assert_eq!(step.axes, None, "{step:?}");
        }
    }

    /// Check and Progress give the same DR case, on the same axis, for the
    /// same position: the solution's own, after its EO (on either side).
    #[test]
    fn check_and_progress_agree_on_the_dr_case() {
        for scramble in [
            "R U2 F' L D B2 R' F U L2 D' B",
            "B2 L' D2 U' R2 F' L B U2 R' D F2",
            "F2 U' R L2 B D' F R2 U B' L",
        ] {
            let cube = parse(scramble).unwrap().cube();
            let solution = fewest::solve_fewest_niss(&cube, 30_000).unwrap();
            let plain = crate::solve::solver::Solution::with_axes(
                solution.stages.clone().map(|s| s.moves),
                solution.axes,
            );
            let progress = counters::progress_on_sides(&cube, &plain, &solution.sides).unwrap();
            let shown = counters::dr_case(&progress[1][0].counters, solution.axes.corners);
            let result = check_attempt(&cube, &attempt_of(&solution), false).unwrap();
            assert_eq!(result.steps[0].case, shown, "{scramble}");
            let case = shown.unwrap();
            assert!(
                result.steps[0]
                    .text
                    .ends_with(&format!("(DR case {} on {})", case.name, case.corners)),
                "{}",
                result.steps[0].text
            );
        }
    }

    /// A step that does EO and DR in one names the stage its optimum is
    /// of, EO's (where it began), not the DR it reaches.
    #[test]
    fn a_step_reaching_two_goals_names_the_stage_its_optimum_is_of() {
        let scramble = "R U2 F' L D B2 R' F U L2 D' B";
        let cube = parse(scramble).unwrap().cube();
        let solution = fewest::solve_fewest(&cube, 30_000).unwrap();
        let both = [&solution.stages[0].moves[..], &solution.stages[1].moves[..]].concat();
        let result = check_attempt(
            &cube,
            &[Step {
                moves: both,
                side: Side::Normal,
            }],
            false,
        )
        .unwrap();
        let step = &result.steps[0];
        assert_eq!(step.reaches, Some(StageKind::OrientCornersSlice.name()));
        assert_eq!(step.working_on, Some(StageKind::OrientEdges.name()));
        let eo = Orientation::all()
            .iter()
            .map(|o| distance(&cube, o, StageKind::OrientEdges))
            .min();
        assert_eq!(step.optimal, eo);
    }

    /// A step on the inverse scramble has its optimum counted there: for
    /// this scramble the two sides' EO distances differ.
    #[test]
    fn a_steps_optimum_is_counted_on_its_own_side() {
        let scramble = "R U F L' D2 B";
        let cube = parse(scramble).unwrap().cube();
        let eo = |c: &CubieCube| {
            Orientation::all()
                .iter()
                .map(|o| distance(c, o, StageKind::OrientEdges))
                .min()
                .unwrap()
        };
        assert_ne!(eo(&cube), eo(&cube.inverse()), "the sides differ here");
        let result = run(scramble, "(U)", false);
        assert_eq!(result.steps[0].optimal, Some(eo(&cube.inverse())));
        let result = run(scramble, "U", false);
        assert_eq!(result.steps[0].optimal, Some(eo(&cube)));
    }

    /// The shortest is named with its axes, which need not be the step's:
    /// here the step orients edges on R/L while the shortest EO from the
    /// inverse scramble is on F/B.
    #[test]
    fn a_steps_optimum_names_its_axes() {
        let scramble = "U2 B2 U2 R2 U2 L F2 U2 L' B U2 L B2 L2 F2 L U R2 D' L";
        let inverse = parse(scramble).unwrap().cube().inverse();
        let result = run(scramble, "(D' L U D' R)", false);
        let step = &result.steps[0];
        assert_eq!(step.axes.as_deref(), Some("R/L"));
        let on = step.optimal_on.as_deref().expect("named");
        let orientation = Orientation::all()
            .iter()
            .find(|o| o.axes().edges.to_string() == on)
            .unwrap();
        assert_eq!(
            Some(distance(&inverse, orientation, StageKind::OrientEdges)),
            step.optimal
        );
        let on_its_own = Orientation::all()
            .iter()
            .filter(|o| o.axes().edges.to_string() == "R/L")
            .map(|o| distance(&inverse, o, StageKind::OrientEdges))
            .min();
        assert!(step.optimal < on_its_own, "{step:?}");
    }

    #[test]
    fn an_attempt_with_no_moves_is_refused() {
        let cube = parse("R U F").unwrap().cube();
        for text in ["", "// only a comment", "\n\n", "()"] {
            let steps = read_attempt(text).unwrap();
            assert_eq!(
                check_attempt(&cube, &steps, false),
                Err(CheckError::Empty),
                "{text:?}"
            );
        }
    }

    #[test]
    fn a_wrong_step_says_what_is_still_wrong() {
        // After R U F' the cube has flipped edges on every axis; U keeps
        // the same flips on the F/B and R/L axes.
        let result = run("R U F' L B'", "U", false);
        let step = &result.steps[0];
        assert!(!step.new);
        assert_eq!(step.reaches, None);
        // The count names its axis.
        assert!(
            step.wrong.iter().any(|w| w.contains("flipped edge")
                && ["F/B", "R/L", "U/D"]
                    .iter()
                    .any(|axis| w.ends_with(&format!(" on {axis}")))),
            "{step:?}"
        );
        assert!(step.optimal.is_some());
    }

    #[test]
    fn inverse_steps_count_on_the_inverse_scramble() {
        // The scramble's inverse applied on the inverse side solves it too.
        let result = run("R U F", "(F R U) // not quite", false);
        assert_eq!(result.steps[0].side, Side::Inverse);
        let solved = run("R U F", "(R U F)", false);
        assert_eq!(solved.reached, Some("Half-turn finish"));
        assert_eq!(solved.solution, "F' U' R'");
        assert_eq!(result.length, 3);
    }

    /// An EO and a DR worked on any of the six orientations are completed
    /// on axes where each reaches its goal where the attempt says it does:
    /// a DR is an EO on two axes, and the completion once took the other
    /// one (the scramble below: EO on U/D, completed on R/L's edges).
    #[test]
    fn a_completion_keeps_the_axes_of_the_attempts_own_steps() {
        let mut scrambles = vec![parse(EO_ON_UD_THEN_DR).unwrap().cube()];
        use rand::SeedableRng;
        let mut rng = rand::rngs::StdRng::seed_from_u64(42);
        scrambles.extend((0..3).map(|_| crate::solve::scramble::random_state(&mut rng)));
        for cube in scrambles {
            for on in Orientation::all() {
                let solution = fewest::solve_fewest_in(&cube, on, 20_000).unwrap();
                let steps = normal_steps(&solution.stages[..2]);
                let result = check_attempt(&cube, &steps, true).unwrap();
                let completion = result.completion.expect("asked for");
                let completed_on = Orientation::with_axes(completion.axes).unwrap();
                let mut after = cube;
                for (step, checked) in steps.iter().zip(&result.steps) {
                    after = after.apply(&step.moves);
                    let level = StageKind::ALL
                        .iter()
                        .position(|k| Some(k.name()) == checked.reaches)
                        .map_or(0, |k| k + 1);
                    assert!(
                        crate::solve::solver::goals_reached(&after, completed_on) >= level,
                        "{:?} then {:?}, completed on {:?}",
                        on.axes(),
                        checked.text,
                        completion.axes
                    );
                }
            }
        }
    }

    /// The FMC competitor's case: an EO on U/D, then a DR; completed, it
    /// plays on stage by stage, the attempt's steps first, and solves.
    #[test]
    fn a_completed_eo_and_dr_play_on_stage_by_stage() {
        let cube = parse(EO_ON_UD_THEN_DR).unwrap().cube();
        let steps = read_attempt("D' L F D2 L2 D' // EO\nL' F2 R F' L' // DR").unwrap();
        let result = check_attempt(&cube, &steps, true).unwrap();
        let played = result.staged(&cube, &steps).expect("completed").unwrap();
        assert_eq!(played.solution.stages[0].moves, steps[0].moves);
        assert_eq!(played.solution.stages[1].moves, steps[1].moves);
        assert!(cube.apply(&played.solution.moves()).is_solved());
        assert_eq!(played.attempt_ends, 11, "playback goes on after the DR");
        // Part-way through DR, the attempt ends where its moves do, and
        // the completion's DR moves follow in the same stage.
        let part = read_attempt("D' L F D2 L2 D' // EO\nL' F2 R").unwrap();
        let result = check_attempt(&cube, &part, true).unwrap();
        let played = result.staged(&cube, &part).expect("completed").unwrap();
        let stage_order: Vec<Move> = played
            .solution
            .stages
            .iter()
            .flat_map(|s| s.moves.clone())
            .collect();
        let attempt: Vec<Move> = part.iter().flat_map(|s| s.moves.clone()).collect();
        assert!(played.attempt_ends <= attempt.len() && played.attempt_ends + 2 >= attempt.len());
        assert_eq!(
            stage_order[..played.attempt_ends],
            attempt[..played.attempt_ends]
        );
    }

    /// A step written as HTR and finish at once plays as both stages: HTR's
    /// moves up to where the cube reaches its goal for the rest of the step,
    /// then the finish's.
    #[test]
    fn a_step_that_reaches_two_goals_plays_as_both_stages() {
        let scramble = "R U2 F' L D B2 R' F U L2 D'";
        let cube = parse(scramble).unwrap().cube();
        let fast = crate::solve::solver::solve(&cube).unwrap();
        let [eo, dr, htr, finish] = fast.stages.clone().map(|s| format_moves(&s.moves));
        assert!(!htr.is_empty() && !finish.is_empty(), "{htr} / {finish}");
        let steps = read_attempt(&format!("{eo}\n{dr}\n{htr} {finish} // HTR and finish")).unwrap();
        let result = check_attempt(&cube, &steps, true).unwrap();
        assert!(result.solved);
        let played = result.staged(&cube, &steps).expect("completed").unwrap();
        let stages = played
            .solution
            .stages
            .each_ref()
            .map(|s| format_moves(&s.moves));
        assert_eq!(stages, [eo, dr, htr, finish]);
        assert!(cube.apply(&played.solution.moves()).is_solved());
        assert_eq!(played.attempt_ends, played.solution.moves().len());
    }

    /// A step ending `R L` whose completion starts by undoing both: the
    /// completed count cancels them across the opposite face, as a
    /// competitor writes it, and playback goes on after the one move of
    /// the attempt's that the whole solution keeps.
    #[test]
    fn a_completion_cancels_across_the_opposite_face() {
        let cube = parse("R U F").unwrap().cube();
        let steps = read_attempt("F' // EO\nR L").unwrap();
        let result = check_attempt(&cube, &steps, true).unwrap();
        let completion = result.completion.as_ref().expect("completed");
        assert_eq!(completion.length, 3, "{}", completion.solution);
        let whole = parse(&completion.solution).unwrap().face_moves();
        assert!(cube.apply(&whole).is_solved());
        let played = result.staged(&cube, &steps).expect("completed").unwrap();
        assert_eq!(played.attempt_ends, 1, "F' is all the attempt keeps");
        assert!(cube.apply(&played.solution.moves()).is_solved());
    }

    /// Where the attempt's last move and the completion's first are on one
    /// face, the whole solution writes them as one: `R'` then `R2` reads
    /// `R`, and the completion says how many moves that saves, so that a
    /// competitor is not left to wonder where their `R'` went.
    #[test]
    fn a_completion_says_where_it_merged_with_the_attempt() {
        let cube = parse("R U2 F' L D B2 R' F U L2 D' B").unwrap().cube();
        let completed = |attempt: &str| {
            let steps = read_attempt(attempt).unwrap();
            let result = check_attempt(&cube, &steps, true).unwrap();
            let completion = result.completion.expect("completed");
            let whole = parse(&completion.solution).unwrap().face_moves();
            assert!(cube.apply(&whole).is_solved());
            let typed: usize = steps.iter().map(|step| step.moves.len()).sum();
            (completion, typed)
        };
        let (merged, typed) = completed("D L2 U' R F // EO\nU R D L B2 D R D2 R'");
        assert_eq!(merged.merged, 1, "{}", merged.solution);
        assert!(merged
            .solution
            .starts_with("D L2 U' R F U R D L B2 D R D2 R U'"));
        let added: usize = merged.stages.iter().map(|stage| stage.moves.len()).sum();
        assert_eq!(merged.length + merged.merged, typed + added);
        let (apart, _) = completed("D L2 U' R F // EO\nU R D L B2 D R D2 R U'");
        assert_eq!(apart.merged, 0, "{}", apart.solution);
    }

    /// Moves that meet on one face merge within a line as across lines,
    /// so the count and the completion do not depend on where the lines
    /// break: `R R R R` is nothing, and a completion never reads `R R2`.
    #[test]
    fn moves_merge_within_a_step_as_across_steps() {
        let scramble = "F2 L2 D2 L2 D R2 U' B2 U B2 R' D' R2 D2 U' R' D B L' U2 R";
        for (one_line, two_lines) in [
            ("R R R R", "R R\nR R"),
            ("R R' U", "R\nR'\nU"),
            ("R L R", "R L\nR"),
        ] {
            let (one, two) = (
                run(scramble, one_line, true),
                run(scramble, two_lines, true),
            );
            assert_eq!(
                (one.length, &one.solution),
                (two.length, &two.solution),
                "{one_line}"
            );
            assert_eq!(one.completion, two.completion, "{one_line}");
        }
        assert_eq!(run(scramble, "R R R R", false).length, 0);
        assert_eq!(run(scramble, "R L R", false).solution, "R2 L");
        let completed = run(scramble, "R R", true).completion.expect("completed");
        let whole = parse(&completed.solution).unwrap().face_moves();
        assert!(
            whole.windows(2).all(|pair| pair[0].face != pair[1].face),
            "{}",
            completed.solution
        );
    }

    /// An EO on U/D, then a step that leaves it for an EO on R/L: the rest
    /// is found on R/L's edges, where the first step reaches no goal, so
    /// it is not played on, and the reason names the stage and the axes.
    #[test]
    fn an_attempt_that_changes_axes_is_not_played_on() {
        let cube = parse("R U2 F' L D B2 R' F U L2 D' B").unwrap().cube();
        let eo_on = |edges| {
            let on = Orientation::with_axes(Axes {
                edges,
                corners: crate::solve::orientation::Axis::FB,
            })
            .unwrap();
            fewest::solve_fewest_in(&cube, on, 20_000).unwrap().stages[0]
                .moves
                .clone()
        };
        let ud = eo_on(crate::solve::orientation::Axis::UD);
        let rl = eo_on(crate::solve::orientation::Axis::RL);
        let back: Vec<Move> = ud.iter().rev().map(|m| m.inverse()).collect();
        let steps = [
            Step {
                moves: ud,
                side: Side::Normal,
            },
            Step {
                moves: niss::joined(&back, &rl),
                side: Side::Normal,
            },
        ];
        let result = check_attempt(&cube, &steps, true).unwrap();
        let why = result
            .staged(&cube, &steps)
            .expect("completed")
            .unwrap_err();
        assert!(
            matches!(
                why,
                Unplayable::OffAxes {
                    stage: StageKind::OrientEdges,
                    ..
                }
            ),
            "{why:?}"
        );
        assert!(why.to_string().contains("edges R/L"), "{why}");
    }

    #[test]
    fn a_mixed_unfinished_attempt_is_completed_into_a_solution() {
        let scramble = "R U2 F' L D B2 R' F U";
        let cube = parse(scramble).unwrap().cube();
        let result = run(scramble, "U' F' // normal\n(B2)", true);
        let completion = result.completion.expect("asked for");
        let whole = parse(&completion.solution).unwrap().face_moves();
        assert!(cube.apply(&whole).is_solved(), "{}", completion.solution);
        assert_eq!(completion.length, whole.len());
        assert!(
            completion.solution.starts_with("U' F'") || completion.solution.starts_with("U' F")
        );
    }

    /// An attempt that stops part-way through a stage on the inverse
    /// scramble is finished there, so it plays on stage by stage.
    #[test]
    fn a_stage_left_part_way_on_the_inverse_is_finished_there() {
        let scramble = "R U2 F' L D B2 R' F U";
        let cube = parse(scramble).unwrap().cube();
        let result = run(scramble, "(B2 R)", true);
        let completion = result.completion.expect("asked for");
        assert_eq!(completion.side, Side::Inverse);
        let whole = parse(&completion.solution).unwrap().face_moves();
        assert!(cube.apply(&whole).is_solved(), "{}", completion.solution);
        // Played as the inverse side sees it: its moves then the rest.
        let inverse_rest: Vec<Move> = completion
            .stages
            .iter()
            .flat_map(|s| s.moves.clone())
            .collect();
        let on_inverse = cube.inverse().apply(&parse("B2 R").unwrap().face_moves());
        assert!(on_inverse.apply(&inverse_rest).is_solved());
    }
}

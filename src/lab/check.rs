//! Checking a person's own fewest-moves attempt, step by step: after each
//! step (on the normal or the inverse scramble, `niss`), which of the
//! chain's goals the cube has reached and on which axes, what is still
//! wrong in the group counters' words, and how short that stage could have
//! been from where the step began; then, on request, the rest of the
//! solution from where the attempt stops, by the fewest-moves search on the
//! attempt's own axes. The command line's `check` and the page's Check
//! panel show this.

use crate::cube::cubie::{CubieCube, InvalidCube, Move};
use crate::cube::notation::format_moves;
use crate::show::counters::{self, Counter};
use crate::solve::fewest;
use crate::solve::niss::{self, Side, Sides, Step};
use crate::solve::orientation::{Axes, Orientation};
use crate::solve::solver::{furthest, Distance, SolvedStage};
use crate::solve::stage::StageKind;
use crate::solve::tables;
use serde::Serialize;

/// Stage `kind`'s exact distance for the cube seen in `orientation`, which
/// must have reached every earlier goal there.
fn distance(cube: &CubieCube, orientation: &Orientation, kind: StageKind) -> usize {
    tables::stages().visit(kind, Distance(&orientation.conjugate(cube)))
}

/// The axes a level is reached on, in words: the edge axis alone for the
/// first goal, both axes after.
fn axes_text(level: usize, orientation: &Orientation) -> Option<String> {
    let axes = orientation.axes();
    match level {
        0 => None,
        1 => Some(axes.edges.to_string()),
        _ => Some(axes.to_string()),
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
    /// The axes it is reached on: `F/B` for edges alone, or `edges F/B,
    /// corners U/D`.
    pub axes: Option<String>,
    /// Whether this step reached a goal the cube had not reached before.
    pub new: bool,
    /// Where it reached nothing new, what is still wrong for the stage
    /// being worked on, in the counters' words.
    pub wrong: Vec<String>,
    /// The optimal length of the stage being worked on, from where the step
    /// began (none once the cube was solved).
    pub optimal: Option<usize>,
    /// Before DR, the DR case in fewest-moves words: `4c2e` for four
    /// twisted corners and two middle-layer edges out of their layer.
    pub case: Option<String>,
    /// The read-out: `Orient edges ✓ (F/B), 4 moves (DR case 4c2e)`.
    pub text: String,
}

fn serialize_moves<S: serde::Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(ToString::to_string))
}

/// The rest of the solution from where an attempt stops.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Completion {
    /// The stages the search adds, on the normal side, after the attempt's
    /// normal moves.
    pub stages: [SolvedStage; StageKind::COUNT],
    /// The axes the stages work on.
    pub axes: Axes,
    /// The whole solution: the attempt's normal moves, these stages, then
    /// the inverse of the attempt's inverse moves, joins merged.
    pub solution: String,
    pub length: usize,
}

/// An attempt, checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AttemptCheck {
    pub steps: Vec<StepCheck>,
    /// The last goal reached after every step.
    pub reached: Option<&'static str>,
    /// The attempt as one solution so far, `N · I⁻¹`, and its move count.
    pub solution: String,
    pub length: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completion: Option<Completion>,
}

/// Checks `steps` on `scramble`. With `complete`, adds the rest of the
/// solution found by the fewest-moves search within `budget` nodes in each
/// orientation where the attempt has come furthest.
pub fn check(
    scramble: &CubieCube,
    steps: &[Step],
    complete: Option<u64>,
) -> Result<AttemptCheck, InvalidCube> {
    scramble.check()?;
    let mut sides = Sides::default();
    let mut before = furthest(scramble);
    let mut checked = Vec::with_capacity(steps.len());
    for step in steps {
        let start = sides.normal_cube(scramble);
        let optimal = StageKind::ALL.get(before.0).map(|&kind| {
            before
                .1
                .iter()
                .map(|o| distance(&start, o, kind))
                .min()
                .expect("some orientation comes furthest")
        });
        sides.push(step);
        let cube = sides.normal_cube(scramble);
        let after = furthest(&cube);
        checked.push(step_check(step, &cube, &before, &after, optimal));
        before = after;
    }
    let solution = sides.solution();
    let completion = complete.map(|budget| completion(scramble, &sides, &before.1, budget));
    Ok(AttemptCheck {
        steps: checked,
        reached: reached_name(before.0),
        solution: format_moves(&solution),
        length: solution.len(),
        completion,
    })
}

fn reached_name(level: usize) -> Option<&'static str> {
    level.checked_sub(1).map(|k| StageKind::ALL[k].name())
}

fn step_check(
    step: &Step,
    cube: &CubieCube,
    before: &(usize, Vec<&'static Orientation>),
    after: &(usize, Vec<&'static Orientation>),
    optimal: Option<usize>,
) -> StepCheck {
    let (level, orientations) = after;
    let new = *level > before.0;
    let axes = axes_text(*level, orientations[0]);
    let moves = match step.moves.len() {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    };
    let next = next_counters(cube, *level, orientations);
    let wrong: Vec<String> = if new {
        Vec::new()
    } else {
        next.iter().filter_map(Counter::wrong).collect()
    };
    let case = counters::dr_case(&next);
    let case_note = case
        .as_ref()
        .map(|case| format!(" (DR case {case})"))
        .unwrap_or_default();
    let text = match (new, reached_name(*level)) {
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
        reaches: reached_name(*level),
        axes,
        new,
        wrong,
        optimal,
        case,
        text,
    }
}

/// The counters of the next goal's stage, in the orientation where the
/// cube is nearest to it (none once solved).
fn next_counters(cube: &CubieCube, level: usize, orientations: &[&Orientation]) -> Vec<Counter> {
    let Some(&kind) = StageKind::ALL.get(level) else {
        return Vec::new();
    };
    let nearest = orientations
        .iter()
        .min_by_key(|o| distance(cube, o, kind))
        .expect("some orientation comes furthest");
    counters::counters(kind, &nearest.conjugate(cube)).unwrap_or_default()
}

/// The shortest completion the fewest-moves search finds in the
/// orientations the attempt has come furthest in.
fn completion(
    scramble: &CubieCube,
    sides: &Sides,
    orientations: &[&'static Orientation],
    budget: u64,
) -> Completion {
    let cube = sides.normal_cube(scramble);
    let inverse = niss::inverted(&sides.inverse);
    orientations
        .iter()
        .map(|&o| {
            let found = fewest::solve_fewest_in(&cube, o, budget).expect("the cube was checked");
            let stages = found.stages;
            let rest: Vec<Move> = stages.iter().flat_map(|s| s.moves.clone()).collect();
            let whole = niss::joined(&niss::joined(&sides.normal, &rest), &inverse);
            Completion {
                stages,
                axes: found.axes,
                solution: format_moves(&whole),
                length: whole.len(),
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
) -> Result<AttemptCheck, InvalidCube> {
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

    #[test]
    fn the_fast_solution_stage_by_stage_reaches_each_goal_in_turn() {
        let scramble = "R U2 F' L D B2 R' F U L2 D'";
        let cube = parse(scramble).unwrap().cube();
        let fast = crate::solve::solver::solve(&cube).unwrap();
        let steps: Vec<Step> = fast
            .stages
            .iter()
            .filter(|s| !s.moves.is_empty())
            .map(|s| Step {
                moves: s.moves.clone(),
                side: Side::Normal,
            })
            .collect();
        let result = check_attempt(&cube, &steps, false).unwrap();
        assert_eq!(result.reached, Some("Half-turn finish"));
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
        let case = step.case.as_deref().expect("a DR case before DR");
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
        assert_eq!(case, expected, "{step:?}");
        assert!(
            step.text.ends_with(&format!("(DR case {case})")),
            "{}",
            step.text
        );
    }

    #[test]
    fn a_wrong_step_says_what_is_still_wrong() {
        // After R U F' the cube has flipped edges on every axis; U keeps
        // the same flips on the F/B and R/L axes.
        let result = run("R U F' L B'", "U", false);
        let step = &result.steps[0];
        assert!(!step.new);
        assert_eq!(step.reaches, None);
        assert!(
            step.wrong
                .iter()
                .any(|w| w.ends_with("flipped edges") || w.ends_with("flipped edge")),
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
}

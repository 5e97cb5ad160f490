//! The group counters, checked at every state of a thousand solutions in
//! each mode against definitions written out here independently: plain
//! loops over the cubie arrays with the position sets spelled out, the
//! distance from an unmerged fast solve of the state, and the move line
//! rebuilt from those values.

#[path = "common/axes.rs"]
mod axes;
#[path = "common/run.rs"]
mod run;

use run::succeed;
use std::time::Instant;
use thistle::cube::cubie::{CubieCube, Move};
use thistle::cube::notation;
use thistle::show::counters::{self, Counter, CounterError, Step};
use thistle::solve::niss::Side;
use thistle::solve::orientation::Axis;
use thistle::solve::solver::{self, Solution};
use thistle::solve::stage::StageKind;
use thistle::solve::{fewest, scramble};

const STATES: u64 = 1_000;

/// A counter's value, as the definitions below compute it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    Count(u8),
    Parity(&'static str),
    /// The distance and the stage's longest optimal solution.
    Distance(u8, u8),
}

/// The counter as (label, value), read through its public data only.
fn read(counter: &Counter) -> (&'static str, Value) {
    let value = match *counter {
        Counter::Count(_, n) => Value::Count(n),
        Counter::Parity(p) => Value::Parity(if p == counters::Parity::Even {
            "even"
        } else {
            "odd"
        }),
        Counter::Distance { distance, max } => Value::Distance(distance, max),
    };
    (counter.label(), value)
}

fn count(n: usize) -> Value {
    Value::Count(n as u8)
}

fn contains(set: &[u8], x: usize) -> bool {
    set.contains(&(x as u8))
}

/// Whether a permutation is odd, by counting inversions (the library counts
/// cycles).
fn odd(perm: &[u8]) -> bool {
    let mut inversions = 0;
    for i in 0..perm.len() {
        for j in i + 1..perm.len() {
            inversions += usize::from(perm[i] > perm[j]);
        }
    }
    inversions % 2 == 1
}

const MAX: [u8; 4] = [7, 10, 13, 15];

/// A state's exact distance from stage `k`'s goal, for a state in the group
/// stage `k` works in: every earlier stage of a fast solve is then empty,
/// and stage `k`'s is optimal.
fn distance(k: usize, cube: &CubieCube) -> u8 {
    let stages = solver::stage_moves(cube);
    assert!(
        stages[..k].iter().all(Vec::is_empty),
        "a state of stage {} is outside its group",
        k + 1
    );
    stages[k].len() as u8
}

/// Stage `k`'s counters of `c`, from DESIGN.md's definitions.
fn independent(k: usize, c: &CubieCube) -> Vec<(&'static str, Value)> {
    let mut list = Vec::new();
    match k {
        0 => {
            let flipped = (0..12).filter(|&i| c.eo[i] == 1).count();
            list.push(("Flipped edges", count(flipped)));
        }
        1 => {
            let twisted = (0..8).filter(|&i| c.co[i] != 0).count();
            list.push(("Twisted corners", count(twisted)));
            // Pieces FR FL BL BR, positions FR FL BL BR.
            let middle = [8, 9, 10, 11];
            let outside = (0..12)
                .filter(|&i| contains(&middle, c.ep[i] as usize) && !contains(&middle, i))
                .count();
            list.push((
                "Middle-layer edges outside the middle layer",
                count(outside),
            ));
        }
        2 => {
            // Pieces UF UB DF DB, positions UF UB DF DB.
            let m_slice = [1, 3, 5, 7];
            let outside = (0..12)
                .filter(|&i| contains(&m_slice, c.ep[i] as usize) && !contains(&m_slice, i))
                .count();
            list.push(("M-slice edges outside the M slice", count(outside)));
            // {URF, ULB, DLF, DRB}; the other tetrad is {UFL, UBR, DFR, DBL}.
            let tetrad = [0, 2, 5, 7];
            let astray = (0..8)
                .filter(|&i| contains(&tetrad, c.cp[i] as usize) != contains(&tetrad, i))
                .count();
            list.push(("Corners outside their tetrad", count(astray)));
            let parity = if odd(&c.cp) { "odd" } else { "even" };
            list.push(("Permutation parity", Value::Parity(parity)));
        }
        _ => {
            let corners = (0..8).filter(|&i| c.cp[i] as usize != i).count();
            let edges = (0..12).filter(|&i| c.ep[i] as usize != i).count();
            list.push(("Pieces out of place", count(corners + edges)));
        }
    }
    list.push((
        "Distance to this stage's goal",
        Value::Distance(distance(k, c), MAX[k]),
    ));
    list
}

fn at_goal(value: Value) -> bool {
    matches!(
        value,
        Value::Count(0) | Value::Parity("even") | Value::Distance(0, _)
    )
}

/// How a move line names one or several of what a counter counts.
fn nouns(label: &str) -> (&'static str, &'static str) {
    match label {
        "Flipped edges" => ("flipped edge", "flipped edges"),
        "Twisted corners" => ("twisted corner", "twisted corners"),
        "Middle-layer edges outside the middle layer" => (
            "middle-layer edge outside the middle layer",
            "middle-layer edges outside the middle layer",
        ),
        "M-slice edges outside the M slice" => (
            "M-slice edge outside the M slice",
            "M-slice edges outside the M slice",
        ),
        "Corners outside their tetrad" => {
            ("corner outside its tetrad", "corners outside their tetrad")
        }
        "Pieces out of place" => ("piece out of place", "pieces out of place"),
        other => panic!("{other} is not a count"),
    }
}

/// The line a move's counters call for: each changed counter in order,
/// then the distance.
fn expected_line(
    m: Move,
    before: &[(&'static str, Value)],
    after: &[(&'static str, Value)],
) -> String {
    let mut changes = Vec::new();
    let mut tail = String::new();
    for (&(label, a), &(_, b)) in before.iter().zip(after) {
        match (a, b) {
            (Value::Count(a), Value::Count(b)) if a != b => {
                let n = a.abs_diff(b);
                let (one, many) = nouns(label);
                let noun = if n == 1 { one } else { many };
                let word = if b > a { "more" } else { "fewer" };
                changes.push(format!("{n} {word} {noun} ({a} → {b})"));
            }
            (Value::Parity(a), Value::Parity(b)) if a != b => {
                changes.push(format!("parity {a} → {b}"));
            }
            (Value::Distance(a, _), Value::Distance(b, _)) if a == b => {
                tail = format!("; distance stays {a}");
            }
            (Value::Distance(a, _), Value::Distance(b, _)) => {
                tail = format!("; distance {a} → {b}");
            }
            _ => {}
        }
    }
    let changes = if changes.is_empty() {
        "nothing this stage counts changed".to_string()
    } else {
        changes.join(", ")
    };
    format!("{m}: {changes}{tail}")
}

fn distance_of(counters: &[(&'static str, Value)]) -> u8 {
    match counters.last() {
        Some(&(_, Value::Distance(d, _))) => d,
        other => panic!("the distance comes last, not {other:?}"),
    }
}

/// Walks a solution of `cube` state by state, checking the counters against
/// the independent definitions, the move lines against the counters, and
/// that each stage ends at its goal values. Returns each stage's distances,
/// from its start through each move.
fn check_progress(cube: &CubieCube, solution: &Solution, what: &str) -> Vec<Vec<u8>> {
    let progress = counters::progress(cube, solution).expect("a solution of the cube");
    check_steps(
        &progress,
        solution,
        &[Side::Normal; 4],
        solution.inverse_moves(),
        what,
    )
}

/// Moves that undo `moves`.
fn undo(moves: &[Move]) -> Vec<Move> {
    moves.iter().rev().map(|m| m.inverse()).collect()
}

/// As `check_progress`, from the counters of stages on `sides`, the cube
/// being `moves` applied to a solved cube. A stage on the inverse side
/// counts the inverse of the cube so far: its moves undone in reverse.
fn check_steps(
    progress: &[Vec<Step>; StageKind::COUNT],
    solution: &Solution,
    sides: &[Side; StageKind::COUNT],
    mut moves: Vec<Move>,
    what: &str,
) -> Vec<Vec<u8>> {
    // The counters follow the solution's axes: the definitions apply to the
    // cube turned so that those axes are the classic ones.
    let r = axes::rotation_to_classic(solution.axes);
    let mut side = Side::Normal;
    let mut state = axes::seen_through(&r, &moves);
    let mut distances = Vec::new();
    for (k, (stage, steps)) in solution.stages.iter().zip(progress).enumerate() {
        if sides[k] != side {
            side = sides[k];
            moves = undo(&moves);
            state = axes::seen_through(&r, &moves);
        }
        assert_eq!(steps.len(), stage.moves.len() + 1, "{what}");
        let mut before = independent(k, &state);
        let actual: Vec<_> = steps[0].counters.iter().map(read).collect();
        assert_eq!(actual, before, "{what}: start of stage {}", k + 1);
        assert_eq!(steps[0].made_by, None);
        let mut stage_distances = vec![distance_of(&before)];
        for (&m, step) in stage.moves.iter().zip(&steps[1..]) {
            moves.push(m);
            state = axes::seen_through(&r, &moves);
            let after = independent(k, &state);
            let actual: Vec<_> = step.counters.iter().map(read).collect();
            assert_eq!(actual, after, "{what}: after {m} in stage {}", k + 1);
            let line = expected_line(m, &before, &after);
            assert_eq!(step.made_by, Some((m, line)), "{what}");
            stage_distances.push(distance_of(&after));
            before = after;
        }
        assert!(
            before.iter().all(|&(_, value)| at_goal(value)),
            "{what}: stage {} ends at {before:?}",
            k + 1
        );
        distances.push(stage_distances);
    }
    distances
}

fn random_state(seed: u64) -> CubieCube {
    scramble::random_state(&mut scramble::rng(Some(seed)))
}

#[test]
fn fast_mode_counters_match_their_definitions_and_fall_one_per_move() {
    for seed in 0..STATES {
        let cube = random_state(seed);
        let solution = solver::solve(&cube).expect("a valid cube");
        let distances = check_progress(&cube, &solution, &format!("fast, seed {seed}"));
        // Each stage is optimal for its goal, and a merged join keeps that:
        // the earlier stage's last move went from distance 1 into its group
        // and still does, and the later stage starts one move further on
        // its shortest path. So the distance is the moves left, every move.
        for (k, stage) in distances.iter().enumerate() {
            let left: Vec<u8> = (0..stage.len() as u8).rev().collect();
            assert_eq!(*stage, left, "seed {seed}, stage {}", k + 1);
        }
        // Unmerged, as `solver::stage_moves` finds them, likewise.
        let unmerged = Solution::from_stages(solver::stage_moves(&cube));
        for (k, stage) in check_progress(&cube, &unmerged, "unmerged")
            .iter()
            .enumerate()
        {
            let left: Vec<u8> = (0..stage.len() as u8).rev().collect();
            assert_eq!(*stage, left, "seed {seed}, unmerged stage {}", k + 1);
        }
    }
}

#[test]
fn fewest_mode_counters_match_their_definitions_and_move_by_at_most_one() {
    for seed in 0..STATES {
        let cube = random_state(seed);
        let solution = fewest::solve_fewest(&cube, 20_000).expect("a valid cube");
        let distances = check_progress(&cube, &solution, &format!("fewest, seed {seed}"));
        for (k, stage) in distances.iter().enumerate() {
            for (i, pair) in stage.windows(2).enumerate() {
                assert!(
                    pair[0].abs_diff(pair[1]) <= 1,
                    "seed {seed}, stage {}, move {}: {pair:?}",
                    k + 1,
                    i + 1
                );
            }
            // A stage can take longer than its distance, never less.
            for (i, &d) in stage.iter().enumerate() {
                assert!(usize::from(d) <= stage.len() - 1 - i, "seed {seed}");
            }
        }
        // The last stage is a descent, so it is optimal.
        let last = &distances[StageKind::COUNT - 1];
        let left: Vec<u8> = (0..last.len() as u8).rev().collect();
        assert_eq!(*last, left, "seed {seed}");
    }
}

/// NISS solutions, whose stages count the cube of their own side: the
/// counters match the definitions on each side's cube, and each stage ends
/// at its goal there.
#[test]
fn niss_counters_follow_each_stage_on_its_side() {
    let mut inverse_stages = 0;
    for seed in 0..60 {
        let cube = random_state(seed);
        let found = fewest::solve_fewest_niss(&cube, 5_000).expect("a valid cube");
        let solution = Solution {
            stages: found.stages.clone(),
            axes: found.axes,
        };
        let progress = counters::progress_on_sides(&cube, &solution, &found.sides)
            .expect("each stage in its group on its side");
        check_steps(
            &progress,
            &solution,
            &found.sides,
            undo(&found.moves()),
            &format!("NISS, seed {seed}"),
        );
        inverse_stages += found
            .sides
            .iter()
            .zip(&found.stages)
            .filter(|(side, stage)| **side == Side::Inverse && !stage.moves.is_empty())
            .count();
    }
    assert!(inverse_stages >= 10, "only {inverse_stages} inverse stages");
}

/// The DR case words, on hand-built states.
#[test]
fn the_dr_case_counts_twisted_corners_and_slice_edges_out() {
    let case = |text: &str| {
        let cube = notation::parse(text).expect("notation").cube();
        let counted = counters::counters(StageKind::OrientCornersSlice, &cube).expect("in G1");
        counters::dr_case(&counted, Axis::UD).map(|case| case.to_string())
    };
    // R twists its four corners and takes FR and BR up and down, out of
    // the middle layer; R2 untwists them and swaps FR with BR, in the layer.
    assert_eq!(case("R").as_deref(), Some("4c2e on U/D"));
    assert_eq!(case("R2").as_deref(), Some("0c0e on U/D"));
    // R U': U' moves the R layer's top corners and the FR piece (now at
    // UR) on within the top layer: still four twisted, two out.
    assert_eq!(case("R U'").as_deref(), Some("4c2e on U/D"));
    let stage1 = counters::counters(StageKind::OrientEdges, &CubieCube::solved()).unwrap();
    assert_eq!(counters::dr_case(&stage1, Axis::UD), None);
}

#[test]
fn a_solution_of_another_cube_is_refused_with_the_stage_it_leaves() {
    let f = notation::parse("F").expect("notation").cube();
    let solution = solver::solve(&f).expect("a valid cube");
    assert_eq!(
        counters::progress(&CubieCube::solved(), &solution),
        Err(CounterError::OutsideStage {
            stage: StageKind::OrientCornersSlice,
            unfinished: StageKind::OrientEdges,
        })
    );
}

#[test]
fn steps_display_the_line_then_the_counters() {
    let f = notation::parse("F").expect("notation").cube();
    let solution = solver::solve(&f).expect("a valid cube");
    let progress = counters::progress(&f, &solution).expect("a solution of F");
    let lines: Vec<String> = progress[0].iter().map(Step::to_string).collect();
    assert_eq!(
        lines,
        [
            "start  [Flipped edges: 4 · Distance to this stage's goal: 1 of at most 7]",
            "F': 4 fewer flipped edges (4 → 0); distance 1 → 0  \
             [Flipped edges: 0 · Distance to this stage's goal: 0 of at most 7]"
        ]
    );
}

#[test]
fn cli_progress_json_ends_every_stage_at_its_goal_values() {
    let out = succeed(&["solve", "--progress", "--json", "R U R' U'"]);
    let record: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON line");
    let stages = record["stages"].as_array().expect("stages");
    let progress = record["progress"].as_array().expect("a progress field");
    assert_eq!(progress.len(), StageKind::COUNT);
    for (stage, steps) in stages.iter().zip(progress) {
        let moves = stage["moves"].as_array().expect("moves");
        let steps = steps.as_array().expect("a stage's steps");
        assert_eq!(steps.len(), moves.len() + 1);
        assert!(steps[0]["move"].is_null() && steps[0]["line"].is_null());
        for (m, step) in moves.iter().zip(&steps[1..]) {
            assert_eq!(&step["move"], m);
            let line = step["line"].as_str().expect("a move line");
            assert!(line.starts_with(&format!("{}: ", m.as_str().expect("a move"))));
        }
        let last = steps.last().expect("a start at least");
        for counter in last["counters"].as_array().expect("counters") {
            let value = &counter["value"];
            assert!(
                value == 0 || value == "even" || value["distance"] == 0,
                "{counter}"
            );
        }
    }
    assert!(progress[1].as_array().expect("stage 2").len() > 1);
}

#[test]
fn cli_progress_prints_a_line_per_state_under_each_stage() {
    let out = succeed(&["solve", "--progress", "R U R' U'"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "Scramble: R U R' U'");
    let progress: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("    "))
        .copied()
        .collect();
    // Four starts, and the four moves of stage 2.
    assert_eq!(progress.len(), 4 + 4, "{out}");
    assert!(progress.iter().all(|l| l.ends_with(']')));
    assert_eq!(lines[1], "Axes: edges F/B, corners U/D");
    assert_eq!(
        lines[3],
        "    start  [Flipped edges: 0 · Distance to this stage's goal: 0 of at most 7]"
    );
    assert!(lines[6].starts_with("    U: nothing this stage counts changed; distance 4 → 3  ["));
    let plain = succeed(&["solve", "R U R' U'"]);
    assert!(!plain.contains("start"));
}

/// Run with `cargo test --release --test counters -- --ignored --nocapture`.
#[test]
#[ignore]
fn a_counter_reading_takes_well_under_two_microseconds() {
    let mut states = Vec::new();
    for seed in 0..200 {
        let cube = random_state(seed);
        let solution = solver::solve(&cube).expect("a valid cube");
        let mut state = cube;
        for stage in &solution.stages {
            states.push((stage.kind, state));
            for &m in &stage.moves {
                state = state.apply_move(m);
                states.push((stage.kind, state));
            }
        }
    }
    counters::counters(StageKind::OrientEdges, &states[0].1).expect("tables built");
    let rounds = 20;
    let start = Instant::now();
    for _ in 0..rounds {
        for (kind, state) in &states {
            std::hint::black_box(counters::counters(*kind, state).expect("in its group"));
        }
    }
    let each = start.elapsed().as_secs_f64() / (rounds * states.len()) as f64;
    println!(
        "{:.0} ns per counter reading over {} states",
        each * 1e9,
        states.len()
    );
    assert!(each < 2e-6, "{:.0} ns", each * 1e9);
}

//! Fewest-moves mode: still four true Thistlethwaite stages, never longer
//! than fast mode, deterministic, and actually shorter.

mod common;

use common::{CHECKERBOARD, SUPERFLIP};
use std::process::Command;
use thistle::cubie::CubieCube;
use thistle::fewest::{self, DEFAULT_BUDGET};
use thistle::solver::{self, Solution};
use thistle::{notation, scramble};

/// A small budget, so a thousand states solve in seconds in a debug build.
const SWEEP_BUDGET: u64 = 5_000;

/// Checks every promise a fewest-moves solution makes about the cube it
/// solves, and returns its length and fast mode's.
fn check_fewest(cube: &CubieCube, budget: u64) -> (usize, usize) {
    let solution = fewest::solve_fewest(cube, budget);
    common::check_stages(cube, &solution);
    check_joins_merged(&solution);
    let fast = solver::solve(cube).len();
    assert!(
        solution.len() <= fast,
        "{} moves where fast mode takes {fast}",
        solution.len()
    );
    (solution.len(), fast)
}

/// No stage ends on the face the next non-empty stage starts with.
fn check_joins_merged(solution: &Solution) {
    let moves: Vec<_> = solution
        .stages
        .iter()
        .filter(|s| !s.moves.is_empty())
        .map(|s| &s.moves)
        .collect();
    for pair in moves.windows(2) {
        assert_ne!(
            pair[0].last().unwrap().face,
            pair[1][0].face,
            "{solution:?}"
        );
    }
}

fn random_states(seed: u64, count: usize) -> Vec<CubieCube> {
    let mut rng = scramble::rng(Some(seed));
    (0..count)
        .map(|_| scramble::random_state(&mut rng))
        .collect()
}

#[test]
fn a_thousand_random_states_keep_the_stages_and_beat_fast_mode() {
    let cubes = random_states(2026, 1_000);
    let (mut fewest_total, mut fast_total) = (0, 0);
    for cube in &cubes {
        let (fewest, fast) = check_fewest(cube, SWEEP_BUDGET);
        fewest_total += fewest;
        fast_total += fast;
    }
    let mean = fewest_total as f64 / 1_000.0;
    let fast_mean = fast_total as f64 / 1_000.0;
    assert!(
        mean <= fast_mean - 3.0,
        "mean {mean}, fast mode {fast_mean}"
    );
    // Solving again, in another order, gives the same solutions.
    for cube in cubes.iter().rev().step_by(7) {
        assert_eq!(
            fewest::solve_fewest(cube, SWEEP_BUDGET),
            fewest::solve_fewest(cube, SWEEP_BUDGET)
        );
    }
}

#[test]
fn the_default_budget_averages_well_under_fast_mode() {
    let cubes = random_states(7, 24);
    let mut total = 0;
    for cube in &cubes {
        total += check_fewest(cube, DEFAULT_BUDGET).0;
    }
    let mean = total as f64 / cubes.len() as f64;
    // The target over 1,000 states is 24.0; this sample averages 22.75.
    assert!(mean <= 24.0, "mean {mean}");
    let first = fewest::solve_fewest(&cubes[0], DEFAULT_BUDGET);
    assert_eq!(fewest::solve_fewest(&cubes[0], DEFAULT_BUDGET), first);
}

#[test]
fn superflip_keeps_all_four_stages_and_gets_shorter() {
    let cube = notation::parse(SUPERFLIP).unwrap().cube();
    let (fewest, fast) = check_fewest(&cube, DEFAULT_BUDGET);
    assert!(fewest < fast, "{fewest} moves, fast mode {fast}");
    let solution = fewest::solve_fewest(&cube, DEFAULT_BUDGET);
    assert!(solution.stages.iter().all(|s| !s.moves.is_empty()));
    assert_eq!(fewest::solve_fewest(&cube, DEFAULT_BUDGET), solution);
}

#[test]
fn checkerboard_is_six_half_turns_in_the_last_stage() {
    let cube = notation::parse(CHECKERBOARD).unwrap().cube();
    check_fewest(&cube, DEFAULT_BUDGET);
    let solution = fewest::solve_fewest(&cube, DEFAULT_BUDGET);
    assert!(solution.stages[..3].iter().all(|s| s.moves.is_empty()));
    assert_eq!(solution.stages[3].moves.len(), 6);
}

#[test]
fn solved_cube_needs_no_moves() {
    assert!(fewest::solve_fewest(&CubieCube::solved(), DEFAULT_BUDGET).is_empty());
}

#[test]
fn a_zero_budget_gives_the_fast_solution() {
    for cube in random_states(3, 50) {
        assert_eq!(fewest::solve_fewest(&cube, 0), solver::solve(&cube));
    }
}

#[test]
fn more_budget_never_gives_a_longer_solution() {
    // A larger budget runs the same search further, so it can only improve.
    for cube in random_states(5, 30) {
        let lengths: Vec<usize> = [500, 5_000, 50_000]
            .iter()
            .map(|&budget| check_fewest(&cube, budget).0)
            .collect();
        assert!(lengths.windows(2).all(|w| w[1] <= w[0]), "{lengths:?}");
    }
}

fn thistle(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_thistle"))
        .args(args)
        .output()
        .expect("run thistle");
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn cli_fewest_keeps_the_json_shape_and_takes_a_budget() {
    let scramble = "R U2 F' L D2 B R' U F2 D' L2 B' U R2 F D L' B2 U' R";
    let fast: serde_json::Value =
        serde_json::from_str(&thistle(&["solve", "--json", scramble])).unwrap();
    let fewest: serde_json::Value =
        serde_json::from_str(&thistle(&["solve", "--json", "--fewest", scramble])).unwrap();
    let keys =
        |v: &serde_json::Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
    assert_eq!(keys(&fast), keys(&fewest));
    assert_eq!(fewest["stages"].as_array().unwrap().len(), 4);
    assert!(fewest["length"].as_u64() < fast["length"].as_u64());
    let cube = notation::parse(scramble).unwrap().cube();
    let expected = fewest::solve_fewest(&cube, 2_000).len() as u64;
    let small: serde_json::Value =
        serde_json::from_str(&thistle(&["solve", "--json", "--fewest=2000", scramble])).unwrap();
    assert_eq!(small["length"].as_u64(), Some(expected));
}

#[test]
fn bench_prints_a_fewest_line() {
    let out = thistle(&["bench", "--count", "20"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(lines[0].starts_with("fast: "));
    assert!(lines[1].starts_with("fewest: "));
    assert!(lines[1].contains(" solves/s, mean ") && lines[1].ends_with(" moves"));
}

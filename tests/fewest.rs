//! Fewest-moves mode: still four true Thistlethwaite stages, never longer
//! than fast mode, deterministic, and actually shorter.

mod common;

use common::{CHECKERBOARD, SUPERFLIP};
use std::collections::HashSet;
use thistle::cube::cubie::CubieCube;
use thistle::cube::notation;
use thistle::solve::fewest::{self, DEFAULT_BUDGET};
use thistle::solve::orientation::Axes;
use thistle::solve::scramble;
use thistle::solve::solver::{self, Solution};

/// A small budget, so a thousand states solve in seconds in a debug build.
const SWEEP_BUDGET: u64 = 5_000;

fn fewest(cube: &CubieCube, budget: u64) -> Solution {
    fewest::solve_fewest(cube, budget).expect("a valid cube")
}

/// Checks every promise a fewest-moves solution makes about the cube it
/// solves, and returns it with fast mode's length.
fn check_fewest(cube: &CubieCube, budget: u64) -> (Solution, usize) {
    let solution = fewest(cube, budget);
    common::check_stages(cube, &solution);
    check_joins_merged(&solution);
    let fast = solver::solve(cube).expect("a valid cube").len();
    assert!(
        solution.len() <= fast,
        "{} moves where fast mode takes {fast}",
        solution.len()
    );
    let classic =
        fewest::solve_fewest_classic(cube, budget / fewest::CLASSIC_SHARE).expect("a valid cube");
    assert_eq!(classic.axes, Axes::CLASSIC);
    assert!(
        solution.len() <= classic.len(),
        "{} moves where the classic orientation alone takes {}",
        solution.len(),
        classic.len()
    );
    (solution, fast)
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
    let mut solutions = Vec::with_capacity(cubes.len());
    for cube in &cubes {
        let (solution, fast) = check_fewest(cube, SWEEP_BUDGET);
        fewest_total += solution.len();
        fast_total += fast;
        solutions.push(solution);
    }
    let mean = fewest_total as f64 / 1_000.0;
    let fast_mean = fast_total as f64 / 1_000.0;
    assert!(
        mean <= fast_mean - 3.0,
        "mean {mean}, fast mode {fast_mean}"
    );
    let axes: HashSet<Axes> = solutions.iter().map(|s| s.axes).collect();
    assert_eq!(axes.len(), 6, "every orientation wins somewhere: {axes:?}");
    // Solving again, in another order (so no state carries over from one
    // solve to the next), gives the same solutions.
    for (cube, first) in cubes.iter().zip(&solutions).rev().step_by(7) {
        assert_eq!(&fewest(cube, SWEEP_BUDGET), first);
    }
    // And on other threads, all at once.
    let again: Vec<Solution> = std::thread::scope(|scope| {
        let handles: Vec<_> = cubes
            .chunks(250)
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|c| fewest(c, SWEEP_BUDGET))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("no panic"))
            .collect()
    });
    assert_eq!(again, solutions);
}

#[test]
fn the_default_budget_averages_well_under_fast_mode() {
    let cubes = random_states(7, 24);
    let mut total = 0;
    for cube in &cubes {
        total += check_fewest(cube, DEFAULT_BUDGET).0.len();
    }
    let mean = total as f64 / cubes.len() as f64;
    // Over 1,500 states the mean is 19.92 at the default budget (with the
    // reserve for hard cubes), and these 24 average 20.00. A mean of 24
    // states varies by about 0.19 moves (one standard deviation: single
    // lengths spread by 0.95), so the bound leaves about three of those over
    // the 1,500-state mean: a change elsewhere that shuffles a few of these
    // solutions passes, while a search that lost its way (the budget before
    // this one averaged 20.75, fast mode 30.9) fails.
    assert!(mean <= 20.5, "mean {mean}");
}

#[test]
fn a_hard_cube_searches_on_past_the_budget() {
    // Within the budget alone the best is 21 moves, longer than a random
    // state's usual solution: the search prunes less and goes on into its
    // reserve, and finds 19. NISS, whose own plain search has a third of
    // the budget (and its reserve), finds 19 too.
    let scramble = "F2 R2 B2 D2 R2 D2 B D2 U' R2 U2 B D2 U R' B F' D B' D F'";
    let cube = notation::parse(scramble).unwrap().cube();
    let (solution, _) = check_fewest(&cube, DEFAULT_BUDGET);
    assert!(solution.len() <= 19, "{} moves", solution.len());
    let niss = fewest::solve_fewest_niss(&cube, DEFAULT_BUDGET).unwrap();
    let whole = niss.moves();
    assert!(cube.apply(&whole).is_solved());
    assert!(whole.len() <= solution.len(), "NISS {} moves", whole.len());
}

#[test]
fn a_scramble_of_a_few_moves_is_solved_in_no_more() {
    // Its four stages on one pair of axes (edges R/L, corners F/B) are 6,
    // 1, 0 and 0 moves; a search that assumed every cube's last stages
    // cost what a random state's do found 11.
    let cube = notation::parse("D L B D' F2 D U").unwrap().cube();
    assert_eq!(fewest(&cube, DEFAULT_BUDGET).len(), 7);
    let mut rng = scramble::rng(Some(7));
    for _ in 0..40 {
        let moves = scramble::random_moves(&mut rng, 7);
        let cube = CubieCube::solved().apply(&moves);
        let solution = fewest(&cube, DEFAULT_BUDGET);
        common::check_stages(&cube, &solution);
        assert!(
            solution.len() <= 7,
            "{} moves for {moves:?}",
            solution.len()
        );
    }
}

#[test]
fn superflip_keeps_all_four_stages_and_gets_shorter() {
    let cube = notation::parse(SUPERFLIP).unwrap().cube();
    let (solution, fast) = check_fewest(&cube, DEFAULT_BUDGET);
    assert!(
        solution.len() < fast,
        "{} moves, fast mode {fast}",
        solution.len()
    );
    assert!(solution.stages.iter().all(|s| !s.moves.is_empty()));
}

#[test]
fn checkerboard_is_six_half_turns_in_the_last_stage() {
    let cube = notation::parse(CHECKERBOARD).unwrap().cube();
    let (solution, _) = check_fewest(&cube, DEFAULT_BUDGET);
    assert!(solution.stages[..3].iter().all(|s| s.moves.is_empty()));
    assert_eq!(solution.stages[3].moves.len(), 6);
}

#[test]
fn solved_cube_needs_no_moves() {
    assert!(fewest(&CubieCube::solved(), DEFAULT_BUDGET).is_empty());
}

#[test]
fn a_zero_budget_gives_the_shortest_fast_solution_of_the_six_orientations() {
    for cube in random_states(3, 50) {
        let solution = fewest(&cube, 0);
        common::check_stages(&cube, &solution);
        assert!(solution.len() <= solver::solve(&cube).unwrap().len());
        let classic = fewest::solve_fewest_classic(&cube, 0).unwrap();
        assert_eq!(classic, solver::solve(&cube).unwrap());
    }
}

#[test]
fn an_invalid_cube_is_refused_with_its_errors() {
    let mut twisted = CubieCube::solved();
    twisted.co[0] = 1;
    let error = fewest::solve_fewest(&twisted, DEFAULT_BUDGET).unwrap_err();
    assert_eq!(error, twisted.check().unwrap_err());
    assert!(error.to_string().contains("twisted: URF"), "{error}");
}

#[test]
fn more_budget_never_gives_a_longer_solution() {
    // A larger budget runs the same search further, so it can only improve.
    for cube in random_states(5, 30) {
        let lengths: Vec<usize> = [500, 5_000, 50_000]
            .iter()
            .map(|&budget| check_fewest(&cube, budget).0.len())
            .collect();
        assert!(lengths.windows(2).all(|w| w[1] <= w[0]), "{lengths:?}");
    }
}

//! Proven-shortest mode: four true stages, never longer than fewest-moves
//! mode, exactly as short as an independent search says on states a few
//! moves from solved, the same length for a scramble seen from every
//! orientation, and stoppable.

mod common;
#[path = "common/niss.rs"]
mod niss_stages;

use common::{CHECKERBOARD, SUPERFLIP};
use std::ops::ControlFlow;
use thistle::cube::cubie::{CubieCube, Move};
use thistle::cube::notation;
use thistle::solve::fewest::{self, DEFAULT_BUDGET};
use thistle::solve::niss::{NissSolution, Side};
use thistle::solve::orientation::Orientation;
use thistle::solve::shortest::{self, Holder, Part, Progress, Proof, ProofRun, Searches};

/// Two threads, on any machine: what one proves, any number does.
const THREADS: usize = 2;

fn cube_of(scramble: &str) -> CubieCube {
    notation::parse(scramble).expect("a scramble").cube()
}

fn prove(cube: &CubieCube) -> Proof {
    let proof = shortest::prove_shortest(cube, None, THREADS, |_| ControlFlow::Continue(()))
        .expect("a valid cube");
    assert!(proof.is_proven());
    assert_eq!(proof.bound, proof.solution.len());
    assert_eq!(proof.searched, 1.0);
    common::check_stages(cube, &proof.solution);
    proof
}

/// A NISS proof of `cube`, checked: proven, each stage in its goal on its
/// side, solving the cube, and never longer than NISS fewest-moves mode.
fn prove_niss(cube: &CubieCube) -> Proof<NissSolution> {
    let proof = shortest::prove_shortest_niss(cube, None, THREADS, |_| ControlFlow::Continue(()))
        .expect("a valid cube");
    assert!(proof.is_proven());
    let length = proof.solution.moves().len();
    assert_eq!(proof.bound, length);
    assert_eq!(proof.searched, 1.0);
    niss_stages::check_niss_stages(cube, &proof.solution);
    let fewest = fewest::solve_fewest_niss(cube, DEFAULT_BUDGET).unwrap();
    assert!(length <= fewest.moves().len());
    proof
}

/// The length of a shortest solution of any kind, by trying every
/// sequence of up to `max` moves: `None` if there is none that short.
fn optimal_length(cube: &CubieCube, max: usize) -> Option<usize> {
    fn solves(cube: &CubieCube, depth: usize, last: Option<Move>) -> bool {
        if depth == 0 {
            return cube.is_solved();
        }
        Move::ALL.into_iter().any(|m| {
            last.is_none_or(|l| l.face != m.face) && solves(&cube.apply_move(m), depth - 1, Some(m))
        })
    }
    (0..=max).find(|&depth| solves(cube, depth, None))
}

/// Scrambles a few moves long whose inverse goes through the stages.
const SHORT: [&str; 6] = [
    "F",
    CHECKERBOARD,
    "R U F",
    "F R2 D' B",
    "R U F2 L' D B",
    "U2 R2 F2 D R' F",
];

#[test]
fn states_a_few_moves_from_solved_get_their_optimal_length() {
    for scramble in SHORT {
        let cube = cube_of(scramble);
        let proof = prove(&cube);
        let optimal = optimal_length(&cube, 6).expect("at most six moves");
        assert_eq!(proof.solution.len(), optimal, "{scramble}");
        let fewest = fewest::solve_fewest(&cube, DEFAULT_BUDGET).unwrap();
        assert!(proof.solution.len() <= fewest.len(), "{scramble}");
    }
}

#[test]
fn a_scramble_seen_from_every_orientation_proves_the_same_length() {
    let scramble = notation::parse("R U2 F' L D2 B R'").unwrap().face_moves();
    let mut lengths = Vec::new();
    for orientation in Orientation::all() {
        let turned: Vec<Move> = scramble
            .iter()
            .map(|&m| orientation.move_to_cube(m))
            .collect();
        let cube = CubieCube::solved().apply(&turned);
        let proof = prove(&cube);
        let fewest = fewest::solve_fewest(&cube, DEFAULT_BUDGET).unwrap();
        assert!(proof.solution.len() <= fewest.len());
        lengths.push(proof.solution.len());
    }
    assert!(lengths.iter().all(|&l| l == lengths[0]), "{lengths:?}");
    assert!(lengths[0] <= scramble.len());
}

#[test]
fn proofs_are_deterministic_but_for_their_node_counts() {
    // Long enough that several threads share the search, and short enough
    // for a test.
    let cube = cube_of("L2 B' U R2 D F' R U2 B");
    let (first, second) = (prove(&cube), prove(&cube));
    assert_eq!(first.solution, second.solution);
    assert_eq!(first.bound, second.bound);
}

#[test]
fn a_bound_asked_for_is_proven_without_the_shortest() {
    let cube = cube_of("U2 R2 F2 D R' F L2 B");
    let shortest = prove(&cube);
    let length = shortest.solution.len();
    let below = |n: usize| {
        shortest::prove_shortest(&cube, Some(n), THREADS, |_| ControlFlow::Continue(())).unwrap()
    };
    // Below the shortest, only the bound is proven.
    let bounded = below(length - 1);
    assert_eq!(bounded.bound, length - 1);
    assert!(!bounded.is_proven());
    assert!(bounded.nodes < shortest.nodes);
    // Lower still, a smaller search.
    assert!(below(length - 3).nodes < bounded.nodes);
    // At it or above, the shortest itself.
    for n in [length, length + 3] {
        let proof = below(n);
        assert!(proof.is_proven());
        assert_eq!(proof.solution, shortest.solution);
    }
}

#[test]
fn progress_is_reported_and_a_break_stops_the_search() {
    // Twenty moves: far too many to prove in a test.
    let cube = cube_of(SUPERFLIP);
    let mut seen: Vec<Progress> = Vec::new();
    let proof = shortest::prove_shortest(&cube, None, THREADS, |progress: &Progress| {
        seen.push(*progress);
        if seen.len() < 40 {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    })
    .unwrap();
    assert_eq!(seen.len(), 40, "no report after the break");
    assert!(seen
        .windows(2)
        .all(|w| w[0].nodes <= w[1].nodes && w[0].best >= w[1].best));
    assert!(seen.iter().all(|p| (0.0..1.0).contains(&p.searched)));
    assert!(seen.iter().any(|p| p.nodes >= shortest::PROGRESS_NODES));
    let last = seen.last().unwrap();
    assert!(!proof.is_proven());
    assert!(proof.searched < 1.0 && proof.searched >= last.searched);
    assert!(proof.bound < proof.solution.len());
    assert!(proof.bound >= 8, "the stage tables' bound, {}", proof.bound);
    assert!(proof.nodes >= last.nodes);
    common::check_stages(&cube, &proof.solution);
    let fewest = fewest::solve_fewest(&cube, DEFAULT_BUDGET).unwrap();
    assert!(proof.solution.len() <= fewest.len());
}

#[test]
fn an_unreachable_cube_is_refused() {
    let mut cube = CubieCube::solved();
    cube.eo[0] = 1;
    assert!(shortest::prove_shortest(&cube, None, THREADS, |_| ControlFlow::Continue(())).is_err());
}

#[test]
fn a_state_a_few_moves_from_solved_proves_their_length_with_niss() {
    // Four stages on the normal side take 8 moves; on the inverse side,
    // the scramble's own 6, which no fewer moves of any kind can solve.
    let scramble = "R F B L2 B' F2";
    let cube = cube_of(scramble);
    let proof = prove_niss(&cube);
    assert_eq!(proof.solution.moves().len(), 6);
    assert_eq!(optimal_length(&cube, 6), Some(6));
    assert!(proof.solution.sides.contains(&Side::Inverse));
    assert_eq!(prove(&cube).solution.len(), 8);
}

#[test]
fn a_niss_proof_is_shorter_than_the_plain_one_switching_sides() {
    // 12 moves in four stages on one side; 9 with stage 1 on the inverse
    // side and the rest on the normal side.
    let cube = cube_of("B' L2 R D U L2 D R U");
    let niss = prove_niss(&cube);
    let plain = prove(&cube);
    assert_eq!(plain.solution.len(), 12);
    assert_eq!(niss.solution.moves().len(), 9);
    let sides = niss.solution.sides;
    assert!(sides.contains(&Side::Normal) && sides.contains(&Side::Inverse));
}

#[test]
fn niss_proofs_reach_each_goal_on_their_side_on_any_number_of_threads() {
    let go_on = |_: &Progress| ControlFlow::Continue(());
    for scramble in [
        "U' B2 R L'",
        "B' R2 B2 F2 B2 R U2",
        "L2 B' U R2 D F' R U2 B",
    ] {
        let cube = cube_of(scramble);
        let proof = prove_niss(&cube);
        let in_turn = shortest::prove_shortest_niss(&cube, None, 1, go_on).unwrap();
        assert_eq!(proof.solution, in_turn.solution, "{scramble}");
        assert!(proof.solution.moves().len() <= prove(&cube).solution.len());
    }
}

#[test]
fn a_niss_proof_stops_and_proves_a_bound_asked_for() {
    let cube = cube_of("D L B D' F2 D U");
    let bounded =
        shortest::prove_shortest_niss(&cube, Some(6), THREADS, |_| ControlFlow::Continue(()))
            .unwrap();
    assert_eq!(bounded.bound, 6);
    assert!(!bounded.is_proven());
    niss_stages::check_niss_stages(&cube, &bounded.solution);
    let mut reports = 0;
    let stopped = shortest::prove_shortest_niss(&cube_of(SUPERFLIP), None, THREADS, |_| {
        reports += 1;
        if reports < 3 {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    })
    .unwrap();
    assert_eq!(reports, 3);
    assert!(!stopped.is_proven());
    niss_stages::check_niss_stages(&cube_of(SUPERFLIP), &stopped.solution);
}

/// A proof in `of` parts, as the page's workers give it: the quick search
/// in every part, then the whole search in every part a round of tasks at
/// a time (the page's rounds: the first sixteenth, the next, then a
/// quarter, a half and the rest), each below the best any found before;
/// the least of all by length and then holder, and the least bound of the
/// whole searches. `prove(index, searches, below)` proves one part's
/// searches.
fn prove_in_parts(
    of: usize,
    mut prove: impl FnMut(usize, Searches, Option<usize>) -> Proof<NissSolution>,
) -> (Proof<NissSolution>, usize) {
    let quick: Vec<_> = (0..of)
        .map(|index| prove(index, Searches::Quick, None))
        .collect();
    assert!(quick.iter().all(|proof| proof.searched == 0.0));
    let all = quick[0].tasks;
    let key = |proof: &Proof<NissSolution>| (proof.solution.moves().len(), proof.holder);
    let mut least = quick.into_iter().min_by_key(key).unwrap();
    let mut bound = usize::MAX;
    let mut from = 0;
    for sixteenths in [1, 2, 4, 8, 16] {
        let to = (all * sixteenths).div_ceil(16);
        let below = Some(least.solution.moves().len());
        let whole: Vec<_> = (0..of)
            .map(|index| prove(index, Searches::Whole { from, to }, below))
            .collect();
        assert!(whole.iter().all(|proof| proof.searched == 1.0));
        bound = whole
            .iter()
            .map(|proof| proof.bound)
            .min()
            .unwrap()
            .min(bound);
        least = whole.into_iter().chain([least]).min_by_key(key).unwrap();
        from = to;
    }
    (least, bound)
}

#[test]
fn parts_of_a_proof_give_together_the_whole_proofs_solution() {
    let go_on = |_: &Progress| ControlFlow::Continue(());
    let mut bettered = 0;
    for scramble in [
        "R U2 F' L D2 B R2 U' F",
        "L2 B' U R2 D F' R U2 B",
        "B' R2 B2 F2 B2 R U2",
        // Proven in 18 moves; fewest mode's best, on all six orientations
        // or any one, is 19.
        "R U L2 B L2 D2 L' F2 L'",
    ] {
        let cube = cube_of(scramble);
        for niss in [false, true] {
            let whole = shortest::prove_part(&cube, None, niss, Part::WHOLE, go_on).unwrap();
            assert!(whole.is_proven(), "{scramble}");
            // Bettered: the parts' holders are compared, and the rounds
            // after the find look below less than the incumbent.
            bettered += usize::from(whole.holder != Holder { search: 0, task: 0 });
            for of in [2, 3] {
                let part = |index, searches| Part {
                    index,
                    of,
                    searches,
                };
                // Each round a call of its own, as the page once made them.
                let calls = prove_in_parts(of, |index, searches, below| {
                    shortest::prove_part(&cube, below, niss, part(index, searches), go_on).unwrap()
                });
                // A run for each part, kept for all its rounds, as the page's
                // workers keep them.
                let runs: Vec<ProofRun> = (0..of)
                    .map(|_| ProofRun::start(&cube, None, niss).unwrap())
                    .collect();
                assert!(runs.iter().all(|run| run.tasks() == whole.tasks));
                let kept = prove_in_parts(of, |index, searches, below| {
                    runs[index].prove(part(index, searches), below, go_on)
                });
                for (way, (least, bound)) in [("calls", calls), ("runs", kept)] {
                    let case = format!("{scramble}, NISS {niss}, {of} parts by {way}");
                    assert_eq!(least.solution, whole.solution, "{case}");
                    assert_eq!(least.holder, whole.holder, "{case}");
                    assert_eq!(bound, whole.bound, "{case}");
                }
            }
        }
    }
    assert!(
        bettered > 0,
        "some proof bettered its incumbent, so the parts' holders were compared"
    );
}

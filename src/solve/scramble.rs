//! Random scrambles: uniformly random cube states and random sequences of
//! face turns, from any generator: the CLI's is `ScrambleRng` (seeded for
//! reproducible tests and benchmarks), the page's a smaller one.

use crate::cube::coord;
use crate::cube::cubie::{is_odd, CubieCube, Face, Move};
use crate::solve::fewest;
use crate::solve::orientation::Orientation;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// The generator used for scrambles: ChaCha-based, seeded from the operating
/// system (or the browser's `crypto.getRandomValues`) unless a seed is given.
pub type ScrambleRng = rand::rngs::StdRng;

pub fn rng(seed: Option<u64>) -> ScrambleRng {
    match seed {
        Some(seed) => ScrambleRng::seed_from_u64(seed),
        None => ScrambleRng::from_entropy(),
    }
}

/// Whether a state is solved or one face turn from solved.
fn within_one_move(cube: &CubieCube) -> bool {
    cube.is_solved() || Move::ALL.iter().any(|m| cube == m.cube())
}

/// A state drawn uniformly from all 43,252,003,274,489,856,000, except those
/// solvable in fewer than 2 moves (which are drawn again).
pub fn random_state(rng: &mut impl Rng) -> CubieCube {
    loop {
        let mut cube = CubieCube::solved();
        cube.cp.shuffle(rng);
        cube.ep.shuffle(rng);
        // Swapping two edges maps odd permutations one-to-one onto even ones,
        // so the result stays uniform among the permutations of right parity.
        if is_odd(&cube.cp) != is_odd(&cube.ep) {
            cube.ep.swap(0, 1);
        }
        // Each coordinate value is exactly one legal set of orientations.
        coord::set_twist(&mut cube, rng.gen_range(0..coord::N_TWIST as u16));
        coord::set_flip(&mut cube, rng.gen_range(0..coord::N_FLIP as u16));
        if !within_one_move(&cube) {
            return cube;
        }
    }
}

/// A uniformly random state and a scramble for it: the inverse of its
/// fewest-moves solution over all six orientations (about 20 moves, as
/// cubers expect of a random-state scramble, rather than fast mode's 31),
/// which is at least 2 moves long.
pub fn random_state_scramble(rng: &mut impl Rng) -> (CubieCube, Vec<Move>) {
    let cube = random_state(rng);
    let solution = fewest::solve_fewest(&cube, fewest::DEFAULT_BUDGET)
        .expect("a random state is one face turns reach");
    (cube, solution.inverse_moves())
}

/// The moves a WCA fewest-moves scramble starts and ends with: R' U' F.
pub const FMC_ENDS: [Move; 3] = [
    Move::new(Face::R, 3),
    Move::new(Face::U, 3),
    Move::new(Face::F, 1),
];

/// Whether `middle` fits between two `FMC_ENDS` with nothing merging or
/// commuting into them: it does not start on the F/B axis (after F) nor
/// end on the R/L axis (before R').
fn fits_between_ends(middle: &[Move]) -> bool {
    let (Some(first), Some(last)) = (middle.first(), middle.last()) else {
        return false;
    };
    first.face.axis() != Face::F.axis() && last.face.axis() != Face::R.axis()
}

/// A uniformly random state and a scramble for it in the WCA fewest-moves
/// shape: R' U' F, moves, R' U' F, with nothing cancelling at the joins.
/// The moves between are a fewest-moves solution (or the inverse of one)
/// of the state that is left once both ends are taken off; the shortest
/// that fits is used, trying the best of six orientations first and then
/// each one, and a state none fits is drawn again (never seen in practice).
pub fn fmc_scramble(rng: &mut impl Rng) -> (CubieCube, Vec<Move>) {
    let ends = CubieCube::solved().apply(&FMC_ENDS).inverse();
    loop {
        let cube = random_state(rng);
        // The state the middle must make: ends⁻¹ · cube · ends⁻¹.
        let middle = ends * cube * ends;
        let budget = fewest::DEFAULT_BUDGET;
        let found = |o: Option<&Orientation>| {
            let solve = |c: &CubieCube| match o {
                Some(o) => fewest::solve_fewest_in(c, o, budget),
                None => fewest::solve_fewest(c, budget),
            };
            // Moves that make `middle`: a solution of its inverse, or the
            // inverse of its own solution.
            let direct = solve(&middle.inverse()).expect("a legal state").moves();
            let undone = solve(&middle).expect("a legal state").inverse_moves();
            [direct, undone]
        };
        let orientations = Orientation::all();
        let fitting = std::iter::once(None)
            .chain(orientations.iter().map(Some))
            .find_map(|o| {
                found(o)
                    .into_iter()
                    .filter(|m| fits_between_ends(m))
                    .min_by_key(Vec::len)
            });
        if let Some(inner) = fitting {
            let mut moves = FMC_ENDS.to_vec();
            moves.extend(inner);
            moves.extend(FMC_ENDS);
            return (cube, moves);
        }
    }
}

/// `count` random face turns with no face turned twice in a row and no three
/// turns in a row on one axis.
pub fn random_moves(rng: &mut impl Rng, count: usize) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::with_capacity(count);
    while moves.len() < count {
        let m = Move::ALL[rng.gen_range(0..18)];
        let n = moves.len();
        let same_face = n >= 1 && moves[n - 1].face == m.face;
        let third_on_axis = n >= 2
            && moves[n - 1].face.axis() == m.face.axis()
            && moves[n - 2].face.axis() == m.face.axis();
        if !same_face && !third_on_axis {
            moves.push(m);
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_states_are_legal_and_not_trivial() {
        let mut rng = rng(Some(1));
        for _ in 0..2000 {
            let cube = random_state(&mut rng);
            assert_eq!(cube.verify(), vec![]);
            assert!(!within_one_move(&cube));
        }
    }

    /// Chi-squared statistic of observed counts against a uniform expectation.
    fn chi_squared(counts: &[u32]) -> f64 {
        let total: u32 = counts.iter().sum();
        let expected = total as f64 / counts.len() as f64;
        counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum()
    }

    #[test]
    fn random_states_are_uniform_in_positions_and_orientations() {
        let mut rng = rng(Some(7));
        let mut corner_at = [[0u32; 8]; 8];
        let mut edge_at = [[0u32; 12]; 12];
        let mut twist = [[0u32; 3]; 8];
        let mut flip = [[0u32; 2]; 12];
        for _ in 0..24_000 {
            let cube = random_state(&mut rng);
            for i in 0..8 {
                corner_at[i][cube.cp[i] as usize] += 1;
                twist[i][cube.co[i] as usize] += 1;
            }
            for i in 0..12 {
                edge_at[i][cube.ep[i] as usize] += 1;
                flip[i][cube.eo[i] as usize] += 1;
            }
        }
        // 99.9th percentiles of chi-squared with 7, 11, 2 and 1 degrees of freedom.
        for row in &corner_at {
            assert!(chi_squared(row) < 24.3, "corner positions {row:?}");
        }
        for row in &edge_at {
            assert!(chi_squared(row) < 31.3, "edge positions {row:?}");
        }
        for row in &twist {
            assert!(chi_squared(row) < 13.8, "corner twists {row:?}");
        }
        for row in &flip {
            assert!(chi_squared(row) < 10.8, "edge flips {row:?}");
        }
    }

    #[test]
    fn the_chi_squared_check_catches_a_biased_generator() {
        let mut biased = [3000u32; 8];
        biased[0] = 3400;
        assert!(chi_squared(&biased) > 24.3);
    }

    #[test]
    fn random_moves_never_repeat_a_face_or_stack_an_axis() {
        let mut rng = rng(Some(3));
        let moves = random_moves(&mut rng, 5000);
        assert_eq!(moves.len(), 5000);
        for w in moves.windows(2) {
            assert_ne!(w[0].face, w[1].face);
        }
        for w in moves.windows(3) {
            assert!(
                !(w[0].face.axis() == w[1].face.axis() && w[1].face.axis() == w[2].face.axis())
            );
        }
    }

    #[test]
    fn seeds_reproduce_and_entropy_differs() {
        assert_eq!(
            random_state(&mut rng(Some(5))),
            random_state(&mut rng(Some(5)))
        );
        assert_ne!(random_state(&mut rng(None)), random_state(&mut rng(None)));
    }

    /// The practice scramble makes the random state it was drawn for, and
    /// has the WCA shape with nothing merging at its joins.
    #[test]
    fn fmc_scrambles_make_their_state_in_the_wca_shape() {
        crate::solve::tables::prepare();
        let mut drawn = rng(Some(11));
        for _ in 0..12 {
            let (cube, moves) = fmc_scramble(&mut drawn);
            assert_eq!(CubieCube::solved().apply(&moves), cube);
            let n = moves.len();
            assert_eq!(moves[..3], FMC_ENDS);
            assert_eq!(moves[n - 3..], FMC_ENDS);
            assert!(fits_between_ends(&moves[3..n - 3]), "{moves:?}");
            for pair in moves.windows(2) {
                assert_ne!(pair[0].face, pair[1].face, "{moves:?}");
            }
        }
        let (a, b) = (
            fmc_scramble(&mut rng(Some(4))),
            fmc_scramble(&mut rng(Some(4))),
        );
        assert_eq!(a, b);
    }
}

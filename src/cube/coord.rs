//! Coordinates: small integers that capture exactly the part of a `CubieCube`
//! a stage cares about. Each coordinate is a get/set pair with its range and
//! its value on the solved cube; `stage` builds move tables from them through
//! the cubie model. Shared with `build.rs`.

use crate::cube::cubie::{CubieCube, Face, Move, SOLVED};

/// Edge orientation: 0..2048, solved 0.
pub const N_FLIP: usize = 2048;
/// Corner orientation: 0..2187, solved 0.
pub const N_TWIST: usize = 2187;
/// Positions of the four E-slice edges among the 12: 0..495.
pub const N_SLICE: usize = 495;
/// The slice coordinate with FR FL BL BR home.
pub const SLICE_SOLVED: u16 = 494;
/// Classes of corner permutations under relabelling by the half-turn group.
pub const N_CORNER_CLASS: usize = 420;
/// Positions of the four M-slice edges among the 8 U/D-layer positions: 0..70.
pub const N_M_PLACEMENT: usize = 70;
/// M-slice edges UF UB DF DB home.
pub const M_PLACEMENT_SOLVED: u16 = 49;
/// Corner permutations reachable by half turns.
pub const N_HALF_TURN_CORNERS: usize = 96;
/// Permutations of four edges within their slice.
pub const N_SLICE_PERM: usize = 24;
/// All corner permutations.
pub const N_CORNER_PERM: usize = 40320;

/// Edge positions of each slice: M (UF UB DF DB), S (UR UL DR DL), E.
pub const M_EDGES: [usize; 4] = [1, 3, 5, 7];
pub const S_EDGES: [usize; 4] = [0, 2, 4, 6];
pub const E_EDGES: [usize; 4] = [8, 9, 10, 11];

/// `M_EDGES` as a bit set, so that telling an M edge takes no branch.
const M_EDGE_MASK: u16 = {
    let mut mask = 0;
    let mut k = 0;
    while k < M_EDGES.len() {
        mask |= 1 << M_EDGES[k];
        k += 1;
    }
    mask
};

/// Binomial coefficients C(n, k) for n and k up to the 12 edges, read by
/// the combination ranks rather than computed each time (a division a
/// factor): those ranks are taken as every solve enters stages 2 and 3.
const BINOMIALS: [[u16; 13]; 13] = {
    let mut table = [[0; 13]; 13];
    let mut n = 0;
    while n < 13 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n][k - 1] * (n - k + 1) as u16 / k as u16;
            k += 1;
        }
        n += 1;
    }
    table
};

/// Binomial coefficient C(n, k), for n and k up to 12.
fn choose(n: usize, k: usize) -> usize {
    usize::from(BINOMIALS[n][k])
}

/// Colex rank of the set of marked positions (`marked.len()` positions, at
/// most 12, any number marked): 0..C(n, k).
///
/// Never inlined in the page's module: unrolled into each caller, it grew
/// by 0.3 KB (gzipped). Natively, one copy shared by callers with
/// different lengths mispredicts its loop's end once a fast solve.
#[cfg_attr(target_arch = "wasm32", inline(never))]
#[cfg_attr(not(target_arch = "wasm32"), inline)]
pub fn combination_rank(marked: &[bool]) -> u16 {
    // Every position adds, marked or not (times 0), rather than branch on
    // its mark: on a random cube that branch goes either way at random.
    let mut rank = 0;
    let mut j = 0;
    for (i, &m) in marked.iter().enumerate() {
        let m = usize::from(m);
        j += m;
        rank += choose(i, j) * m;
    }
    rank as u16
}

/// The inverse of `combination_rank`: which of `n` positions hold the `k`
/// marked pieces.
pub fn combination_unrank<const N: usize>(mut rank: usize, k: usize) -> [bool; N] {
    let mut marked = [false; N];
    for j in (1..=k).rev() {
        let mut i = j - 1;
        while choose(i + 1, j) <= rank {
            i += 1;
        }
        rank -= choose(i, j);
        marked[i] = true;
    }
    marked
}

/// Lehmer rank of a permutation of 0..N: 0..N!, identity 0.
pub const fn permutation_rank<const N: usize>(perm: &[u8; N]) -> usize {
    let mut rank = 0;
    let mut i = 0;
    while i < N {
        let mut smaller_after = 0;
        let mut j = i + 1;
        while j < N {
            smaller_after += (perm[j] < perm[i]) as usize;
            j += 1;
        }
        rank = rank * (N - i) + smaller_after;
        i += 1;
    }
    rank
}

/// The inverse of `permutation_rank`.
pub fn permutation_unrank<const N: usize>(mut rank: usize) -> [u8; N] {
    let mut digits = [0usize; N];
    for i in (0..N).rev() {
        digits[i] = rank % (N - i);
        rank /= N - i;
    }
    let mut unused: Vec<u8> = (0..N as u8).collect();
    let mut perm = [0u8; N];
    for i in 0..N {
        perm[i] = unused.remove(digits[i]);
    }
    perm
}

/// Orientations as a base-`modulus` number; the last one is left out because
/// the others determine it (the total is 0 mod `modulus`).
fn orientation_coord<const N: usize>(orientations: &[u8; N], modulus: u16) -> u16 {
    orientations[..N - 1]
        .iter()
        .fold(0, |acc, &o| acc * modulus + o as u16)
}

fn set_orientations<const N: usize>(orientations: &mut [u8; N], mut value: u16, modulus: u8) {
    let mut sum = 0;
    for o in orientations[..N - 1].iter_mut().rev() {
        *o = (value % modulus as u16) as u8;
        sum += *o;
        value /= modulus as u16;
    }
    orientations[N - 1] = (modulus - sum % modulus) % modulus;
}

/// Edge flip coordinate: the flips of edges 0..11, base 2.
pub fn flip(cube: &CubieCube) -> u16 {
    orientation_coord(&cube.eo, 2)
}

pub fn set_flip(cube: &mut CubieCube, flip: u16) {
    set_orientations(&mut cube.eo, flip, 2);
}

/// Corner twist coordinate: the twists of corners 0..7, base 3.
pub fn twist(cube: &CubieCube) -> u16 {
    orientation_coord(&cube.co, 3)
}

pub fn set_twist(cube: &mut CubieCube, twist: u16) {
    set_orientations(&mut cube.co, twist, 3);
}

/// Where the E-slice edges (FR FL BL BR) are, ignoring their order.
pub fn slice(cube: &CubieCube) -> u16 {
    combination_rank(&cube.ep.map(|e| e >= 8))
}

pub fn set_slice(cube: &mut CubieCube, slice: u16) {
    let marked: [bool; 12] = combination_unrank(slice as usize, 4);
    let (mut e_piece, mut other) = (8, 0);
    for (i, &m) in marked.iter().enumerate() {
        if m {
            cube.ep[i] = e_piece;
            e_piece += 1;
        } else {
            cube.ep[i] = other;
            other += 1;
        }
    }
}

/// Where the M-slice edges are among the 8 U/D-layer edge positions, for a
/// cube whose E-slice edges are in the E slice.
pub fn m_placement(cube: &CubieCube) -> u16 {
    let u_d_layers: [u8; 8] = std::array::from_fn(|i| cube.ep[i]);
    combination_rank(&u_d_layers.map(|e| M_EDGE_MASK >> (e & 15) & 1 != 0))
}

pub fn set_m_placement(cube: &mut CubieCube, placement: u16) {
    let marked: [bool; 8] = combination_unrank(placement as usize, 4);
    let (mut m, mut s) = (M_EDGES.iter(), S_EDGES.iter());
    for (i, &is_m) in marked.iter().enumerate() {
        let next = if is_m { m.next() } else { s.next() };
        // A placement marks four of the eight positions: four M, four S.
        cube.ep[i] = *next.expect("four M-slice and four S-slice edges") as u8;
    }
    for (k, &e) in E_EDGES.iter().enumerate() {
        cube.ep[e] = E_EDGES[k] as u8;
    }
}

/// Order of the four edges within one slice, for a cube whose edges all stay
/// in their slices: 0..24, solved 0. Inlined, so that with the slice known
/// the positions it reads are constants.
#[inline]
pub fn slice_perm(cube: &CubieCube, slice: &[usize; 4]) -> u8 {
    let places = slice.iter().enumerate().fold(0, |places, (k, &position)| {
        let piece = cube.ep[position];
        debug_assert!(
            slice.contains(&usize::from(piece)),
            "stage 4 starts in G3, where every edge stays in its slice"
        );
        places | usize::from(INDEX_IN_SLICE[usize::from(piece)]) << (2 * k)
    });
    SLICE_PERM_RANKS[places]
}

/// `permutation_rank` of four places in a slice packed two bits each, the
/// first lowest: a lookup rather than six comparisons, as the searches
/// read stage 4's coordinate each time they enter it.
const SLICE_PERM_RANKS: [u8; 256] = {
    let mut ranks = [0; 256];
    let mut places = 0;
    while places < 256 {
        let mut perm = [0; 4];
        let mut k = 0;
        while k < 4 {
            perm[k] = (places >> (2 * k) & 3) as u8;
            k += 1;
        }
        ranks[places] = permutation_rank(&perm) as u8;
        places += 1;
    }
    ranks
};

/// Each edge's place in the list of its slice's edges (`M_EDGES`,
/// `S_EDGES` or `E_EDGES`).
const INDEX_IN_SLICE: [u8; 12] = {
    let mut index = [0; 12];
    let slices = [M_EDGES, S_EDGES, E_EDGES];
    let mut s = 0;
    while s < slices.len() {
        let mut k = 0;
        while k < 4 {
            index[slices[s][k]] = k as u8;
            k += 1;
        }
        s += 1;
    }
    index
};

pub fn set_slice_perm(cube: &mut CubieCube, slice: &[usize; 4], rank: u8) {
    let perm: [u8; 4] = permutation_unrank(rank as usize);
    for (k, &position) in slice.iter().enumerate() {
        cube.ep[position] = slice[perm[k] as usize] as u8;
    }
}

/// Whether a slice permutation rank is an odd permutation.
pub fn slice_perm_is_odd(rank: u8) -> bool {
    is_odd_rank(rank as usize, 4)
}

/// Parity from Lehmer digits: a permutation's parity is the parity of the
/// sum of its digits.
fn is_odd_rank(mut rank: usize, n: usize) -> bool {
    let mut sum = 0;
    for radix in 1..=n {
        sum += rank % radix;
        rank /= radix;
    }
    sum % 2 == 1
}

/// The corner permutations reachable by half turns, in breadth-first order
/// from the identity (so index 0 is solved).
pub fn half_turn_corners() -> Vec<[u8; 8]> {
    let mut group = vec![SOLVED.cp];
    let mut next = 0;
    while next < group.len() {
        for face in Face::ALL {
            let mut cube = SOLVED;
            cube.cp = group[next];
            let product = cube.apply_move(Move::new(face, 2)).cp;
            if !group.contains(&product) {
                group.push(product);
            }
        }
        next += 1;
    }
    group
}

/// For every corner permutation (by rank), `class * 96 + h`, where `class`
/// (0..420) numbers the classes {h·p} of permutations under relabelling by
/// the half-turn group, in order of their smallest member, and `h` is the
/// index in `half_turn_corners()` of the relabelling that takes the class's
/// smallest member to this permutation. Class 0 is the half-turn group
/// itself, and there `h` is the permutation's own index in it.
pub struct CornerCosets {
    pub coset: Vec<u16>,
    pub representatives: Vec<[u8; 8]>,
    pub half_turn_group: Vec<[u8; 8]>,
}

impl CornerCosets {
    pub fn build() -> CornerCosets {
        let group = half_turn_corners();
        let mut coset = vec![u16::MAX; N_CORNER_PERM];
        let mut representatives = Vec::with_capacity(N_CORNER_CLASS);
        for rank in 0..N_CORNER_PERM {
            if coset[rank] != u16::MAX {
                continue;
            }
            let perm: [u8; 8] = permutation_unrank(rank);
            let class = representatives.len() as u16;
            for (h_index, h) in group.iter().enumerate() {
                let relabelled = perm.map(|p| h[p as usize]);
                coset[permutation_rank(&relabelled)] =
                    class * N_HALF_TURN_CORNERS as u16 + h_index as u16;
            }
            representatives.push(perm);
        }
        CornerCosets {
            coset,
            representatives,
            half_turn_group: group,
        }
    }

    /// The class (0..420) of a cube's corner permutation; 0 means the
    /// corners can be solved by half turns.
    pub fn class(&self, cube: &CubieCube) -> u16 {
        self.coset[permutation_rank(&cube.cp)] / N_HALF_TURN_CORNERS as u16
    }

    /// The index (0..96) of a corner permutation in the half-turn group, for
    /// a cube whose corners are in class 0.
    pub fn half_turn_index(&self, cube: &CubieCube) -> u8 {
        (self.coset[permutation_rank(&cube.cp)] % N_HALF_TURN_CORNERS as u16) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_round_trip() {
        for rank in 0..N_SLICE {
            let marked: [bool; 12] = combination_unrank(rank, 4);
            assert_eq!(marked.iter().filter(|&&m| m).count(), 4);
            assert_eq!(combination_rank(&marked) as usize, rank);
        }
    }

    #[test]
    fn permutations_round_trip() {
        for rank in (0..N_CORNER_PERM).step_by(7) {
            let perm: [u8; 8] = permutation_unrank(rank);
            assert_eq!(permutation_rank(&perm), rank);
        }
        for rank in 0..24 {
            let perm: [u8; 4] = permutation_unrank(rank);
            assert_eq!(
                slice_perm_is_odd(rank as u8),
                crate::cube::cubie::is_odd(&perm)
            );
        }
    }

    /// A list that is not a permutation, as an unchecked cube may hold,
    /// still ranks inside the tables a rank indexes.
    #[test]
    fn anything_ranks_below_n_factorial() {
        for code in (0..1u32 << 24).step_by(101) {
            let perm: [u8; 8] = std::array::from_fn(|i| (code >> (3 * i) & 7) as u8);
            assert!(permutation_rank(&perm) < N_CORNER_PERM, "{perm:?}");
        }
        for code in 0..=u8::MAX {
            let perm: [u8; 4] = std::array::from_fn(|i| code >> (2 * i) & 3);
            assert!(permutation_rank(&perm) < 24, "{perm:?}");
        }
    }

    #[test]
    fn coordinates_of_the_solved_cube() {
        assert_eq!(flip(&SOLVED), 0);
        assert_eq!(twist(&SOLVED), 0);
        assert_eq!(slice(&SOLVED), SLICE_SOLVED);
        assert_eq!(m_placement(&SOLVED), M_PLACEMENT_SOLVED);
        for s in [&M_EDGES, &S_EDGES, &E_EDGES] {
            assert_eq!(slice_perm(&SOLVED, s), 0);
        }
    }

    #[test]
    fn setters_invert_getters() {
        let mut cube = SOLVED;
        for v in 0..N_FLIP as u16 {
            set_flip(&mut cube, v);
            assert_eq!(flip(&cube), v);
        }
        for v in 0..N_TWIST as u16 {
            set_twist(&mut cube, v);
            assert_eq!(twist(&cube), v);
        }
        for v in 0..N_SLICE as u16 {
            set_slice(&mut cube, v);
            assert_eq!(slice(&cube), v);
        }
        for v in 0..N_M_PLACEMENT as u16 {
            set_m_placement(&mut cube, v);
            assert_eq!(m_placement(&cube), v);
        }
        let mut cube = SOLVED;
        for v in 0..24 {
            set_slice_perm(&mut cube, &S_EDGES, v);
            assert_eq!(slice_perm(&cube, &S_EDGES), v);
        }
    }

    #[test]
    fn half_turns_reach_96_corner_permutations_in_420_classes() {
        let cosets = CornerCosets::build();
        assert_eq!(cosets.half_turn_group.len(), N_HALF_TURN_CORNERS);
        assert_eq!(cosets.representatives.len(), N_CORNER_CLASS);
        assert!(cosets.coset.iter().all(|&c| c != u16::MAX));
        assert_eq!(cosets.class(&SOLVED), 0);
        let u = SOLVED.apply_move(Move::new(Face::U, 1));
        assert_ne!(cosets.class(&u), 0);
        let half = SOLVED.apply(&[Move::new(Face::U, 2), Move::new(Face::R, 2)]);
        assert_eq!(cosets.class(&half), 0);
        assert_eq!(
            cosets.half_turn_group[cosets.half_turn_index(&half) as usize],
            half.cp
        );
    }
}

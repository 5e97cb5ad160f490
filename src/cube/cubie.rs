//! The cubie model: the cube as permutations and orientations of its 8 corners
//! and 12 edges (Kociemba's numbering), and the 18 face turns that act on it.
//!
//! Every other part of the data flow (notation, facelets, coordinates, solver,
//! playback) speaks in `CubieCube` and `Move`. This module is shared with
//! `build.rs` through a `#[path]` module, so it depends on nothing but `std`
//! and `thiserror`.

use std::fmt;
use std::ops::Mul;

/// Corner positions and pieces, in Kociemba's order.
pub const CORNER_NAMES: [&str; 8] = ["URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB"];
/// Edge positions and pieces, in Kociemba's order.
pub const EDGE_NAMES: [&str; 12] = [
    "UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR",
];

/// The six faces, in the facelet-string order U R F D L B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    U,
    R,
    F,
    D,
    L,
    B,
}

impl Face {
    pub const ALL: [Face; 6] = [Face::U, Face::R, Face::F, Face::D, Face::L, Face::B];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        ['U', 'R', 'F', 'D', 'L', 'B'][self.index()]
    }

    pub fn from_letter(letter: char) -> Option<Face> {
        Face::ALL.into_iter().find(|f| f.letter() == letter)
    }

    /// The face across the cube.
    pub fn opposite(self) -> Face {
        Face::ALL[(self.index() + 3) % 6]
    }

    /// 0 for U/D, 1 for R/L, 2 for F/B.
    pub fn axis(self) -> usize {
        self.index() % 3
    }
}

/// A face turn: `quarters` quarter turns clockwise (1, 2 or 3) of `face`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub face: Face,
    pub quarters: u8,
}

impl Move {
    /// All 18 face turns, derived from the faces: U U2 U' R R2 R' ….
    pub const ALL: [Move; 18] = {
        let mut all = [Move {
            face: Face::U,
            quarters: 1,
        }; 18];
        let mut i = 0;
        while i < 18 {
            all[i] = Move {
                face: Face::ALL[i / 3],
                quarters: (i % 3) as u8 + 1,
            };
            i += 1;
        }
        all
    };

    /// `quarters` (1, 2 or 3) clockwise quarter turns of `face`.
    ///
    /// # Panics
    /// If `quarters` is not 1, 2 or 3: there is no such move.
    pub const fn new(face: Face, quarters: u8) -> Move {
        assert!(
            quarters >= 1 && quarters <= 3,
            "a move is 1, 2 or 3 quarter turns"
        );
        Move { face, quarters }
    }

    /// This move followed by `next` on the same face, as one move, or `None`
    /// where they cancel. Moves on different faces do not combine.
    pub fn then(self, next: Move) -> Option<Move> {
        let quarters = (self.quarters + next.quarters) % 4;
        (self.face == next.face && quarters != 0).then_some(Move {
            face: self.face,
            quarters,
        })
    }

    /// Position in `Move::ALL`.
    pub fn index(self) -> usize {
        self.face.index() * 3 + self.quarters as usize - 1
    }

    pub fn inverse(self) -> Move {
        Move {
            face: self.face,
            quarters: 4 - self.quarters,
        }
    }

    pub fn is_half_turn(self) -> bool {
        self.quarters == 2
    }

    /// The cubie-level effect of this move.
    pub fn cube(self) -> &'static CubieCube {
        &MOVE_CUBES[self.index()]
    }
}

/// The notation suffix of 1, 2 or 3 clockwise quarter turns: none, `2`, `'`.
pub fn quarter_suffix(quarters: u8) -> &'static str {
    match quarters {
        2 => "2",
        3 => "'",
        _ => "",
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.face.letter(), quarter_suffix(self.quarters))
    }
}

/// A cube state in the "replaced-by" convention: `cp[i]` is the corner that
/// sits at position `i`, `co[i]` its twist (0..3, relative to the U/D
/// sticker), and likewise `ep`/`eo` for edges (flip relative to F/B quarter
/// turns).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CubieCube {
    pub cp: [u8; 8],
    pub co: [u8; 8],
    pub ep: [u8; 12],
    pub eo: [u8; 12],
}

/// A cube's places alone (`CubieCube::places`): what a product of moves
/// is to a solver that tracks nothing else, in half a cube's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Places {
    pub cp: [u8; 8],
    pub ep: [u8; 12],
}

pub const SOLVED: CubieCube = CubieCube {
    cp: [0, 1, 2, 3, 4, 5, 6, 7],
    co: [0; 8],
    ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    eo: [0; 12],
};

/// The clockwise quarter turn of each face, in `Face::ALL` order: literal
/// data from which every other move is derived.
const FACE_TURNS: [CubieCube; 6] = [
    // U
    CubieCube {
        cp: [3, 0, 1, 2, 4, 5, 6, 7],
        co: [0; 8],
        ep: [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; 12],
    },
    // R
    CubieCube {
        cp: [4, 1, 2, 0, 7, 5, 6, 3],
        co: [2, 0, 0, 1, 1, 0, 0, 2],
        ep: [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0],
        eo: [0; 12],
    },
    // F
    CubieCube {
        cp: [1, 5, 2, 3, 0, 4, 6, 7],
        co: [1, 2, 0, 0, 2, 1, 0, 0],
        ep: [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
        eo: [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
    },
    // D
    CubieCube {
        cp: [0, 1, 2, 3, 5, 6, 7, 4],
        co: [0; 8],
        ep: [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11],
        eo: [0; 12],
    },
    // L
    CubieCube {
        cp: [0, 2, 6, 3, 4, 1, 5, 7],
        co: [0, 1, 2, 0, 0, 2, 1, 0],
        ep: [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11],
        eo: [0; 12],
    },
    // B
    CubieCube {
        cp: [0, 1, 3, 7, 4, 5, 2, 6],
        co: [0, 0, 1, 2, 0, 0, 2, 1],
        ep: [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
        eo: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
    },
];

static MOVE_CUBES: [CubieCube; 18] = {
    let mut cubes = [SOLVED; 18];
    let mut i = 0;
    while i < 18 {
        let quarter = &FACE_TURNS[i / 3];
        let mut cube = SOLVED;
        let mut t = 0;
        while t <= i % 3 {
            cube = multiply(&cube, quarter);
            t += 1;
        }
        cubes[i] = cube;
        i += 1;
    }
    cubes
};

/// What each move changes, in `Move::ALL` order: for the four corners and
/// four edges of its face (every other position keeps its piece and
/// orientation), the position, the position its piece comes from and the
/// twist or flip the piece gains there. `CubieCube::apply_move` and
/// `CubieCube::turn` touch only these.
struct Turn {
    corners: [[u8; 3]; 4],
    edges: [[u8; 3]; 4],
}

static MOVE_TURNS: [Turn; 18] = {
    let mut turns = [const {
        Turn {
            corners: [[0; 3]; 4],
            edges: [[0; 3]; 4],
        }
    }; 18];
    let mut m = 0;
    while m < 18 {
        let cube = &MOVE_CUBES[m];
        let (mut corners, mut edges) = (0, 0);
        let mut i = 0;
        while i < 12 {
            if i < 8 && (cube.cp[i] as usize != i || cube.co[i] != 0) {
                turns[m].corners[corners] = [i as u8, cube.cp[i], cube.co[i]];
                corners += 1;
            }
            if cube.ep[i] as usize != i || cube.eo[i] != 0 {
                turns[m].edges[edges] = [i as u8, cube.ep[i], cube.eo[i]];
                edges += 1;
            }
            i += 1;
        }
        assert!(
            corners == 4 && edges == 4,
            "a face turn moves 4 corners and 4 edges"
        );
        m += 1;
    }
    turns
};

/// For each move (in `Move::ALL` order), the byte shuffles of
/// `CubieCube::shuffle_places`, as two 64-bit halves each: the corners'
/// (the position each of the eight takes its piece from) and the edges'
/// (twelve); `0x80` clears the bytes past them.
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
static PLACE_SHUFFLES: [[[i64; 2]; 2]; 18] = {
    let mut shuffles = [[[0; 2]; 2]; 18];
    let mut m = 0;
    while m < 18 {
        let cube = &MOVE_CUBES[m];
        let (mut corners, mut edges) = ([0x80; 16], [0x80; 16]);
        let mut i = 0;
        while i < 12 {
            if i < 8 {
                corners[i] = cube.cp[i] & 7;
            }
            edges[i] = cube.ep[i];
            i += 1;
        }
        shuffles[m] = [halves(corners), halves(edges)];
        m += 1;
    }
    shuffles
};

/// Sixteen bytes as the low and high halves of a 128-bit lane.
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
const fn halves(bytes: [u8; 16]) -> [i64; 2] {
    let [b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15] = bytes;
    [
        i64::from_le_bytes([b0, b1, b2, b3, b4, b5, b6, b7]),
        i64::from_le_bytes([b8, b9, b10, b11, b12, b13, b14, b15]),
    ]
}

/// Two twists added (mod 3), each at most 2: one subtraction, no division.
#[inline(always)]
const fn add_twist(a: u8, b: u8) -> u8 {
    let twist = a + b;
    if twist >= 3 {
        twist - 3
    } else {
        twist
    }
}

/// `a * b`: first `a`, then `b`. With "replaced-by" arrays,
/// `(a*b).cp[i] = a.cp[b.cp[i]]` and `(a*b).co[i] = a.co[b.cp[i]] + b.co[i]`
/// (mod 3), and the same for edges (mod 2).
///
/// This is the solver's innermost operation, so it avoids divisions: flips
/// add by XOR and twists (at most 2 + 2) by one subtraction. Corner numbers
/// are masked to 0..8 so that indexing needs no bounds check (10% of a solve
/// otherwise). The mask changes nothing on a cube `CubieCube::check`
/// accepts, and every solver refuses the others, so it never alters a
/// solution; on such a cube the product is meaningless but does not panic.
#[inline]
const fn multiply(a: &CubieCube, b: &CubieCube) -> CubieCube {
    let mut out = SOLVED;
    let mut i = 0;
    while i < 8 {
        let from = (b.cp[i] & 7) as usize;
        out.cp[i] = a.cp[from];
        out.co[i] = add_twist(a.co[from], b.co[i]);
        i += 1;
    }
    let mut i = 0;
    while i < 12 {
        let from = b.ep[i] as usize;
        out.ep[i] = a.ep[from];
        out.eo[i] = a.eo[from] ^ b.eo[i];
        i += 1;
    }
    out
}

impl Mul for &CubieCube {
    type Output = CubieCube;
    fn mul(self, rhs: &CubieCube) -> CubieCube {
        multiply(self, rhs)
    }
}

impl Mul for CubieCube {
    type Output = CubieCube;
    fn mul(self, rhs: CubieCube) -> CubieCube {
        multiply(&self, &rhs)
    }
}

impl Default for CubieCube {
    fn default() -> Self {
        SOLVED
    }
}

/// One broken invariant of a `CubieCube`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CubieError {
    #[error("corner {} appears {count} times", CORNER_NAMES[*piece as usize])]
    CornerCount { piece: u8, count: u8 },
    #[error("edge {} appears {count} times", EDGE_NAMES[*piece as usize])]
    EdgeCount { piece: u8, count: u8 },
    #[error("a corner piece number or twist is out of range at position {}", CORNER_NAMES[*position as usize])]
    CornerOutOfRange { position: u8 },
    #[error("an edge piece number or flip is out of range at position {}", EDGE_NAMES[*position as usize])]
    EdgeOutOfRange { position: u8 },
    /// `positions`: where the corners with a nonzero twist are.
    #[error("corner twist: the twists add up to {sum} (mod 3), so a corner is twisted in place; twisted: {}", names(CORNER_NAMES.as_slice(), positions))]
    Twist { sum: u8, positions: Vec<u8> },
    /// `positions`: where the flipped edges are.
    #[error("edge flip: the flips add up to 1 (mod 2), so an edge is flipped in place; flipped: {}", names(EDGE_NAMES.as_slice(), positions))]
    Flip { positions: Vec<u8> },
    /// The positions whose piece is not at home.
    #[error("parity: corner and edge permutations differ in parity, so two pieces are swapped; out of place: {}", parity_names(corners, edges))]
    Parity { corners: Vec<u8>, edges: Vec<u8> },
}

fn names(table: &[&str], positions: &[u8]) -> String {
    let list: Vec<&str> = positions.iter().map(|&p| table[p as usize]).collect();
    list.join(", ")
}

fn parity_names(corners: &[u8], edges: &[u8]) -> String {
    let mut list = Vec::new();
    list.extend(
        corners
            .iter()
            .map(|&p| format!("corner {}", CORNER_NAMES[p as usize])),
    );
    list.extend(
        edges
            .iter()
            .map(|&p| format!("edge {}", EDGE_NAMES[p as usize])),
    );
    list.join(", ")
}

/// Whether a permutation of 0..N (N at most 32) is odd (see `Pieces`).
pub fn is_odd<const N: usize>(perm: &[u8; N]) -> bool {
    let mut pieces = Pieces::default();
    for &piece in perm {
        pieces.add(piece);
    }
    pieces.is_odd()
}

/// The pieces of a permutation read so far: a bit per piece seen, and the
/// inversions (the pairs with the larger piece first) as bit sets XORed
/// together, read without branches, unlike following the cycles. Only
/// their parity matters, and the parity of a sum of bit counts is the
/// parity of the bits' XOR, so the sets are XORed and counted once.
#[derive(Default)]
struct Pieces {
    seen: u32,
    inversions: u32,
}

impl Pieces {
    #[inline(always)]
    fn add(&mut self, piece: u8) {
        let piece = u32::from(piece) & 31;
        self.inversions ^= self.seen >> piece;
        self.seen |= 1 << piece;
    }

    fn is_odd(&self) -> bool {
        self.inversions.count_ones() % 2 == 1
    }
}

/// How often each piece appears, for a permutation whose entries are all
/// below `N`.
fn piece_counts<const N: usize>(perm: &[u8; N]) -> [u8; N] {
    let mut counts = [0u8; N];
    for &p in perm {
        counts[p as usize] += 1;
    }
    counts
}

/// Every rule a description of a cube broke, in the order they were
/// checked (never empty); it displays as `invalid cube: a; b; …`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid<E>(pub Vec<E>);

impl<E: fmt::Display> fmt::Display for Invalid<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let messages: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        write!(f, "invalid cube: {}", messages.join("; "))
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for Invalid<E> {}

/// Every broken invariant of a cube that face turns cannot reach, as
/// `CubieCube::verify` lists them.
pub type InvalidCube = Invalid<CubieError>;

/// The pieces present (`Pieces`) and the orientations' total, or `None`
/// if a piece number or an orientation is out of range. Every position is
/// read, without a branch, as almost every cube passes.
fn census<const N: usize>(
    pieces: &[u8; N],
    orientations: &[u8; N],
    modulus: u8,
) -> Option<(Pieces, u32)> {
    let (mut seen, mut total, mut in_range) = (Pieces::default(), 0u32, true);
    for (&piece, &o) in pieces.iter().zip(orientations) {
        in_range &= (usize::from(piece) < N) & (o < modulus);
        seen.add(piece);
        total += u32::from(o);
    }
    in_range.then_some((seen, total))
}

impl CubieCube {
    pub fn solved() -> CubieCube {
        SOLVED
    }

    pub fn is_solved(&self) -> bool {
        *self == SOLVED
    }

    /// The state after applying `moves` in order.
    pub fn apply(&self, moves: &[Move]) -> CubieCube {
        moves.iter().fold(*self, |cube, &m| cube.apply_move(m))
    }

    /// `self * m.cube()`, computed only where the move changes anything:
    /// the solvers track cubes move by move, and a face turn leaves 12 of
    /// the 20 pieces alone. Corner numbers are masked as in `multiply`.
    #[inline]
    pub fn apply_move(&self, m: Move) -> CubieCube {
        self.by_move::<true>(m)
    }

    /// `apply_move` for the pieces' places: the orientations are left to
    /// the caller, for a solver that reads them no more or whose moves turn
    /// no piece out of its orientation. Natively they stay as they were,
    /// half the work of `apply_move`; the page's module, where size counts
    /// more than this saving, shares `apply_move`'s code and sets them.
    #[inline]
    pub fn permute(&self, m: Move) -> CubieCube {
        #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
        // SAFETY: the build enables SSSE3 (the `cfg` above), all that
        // `shuffle_places` needs.
        return unsafe { self.shuffle_places(m) };
        #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
        if cfg!(target_arch = "wasm32") {
            self.apply_move(m)
        } else {
            self.by_move::<false>(m)
        }
    }

    /// `permute` by two byte shuffles (SSSE3's `pshufb`), one for the
    /// corners' places and one for the edges': no jump on the move and no
    /// byte-by-byte copy. Fewest mode's walks turn a cube at every node,
    /// and with NISS this made a solve an eighth faster (`.cargo/config.toml`
    /// enables SSSE3 for x86-64 builds).
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    #[target_feature(enable = "ssse3")]
    fn shuffle_places(&self, m: Move) -> CubieCube {
        use core::arch::x86_64::{
            _mm_cvtsi128_si64, _mm_set_epi64x, _mm_shuffle_epi8, _mm_unpackhi_epi64,
        };
        let [corners, edges] = PLACE_SHUFFLES[m.index()];
        let [e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11] = self.ep;
        let cp = _mm_set_epi64x(0, i64::from_le_bytes(self.cp));
        let ep = _mm_set_epi64x(
            i64::from_le_bytes([e8, e9, e10, e11, 0, 0, 0, 0]),
            i64::from_le_bytes([e0, e1, e2, e3, e4, e5, e6, e7]),
        );
        let cp = _mm_shuffle_epi8(cp, _mm_set_epi64x(corners[1], corners[0]));
        let ep = _mm_shuffle_epi8(ep, _mm_set_epi64x(edges[1], edges[0]));
        let [e0, e1, e2, e3, e4, e5, e6, e7] = _mm_cvtsi128_si64(ep).to_le_bytes();
        let [e8, e9, e10, e11, ..] = _mm_cvtsi128_si64(_mm_unpackhi_epi64(ep, ep)).to_le_bytes();
        CubieCube {
            cp: _mm_cvtsi128_si64(cp).to_le_bytes(),
            ep: [e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11],
            ..*self
        }
    }

    /// `apply_move`, or with `ORIENT` false the places alone.
    fn by_move<const ORIENT: bool>(&self, m: Move) -> CubieCube {
        // One copy of the work for each move, so that which positions it
        // changes, where their pieces come from and their twists are
        // constants: half the instructions of reading them from the tables.
        macro_rules! by_move {
            ($($index:literal)*) => {
                match m.index() {
                    $($index => self.apply_move_at::<ORIENT>($index),)*
                    index => self.apply_move_at::<ORIENT>(index),
                }
            };
        }
        by_move!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17)
    }

    #[inline(always)]
    fn apply_move_at<const ORIENT: bool>(&self, index: usize) -> CubieCube {
        let turn = &MOVE_TURNS[index];
        let mut out = *self;
        for [to, from, twist] in turn.corners {
            let (to, from) = (usize::from(to & 7), usize::from(from & 7));
            out.cp[to] = self.cp[from];
            if ORIENT {
                out.co[to] = add_twist(self.co[from], twist);
            }
        }
        for [to, from, flip] in turn.edges {
            let (to, from) = (usize::from(to), usize::from(from));
            out.ep[to] = self.ep[from];
            if ORIENT {
                out.eo[to] = self.eo[from] ^ flip;
            }
        }
        out
    }

    /// `apply_move` in place, reading the move's positions from a table
    /// rather than making them constants by a jump for each move. The fast
    /// solve turns one cube move after move, and that jump, to a different
    /// place each time, is mispredicted so often that turning from the
    /// table took an eighth less time a solve, for 4,300 instructions
    /// rather than 3,800. The page's module, where size counts more, shares
    /// `apply_move`'s code.
    #[inline]
    pub fn turn(&mut self, m: Move) {
        if cfg!(target_arch = "wasm32") {
            *self = self.apply_move(m);
        } else {
            self.turn_at::<true>(m.index());
        }
    }

    /// `turn` for the pieces' places alone (see `permute`).
    #[inline]
    pub fn turn_places(&mut self, m: Move) {
        if cfg!(target_arch = "wasm32") {
            *self = self.permute(m);
        } else {
            self.turn_at::<false>(m.index());
        }
    }

    /// Move `index` in place. Only the eight pieces it moves are read and
    /// written: copying the whole cube, as `apply_move` does, would read it
    /// back at once just after the last move wrote it a byte at a time,
    /// which stalls.
    #[inline(always)]
    fn turn_at<const ORIENT: bool>(&mut self, index: usize) {
        let turn = &MOVE_TURNS[index];
        let mut corners = [(0, 0); 4];
        let mut edges = [(0, 0); 4];
        for k in 0..4 {
            let [_, from, twist] = turn.corners[k];
            let from = usize::from(from & 7);
            corners[k] = (self.cp[from], add_twist(self.co[from], twist));
            let [_, from, flip] = turn.edges[k];
            let from = usize::from(from);
            edges[k] = (self.ep[from], self.eo[from] ^ flip);
        }
        for k in 0..4 {
            let (to, (piece, twist)) = (usize::from(turn.corners[k][0] & 7), corners[k]);
            self.cp[to] = piece;
            let (to_edge, (edge, flip)) = (usize::from(turn.edges[k][0]), edges[k]);
            self.ep[to_edge] = edge;
            if ORIENT {
                self.co[to] = twist;
                self.eo[to_edge] = flip;
            }
        }
    }

    /// Where each position's piece comes from, without the orientations.
    pub fn places(&self) -> Places {
        Places {
            cp: self.cp,
            ep: self.ep,
        }
    }

    /// `self * p` for the pieces' places, the orientations left as they
    /// were (as `permute` leaves them). Corner numbers are masked as in
    /// `multiply`.
    #[inline]
    pub fn permuted_by(&self, p: &Places) -> CubieCube {
        let mut out = *self;
        for (to, &from) in out.cp.iter_mut().zip(&p.cp) {
            *to = self.cp[usize::from(from & 7)];
        }
        for (to, &from) in out.ep.iter_mut().zip(&p.ep) {
            *to = self.ep[usize::from(from)];
        }
        out
    }

    /// The state that undoes this one: `self * self.inverse() == solved`.
    pub fn inverse(&self) -> CubieCube {
        let mut inv = SOLVED;
        for i in 0..8 {
            let piece = self.cp[i] as usize;
            inv.cp[piece] = i as u8;
            inv.co[piece] = (3 - self.co[i]) % 3;
        }
        for i in 0..12 {
            let piece = self.ep[i] as usize;
            inv.ep[piece] = i as u8;
            inv.eo[piece] = self.eo[i];
        }
        inv
    }

    /// `Ok` if face turns can reach this state, else every broken invariant.
    pub fn check(&self) -> Result<(), InvalidCube> {
        if self.is_reachable() {
            Ok(())
        } else {
            Err(Invalid(self.verify()))
        }
    }

    /// Whether face turns can reach this state: what `verify` decides, in
    /// one pass with nothing allocated, since every solve asks it first.
    fn is_reachable(&self) -> bool {
        let (Some((corners, twist)), Some((edges, flip))) =
            (census(&self.cp, &self.co, 3), census(&self.ep, &self.eo, 2))
        else {
            return false;
        };
        corners.seen == 0xff
            && edges.seen == 0xfff
            && twist % 3 == 0
            && flip % 2 == 0
            && corners.is_odd() == edges.is_odd()
    }

    /// Every broken invariant, not just the first. An empty list means the
    /// state is reachable by face turns.
    pub fn verify(&self) -> Vec<CubieError> {
        let mut errors = Vec::new();
        for i in 0..8 {
            if self.cp[i] >= 8 || self.co[i] >= 3 {
                errors.push(CubieError::CornerOutOfRange { position: i as u8 });
            }
        }
        for i in 0..12 {
            if self.ep[i] >= 12 || self.eo[i] >= 2 {
                errors.push(CubieError::EdgeOutOfRange { position: i as u8 });
            }
        }
        if !errors.is_empty() {
            return errors;
        }
        // Every piece number is in range now, so the counts can be taken.
        let corner_counts = piece_counts(&self.cp);
        let edge_counts = piece_counts(&self.ep);
        for (piece, &count) in corner_counts.iter().enumerate() {
            if count != 1 {
                errors.push(CubieError::CornerCount {
                    piece: piece as u8,
                    count,
                });
            }
        }
        for (piece, &count) in edge_counts.iter().enumerate() {
            if count != 1 {
                errors.push(CubieError::EdgeCount {
                    piece: piece as u8,
                    count,
                });
            }
        }
        let twist: u8 = self.co.iter().sum::<u8>() % 3;
        if twist != 0 {
            errors.push(CubieError::Twist {
                sum: twist,
                positions: (0..8u8).filter(|&i| self.co[i as usize] != 0).collect(),
            });
        }
        if self.eo.iter().sum::<u8>() % 2 != 0 {
            errors.push(CubieError::Flip {
                positions: (0..12u8).filter(|&i| self.eo[i as usize] != 0).collect(),
            });
        }
        let permutations_valid = errors.iter().all(|e| {
            !matches!(
                e,
                CubieError::CornerCount { .. } | CubieError::EdgeCount { .. }
            )
        });
        if permutations_valid && is_odd(&self.cp) != is_odd(&self.ep) {
            errors.push(CubieError::Parity {
                corners: (0..8u8).filter(|&i| self.cp[i as usize] != i).collect(),
                edges: (0..12u8).filter(|&i| self.ep[i as usize] != i).collect(),
            });
        }
        errors
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_swap_changes_a_permutations_parity() {
        let mut perm: [u8; 12] = std::array::from_fn(|i| i as u8);
        assert!(!is_odd(&perm));
        let mut odd = false;
        for (i, j) in [(0, 11), (3, 4), (5, 9), (0, 1), (7, 2), (11, 6), (10, 8)] {
            perm.swap(i, j);
            odd = !odd;
            assert_eq!(is_odd(&perm), odd, "{perm:?}");
        }
        assert!(is_odd(&[1u8, 0]));
        assert!(!is_odd(&[1u8, 2, 0]));
    }

    #[test]
    fn the_18_moves_are_distinct_and_derived_in_order() {
        for (i, a) in Move::ALL.iter().enumerate() {
            assert_eq!(a.index(), i);
            for b in &Move::ALL[i + 1..] {
                assert_ne!(a.cube(), b.cube(), "{a} and {b} act the same");
            }
        }
    }

    #[test]
    fn applying_a_move_is_multiplying_by_its_cube() {
        let cube = Move::ALL.iter().fold(SOLVED, |c, m| &c * m.cube());
        for m in Move::ALL {
            assert_eq!(cube.apply_move(m), &cube * m.cube(), "{m}");
        }
    }

    #[test]
    fn permuting_moves_the_pieces_as_applying_does() {
        let cube = Move::ALL.iter().fold(SOLVED, |c, m| &c * m.cube());
        for m in Move::ALL {
            let (applied, permuted) = (cube.apply_move(m), cube.permute(m));
            assert_eq!((permuted.cp, permuted.ep), (applied.cp, applied.ep), "{m}");
        }
    }

    #[test]
    fn turning_in_place_is_applying() {
        let mut cube = Move::ALL.iter().fold(SOLVED, |c, m| &c * m.cube());
        for m in Move::ALL.iter().chain(Move::ALL.iter().rev()).copied() {
            let applied = cube.apply_move(m);
            let mut places = cube;
            places.turn_places(m);
            cube.turn(m);
            assert_eq!(cube, applied, "{m}");
            assert_eq!((places.cp, places.ep), (applied.cp, applied.ep), "{m}");
        }
    }

    #[test]
    fn every_face_turn_has_order_four() {
        for m in Move::ALL {
            let cube = SOLVED.apply(&[m, m, m, m]);
            assert!(cube.is_solved(), "{m} four times is not the identity");
            assert!(!SOLVED.apply_move(m).is_solved());
        }
    }

    #[test]
    fn sexy_move_six_times_is_identity() {
        let [r, u] = [Move::new(Face::R, 1), Move::new(Face::U, 1)];
        let sexy = [r, u, r.inverse(), u.inverse()];
        let once = SOLVED.apply(&sexy);
        assert!(!once.is_solved());
        let six = (0..6).fold(SOLVED, |c, _| c.apply(&sexy));
        assert!(six.is_solved());
    }

    #[test]
    fn inverse_undoes_a_state() {
        let cube = SOLVED.apply(&Move::ALL);
        assert!((cube * cube.inverse()).is_solved());
        assert!((cube.inverse() * cube).is_solved());
    }

    #[test]
    fn verify_reports_every_broken_invariant() {
        let mut cube = SOLVED;
        cube.co[0] = 1;
        cube.eo[3] = 1;
        cube.ep.swap(0, 1);
        let errors = cube.verify();
        assert_eq!(errors.len(), 3, "{errors:?}");
        assert!(matches!(&errors[0], CubieError::Twist { sum: 1, positions } if positions == &[0]));
        assert!(matches!(&errors[1], CubieError::Flip { positions } if positions == &[3]));
        assert!(
            matches!(&errors[2], CubieError::Parity { corners, edges } if corners.is_empty() && edges == &[0, 1])
        );
    }

    #[test]
    fn check_agrees_with_verify() {
        let mut cube = SOLVED.apply(&Move::ALL);
        assert_eq!(cube.check(), Ok(()));
        for (position, value) in [(0, 1), (3, 2), (7, 3), (5, 200)] {
            let mut broken = cube;
            broken.co[position] = value;
            assert_eq!(broken.check(), Err(Invalid(broken.verify())));
            assert!(!broken.verify().is_empty());
        }
        cube.ep.swap(2, 9);
        assert_eq!(cube.check(), Err(Invalid(cube.verify())));
        cube.cp.swap(0, 6);
        assert_eq!(cube.check(), Ok(()));
        cube.ep[11] = cube.ep[10];
        assert!(cube.check().is_err());
    }

    #[test]
    fn verify_names_duplicate_and_missing_pieces() {
        let mut cube = SOLVED;
        cube.cp[1] = 0;
        let errors = cube.verify();
        assert!(errors.contains(&CubieError::CornerCount { piece: 0, count: 2 }));
        assert!(errors.contains(&CubieError::CornerCount { piece: 1, count: 0 }));
    }
}

//! The stage registry: the four stages of Thistlethwaite's group chain
//! G0 ⊃ G1 ⊃ G2 ⊃ G3 ⊃ {solved}, each described once, as data: its name and
//! goal, the faces it may turn a quarter (its moves are derived from them),
//! its coordinate with move tables built through the cubie model, and its
//! longest optimal solution, read from the golden histograms.
//!
//! Everything that works stage by stage (`build.rs`, the tables, the
//! solver, the fewest-moves search, the tests) iterates over
//! `StageKind::ALL` and reaches a stage's coordinate through
//! `Stages::visit`, so a new stage is added here and nowhere else. Shared
//! with `build.rs`, which runs the breadth-first searches.

use crate::cube::coord::{self, CornerCosets};
use crate::cube::cubie::{CubieCube, Face, Move, SOLVED};
use std::sync::Arc;

/// One of the four stages, in order; each is named as on its chip.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StageKind {
    OrientEdges,
    OrientCornersSlice,
    SeparatePieces,
    HalfTurnFinish,
}

/// What describes a stage, apart from its coordinate.
pub struct StageInfo {
    /// The name shown on the stage's chip.
    pub name: &'static str,
    /// Its name in fewest-moves practice: EO, DR, HTR, finish.
    pub fmc: &'static str,
    /// What the stage fixes, in plain words: its goal.
    pub description: &'static str,
    /// Faces this stage may turn a quarter; every other face only by half
    /// turns. This is the generating set of the group the stage works in.
    pub quarter_turn_faces: &'static [Face],
    /// The groups it goes from and to, e.g. `G0 → G1`.
    pub groups: &'static str,
    /// Why the next group's smaller move set cannot undo this stage's work.
    pub why: &'static str,
    /// What the cube shows once the stage is done, as narration says it.
    pub reached: &'static str,
}

/// The stages, in `StageKind` order.
const STAGES: [StageInfo; StageKind::COUNT] = {
    use Face::*;
    [
        StageInfo {
            name: "Orient edges",
            fmc: "EO",
            description: "Orients every edge, so that no edge needs an F or B quarter turn from here on.",
            quarter_turn_faces: &[U, R, F, D, L, B],
            groups: "G0 → G1",
            why: "Only F and B quarter turns flip edges, and G1 = ⟨U, D, L, R, F2, B2⟩ has none, so the edges stay oriented.",
            reached: "no flipped edges",
        },
        StageInfo {
            name: "Orient corners + slice",
            fmc: "DR",
            description: "Twists every corner so its white or yellow sticker faces up or down, and brings the four middle-layer edges (FR FL BL BR) into the middle layer.",
            quarter_turn_faces: &[U, R, D, L],
            groups: "G1 → G2",
            why: "G2 = ⟨U, D, L2, R2, F2, B2⟩ turns only U and D a quarter, which neither twists corners nor moves an edge out of the middle layer.",
            reached: "every corner oriented and the four slice edges in their slice",
        },
        StageInfo {
            name: "Separate pieces",
            fmc: "HTR",
            description: "Puts each corner into its tetrad in an arrangement half turns can solve, the M-slice edges into the M slice, and makes the permutation parity even, so that half turns alone can finish.",
            quarter_turn_faces: &[U, D],
            groups: "G2 → G3",
            why: "G3 = ⟨U2, D2, L2, R2, F2, B2⟩: half turns keep every corner in its tetrad and every edge in its slice, and are even permutations.",
            reached: "each face shows only its own colour and the opposite one",
        },
        StageInfo {
            name: "Half-turn finish",
            fmc: "finish",
            description: "Brings every piece home with half turns alone: a table holds the distance of each of the 663,552 positions they reach.",
            quarter_turn_faces: &[],
            groups: "G3 → solved",
            why: "Every piece already sits where half turns alone can bring it home.",
            reached: "the cube is solved",
        },
    ]
};

/// The golden depth histograms, one `stage K: c0 c1 …` line per stage; the
/// build checks the tables against them.
pub const GOLDEN_HISTOGRAMS: &str = include_str!("../../tables/histograms.txt");

/// The longest optimal solution of stage `index` (0-based): one less than
/// the number of counts on its line of the golden histograms.
const fn golden_max_length(index: usize) -> usize {
    let text = GOLDEN_HISTOGRAMS.as_bytes();
    let mut i = 0;
    let mut line = 0;
    while line < index {
        assert!(i < text.len(), "tables/histograms.txt has a line per stage");
        if text[i] == b'\n' {
            line += 1;
        }
        i += 1;
    }
    while text[i] != b':' {
        i += 1;
    }
    let mut counts = 0;
    let mut in_number = false;
    while i < text.len() && text[i] != b'\n' {
        let digit = text[i].is_ascii_digit();
        if digit && !in_number {
            counts += 1;
        }
        in_number = digit;
        i += 1;
    }
    counts - 1
}

const MAX_LENGTHS: [usize; StageKind::COUNT] = {
    let mut maxima = [0; StageKind::COUNT];
    let mut k = 0;
    while k < StageKind::COUNT {
        maxima[k] = golden_max_length(k);
        k += 1;
    }
    maxima
};

/// The longest optimal solution of any stage: what a descent can walk.
pub(crate) const LONGEST_STAGE: usize = {
    let mut longest = 0;
    let mut k = 0;
    while k < StageKind::COUNT {
        if MAX_LENGTHS[k] > longest {
            longest = MAX_LENGTHS[k];
        }
        k += 1;
    }
    longest
};

impl StageKind {
    pub const COUNT: usize = 4;

    pub const ALL: [StageKind; StageKind::COUNT] = [
        StageKind::OrientEdges,
        StageKind::OrientCornersSlice,
        StageKind::SeparatePieces,
        StageKind::HalfTurnFinish,
    ];

    /// Position in the chain, from 0.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether this stage ends in the solved cube.
    pub const fn is_last(self) -> bool {
        self.index() == StageKind::COUNT - 1
    }

    /// The stage after this one, if any.
    pub fn next(self) -> Option<StageKind> {
        StageKind::ALL.get(self.index() + 1).copied()
    }

    pub fn info(self) -> &'static StageInfo {
        &STAGES[self.index()]
    }

    /// The name shown on the stage's chip.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The stage's short name in fewest-moves practice (EO, DR, HTR, finish).
    pub fn fmc(self) -> &'static str {
        self.info().fmc
    }

    /// What the stage fixes, in plain words.
    pub fn description(self) -> &'static str {
        self.info().description
    }

    /// The moves of the stage's group, in `Move::ALL` order.
    pub fn allowed_moves(self) -> Vec<Move> {
        let faces = self.info().quarter_turn_faces;
        Move::ALL
            .into_iter()
            .filter(|m| m.is_half_turn() || faces.contains(&m.face))
            .collect()
    }

    /// The longest any optimal solution of this stage can be (HTM), from
    /// the golden histograms.
    pub const fn max_length(self) -> usize {
        MAX_LENGTHS[self.index()]
    }

    /// What the stages after this one read of a cube that its moves turn,
    /// so what they must track.
    pub(crate) const fn tracked(self) -> Tracked {
        match self {
            // The next stage reads the corners' twists.
            StageKind::OrientEdges => Tracked::Whole,
            // Stage 2 ends with every piece oriented (set by
            // `solver::at_stage_goal`), and stage 3's moves turn none out of
            // its orientation, so only the pieces' places are left to track.
            StageKind::OrientCornersSlice | StageKind::SeparatePieces => Tracked::Places,
            // Nothing follows the last stage.
            StageKind::HalfTurnFinish => Tracked::Nothing,
        }
    }
}

/// What a stage's moves must track of a cube (`StageKind::tracked`).
#[derive(Clone, Copy)]
pub(crate) enum Tracked {
    Whole,
    Places,
    Nothing,
}

impl Tracked {
    /// The cube after move `m`, as far as the later stages read it once
    /// the stage has reached its goal (`solver::at_stage_goal`).
    #[inline]
    pub(crate) fn apply(self, cube: &CubieCube, m: Move) -> CubieCube {
        match self {
            Tracked::Whole => cube.apply_move(m),
            Tracked::Places => cube.permute(m),
            Tracked::Nothing => *cube,
        }
    }

    /// `apply` in place (`CubieCube::turn`), for a descent that keeps one
    /// cube.
    #[inline(always)]
    pub(crate) fn turn(self, cube: &mut CubieCube, m: Move) {
        match self {
            Tracked::Whole => cube.turn(m),
            Tracked::Places => cube.turn_places(m),
            Tracked::Nothing => {}
        }
    }
}

/// A stage's coordinate: everything the stage needs to know of a cube, with
/// move tables over the stage's allowed moves and a dense index for the
/// distance table.
pub trait Stage {
    type Coord: Copy + PartialEq;
    const KIND: StageKind;
    /// Number of entries in the distance table.
    const SIZE: usize;
    fn moves(&self) -> &[Move];
    fn coord(&self, cube: &CubieCube) -> Self::Coord;
    /// The coordinate after the `k`-th allowed move.
    fn step(&self, coord: Self::Coord, k: usize) -> Self::Coord;
    fn index(&self, coord: Self::Coord) -> usize;
    fn coord_at(&self, index: usize) -> Self::Coord;
    /// The coordinate of every cube in the group the stage ends in.
    fn goal(&self) -> Self::Coord;
    /// Number of coordinate values, which is more than `SIZE` where the
    /// table is reduced by symmetry.
    const RAW_SIZE: usize = Self::SIZE;
    /// The coordinate value numbered `index` (0..RAW_SIZE).
    fn raw_coord(&self, index: usize) -> Self::Coord {
        self.coord_at(index)
    }
    /// The number of a coordinate value (0..RAW_SIZE): the inverse of
    /// `raw_coord`.
    fn raw_index(&self, coord: Self::Coord) -> usize {
        self.index(coord)
    }
}

/// Work to do with one stage's coordinate, whatever its type: see
/// `Stages::visit`.
pub trait StageVisitor {
    type Output;
    fn visit<S: Stage>(self, stage: &S) -> Self::Output;
}

/// A move table: `table[value * moves.len() + k]` is the coordinate value
/// after the `k`-th move, built by setting up a cube with each value,
/// turning it and reading the coordinate back.
pub(crate) fn move_table(
    size: usize,
    moves: &[Move],
    set: impl Fn(usize) -> CubieCube,
    get: impl Fn(&CubieCube) -> u16,
) -> Vec<u16> {
    let mut table = Vec::with_capacity(size * moves.len());
    for value in 0..size {
        let cube = set(value);
        table.extend(moves.iter().map(|&m| get(&cube.apply_move(m))));
    }
    table
}

/// A cube from solved with one coordinate set, for `move_table`.
pub(crate) fn with(setter: impl Fn(&mut CubieCube, u16)) -> impl Fn(usize) -> CubieCube {
    move |value| {
        let mut cube = SOLVED;
        setter(&mut cube, value as u16);
        cube
    }
}

/// Stage 1: edge orientation, 2,048 values.
pub struct OrientEdges {
    moves: Vec<Move>,
    flip_move: Vec<u16>,
}

impl OrientEdges {
    pub fn build() -> Self {
        let moves = StageKind::OrientEdges.allowed_moves();
        let flip_move = move_table(coord::N_FLIP, &moves, with(coord::set_flip), coord::flip);
        OrientEdges { moves, flip_move }
    }
}

impl Stage for OrientEdges {
    type Coord = u16;
    const KIND: StageKind = StageKind::OrientEdges;
    const SIZE: usize = coord::N_FLIP;
    fn moves(&self) -> &[Move] {
        &self.moves
    }
    fn coord(&self, cube: &CubieCube) -> u16 {
        coord::flip(cube)
    }
    fn step(&self, c: u16, k: usize) -> u16 {
        self.flip_move[c as usize * self.moves.len() + k]
    }
    fn index(&self, c: u16) -> usize {
        c as usize
    }
    fn coord_at(&self, index: usize) -> u16 {
        index as u16
    }
    fn goal(&self) -> u16 {
        0
    }
}

/// The half turns of the whole cube about its three axes (identity, x2, y2,
/// z2) as cubie permutations. Each keeps the U/D and F/B axes in place, so
/// conjugating by one maps stage 2's moves and goal onto themselves, and
/// conjugate states are equally far from the goal.
pub fn axis_half_turns() -> [CubieCube; 4] {
    use Face::*;
    let rotation = |faces: [Face; 2], middle: [(u8, u8); 2]| {
        let mut cube = SOLVED.apply(&[Move::new(faces[0], 2), Move::new(faces[1], 2)]);
        for (a, b) in middle {
            cube.ep[a as usize] = b;
            cube.ep[b as usize] = a;
        }
        cube
    };
    [
        SOLVED,
        rotation([R, L], [(1, 7), (3, 5)]),
        rotation([U, D], [(8, 10), (9, 11)]),
        rotation([F, B], [(0, 6), (2, 4)]),
    ]
}

/// The cube seen in a mirror between the L and R faces: each piece moves to
/// the mirrored position and each corner's twist turns the other way
/// (edge flips, taken about the F/B axis, stay). A stage-2 move seen so is
/// a stage-2 move (R becomes L', U becomes U'), and the goal stays the
/// goal, so mirrored states are equally far from it.
pub fn mirror_left_right(cube: &CubieCube) -> CubieCube {
    const CORNERS: [usize; 8] = [1, 0, 3, 2, 5, 4, 7, 6];
    const EDGES: [usize; 12] = [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10];
    let mut mirrored = *cube;
    for (i, &from) in CORNERS.iter().enumerate() {
        mirrored.cp[i] = CORNERS[usize::from(cube.cp[from])] as u8;
        mirrored.co[i] = (3 - cube.co[from]) % 3;
    }
    for (i, &from) in EDGES.iter().enumerate() {
        mirrored.ep[i] = EDGES[usize::from(cube.ep[from])] as u8;
        mirrored.eo[i] = cube.eo[from];
    }
    mirrored
}

/// Symmetries of stage 2: the axis half turns, then each after the mirror.
const STAGE_TWO_SYMMETRIES: usize = 8;

/// Classes of E-slice placements under stage 2's symmetries.
pub const N_SLICE_CLASSES: usize = 81;

/// Stage 2: corner twist × E-slice placement, 2,187 × 495 = 1,082,565
/// values. The table is indexed by the placement's class under stage 2's
/// symmetries (the axis half turns, with and without the left-right
/// mirror) and the twist seen through the same symmetry: 2,187 × 81.
pub struct OrientCornersSlice {
    moves: Vec<Move>,
    twist_move: Vec<u16>,
    slice_move: Vec<u16>,
    /// `twist_conj[t * STAGE_TWO_SYMMETRIES + s]`: the twist of the cube
    /// conjugated by symmetry `s`.
    twist_conj: Vec<u16>,
    /// For each placement: its class, the first symmetry that takes it to the
    /// class's representative (the smallest placement in it), and a bit mask
    /// of all such symmetries.
    slice_class: Vec<(u16, u8, u8)>,
    /// Each class's representative placement.
    class_rep: Vec<u16>,
}

impl OrientCornersSlice {
    pub fn build() -> Self {
        let moves = StageKind::OrientCornersSlice.allowed_moves();
        let twist_move = move_table(coord::N_TWIST, &moves, with(coord::set_twist), coord::twist);
        let slice_move = move_table(coord::N_SLICE, &moves, with(coord::set_slice), coord::slice);
        let half_turns = axis_half_turns();
        // Each symmetry is its own inverse and they commute, so r * c * r
        // is the conjugate by r, and the same of the mirrored cube the
        // conjugate by r after the mirror.
        let conjugates = |size, set: fn(&mut CubieCube, u16), get: fn(&CubieCube) -> u16| {
            let mut table = Vec::with_capacity(size * STAGE_TWO_SYMMETRIES);
            for value in 0..size {
                let cube = with(set)(value);
                for seen in [cube, mirror_left_right(&cube)] {
                    table.extend(half_turns.iter().map(|r| get(&(&(r * &seen) * r))));
                }
            }
            table
        };
        let twist_conj = conjugates(coord::N_TWIST, coord::set_twist, coord::twist);
        let slice_conj = conjugates(coord::N_SLICE, coord::set_slice, coord::slice);
        let mut class_rep: Vec<u16> = Vec::new();
        let mut slice_class = Vec::with_capacity(coord::N_SLICE);
        for slice in 0..coord::N_SLICE {
            let images =
                &slice_conj[slice * STAGE_TWO_SYMMETRIES..(slice + 1) * STAGE_TWO_SYMMETRIES];
            let rep = images
                .iter()
                .copied()
                .min()
                .expect("one image per symmetry");
            let mask = (0..STAGE_TWO_SYMMETRIES)
                .filter(|&k| images[k] == rep)
                .fold(0u8, |m, k| m | 1 << k);
            let class = class_rep.iter().position(|&r| r == rep).unwrap_or_else(|| {
                class_rep.push(rep);
                class_rep.len() - 1
            });
            slice_class.push((class as u16, mask.trailing_zeros() as u8, mask));
        }
        OrientCornersSlice {
            moves,
            twist_move,
            slice_move,
            twist_conj,
            slice_class,
            class_rep,
        }
    }
}

impl Stage for OrientCornersSlice {
    type Coord = (u16, u16);
    const KIND: StageKind = StageKind::OrientCornersSlice;
    const SIZE: usize = coord::N_TWIST * N_SLICE_CLASSES;
    const RAW_SIZE: usize = coord::N_TWIST * coord::N_SLICE;
    fn moves(&self) -> &[Move] {
        &self.moves
    }
    fn coord(&self, cube: &CubieCube) -> (u16, u16) {
        (coord::twist(cube), coord::slice(cube))
    }
    fn step(&self, (twist, slice): (u16, u16), k: usize) -> (u16, u16) {
        let n = self.moves.len();
        (
            self.twist_move[twist as usize * n + k],
            self.slice_move[slice as usize * n + k],
        )
    }
    /// Where the placement's representative is fixed by a symmetry, the
    /// twist is conjugated by each symmetry that reaches the representative
    /// and the smallest result taken, so all conjugate coordinates share one
    /// entry; otherwise the search would miss edges between them.
    #[inline]
    fn index(&self, (twist, slice): (u16, u16)) -> usize {
        let (class, first, mask) = self.slice_class[slice as usize];
        let twist = twist as usize;
        let conjugates =
            &self.twist_conj[twist * STAGE_TWO_SYMMETRIES..(twist + 1) * STAGE_TWO_SYMMETRIES];
        let mut canonical = conjugates[first as usize];
        if mask != 1 << first {
            for (k, &conjugate) in conjugates.iter().enumerate().skip(first as usize + 1) {
                if mask & 1 << k != 0 {
                    canonical = canonical.min(conjugate);
                }
            }
        }
        class as usize * coord::N_TWIST + canonical as usize
    }
    fn coord_at(&self, index: usize) -> (u16, u16) {
        (
            (index % coord::N_TWIST) as u16,
            self.class_rep[index / coord::N_TWIST],
        )
    }
    fn goal(&self) -> (u16, u16) {
        (0, coord::SLICE_SOLVED)
    }
    fn raw_coord(&self, index: usize) -> (u16, u16) {
        (
            (index / coord::N_SLICE) as u16,
            (index % coord::N_SLICE) as u16,
        )
    }
    fn raw_index(&self, (twist, slice): (u16, u16)) -> usize {
        twist as usize * coord::N_SLICE + slice as usize
    }
}

/// The move table of the corner class (which of the 420 cosets of the
/// half-turn corner group) over `moves`.
pub(crate) fn class_move_table(cosets: &CornerCosets, moves: &[Move]) -> Vec<u16> {
    move_table(
        coord::N_CORNER_CLASS,
        moves,
        |class| CubieCube {
            cp: cosets.representatives[class],
            ..SOLVED
        },
        |cube| cosets.class(cube),
    )
}

/// Stage 3: corner class (which of the 420 cosets of the half-turn corner
/// group) × M-edge placement, 420 × 70 = 29,400 values.
pub struct SeparatePieces {
    moves: Vec<Move>,
    cosets: Arc<CornerCosets>,
    class_move: Vec<u16>,
    m_move: Vec<u16>,
}

impl SeparatePieces {
    pub fn build(cosets: Arc<CornerCosets>) -> Self {
        let moves = StageKind::SeparatePieces.allowed_moves();
        let class_move = class_move_table(&cosets, &moves);
        let m_move = move_table(
            coord::N_M_PLACEMENT,
            &moves,
            with(coord::set_m_placement),
            coord::m_placement,
        );
        SeparatePieces {
            moves,
            cosets,
            class_move,
            m_move,
        }
    }
}

impl Stage for SeparatePieces {
    type Coord = (u16, u16);
    const KIND: StageKind = StageKind::SeparatePieces;
    const SIZE: usize = coord::N_CORNER_CLASS * coord::N_M_PLACEMENT;
    fn moves(&self) -> &[Move] {
        &self.moves
    }
    fn coord(&self, cube: &CubieCube) -> (u16, u16) {
        (self.cosets.class(cube), coord::m_placement(cube))
    }
    fn step(&self, (class, m): (u16, u16), k: usize) -> (u16, u16) {
        let n = self.moves.len();
        (
            self.class_move[class as usize * n + k],
            self.m_move[m as usize * n + k],
        )
    }
    fn index(&self, (class, m): (u16, u16)) -> usize {
        class as usize * coord::N_M_PLACEMENT + m as usize
    }
    fn coord_at(&self, index: usize) -> (u16, u16) {
        (
            (index / coord::N_M_PLACEMENT) as u16,
            (index % coord::N_M_PLACEMENT) as u16,
        )
    }
    fn goal(&self) -> (u16, u16) {
        (0, coord::M_PLACEMENT_SOLVED)
    }
}

/// Stage 4: half-turn corner permutation × the order of the edges within each
/// of the three slices. The E-slice order's parity follows from the others
/// (every half turn is an even permutation), so only half of its 24 values
/// are indexed: 96 × 24 × 24 × 12 = 663,552 values.
pub struct HalfTurnFinish {
    moves: Vec<Move>,
    cosets: Arc<CornerCosets>,
    /// `corner_move[h][k]`: the corners after the `k`-th move. A row of
    /// bytes for each value a byte can hold, so that a step is four loads
    /// with no multiplication and no bounds to check: stepping this stage
    /// was a tenth of a fast solve.
    corner_move: Box<ByteRows>,
    /// The same for the order within each slice: M, S, E.
    slice_move: [Box<ByteRows>; 3],
}

/// A stage-4 move table by rows; rows past the coordinate's values are
/// never read.
type ByteRows = [[u8; HALF_TURNS]; 256];

/// Stage 4's moves: the six half turns.
const HALF_TURNS: usize = 6;

const SLICES: [&[usize; 4]; 3] = [&coord::M_EDGES, &coord::S_EDGES, &coord::E_EDGES];

impl HalfTurnFinish {
    pub fn build(cosets: Arc<CornerCosets>) -> Self {
        let moves = StageKind::HalfTurnFinish.allowed_moves();
        assert_eq!(
            moves.len(),
            HALF_TURNS,
            "stage 4 turns each face a half turn"
        );
        let rows = |table: Vec<u16>| {
            let mut rows = Box::new([[0; HALF_TURNS]; 256]);
            for (row, moved) in rows.iter_mut().zip(table.chunks_exact(HALF_TURNS)) {
                *row = std::array::from_fn(|k| moved[k] as u8);
            }
            rows
        };
        let corner_move = rows(move_table(
            coord::N_HALF_TURN_CORNERS,
            &moves,
            |h| CubieCube {
                cp: cosets.half_turn_group[h],
                ..SOLVED
            },
            |cube| cosets.half_turn_index(cube) as u16,
        ));
        let slice_move = SLICES.map(|slice| {
            rows(move_table(
                coord::N_SLICE_PERM,
                &moves,
                with(|cube, rank| coord::set_slice_perm(cube, slice, rank as u8)),
                |cube| coord::slice_perm(cube, slice) as u16,
            ))
        });
        HalfTurnFinish {
            moves,
            cosets,
            corner_move,
            slice_move,
        }
    }
}

impl Stage for HalfTurnFinish {
    /// (corners, M order, S order, E order)
    type Coord = [u8; 4];
    const KIND: StageKind = StageKind::HalfTurnFinish;
    const SIZE: usize = coord::N_HALF_TURN_CORNERS * 24 * 24 * 12;
    fn moves(&self) -> &[Move] {
        &self.moves
    }
    #[inline]
    fn coord(&self, cube: &CubieCube) -> [u8; 4] {
        [
            self.cosets.half_turn_index(cube),
            coord::slice_perm(cube, SLICES[0]),
            coord::slice_perm(cube, SLICES[1]),
            coord::slice_perm(cube, SLICES[2]),
        ]
    }
    #[inline]
    fn step(&self, [h, m, s, e]: [u8; 4], k: usize) -> [u8; 4] {
        [
            self.corner_move[usize::from(h)][k],
            self.slice_move[0][usize::from(m)][k],
            self.slice_move[1][usize::from(s)][k],
            self.slice_move[2][usize::from(e)][k],
        ]
    }
    fn index(&self, [h, m, s, e]: [u8; 4]) -> usize {
        ((h as usize * 24 + m as usize) * 24 + s as usize) * 12 + e as usize / 2
    }
    fn coord_at(&self, index: usize) -> [u8; 4] {
        let half = (index % 12) as u8;
        let s = (index / 12 % 24) as u8;
        let m = (index / 12 / 24 % 24) as u8;
        let h = (index / 12 / 24 / 24) as u8;
        let odd = coord::slice_perm_is_odd(m) != coord::slice_perm_is_odd(s);
        let e = if coord::slice_perm_is_odd(2 * half) == odd {
            2 * half
        } else {
            2 * half + 1
        };
        [h, m, s, e]
    }
    fn goal(&self) -> [u8; 4] {
        [0; 4]
    }
}

/// Every stage's coordinate and move tables.
pub struct Stages {
    pub orient_edges: OrientEdges,
    pub orient_corners_slice: OrientCornersSlice,
    pub separate_pieces: SeparatePieces,
    pub half_turn_finish: HalfTurnFinish,
}

impl Stages {
    pub fn build() -> Stages {
        let cosets = Arc::new(CornerCosets::build());
        Stages {
            orient_edges: OrientEdges::build(),
            orient_corners_slice: OrientCornersSlice::build(),
            separate_pieces: SeparatePieces::build(Arc::clone(&cosets)),
            half_turn_finish: HalfTurnFinish::build(cosets),
        }
    }

    /// The corner cosets stages 3 and 4 read, built once for every table
    /// that needs them.
    pub fn corner_cosets(&self) -> &Arc<CornerCosets> {
        &self.separate_pieces.cosets
    }

    /// Runs `visitor` on stage `kind`'s coordinate: the one place that maps
    /// a stage to its coordinate type.
    pub fn visit<V: StageVisitor>(&self, kind: StageKind, visitor: V) -> V::Output {
        match kind {
            StageKind::OrientEdges => visitor.visit(&self.orient_edges),
            StageKind::OrientCornersSlice => visitor.visit(&self.orient_corners_slice),
            StageKind::SeparatePieces => visitor.visit(&self.separate_pieces),
            StageKind::HalfTurnFinish => visitor.visit(&self.half_turn_finish),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each stage's moves are its kind's `allowed_moves`, in order: what
    /// is built once for a kind (fewest mode's move sets) holds for its
    /// stage's move indices.
    #[test]
    fn each_stage_moves_as_its_kind_allows() {
        struct Moves;
        impl StageVisitor for Moves {
            type Output = Vec<Move>;
            fn visit<S: Stage>(self, stage: &S) -> Vec<Move> {
                stage.moves().to_vec()
            }
        }
        let stages = crate::solve::tables::stages();
        for kind in StageKind::ALL {
            assert_eq!(stages.visit(kind, Moves), kind.allowed_moves(), "{kind:?}");
        }
    }

    /// Stepping a stage's coordinate by a move reads the same as turning
    /// the cube and reading its coordinate, over cubes each stage sees:
    /// those its own moves reach.
    #[test]
    fn each_stage_steps_as_the_cube_turns() {
        struct Agrees;
        impl StageVisitor for Agrees {
            type Output = ();
            fn visit<S: Stage>(self, stage: &S) {
                let moves = stage.moves();
                let mut cube = SOLVED;
                for turn in 0..200 {
                    let coord = stage.coord(&cube);
                    for (k, &m) in moves.iter().enumerate() {
                        let turned = stage.coord(&cube.apply_move(m));
                        assert!(stage.step(coord, k) == turned, "{:?} {m}", S::KIND);
                    }
                    cube = cube.apply_move(moves[(turn * 7 + turn / 3) % moves.len()]);
                }
            }
        }
        let stages = crate::solve::tables::stages();
        for kind in StageKind::ALL {
            stages.visit(kind, Agrees);
        }
    }

    #[test]
    fn axis_half_turns_map_stage_two_moves_to_stage_two_moves() {
        let moves = StageKind::OrientCornersSlice.allowed_moves();
        for r in axis_half_turns() {
            assert!((r * r).is_solved());
            assert_eq!(r.verify(), vec![]);
            for &m in &moves {
                let conjugate = (&r * m.cube()) * r;
                assert!(
                    moves.iter().any(|n| n.cube() == &conjugate),
                    "{m} conjugates to no stage-2 move"
                );
            }
        }
        let x2 = axis_half_turns()[1];
        let u = Move::new(Face::U, 1);
        assert_eq!((&x2 * u.cube()) * x2, *Move::new(Face::D, 1).cube());
    }

    #[test]
    fn the_mirror_turns_each_move_into_its_mirror_image() {
        let mirror_face = |face: Face| match face {
            Face::R => Face::L,
            Face::L => Face::R,
            other => other,
        };
        let mut rng = crate::solve::scramble::rng(Some(5));
        for _ in 0..20 {
            let cube = crate::solve::scramble::random_state(&mut rng);
            let mirrored = mirror_left_right(&cube);
            assert_eq!(mirror_left_right(&mirrored), cube);
            assert_eq!(mirrored.verify(), vec![]);
            for m in Move::ALL {
                let image = Move::new(mirror_face(m.face), 4 - m.quarters);
                assert_eq!(
                    mirror_left_right(&cube.apply_move(m)),
                    mirrored.apply_move(image),
                    "{m}"
                );
            }
        }
    }

    #[test]
    fn slice_classes_cover_every_placement_once() {
        let stage = OrientCornersSlice::build();
        assert_eq!(stage.class_rep.len(), N_SLICE_CLASSES);
        for (slice, &(class, _, mask)) in stage.slice_class.iter().enumerate() {
            assert!(mask & 1 == 0 || stage.class_rep[class as usize] == slice as u16);
            assert_ne!(mask, 0);
        }
        let symmetries = axis_half_turns();
        for index in (0..OrientCornersSlice::RAW_SIZE).step_by(101) {
            let (t, s) = stage.raw_coord(index);
            let mut cube = SOLVED;
            coord::set_twist(&mut cube, t);
            coord::set_slice(&mut cube, s);
            for seen in [cube, mirror_left_right(&cube)] {
                for r in &symmetries {
                    let conjugate = &(r * &seen) * r;
                    assert_eq!(
                        stage.index(stage.coord(&conjugate)),
                        stage.index((t, s)),
                        "conjugates share one entry"
                    );
                }
            }
        }
    }
}

//! The distance tables `build.rs` generated, embedded in the binary, and
//! what is built from them once on first use: every stage's move tables
//! (through the cubie model), first-move tables and each value's moves by
//! distance (from the distances), and exact distances by raw index and,
//! natively, each value's whole descent (from the first moves).
//!
//! The page's second WebAssembly module (the `lab` feature alone) embeds
//! no tables: the page's module hands it its own (`all_bytes`, then
//! `give`), so a visitor downloads them once.

use crate::cube::cubie::{CubieCube, Places, SOLVED};
use crate::solve::bfs::{self, Packed};
use crate::solve::stage::{Stage, StageKind, StageVisitor, Stages, Tracked};
use std::sync::OnceLock;

#[cfg(not(all(feature = "lab", not(feature = "page"))))]
include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// The tables given to a module that embeds none.
#[cfg(all(feature = "lab", not(feature = "page")))]
static GIVEN: OnceLock<[&'static [u8]; StageKind::COUNT]> = OnceLock::new();

#[cfg(not(all(feature = "lab", not(feature = "page"))))]
fn packed() -> &'static [&'static [u8]; StageKind::COUNT] {
    &PACKED
}

#[cfg(all(feature = "lab", not(feature = "page")))]
fn packed() -> &'static [&'static [u8]; StageKind::COUNT] {
    GIVEN
        .get()
        .expect("the lab's module is given the tables before any search")
}

/// Stage `kind`'s packed distance table.
pub fn table(kind: StageKind) -> Packed<'static> {
    Packed(packed()[kind.index()])
}

/// Bytes of stage `kind`'s packed table: four distances a byte.
fn packed_length(kind: StageKind) -> usize {
    struct Length;
    impl StageVisitor for Length {
        type Output = usize;
        fn visit<S: Stage>(self, _: &S) -> usize {
            S::SIZE.div_ceil(4)
        }
    }
    stages().visit(kind, Length)
}

/// Every stage's packed table, one after another: what `give` takes.
pub fn all_bytes() -> Vec<u8> {
    packed().concat()
}

/// Why tables given to the lab's module were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GivenTablesError {
    #[error("the tables given are {given} bytes; the four stages' tables are {expected}")]
    Length { given: usize, expected: usize },
    #[error("the tables were given already")]
    Again,
    #[error("the tables given are not the ones this build embeds")]
    Different,
}

/// Checks that `bytes` has the four tables' lengths.
fn check_length(bytes: &[u8]) -> Result<[usize; StageKind::COUNT], GivenTablesError> {
    let lengths = StageKind::ALL.map(packed_length);
    let expected = lengths.iter().sum();
    if bytes.len() == expected {
        Ok(lengths)
    } else {
        Err(GivenTablesError::Length {
            given: bytes.len(),
            expected,
        })
    }
}

/// Takes the tables (`all_bytes` of a module that embeds them), once. A
/// build that embeds its own only checks that they are the same.
#[cfg(not(all(feature = "lab", not(feature = "page"))))]
pub fn give(bytes: Vec<u8>) -> Result<(), GivenTablesError> {
    check_length(&bytes)?;
    if bytes == all_bytes() {
        Ok(())
    } else {
        Err(GivenTablesError::Different)
    }
}

/// Takes the tables (`all_bytes` of a module that embeds them), once.
#[cfg(all(feature = "lab", not(feature = "page")))]
pub fn give(bytes: Vec<u8>) -> Result<(), GivenTablesError> {
    let lengths = check_length(&bytes)?;
    // Kept for the module's life, as embedded tables are.
    let mut rest: &'static [u8] = Vec::leak(bytes);
    let tables = lengths.map(|length| {
        let (table, after) = rest.split_at(length);
        rest = after;
        table
    });
    GIVEN.set(tables).map_err(|_| GivenTablesError::Again)
}

/// Every stage's coordinate and move tables, built on first use (a few
/// milliseconds).
pub fn stages() -> &'static Stages {
    static STAGES: OnceLock<Stages> = OnceLock::new();
    STAGES.get_or_init(Stages::build)
}

/// What `prepare` builds for one stage.
struct Prepared {
    first_moves: FirstMoves,
    walks: Option<Walks>,
    move_masks: Option<MoveMasks>,
    distances: Distances,
}

static PREPARED: OnceLock<[Prepared; StageKind::COUNT]> = OnceLock::new();

/// Builds the first-move tables (see `FirstMoves`), which make many
/// solves faster, and with them the moves by distance (`MoveMasks`)
/// and from them the exact distances (`Distances`), which make the
/// fewest-moves and proven-shortest searches faster, and the walks
/// (`Walks`), which make fast solves faster again. They take far longer
/// to build than a few solves take without them (a fifth of a second
/// natively, more in a browser), so they are built only here: by the CLI
/// and the page's worker, before solving.
pub fn prepare() {
    PREPARED.get_or_init(|| {
        StageKind::ALL.map(|kind| {
            let (first_moves, move_masks) = stages().visit(kind, BuildFirstMoves);
            let distances = stages().visit(kind, BuildDistances(&first_moves));
            let walks = stages().visit(kind, BuildWalks(&first_moves));
            Prepared {
                first_moves,
                walks,
                move_masks,
                distances,
            }
        })
    });
}

fn prepared(kind: StageKind) -> Option<&'static Prepared> {
    PREPARED.get().map(|tables| &tables[kind.index()])
}

/// Stage `kind`'s exact distances once `prepare` has built them; none
/// before (the searches then read the packed table, and find the same).
pub fn distances(kind: StageKind) -> Option<&'static Distances> {
    prepared(kind).map(|p| &p.distances)
}

/// Stage `kind`'s moves by distance once `prepare` has built them; none
/// before, and none for the last stage.
pub fn move_masks(kind: StageKind) -> Option<&'static MoveMasks> {
    prepared(kind).and_then(|p| p.move_masks.as_ref())
}

/// Stage `kind`'s first-move table once `prepare` has built it; none
/// before (descent then tries the moves in turn, and finds the same ones).
pub fn first_moves(kind: StageKind) -> Option<&'static FirstMoves> {
    prepared(kind).map(|p| &p.first_moves)
}

/// Stage `kind`'s walks once `prepare` has built them, if it has them.
/// Where no stage may have any (the page's module), none at compile time,
/// so that the module carries no code that reads them.
pub fn walks(kind: StageKind) -> Option<&'static Walks> {
    if LARGEST_WALKS == 0 {
        return None;
    }
    prepared(kind).and_then(|p| p.walks.as_ref())
}

/// Values packed four bits each, two a byte, lowest bits first; a value of
/// 16 or more keeps its low four bits, and an odd count is padded with 15.
fn pack_nibbles(values: &[u8]) -> Vec<u8> {
    values
        .chunks(2)
        .map(|pair| pair[0] & 15 | pair.get(1).map_or(15, |v| v & 15) << 4)
        .collect()
}

/// Entry `index` of values packed by `pack_nibbles`.
#[inline]
fn nibble(packed: &[u8], index: usize) -> u8 {
    packed[index >> 1] >> ((index & 1) * 4) & 15
}

/// The first move (its index in the stage's moves) of a shortest path from
/// every coordinate value, by raw index (`Stage::raw_index`): the first
/// move, in the stage's order, whose neighbour's distance is one less; none
/// for the goal and unreached entries. A table reduced by symmetry is
/// expanded here, since conjugate coordinates share a distance but not a
/// first move. Built at run time from the embedded tables, so the page
/// carries no more bytes.
///
/// Descent reads these at random, so their size decides how many reads
/// miss the cache: a stage with fewer than 16 moves keeps two entries a
/// byte (a value of 15 or more, or the stage's move count, is no move).
pub struct FirstMoves {
    moves: usize,
    nibbles: bool,
    entries: Vec<u8>,
}

impl FirstMoves {
    /// The first move from the coordinate numbered `raw`, if it has one.
    #[inline]
    pub fn get(&self, raw: usize) -> Option<usize> {
        let k = if self.nibbles {
            nibble(&self.entries, raw)
        } else {
            self.entries[raw]
        };
        let k = usize::from(k);
        (k < self.moves).then_some(k)
    }
}

/// Builds a stage's `FirstMoves` and, for a stage the searches walk (all
/// but the last), its `MoveMasks`, in one pass over its coordinate values:
/// a value's first move is the first of the moves that lead closer.
pub struct BuildFirstMoves;

impl StageVisitor for BuildFirstMoves {
    type Output = (FirstMoves, Option<MoveMasks>);
    fn visit<S: Stage>(self, stage: &S) -> Self::Output {
        let table = table(S::KIND);
        // Unpacked and by raw index for the build alone, so that each
        // neighbour costs one load rather than a shift and a reduction by
        // symmetry.
        let distances: Vec<u8> = if S::RAW_SIZE == S::SIZE {
            (0..S::SIZE).map(|index| table.get(index)).collect()
        } else {
            (0..S::RAW_SIZE)
                .map(|raw| table.get(stage.index(stage.raw_coord(raw))))
                .collect()
        };
        let moves = stage.moves().len();
        let none = u8::MAX;
        let mut first = Vec::with_capacity(S::RAW_SIZE);
        let mut masks = (!S::KIND.is_last()).then(|| MoveMasks::with_capacity(S::RAW_SIZE, moves));
        for (raw, &current) in distances.iter().enumerate() {
            let mut by_distance = MovesByDistance {
                closer: 0,
                level: 0,
            };
            if current != bfs::PACKED_UNREACHED {
                let coord = stage.raw_coord(raw);
                let closer = (current + 2) % 3;
                // Without branches: which of the three a neighbour is
                // follows no pattern. Branching on it took about twice as
                // long natively for stage 2 (the most values).
                for k in 0..moves {
                    let next = distances[stage.raw_index(stage.step(coord, k))];
                    by_distance.closer |= MoveSet::from(next == closer) << k;
                    by_distance.level |= MoveSet::from(next == current) << k;
                }
            }
            // The goal has no move closer, and nor has an unreached value.
            first.push(if by_distance.closer == 0 {
                none
            } else {
                by_distance.closer.trailing_zeros() as u8
            });
            if let Some(masks) = &mut masks {
                masks.push(by_distance);
            }
        }
        let nibbles = moves < 16;
        let entries = if nibbles { pack_nibbles(&first) } else { first };
        let first_moves = FirstMoves {
            moves,
            nibbles,
            entries,
        };
        (first_moves, masks)
    }
}

/// The exact distance of every coordinate value from the stage's goal, by
/// raw index, four bits each. The searches that branch over a stage's
/// solutions read it wherever they enter a stage; from this table that is
/// one load, where the packed table needs a descent. Every stage's
/// distances fit in four bits (the longest is 15).
pub struct Distances(Vec<u8>);

/// A `Distances` entry no move sequence reaches.
const UNREACHED_NIBBLE: u8 = 15;

impl Distances {
    /// The exact distance of the coordinate numbered `raw`; 15 if no move
    /// sequence reaches it.
    #[inline]
    pub fn get(&self, raw: usize) -> usize {
        usize::from(nibble(&self.0, raw))
    }
}

/// A set of a stage's moves, bit `k` for its `k`-th move.
pub type MoveSet = u32;

/// The moves from a coordinate value that lead one move closer to the
/// stage's goal (`closer`) and those that stay as far (`level`); every other
/// move leads one further.
#[derive(Clone, Copy)]
pub struct MovesByDistance {
    pub closer: MoveSet,
    pub level: MoveSet,
}

/// A table that sorts a coordinate's moves by where they lead: the type a
/// walk over a stage's solutions is compiled for, so that its inner loop
/// does not ask which table it has at every node.
pub trait Neighbours: Copy {
    /// The moves from `coord`, which is `dist` from the goal, by distance.
    fn moves_by_distance<S: Stage>(
        self,
        stage: &S,
        coord: S::Coord,
        dist: usize,
    ) -> MovesByDistance;
}

impl Neighbours for &MoveMasks {
    #[inline]
    fn moves_by_distance<S: Stage>(
        self,
        stage: &S,
        coord: S::Coord,
        _dist: usize,
    ) -> MovesByDistance {
        self.get(stage.raw_index(coord))
    }
}

impl Neighbours for Packed<'_> {
    fn moves_by_distance<S: Stage>(
        self,
        stage: &S,
        coord: S::Coord,
        dist: usize,
    ) -> MovesByDistance {
        let mut moves = MovesByDistance {
            closer: 0,
            level: 0,
        };
        for k in 0..stage.moves().len() {
            let next = self.neighbour(stage, dist, stage.step(coord, k));
            if next < dist {
                moves.closer |= 1 << k;
            } else if next == dist {
                moves.level |= 1 << k;
            }
        }
        moves
    }
}

/// `MovesByDistance` for every coordinate value of a stage, by raw index:
/// a walk over the stage's solutions reads one entry a node instead of a
/// distance for each move. Stages of up to 16 moves keep both sets in one
/// word; stage 1's 18 moves take two.
pub struct MoveMasks {
    wide: bool,
    entries: Vec<u32>,
}

impl MoveMasks {
    fn with_capacity(values: usize, moves: usize) -> MoveMasks {
        let wide = moves > 16;
        MoveMasks {
            wide,
            entries: Vec::with_capacity(values * if wide { 2 } else { 1 }),
        }
    }

    fn push(&mut self, by_distance: MovesByDistance) {
        let MovesByDistance { closer, level } = by_distance;
        if self.wide {
            self.entries.extend([closer, level]);
        } else {
            self.entries.push(closer | level << 16);
        }
    }

    #[inline]
    pub fn get(&self, raw: usize) -> MovesByDistance {
        if self.wide {
            MovesByDistance {
                closer: self.entries[2 * raw],
                level: self.entries[2 * raw + 1],
            }
        } else {
            let entry = self.entries[raw];
            MovesByDistance {
                closer: entry & 0xffff,
                level: entry >> 16,
            }
        }
    }
}

/// Follows first moves from every value of a stage to the goal and gives
/// each value `along(next, k)`: `k` its first move and `next` what was
/// given to the value it leads to. The goal is given `goal`, a value no
/// move sequence reaches `unreached`. Each value is followed once, as the
/// chain it starts stops at the first value already known.
fn along_first_moves<S: Stage, T: Copy>(
    stage: &S,
    first_moves: &FirstMoves,
    (goal, unreached): (T, T),
    along: impl Fn(T, usize) -> T,
) -> Vec<T> {
    let mut known: Vec<Option<T>> = vec![None; S::RAW_SIZE];
    let mut chain = Vec::new();
    for raw in 0..S::RAW_SIZE {
        let mut at = raw;
        let mut value = loop {
            if let Some(value) = known[at] {
                break value;
            }
            let coord = stage.raw_coord(at);
            match first_moves.get(at) {
                Some(k) => {
                    chain.push((at, k));
                    at = stage.raw_index(stage.step(coord, k));
                }
                None if coord == stage.goal() => break goal,
                None => break unreached,
            }
        };
        known[at] = Some(value);
        while let Some((on_chain, k)) = chain.pop() {
            value = along(value, k);
            known[on_chain] = Some(value);
        }
    }
    known
        .into_iter()
        .map(|value| value.expect("every value is given one"))
        .collect()
}

/// Builds a stage's `Distances` from its first-move table: following first
/// moves from a value reaches the goal in exactly its distance.
pub struct BuildDistances<'a>(pub &'a FirstMoves);

impl StageVisitor for BuildDistances<'_> {
    type Output = Distances;
    fn visit<S: Stage>(self, stage: &S) -> Distances {
        let distances = along_first_moves(stage, self.0, (0, UNREACHED_NIBBLE), |d, _| d + 1);
        Distances(pack_nibbles(&distances))
    }
}

/// A stage's whole descent from every coordinate value, by raw index: the
/// moves `solver::descent` walks, and what they do to what the later
/// stages read of the cube (`StageKind::tracked`). A fast solve reads a
/// stage from here in one load, where descent takes a load for each move,
/// each waiting for the one before, and turns the cube once rather than
/// once a move.
pub struct Walks {
    /// Bits a move takes in `moves`.
    bits: u32,
    /// Each value's walk: its length in the low four bits, then each move's
    /// index in the stage's moves, first lowest.
    moves: Vec<u64>,
    products: Products,
}

/// Each walk applied to the solved cube, as far as it is tracked.
enum Products {
    Whole(Vec<CubieCube>),
    Places(Vec<Places>),
    Nothing,
}

/// One stage's walk from one coordinate value (`Walks::walk`).
#[derive(Clone, Copy)]
pub struct Walk {
    bits: u32,
    packed: u64,
}

impl Walk {
    /// The number of moves.
    pub fn length(self) -> usize {
        (self.packed & 15) as usize
    }

    /// The `i`-th move's index in the stage's moves while `i` is less than
    /// `length`, and 0 from there up to the stage's longest walk: a walk can
    /// be copied whole, with no branch on its length.
    #[inline]
    pub fn at(self, i: usize) -> usize {
        let mask = (1 << self.bits) - 1;
        (self.packed >> 4 >> (self.bits as usize * i) & mask) as usize
    }

    /// The walk with `k` before its first move.
    fn after(self, k: usize) -> Walk {
        let moves = self.packed >> 4 << self.bits | k as u64;
        Walk {
            packed: (moves << 4) | ((self.packed & 15) + 1),
            ..self
        }
    }
}

impl Walks {
    /// The walk from the coordinate numbered `raw`.
    #[inline]
    pub fn walk(&self, raw: usize) -> Walk {
        Walk {
            bits: self.bits,
            packed: self.moves[raw],
        }
    }

    /// `cube` after the walk from the coordinate numbered `raw`, as far as
    /// the stage tracks it (`Tracked::apply`). Inlined into each stage's
    /// solve, so that which products it has is a branch that always goes
    /// the same way there: shared, it was mispredicted once a solve.
    #[inline(always)]
    pub fn track(&self, raw: usize, cube: &CubieCube) -> CubieCube {
        match &self.products {
            Products::Whole(products) => cube * &products[raw],
            Products::Places(products) => cube.permuted_by(&products[raw]),
            Products::Nothing => *cube,
        }
    }
}

/// The most bytes a stage's `Walks` may take. Natively, stages 1, 3 and 4
/// take 0.1, 0.8 and 5.3 MB; stage 2's would take 30 MB and keeps to
/// descent, whose table, at 0.5 MB, mostly hits the cache. Stage 4's walks
/// saved a fast solve 3% here, where a 5 MB table misses to memory, and
/// more on a machine with a larger cache. The page's worker builds none:
/// it solves a cube at a time, where building them would take longer than
/// they save, and its memory counts more.
const LARGEST_WALKS: usize = if cfg!(target_arch = "wasm32") {
    0
} else {
    6 << 20
};

/// Builds a stage's `Walks` from its first-move table, if they are no
/// larger than `LARGEST_WALKS`.
pub struct BuildWalks<'a>(pub &'a FirstMoves);

impl StageVisitor for BuildWalks<'_> {
    type Output = Option<Walks>;
    fn visit<S: Stage>(self, stage: &S) -> Option<Walks> {
        let product_bytes = match S::KIND.tracked() {
            Tracked::Whole => size_of::<CubieCube>(),
            Tracked::Places => size_of::<Places>(),
            Tracked::Nothing => 0,
        };
        if S::RAW_SIZE * (size_of::<u64>() + product_bytes) > LARGEST_WALKS {
            return None;
        }
        let moves = stage.moves();
        let bits = usize::BITS - (moves.len() - 1).leading_zeros();
        assert!(
            4 + bits as usize * S::KIND.max_length() <= 64 && S::KIND.max_length() < 16,
            "a walk and its length fit a word"
        );
        let empty = Walk { bits, packed: 0 };
        let walks = along_first_moves(stage, self.0, (empty, empty), Walk::after);
        let tracked = S::KIND.tracked();
        let products = walks.iter().map(|&walk| {
            (0..walk.length()).fold(SOLVED, |cube, i| tracked.apply(&cube, moves[walk.at(i)]))
        });
        let products = match tracked {
            Tracked::Whole => Products::Whole(products.collect()),
            Tracked::Places => Products::Places(products.map(|p| p.places()).collect()),
            Tracked::Nothing => Products::Nothing,
        };
        Some(Walks {
            bits,
            moves: walks.iter().map(|walk| walk.packed).collect(),
            products,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the lab's module is given is every table, four distances a
    /// byte, in stage order: the lengths `give` checks.
    #[test]
    fn all_bytes_are_the_four_tables_in_order() {
        struct Size;
        impl StageVisitor for Size {
            type Output = usize;
            fn visit<S: Stage>(self, _: &S) -> usize {
                S::SIZE
            }
        }
        let all = all_bytes();
        let mut at = 0;
        for kind in StageKind::ALL {
            let length = stages().visit(kind, Size).div_ceil(4);
            assert_eq!(&all[at..at + length], table(kind).0);
            at += length;
        }
        assert_eq!(at, all.len());
        assert_eq!(give(all.clone()), Ok(()));
        let mut changed = all;
        changed[0] ^= 1;
        assert_eq!(give(changed.clone()), Err(GivenTablesError::Different));
        changed.pop();
        assert!(matches!(
            give(changed),
            Err(GivenTablesError::Length { .. })
        ));
    }
}

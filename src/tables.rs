//! The distance tables `build.rs` generated, embedded in the binary, and
//! what is built from them once on first use: every stage's move tables
//! (through the cubie model), first-move tables (from the distances) and
//! exact distances by raw index (from the first moves).

use crate::bfs::Packed;
use crate::solver::{BuildDistances, BuildFirstMoves, Distances, FirstMoves};
use crate::stage::{StageKind, Stages};
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// Stage `kind`'s packed distance table.
pub fn table(kind: StageKind) -> Packed<'static> {
    Packed(PACKED[kind.index()])
}

/// Every stage's coordinate and move tables, built on first use (a few
/// milliseconds).
pub fn stages() -> &'static Stages {
    static STAGES: OnceLock<Stages> = OnceLock::new();
    STAGES.get_or_init(Stages::build)
}

static FIRST_MOVES: OnceLock<[FirstMoves; StageKind::COUNT]> = OnceLock::new();

static DISTANCES: OnceLock<[Distances; StageKind::COUNT]> = OnceLock::new();

/// Builds the first-move tables (see `solver::FirstMoves`), which make many
/// solves faster, and the exact distances that the fewest-moves and
/// proven-shortest searches read at every node. They take far longer to
/// build than a few fast solves take without them (a fifth of a second
/// natively, more in a browser), so fast mode builds them only here: the
/// CLI and the page's worker call this before solving.
pub fn prepare() {
    distances(StageKind::ALL[0]);
}

/// Stage `kind`'s exact distances by raw index, built (with the first-move
/// tables) on first use.
pub fn distances(kind: StageKind) -> &'static Distances {
    let all = DISTANCES.get_or_init(|| {
        let first_moves = FIRST_MOVES
            .get_or_init(|| StageKind::ALL.map(|kind| stages().visit(kind, BuildFirstMoves)));
        StageKind::ALL.map(|kind| stages().visit(kind, BuildDistances(&first_moves[kind.index()])))
    });
    &all[kind.index()]
}

/// Stage `kind`'s first-move table once `prepare` has built it; none
/// before (descent then tries the moves in turn, and finds the same ones).
pub fn first_moves(kind: StageKind) -> Option<&'static FirstMoves> {
    FIRST_MOVES.get().map(|tables| &tables[kind.index()])
}

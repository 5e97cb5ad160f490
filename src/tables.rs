//! The distance tables `build.rs` generated, embedded in the binary, and
//! what is built from them once on first use: every stage's move tables
//! (through the cubie model), first-move tables and each value's moves by
//! distance (from the distances), and exact distances by raw index (from
//! the first moves).

use crate::bfs::Packed;
use crate::solver::{BuildDistances, BuildFirstMoves, Distances, FirstMoves, MoveMasks};
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

/// What `prepare` builds for one stage.
struct Prepared {
    first_moves: FirstMoves,
    move_masks: Option<MoveMasks>,
    distances: Distances,
}

static PREPARED: OnceLock<[Prepared; StageKind::COUNT]> = OnceLock::new();

/// Builds the first-move tables (see `solver::FirstMoves`), which make many
/// solves faster, and with them the moves by distance (`solver::MoveMasks`)
/// and from them the exact distances (`solver::Distances`), which make the
/// fewest-moves and proven-shortest searches faster. They take far longer
/// to build than a few solves take without them (a fifth of a second
/// natively, more in a browser), so they are built only here: by the CLI
/// and the page's worker, before solving.
pub fn prepare() {
    PREPARED.get_or_init(|| {
        StageKind::ALL.map(|kind| {
            let (first_moves, move_masks) = stages().visit(kind, BuildFirstMoves);
            let distances = stages().visit(kind, BuildDistances(&first_moves));
            Prepared {
                first_moves,
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

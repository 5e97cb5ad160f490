//! The distance tables `build.rs` generated, embedded in the binary, and
//! what is built from them once on first use: every stage's move tables
//! (through the cubie model) and first-move tables (from the distances).

use crate::bfs::Packed;
use crate::solver::{BuildFirstMoves, FirstMoves};
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

/// Builds every table made at run time now, so that the solves after it
/// are timed alone.
pub fn prepare() {
    for kind in StageKind::ALL {
        first_moves(kind);
    }
}

/// Stage `kind`'s first-move table (see `solver::FirstMoves`), built with
/// the others on first use.
pub fn first_moves(kind: StageKind) -> &'static FirstMoves {
    static FIRST: OnceLock<[FirstMoves; StageKind::COUNT]> = OnceLock::new();
    &FIRST.get_or_init(|| StageKind::ALL.map(|kind| stages().visit(kind, BuildFirstMoves)))
        [kind.index()]
}

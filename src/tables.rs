//! The distance tables `build.rs` generated, embedded in the binary, and
//! every stage's move tables, built once through the cubie model on first
//! use.

use crate::bfs::Packed;
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

//! The distance tables `build.rs` generated, embedded in the binary, and the
//! move tables, built once through the cubie model on first use.

use crate::bfs::Packed;
use crate::phase::Phases;
use std::sync::OnceLock;

static PHASE1: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/phase1.bin"));
static PHASE2: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/phase2.bin"));
static PHASE3: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/phase3.bin"));
static PHASE4: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/phase4.bin"));

/// The depth histograms of the embedded tables, one `phase K: c0 c1 …` line
/// each, as `build.rs` checked them against `tables/histograms.txt`.
pub static HISTOGRAMS: &str = include_str!(concat!(env!("OUT_DIR"), "/histograms.txt"));

/// The packed distance table of each stage, in stage order.
pub fn distance_tables() -> [Packed<'static>; 4] {
    [
        Packed(PHASE1),
        Packed(PHASE2),
        Packed(PHASE3),
        Packed(PHASE4),
    ]
}

/// The stages' coordinates and move tables, built on first use (a few
/// milliseconds).
pub fn phases() -> &'static Phases {
    static PHASES: OnceLock<Phases> = OnceLock::new();
    PHASES.get_or_init(Phases::build)
}

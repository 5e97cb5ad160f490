//! Generates the four exact distance tables at build time, checks their
//! depth histograms against the golden ones in `tables/`, and writes them
//! packed into `OUT_DIR` for `src/tables.rs` to embed.
//!
//! The cube and coordinate code is the crate's own, shared through `#[path]`.

// The build script uses only part of the shared modules' API.
#[allow(dead_code)]
#[path = "src/bfs.rs"]
mod bfs;
#[allow(dead_code)]
#[path = "src/coord.rs"]
mod coord;
#[allow(dead_code)]
#[path = "src/cubie.rs"]
mod cubie;
#[allow(dead_code)]
#[path = "src/phase.rs"]
mod phase;

use phase::{Phase, Phases};
use std::path::Path;

const GOLDEN: &str = "tables/histograms.txt";

fn write_table<P: Phase>(phase: &P, number: usize, out_dir: &Path, report: &mut Vec<String>) {
    let distances = bfs::distances(phase);
    let line = bfs::histogram_line(number, &bfs::histogram(phase, &distances));
    std::fs::write(
        out_dir.join(format!("phase{number}.bin")),
        bfs::pack(&distances),
    )
    .expect("write table to OUT_DIR");
    report.push(line);
}

fn main() {
    for path in [
        "build.rs",
        GOLDEN,
        "src/bfs.rs",
        "src/coord.rs",
        "src/cubie.rs",
        "src/phase.rs",
    ] {
        println!("cargo:rerun-if-changed={path}");
    }
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let out_dir = Path::new(&out_dir);
    let phases = Phases::build();
    let mut report = Vec::new();
    write_table(&phases.edges, 1, out_dir, &mut report);
    write_table(&phases.corners, 2, out_dir, &mut report);
    write_table(&phases.separate, 3, out_dir, &mut report);
    write_table(&phases.finish, 4, out_dir, &mut report);
    let report = report.join("\n") + "\n";
    let golden = std::fs::read_to_string(GOLDEN).unwrap_or_default();
    if golden != report {
        panic!("the distance tables' histograms differ from {GOLDEN}.\nbuilt:\n{report}golden:\n{golden}");
    }
    std::fs::write(out_dir.join("histograms.txt"), report).expect("write histograms to OUT_DIR");
}

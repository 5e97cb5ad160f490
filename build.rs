//! Generates every stage's exact distance table at build time, checks the
//! depth histograms against the golden ones in `tables/`, and writes the
//! tables packed into `OUT_DIR`, with the Rust list that embeds them in
//! `src/solve/tables.rs`.
//!
//! The cube, coordinate and stage code is the crate's own, compiled here
//! through `#[path]` modules in the crate's own layers (`cube`, `solve`), so
//! their `crate::…` paths hold. They are named once, in `shared_modules!`,
//! which declares each module and its `rerun-if-changed` line from the same
//! list, so the two cannot drift; a shared module that starts to use a
//! module outside the list does not compile.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

macro_rules! shared_modules {
    ($($layer:ident in $folder:literal { $($module:ident),* $(,)? })*) => {
        $(
            // A layer's modules are read from its folder.
            #[path = $folder]
            mod $layer {
                $(
                    // The build script uses only part of each shared module's API.
                    #[allow(dead_code)]
                    pub mod $module;
                )*
            }
        )*
        const SHARED_FILES: &[&str] =
            &[$($(concat!($folder, "/", stringify!($module), ".rs")),*),*];
    };
}

shared_modules!(
    cube in "src/cube" { coord, cubie }
    solve in "src/solve" { bfs, stage }
);

use solve::bfs;
use solve::stage::{self, Stage, StageKind, StageVisitor, Stages};

/// Runs a stage's breadth-first search, writes its packed table to `path`
/// and returns its depth histogram.
struct WriteTable {
    path: PathBuf,
}

impl StageVisitor for WriteTable {
    type Output = Vec<usize>;
    fn visit<S: Stage>(self, stage: &S) -> Vec<usize> {
        let distances = bfs::distances(stage);
        std::fs::write(&self.path, bfs::pack(&distances)).expect("write a table to OUT_DIR");
        bfs::histogram(stage, &distances)
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=tables/histograms.txt");
    for path in SHARED_FILES {
        println!("cargo:rerun-if-changed={path}");
    }
    let out_dir = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR");
    let out_dir = Path::new(&out_dir);
    let stages = Stages::build();
    let mut report = String::new();
    let mut embed = String::from(
        "/// Each stage's packed distance table, in stage order (written by build.rs).\n\
         static PACKED: [&[u8]; StageKind::COUNT] = [\n",
    );
    for kind in StageKind::ALL {
        let number = kind.index() + 1;
        let file = format!("stage{number}.bin");
        let histogram = stages.visit(
            kind,
            WriteTable {
                path: out_dir.join(&file),
            },
        );
        report += &bfs::histogram_line(number, &histogram);
        report.push('\n');
        writeln!(
            embed,
            "    include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{file}\")),"
        )
        .expect("write to a String");
    }
    embed += "];\n";
    if report != stage::GOLDEN_HISTOGRAMS {
        panic!(
            "the distance tables' histograms differ from tables/histograms.txt.\nbuilt:\n{report}golden:\n{}",
            stage::GOLDEN_HISTOGRAMS
        );
    }
    std::fs::write(out_dir.join("tables.rs"), embed).expect("write tables.rs to OUT_DIR");
}

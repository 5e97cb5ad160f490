//! Solving, above the cube: the stage registry (`stage`, each stage as
//! data), the distance tables `build.rs` generates with `bfs` and what is
//! built from them (`tables`), the fast solver (`solver`), the fewest-moves
//! search over six axis orientations (`fewest`, `orientation`), proofs of
//! the shortest four-stage solution (`shortest`, with the two-stage bounds
//! of `joint`), and random-state scrambles (`scramble`).

pub mod bfs;
pub mod fewest;
mod finish;
pub mod joint;
pub mod niss;
pub mod orientation;
pub mod scramble;
pub mod shortest;
pub mod solver;
pub mod stage;
pub mod tables;

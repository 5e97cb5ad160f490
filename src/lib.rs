//! Thistle: a Thistlethwaite Rubik's cube solver.
//!
//! The crate is laid out in layers, each using only those before it:
//! - `cube`: pieces, moves, coordinates, stickers and notation;
//! - `solve`: the stage registry, the distance tables `build.rs` generates,
//!   the fast and fewest-moves solvers, proofs and scrambles;
//! - `show`: playback, stage views, group counters, narration, palettes;
//! - `lab`: the FMC lab's alternatives for a stage and checks of an attempt;
//! - `read`: a real cube read in, from photos or the colour editor's rules;
//! - `input` (what a person entered, solved in a mode) and `share` (links);
//! - in the browser only, `render` (three-d) and `web` (wasm-bindgen).
//!
//! Everything outside `web` and `render` is plain Rust, tested natively;
//! the command line (`src/bin/thistle/`) uses the same layers.

pub mod cube;
pub mod input;
pub mod lab;
pub mod read;
#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub mod render;
pub mod share;
pub mod show;
pub mod solve;
#[cfg(target_arch = "wasm32")]
pub mod web;

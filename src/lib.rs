//! Thistle: a Thistlethwaite Rubik's cube solver.
//!
//! Data flows one way: text (`notation`) or stickers (`facelet`) become a
//! `cubie::CubieCube`, entered through `input`; the solver (`solver`, or
//! `fewest`) reduces it through the stages of the `stage` registry using
//! exact distance tables built by `build.rs` (`bfs`, `tables`); `share`
//! turns what is shown into a link; `playback` turns the solution into a
//! timeline that `render` draws where `geometry` places each sticker, in
//! the `palette`'s colours. Everything outside `web` and `render` is plain
//! Rust, tested natively.

pub mod bfs;
pub mod coord;
pub mod counters;
pub mod cubie;
pub mod facelet;
pub mod fewest;
pub mod geometry;
pub mod input;
pub mod joint;
pub mod narration;
pub mod notation;
pub mod orientation;
pub mod palette;
pub mod playback;
#[cfg(target_arch = "wasm32")]
pub mod render;
pub mod scramble;
pub mod share;
pub mod shortest;
pub mod solver;
pub mod stage;
pub mod stage_view;
pub mod tables;
#[cfg(target_arch = "wasm32")]
pub mod web;

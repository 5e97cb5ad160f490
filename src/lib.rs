//! Thistle: a Thistlethwaite Rubik's cube solver.
//!
//! Data flows one way: text (`notation`) or stickers (`facelet`) become a
//! `cubie::CubieCube`; the solver reduces it through four stages using exact
//! distance tables built by `build.rs`; playback turns the solution into a
//! timeline the page renders. Everything outside `web` and `render` is plain
//! Rust, tested natively.

pub mod bfs;
pub mod coord;
pub mod cubie;
pub mod facelet;
pub mod fewest;
pub mod notation;
pub mod phase;
pub mod playback;
#[cfg(target_arch = "wasm32")]
pub mod render;
pub mod scramble;
pub mod share;
pub mod solver;
pub mod tables;
#[cfg(target_arch = "wasm32")]
pub mod web;

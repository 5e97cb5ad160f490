//! The cube itself, the bottom layer: pieces and moves (`cubie`), the
//! coordinates the stages read (`coord`), the 54 stickers (`facelet`) and
//! the face colours of a real cube (`colour`), text in cube notation
//! (`notation`), and where each sticker and turning layer sits in space
//! (`geometry`). It knows nothing of solving or showing.

pub mod colour;
pub mod coord;
pub mod cubie;
pub mod facelet;
pub mod geometry;
pub mod notation;

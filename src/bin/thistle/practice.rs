//! `thistle practice`: a scramble for a fewest-moves practice attempt.

use std::io::{self, Write};
use std::process::ExitCode;
use thistle::cube::notation;
use thistle::solve::scramble;

/// Prints a random-state scramble in the WCA fewest-moves shape (R' U' F
/// … R' U' F), the same one for the same `seed`.
pub(crate) fn practice(out: &mut impl Write, seed: Option<u64>) -> io::Result<ExitCode> {
    let (_, moves) = scramble::fmc_scramble(&mut scramble::rng(seed));
    writeln!(out, "{}", notation::format_moves(&moves))?;
    Ok(ExitCode::SUCCESS)
}

//! `thistle random`: random-state or random-move scrambles.

use std::io::{self, Write};
use std::process::ExitCode;
use thistle::cube::notation;
use thistle::solve::scramble;

pub(crate) fn random(
    out: &mut impl Write,
    moves: Option<usize>,
    count: usize,
    seed: Option<u64>,
) -> io::Result<ExitCode> {
    let mut rng = scramble::rng(seed);
    for _ in 0..count {
        let moves = match moves {
            Some(n) => scramble::random_moves(&mut rng, n),
            None => scramble::random_state_scramble(&mut rng).1,
        };
        writeln!(out, "{}", notation::format_moves(&moves))?;
    }
    Ok(ExitCode::SUCCESS)
}

//! `thistle state`: the facelet string of each scramble.

use crate::failure;
use std::io::{self, Write};
use std::process::ExitCode;
use thistle::cube::{facelet, notation};

pub(crate) fn state(out: &mut impl Write, scrambles: &[String]) -> io::Result<ExitCode> {
    let mut failed = false;
    for (i, text) in scrambles.iter().enumerate() {
        match notation::parse(text) {
            Ok(alg) => writeln!(out, "{}", facelet::to_string(&alg.cube()))?,
            Err(e) => {
                eprintln!("thistle: argument {}: {e}", i + 1);
                failed = true;
            }
        }
    }
    Ok(failure(failed))
}

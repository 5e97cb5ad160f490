//! `thistle tables`: each stage's depth histogram and table sizes.

use std::io::{self, Write};
use std::process::ExitCode;
use thistle::solve::stage::{self, StageKind};
use thistle::solve::tables;

pub(crate) fn print_tables(out: &mut impl Write) -> io::Result<ExitCode> {
    write!(out, "{}", stage::GOLDEN_HISTOGRAMS)?;
    let mut total = 0;
    for kind in StageKind::ALL {
        let bytes = tables::table(kind).0.len();
        writeln!(out, "stage {} table: {bytes} bytes", kind.index() + 1)?;
        total += bytes;
    }
    writeln!(out, "total: {total} bytes")?;
    Ok(ExitCode::SUCCESS)
}

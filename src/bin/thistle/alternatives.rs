//! `thistle alternatives`: other ways to do one stage, each with the rest re-planned.

use std::io::{self, Write};
use std::process::ExitCode;
use thistle::cube::notation;
use thistle::input::Input;
use thistle::lab::alternatives;
use thistle::solve::stage::StageKind;
use thistle::solve::{niss, tables};

/// `thistle alternatives`: a line, or a JSON object, per alternative.
pub(crate) fn print_alternatives(
    out: &mut impl Write,
    json: bool,
    kind: StageKind,
    count: usize,
    niss: bool,
    (scramble, after): (&str, &str),
) -> io::Result<ExitCode> {
    tables::prepare();
    let found = Input::read(scramble)
        .read_cube()
        .map_err(|e| format!("scramble: {e}"))
        .and_then(|(cube, _)| {
            let before = niss::read_attempt(after).map_err(|e| format!("--after: {e}"))?;
            alternatives::alternatives(&cube, &before, kind, count, niss).map_err(|e| e.to_string())
        });
    let found = match found {
        Ok(found) => found,
        Err(error) => {
            eprintln!("thistle: {error}");
            return Ok(ExitCode::from(2));
        }
    };
    for alternative in found {
        let solution = notation::format_moves(&alternative.solution);
        if json {
            let line = serde_json::json!({
                "moves": alternative.moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "side": alternative.side,
                "axes": alternative.axes,
                "length": alternative.moves.len(),
                "total": alternative.solution.len(),
                "rest": alternative.rest,
                "solution": solution,
            });
            writeln!(out, "{line}")?;
        } else {
            let moves = niss::fmc_text(&alternative.moves, alternative.side);
            let (length, total) = (alternative.moves.len(), alternative.solution.len());
            writeln!(out, "{moves} \u{b7} {length} moves \u{b7} total {total}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

//! `thistle check`: a person's fewest-moves attempt, checked step by step.

use std::io::{self, Write};
use std::process::ExitCode;
use thistle::input::Input;
use thistle::lab::check::{self, CheckError};
use thistle::lab::practice;
use thistle::solve::niss;

/// `thistle check`: the attempt's steps checked, as text or one JSON object.
pub(crate) fn check_attempt(
    out: &mut impl Write,
    json: bool,
    complete: bool,
    scramble: &str,
    attempt: &str,
) -> io::Result<ExitCode> {
    let checked = Input::read(scramble)
        .read_cube()
        .map_err(|e| format!("--scramble: {e}"))
        .and_then(|(cube, _)| {
            let steps = niss::read_checked_attempt(attempt).map_err(|e| format!("attempt: {e}"))?;
            check::check_attempt(&cube, &steps, complete).map_err(|e| match e {
                CheckError::Empty => format!("attempt: {e}"),
                CheckError::Invalid(_) => format!("--scramble: {e}"),
            })
        });
    let result = match checked {
        Ok(result) => result,
        Err(error) => {
            eprintln!("thistle: {error}");
            if json {
                let line = serde_json::json!({ "input": attempt, "error": error });
                writeln!(out, "{line}")?;
            }
            return Ok(ExitCode::from(2));
        }
    };
    if json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&result).expect("serializable")
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    for step in &result.steps {
        let moves = niss::fmc_text(&step.moves, step.side);
        let optimal = step
            .optimal
            .zip(step.working_on)
            .map_or(String::new(), |(n, stage)| {
                format!(" (shortest {stage} from here: {n})")
            });
        writeln!(out, "{moves:<24} // {}{optimal}", step.text)?;
    }
    let so_far = if result.solved { "Solved" } else { "So far" };
    // Counted as a competition counts it, as written; merged too, where
    // moves that meet merge or cancel, as it could be written.
    let typed: usize = result.steps.iter().map(|step| step.moves.len()).sum();
    let count = match typed - result.length {
        0 => typed.to_string(),
        _ => format!(
            "{typed} as written, as a competition counts them; {} with the moves that meet merged or cancelled",
            result.length
        ),
    };
    writeln!(out, "{so_far}: {} ({count})", result.solution)?;
    if let Some(refusal) = practice::first_move_not_written_so(attempt) {
        writeln!(out, "A competition would not take it as written: {refusal}")?;
    }
    if let Some(completion) = result.completion.as_ref().filter(|_| !result.solved) {
        let merged = match completion.merged {
            0 => String::new(),
            fewer => format!(
                "; {fewer} fewer than the attempt's and the search's moves apart: where they meet, moves on one face merge or cancel"
            ),
        };
        writeln!(
            out,
            "Completed: {} ({}{merged})",
            completion.solution, completion.length
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

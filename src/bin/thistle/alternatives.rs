//! `thistle alternatives`: the stage on show, then other ways to do it,
//! each with the rest re-planned.

use std::io::{self, Write};
use std::process::ExitCode;
use thistle::cube::notation;
use thistle::input::{Input, Mode, Solved};
use thistle::lab::alternatives::{self, Alternative};
use thistle::solve::niss::{NissSolution, Step};
use thistle::solve::orientation::Orientation;
use thistle::solve::stage::StageKind;
use thistle::solve::{fewest, niss, tables};

/// What `alternatives` lists: which stage, how many, with NISS or not, and
/// on which axes (`None` for the best of six).
pub(crate) struct Asked<'a> {
    pub(crate) kind: StageKind,
    pub(crate) count: usize,
    pub(crate) niss: bool,
    pub(crate) orientation: Option<&'static Orientation>,
    pub(crate) after: Option<&'a str>,
}

/// The solve's own solution of `solved`'s cube, as `solve` finds it with
/// the same options: the solution on show.
fn own_solution(solved: &Solved, asked: &Asked) -> Result<NissSolution, String> {
    let (cube, budget, on) = (&solved.cube, fewest::DEFAULT_BUDGET, asked.orientation);
    let scramble_len = solved.scramble_len();
    let found = if asked.niss {
        fewest::solve_fewest_niss_scrambled(cube, on, budget, scramble_len)
    } else {
        fewest::solve_fewest_scrambled(cube, on, budget, scramble_len).map(NissSolution::normal)
    };
    found.map_err(|e| format!("scramble: {e}"))
}

/// The steps of `steps` that have moves.
fn with_moves(steps: &[Step]) -> Vec<&Step> {
    steps.iter().filter(|step| !step.moves.is_empty()).collect()
}

/// The earlier steps and the stage on show: the solve's own where `--after`
/// is left out or gives the solve's own earlier stages, else `--after`
/// continued by the fewest-moves search.
fn shown(solved: &Solved, asked: &Asked) -> Result<(Vec<Step>, Alternative), String> {
    let own = own_solution(solved, asked)?;
    let (own_before, own_stage) = alternatives::on_show(&own, asked.kind);
    let Some(after) = asked.after else {
        return Ok((own_before, own_stage));
    };
    let before = niss::read_attempt(after).map_err(|e| format!("--after: {e}"))?;
    if with_moves(&before) == with_moves(&own_before) {
        return Ok((own_before, own_stage));
    }
    let stage = alternatives::continued(&solved.cube, &before, asked.kind, asked.niss)
        .map_err(|e| e.to_string())?;
    Ok((before, stage))
}

/// `thistle alternatives`: a line, or a JSON object, for the stage on show,
/// then for each alternative.
pub(crate) fn print_alternatives(
    out: &mut impl Write,
    json: bool,
    asked: &Asked,
    scramble: &str,
) -> io::Result<ExitCode> {
    tables::prepare();
    let found = Solved::new(Input::read(scramble), Mode::Fast)
        .map_err(|e| format!("scramble: {e}"))
        .and_then(|solved| {
            let (before, stage) = shown(&solved, asked)?;
            let ranked = alternatives::alternatives(
                &solved.cube,
                &before,
                asked.kind,
                &stage,
                asked.count,
                asked.niss,
            )
            .map_err(|e| e.to_string())?;
            Ok(std::iter::once(stage).chain(ranked).collect::<Vec<_>>())
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
                "on_show": alternative.on_show,
                "rest": alternative.rest,
                "rest_sides": alternative.rest_sides,
                "solution": solution,
            });
            writeln!(out, "{line}")?;
        } else {
            let moves = niss::fmc_text(&alternative.moves, alternative.side);
            let (length, total) = (
                notation::move_count(alternative.moves.len()),
                alternative.solution.len(),
            );
            let on_show = if alternative.on_show {
                " \u{b7} on show"
            } else {
                ""
            };
            writeln!(out, "{moves} \u{b7} {length} \u{b7} total {total}{on_show}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

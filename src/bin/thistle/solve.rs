//! `thistle solve`: scrambles or facelet strings solved in four stages, fast,
//! fewest-moves (with NISS, on chosen axes), or proven shortest; on every
//! core, output in input order.

use crate::{failure, parallel};
use serde::Serialize;
use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use thistle::cube::cubie::CubieCube;
use thistle::cube::{facelet, notation};
use thistle::input::{Input, InputError, Solved};
use thistle::show::counters::{self, Step};
use thistle::solve::niss::{NissSolution, Side};
use thistle::solve::orientation::{Axes, Orientation};
use thistle::solve::shortest::{self, Proof};
use thistle::solve::solver::{self, Solution};
use thistle::solve::stage::StageKind;
use thistle::solve::{fewest, niss, tables};

/// One input of `solve`, with where it came from for error messages.
pub(crate) struct Placed {
    place: String,
    /// The place as a JSON field, `("line", 4)` or `("argument", 2)`; none
    /// for `--state`.
    numbered: Option<(&'static str, usize)>,
    input: Input,
}

pub(crate) fn read_inputs(
    file: Option<String>,
    state: Option<String>,
    scrambles: Vec<String>,
) -> io::Result<Vec<Placed>> {
    if let Some(text) = state {
        return Ok(vec![Placed {
            place: "--state".into(),
            numbered: None,
            input: Input::Facelets(text),
        }]);
    }
    let Some(path) = file else {
        return Ok(scrambles
            .into_iter()
            .enumerate()
            .map(|(i, text)| Placed {
                place: format!("argument {}", i + 1),
                numbered: Some(("argument", i + 1)),
                input: Input::Scramble(text),
            })
            .collect());
    };
    let mut reader: Box<dyn BufRead> = if path == "-" {
        Box::new(io::stdin().lock())
    } else {
        let file = std::fs::File::open(&path)
            .map_err(|e| io::Error::new(e.kind(), format!("{path}: {e}")))?;
        Box::new(io::BufReader::new(file))
    };
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    let mut inputs = Vec::new();
    // A line that is not UTF-8 is one input that cannot be read (its bad
    // bytes shown as `�`, where its error points), not the end of the batch.
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = String::from_utf8_lossy(line.strip_suffix(b"\r").unwrap_or(line)).into_owned();
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        inputs.push(Placed {
            place: format!("line {}", i + 1),
            numbered: Some(("line", i + 1)),
            input: Input::Scramble(line),
        });
    }
    Ok(inputs)
}

#[derive(Serialize)]
pub(crate) struct JsonSolution<'a> {
    scramble: String,
    state: String,
    stages: Vec<JsonStage<'a>>,
    /// Fewest-moves mode only: fast mode is always the classic orientation.
    #[serde(skip_serializing_if = "Option::is_none")]
    axes: Option<Axes>,
    #[serde(skip_serializing_if = "Option::is_none")]
    progress: Option<Progress>,
    /// `--shortest` only: how far the proof got.
    #[serde(skip_serializing_if = "Option::is_none")]
    proof: Option<ProofSummary>,
    /// `--niss` only: the whole solution, `N · I⁻¹`, joins merged.
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    length: usize,
    micros: u128,
}

/// A stage of `JsonSolution`, with its side under `--niss`.
#[derive(Serialize)]
pub(crate) struct JsonStage<'a> {
    #[serde(flatten)]
    stage: &'a solver::SolvedStage,
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<Side>,
}

/// How far a proof got: whether the solution is proven shortest, the
/// bound reached (no solution is shorter), the nodes searched and the share
/// of the search for shorter done.
#[derive(Clone, Copy, Serialize)]
pub(crate) struct ProofSummary {
    proven: bool,
    bound: usize,
    nodes: u64,
    searched: f64,
    /// The bound asked for (`--none-shorter-than`), where one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    target: Option<usize>,
}

impl ProofSummary {
    /// The summary of `proof`, `proven` or not.
    fn new<S>(proof: &Proof<S>, proven: bool, target: Option<usize>) -> ProofSummary {
        ProofSummary {
            proven,
            bound: proof.bound,
            nodes: proof.nodes,
            searched: proof.searched,
            target,
        }
    }
}

/// How `solve` solves.
#[derive(Clone, Copy)]
pub(crate) enum Method {
    Fast,
    /// Fewest-moves mode with a budget in nodes, with NISS or on given
    /// axes alone.
    Fewest {
        nodes: u64,
        niss: bool,
        orientation: Option<&'static Orientation>,
    },
    /// A proof of the shortest, with NISS or without, given up after a
    /// time if one is set, or of a bound: that none is shorter than
    /// `target`, on `threads` threads (a batch's proofs are made one after
    /// another).
    Shortest {
        give_up: Option<Duration>,
        target: Option<usize>,
        threads: usize,
        niss: bool,
    },
}

/// Batches of at least this many inputs are solved with `tables::prepare`'s
/// tables, built up front (about 0.2 s) so the reported times are solve
/// times; a fewest-moves solve takes about 10 ms with them, 20 ms without.
pub(crate) const PREPARE_FROM: usize = 16;

/// Seconds between two progress lines of a proof.
pub(crate) const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// Each stage's states with their group counters, for `--progress`.
type Progress = [Vec<Step>; StageKind::COUNT];

/// How `solve` prints each solution.
#[derive(Clone, Copy)]
pub(crate) struct Format {
    pub(crate) json: bool,
    pub(crate) progress: bool,
    pub(crate) write_up: bool,
}

/// Parses and solves one input (from `place`) with `method`: what was
/// solved, the proof's summary for `--shortest`, and the microseconds that
/// took.
pub(crate) fn solve_input(
    place: &str,
    input: Input,
    method: Method,
) -> Result<Solving, InputError> {
    let start = Instant::now();
    let mut summary = None;
    let mut sided = None;
    let solved = Solved::with_scramble_len(input, |cube: &CubieCube, scramble_len| match method {
        Method::Fast => solver::solve(cube),
        Method::Fewest {
            nodes,
            niss: true,
            orientation,
        } => {
            let found =
                fewest::solve_fewest_niss_scrambled(cube, orientation, nodes, scramble_len)?;
            let solution = Solution::with_axes(found.stages.clone().map(|s| s.moves), found.axes);
            sided = Some(found);
            Ok(solution)
        }
        Method::Fewest {
            nodes, orientation, ..
        } => fewest::solve_fewest_scrambled(cube, orientation, nodes, scramble_len),
        Method::Shortest {
            give_up,
            target,
            threads,
            niss: true,
        } => {
            let listen = progress_lines(place, start, give_up);
            let proof = shortest::prove_shortest_niss(cube, target, threads, listen)?;
            summary = Some(ProofSummary::new(&proof, proof.is_proven(), target));
            let found = proof.solution;
            let solution = Solution::with_axes(found.stages.clone().map(|s| s.moves), found.axes);
            sided = Some(found);
            Ok(solution)
        }
        Method::Shortest {
            give_up,
            target,
            threads,
            niss: false,
        } => {
            let listen = progress_lines(place, start, give_up);
            let proof = shortest::prove_shortest(cube, target, threads, listen)?;
            summary = Some(ProofSummary::new(&proof, proof.is_proven(), target));
            Ok(proof.solution)
        }
    })?;
    let micros = start.elapsed().as_micros();
    // Without NISS every stage is on the normal side.
    let sided = sided.unwrap_or_else(|| NissSolution::normal(solved.solution.clone()));
    Ok(Solving {
        solved,
        sided,
        proof: summary,
        micros,
    })
}

/// What `solve_input` found: the input solved, its stages with their sides,
/// the proof's summary for `--shortest`, and the microseconds that took.
pub(crate) struct Solving {
    solved: Solved,
    sided: NissSolution,
    proof: Option<ProofSummary>,
    micros: u128,
}

/// Hears a proof's progress: a line on stderr every `PROGRESS_EVERY`,
/// and a stop after `give_up` from `start`.
fn progress_lines<'a>(
    place: &'a str,
    start: Instant,
    give_up: Option<Duration>,
) -> impl FnMut(&shortest::Progress) -> ControlFlow<()> + 'a {
    let mut next_line = start + PROGRESS_EVERY;
    move |progress: &shortest::Progress| {
        let now = Instant::now();
        if now >= next_line {
            next_line = now + PROGRESS_EVERY;
            eprintln!(
                "thistle: {place}: {} nodes, best {} moves, {:.0}% of the search for shorter done",
                progress.nodes,
                progress.best,
                progress.searched * 100.0
            );
        }
        if give_up.is_some_and(|limit| now - start >= limit) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

pub(crate) fn print_breakdown(
    out: &mut impl Write,
    solved: &Solved,
    (progress, proof): (Option<&Progress>, Option<ProofSummary>),
    micros: u128,
) -> io::Result<()> {
    let solution = &solved.solution;
    writeln!(out, "Scramble: {}", solved.scramble())?;
    writeln!(out, "Axes: {}", solution.axes)?;
    let width = solution
        .stages
        .iter()
        .map(|s| s.name.len())
        .max()
        .unwrap_or(0);
    for (k, stage) in solution.stages.iter().enumerate() {
        let moves = notation::format_moves(&stage.moves);
        let moves = if moves.is_empty() {
            "(nothing to do)".to_string()
        } else {
            moves
        };
        writeln!(
            out,
            "  {:width$}  {:>2}  {moves}",
            stage.name,
            stage.moves.len()
        )?;
        for step in progress.map_or(&[][..], |p| &p[k]) {
            writeln!(out, "    {step}")?;
            if let Some(beyond) = counters::beyond_the_counts(&step.counters) {
                writeln!(out, "      {beyond}")?;
            }
        }
    }
    let total = notation::move_count(solution.len());
    writeln!(out, "Total: {total} (HTM), {micros} µs")?;
    match proof {
        Some(p) if p.proven => writeln!(
            out,
            "Proven shortest ({} nodes): over all six orientations, {}",
            p.nodes,
            shortest::scope()
        ),
        Some(p) if p.target.is_some_and(|target| p.bound >= target) => writeln!(
            out,
            "Proven: no solution shorter than {} ({} nodes): over all six orientations, {}",
            p.bound,
            p.nodes,
            shortest::scope()
        ),
        Some(p) => writeln!(
            out,
            "Not proven: stopped with {:.0}% of the search for shorter done, no solution shorter than {} ({} nodes)",
            p.searched * 100.0,
            p.bound,
            p.nodes
        ),
        None => Ok(()),
    }
}

/// Inputs solved together between two writes: enough to keep every thread
/// busy, few enough that output starts early and memory stays small.
pub(crate) const BATCH: usize = 1024;

/// One input's result, ready to print: a line of output or an error
/// message for stderr.
type Outcome = Result<String, String>;

/// Solves one input (from `place`) and renders what `solve` prints for it.
pub(crate) fn solve_one(place: &str, input: Input, format: Format, method: Method) -> Outcome {
    let Solving {
        solved,
        sided,
        proof,
        micros,
    } = solve_input(place, input, method).map_err(|e| e.to_string())?;
    // Counters are read after timing, so `micros` stays the solve time.
    let progress = format
        .progress
        .then(|| counters::progress(&solved.cube, &solved.solution))
        .transpose()
        .map_err(|e| e.to_string())?;
    let niss = matches!(
        method,
        Method::Fewest { niss: true, .. } | Method::Shortest { niss: true, .. }
    );
    let whole = sided.moves();
    let mut text = Vec::new();
    if format.write_up {
        write!(text, "{}", niss::write_up(&sided)).map_err(|e| e.to_string())?;
    } else if format.json {
        let scramble = match solved.input {
            // A state's scramble undoes its solution, whichever sides it used.
            Input::Facelets(_) if niss => notation::format_moves(&niss::inverted(&whole)),
            _ => solved.scramble(),
        };
        let stages = solved.solution.stages.iter().zip(sided.sides);
        let record = JsonSolution {
            scramble,
            state: facelet::to_string(&solved.cube),
            stages: stages
                .map(|(stage, side)| JsonStage {
                    stage,
                    side: niss.then_some(side),
                })
                .collect(),
            axes: (!matches!(method, Method::Fast)).then_some(solved.solution.axes),
            progress,
            proof,
            solution: niss.then(|| notation::format_moves(&whole)),
            length: if niss {
                whole.len()
            } else {
                solved.solution.len()
            },
            micros,
        };
        let line = serde_json::to_string(&record).map_err(|e| e.to_string())?;
        writeln!(text, "{line}").map_err(|e| e.to_string())?;
    } else {
        print_breakdown(&mut text, &solved, (progress.as_ref(), proof), micros)
            .map_err(|e| e.to_string())?;
    }
    String::from_utf8(text).map_err(|e| e.to_string())
}

/// The inputs of `solve`: `--file`, `--state`, or scramble arguments.
type Sources = (Option<String>, Option<String>, Vec<String>);

pub(crate) fn solve(
    out: &mut impl Write,
    format: Format,
    (file, state, scrambles): Sources,
    method: Method,
    threads: usize,
) -> io::Result<ExitCode> {
    let inputs = match read_inputs(file, state, scrambles) {
        Ok(inputs) => inputs,
        Err(e) => {
            eprintln!("thistle: cannot read input: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    // Prepared tables pay for themselves over many solves or a long proof;
    // for a few, building them takes longer than the solves they speed up.
    if inputs.len() >= PREPARE_FROM || matches!(method, Method::Shortest { .. }) {
        tables::prepare();
    }
    // A proof searches on all the threads itself, so proofs are made one
    // after another: each is sooner, and its progress lines are its own.
    let inputs_at_once = match method {
        Method::Shortest { .. } => 1,
        _ => threads,
    };
    let pool = match parallel::Pool::new(inputs_at_once) {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("thistle: cannot start {inputs_at_once} threads: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let mut failed = false;
    let mut inputs = inputs.into_iter().peekable();
    while inputs.peek().is_some() {
        let batch: Vec<Placed> = inputs.by_ref().take(BATCH).collect();
        let outcomes = pool.map(batch, |placed| {
            let outcome = solve_one(&placed.place, placed.input.clone(), format, method);
            (placed, outcome)
        });
        for (placed, outcome) in outcomes {
            match outcome {
                Ok(text) => out.write_all(text.as_bytes())?,
                Err(e) => {
                    eprintln!("thistle: {}: {e}", placed.place);
                    if format.json {
                        writeln!(out, "{}", json_error(&placed, &e))?;
                    }
                    failed = true;
                }
            }
        }
    }
    Ok(failure(failed))
}

/// The JSON line that stands for an input that could not be solved, so
/// that output lines up with input: `{"line": 4, "input": "R Q", "error":
/// "unknown move `Q` at column 3"}`.
pub(crate) fn json_error(placed: &Placed, error: &str) -> serde_json::Value {
    let mut record = serde_json::Map::new();
    if let Some((name, number)) = placed.numbered {
        record.insert(name.into(), number.into());
    }
    record.insert("input".into(), placed.input.text().into());
    record.insert("error".into(), error.into());
    record.into()
}

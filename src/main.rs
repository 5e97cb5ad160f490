//! The `thistle` command line: the core's features for batch use. Bad input
//! goes to stderr with its argument or line number and column, and the exit
//! code is 2; the other inputs are still handled.

use clap::{Parser, Subcommand};
use serde::Serialize;
use std::cell::RefCell;
use std::io::{self, BufRead, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use thistle::cube::cubie::{CubieCube, InvalidCube};
use thistle::cube::{facelet, notation};
use thistle::input::{Input, InputError, Solved};
use thistle::show::check;
use thistle::show::counters::{self, Step};
use thistle::solve::niss::{NissSolution, Side};
use thistle::solve::orientation::{Axes, Axis, Orientation};
use thistle::solve::shortest::{self, Proof};
use thistle::solve::solver::{self, Solution, StageMoves};
use thistle::solve::stage::{self, StageKind};
use thistle::solve::{alternatives, fewest, niss, scramble, tables};

#[derive(Parser)]
#[command(
    name = "thistle",
    version,
    about = "Thistlethwaite Rubik's cube solver"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the 54-letter facelet string (URFDLB) of each scramble.
    State {
        /// Scrambles in cube notation, one per argument (quote each one).
        scrambles: Vec<String>,
    },
    /// Print random scrambles, one per line.
    Random {
        /// Random face turns instead of a random state.
        #[arg(long)]
        moves: Option<usize>,
        /// How many scrambles.
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// Seed for reproducible output.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Solve scrambles or facelet strings in four stages.
    Solve {
        /// One JSON object per input line.
        #[arg(long)]
        json: bool,
        /// Read scrambles from a file, one per line (`-` for stdin); blank
        /// lines and lines starting with `#` are skipped.
        #[arg(long, conflicts_with_all = ["state", "scrambles"])]
        file: Option<String>,
        /// A 54-letter facelet string (URFDLB order, face or colour letters).
        #[arg(long, conflicts_with = "scrambles")]
        state: Option<String>,
        /// Search for the fewest total moves instead of solving each stage
        /// optimally on its own, within NODES search nodes (by default, a
        /// budget of a few milliseconds).
        #[arg(long, value_name = "NODES", num_args = 0..=1, require_equals = true)]
        fewest: Option<Option<u64>>,
        /// Fewest-moves mode with NISS: stages may be found on the inverse
        /// scramble (each JSON stage gets its `side`, and the object the
        /// whole `solution`, normal moves then the inverse of the inverse
        /// ones).
        #[arg(long, conflicts_with_all = ["shortest", "progress", "edges"])]
        niss: bool,
        /// Fewest-moves mode on these axes alone: edges oriented for AXIS
        /// (`U/D`, `R/L` or `F/B`); needs `--corners`.
        #[arg(long, value_name = "AXIS", value_parser = read_axis, requires = "corners", conflicts_with = "shortest")]
        edges: Option<Axis>,
        /// With `--edges`: corners and the middle layer fixed for AXIS.
        #[arg(long, value_name = "AXIS", value_parser = read_axis, requires = "edges")]
        corners: Option<Axis>,
        /// Print an FMC write-up (a line per stage, inverse moves in
        /// parentheses, with running totals) instead of the breakdown.
        #[arg(long, conflicts_with_all = ["json", "shortest", "progress"])]
        write_up: bool,
        /// Prove the shortest four-stage solution over all six orientations
        /// (joins merged, as fewest-moves mode counts), with no budget:
        /// a random state may take very long. Progress goes to stderr.
        #[arg(long, conflicts_with = "fewest")]
        shortest: bool,
        /// With `--shortest`: stop each proof after SECONDS and print the
        /// best solution found and the bound known, for measuring.
        #[arg(long, value_name = "SECONDS", requires = "shortest")]
        give_up: Option<f64>,
        /// With `--shortest`: look only for solutions shorter than MOVES,
        /// proving that there is none (quicker than the shortest), or the
        /// shortest if there is.
        #[arg(long, value_name = "MOVES", requires = "shortest")]
        none_shorter_than: Option<usize>,
        /// After each move, what it changed in the group counters of its
        /// stage, and the counters (with `--json`, a `progress` field: per
        /// stage, its start and each move).
        #[arg(long)]
        progress: bool,
        #[command(flatten)]
        threads: Threads,
        /// Scrambles in cube notation, one per argument (quote each one).
        scrambles: Vec<String>,
    },
    /// Check a fewest-moves attempt step by step: the goals each step
    /// reaches and on which axes, what is still wrong, and each stage's
    /// optimal length. One step per line; a bare parenthesised group,
    /// `(D2 R U2 R')`, is a step on the inverse scramble (NISS).
    Check {
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
        /// Complete the attempt with the fewest-moves search on its axes.
        #[arg(long)]
        complete: bool,
        /// The scramble (notation) or a 54-letter facelet string.
        #[arg(long)]
        scramble: String,
        /// The attempt in FMC notation (quote it; newlines or `//` comments
        /// end steps).
        attempt: String,
    },
    /// Other ways to do one stage, each with the later stages re-planned by
    /// the fewest-moves search, sorted by the whole solution's length: one
    /// line each (`R' F D2 · 3 moves · total 20`), or one JSON object each.
    Alternatives {
        #[arg(long)]
        json: bool,
        /// The stage, 1 to 4.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=4))]
        stage: u8,
        /// How many to offer.
        #[arg(long, default_value_t = 8)]
        count: usize,
        /// The moves of the earlier stages in FMC notation (a bare
        /// parenthesised group is on the inverse scramble).
        #[arg(long, default_value = "")]
        after: String,
        /// Offer the stage on the inverse scramble too.
        #[arg(long)]
        niss: bool,
        /// The scramble (notation) or a 54-letter facelet string.
        scramble: String,
    },
    /// Print each stage's depth histogram and table size.
    Tables,
    /// Solve random states and report speed and lengths.
    Bench {
        #[arg(long, default_value_t = 100_000)]
        count: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// States for the fewest-moves line (default: the smaller of
        /// `--count` and 1,000).
        #[arg(long)]
        fewest_count: Option<usize>,
        /// Search budget (nodes) of the fewest-moves line.
        #[arg(long, default_value_t = fewest::DEFAULT_BUDGET)]
        fewest_budget: u64,
        /// Also prove the shortest solution of this many of the states, one
        /// at a time on every core (`solve --shortest`), and report the
        /// times; a proof takes seconds.
        #[arg(long, default_value_t = 0)]
        proofs: usize,
        #[command(flatten)]
        threads: Threads,
    },
}

#[derive(clap::Args, Clone, Copy)]
struct Threads {
    /// Threads to solve on (default: one per core). Output is the same for
    /// any number.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

impl Threads {
    fn get(self) -> usize {
        self.threads.map_or_else(parallel::cores, usize::from)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let out = &mut io::stdout().lock();
    let result = match cli.command {
        Command::State { scrambles } => state(out, &scrambles),
        Command::Random { moves, count, seed } => random(out, moves, count, seed),
        Command::Solve {
            json,
            file,
            state,
            fewest,
            niss,
            edges,
            corners,
            write_up,
            shortest,
            give_up,
            none_shorter_than,
            progress,
            threads,
            scrambles,
        } => {
            let orientation = match edges.zip(corners).map(|(edges, corners)| {
                Orientation::with_axes(Axes { edges, corners })
                    .ok_or("--edges and --corners need two different axes")
            }) {
                Some(Err(e)) => {
                    eprintln!("thistle: {e}");
                    return ExitCode::from(2);
                }
                Some(Ok(orientation)) => Some(orientation),
                None => None,
            };
            let fewest = fewest.or((niss || orientation.is_some() || write_up).then_some(None));
            let method = match (fewest, shortest) {
                (_, true) => match give_up.map(Duration::try_from_secs_f64).transpose() {
                    Ok(give_up) => Method::Shortest {
                        give_up,
                        target: none_shorter_than,
                        threads: threads.get(),
                    },
                    Err(e) => {
                        eprintln!("thistle: --give-up: {e}");
                        return ExitCode::from(2);
                    }
                },
                (Some(nodes), false) => Method::Fewest {
                    nodes: nodes.unwrap_or(fewest::DEFAULT_BUDGET),
                    niss,
                    orientation,
                },
                (None, false) => Method::Fast,
            };
            let format = Format {
                json,
                progress,
                write_up,
            };
            let inputs = (file, state, scrambles);
            solve(out, format, inputs, method, threads.get())
        }
        Command::Check {
            json,
            complete,
            scramble,
            attempt,
        } => check_attempt(out, json, complete, &scramble, &attempt),
        Command::Alternatives {
            json,
            stage,
            count,
            after,
            niss,
            scramble,
        } => {
            let kind = StageKind::ALL[usize::from(stage) - 1];
            print_alternatives(out, json, kind, count, niss, (&scramble, &after))
        }
        Command::Tables => print_tables(out),
        Command::Bench {
            count,
            seed,
            fewest_count,
            fewest_budget,
            proofs,
            threads,
        } => bench(
            out,
            count,
            seed,
            (fewest_count, fewest_budget, proofs),
            threads.get(),
        ),
    };
    match result {
        Ok(code) => code,
        // A reader that stopped early (`thistle random | head`) is not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("thistle: cannot write output: {e}");
            ExitCode::from(2)
        }
    }
}

/// `thistle check`: the attempt's steps checked, as text or one JSON object.
fn check_attempt(
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
            let steps = niss::read_attempt(attempt).map_err(|e| format!("attempt: {e}"))?;
            check::check_attempt(&cube, &steps, complete).map_err(|e| format!("--scramble: {e}"))
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
            .map_or(String::new(), |n| format!(" (optimal {n})"));
        writeln!(out, "{moves:<24} // {}{optimal}", step.text)?;
    }
    writeln!(out, "So far: {} ({})", result.solution, result.length)?;
    if let Some(completion) = &result.completion {
        writeln!(
            out,
            "Completed: {} ({})",
            completion.solution, completion.length
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `thistle alternatives`: a line, or a JSON object, per alternative.
fn print_alternatives(
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

/// `U/D`, `R/L` or `F/B` (the slash may be left out).
fn read_axis(text: &str) -> Result<Axis, String> {
    match text.to_ascii_uppercase().replace('/', "").as_str() {
        "UD" | "DU" => Ok(Axis::UD),
        "RL" | "LR" => Ok(Axis::RL),
        "FB" | "BF" => Ok(Axis::FB),
        _ => Err(format!("`{text}` is not an axis: U/D, R/L or F/B")),
    }
}

fn failure(code: bool) -> ExitCode {
    if code {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

fn state(out: &mut impl Write, scrambles: &[String]) -> io::Result<ExitCode> {
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

fn random(
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

/// One input of `solve`, with where it came from for error messages.
struct Placed {
    place: String,
    /// The place as a JSON field, `("line", 4)` or `("argument", 2)`; none
    /// for `--state`.
    numbered: Option<(&'static str, usize)>,
    input: Input,
}

fn read_inputs(
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
    let reader: Box<dyn BufRead> = if path == "-" {
        Box::new(io::stdin().lock())
    } else {
        Box::new(io::BufReader::new(std::fs::File::open(&path)?))
    };
    let mut inputs = Vec::new();
    for (i, line) in reader.lines().enumerate() {
        let line = line?;
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
struct JsonSolution<'a> {
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
struct JsonStage<'a> {
    #[serde(flatten)]
    stage: &'a solver::SolvedStage,
    #[serde(skip_serializing_if = "Option::is_none")]
    side: Option<Side>,
}

/// How far a proof got: whether the solution is proven shortest, the
/// bound reached (no solution is shorter), the nodes searched and the share
/// of the search for shorter done.
#[derive(Clone, Copy, Serialize)]
struct ProofSummary {
    proven: bool,
    bound: usize,
    nodes: u64,
    searched: f64,
    /// The bound asked for (`--none-shorter-than`), where one was.
    #[serde(skip_serializing_if = "Option::is_none")]
    target: Option<usize>,
}

impl ProofSummary {
    fn new(proof: &Proof, target: Option<usize>) -> ProofSummary {
        ProofSummary {
            proven: proof.is_proven(),
            bound: proof.bound,
            nodes: proof.nodes,
            searched: proof.searched,
            target,
        }
    }
}

/// How `solve` solves.
#[derive(Clone, Copy)]
enum Method {
    Fast,
    /// Fewest-moves mode with a budget in nodes, with NISS or on given
    /// axes alone.
    Fewest {
        nodes: u64,
        niss: bool,
        orientation: Option<&'static Orientation>,
    },
    /// A proof of the shortest, given up after a time if one is set, or
    /// of a bound: that none is shorter than `target`, on `threads`
    /// threads (a batch's proofs are made one after another).
    Shortest {
        give_up: Option<Duration>,
        target: Option<usize>,
        threads: usize,
    },
}

/// Batches of at least this many inputs are solved with `tables::prepare`'s
/// tables, built up front (about 0.2 s) so the reported times are solve
/// times; a fewest-moves solve takes about 10 ms with them, 20 ms without.
const PREPARE_FROM: usize = 16;

/// Seconds between two progress lines of a proof.
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// Each stage's states with their group counters, for `--progress`.
type Progress = [Vec<Step>; StageKind::COUNT];

/// How `solve` prints each solution.
#[derive(Clone, Copy)]
struct Format {
    json: bool,
    progress: bool,
    write_up: bool,
}

/// Parses and solves one input (from `place`) with `method`: what was
/// solved, the proof's summary for `--shortest`, and the microseconds that
/// took.
fn solve_input(place: &str, input: Input, method: Method) -> Result<Solving, InputError> {
    let start = Instant::now();
    let mut summary = None;
    let mut sided = None;
    let solved = Solved::with(input, |cube: &CubieCube| match method {
        Method::Fast => solver::solve(cube),
        Method::Fewest {
            nodes, niss: true, ..
        } => {
            let found = niss::solve_fewest_niss(cube, nodes)?;
            let solution = Solution::with_axes(found.stages.clone().map(|s| s.moves), found.axes);
            sided = Some(found);
            Ok(solution)
        }
        Method::Fewest {
            nodes,
            orientation: Some(orientation),
            ..
        } => fewest::solve_fewest_in(cube, orientation, nodes),
        Method::Fewest { nodes, .. } => fewest::solve_fewest(cube, nodes),
        Method::Shortest {
            give_up,
            target,
            threads,
        } => {
            let proof = prove(place, cube, start, (give_up, target), threads)?;
            summary = Some(ProofSummary::new(&proof, target));
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
struct Solving {
    solved: Solved,
    sided: NissSolution,
    proof: Option<ProofSummary>,
    micros: u128,
}

/// Proves the shortest solution of `cube`, or with `target` only that
/// none is shorter than that, with a progress line on stderr every
/// `PROGRESS_EVERY`, giving up after `give_up` from `start`, on `threads`
/// threads.
fn prove(
    place: &str,
    cube: &CubieCube,
    start: Instant,
    (give_up, target): (Option<Duration>, Option<usize>),
    threads: usize,
) -> Result<Proof, InvalidCube> {
    let mut next_line = start + PROGRESS_EVERY;
    shortest::prove_shortest(cube, target, threads, |progress: &shortest::Progress| {
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
    })
}

fn print_breakdown(
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
        }
    }
    writeln!(out, "Total: {} moves (HTM), {micros} µs", solution.len())?;
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
const BATCH: usize = 1024;

/// One input's result, ready to print: a line of output or an error
/// message for stderr.
type Outcome = Result<String, String>;

/// Solves one input (from `place`) and renders what `solve` prints for it.
fn solve_one(place: &str, input: Input, format: Format, method: Method) -> Outcome {
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
    let niss = matches!(method, Method::Fewest { niss: true, .. });
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

fn solve(
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
fn json_error(placed: &Placed, error: &str) -> serde_json::Value {
    let mut record = serde_json::Map::new();
    if let Some((name, number)) = placed.numbered {
        record.insert(name.into(), number.into());
    }
    record.insert("input".into(), placed.input.text().into());
    record.insert("error".into(), error.into());
    record.into()
}

fn print_tables(out: &mut impl Write) -> io::Result<ExitCode> {
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

fn bench(
    out: &mut impl Write,
    count: usize,
    seed: u64,
    (fewest_count, fewest_budget, proofs): (Option<usize>, u64, usize),
    threads: usize,
) -> io::Result<ExitCode> {
    let mut rng = scramble::rng(Some(seed));
    let cubes: Vec<CubieCube> = (0..count.max(1))
        .map(|_| scramble::random_state(&mut rng))
        .collect();
    let fewest_count = fewest_count
        .unwrap_or(count.min(1_000))
        .clamp(1, cubes.len());
    let fewest_cubes = &cubes[..fewest_count];
    // Each thread solves into the same stage lists (`solver::solve_into`),
    // so that fast mode's figure is the search, not the allocator: the C++
    // peer's bench (`../shared/peer`) times its search alone too.
    thread_local! {
        static STAGES: RefCell<StageMoves> = RefCell::default();
    }
    let fast = |cube: &CubieCube| {
        STAGES.with_borrow_mut(|stages| {
            solver::solve_into(cube, stages).map(|()| stages.iter().map(Vec::len).sum())
        })
    };
    let fewest = |cube: &CubieCube| fewest::solve_fewest(cube, fewest_budget).map(|s| s.len());
    let niss =
        |cube: &CubieCube| niss::solve_fewest_niss(cube, fewest_budget).map(|s| s.moves().len());
    // Build the move tables before timing.
    tables::prepare();
    let one = parallel::Pool::new(1).map_err(io::Error::other)?;
    bench_line(out, "fast", &one, &cubes, Timing::Total, fast)?;
    bench_by_stage(out, &cubes)?;
    bench_line(out, "fewest", &one, fewest_cubes, Timing::EachSolve, fewest)?;
    bench_line(
        out,
        "fewest with NISS",
        &one,
        fewest_cubes,
        Timing::EachSolve,
        niss,
    )?;
    bench_lab(
        out,
        &fewest_cubes[..fewest_cubes.len().div_ceil(LAB_BENCH_SHARE)],
    )?;
    if threads > 1 {
        let all = parallel::Pool::new(threads).map_err(io::Error::other)?;
        let name = format!("fast ({threads} threads)");
        bench_line(out, &name, &all, &cubes, Timing::Total, fast)?;
        let name = format!("fewest ({threads} threads)");
        bench_line(out, &name, &all, fewest_cubes, Timing::EachSolve, fewest)?;
    }
    if proofs > 0 {
        bench_proofs(out, &cubes[..proofs.min(cubes.len())], threads)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Fast mode on one thread stage by stage: every state checked, then every
/// state's first stage, then every state's second, and so on, so that each
/// pass reads one stage's tables, which a cache holds more easily than all
/// of them. It is how `scripts/peer` runs the C++ peer to stand in for a
/// machine whose cache holds every table, and so Thistle on such a machine
/// too. Prints `fast, stage by stage: <solves/s> solves/s, mean <L> moves
/// unmerged` (joins are not merged, as the peer merges none).
fn bench_by_stage(out: &mut impl Write, cubes: &[CubieCube]) -> io::Result<()> {
    let mut at = cubes.to_vec();
    let mut moves = Vec::new();
    let mut total = 0;
    let start = Instant::now();
    for cube in &at {
        cube.check().expect("a random state is a valid cube");
    }
    for kind in StageKind::ALL {
        for cube in &mut at {
            moves.clear();
            *cube = solver::solve_stage(kind, cube, &mut moves);
            total += moves.len();
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    writeln!(
        out,
        "fast, stage by stage: {:.0} solves/s, mean {:.2} moves unmerged",
        cubes.len() as f64 / seconds,
        total as f64 / cubes.len() as f64
    )?;
    out.flush()
}

/// Proves the shortest solution of each of `cubes` in turn, each proof on
/// every core, and prints the median and maximum seconds and the mean
/// proven length.
fn bench_proofs(out: &mut impl Write, cubes: &[CubieCube], threads: usize) -> io::Result<()> {
    let mut seconds = Vec::new();
    let mut moves = 0;
    for cube in cubes {
        let start = Instant::now();
        let proof = shortest::prove_shortest(cube, None, threads, |_| ControlFlow::Continue(()))
            .expect("a random state is a valid cube");
        seconds.push(start.elapsed().as_secs_f64());
        moves += proof.solution.len();
    }
    seconds.sort_by(f64::total_cmp);
    writeln!(
        out,
        "proofs ({threads} threads): median {:.2} s, max {:.2} s, mean {:.2} moves over {} states",
        seconds[seconds.len() / 2],
        seconds[seconds.len() - 1],
        moves as f64 / cubes.len() as f64,
        cubes.len()
    )?;
    out.flush()
}

/// The FMC lab's figures are measured on this share of the fewest-moves
/// line's states (each takes a fewest-moves solve to set up, and
/// alternatives take tens of milliseconds).
const LAB_BENCH_SHARE: usize = 10;

/// The FMC lab's figures, one thread: 8 alternatives for each stage after
/// the fewest-moves solution's earlier stages (with the later stages
/// re-planned), and a check of an attempt made of its first two stages
/// (EO and DR), with a completion. Prints each one's median and maximum
/// milliseconds.
fn bench_lab(out: &mut impl Write, cubes: &[CubieCube]) -> io::Result<()> {
    let mut times: [Vec<f64>; StageKind::COUNT + 1] = Default::default();
    for cube in cubes {
        let solution = fewest::solve_fewest(cube, fewest::DEFAULT_BUDGET)
            .expect("a random state is a valid cube");
        let steps = NissSolution::normal(solution).steps();
        for kind in StageKind::ALL {
            let start = Instant::now();
            let found = alternatives::alternatives(cube, &steps[..kind.index()], kind, 8, false)
                .expect("the earlier stages reach their goals");
            times[kind.index()].push(start.elapsed().as_secs_f64() * 1000.0);
            std::hint::black_box(found);
        }
        let start = Instant::now();
        let checked = check::check_attempt(cube, &steps[..2], true).expect("a valid cube");
        times[StageKind::COUNT].push(start.elapsed().as_secs_f64() * 1000.0);
        std::hint::black_box(checked);
    }
    for (k, mut times) in times.into_iter().enumerate() {
        times.sort_by(f64::total_cmp);
        let name = match StageKind::ALL.get(k) {
            Some(kind) => format!("alternatives, 8 for {}", kind.name()),
            None => "check of an EO and a DR, with completion".to_string(),
        };
        writeln!(
            out,
            "{name}: median {:.1} ms, max {:.1} ms over {} states",
            times[times.len() / 2],
            times[times.len() - 1],
            times.len()
        )?;
    }
    out.flush()
}

/// Whether a bench line times each solve as well as the whole run.
#[derive(Clone, Copy, PartialEq)]
enum Timing {
    /// The whole run only: a clock read costs a few percent of a fast solve.
    Total,
    /// Each solve too, for the median time a solve takes.
    EachSolve,
}

/// Times `solve` over `cubes` on `pool`'s threads (only the solving: the
/// states are made before) and prints `name: <solves/s> solves/s, mean <L>
/// moves, max <M> moves`, and with `Timing::EachSolve` then `, median <T>
/// ms a solve`.
fn bench_line(
    out: &mut impl Write,
    name: &str,
    pool: &parallel::Pool,
    cubes: &[CubieCube],
    timing: Timing,
    solve: impl Fn(&CubieCube) -> Result<usize, InvalidCube> + Sync,
) -> io::Result<()> {
    let start = Instant::now();
    let solved = pool.map_slice(cubes, |c| {
        let start = (timing == Timing::EachSolve).then(Instant::now);
        let len = solve(c).expect("a random state is a valid cube");
        (len, start.map(|start| start.elapsed().as_secs_f64()))
    });
    let seconds = start.elapsed().as_secs_f64();
    let lengths: Vec<usize> = solved.iter().map(|&(len, _)| len).collect();
    let mean = lengths.iter().sum::<usize>() as f64 / lengths.len() as f64;
    let max = lengths.iter().max().copied().unwrap_or(0);
    write!(
        out,
        "{name}: {:.0} solves/s, mean {mean:.2} moves, max {max} moves",
        lengths.len() as f64 / seconds
    )?;
    let mut times: Vec<f64> = solved.iter().filter_map(|&(_, time)| time).collect();
    if !times.is_empty() {
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2] * 1000.0;
        write!(out, ", median {median:.2} ms a solve")?;
    }
    writeln!(out)?;
    out.flush()
}

/// Solving many inputs on several threads, results in input order. Natively
/// a rayon pool; the CLI also compiles for wasm32 (the browser tests build
/// it), where there are no threads and everything runs in turn.
mod parallel {
    /// One thread per core, or 1 where that cannot be told.
    pub fn cores() -> usize {
        std::thread::available_parallelism().map_or(1, usize::from)
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub struct Pool(rayon::ThreadPool);

    #[cfg(not(target_arch = "wasm32"))]
    impl Pool {
        pub fn new(threads: usize) -> Result<Pool, rayon::ThreadPoolBuildError> {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()?;
            Ok(Pool(pool))
        }

        /// `f` of each item, in the items' order.
        pub fn map<T: Send, R: Send>(&self, items: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
            use rayon::prelude::*;
            self.0.install(|| items.into_par_iter().map(&f).collect())
        }

        /// `f` of each item, in order. Items are handed out in runs of
        /// at least a 64th of a thread's share: long enough that fast
        /// solves (a microsecond or two) do not drown in scheduling, short
        /// enough that on slow ones (fewest moves, milliseconds) the
        /// threads still finish together.
        pub fn map_slice<T: Sync, R: Send>(
            &self,
            items: &[T],
            f: impl Fn(&T) -> R + Sync,
        ) -> Vec<R> {
            use rayon::prelude::*;
            let run = (items.len() / (self.0.current_num_threads() * 64)).max(1);
            self.0
                .install(|| items.par_iter().with_min_len(run).map(&f).collect())
        }
    }

    #[cfg(target_arch = "wasm32")]
    pub struct Pool;

    #[cfg(target_arch = "wasm32")]
    impl Pool {
        pub fn new(_threads: usize) -> Result<Pool, std::convert::Infallible> {
            Ok(Pool)
        }

        pub fn map<T, R>(&self, items: Vec<T>, f: impl Fn(T) -> R) -> Vec<R> {
            items.into_iter().map(f).collect()
        }

        pub fn map_slice<T, R>(&self, items: &[T], f: impl Fn(&T) -> R) -> Vec<R> {
            items.iter().map(f).collect()
        }
    }
}

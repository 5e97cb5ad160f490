//! The `thistle` command line: the core's features for batch use. Bad input
//! goes to stderr with its argument or line number and column, and the exit
//! code is 2; the other inputs are still handled.

mod alternatives;
mod bench;
mod check;
mod parallel;
mod practice;
mod random;
mod solve;
mod state;
mod tables;

use clap::{Parser, Subcommand};
use std::io::{self};
use std::process::ExitCode;
use std::time::Duration;
use thistle::solve::fewest;
use thistle::solve::orientation::{Axes, Axis, Orientation, UnknownAxis};
use thistle::solve::stage::StageKind;

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
        /// Random face turns instead of a random state (at most
        /// `MOST_RANDOM_MOVES`, which `solve` reads back).
        #[arg(long, value_parser = read_random_moves)]
        moves: Option<usize>,
        /// How many scrambles.
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// Seed for reproducible output.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Print a scramble for fewest-moves practice: a random state, written
    /// in the WCA shape that starts and ends with R' U' F.
    Practice {
        /// Seed for a repeatable scramble.
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
        /// ones). With `--edges` and `--corners`, on those axes alone; with
        /// `--shortest`, the proof of the shortest such solution.
        #[arg(long, conflicts_with_all = ["progress"])]
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
        #[arg(long, value_name = "SECONDS", value_parser = read_seconds, requires = "shortest")]
        give_up: Option<Duration>,
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
    /// The stage on show, then other ways to do it, each with the later
    /// stages re-planned by the fewest-moves search: one line each (`R' F
    /// D2 · 3 moves · total 20`, the first ending `· on show`), or one JSON
    /// object each. The solution on show is the one `solve` gives with the
    /// same `--niss`, `--edges` and `--corners` (fewest-moves mode), or
    /// `--after` continued where that is not its own earlier stages.
    Alternatives {
        #[arg(long)]
        json: bool,
        /// The stage, 1 to 4.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=4))]
        stage: u8,
        /// How many alternatives to offer after the stage on show. A
        /// longer list begins with a shorter one.
        #[arg(long, default_value_t = 8)]
        count: usize,
        /// The moves of the earlier stages in FMC notation (a bare
        /// parenthesised group is on the inverse scramble); by default, the
        /// solve's own.
        #[arg(long)]
        after: Option<String>,
        /// Offer the stage on the inverse scramble too, and re-plan the
        /// rest with NISS; the solution on show is `solve --niss`'s.
        #[arg(long)]
        niss: bool,
        /// On these axes alone: edges oriented for AXIS; needs `--corners`.
        #[arg(long, value_name = "AXIS", value_parser = read_axis, requires = "corners")]
        edges: Option<Axis>,
        /// With `--edges`: corners and the middle layer fixed for AXIS.
        #[arg(long, value_name = "AXIS", value_parser = read_axis, requires = "edges")]
        corners: Option<Axis>,
        /// The scramble (notation) or a 54-letter facelet string.
        scramble: String,
    },
    /// Print each stage's depth histogram and table size.
    Tables,
    /// Solve random states and report speed and lengths.
    Bench {
        #[arg(long, default_value_t = 100_000, value_parser = read_count)]
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
        /// With `--proofs`: prove the same states with NISS too
        /// (`solve --shortest --niss`).
        #[arg(long, requires = "proofs")]
        niss: bool,
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
        Command::State { scrambles } => state::state(out, &scrambles),
        Command::Random { moves, count, seed } => random::random(out, moves, count, seed),
        Command::Practice { seed } => practice::practice(out, seed),
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
            let orientation = match orientation_of(edges, corners) {
                Ok(orientation) => orientation,
                Err(code) => return code,
            };
            let fewest = fewest.or((niss || orientation.is_some() || write_up).then_some(None));
            let method = match (fewest, shortest) {
                (_, true) => solve::Method::Shortest {
                    give_up,
                    target: none_shorter_than,
                    threads: threads.get(),
                    niss,
                },
                (Some(nodes), false) => solve::Method::Fewest {
                    nodes: nodes.unwrap_or(fewest::DEFAULT_BUDGET),
                    niss,
                    orientation,
                },
                (None, false) => solve::Method::Fast,
            };
            let format = solve::Format {
                json,
                progress,
                write_up,
            };
            let inputs = (file, state, scrambles);
            solve::solve(out, format, inputs, method, threads.get())
        }
        Command::Check {
            json,
            complete,
            scramble,
            attempt,
        } => check::check_attempt(out, json, complete, &scramble, &attempt),
        Command::Alternatives {
            json,
            stage,
            count,
            after,
            niss,
            edges,
            corners,
            scramble,
        } => {
            let orientation = match orientation_of(edges, corners) {
                Ok(orientation) => orientation,
                Err(code) => return code,
            };
            let asked = alternatives::Asked {
                kind: StageKind::ALL[usize::from(stage) - 1],
                count,
                niss,
                orientation,
                after: after.as_deref(),
            };
            alternatives::print_alternatives(out, json, &asked, &scramble)
        }
        Command::Tables => tables::print_tables(out),
        Command::Bench {
            count,
            seed,
            fewest_count,
            fewest_budget,
            proofs,
            niss,
            threads,
        } => bench::bench(
            out,
            count,
            seed,
            (fewest_count, fewest_budget, (proofs, niss)),
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

/// The orientation `--edges` and `--corners` name, if given; two different
/// axes, else an error said on stderr and exit code 2.
fn orientation_of(
    edges: Option<Axis>,
    corners: Option<Axis>,
) -> Result<Option<&'static Orientation>, ExitCode> {
    edges
        .zip(corners)
        .map(|(edges, corners)| {
            Orientation::with_axes(Axes { edges, corners }).ok_or_else(|| {
                eprintln!("thistle: --edges and --corners need two different axes");
                ExitCode::from(2)
            })
        })
        .transpose()
}

/// `U/D`, `R/L` or `F/B` (the slash may be left out).
/// The most face turns `random --moves` writes: each takes at most three
/// characters (`R' `), and `solve` reads at most `MAX_INPUT_CHARS`.
const MOST_RANDOM_MOVES: usize = thistle::cube::notation::MAX_INPUT_CHARS / 3;

fn read_random_moves(text: &str) -> Result<usize, String> {
    match text.trim().parse() {
        Ok(moves) if moves <= MOST_RANDOM_MOVES => Ok(moves),
        _ => Err(format!("`{text}` is not a number of moves from 0 to {MOST_RANDOM_MOVES} (the most `solve` reads back)")),
    }
}

/// A count of one or more.
fn read_count(text: &str) -> Result<usize, String> {
    match text.trim().parse() {
        Ok(count) if count > 0 => Ok(count),
        _ => Err(format!("`{text}` is not a count of 1 or more")),
    }
}

fn read_axis(text: &str) -> Result<Axis, String> {
    text.parse().map_err(|e: UnknownAxis| e.to_string())
}

/// A time in seconds, such as `10` or `2.5`: a number, 0 or more, that a
/// `Duration` holds (not `inf`, `NaN` or a negative one).
fn read_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds (such as 10 or 2.5)"))?;
    Duration::try_from_secs_f64(seconds).map_err(|_| {
        format!("{text} seconds cannot be a time limit: give a number from 0 to 10^19")
    })
}

fn failure(code: bool) -> ExitCode {
    if code {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

//! The `thistle` command line: the core's features for batch use.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use thistle::{facelet, notation, scramble};

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
        /// Scrambles in cube notation, one per argument.
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::State { scrambles } => state(&scrambles),
        Command::Random { moves, count, seed } => random(moves, count, seed),
    }
}

fn state(scrambles: &[String]) -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for (i, text) in scrambles.iter().enumerate() {
        match notation::parse(text) {
            Ok(alg) => println!("{}", facelet::to_string(&alg.cube())),
            Err(e) => {
                eprintln!("thistle: argument {}: {e}", i + 1);
                status = ExitCode::from(2);
            }
        }
    }
    status
}

fn random(moves: Option<usize>, count: usize, seed: Option<u64>) -> ExitCode {
    let mut rng = scramble::rng(seed);
    for _ in 0..count {
        match moves {
            Some(n) => println!(
                "{}",
                notation::format_moves(&scramble::random_moves(&mut rng, n))
            ),
            None => println!("{}", facelet::to_string(&scramble::random_state(&mut rng))),
        }
    }
    ExitCode::SUCCESS
}

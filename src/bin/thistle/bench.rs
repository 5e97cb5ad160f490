//! `thistle bench`: solves per second and lengths for each mode, the lab's
//! figures and proofs.

use crate::parallel;
use std::cell::RefCell;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;
use thistle::cube::cubie::{CubieCube, InvalidCube};
use thistle::lab::alternatives;
use thistle::lab::check;
use thistle::solve::niss::NissSolution;
use thistle::solve::shortest;
use thistle::solve::solver::{self, StageMoves};
use thistle::solve::stage::StageKind;
use thistle::solve::{fewest, scramble, tables};

pub(crate) fn bench(
    out: &mut impl Write,
    count: usize,
    seed: u64,
    (fewest_count, fewest_budget, (proofs, prove_niss)): (Option<usize>, u64, (usize, bool)),
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
        |cube: &CubieCube| fewest::solve_fewest_niss(cube, fewest_budget).map(|s| s.moves().len());
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
        let proved = &cubes[..proofs.min(cubes.len())];
        bench_proofs(out, proved, threads, false)?;
        if prove_niss {
            bench_proofs(out, proved, threads, true)?;
        }
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
pub(crate) fn bench_by_stage(out: &mut impl Write, cubes: &[CubieCube]) -> io::Result<()> {
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

/// Proves the shortest solution of each of `cubes` in turn, with NISS or
/// without, each proof on every core, and prints the median and maximum
/// seconds and the mean proven length.
pub(crate) fn bench_proofs(
    out: &mut impl Write,
    cubes: &[CubieCube],
    threads: usize,
    niss: bool,
) -> io::Result<()> {
    let mut seconds = Vec::new();
    let mut moves = 0;
    let go_on = |_: &shortest::Progress| ControlFlow::Continue(());
    for cube in cubes {
        let start = Instant::now();
        let length = if niss {
            shortest::prove_shortest_niss(cube, None, threads, go_on)
                .map(|proof| proof.solution.moves().len())
        } else {
            shortest::prove_shortest(cube, None, threads, go_on).map(|proof| proof.solution.len())
        };
        seconds.push(start.elapsed().as_secs_f64());
        moves += length.expect("a random state is a valid cube");
    }
    seconds.sort_by(f64::total_cmp);
    let name = if niss { "proofs with NISS" } else { "proofs" };
    writeln!(
        out,
        "{name} ({threads} threads): median {:.2} s, max {:.2} s, mean {:.2} moves over {} states",
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
pub(crate) const LAB_BENCH_SHARE: usize = 10;

/// How many alternatives the lab's figures ask for: a first list, as the
/// page shows at once, and a full one, two batches ranked together.
const LAB_FIRST: usize = 8;
const LAB_FULL: usize = 2 * alternatives::RANKED_TOGETHER;

/// The FMC lab's figures, one thread: the first 8 and the full list of
/// alternatives for each stage of the fewest-moves solution (without NISS
/// and with), after its own earlier stages, the later stages re-planned;
/// and a check of an attempt made of its first two stages (EO and DR),
/// with a completion. Prints each one's median and maximum milliseconds.
pub(crate) fn bench_lab(out: &mut impl Write, cubes: &[CubieCube]) -> io::Result<()> {
    let mut lines: Vec<(String, Vec<f64>)> = Vec::new();
    let mut time = |name: String, run: &mut dyn FnMut()| {
        let start = Instant::now();
        run();
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        match lines.iter_mut().find(|(n, _)| *n == name) {
            Some((_, times)) => times.push(ms),
            None => lines.push((name, vec![ms])),
        }
    };
    for cube in cubes {
        let plain = NissSolution::normal(
            fewest::solve_fewest(cube, fewest::DEFAULT_BUDGET)
                .expect("a random state is a valid cube"),
        );
        let attempt = plain.steps();
        let with_niss = fewest::solve_fewest_niss(cube, fewest::DEFAULT_BUDGET)
            .expect("a random state is a valid cube");
        for (shown, niss) in [(plain, false), (with_niss, true)] {
            for kind in StageKind::ALL {
                let (before, stage) = alternatives::on_show(&shown, kind);
                for count in [LAB_FIRST, LAB_FULL] {
                    let name = format!(
                        "alternatives{}, {count} for {}",
                        if niss { " with NISS" } else { "" },
                        kind.name()
                    );
                    time(name, &mut || {
                        let found =
                            alternatives::alternatives(cube, &before, kind, &stage, count, niss)
                                .expect("the earlier stages reach their goals");
                        std::hint::black_box(found);
                    });
                }
            }
        }
        time(
            "check of an EO and a DR, with completion".to_string(),
            &mut || {
                let checked =
                    check::check_attempt(cube, &attempt[..2], true).expect("a valid cube");
                std::hint::black_box(checked);
            },
        );
    }
    for (name, mut times) in lines {
        times.sort_by(f64::total_cmp);
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
pub(crate) enum Timing {
    /// The whole run only: a clock read costs a few percent of a fast solve.
    Total,
    /// Each solve too, for the median time a solve takes.
    EachSolve,
}

/// Times `solve` over `cubes` on `pool`'s threads (only the solving: the
/// states are made before) and prints `name: <solves/s> solves/s, mean <L>
/// moves, max <M> moves`, and with `Timing::EachSolve` then `, median <T>
/// ms a solve`.
pub(crate) fn bench_line(
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

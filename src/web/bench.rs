//! The in-page timings `make page-bench` reports: fast solves, group
//! counters and fewest-moves solves of seeded random states, timed in the
//! page's own module. Built only with the `bench` feature, into the copy of
//! the page `make page-bench` serves: the page itself does not carry them
//! (2.7 KB gzipped of a first visit).

use super::js_error;
use crate::cube::cubie::{CubieCube, InvalidCube};
use crate::show::counters;
use crate::solve::fewest::{self, DEFAULT_BUDGET};
use crate::solve::scramble;
use crate::solve::solver::{self, Solution};
use crate::solve::tables;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use wasm_bindgen::prelude::*;

fn now_ms() -> Result<f64, JsValue> {
    let performance = web_sys::window()
        .and_then(|w| w.performance())
        .ok_or_else(|| js_error("performance.now() is not available", None))?;
    Ok(performance.now())
}

/// Times `solve` on `states` random states (seeded by `seed`), each
/// `repeats` times: the mean milliseconds per solve of each state, so the
/// coarse browser clock still resolves single fast solves. The tests check
/// the solutions; here only their lengths are kept, so no solve is
/// optimised away.
fn time_solves(
    states: u32,
    repeats: u32,
    seed: u64,
    solve: impl Fn(&CubieCube) -> Result<Solution, InvalidCube>,
) -> Result<Vec<f64>, JsValue> {
    tables::prepare();
    let mut rng = SmallRng::seed_from_u64(seed);
    let repeats = repeats.max(1);
    let mut times = Vec::with_capacity(states as usize);
    for _ in 0..states {
        let cube = scramble::random_state(&mut rng);
        let begin = now_ms()?;
        let mut moves = 0;
        for _ in 0..repeats {
            moves += solve(&cube)
                .map_err(|e| js_error(&e.to_string(), None))?
                .len();
        }
        times.push((now_ms()? - begin) / f64::from(repeats));
        std::hint::black_box(moves);
    }
    Ok(times)
}

/// Microseconds per fast solve of each of `states` random states.
#[wasm_bindgen(js_name = benchSolve)]
pub fn bench_solve(states: u32, repeats: u32, seed: u64) -> Result<Vec<f64>, JsValue> {
    let times = time_solves(states, repeats, seed, solver::solve)?;
    Ok(times.into_iter().map(|ms| ms * 1000.0).collect())
}

/// Microseconds of group counters per state shown, for each of `states`
/// random states' solutions (each read `repeats` times, so the coarse
/// browser clock resolves them): the Progress region's cost.
#[wasm_bindgen(js_name = benchCounters)]
pub fn bench_counters(states: u32, repeats: u32, seed: u64) -> Result<Vec<f64>, JsValue> {
    tables::prepare();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut times = Vec::with_capacity(states as usize);
    for _ in 0..states {
        let cube = scramble::random_state(&mut rng);
        let solution = solver::solve(&cube).map_err(|e| js_error(&e.to_string(), None))?;
        let repeats = repeats.max(1);
        let begin = now_ms()?;
        let mut readings = 0;
        for _ in 0..repeats {
            let progress =
                counters::progress(&cube, &solution).map_err(|e| js_error(&e.to_string(), None))?;
            readings += progress.iter().map(Vec::len).sum::<usize>();
        }
        times.push((now_ms()? - begin) * 1000.0 / readings as f64);
    }
    Ok(times)
}

/// Milliseconds per fewest-moves solve (default budget) of each of
/// `states` random states.
#[wasm_bindgen(js_name = benchFewest)]
pub fn bench_fewest(states: u32, seed: u64) -> Result<Vec<f64>, JsValue> {
    time_solves(states, 1, seed, |c| fewest::solve_fewest(c, DEFAULT_BUDGET))
}

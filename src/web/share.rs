//! The page's share links, solving modes and colour-editor checks, for JS.
//!
//! A solve is split in two so the slow part can run in a Web Worker:
//! `solveStages` (free function, no DOM) finds the solution in the chosen
//! mode and both modes' move counts; `App::show` checks that solution against
//! the input and loads it for playback, returning what the page displays,
//! including the share query and the links to alg.cubing.net and Twizzle.
//! Links are read and written by `crate::share`; nothing here panics on
//! user input, and every failure is a JS `Error` the page shows inline.

use super::{inverse_of, js_error, now_ms, solve_error, to_js, App, SolutionView};
use crate::cubie::{CubieCube, Move};
use crate::facelet;
use crate::fewest::{self, DEFAULT_BUDGET};
use crate::notation;
use crate::scramble;
use crate::share::{self as codec, Mode, Shared, Source};
use crate::solver::{self, Solution, SolveError};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

fn parse_mode(mode: &str) -> Result<Mode, JsValue> {
    match mode {
        "fast" => Ok(Mode::Fast),
        "fewest" => Ok(Mode::Fewest),
        other => Err(js_error(
            &format!("mode `{other}` is neither `fast` nor `fewest`"),
            None,
        )),
    }
}

/// The cube an input describes: `source` is `scramble` (cube notation) or
/// `state` (a 54-letter facelet string). For a scramble, also its
/// normalised text.
fn read_input(source: &str, text: &str) -> Result<(CubieCube, Option<String>), JsValue> {
    match source {
        "scramble" => {
            let alg = notation::parse(text).map_err(|e| solve_error(&SolveError::from(e)))?;
            Ok((alg.cube(), Some(alg.to_string())))
        }
        "state" => {
            let cube = facelet::parse(text).map_err(|e| solve_error(&SolveError::from(e)))?;
            Ok((cube, None))
        }
        other => Err(js_error(
            &format!("source `{other}` is neither `scramble` nor `state`"),
            None,
        )),
    }
}

/// What a link restores, as the page reads it.
#[derive(Serialize)]
struct LinkView {
    /// `scramble` or `state`.
    source: &'static str,
    text: String,
    mode: &'static str,
    position: usize,
}

/// Reads a share link, a bare query, or an alg.cubing.net or Twizzle link:
/// `{ source, text, mode, position }`.
#[wasm_bindgen(js_name = decodeLink)]
pub fn decode_link(link: &str) -> Result<JsValue, JsValue> {
    let shared = codec::decode(link).map_err(|e| js_error(&e.to_string(), None))?;
    let (source, text) = match shared.source {
        Source::Scramble(text) => ("scramble", text),
        Source::Facelets(text) => ("state", text),
    };
    to_js(&LinkView {
        source,
        text,
        mode: shared.mode.as_str(),
        position: shared.position,
    })
}

/// The query string (without `?`) that restores an input, mode and position.
#[wasm_bindgen(js_name = encodeLink)]
pub fn encode_link(
    source: &str,
    text: &str,
    mode: &str,
    position: usize,
) -> Result<String, JsValue> {
    let source = match source {
        "scramble" => Source::Scramble(text.to_string()),
        "state" => Source::Facelets(text.to_string()),
        other => {
            return Err(js_error(
                &format!("source `{other}` is neither `scramble` nor `state`"),
                None,
            ))
        }
    };
    Ok(codec::encode(&Shared {
        source,
        mode: parse_mode(mode)?,
        position,
    }))
}

/// Whether text typed or pasted into the scramble box is a link.
#[wasm_bindgen(js_name = looksLikeLink)]
pub fn looks_like_link(text: &str) -> bool {
    codec::looks_like_link(text)
}

/// A scramble for a uniformly random state.
#[wasm_bindgen(js_name = randomScramble)]
pub fn random_scramble() -> String {
    let (_, moves) = solver::random_state_scramble(&mut scramble::rng(None));
    notation::format_moves(&moves)
}

/// One broken rule of a painted cube.
#[derive(Serialize)]
struct Problem {
    message: String,
    /// Sticker positions (0..54) to highlight.
    stickers: Vec<usize>,
}

#[derive(Serialize)]
struct Check {
    valid: bool,
    /// The state in face letters (URFDLB) when valid, else empty.
    facelets: String,
    problems: Vec<Problem>,
}

/// Checks a facelet string (face or colour letters) with the solver's own
/// rules: `{ valid, facelets, problems: [{ message, stickers }] }`.
#[wasm_bindgen(js_name = checkFacelets)]
pub fn check_facelets(text: &str) -> Result<JsValue, JsValue> {
    let check = match facelet::parse(text) {
        Ok(cube) => Check {
            valid: true,
            facelets: facelet::to_string(&cube),
            problems: Vec::new(),
        },
        Err(invalid) => Check {
            valid: false,
            facelets: String::new(),
            problems: invalid
                .0
                .iter()
                .map(|e| Problem {
                    message: e.to_string(),
                    stickers: e.stickers(),
                })
                .collect(),
        },
    };
    to_js(&check)
}

/// A solution found in one mode, with both modes' move counts; what the
/// worker hands back to the page.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Found {
    mode: String,
    /// Each stage's moves in notation.
    stages: Vec<String>,
    fast_total: usize,
    fewest_total: usize,
}

/// Solves an input (`source` `scramble` or `state`) in `mode` (`fast` or
/// `fewest`, at `fewest::DEFAULT_BUDGET` so links reproduce): `{ mode,
/// stages, fastTotal, fewestTotal }`. Takes ~10 ms, so the page calls it
/// from a worker.
#[wasm_bindgen(js_name = solveStages)]
pub fn solve_stages(mode: &str, source: &str, text: &str) -> Result<JsValue, JsValue> {
    let mode = parse_mode(mode)?;
    let (cube, _) = read_input(source, text)?;
    let fast = solver::solve(&cube);
    let fewest = fewest::solve_fewest(&cube, DEFAULT_BUDGET);
    let chosen = match mode {
        Mode::Fast => &fast,
        Mode::Fewest => &fewest,
    };
    to_js(&Found {
        mode: mode.as_str().to_string(),
        stages: chosen
            .stages
            .iter()
            .map(|s| notation::format_moves(&s.moves))
            .collect(),
        fast_total: fast.len(),
        fewest_total: fewest.len(),
    })
}

/// Reads the four stages of a found solution and checks that they solve
/// `cube`.
fn read_solution(cube: &CubieCube, stages: &[String]) -> Result<Solution, JsValue> {
    let parsed: Vec<Vec<Move>> = stages
        .iter()
        .map(|text| notation::parse(text).map(|alg| alg.face_moves()))
        .collect::<Result<_, _>>()
        .map_err(|e| js_error(&format!("the solution does not read: {e}"), None))?;
    let stages: [Vec<Move>; 4] = parsed
        .try_into()
        .map_err(|_| js_error("a solution has four stages", None))?;
    let solution = Solution::from_stages(stages);
    if cube.apply(&solution.moves()) != CubieCube::solved() {
        return Err(js_error("the solution does not solve the cube", None));
    }
    Ok(solution)
}

/// What the page shows for a loaded solution.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Shown {
    solution: SolutionView,
    mode: String,
    /// `scramble` or `state`, and the normalised input text, for the link.
    source: &'static str,
    text: String,
    fast_total: usize,
    fewest_total: usize,
    alg_cubing: String,
    twizzle: String,
}

#[wasm_bindgen]
impl App {
    /// Loads a solution from `solveStages` for the same input, after
    /// checking it, and shows the scrambled state. Returns `{ solution, mode,
    /// source, text, fastTotal, fewestTotal, algCubing, twizzle }`; on error
    /// the current cube stays.
    pub fn show(&mut self, source: &str, text: &str, found: JsValue) -> Result<JsValue, JsValue> {
        let found: Found = serde_wasm_bindgen::from_value(found)
            .map_err(|e| js_error(&format!("not a solution: {e}"), None))?;
        parse_mode(&found.mode)?;
        let (cube, normalised) = read_input(source, text)?;
        let solution = read_solution(&cube, &found.stages)?;
        let (source, text, scramble) = match normalised {
            Some(alg) => ("scramble", alg.clone(), alg),
            None => ("state", facelet::to_string(&cube), inverse_of(&solution)),
        };
        self.load(cube, &solution);
        to_js(&Shown {
            solution: SolutionView::new(scramble.clone(), &cube, &solution),
            mode: found.mode,
            source,
            text,
            fast_total: found.fast_total,
            fewest_total: found.fewest_total,
            alg_cubing: codec::alg_cubing_link(&scramble, &solution),
            twizzle: codec::twizzle_link(&scramble, &solution),
        })
    }
}

/// Times fewest-moves solves in the page: milliseconds for each of `states`
/// random states (seeded by `seed`) at the default budget.
#[wasm_bindgen(js_name = benchFewest)]
pub fn bench_fewest(states: u32, seed: u64) -> Result<Vec<f64>, JsValue> {
    let mut rng = scramble::rng(Some(seed));
    let mut times = Vec::with_capacity(states as usize);
    for _ in 0..states {
        let cube = scramble::random_state(&mut rng);
        let begin = now_ms()?;
        let solution = fewest::solve_fewest(&cube, DEFAULT_BUDGET);
        times.push(now_ms()? - begin);
        if cube.apply(&solution.moves()) != CubieCube::solved() {
            return Err(js_error("the fewest-moves solver failed", None));
        }
    }
    Ok(times)
}

//! The page's WebAssembly API (wasm-bindgen). Free functions solve text or
//! facelets into plain JS objects; `App` owns the playback and the renderer
//! for one canvas and is driven by the page's small ES module, which runs the
//! animation loop and the DOM. Errors reach JS as `Error`s carrying a
//! `column` where the input has one; nothing here panics on user input.

use crate::cubie::{CubieCube, Move};
use crate::facelet::{self, FaceletError};
use crate::notation;
use crate::phase::StageKind;
use crate::playback::{Playback, Timeline};
use crate::render::{webgl2, Renderer, View};
use crate::scramble;
use crate::solver::{self, Solution, SolveError};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

pub mod share;

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// A JS `Error` with `message` and, when given, a 1-based `column`.
fn js_error(message: &str, column: Option<usize>) -> JsValue {
    let error = js_sys::Error::new(message);
    if let Some(column) = column {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&error, &"column".into(), &(column as f64).into());
    }
    error.into()
}

fn solve_error(error: &SolveError) -> JsValue {
    let column = error.column().or_else(|| match error {
        SolveError::Invalid(invalid) => invalid.0.iter().find_map(|e| match e {
            FaceletError::BadLetter { index, .. } => Some(index + 1),
            _ => None,
        }),
        SolveError::Notation(_) => None,
    });
    js_error(&error.to_string(), column)
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    serde_wasm_bindgen::to_value(value).map_err(|e| js_error(&e.to_string(), None))
}

/// One stage as the page shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StageView {
    name: &'static str,
    description: &'static str,
    /// The stage's moves, e.g. "U U2 U' D D2 D' L2 R2 F2 B2".
    allowed: String,
    max_length: usize,
    /// Index of the stage's first move in the whole solution.
    start: usize,
    moves: Vec<String>,
    /// The facelet string once the stage is done.
    facelets: String,
}

/// A solved input as the page shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SolutionView {
    /// The scramble in normalised notation (the inverse solution for a
    /// state given as facelets or drawn at random).
    scramble: String,
    /// The scrambled state's facelet string.
    facelets: String,
    total: usize,
    stages: Vec<StageView>,
}

impl SolutionView {
    fn new(scramble: String, cube: &CubieCube, solution: &Solution) -> SolutionView {
        let mut start = 0;
        let mut state = *cube;
        let stages = solution
            .stages
            .iter()
            .map(|stage| {
                state = state.apply(&stage.moves);
                let view = StageView {
                    name: stage.kind.name(),
                    description: stage.kind.description(),
                    allowed: notation::format_moves(&stage.kind.allowed_moves()),
                    max_length: stage.kind.max_length(),
                    start,
                    moves: stage.moves.iter().map(ToString::to_string).collect(),
                    facelets: facelet::to_string(&state),
                };
                start += stage.moves.len();
                view
            })
            .collect();
        SolutionView {
            scramble,
            facelets: facelet::to_string(cube),
            total: solution.len(),
            stages,
        }
    }
}

fn inverse_of(solution: &Solution) -> String {
    notation::format_moves(&solution.inverse_moves())
}

fn solve_text_view(text: &str) -> Result<(CubieCube, Solution, SolutionView), JsValue> {
    let (alg, cube, solution) = solver::solve_text(text).map_err(|e| solve_error(&e))?;
    let view = SolutionView::new(alg.to_string(), &cube, &solution);
    Ok((cube, solution, view))
}

/// Solves a scramble in cube notation: `{ scramble, facelets, total, stages }`.
#[wasm_bindgen(js_name = solve)]
pub fn solve_text(text: &str) -> Result<JsValue, JsValue> {
    to_js(&solve_text_view(text)?.2)
}

/// Solves a 54-letter facelet string (URFDLB order, face or colour letters).
#[wasm_bindgen(js_name = solveFacelets)]
pub fn solve_facelets(text: &str) -> Result<JsValue, JsValue> {
    let (cube, solution) = solver::solve_facelets(text).map_err(|e| solve_error(&e))?;
    to_js(&SolutionView::new(inverse_of(&solution), &cube, &solution))
}

/// The names of the four stages, in order.
#[wasm_bindgen(js_name = stageNames)]
pub fn stage_names() -> Vec<String> {
    StageKind::ALL
        .iter()
        .map(|k| k.name().to_string())
        .collect()
}

fn now_ms() -> Result<f64, JsValue> {
    let performance = web_sys::window()
        .and_then(|w| w.performance())
        .ok_or_else(|| js_error("performance.now() is not available", None))?;
    Ok(performance.now())
}

/// Times the solver in the page: for each of `states` random states (seeded
/// by `seed`), solves it `repeats` times and reports the mean microseconds
/// per solve, so the coarse browser clock still resolves single solves.
#[wasm_bindgen(js_name = benchSolve)]
pub fn bench_solve(states: u32, repeats: u32, seed: u64) -> Result<Vec<f64>, JsValue> {
    let mut rng = scramble::rng(Some(seed));
    let repeats = repeats.max(1);
    let mut times = Vec::with_capacity(states as usize);
    let mut total_moves = 0;
    for _ in 0..states {
        let cube = scramble::random_state(&mut rng);
        let begin = now_ms()?;
        for _ in 0..repeats {
            total_moves += solver::solve(&cube).len();
        }
        times.push((now_ms()? - begin) * 1000.0 / f64::from(repeats));
    }
    if total_moves == 0 && states > 0 {
        return Err(js_error("the solver returned nothing", None));
    }
    Ok(times)
}

/// Where playback stands, for the page's controls.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Status {
    /// Moves applied (a running forward turn counts).
    position: usize,
    total: usize,
    /// Index of the move just applied or turning, if any.
    current: Option<usize>,
    stage: usize,
    finished: Vec<bool>,
    playing: bool,
    moving: bool,
    solved: bool,
    /// The status line, e.g. "Move 7 of 31 · Orient corners + slice".
    text: String,
}

/// The cube on one canvas: playback plus renderer.
#[wasm_bindgen]
pub struct App {
    canvas: HtmlCanvasElement,
    renderer: Option<Renderer>,
    playback: Playback,
    view: View,
}

impl App {
    fn load(&mut self, cube: CubieCube, solution: &Solution) {
        let stages: Vec<Vec<Move>> = solution.stages.iter().map(|s| s.moves.clone()).collect();
        let speed = self.playback.speed();
        self.playback = Playback::new(Timeline::new(cube, &stages));
        self.playback.set_speed(speed);
    }
}

#[wasm_bindgen]
impl App {
    /// Starts the renderer on `canvas`'s WebGL2 context, showing a solved cube.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> Result<App, JsValue> {
        let gl = webgl2(&canvas).map_err(|e| js_error(&e, None))?;
        let renderer = Renderer::new(gl).map_err(|e| js_error(&e, None))?;
        let empty = vec![Vec::new(); StageKind::ALL.len()];
        Ok(App {
            canvas,
            renderer: Some(renderer),
            playback: Playback::new(Timeline::new(CubieCube::solved(), &empty)),
            view: View::default(),
        })
    }

    /// Solves a scramble and shows its scrambled state; on error the
    /// current cube stays.
    pub fn solve(&mut self, text: &str) -> Result<JsValue, JsValue> {
        let (cube, solution, view) = solve_text_view(text)?;
        self.load(cube, &solution);
        to_js(&view)
    }

    pub fn play(&mut self) {
        self.playback.play();
    }

    pub fn pause(&mut self) {
        self.playback.pause();
    }

    pub fn toggle(&mut self) {
        self.playback.toggle();
    }

    #[wasm_bindgen(js_name = stepForward)]
    pub fn step_forward(&mut self) {
        self.playback.step_forward();
    }

    #[wasm_bindgen(js_name = stepBack)]
    pub fn step_back(&mut self) {
        self.playback.step_back();
    }

    /// Back to the scrambled state.
    pub fn reset(&mut self) {
        self.playback.seek(0);
    }

    /// To the solved end.
    pub fn end(&mut self) {
        self.playback.seek(usize::MAX);
    }

    /// Jumps to the state after `moves` moves.
    pub fn seek(&mut self, moves: usize) {
        self.playback.seek(moves);
    }

    /// Jumps to the start of stage `stage` (0-based) and plays it.
    #[wasm_bindgen(js_name = playStage)]
    pub fn play_stage(&mut self, stage: usize) {
        self.playback.play_stage(stage);
    }

    /// Jumps to just before move `index` and animates it.
    #[wasm_bindgen(js_name = playMove)]
    pub fn play_move(&mut self, index: usize) {
        self.playback.play_move(index);
    }

    #[wasm_bindgen(js_name = setSpeed)]
    pub fn set_speed(&mut self, speed: f64) {
        self.playback.set_speed(speed);
    }

    /// Advances animation by `seconds`; true while there is more to animate.
    pub fn tick(&mut self, seconds: f64) -> bool {
        self.playback.tick(seconds)
    }

    /// Draws the current frame at the canvas's drawing-buffer size.
    pub fn render(&mut self) {
        let (width, height) = (self.canvas.width(), self.canvas.height());
        if let Some(renderer) = self.renderer.as_mut() {
            renderer.draw(&self.playback.frame(), &self.view, width, height);
        }
    }

    /// Orbits the camera by a pointer movement in CSS pixels.
    pub fn orbit(&mut self, dx: f32, dy: f32) {
        self.view.orbit(dx, dy);
    }

    /// Zooms by `factor` (< 1 is closer), within limits.
    pub fn zoom(&mut self, factor: f32) {
        self.view.zoom(factor);
    }

    /// Forgets the GL objects of a lost context.
    #[wasm_bindgen(js_name = contextLost)]
    pub fn context_lost(&mut self) {
        self.renderer = None;
    }

    /// Rebuilds the renderer on the restored context.
    #[wasm_bindgen(js_name = contextRestored)]
    pub fn context_restored(&mut self) -> Result<(), JsValue> {
        let gl = webgl2(&self.canvas).map_err(|e| js_error(&e, None))?;
        self.renderer = Some(Renderer::new(gl).map_err(|e| js_error(&e, None))?);
        Ok(())
    }

    pub fn status(&self) -> Result<JsValue, JsValue> {
        let p = &self.playback;
        let timeline = p.timeline();
        let stage = p.stage();
        let text = if p.is_solved() {
            "Solved".to_string()
        } else {
            format!(
                "Move {} of {} · {}",
                p.position(),
                timeline.len(),
                StageKind::ALL[stage.min(3)].name()
            )
        };
        to_js(&Status {
            position: p.position(),
            total: timeline.len(),
            current: p.current_move(),
            stage,
            finished: (0..timeline.stage_count())
                .map(|s| p.stage_finished(s))
                .collect(),
            playing: p.is_playing(),
            moving: p.is_moving(),
            solved: p.is_solved(),
            text,
        })
    }

    /// The facelet string of the cube shown once the running turn settles
    /// (a test hook: the page's `thistle.state()`).
    pub fn facelets(&self) -> String {
        facelet::to_string(self.playback.settled_state())
    }
}

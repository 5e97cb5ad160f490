//! Browser tests: the wasm API as the page calls it, and the renderer on a
//! real WebGL2 context, run in headless Chromium by wasm-bindgen-test-runner
//! (`make wasm-test`).
#![cfg(target_arch = "wasm32")]

use thistle::cubie::CubieCube;
use thistle::facelet;
use thistle::notation;
use thistle::web::{self, App};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{HtmlCanvasElement, WebGl2RenderingContext};

wasm_bindgen_test_configure!(run_in_browser);

const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

fn get(value: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(value, &key.into()).expect("an object")
}

fn array(value: &JsValue, key: &str) -> js_sys::Array {
    get(value, key).dyn_into().expect("an array")
}

fn text(value: &JsValue, key: &str) -> String {
    get(value, key).as_string().expect("a string")
}

fn number(value: &JsValue, key: &str) -> f64 {
    get(value, key).as_f64().expect("a number")
}

/// All moves of a solution object, joined with spaces.
fn solution_moves(solution: &JsValue) -> String {
    let moves: Vec<String> = array(solution, "stages")
        .iter()
        .flat_map(|stage| array(&stage, "moves").iter().collect::<Vec<_>>())
        .map(|m| m.as_string().expect("a move"))
        .collect();
    moves.join(" ")
}

fn canvas(size: u32) -> HtmlCanvasElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas: HtmlCanvasElement = document
        .create_element("canvas")
        .unwrap()
        .dyn_into()
        .unwrap();
    canvas.set_width(size);
    canvas.set_height(size);
    document.body().unwrap().append_child(&canvas).unwrap();
    canvas
}

fn pixel(canvas: &HtmlCanvasElement, x: i32, y: i32) -> [u8; 4] {
    let gl: WebGl2RenderingContext = canvas
        .get_context("webgl2")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let mut rgba = [0u8; 4];
    gl.read_pixels_with_opt_u8_array(
        x,
        y,
        1,
        1,
        WebGl2RenderingContext::RGBA,
        WebGl2RenderingContext::UNSIGNED_BYTE,
        Some(&mut rgba),
    )
    .unwrap();
    rgba
}

fn background() -> [u8; 4] {
    let b = thistle::render::BACKGROUND;
    [b.r, b.g, b.b, 255]
}

#[wasm_bindgen_test]
fn solving_text_gives_four_named_stages_that_sum_to_the_total() {
    let solution = web::solve_text("R U R' U' F2 D L2 B'").unwrap();
    let stages = array(&solution, "stages");
    let names: Vec<String> = stages.iter().map(|s| text(&s, "name")).collect();
    assert_eq!(
        names,
        [
            "Orient edges",
            "Orient corners + slice",
            "Separate pieces",
            "Half-turn finish"
        ]
    );
    let counted: usize = stages
        .iter()
        .map(|s| array(&s, "moves").length() as usize)
        .sum();
    assert_eq!(counted as f64, number(&solution, "total"));
    let starts: Vec<f64> = stages.iter().map(|s| number(&s, "start")).collect();
    assert_eq!(starts[0], 0.0);
    assert!(starts.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(text(&solution, "scramble"), "R U R' U' F2 D L2 B'");

    let scrambled = notation::parse("R U R' U' F2 D L2 B'").unwrap().cube();
    assert_eq!(text(&solution, "facelets"), facelet::to_string(&scrambled));
    let moves = notation::parse(&solution_moves(&solution)).unwrap();
    assert!(scrambled.apply(&moves.face_moves()).is_solved());
    let last = stages.get(3);
    assert_eq!(text(&last, "facelets"), SOLVED);
    assert_eq!(number(&last, "maxLength"), 15.0);
    assert_eq!(text(&last, "allowed"), "U2 R2 F2 D2 L2 B2");
}

#[wasm_bindgen_test]
fn a_bad_move_is_an_error_with_its_column() {
    let error = web::solve_text("R U Q2").unwrap_err();
    assert!(error.is_instance_of::<js_sys::Error>());
    let message = text(&error, "message");
    assert!(message.contains("column 5"), "{message}");
    assert_eq!(number(&error, "column"), 5.0);
}

#[wasm_bindgen_test]
fn bad_facelets_are_an_error_and_a_bad_letter_has_a_column() {
    let short = web::solve_facelets("UUU").unwrap_err();
    assert!(text(&short, "message").contains("54"));
    let mut letters = SOLVED.to_string();
    letters.replace_range(9..10, "X");
    let bad = web::solve_facelets(&letters).unwrap_err();
    assert_eq!(number(&bad, "column"), 10.0);
}

#[wasm_bindgen_test]
fn facelets_solve_to_the_same_state() {
    let cube = CubieCube::solved().apply(&notation::parse("F R' D2").unwrap().face_moves());
    let solution = web::solve_facelets(&facelet::to_string(&cube)).unwrap();
    let moves = notation::parse(&solution_moves(&solution)).unwrap();
    assert!(cube.apply(&moves.face_moves()).is_solved());
}

#[wasm_bindgen_test]
fn the_bench_times_every_state() {
    let times = web::bench_solve(5, 2, 7).unwrap();
    assert_eq!(times.len(), 5);
    assert!(times.iter().all(|t| t.is_finite() && *t >= 0.0));
    assert_eq!(web::stage_names().len(), 4);
}

#[wasm_bindgen_test]
fn the_renderer_draws_the_cube_on_webgl2() {
    let canvas = canvas(160);
    let mut app = App::new(canvas.clone()).unwrap();
    app.render();
    assert_ne!(
        pixel(&canvas, 80, 80),
        background(),
        "the centre shows the cube"
    );
    assert_eq!(
        pixel(&canvas, 1, 1),
        background(),
        "the corner is background"
    );
}

#[wasm_bindgen_test]
fn the_app_plays_a_solution_to_solved() {
    let canvas = canvas(96);
    let mut app = App::new(canvas).unwrap();
    assert_eq!(app.facelets(), SOLVED);
    let solution = app.solve("R U2 F' L").unwrap();
    assert_eq!(app.facelets(), text(&solution, "facelets"));
    assert_ne!(app.facelets(), SOLVED);
    app.play();
    let mut frames = 0;
    while app.tick(1.0 / 60.0) {
        app.render();
        frames += 1;
        assert!(frames < 10_000);
    }
    assert_eq!(app.facelets(), SOLVED);
    let status = app.status().unwrap();
    assert_eq!(text(&status, "text"), "Solved");
    assert_eq!(get(&status, "solved"), JsValue::TRUE);
}

#[wasm_bindgen_test]
fn a_failed_solve_keeps_the_previous_cube() {
    let mut app = App::new(canvas(32)).unwrap();
    app.solve("R U").unwrap();
    let before = app.facelets();
    assert!(app.solve("R U (").is_err());
    assert_eq!(app.facelets(), before);
}

#[wasm_bindgen_test]
fn the_renderer_is_rebuilt_after_the_context_is_lost() {
    let canvas = canvas(120);
    let mut app = App::new(canvas.clone()).unwrap();
    app.context_lost();
    app.render();
    app.context_restored().unwrap();
    app.render();
    assert_ne!(pixel(&canvas, 60, 60), background());
}

#[wasm_bindgen_test]
fn orbit_and_zoom_stay_within_limits() {
    use thistle::render::View;
    let mut view = View::default();
    view.orbit(0.0, 1e6);
    assert_eq!(view.pitch, View::PITCH_LIMIT);
    view.orbit(f32::NAN, 1.0);
    assert_eq!(view.pitch, View::PITCH_LIMIT);
    view.zoom(1e9);
    assert_eq!(view.distance, View::DISTANCE_RANGE.1);
    view.zoom(0.0);
    view.zoom(-1.0);
    assert_eq!(view.distance, View::DISTANCE_RANGE.1);
    view.zoom(1e-9);
    assert_eq!(view.distance, View::DISTANCE_RANGE.0);
}

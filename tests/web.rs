//! Browser tests: the wasm API as the page calls it, and the renderer on a
//! real WebGL2 context, run in headless Chromium by wasm-bindgen-test-runner
//! (`make wasm-test`).
#![cfg(target_arch = "wasm32")]

use thistle::cube::cubie::{CubieCube, Face};
use thistle::cube::facelet;
use thistle::cube::notation;
use thistle::show::palette::{self, Palette};
use thistle::web::app::App;
use thistle::web::{editor, links, solving};
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

/// Reads the Scramble box, solves in the worker's call, and shows it, as
/// the page does.
fn show(app: &mut App, typed: &str, mode: &str) -> JsValue {
    let request = solving::read_input(typed).unwrap();
    let input = get(&request, "input");
    let searched = solving::solve_stages(mode, input.clone()).unwrap();
    app.show(input, searched).unwrap()
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

/// The drawing buffer's RGBA pixels in a `width` × `height` box at (x, y).
fn read(canvas: &HtmlCanvasElement, x: i32, y: i32, width: i32, height: i32) -> Vec<u8> {
    let gl: WebGl2RenderingContext = canvas
        .get_context("webgl2")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    let mut rgba = vec![0u8; (4 * width * height) as usize];
    gl.read_pixels_with_opt_u8_array(
        x,
        y,
        width,
        height,
        WebGl2RenderingContext::RGBA,
        WebGl2RenderingContext::UNSIGNED_BYTE,
        Some(&mut rgba),
    )
    .unwrap();
    rgba
}

fn pixel(canvas: &HtmlCanvasElement, x: i32, y: i32) -> [u8; 4] {
    read(canvas, x, y, 1, 1).try_into().unwrap()
}

/// The whole drawing buffer.
fn pixels(canvas: &HtmlCanvasElement) -> Vec<u8> {
    read(canvas, 0, 0, canvas.width() as i32, canvas.height() as i32)
}

fn background() -> [u8; 4] {
    let [r, g, b] = palette::BACKGROUND;
    [r, g, b, 255]
}

#[wasm_bindgen_test]
fn the_scramble_box_reads_notation_facelets_and_links() {
    let notation = solving::read_input("R U R' U'").unwrap();
    assert_eq!(text(&get(&notation, "input"), "source"), "scramble");
    assert_eq!(get(&notation, "mode").as_string(), None, "no mode named");
    let state = solving::read_input(&format!(" {} ", SOLVED.to_lowercase())).unwrap();
    assert_eq!(text(&get(&state, "input"), "source"), "state");
    assert_eq!(text(&get(&state, "input"), "text"), SOLVED);
    let link = solving::read_input("https://example.org/?scramble=R_U-&mode=fast&move=2").unwrap();
    assert_eq!(text(&get(&link, "input"), "text"), "R U'");
    assert_eq!(text(&link, "mode"), "fast");
    assert_eq!(number(&link, "position"), 2.0);
    assert!(solving::read_input("?scramble=R&mode=slow").is_err());
}

#[wasm_bindgen_test]
fn a_shown_solution_has_four_named_stages_that_solve_the_input() {
    let mut app = App::new(canvas(64)).unwrap();
    let shown = show(&mut app, "RUR'U' F2 D L2 B'", "fast");
    let solution = get(&shown, "solution");
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
    let moves: Vec<String> = stages
        .iter()
        .flat_map(|stage| array(&stage, "moves").iter().collect::<Vec<_>>())
        .map(|m| m.as_string().expect("a move"))
        .collect();
    assert_eq!(moves.len() as f64, number(&solution, "total"));
    assert_eq!(number(&shown, "fastTotal"), number(&solution, "total"));
    assert!(number(&shown, "fewestTotal") <= number(&shown, "fastTotal"));
    assert_eq!(text(&solution, "scramble"), "R U R' U' F2 D L2 B'");
    assert_eq!(text(&get(&shown, "input"), "text"), "R U R' U' F2 D L2 B'");
    let scrambled = notation::parse("R U R' U' F2 D L2 B'").unwrap().cube();
    assert_eq!(text(&solution, "facelets"), facelet::to_string(&scrambled));
    assert_eq!(app.facelets(), facelet::to_string(&scrambled));
    let replayed = notation::parse(&moves.join(" ")).unwrap();
    assert!(scrambled.apply(&replayed.face_moves()).is_solved());
    let last = stages.get(3);
    assert_eq!(text(&last, "facelets"), SOLVED);
    assert_eq!(number(&last, "maxLength"), 15.0);
    assert_eq!(text(&last, "allowed"), "U2 R2 F2 D2 L2 B2");
    assert!(text(&shown, "algCubing").starts_with("https://alg.cubing.net/?setup=R_U_R-_U-"));
    assert!(text(&shown, "twizzle").starts_with("https://alpha.twizzle.net/edit/?puzzle=3x3x3"));
}

#[wasm_bindgen_test]
fn a_bad_move_is_an_error_with_its_column() {
    let request = solving::read_input("R U Q2").unwrap();
    let error = solving::solve_stages("fewest", get(&request, "input")).unwrap_err();
    assert!(error.is_instance_of::<js_sys::Error>());
    let message = text(&error, "message");
    assert!(message.contains("column 5"), "{message}");
    assert_eq!(number(&error, "column"), 5.0);
    assert!(solving::solve_stages("slow", get(&request, "input")).is_err());
}

#[wasm_bindgen_test]
fn a_painted_state_solves_and_is_scrambled_by_its_solution_undone() {
    let cube = CubieCube::solved().apply(&notation::parse("F R' D2").unwrap().face_moves());
    let mut app = App::new(canvas(32)).unwrap();
    let shown = show(&mut app, &facelet::to_string(&cube), "fewest");
    assert_eq!(text(&get(&shown, "input"), "source"), "state");
    assert_eq!(text(&shown, "mode"), "fewest");
    let scramble = text(&get(&shown, "solution"), "scramble");
    assert_eq!(notation::parse(&scramble).unwrap().cube(), cube);
}

/// What the page shows a scramble alone with: no facelets, no moves.
fn no_solution() -> JsValue {
    js_sys::JSON::parse(
        r#"{"mode":"fewest","facelets":"","orientation":0,"stages":["","","",""],"fastTotal":0,"fewestTotal":0}"#,
    )
    .unwrap()
}

#[wasm_bindgen_test]
fn a_scramble_shown_alone_has_nothing_to_play_until_a_solution_is_shown() {
    let mut app = App::new(canvas(32)).unwrap();
    show(&mut app, "R U", "fast");
    let scrambled = facelet::to_string(&notation::parse("F R' D2").unwrap().cube());
    let input = get(&solving::read_input("F R' D2").unwrap(), "input");
    app.show(input, no_solution()).unwrap();
    assert_eq!(app.facelets(), scrambled);
    assert_eq!(
        number(&app.status().unwrap(), "total"),
        0.0,
        "no move to play"
    );
    app.end();
    app.step_forward();
    assert_eq!(app.facelets(), scrambled, "the cube stays scrambled");
    let full = app.legend(None).unwrap();
    assert!(
        full.is_null() || full.is_undefined() || js_sys::Array::from(&full).length() == 0,
        "no stage lens"
    );
    // A stage's own key, whatever is on show (the handout's): stage 1's
    // three colours; the finish has none.
    assert_eq!(
        js_sys::Array::from(&app.legend(Some(0)).unwrap()).length(),
        3
    );
    assert_eq!(
        js_sys::Array::from(&app.legend(Some(3)).unwrap()).length(),
        0
    );
    let bad = get(&solving::read_input("R Q").unwrap(), "input");
    assert!(
        app.show(bad, no_solution()).is_err(),
        "a bad scramble is refused"
    );
    show(&mut app, "R U", "fast");
    assert!(
        !app.progress().unwrap().is_null(),
        "a solution shown counts again"
    );
}

#[wasm_bindgen_test]
fn a_solution_that_does_not_solve_the_input_is_refused_and_the_cube_stays() {
    let mut app = App::new(canvas(32)).unwrap();
    show(&mut app, "R U", "fast");
    let before = app.facelets();
    let other = solving::read_input("F2").unwrap();
    let wrong = solving::solve_stages("fast", get(&other, "input")).unwrap();
    let input = get(&solving::read_input("R U").unwrap(), "input");
    let error = app.show(input, wrong).unwrap_err();
    assert!(text(&error, "message").contains("does not solve"));
    assert_eq!(app.facelets(), before);
}

#[wasm_bindgen_test]
fn links_round_trip_the_input_mode_and_position() {
    let input = get(&solving::read_input("R U' (F2)2").unwrap(), "input");
    let query =
        links::encode_link(input, "fast", "colours", 3, JsValue::NULL, false, false).unwrap();
    assert_eq!(query, "scramble=R_U-_(F2)2&mode=fast&move=3&view=colours");
    let back = links::decode_link(&format!("?{query}")).unwrap();
    assert_eq!(text(&get(&back, "input"), "text"), "R U' (F2)2");
    assert_eq!(text(&back, "mode"), "fast");
    assert_eq!(text(&back, "view"), "colours");
    assert_eq!(number(&back, "position"), 3.0);
    assert!(links::encode_link(
        get(&back, "input"),
        "fast",
        "sideways",
        0,
        JsValue::NULL,
        false,
        false
    )
    .is_err());
    let ignored = links::decode_link("?scramble=R&bogus=1").unwrap();
    assert_eq!(text(&get(&ignored, "input"), "text"), "R");
    assert!(links::decode_link("?utm_source=x").unwrap().is_null());
}

#[wasm_bindgen_test]
fn a_link_carries_the_solution_on_show_and_plays_it_as_it_is() {
    let input = get(&solving::read_input("R U").unwrap(), "input");
    let stages: js_sys::Array = ["", "U' R'", "", ""]
        .iter()
        .map(|s| JsValue::from_str(s))
        .collect();
    let query =
        links::encode_link(input, "fewest", "stage", 1, stages.into(), true, false).unwrap();
    assert_eq!(
        query,
        "scramble=R_U&mode=fewest&move=1&solution=~U-_R-~~&embed=1"
    );
    assert_eq!(
        get(&links::decode_link(&query).unwrap(), "embed"),
        JsValue::TRUE
    );
    let back = links::decode_link(&format!("?{query}")).unwrap();
    let searched =
        solving::play_stages(get(&back, "input"), get(&back, "stages"), "fewest").unwrap();
    assert_eq!(text(&searched, "mode"), "fewest");
    assert_eq!(number(&searched, "fewestTotal"), 2.0);
    let wrong: js_sys::Array = ["", "U'", "", ""]
        .iter()
        .map(|s| JsValue::from_str(s))
        .collect();
    let error = solving::play_stages(get(&back, "input"), wrong.into(), "fewest").unwrap_err();
    assert!(text(&error, "message").contains("does not keep to Thistlethwaite's stages"));
}

#[wasm_bindgen_test]
fn the_editor_checks_paint_with_the_solvers_rules_and_the_cubes_colours() {
    let check = editor::check_facelets(SOLVED).unwrap();
    assert_eq!(get(&check, "valid"), JsValue::TRUE);
    assert_eq!(text(&check, "facelets"), SOLVED);
    let mut twisted: Vec<char> = SOLVED.chars().collect();
    (twisted[29], twisted[26], twisted[15]) = ('R', 'D', 'F');
    let twisted: String = twisted.into_iter().collect();
    let check = editor::check_facelets(&twisted).unwrap();
    assert_eq!(get(&check, "valid"), JsValue::FALSE);
    assert_eq!(text(&check, "facelets"), "");
    // The rule's own words; the problems in plain words come from the lab's module.
    assert!(
        text(&check, "error").contains("twist"),
        "{}",
        text(&check, "error")
    );
    let colours = editor::palette("wca", false).unwrap();
    let faces = array(&colours, "faces");
    let letters: String = faces.iter().map(|f| text(&f, "letter")).collect();
    assert_eq!(letters, "WRGYOB");
    assert_eq!(
        text(&faces.get(1), "css"),
        palette::css(Palette::Wca.face(Face::R))
    );
    assert_eq!(text(&faces.get(0), "ink"), "#000000");
    assert_eq!(text(&colours, "background"), "#eceff3");
    let dark = editor::palette("wca", true).unwrap();
    assert_eq!(text(&dark, "background"), "#181b21");
    let other = array(&editor::palette("colour-blind", false).unwrap(), "faces");
    assert_eq!(
        text(&other.get(1), "css"),
        palette::css(Palette::ColourBlind.face(Face::R))
    );
    let unknown = editor::palette("pink", false).unwrap_err();
    assert_eq!(
        text(&unknown, "message"),
        "palette `pink` is neither `wca` nor `colour-blind`"
    );
}

/// Built with the `bench` feature (`make wasm-test`), as `make page-bench`'s
/// copy of the page is.
#[cfg(feature = "bench")]
#[wasm_bindgen_test]
fn the_benches_time_every_state() {
    use thistle::web::bench;
    let times = bench::bench_solve(5, 2, 7).unwrap();
    assert_eq!(times.len(), 5);
    assert!(times.iter().all(|t| t.is_finite() && *t >= 0.0));
    assert_eq!(bench::bench_fewest(2, 7).unwrap().len(), 2);
    let counters = bench::bench_counters(3, 2, 7).unwrap();
    assert!(counters.len() == 3 && counters.iter().all(|t| t.is_finite() && *t >= 0.0));
}

#[wasm_bindgen_test]
fn the_renderer_draws_the_cube_on_webgl2() {
    let canvas = canvas(160);
    let mut app = App::new(canvas.clone()).unwrap();
    app.start_renderer().unwrap();
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
    let mut app = App::new(canvas(96)).unwrap();
    assert_eq!(app.facelets(), SOLVED);
    let shown = show(&mut app, "R U2 F' L", "fewest");
    assert_eq!(app.facelets(), text(&get(&shown, "solution"), "facelets"));
    assert_ne!(app.facelets(), SOLVED);
    app.toggle();
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
fn a_solution_shows_and_plays_before_the_renderer_starts() {
    let canvas = canvas(96);
    let mut app = App::new(canvas.clone()).unwrap();
    show(&mut app, "R U2 F' L", "fewest");
    app.toggle();
    let mut frames = 0;
    while app.tick(0.25) {
        app.render();
        frames += 1;
        assert!(frames < 1_000);
    }
    assert_eq!(app.facelets(), SOLVED);
    app.start_renderer().unwrap();
    app.render();
    assert_ne!(pixel(&canvas, 48, 48), background(), "drawn once started");
}

#[wasm_bindgen_test]
fn the_renderer_is_rebuilt_after_the_context_is_lost() {
    let canvas = canvas(120);
    let mut app = App::new(canvas.clone()).unwrap();
    app.start_renderer().unwrap();
    app.context_lost();
    app.render();
    app.start_renderer().unwrap();
    app.render();
    assert_ne!(pixel(&canvas, 60, 60), background());
}

#[wasm_bindgen_test]
fn letters_and_palettes_change_the_drawn_cube_and_survive_a_lost_context() {
    let canvas = canvas(200);
    let mut app = App::new(canvas.clone()).unwrap();
    app.start_renderer().unwrap();
    app.render();
    let plain = pixels(&canvas);
    app.set_letters(true).unwrap();
    app.render();
    let lettered = pixels(&canvas);
    // The U face's letters are black on white: dark pixels the plain cube
    // has only at its seams.
    let darkest = |rgba: &[u8]| rgba.chunks(4).filter(|p| p[0] < 40 && p[1] < 40).count();
    assert!(darkest(&lettered) > darkest(&plain) + 100);
    app.set_palette("colour-blind").unwrap();
    app.render();
    let recoloured = pixels(&canvas);
    assert_ne!(recoloured, lettered);
    let error = app.set_palette("pink").unwrap_err();
    assert_eq!(
        text(&error, "message"),
        "palette `pink` is neither `wca` nor `colour-blind`"
    );
    app.context_lost();
    app.start_renderer().unwrap();
    app.render();
    assert_eq!(pixels(&canvas), recoloured, "letters and palette stay");
    app.set_letters(false).unwrap();
    app.set_palette("wca").unwrap();
    app.render();
    assert_eq!(pixels(&canvas), plain);
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

#[wasm_bindgen_test]
fn reset_returns_the_camera_to_its_start_and_keeps_the_hints() {
    use thistle::render::View;
    let mut view = View {
        hints: true,
        ..View::default()
    };
    view.orbit(120.0, -40.0);
    view.zoom(1.7);
    assert_ne!(view, View::default());
    view.reset();
    assert_eq!(
        view,
        View {
            hints: true,
            ..View::default()
        }
    );
}

//! The cube on the page's canvas: playback of the shown solution and the
//! renderer, driven by the page's animation loop and controls. `show` loads
//! a solution the worker found (after checking it solves the input) and
//! returns everything the page displays for it.

use super::Searched;
use super::{
    from_js, input_error, js_error, read_input_object, read_mode, read_palette, read_view, to_js,
    InputObject,
};
use crate::cube::cubie::Face;
use crate::cube::cubie::{CubieCube, Move};
use crate::cube::facelet;
use crate::cube::notation;
use crate::input::Solved;
use crate::render::{webgl2, Renderer, Scene, View};
use crate::share;
use crate::show::counters::{self, Counter, DrCase};
use crate::show::narration;
use crate::show::palette::{self, Palette};
use crate::show::playback::{self, Playback, Timeline, WHOLE_SOLUTION};
use crate::show::stage_view::{self, ViewMode};
use crate::solve::niss::{self, NissSolution, Side, Sides, Step};
use crate::solve::orientation::{self, Orientation};
use crate::solve::solver::{Solution, StageMoves};
use crate::solve::stage::StageKind;
use serde::Serialize;
use wasm_bindgen::prelude::*;
use web_sys::HtmlCanvasElement;

/// The whole solution's short name, as FMC write-ups give it.
const WHOLE_FMC: &str = "N · I⁻¹";
/// The whole solution, in one plain sentence.
const WHOLE_PLAIN: &str = "The moves to make on a cube in your hands, from the real scramble.";
/// What the whole solution after NISS stages is.
const WHOLE_NOTE: &str = "The whole solution on the real scramble: the normal moves, then the \
                          inverse moves undone in reverse order. These are the moves to make on \
                          a cube in your hands.";

/// One stage as the page shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StageView {
    name: &'static str,
    /// Its name in fewest-moves practice: EO, DR, HTR, finish.
    fmc: &'static str,
    /// What the stage does, in one plain sentence, before anything technical.
    plain: &'static str,
    /// What the stage fixes, in the solution's orientation.
    description: String,
    /// The groups it goes between, e.g. "G1 → G2", their number of cosets,
    /// and why the next group's moves keep this stage's work.
    groups: &'static str,
    cosets: u64,
    why: String,
    /// The stage's moves, e.g. "U U2 U' D D2 D' L2 R2 F2 B2".
    allowed: String,
    max_length: usize,
    /// Index of the stage's first move in the whole solution.
    start: usize,
    moves: Vec<String>,
    /// The scramble it was found on: `normal`, or `inverse` (NISS).
    side: Side,
    /// Its moves in FMC notation: inverse moves in parentheses.
    text: String,
    /// The facelet string once the stage is done, as its side sees it.
    facelets: String,
    /// For the whole solution: the stage (0–3) each of its moves comes
    /// from (`NissSolution::moves_by_stage`), for following it in hand.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    stage_of: Vec<usize>,
}

/// A solved input as the page shows it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SolutionView {
    /// The axis orientation the stages work in, e.g. "edges F/B, corners U/D".
    axes: String,
    /// The scramble in normalised notation (the inverse solution for a
    /// state given as facelets).
    scramble: String,
    /// The scrambled state's facelet string.
    facelets: String,
    /// Whether the scramble has a bare group, `(R U)`, which FMC notation
    /// would read as inverse moves.
    bare_group: bool,
    /// Moves on the timeline: each stage's, one after another.
    total: usize,
    stages: Vec<StageView>,
}

impl SolutionView {
    /// The page's view of `solved`, its stages on `sides`; with `whole`,
    /// the whole solution on the real scramble follows as a fifth entry.
    fn new(solved: &Solved, sides: &[Side; StageKind::COUNT], whole: bool) -> SolutionView {
        let mut start = 0;
        let mut done = Sides::default();
        let mut stages: Vec<StageView> = solved
            .solution
            .stages
            .iter()
            .zip(sides)
            .map(|(stage, &side)| {
                done.push(&Step {
                    moves: stage.moves.clone(),
                    side,
                });
                let info = stage.kind.info();
                let axes = solved.solution.axes;
                let view = StageView {
                    name: info.name,
                    fmc: info.fmc,
                    plain: narration::plain(stage.kind),
                    description: orientation::description(stage.kind, axes)
                        .expect("a solution's axes are an orientation's"),
                    groups: info.groups,
                    cosets: stage_view::depth_histogram(stage.kind).iter().sum(),
                    why: orientation::why(stage.kind, axes)
                        .expect("a solution's axes are an orientation's"),
                    allowed: notation::format_moves(&orientation::allowed_moves(stage.kind, axes)),
                    max_length: stage.kind.max_length(),
                    start,
                    moves: stage.moves.iter().map(ToString::to_string).collect(),
                    side,
                    text: niss::fmc_text(&stage.moves, side),
                    facelets: facelet::to_string(&done.cube(&solved.cube, side)),
                    stage_of: Vec::new(),
                };
                start += stage.moves.len();
                view
            })
            .collect();
        if whole {
            let (moves, stage_of): (Vec<Move>, Vec<usize>) = NissSolution {
                stages: solved.solution.stages.clone(),
                sides: *sides,
                axes: solved.solution.axes,
            }
            .moves_by_stage()
            .into_iter()
            .map(|(m, kind)| (m, kind.index()))
            .unzip();
            stages.push(StageView {
                name: WHOLE_SOLUTION,
                fmc: WHOLE_FMC,
                plain: WHOLE_PLAIN,
                description: WHOLE_NOTE.to_string(),
                groups: "scramble → solved",
                cosets: 1,
                why: "A stage found on the inverse scramble solves the inverse cube; its moves, \
                      undone in reverse order after the normal ones, solve the real cube."
                    .to_string(),
                allowed: "every face turn".to_string(),
                max_length: moves.len(),
                start,
                moves: moves.iter().map(ToString::to_string).collect(),
                side: Side::Normal,
                text: notation::format_moves(&moves),
                facelets: facelet::to_string(&CubieCube::solved()),
                stage_of,
            });
        }
        SolutionView {
            axes: solved.solution.axes.to_string(),
            scramble: solved.scramble(),
            facelets: facelet::to_string(&solved.cube),
            total: stages.iter().map(|stage| stage.moves.len()).sum(),
            bare_group: solved.has_bare_group(),
            stages,
        }
    }
}

/// What the page shows for a loaded solution.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Shown {
    solution: SolutionView,
    mode: &'static str,
    /// The input normalised, for the share link.
    input: InputObject,
    fast_total: usize,
    fewest_total: usize,
    alg_cubing: String,
    twizzle: String,
}

/// Reads the worker's stages (in FMC notation: an inverse-side stage in
/// parentheses) back into a solution in orientation number `orientation`
/// (an index into `Orientation::all`), and each stage's side.
fn read_stages(
    stages: &[String],
    orientation: usize,
) -> Result<(Solution, [Side; StageKind::COUNT]), JsValue> {
    let orientation = Orientation::all()
        .get(orientation)
        .ok_or_else(|| js_error("the solution names no orientation", None))?;
    let mut moves = StageMoves::default();
    let mut sides = [Side::Normal; StageKind::COUNT];
    if stages.len() != StageKind::COUNT {
        return Err(js_error("a solution has one move list per stage", None));
    }
    for ((slot, side), text) in moves.iter_mut().zip(&mut sides).zip(stages) {
        let step = niss::read_stage(text)
            .map_err(|e| js_error(&format!("the solution does not read: {e}"), None))?;
        *slot = step.moves;
        *side = step.side;
    }
    Ok((Solution::with_axes(moves, orientation.axes()), sides))
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
    /// Whether a layer is drawn part-way through a turn.
    turning: bool,
    solved: bool,
    /// The status line, e.g. "Move 7 of 31 · Orient corners + slice".
    text: String,
}

/// The Progress region's content: the current stage's group counters,
/// where the cube stands in the stage's depth histogram, and what the last
/// move did.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProgressView {
    stage: &'static str,
    /// Its name in fewest-moves practice: EO, DR, HTR, finish.
    fmc: &'static str,
    /// The axes its counters are counted on (`counters::counted_on`), as
    /// an FMC competitor names them: EO on F/B.
    on: Option<String>,
    /// In stage 2, the DR case in fewest-moves words on the solution's
    /// corner axis, `{ name: "4c2e", corners: "U/D" }`.
    case: Option<DrCase>,
    /// One `Label: value` line per counter.
    counters: Vec<String>,
    /// Cosets at each distance from the stage's goal, and this cube's.
    histogram: &'static [u64],
    distance: Option<u8>,
    /// What the last move applied changed, in this stage's counters; none
    /// at the stage's start, where the move before was another stage's.
    line: Option<String>,
    /// At the stage's start, the stage before it, now done.
    done: Option<&'static str>,
}

/// The cube shown as the flat net draws it, stickers in facelet order.
#[derive(Serialize)]
struct NetView {
    /// Each sticker's CSS colour, with the lens on.
    fills: Vec<String>,
    /// The colour a letter on each sticker is drawn in.
    inks: Vec<String>,
    /// Each sticker's face letter, while the Letters switch is on.
    letters: Option<String>,
}

impl NetView {
    fn new(colours: &[palette::Rgb; facelet::N_FACELETS], letters: Option<String>) -> Self {
        NetView {
            fills: colours.iter().map(|&rgb| palette::css(rgb)).collect(),
            inks: colours
                .iter()
                .map(|&rgb| palette::css(palette::ink(rgb)))
                .collect(),
            letters,
        }
    }
}

/// A stage's cube before and after it, for the handout.
#[derive(Serialize)]
struct StageNets {
    before: NetView,
    after: NetView,
}

/// One colour of a stage view and what it means.
#[derive(Serialize)]
struct LegendEntry {
    /// A CSS hex colour.
    colour: String,
    meaning: String,
}

/// The cube on one canvas: playback plus renderer, once started.
#[wasm_bindgen]
pub struct App {
    canvas: HtmlCanvasElement,
    renderer: Option<Renderer>,
    playback: Playback,
    view: View,
    view_mode: ViewMode,
    /// The orientation the shown solution's stages work in.
    orientation: &'static Orientation,
    palette: Palette,
    /// Whether each sticker shows its face letter.
    letters: bool,
    /// Whether the page is in its dark scheme.
    dark: bool,
    /// Each stage's states with their counters, for the shown solution.
    progress: [Vec<counters::Step>; StageKind::COUNT],
    /// The shown solution, each stage on its side.
    solution: NissSolution,
    /// A cube being painted, shown in place of the solution's (each
    /// sticker's face, or none where not yet painted).
    preview: Option<[Option<Face>; facelet::N_FACELETS]>,
    /// Follow along: full colours and an arrow for the next turn.
    follow: bool,
    /// A stage whose view the cube keeps, wherever playback stands
    /// (`holdView`).
    held_view: Option<usize>,
}

#[wasm_bindgen]
impl App {
    /// A solved cube for `canvas`, not yet drawn: solutions can be shown
    /// and played before `startRenderer` brings up WebGL2, the slowest part
    /// of the page's start.
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: HtmlCanvasElement) -> Result<App, JsValue> {
        let empty = StageMoves::default();
        let solved = CubieCube::solved();
        let progress = counters::progress(&solved, &Solution::from_stages(empty.clone()))
            .map_err(|e| js_error(&e.to_string(), None))?;
        Ok(App {
            canvas,
            renderer: None,
            playback: Playback::new(Timeline::new(solved, &empty)),
            view: View::default(),
            view_mode: ViewMode::default(),
            orientation: Orientation::classic(),
            palette: Palette::default(),
            letters: false,
            dark: false,
            progress,
            solution: NissSolution::normal(Solution::from_stages(empty)),
            preview: None,
            follow: false,
            held_view: None,
        })
    }

    /// Loads a solution from `solveStages` for the same input (`{ source,
    /// text }`), after checking that it solves it, and shows the scrambled
    /// state. Returns `{ solution, mode, input, fastTotal, fewestTotal,
    /// algCubing, twizzle }`; on error the current cube stays. A `searched`
    /// with no facelets and four empty stages shows the scrambled cube
    /// alone, for a practice attempt: nothing to play, and so no stage lens
    /// (the page shows no counters then, and they are not recounted). One
    /// function, not two, for the first visit's weight.
    pub fn show(&mut self, input: JsValue, searched: JsValue) -> Result<JsValue, JsValue> {
        let input = read_input_object(input)?;
        let searched: Searched = from_js(searched, "a solution")?;
        let mode = read_mode(&searched.mode)?;
        let (solution, sides) = read_stages(&searched.stages, searched.orientation)?;
        let solved = Solved::with(input, |_| Ok(solution)).map_err(|e| input_error(&e))?;
        let niss = NissSolution {
            stages: solved.solution.stages.clone(),
            sides,
            axes: solved.solution.axes,
        };
        let scramble_only = searched.facelets.is_empty() && niss.moves().is_empty();
        let same_cube = facelet::to_string(&solved.cube) == searched.facelets;
        if !scramble_only && (!same_cube || !solved.cube.apply(&niss.moves()).is_solved()) {
            return Err(js_error("the solution does not solve the cube", None));
        }
        if !scramble_only {
            self.progress = counters::progress_on_sides(&solved.cube, &solved.solution, &sides)
                .map_err(|e| js_error(&e.to_string(), None))?;
        }
        self.orientation = Orientation::with_axes(solved.solution.axes)
            .ok_or_else(|| js_error("the solution's axes are no orientation", None))?;
        let stages = solved.solution.stages.clone().map(|s| s.moves);
        let niss_used = stages
            .iter()
            .zip(&sides)
            .any(|(moves, &side)| side == Side::Inverse && !moves.is_empty());
        self.playback.load(if niss_used {
            Timeline::with_whole(solved.cube, &stages, &sides, &niss.moves())
        } else {
            Timeline::on_sides(solved.cube, &stages, &sides)
        });
        self.solution = niss;
        to_js(&Shown {
            solution: SolutionView::new(&solved, &sides, niss_used),
            mode: mode.as_str(),
            input: (&solved.normalised()).into(),
            fast_total: searched.fast_total,
            fewest_total: searched.fewest_total,
            alg_cubing: share::alg_cubing_link(&solved, &sides),
            twizzle: share::twizzle_link(&solved, &sides),
        })
    }

    /// Plays from here, or pauses.
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

    /// Goes to the start of stage `stage` (0-based) and stays there,
    /// paused; Play then plays that stage.
    #[wasm_bindgen(js_name = goToStage)]
    pub fn go_to_stage(&mut self, stage: usize) {
        self.playback.go_to_stage(stage);
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

    /// Moves jump instead of turning.
    #[wasm_bindgen(js_name = setReducedMotion)]
    pub fn set_reduced_motion(&mut self, on: bool) {
        self.playback.set_reduced_motion(on);
    }

    /// What the live region says now that the playhead has come from
    /// `from` moves applied: while playback is too fast to follow move by
    /// move, only finished stages (often nothing).
    pub fn narration(&self, from: usize) -> String {
        let p = &self.playback;
        let to = p.position();
        let timeline = p.timeline();
        let fast = p.is_playing()
            && to.checked_sub(1).is_some_and(|last| {
                playback::duration(timeline.moves()[last]) / p.speed()
                    < narration::NARRATED_MOVE_SECONDS
            });
        narration::announce(timeline, from, to, fast)
    }

    /// The cube shown, face by face in colour names: `[{ face, centre,
    /// rows }]`.
    pub fn describe(&self) -> Result<JsValue, JsValue> {
        to_js(&narration::describe(self.playback.settled_state()))
    }

    /// Advances animation by `seconds`; true while there is more to animate.
    pub fn tick(&mut self, seconds: f64) -> bool {
        self.playback.tick(seconds)
    }

    /// Draws the current frame at the canvas's drawing-buffer size: the
    /// cube being painted while there is one, else the solution's.
    pub fn render(&mut self) {
        let (width, height) = (self.canvas.width(), self.canvas.height());
        let (turning, colours, faces, arrow) = match &self.preview {
            Some(faces) => (None, self.painted_colours(faces), *faces, None),
            None => {
                let frame = self.playback.frame();
                let colours = stage_view::sticker_colours(
                    &frame.cube,
                    self.lens(),
                    self.orientation,
                    self.palette,
                );
                // The next turn, once the last one has settled.
                let next = self
                    .playback
                    .timeline()
                    .moves()
                    .get(self.playback.position());
                let arrow = next.filter(|_| self.follow && frame.turning.is_none());
                let faces = facelet::faces(&frame.cube).map(Some);
                (frame.turning, colours, faces, arrow.copied())
            }
        };
        if let Some(renderer) = self.renderer.as_mut() {
            let scene = Scene {
                turning,
                colours: &colours,
                faces: &faces,
                arrow,
            };
            renderer.draw(&scene, &self.view, width, height);
        }
    }

    /// Shows a cube being painted in place of the solution's, which stays
    /// loaded, until called with `undefined`: `faces` gives each sticker's
    /// face (0–5 for U R F D L B; any other number for one not yet painted).
    pub fn preview(&mut self, faces: Option<Vec<u8>>) {
        self.preview = faces.map(|faces| {
            std::array::from_fn(|i| {
                faces
                    .get(i)
                    .and_then(|&f| Face::ALL.get(usize::from(f)).copied())
            })
        });
    }

    /// Follow along on (`true`) or off: the cube in full colours, whatever
    /// the view, with an arrow for the next turn.
    #[wasm_bindgen(js_name = setFollow)]
    pub fn set_follow(&mut self, on: bool) {
        self.follow = on;
    }

    /// The cube once the running turn settles, as the flat net draws it:
    /// `{ fills, inks, letters }`, in the lens and palette of the 3D cube
    /// (the cube being painted, while there is one).
    pub fn net(&self) -> Result<JsValue, JsValue> {
        if let Some(faces) = &self.preview {
            let letters = faces.iter().map(|face| face.map_or(' ', Face::letter));
            return to_js(&NetView::new(
                &self.painted_colours(faces),
                self.letters.then(|| letters.collect()),
            ));
        }
        let cube = self.playback.settled_state();
        to_js(&self.net_view(cube, self.lens(), self.letters))
    }

    /// For the handout: each stage's cube before and after it, as the flat
    /// net draws it in that stage's lens, letters on: `[{ before, after }]`.
    #[wasm_bindgen(js_name = stageNets)]
    pub fn stage_nets(&self) -> Result<JsValue, JsValue> {
        let timeline = self.playback.timeline();
        let stages: Vec<StageNets> = StageKind::ALL
            .into_iter()
            .map(|kind| {
                let s = kind.index();
                StageNets {
                    before: self.net_view(
                        timeline.state(timeline.stage_start(s)),
                        Some(kind),
                        true,
                    ),
                    after: self.net_view(&timeline.end_of(s), Some(kind), true),
                }
            })
            .collect();
        to_js(&stages)
    }

    /// What the colours of the cube shown mean: `[{ colour, meaning }]` for
    /// the stage view on show (empty in full colours), in the palette; with
    /// `stage` (0 to 3), that stage's view's (the handout's key).
    pub fn legend(&self, stage: Option<usize>) -> Result<JsValue, JsValue> {
        let lens = match stage {
            Some(s) => StageKind::ALL.get(s).copied(),
            None => self.lens(),
        };
        let entries: Vec<LegendEntry> = stage_view::legend(lens, self.orientation)
            .into_iter()
            .map(|(look, meaning)| LegendEntry {
                colour: palette::css(stage_view::colour(look, self.palette)),
                meaning,
            })
            .collect();
        to_js(&entries)
    }

    /// Keeps the cube in stage `stage`'s view (in the stage view) wherever
    /// playback stands, or, with none, in the view of where it stands. A
    /// video of one stage ends on its goal in its own colours: at a
    /// stage's end the position is the next stage's start, which shows the
    /// next stage's work.
    #[wasm_bindgen(js_name = holdView)]
    pub fn hold_view(&mut self, stage: Option<usize>) {
        self.held_view = stage;
    }

    /// Colours the cube by the stage playing (`stage`) or in full colours
    /// (`colours`).
    #[wasm_bindgen(js_name = setView)]
    pub fn set_view(&mut self, view: &str) -> Result<(), JsValue> {
        self.view_mode = read_view(view)?;
        Ok(())
    }

    /// Draws the cube in palette `name` (`wca` or `colour-blind`).
    #[wasm_bindgen(js_name = setPalette)]
    pub fn set_palette(&mut self, name: &str) -> Result<(), JsValue> {
        self.palette = read_palette(name)?;
        Ok(())
    }

    /// Draws on the dark scheme's background (`true`) or the light one.
    #[wasm_bindgen(js_name = setDark)]
    pub fn set_dark(&mut self, on: bool) {
        self.dark = on;
        if let Some(renderer) = self.renderer.as_mut() {
            renderer.set_background(palette::background(on));
        }
    }

    /// Shows or hides each sticker's face letter (U R F D L B).
    #[wasm_bindgen(js_name = setLetters)]
    pub fn set_letters(&mut self, on: bool) -> Result<(), JsValue> {
        if let Some(renderer) = self.renderer.as_mut() {
            renderer.set_letters(on).map_err(|e| js_error(&e, None))?;
        }
        self.letters = on;
        Ok(())
    }

    /// The Progress region's content at the current position: `{ stage,
    /// counters, histogram, distance, line }`.
    pub fn progress(&self) -> Result<JsValue, JsValue> {
        let p = &self.playback;
        let timeline = p.timeline();
        let stage = p.stage();
        let (Some(&kind), Some(steps)) = (StageKind::ALL.get(stage), self.progress.get(stage))
        else {
            // The whole solution on the real scramble has no group to count in.
            return to_js(&ProgressView {
                stage: WHOLE_SOLUTION,
                fmc: WHOLE_FMC,
                on: None,
                case: None,
                counters: vec![WHOLE_NOTE.to_string()],
                histogram: &[],
                distance: None,
                line: None,
                done: None,
            });
        };
        // One stage at a time: this stage's counters, and the last move's
        // effect only where that move was this stage's.
        let at = p.position().saturating_sub(timeline.stage_start(stage));
        let counters = &steps[at.min(steps.len() - 1)].counters;
        let seen = |text: &str| counters::slices_as_seen(text, self.orientation);
        let line = steps
            .get(at)
            .and_then(|step| step.made_by.as_ref().map(|(_, line)| seen(line)));
        let done = p.at_stage_start().then(|| timeline.segment_name(stage - 1));
        let distance = counters.iter().find_map(|c| match c {
            Counter::Distance { distance, .. } => Some(*distance),
            _ => None,
        });
        to_js(&ProgressView {
            stage: kind.name(),
            fmc: kind.fmc(),
            on: counters::counted_on(kind, self.orientation.axes()),
            case: counters::dr_case(counters, self.orientation.axes().corners),
            counters: counters.iter().map(|c| seen(&c.to_string())).collect(),
            histogram: stage_view::depth_histogram(kind),
            distance,
            line,
            done,
        })
    }

    /// Orbits the camera by a pointer movement in CSS pixels.
    pub fn orbit(&mut self, dx: f32, dy: f32) {
        self.view.orbit(dx, dy);
    }

    /// Zooms by `factor` (< 1 is closer), within limits.
    pub fn zoom(&mut self, factor: f32) {
        self.view.zoom(factor);
    }

    /// Returns the camera to where it started.
    #[wasm_bindgen(js_name = resetView)]
    pub fn reset_view(&mut self) {
        self.view.reset();
    }

    /// Shows or hides the hint stickers of the hidden D, B and L faces.
    #[wasm_bindgen(js_name = setHints)]
    pub fn set_hints(&mut self, on: bool) {
        self.view.hints = on;
    }

    /// Forgets the GL objects of a lost context.
    #[wasm_bindgen(js_name = contextLost)]
    pub fn context_lost(&mut self) {
        self.renderer = None;
    }

    /// Starts the renderer on the canvas's WebGL2 context: once after
    /// `new`, and again when a lost context is restored.
    #[wasm_bindgen(js_name = startRenderer)]
    pub fn start_renderer(&mut self) -> Result<(), JsValue> {
        let gl = webgl2(&self.canvas).map_err(|e| js_error(&e, None))?;
        self.renderer = Some(Renderer::new(gl).map_err(|e| js_error(&e, None))?);
        self.set_dark(self.dark);
        self.set_letters(self.letters)
    }

    /// Where playback stands: `{ position, total, current, stage, finished,
    /// playing, moving, turning, solved, text }`.
    pub fn status(&self) -> Result<JsValue, JsValue> {
        let p = &self.playback;
        let timeline = p.timeline();
        let stage = p.stage();
        let text = if p.is_solved() {
            "Solved".to_string()
        } else {
            let (at, of) = timeline.counted(stage, p.position());
            match (timeline.side(stage), timeline.whole_segment()) {
                (_, Some(whole)) if whole == stage => {
                    format!("{WHOLE_SOLUTION} · move {at} of {of}, on the real scramble")
                }
                (side, _) => {
                    let side = match side {
                        Side::Normal => "",
                        Side::Inverse => ", on the inverse scramble",
                    };
                    let name = timeline.segment_name(stage);
                    format!("Move {at} of {of} · {name}{side}")
                }
            }
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
            turning: p.frame().turning.is_some(),
            solved: p.is_solved(),
            text,
        })
    }

    /// The FMC write-up of the solution on show: a line per stage, inverse
    /// moves in parentheses, then the whole solution.
    #[wasm_bindgen(js_name = writeUp)]
    pub fn write_up(&self) -> String {
        niss::write_up(&self.solution)
    }

    /// The facelet string of the cube shown once the running turn settles
    /// (a test hook: the page's `thistle.state()`).
    pub fn facelets(&self) -> String {
        facelet::to_string(self.playback.settled_state())
    }

    /// Move `index` of the timeline for a person turning a real cube in
    /// hand (follow along): `{ notation, words }`, e.g. `R′` and "the right
    /// face, counter-clockwise as you look at it"; `undefined` past the end.
    #[wasm_bindgen(js_name = followMove)]
    pub fn follow_move(&self, index: usize) -> Result<JsValue, JsValue> {
        let Some(&m) = self.playback.timeline().moves().get(index) else {
            return Ok(JsValue::UNDEFINED);
        };
        to_js(&FollowMove {
            notation: narration::notation(m),
            words: narration::follow_words(m),
        })
    }
}

/// One move of follow along, in notation and in words.
#[derive(Serialize)]
struct FollowMove {
    notation: String,
    words: String,
}

impl App {
    /// `cube` as the flat net draws it, through `lens`, with its face
    /// letters where `letters`.
    fn net_view(&self, cube: &CubieCube, lens: Option<StageKind>, letters: bool) -> NetView {
        let colours = stage_view::sticker_colours(cube, lens, self.orientation, self.palette);
        NetView::new(&colours, letters.then(|| facelet::to_string(cube)))
    }

    /// A painted cube's colours in the palette: each sticker its face's,
    /// or the stage views' grey where not yet painted.
    fn painted_colours(
        &self,
        faces: &[Option<Face>; facelet::N_FACELETS],
    ) -> [palette::Rgb; facelet::N_FACELETS] {
        faces.map(|face| face.map_or(self.palette.neutral(), |f| self.palette.face(f)))
    }

    /// The stage whose lens colours the cube now, or `None` for full
    /// colours.
    fn lens(&self) -> Option<StageKind> {
        if self.follow {
            return None;
        }
        match self.view_mode {
            ViewMode::Stage => self
                .held_view
                .or_else(|| self.playback.view_stage())
                .and_then(|s| StageKind::ALL.get(s).copied()),
            ViewMode::Colours => None,
        }
    }
}

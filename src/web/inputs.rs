//! What the page's and the lab's modules share (the photo reader's has no
//! use for it): inputs and requests read from JS, errors in the form the
//! page shows them, and solves described for it.

use super::js_error;
use crate::cube::facelet;
use crate::input::{Input, InputError, Mode, Solved};
use crate::solve::niss::{self, NissSolution};
use crate::solve::orientation::Orientation;
use crate::solve::tables;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
// What only the page's module reads: its requests, views, palettes and modes.
#[cfg(feature = "page")]
use {
    crate::input::UnknownMode,
    crate::show::palette::{Palette, UnknownPalette},
    crate::show::stage_view::{UnknownView, ViewMode},
    crate::solve::stage::StageKind,
    wasm_bindgen::JsCast,
};

pub(super) fn input_error(error: &InputError) -> JsValue {
    js_error(&error.to_string(), error.column())
}

/// Reads a value the page built from one of ours; `what` names it in the
/// error.
pub(super) fn from_js<T: DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsValue> {
    serde_wasm_bindgen::from_value(value).map_err(|e| js_error(&format!("not {what}: {e}"), None))
}

#[cfg(feature = "page")]
/// Reads the solution on show as the page holds it: an array of four
/// strings of moves, one a stage.
pub(super) fn read_stages(value: JsValue) -> Result<[String; StageKind::COUNT], JsValue> {
    let error = || {
        js_error(
            "not four stages of moves: [string, string, string, string]",
            None,
        )
    };
    let stages: Vec<String> = value
        .dyn_into::<js_sys::Array>()
        .map_err(|_| error())?
        .iter()
        .map(|stage| stage.as_string().ok_or_else(error))
        .collect::<Result<_, _>>()?;
    stages.try_into().map_err(|_| error())
}

#[cfg(feature = "page")]
pub(super) fn read_view(view: &str) -> Result<ViewMode, JsValue> {
    view.parse()
        .map_err(|e: UnknownView| js_error(&e.to_string(), None))
}

#[cfg(feature = "page")]
pub(super) fn read_palette(name: &str) -> Result<Palette, JsValue> {
    name.parse()
        .map_err(|e: UnknownPalette| js_error(&e.to_string(), None))
}

#[cfg(feature = "page")]
pub(super) fn read_mode(mode: &str) -> Result<Mode, JsValue> {
    mode.parse()
        .map_err(|e: UnknownMode| js_error(&e.to_string(), None))
}

#[cfg(feature = "page")]
/// An input as the page holds it: `{ source: "scramble" | "state", text }`.
/// The one place these names are written.
#[derive(Serialize)]
pub(super) struct InputObject {
    source: String,
    text: String,
}

#[cfg(feature = "page")]
impl From<&Input> for InputObject {
    fn from(input: &Input) -> InputObject {
        let source = match input {
            Input::Scramble(_) => "scramble",
            Input::Facelets(_) => "state",
        };
        InputObject {
            source: source.to_string(),
            text: input.text().to_string(),
        }
    }
}

/// Reads an input object the page got from us.
pub(super) fn read_input_object(value: JsValue) -> Result<Input, JsValue> {
    let field = |name: &str| js_sys::Reflect::get(&value, &name.into()).ok()?.as_string();
    match (field("source").as_deref(), field("text")) {
        (Some("scramble"), Some(text)) => Ok(Input::Scramble(text)),
        (Some("state"), Some(text)) => Ok(Input::Facelets(text)),
        _ => Err(js_error(
            "not an input: { source: \"scramble\" | \"state\", text }",
            None,
        )),
    }
}

#[cfg(feature = "page")]
/// What the page is asked to show: an input, the mode and view where a
/// link names them (else the page's own choice), and a playback position.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Request {
    pub(super) input: InputObject,
    pub(super) mode: Option<&'static str>,
    pub(super) view: Option<&'static str>,
    pub(super) position: usize,
    /// A reconstruction link's own solution, and its length in face turns
    /// where it reads as notation.
    pub(super) solution: Option<String>,
    pub(super) solution_moves: Option<usize>,
    /// The solution on show when the link was made, stage by stage, where
    /// it is not the one the mode finds: played as it is.
    pub(super) stages: Option<[String; StageKind::COUNT]>,
    /// Whether the page shows only the player.
    pub(super) embed: bool,
    /// Whether the page lays out a printable handout.
    pub(super) handout: bool,
}

#[cfg(feature = "page")]
impl Request {
    pub(super) fn new(
        input: &Input,
        mode: Option<Mode>,
        view: Option<ViewMode>,
        position: usize,
    ) -> Request {
        Request {
            input: input.into(),
            mode: mode.map(Mode::as_str),
            view: view.map(ViewMode::as_str),
            position,
            solution: None,
            solution_moves: None,
            stages: None,
            embed: false,
            handout: false,
        }
    }
}

/// A solution found in one mode, with both modes' move counts: what the
/// worker hands back to the page for `App.show`.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Searched {
    /// `fast` or `fewest`.
    pub mode: String,
    /// The facelet string of the cube that was solved.
    pub facelets: String,
    /// The orientation the stages work in, as an index into
    /// `Orientation::all`.
    pub orientation: usize,
    /// Each stage's moves in FMC notation: a stage found on the inverse
    /// scramble in parentheses.
    pub stages: Vec<String>,
    pub fast_total: usize,
    pub fewest_total: usize,
}

impl Searched {
    /// `chosen`, found in `mode` for the cube `fast` solved.
    pub fn new(
        mode: Mode,
        fast: &Solved,
        chosen: &NissSolution,
        fewest_total: usize,
    ) -> Result<Searched, JsValue> {
        Ok(Searched {
            mode: mode.as_str().to_string(),
            facelets: facelet::to_string(&fast.cube),
            orientation: Orientation::all()
                .iter()
                .position(|o| o.axes() == chosen.axes)
                .ok_or_else(|| js_error("the solution's axes are no orientation", None))?,
            stages: chosen
                .stages
                .iter()
                .zip(chosen.sides)
                .map(|(stage, side)| niss::fmc_text(&stage.moves, side))
                .collect(),
            fast_total: fast.solution.len(),
            fewest_total,
        })
    }
}

/// Builds the first-move tables (`tables::prepare`), which make many
/// solves faster: the page's worker does it as it starts, so the page's own
/// start (a few solves) goes without.
#[wasm_bindgen]
pub fn prepare() {
    tables::prepare();
}

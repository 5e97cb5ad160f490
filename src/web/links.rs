//! Share links, for the page: reading the link the page was opened with (or
//! one pasted), and writing the query that restores what is shown. The
//! codec is `crate::share`.

use super::{js_error, read_input_object, read_mode, read_stages, read_view, to_js, Request};
use crate::cube::notation;
use crate::share::{self, Lab, ShareError, Shared};
use crate::solve::orientation::Orientation;
use crate::solve::stage::StageKind;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Reads a share link, a bare query, or an alg.cubing.net or Twizzle link:
/// `{ input, mode, view, position, solution, solutionMoves, stages, embed,
/// handout, lab }` (`lab` as `encodeLink` takes it),
/// where `mode` and `view` are null unless the link names them, `solution`
/// is a reconstruction's own alg (its setup being the input), and `stages`
/// the solution that was on show, to play as it is. Null for a query with
/// none of the parameters a link is read by (the page's plain address, as
/// another site passed it on).
#[wasm_bindgen(js_name = decodeLink)]
pub fn decode_link(link: &str) -> Result<JsValue, JsValue> {
    let shared = match share::decode(link) {
        Err(ShareError::Empty) => return Ok(JsValue::NULL),
        shared => shared.map_err(|e| js_error(&e.to_string(), None))?,
    };
    let mut request = Request::new(&shared.input, shared.mode, shared.view, shared.position);
    request.solution_moves = shared
        .solution
        .as_deref()
        .and_then(|text| notation::parse(text).ok())
        .map(|alg| alg.face_moves().len());
    request.solution = shared.solution;
    request.stages = shared.stages;
    request.embed = shared.embed;
    request.handout = shared.handout;
    request.lab = (&shared.lab).into();
    to_js(&request)
}

/// The query string (without `?`) that restores an input (`{ source,
/// text }`), a mode, a view and a playback position, and the solution on
/// show (`stages`, one string of moves a stage) where it is not the one the
/// mode finds (else null). `page` is `{ embed, handout, lab }`: whether the
/// page shows only the player or a printable handout, and the FMC lab's
/// state (`{ niss, axes, chosen, attempt }`: `axes` the Axes choice's index
/// or null for Best, `chosen` stage indices from 0, `attempt` the checked
/// attempt or null), which an embedded player's link leaves out.
#[wasm_bindgen(js_name = encodeLink)]
pub fn encode_link(
    input: JsValue,
    mode: &str,
    view: &str,
    position: usize,
    stages: JsValue,
    page: JsValue,
) -> Result<String, JsValue> {
    let input = read_input_object(input)?;
    let stages = if stages.is_null() || stages.is_undefined() {
        None
    } else {
        Some(read_stages(stages)?)
    };
    Ok(share::encode(&Shared {
        input,
        mode: Some(read_mode(mode)?),
        view: Some(read_view(view)?),
        solution: None,
        stages,
        embed: field(&page, "embed").is_truthy(),
        handout: field(&page, "handout").is_truthy(),
        position,
        lab: read_lab(&field(&page, "lab"))?,
    }))
}

/// Field `name` of a JS object (undefined where it has none). Read by hand
/// rather than through serde, which would weigh on the page's first visit.
fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &name.into()).unwrap_or(JsValue::UNDEFINED)
}

/// The lab's state the page sends for a link (`{ niss, axes, chosen,
/// attempt }`, or nothing for none), as the codec keeps it.
fn read_lab(lab: &JsValue) -> Result<Lab, JsValue> {
    if lab.is_undefined() || lab.is_null() {
        return Ok(Lab::default());
    }
    let axes = match field(lab, "axes").as_f64() {
        None => None,
        Some(index) => Some(
            Orientation::all()
                .get(index as usize)
                .filter(|_| index >= 0.0 && index.fract() == 0.0)
                .map(Orientation::axes)
                .ok_or_else(|| js_error(&format!("axes {index} are none of the six"), None))?,
        ),
    };
    let mut chosen: Vec<usize> = field(lab, "chosen")
        .dyn_into::<js_sys::Array>()
        .map(|stages| {
            stages
                .iter()
                .filter_map(|k| k.as_f64())
                .filter(|&k| k >= 0.0 && k < StageKind::COUNT as f64)
                .map(|k| k as usize)
                .collect()
        })
        .unwrap_or_default();
    chosen.sort_unstable();
    chosen.dedup();
    Ok(Lab {
        niss: field(lab, "niss").is_truthy(),
        axes,
        chosen,
        attempt: field(lab, "attempt")
            .as_string()
            .filter(|text| !text.trim().is_empty()),
    })
}

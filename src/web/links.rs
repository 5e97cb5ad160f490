//! Share links, for the page: reading the link the page was opened with (or
//! one pasted), and writing the query that restores what is shown. The
//! codec is `crate::share`.

use super::{js_error, read_input_object, read_mode, read_stages, read_view, to_js, Request};
use crate::cube::notation;
use crate::share::{self, ShareError, Shared};
use wasm_bindgen::prelude::*;

/// Reads a share link, a bare query, or an alg.cubing.net or Twizzle link:
/// `{ input, mode, view, position, solution, solutionMoves, stages, embed,
/// handout }`,
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
    to_js(&request)
}

/// The query string (without `?`) that restores an input (`{ source,
/// text }`), a mode, a view and a playback position, and the solution on
/// show (`stages`, one string of moves a stage) where it is not the one the
/// mode finds (else null), and whether the page shows only the player
/// (`embed`) or a printable handout (`handout`).
#[wasm_bindgen(js_name = encodeLink)]
pub fn encode_link(
    input: JsValue,
    mode: &str,
    view: &str,
    position: usize,
    stages: JsValue,
    embed: bool,
    handout: bool,
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
        embed,
        handout,
        position,
    }))
}

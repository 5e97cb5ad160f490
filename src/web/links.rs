//! Share links, for the page: reading the link the page was opened with (or
//! one pasted), and writing the query that restores what is shown. The
//! codec is `crate::share`.

use super::{js_error, read_input_object, read_mode, read_view, to_js, Request};
use crate::notation;
use crate::share::{self, Shared};
use wasm_bindgen::prelude::*;

/// Reads a share link, a bare query, or an alg.cubing.net or Twizzle link:
/// `{ input, mode, view, position, solution, solutionMoves }`, where `mode`
/// and `view` are null unless the link names them, and `solution` is a
/// reconstruction's own alg (its setup being the input).
#[wasm_bindgen(js_name = decodeLink)]
pub fn decode_link(link: &str) -> Result<JsValue, JsValue> {
    let shared = share::decode(link).map_err(|e| js_error(&e.to_string(), None))?;
    let mut request = Request::new(&shared.input, shared.mode, shared.view, shared.position);
    request.solution_moves = shared
        .solution
        .as_deref()
        .and_then(|text| notation::parse(text).ok())
        .map(|alg| alg.face_moves().len());
    request.solution = shared.solution;
    to_js(&request)
}

/// The query string (without `?`) that restores an input (`{ source,
/// text }`), a mode, a view and a playback position.
#[wasm_bindgen(js_name = encodeLink)]
pub fn encode_link(
    input: JsValue,
    mode: &str,
    view: &str,
    position: usize,
) -> Result<String, JsValue> {
    let input = read_input_object(input)?;
    Ok(share::encode(&Shared {
        input,
        mode: Some(read_mode(mode)?),
        view: Some(read_view(view)?),
        solution: None,
        position,
    }))
}

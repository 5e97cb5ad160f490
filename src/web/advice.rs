//! The colour editor's problems, in the lab's module: what is wrong with a
//! painted or scanned cube, said so that a person with the cube in hand can
//! act on it (`read::advice`). It weighs the changes that would make a real
//! cube, which the page's own module need not carry: the editor asks the
//! lab's worker, loaded on first use, and checks only the rules itself.

use super::{js_error, to_js};
use crate::cube::facelet::N_FACELETS;
use crate::read::advice::{problems, PhotoOf};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// One mistake in a painted cube.
#[derive(Serialize)]
struct Problem {
    /// Whole sentences, in plain words.
    message: String,
    /// Sticker positions (0..54) to ring: only those the mistake pins down.
    stickers: Vec<usize>,
}

/// A list of 54 photo numbers (0..6) as a `PhotoOf`.
fn photo_of(list: &[u8]) -> Result<PhotoOf, JsValue> {
    let fits = list.len() == N_FACELETS && list.iter().all(|&p| p < 6);
    if !fits {
        return Err(js_error(
            &format!(
                "photos: need {N_FACELETS} photo numbers from 0 to 5, one per sticker; got {}",
                list.len()
            ),
            None,
        ));
    }
    Ok(std::array::from_fn(|s| usize::from(list[s])))
}

/// The problems with a facelet string (face or colour letters) as a cube:
/// `[{ message, stickers }]`, one per mistake, each message whole sentences;
/// empty for a real cube. `photos`, after a scan: the photo (0-based) each
/// of the 54 stickers was read from, for the messages to name.
#[wasm_bindgen(js_name = faceletProblems)]
pub fn facelet_problems(text: &str, photos: Option<Vec<u8>>) -> Result<JsValue, JsValue> {
    let photo_of = photos.map(|list| photo_of(&list)).transpose()?;
    let found: Vec<Problem> = problems(text, photo_of.as_ref())
        .into_iter()
        .map(|p| Problem {
            message: p.message,
            stickers: p.stickers,
        })
        .collect();
    to_js(&found)
}

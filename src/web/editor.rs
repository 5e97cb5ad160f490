//! The colour editor, for the page: checking a painted cube with the
//! solver's own facelet rules, said as the problems a person with the cube
//! in hand can act on (`read::advice`), and the palette the net paints with
//! (the 3D cube's own colours).

use super::{js_error, read_palette, to_js};
use crate::cube::colour;
use crate::cube::cubie::Face;
use crate::cube::facelet::{self, N_FACELETS};
use crate::read::advice::{problems, PhotoOf};
use crate::show::palette;
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

#[derive(Serialize)]
struct Check {
    valid: bool,
    /// The state in face letters (URFDLB) when valid, else empty.
    facelets: String,
    problems: Vec<Problem>,
}

/// Checks a facelet string (face or colour letters) with the solver's own
/// rules: `{ valid, facelets, problems: [{ message, stickers }] }`, one
/// problem per mistake, each message whole sentences. `photos`, after a
/// scan: the photo (0-based) each of the 54 stickers was read from, for
/// the messages to name.
#[wasm_bindgen(js_name = checkFacelets)]
pub fn check_facelets(text: &str, photos: Option<Vec<u8>>) -> Result<JsValue, JsValue> {
    let photo_of = photos.map(|list| photo_of(&list)).transpose()?;
    let check = match facelet::parse(text) {
        Ok(cube) => Check {
            valid: true,
            facelets: facelet::to_string(&cube),
            problems: Vec::new(),
        },
        Err(_) => Check {
            valid: false,
            facelets: String::new(),
            problems: problems(text, photo_of.as_ref())
                .into_iter()
                .map(|p| Problem {
                    message: p.message,
                    stickers: p.stickers,
                })
                .collect(),
        },
    };
    to_js(&check)
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

#[derive(Serialize)]
struct FaceColour {
    /// The face letter (U R F D L B).
    face: char,
    /// The colour letter a facelet string may use.
    letter: char,
    name: &'static str,
    /// As CSS reads it: `#rrggbb`.
    css: String,
    /// The colour of a letter printed on it, as CSS reads it.
    ink: String,
}

#[derive(Serialize)]
struct Palette {
    /// In face order U R F D L B.
    faces: Vec<FaceColour>,
    background: String,
}

/// The colours the 3D cube is drawn in with palette `name` (`wca` or
/// `colour-blind`), on the light or `dark` background: `{ faces: [{ face,
/// letter, name, css, ink }], background }`.
#[wasm_bindgen]
pub fn palette(name: &str, dark: bool) -> Result<JsValue, JsValue> {
    let chosen = read_palette(name)?;
    let faces = Face::ALL
        .into_iter()
        .map(|face| {
            let colour = colour::colour(face);
            FaceColour {
                face: face.letter(),
                letter: colour.letter,
                name: colour.name,
                css: palette::css(chosen.face(face)),
                ink: palette::css(palette::ink(chosen.face(face))),
            }
        })
        .collect();
    to_js(&Palette {
        faces,
        background: palette::css(palette::background(dark)),
    })
}

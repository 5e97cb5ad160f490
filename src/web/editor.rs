//! The colour editor, for the page: checking a painted cube with the
//! solver's own facelet rules, and the palette the net paints with (the 3D
//! cube's own colours). The problems it lists, in words a person can act
//! on, come from the lab's module (`advice`), loaded on first use.

use super::{read_palette, to_js};
use crate::cube::colour;
use crate::cube::cubie::Face;
use crate::cube::facelet;
use crate::show::palette;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
struct Check {
    valid: bool,
    /// The state in face letters (URFDLB) when valid, else empty.
    facelets: String,
    /// When not valid, the first rule broken, in the rule's own words: all
    /// a pasted text that fits no net is told.
    error: String,
}

/// Checks a facelet string (face or colour letters) with the solver's own
/// rules: `{ valid, facelets, error }`.
#[wasm_bindgen(js_name = checkFacelets)]
pub fn check_facelets(text: &str) -> Result<JsValue, JsValue> {
    let check = match facelet::parse(text) {
        Ok(cube) => Check {
            valid: true,
            facelets: facelet::to_string(&cube),
            error: String::new(),
        },
        Err(invalid) => Check {
            valid: false,
            facelets: String::new(),
            error: invalid
                .0
                .first()
                .map(ToString::to_string)
                .unwrap_or_default(),
        },
    };
    to_js(&check)
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

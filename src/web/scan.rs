//! Reading a cube from six photos (`read::scan`), in a module of its own
//! (the `scan` feature) that the lab's worker loads on the first scan: the
//! worker takes the pixels off the page's main thread, and a first visit
//! fetches none of this, nor is it kept for offline use before it is used. The result fills the colour editor, for the person
//! to confirm; a failure is a JS `Error` whose `kind` and fields say which
//! photos to retake, or which cubes to choose between.

use super::{js_error, to_js};
use crate::read::scan::{self, Photo, PhotoView, Point, ScanError};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// One photo as read.
#[derive(Serialize)]
struct PhotoRead {
    /// The face letter (URFDLB) of the face it shows.
    face: char,
    /// Quarter turns clockwise from the photo to the face's standard view.
    turns: u8,
    /// The face's outer corners in the photo's pixels: top left, top right,
    /// bottom right, bottom left, as the photo shows them.
    corners: [Point; 4],
}

/// Where one sticker was read.
#[derive(Serialize)]
struct Source {
    photo: usize,
    index: usize,
    margin: f32,
}

#[derive(Serialize)]
struct Read {
    facelets: String,
    unsure: Vec<bool>,
    sources: Vec<Source>,
    photos: Vec<PhotoRead>,
}

/// A property of a JS object, if it is a whole number of pixels.
fn side(value: &JsValue, name: &str) -> Option<usize> {
    let number = js_sys::Reflect::get(value, &name.into()).ok()?.as_f64()?;
    (number.is_finite() && number >= 0.0 && number.fract() == 0.0 && number <= u32::MAX as f64)
        .then_some(number as usize)
}

/// The bytes of `data`, a `Uint8Array` or a `Uint8ClampedArray`.
fn bytes(value: &JsValue) -> Option<Vec<u8>> {
    let data = js_sys::Reflect::get(value, &"data".into()).ok()?;
    if let Some(array) = data.dyn_ref::<js_sys::Uint8Array>() {
        return Some(array.to_vec());
    }
    data.dyn_ref::<js_sys::Uint8ClampedArray>()
        .map(js_sys::Uint8ClampedArray::to_vec)
}

/// One photo object, `{ width, height, data }`, as owned pixels.
fn read_photo(value: &JsValue, index: usize) -> Result<(usize, usize, Vec<u8>), JsValue> {
    match (side(value, "width"), side(value, "height"), bytes(value)) {
        (Some(width), Some(height), Some(data)) => Ok((width, height, data)),
        _ => Err(error(
            &format!(
                "photo {}: not a photo: {{ width, height, data: Uint8Array }}",
                index + 1
            ),
            "photo",
            &[index],
        )),
    }
}

/// An `Error` with `message`, `kind`, `photo` (the first of `photos`, the
/// one most likely at fault) and `photos`.
fn error(message: &str, kind: &str, photos: &[usize]) -> JsValue {
    let error = js_error(message, None);
    let set = |name: &str, value: JsValue| {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&error, &name.into(), &value);
    };
    set("kind", kind.into());
    if let Some(&first) = photos.first() {
        set("photo", (first as f64).into());
    }
    set("photos", numbers(photos).into());
    error
}

/// Photo numbers (0-based) as a JS array.
fn numbers(photos: &[usize]) -> js_sys::Array {
    photos.iter().map(|&p| JsValue::from(p as f64)).collect()
}

fn scan_error(failure: &ScanError) -> JsValue {
    let message = failure.to_string();
    match failure {
        ScanError::PhotoCount(_) => error(&message, "count", &[]),
        ScanError::Photos(failures) => {
            let photos: Vec<usize> = failures.iter().map(|(photo, _)| *photo).collect();
            error(&message, "photo", &photos)
        }
        ScanError::SameFace(same) => error(&message, "same-face", &[same.photos.1, same.photos.0]),
        ScanError::NotACube {
            photo,
            facelets,
            photo_of,
            ..
        } => {
            let value = error(&message, "not-a-cube", &[*photo]);
            let _ = js_sys::Reflect::set(&value, &"facelets".into(), &facelets.into());
            let _ = js_sys::Reflect::set(&value, &"photoOf".into(), &numbers(&photo_of[..]).into());
            value
        }
        ScanError::Ambiguous { cubes, photos } => {
            let value = error(&message, "ambiguous", photos);
            let list: js_sys::Array = cubes.iter().map(|c| JsValue::from(c.as_str())).collect();
            let _ = js_sys::Reflect::set(&value, &"cubes".into(), &list.into());
            value
        }
    }
}

fn photo_read(view: &PhotoView) -> PhotoRead {
    PhotoRead {
        face: view.face.letter(),
        turns: view.turns,
        corners: view.reading.corners,
    }
}

/// Reads the cube six photos show (`[{ width, height, data }]`, RGBA rows,
/// any order, each any way up): `{ facelets, unsure: [54 bools], sources:
/// [{ photo, index, margin }], photos: [{ face, turns, corners }] }`.
/// Errors (`Error` with `kind`, `photo`, `photos`, `cubes` for `ambiguous`,
/// and for `not-a-cube` the nearest miss's `facelets` and `photoOf`, each
/// sticker's photo): `count`, `photo` (not readable), `same-face`,
/// `not-a-cube`, `ambiguous`. Never panics.
#[wasm_bindgen(js_name = readPhotos)]
pub fn read_photos(photos: js_sys::Array) -> Result<JsValue, JsValue> {
    let owned: Vec<(usize, usize, Vec<u8>)> = photos
        .iter()
        .enumerate()
        .map(|(index, value)| read_photo(&value, index))
        .collect::<Result<_, _>>()?;
    let views: Vec<Photo> = owned
        .iter()
        .map(|(width, height, rgba)| Photo {
            width: *width,
            height: *height,
            rgba,
        })
        .collect();
    let read = scan::read_photos(&views).map_err(|e| scan_error(&e))?;
    to_js(&Read {
        facelets: read.facelets,
        unsure: read.stickers.iter().map(|s| s.unsure).collect(),
        sources: read
            .stickers
            .iter()
            .map(|s| Source {
                photo: s.photo,
                index: s.index,
                margin: s.margin,
            })
            .collect(),
        photos: read.photos.iter().map(photo_read).collect(),
    })
}

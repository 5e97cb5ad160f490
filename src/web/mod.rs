//! The page's WebAssembly API (wasm-bindgen), one module per page feature:
//! `solving` reads what was entered and solves it (in the page's worker),
//! `links` reads and writes share links, `editor` checks painted cubes and
//! gives the palette, `app` is the cube on the canvas (playback and the
//! renderer); `lab` the FMC lab and proofs and `advice` the editor's
//! problems in plain words are built into a module of their own (the `lab`
//! feature) that a worker loads on first use, and `scan` the photos read
//! into a third (the `scan` feature), which that worker loads on the first
//! scan; `bench`,
//! the in-page timings, into the copy of the page `make page-bench` serves. The
//! page's small ES modules drive them. Errors reach JS as `Error`s carrying
//! a `column` where the input has one; nothing here panics on user input.

use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(feature = "lab")]
pub mod advice;
#[cfg(feature = "page")]
pub mod app;
#[cfg(feature = "bench")]
pub mod bench;
#[cfg(feature = "page")]
pub mod editor;
#[cfg(feature = "lab")]
pub mod lab;
#[cfg(feature = "page")]
pub mod links;
#[cfg(feature = "scan")]
pub mod scan;
#[cfg(feature = "page")]
pub mod solving;
// What the page's and the lab's modules share, which the photo reader's
// has no use for: reading inputs and requests, and solving.
#[cfg(any(feature = "page", feature = "lab"))]
mod inputs;
#[cfg(any(feature = "page", feature = "lab"))]
use inputs::*;

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// A JS `Error` with `message` and, when given, a 1-based `column`.
fn js_error(message: &str, column: Option<usize>) -> JsValue {
    let error = js_sys::Error::new(message);
    if let Some(column) = column {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(&error, &"column".into(), &(column as f64).into());
    }
    error.into()
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    serde_wasm_bindgen::to_value(value).map_err(|e| js_error(&e.to_string(), None))
}

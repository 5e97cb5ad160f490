//! Solving, for the page: reading what the Scramble box holds, solving an
//! input in either mode (called from the page's Web Worker, since a
//! fewest-moves search takes ~10 ms), playing a link's stages and random
//! scrambles.

use super::{
    input_error, js_error, links, read_input_object, read_mode, read_stages, to_js, InputObject,
    Request, Searched,
};
use crate::cube::facelet;
use crate::cube::notation;
use crate::input::{Input, Mode, Solved};
use crate::share;
use crate::show::counters;
use crate::solve::fewest::{self, DEFAULT_BUDGET};
use crate::solve::niss::{self, NissSolution, Side, Sides};
use crate::solve::orientation::Orientation;
use crate::solve::scramble;
use crate::solve::solver::{Solution, StageMoves};
use crate::solve::stage::StageKind;
use crate::solve::tables;
use rand::rngs::SmallRng;
use rand::SeedableRng;

use wasm_bindgen::prelude::*;

/// Reads the Scramble box: a link (Thistle's, alg.cubing.net's or
/// Twizzle's), a facelet string, or notation: `{ input, mode, position }`,
/// where `mode` is null unless a link names one.
#[wasm_bindgen(js_name = readInput)]
pub fn read_input(text: &str) -> Result<JsValue, JsValue> {
    if share::looks_like_link(text) {
        let link = links::decode_link(text)?;
        if link.is_null() {
            return Err(js_error(
                "this link holds no cube: a link to solve has a scramble or a state in it",
                None,
            ));
        }
        return Ok(link);
    }
    to_js(&Request::new(&Input::read(text), None, None, 0))
}

/// Solves an input (`{ source, text }`) in `mode` (`fast` or `fewest`):
/// `{ mode, facelets, stages, fastTotal, fewestTotal }`.
#[wasm_bindgen(js_name = solveStages)]
pub fn solve_stages(mode: &str, input: JsValue) -> Result<JsValue, JsValue> {
    let mode = read_mode(mode)?;
    let input = read_input_object(input)?;
    let fast = Solved::new(input, Mode::Fast).map_err(|e| input_error(&e))?;
    let fewest =
        fewest::solve_fewest_scrambled(&fast.cube, None, DEFAULT_BUDGET, fast.scramble_len())
            .map_err(|e| js_error(&e.to_string(), None))?;
    let chosen = match mode {
        Mode::Fast => &fast.solution,
        Mode::Fewest => &fewest,
    };
    let chosen = NissSolution::normal(chosen.clone());
    to_js(&Searched::new(mode, &fast, &chosen, fewest.len())?)
}

/// A reconstruction link's own solution of `input`, split into the stages
/// by its `// <stage name>` lines (as Thistle's exports to other tools
/// write it), shown in `mode`, in the form `App.show` plays (see
/// `playStages`).
#[wasm_bindgen(js_name = linkSolution)]
pub fn link_solution(input: JsValue, text: &str, mode: &str) -> Result<JsValue, JsValue> {
    let stages = share::stages_of_commented(text).ok_or_else(|| {
        js_error(
            "the link's solution is not split into Thistlethwaite's four stages (a `// <stage name>` line before each), so it cannot be played stage by stage",
            None,
        )
    })?;
    staged(read_input_object(input)?, stages, read_mode(mode)?)
}

/// A solution of `input` given stage by stage (`stages`, four strings of
/// moves, as a share link carries the solution that was on show), in the
/// form `App.show` plays: `{ mode, facelets, orientation, stages,
/// fastTotal, fewestTotal }`, the totals being its length. `App.show`
/// checks that it solves the input.
#[wasm_bindgen(js_name = playStages)]
pub fn play_stages(input: JsValue, stages: JsValue, mode: &str) -> Result<JsValue, JsValue> {
    staged(
        read_input_object(input)?,
        read_stages(stages)?,
        read_mode(mode)?,
    )
}

fn staged(
    input: Input,
    stages: [String; StageKind::COUNT],
    mode: Mode,
) -> Result<JsValue, JsValue> {
    let mut moves = StageMoves::default();
    let mut sides = [Side::Normal; StageKind::COUNT];
    let mut done = Sides::default();
    for ((slot, side), stage) in moves.iter_mut().zip(&mut sides).zip(&stages) {
        let step = niss::read_stage(stage).map_err(|e| js_error(&e.to_string(), None))?;
        done.push(&step);
        *slot = step.moves;
        *side = step.side;
    }
    let total = done.solution().len();
    let start = Solved::with(input, |_| Ok(Solution::from_stages(StageMoves::default())))
        .map_err(|e| input_error(&e))?;
    // Links do not name their axes: they are those in which every stage
    // ends in its group, which the counters check.
    let orientation = Orientation::all()
        .iter()
        .position(|o| {
            let solution = Solution::with_axes(moves.clone(), o.axes());
            counters::progress_on_sides(&start.cube, &solution, &sides).is_ok()
        })
        .ok_or_else(|| {
            js_error(
                "the link's solution does not keep to Thistlethwaite's stages in any orientation",
                None,
            )
        })?;
    to_js(&Searched {
        mode: mode.as_str().to_string(),
        facelets: facelet::to_string(&start.cube),
        orientation,
        stages: stages.to_vec(),
        fast_total: total,
        fewest_total: total,
    })
}

/// A scramble for a uniformly random state, as an input.
#[wasm_bindgen(js_name = randomInput)]
pub fn random_input() -> Result<JsValue, JsValue> {
    let (_, moves) = scramble::random_state_scramble(&mut SmallRng::from_entropy());
    to_js(&InputObject::from(&Input::Scramble(
        notation::format_moves(&moves),
    )))
}

/// Every stage's distance table, for the lab's module, which embeds none
/// (`giveTables`): the page hands it these once.
#[wasm_bindgen(js_name = tableBytes)]
pub fn table_bytes() -> Vec<u8> {
    tables::all_bytes()
}

//! The FMC lab's WebAssembly API, built into a module of its own (the
//! `lab` feature, without the renderer) that the page's lab worker loads on
//! first use, so a first visit does not fetch it: fewest-moves solves with
//! NISS or on chosen axes, alternatives for one stage, checks of a person's
//! own attempt, proofs of the shortest solution (with progress), and
//! fewest-moves practice (a WCA-shape scramble, a solution judged).
//! Solutions come back in the form `App.show` plays, each stage in FMC
//! notation (an inverse-side stage in parentheses).

use super::Searched;
use super::{from_js, input_error, js_error, read_input_object, to_js};
use crate::cube::notation::{self, format_moves};
use crate::input::{Mode, Solved};
use crate::lab::alternatives;
use crate::lab::check::{self, AttemptCheck};
use crate::lab::practice;
use crate::solve::fewest::{self, DEFAULT_BUDGET};
use crate::solve::niss::{self, NissSolution, Side};
use crate::solve::orientation::Orientation;
use crate::solve::scramble;
use crate::solve::shortest::{self, Part, Searches};
use crate::solve::solver::{Solution, StageMoves};
use crate::solve::stage::StageKind;
use crate::solve::tables;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
use wasm_bindgen::prelude::*;

/// Takes the distance tables from the page's module (`tableBytes`), before
/// any search: this module embeds none, so they are downloaded once.
#[wasm_bindgen(js_name = giveTables)]
pub fn give_tables(bytes: Vec<u8>) -> Result<(), JsValue> {
    tables::give(bytes).map_err(|e| js_error(&e.to_string(), None))
}

/// What a lab solve is asked for: NISS or not, and the axes (an index into
/// `Orientation::all`), or none for the best of all six.
#[derive(Deserialize)]
struct LabOptions {
    niss: bool,
    axes: Option<usize>,
}

fn orientation(index: usize) -> Result<&'static Orientation, JsValue> {
    Orientation::all().get(index).ok_or_else(|| {
        js_error(
            &format!("there is no orientation {index}; there are six"),
            None,
        )
    })
}

/// Reads and checks `input`, solved in fast mode (whose length the page
/// shows beside the fewest-moves one).
fn fast(input: JsValue) -> Result<Solved, JsValue> {
    let input = read_input_object(input)?;
    Solved::new(input, Mode::Fast).map_err(|e| input_error(&e))
}

/// `chosen` as `App.show` plays it, a fewest-moves solution of the cube
/// `fast` solved.
fn found(fast: &Solved, chosen: &NissSolution) -> Result<Searched, JsValue> {
    Searched::new(Mode::Fewest, fast, chosen, chosen.moves().len())
}

/// Solves `input` in fewest-moves mode with `options` (`{ niss, axes }`).
#[wasm_bindgen(js_name = solveLab)]
pub fn solve_lab(input: JsValue, options: JsValue) -> Result<JsValue, JsValue> {
    let options: LabOptions = from_js(options, "lab options: { niss, axes }")?;
    let fast = fast(input)?;
    let on = options.axes.map(orientation).transpose()?;
    let scramble_len = fast.scramble_len();
    let chosen = if options.niss {
        fewest::solve_fewest_niss_scrambled(&fast.cube, on, DEFAULT_BUDGET, scramble_len)
    } else {
        fewest::solve_fewest_scrambled(&fast.cube, on, DEFAULT_BUDGET, scramble_len)
            .map(NissSolution::normal)
    }
    .map_err(|e| js_error(&e.to_string(), None))?;
    to_js(&found(&fast, &chosen)?)
}

/// One alternative as the page lists it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Offered {
    /// The stage's moves in FMC notation.
    text: String,
    length: usize,
    total: usize,
    /// Whether this is the stage of the solution on show (the list's first).
    on_show: bool,
    /// The whole solution with this choice, as `App.show` plays it.
    found: Searched,
}

/// Reads the solution on show (a `Searched`) into its stages and sides.
fn read_shown(shown: &Searched) -> Result<NissSolution, JsValue> {
    let axes = orientation(shown.orientation)?.axes();
    let mut moves = StageMoves::default();
    let mut sides = [Side::Normal; StageKind::COUNT];
    if shown.stages.len() != StageKind::COUNT {
        return Err(js_error("a solution has one move list per stage", None));
    }
    for (k, text) in shown.stages.iter().enumerate() {
        let step = niss::read_stage(text).map_err(|e| js_error(&e.to_string(), None))?;
        moves[k] = step.moves;
        sides[k] = step.side;
    }
    Ok(NissSolution {
        stages: Solution::with_axes(moves, axes).stages,
        sides,
        axes,
    })
}

/// The stage on show for stage `stage` (0–3) of the solution on show
/// (`shown`, as `solveLab` gives it) of `input`, then up to `count`
/// alternatives keeping the earlier stages: `[{ text, length, total,
/// onShow, found }]`. A longer list begins with a shorter one.
#[wasm_bindgen(js_name = alternativesFor)]
pub fn alternatives_for(
    input: JsValue,
    shown: JsValue,
    stage: usize,
    count: usize,
    niss_on: bool,
) -> Result<JsValue, JsValue> {
    let fast = fast(input)?;
    let shown: Searched = from_js(shown, "a solution")?;
    let kind = *StageKind::ALL
        .get(stage)
        .ok_or_else(|| js_error(&format!("there is no stage {}", stage + 1), None))?;
    let shown = read_shown(&shown)?;
    let (before, first) = alternatives::on_show(&shown, kind);
    let ranked = alternatives::alternatives(&fast.cube, &before, kind, &first, count, niss_on)
        .map_err(|e| js_error(&e.to_string(), None))?;
    let offered = std::iter::once(first)
        .chain(ranked)
        .map(|alternative| {
            let mut moves: StageMoves = alternative.rest.clone().map(|s| s.moves);
            let mut sides = alternative.rest_sides;
            for (k, step) in before.iter().enumerate() {
                moves[k] = step.moves.clone();
                sides[k] = step.side;
            }
            moves[stage] = alternative.moves.clone();
            sides[stage] = alternative.side;
            let chosen = NissSolution {
                stages: Solution::with_axes(moves, alternative.axes).stages,
                sides,
                axes: alternative.axes,
            };
            Ok(Offered {
                text: niss::fmc_text(&alternative.moves, alternative.side),
                length: alternative.moves.len(),
                total: alternative.solution.len(),
                on_show: alternative.on_show,
                found: found(&fast, &chosen)?,
            })
        })
        .collect::<Result<Vec<_>, JsValue>>()?;
    to_js(&offered)
}

/// A scramble for a fewest-moves practice attempt: a random state in the
/// WCA shape, R' U' F … R' U' F (`scramble::fmc_scramble`).
#[wasm_bindgen(js_name = practiceScramble)]
pub fn practice_scramble() -> String {
    let (_, moves) = scramble::fmc_scramble(&mut SmallRng::from_entropy());
    format_moves(&moves)
}

/// A practice solution judged as WCA fewest-moves rules count it.
#[derive(Serialize)]
struct Judged {
    /// Outer block turns (a wide turn counts 1), a rotation 0: what
    /// `practice::read_solution` lets through.
    length: usize,
    /// Whether it solves the scramble.
    solves: bool,
}

/// Judges `solution` (as a competition writes it) for `scramble`: `{
/// length, solves }`, or an error that says what does not read, or has no
/// place in a competition solution, and where.
#[wasm_bindgen(js_name = judgePractice)]
pub fn judge_practice(scramble: &str, solution: &str) -> Result<JsValue, JsValue> {
    let cube = notation::parse(scramble)
        .map_err(|e| js_error(&format!("the scramble: {e}"), None))?
        .cube();
    let moves = practice::read_solution(solution)
        .map_err(|e| js_error(&e.to_string(), Some(e.column())))?
        .face_moves();
    to_js(&Judged {
        length: moves.len(),
        solves: cube.apply(&moves).is_solved(),
    })
}

/// An attempt, checked, and where it can be played on: the whole solution
/// with the completion, stage by stage, or why not.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Checked {
    check: AttemptCheck,
    found: Option<Searched>,
    /// Where `found` plays on from: after the attempt's moves.
    attempt_ends: Option<usize>,
    unplayable: Option<String>,
    /// The first move a competition would not take as written
    /// (`practice::first_move_not_written_so`), though counted.
    not_written_so: Option<String>,
}

/// Checks an attempt (`text`, FMC notation) on `input`: `{ check, found,
/// attemptEnds, unplayable }`. With `complete`, `check.completion` holds
/// the rest of the solution, and `found` the attempt with it as `App.show`
/// plays it, where each stage of the attempt lies on one side (else
/// `unplayable` says why), from `attemptEnds` moves in.
#[wasm_bindgen(js_name = checkAttempt)]
pub fn check_attempt(input: JsValue, text: &str, complete: bool) -> Result<JsValue, JsValue> {
    let fast = fast(input)?;
    let steps =
        niss::read_checked_attempt(text).map_err(|e| js_error(&e.to_string(), Some(e.column)))?;
    let check = check::check_attempt(&fast.cube, &steps, complete)
        .map_err(|e| js_error(&e.to_string(), None))?;
    let (found, attempt_ends, unplayable) = match check.staged(&fast.cube, &steps) {
        Some(Ok(staged)) => (
            Some(found(&fast, &staged.solution)?),
            Some(staged.attempt_ends),
            None,
        ),
        Some(Err(why)) => (None, None, Some(why.to_string())),
        None => (None, None, None),
    };
    to_js(&Checked {
        check,
        found,
        attempt_ends,
        unplayable,
        not_written_so: practice::first_move_not_written_so(text).map(|e| e.to_string()),
    })
}

/// A proof's outcome for the page: the solution to show (as fewest mode's,
/// for `App.show`), whether it is proven shortest, the bound reached and
/// the nodes searched.
#[derive(Serialize)]
struct Proved {
    found: Searched,
    proven: bool,
    /// What it proves, in one clause (`shortest::scope`).
    scope: String,
    bound: usize,
    nodes: u64,
    /// The share of the search for shorter done, from 0 to 1.
    searched: f64,
    /// Which search found the solution, `[search, task]`
    /// (`shortest::Holder`): of parts' solutions of one length, the page
    /// takes the least.
    holder: [usize; 2],
    /// How many tasks the proof has, in all its parts.
    tasks: usize,
}

/// What a proof's round hands its progress callback: `searched` is the
/// share of the search done, from 0 to 1.
#[derive(Serialize)]
struct ProofProgress {
    nodes: f64,
    best: usize,
    searched: f64,
}

/// Builds the `k`-th table a proof reads (`shortest::prepare_table`), in
/// a proof worker started ahead of a press of Prove shortest; false once
/// there is no `k`-th.
#[wasm_bindgen(js_name = prepareProofTable)]
pub fn prepare_proof_table(k: usize) -> bool {
    shortest::prepare_table(k)
}

/// A proof of the shortest four-stage solution over all six orientations
/// (see `shortest::prove_shortest`), as one of the page's workers holds
/// it: started once per proof, with the incumbent and the tasks worked
/// out then (`shortest::ProofRun`), and proven a round at a time. A new
/// proof starts a new one; the page frees it when the proof ends.
#[wasm_bindgen(js_name = ProofRun)]
pub struct PageProofRun {
    fast: Solved,
    run: shortest::ProofRun,
}

#[wasm_bindgen(js_class = ProofRun)]
impl PageProofRun {
    /// Starts a proof of an input (`{ source, text }`), with `niss` each
    /// stage on either scramble (`shortest::prove_shortest_niss`), or with
    /// `below` only that none is shorter than that.
    #[wasm_bindgen(constructor)]
    pub fn new(input: JsValue, below: Option<usize>, niss: bool) -> Result<PageProofRun, JsValue> {
        let input = read_input_object(input)?;
        let fast = Solved::new(input, Mode::Fast).map_err(|e| input_error(&e))?;
        let run = shortest::ProofRun::start(&fast.cube, below, niss)
            .map_err(|e| js_error(&e.to_string(), None))?;
        Ok(PageProofRun { fast, run })
    }

    /// The quick search, a proof's first round, on part `part` of `parts`
    /// of the tasks (`shortest::Searches::Quick`), which the page's other
    /// workers share; see `round`.
    pub fn quick(
        &self,
        part: usize,
        parts: usize,
        on_progress: &js_sys::Function,
    ) -> Result<JsValue, JsValue> {
        self.round(part, parts, Searches::Quick, None, on_progress)
    }

    /// The whole search of part `part` of `parts` of the tasks from `from`
    /// up to `to` (`shortest::Searches::Whole`), only below `below` where
    /// given (the best any worker has found); see `round`.
    pub fn whole(
        &self,
        part: usize,
        parts: usize,
        from: usize,
        to: usize,
        below: Option<usize>,
        on_progress: &js_sys::Function,
    ) -> Result<JsValue, JsValue> {
        self.round(
            part,
            parts,
            Searches::Whole { from, to },
            below,
            on_progress,
        )
    }
}

impl PageProofRun {
    /// One round of the proof (`shortest::ProofRun::prove`), calling
    /// `on_progress({ nodes, best, searched })` as it goes; the callback
    /// returning `false` stops it. Returns `{ found, proven, scope, bound,
    /// nodes, searched, holder, tasks }`, `found` in the form `App.show`
    /// plays (mode `fewest`), all of them the part's. It may run for
    /// minutes, so the page calls it in workers of their own.
    fn round(
        &self,
        index: usize,
        of: usize,
        searches: Searches,
        below: Option<usize>,
        on_progress: &js_sys::Function,
    ) -> Result<JsValue, JsValue> {
        if index >= of {
            return Err(js_error(
                &format!("part {index} of a proof does not exist: there are {of}"),
                None,
            ));
        }
        let part = Part {
            index,
            of,
            searches,
        };
        let mut failure = None;
        let listen = |progress: &shortest::Progress| {
            let report = ProofProgress {
                // A JS number holds any count a proof reaches exactly.
                nodes: progress.nodes as f64,
                best: progress.best,
                searched: progress.searched,
            };
            let answer = to_js(&report).and_then(|r| on_progress.call1(&JsValue::NULL, &r));
            match answer {
                Ok(answer) if answer == JsValue::FALSE => ControlFlow::Break(()),
                Ok(_) => ControlFlow::Continue(()),
                Err(error) => {
                    failure = Some(error);
                    ControlFlow::Break(())
                }
            }
        };
        let proof = self.run.prove(part, below, listen);
        if let Some(error) = failure {
            return Err(error);
        }
        let length = proof.solution.moves().len();
        to_js(&Proved {
            found: Searched::new(Mode::Fewest, &self.fast, &proof.solution, length)?,
            proven: proof.is_proven(),
            scope: shortest::scope(),
            bound: proof.bound,
            nodes: proof.nodes,
            searched: proof.searched,
            holder: [proof.holder.search, proof.holder.task],
            tasks: proof.tasks,
        })
    }
}

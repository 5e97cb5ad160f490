//! The solver: reduces a cube through the four stages, each optimally for its
//! goal, by descent over the stage's exact distance table.
//!
//! Descent works on distances mod 3: from a state at distance d every
//! neighbour is at d−1, d or d+1, so the first move whose neighbour reads
//! (d−1) mod 3 is on a shortest path. Move sets are closed under inverses, so
//! such a move always exists until the goal is reached.

use crate::bfs::Packed;
use crate::cubie::{CubieCube, Move};
use crate::facelet::{self, InvalidState};
use crate::notation::{self, Alg, NotationError};
use crate::phase::{Phase, StageKind};
use crate::scramble::{self, ScrambleRng};
use crate::tables;
use serde::Serialize;

/// One stage of a solution: its kind and its moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stage {
    #[serde(skip)]
    pub kind: StageKind,
    pub name: &'static str,
    #[serde(serialize_with = "serialize_moves")]
    pub moves: Vec<Move>,
}

fn serialize_moves<S: serde::Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(ToString::to_string))
}

impl Stage {
    fn new(kind: StageKind, moves: Vec<Move>) -> Stage {
        Stage {
            kind,
            name: kind.name(),
            moves,
        }
    }
}

/// A solution as four named stages, in order; a stage with nothing to do is
/// empty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    pub stages: [Stage; 4],
}

impl Solution {
    /// Names the four stages' moves, in stage order.
    pub fn from_stages([a, b, c, d]: [Vec<Move>; 4]) -> Solution {
        Solution {
            stages: [
                Stage::new(StageKind::OrientEdges, a),
                Stage::new(StageKind::OrientCornersSlice, b),
                Stage::new(StageKind::SeparatePieces, c),
                Stage::new(StageKind::HalfTurnFinish, d),
            ],
        }
    }

    /// All moves, stage after stage.
    pub fn moves(&self) -> Vec<Move> {
        self.stages
            .iter()
            .flat_map(|s| s.moves.iter().copied())
            .collect()
    }

    /// The moves that produce the solved state from solved: undoing the
    /// solution backwards. This is the scramble of a state known only by its
    /// stickers.
    pub fn inverse_moves(&self) -> Vec<Move> {
        self.moves().iter().rev().map(|m| m.inverse()).collect()
    }

    /// Total length in the half-turn metric.
    pub fn len(&self) -> usize {
        self.stages.iter().map(|s| s.moves.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Why text or stickers could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    #[error("{0}")]
    Notation(#[from] NotationError),
    #[error("{0}")]
    Invalid(#[from] InvalidState),
}

impl SolveError {
    /// The 1-based column the error points at, where there is one.
    pub fn column(&self) -> Option<usize> {
        match self {
            SolveError::Notation(e) => Some(e.column),
            SolveError::Invalid(_) => None,
        }
    }
}

/// A shortest path from `coord` to the stage's goal, one step at a time:
/// the index of each move in the stage's move list and the coordinate it
/// leads to. Its length is the coordinate's exact distance.
pub fn descent<'a, P: Phase>(
    phase: &'a P,
    table: Packed<'a>,
    coord: P::Coord,
) -> impl Iterator<Item = (usize, P::Coord)> + 'a {
    let goal = phase.goal();
    let mut coord = coord;
    // The current entry's value is carried from step to step rather than
    // looked up again: it is the value the step was chosen for.
    let mut current = table.get(phase.index(coord));
    let mut steps = 0;
    std::iter::from_fn(move || {
        if coord == goal || steps == P::KIND.max_length() {
            return None;
        }
        let want = (current + 2) % 3;
        let step = (0..phase.moves().len())
            .map(|k| (k, phase.step(coord, k)))
            .find(|&(_, next)| table.get(phase.index(next)) == want)?;
        coord = step.1;
        current = want;
        steps += 1;
        Some(step)
    })
}

/// Appends to `out` a shortest sequence of the stage's moves that takes
/// `cube` into the stage's goal, and returns the cube it ends in.
fn descend<P: Phase>(phase: &P, table: Packed, cube: &CubieCube, out: &mut Vec<Move>) -> CubieCube {
    let mut cube = *cube;
    for (k, _) in descent(phase, table, phase.coord(&cube)) {
        let m = phase.moves()[k];
        out.push(m);
        cube = cube.apply_move(m);
    }
    cube
}

/// The stage moves of each stage, optimal for its goal, without merging.
pub fn solve_stages(cube: &CubieCube) -> [Vec<Move>; 4] {
    let phases = tables::phases();
    let [t1, t2, t3, t4] = tables::distance_tables();
    let mut stages: [Vec<Move>; 4] = Default::default();
    let cube = descend(&phases.edges, t1, cube, &mut stages[0]);
    let cube = descend(&phases.corners, t2, &cube, &mut stages[1]);
    let cube = descend(&phases.separate, t3, &cube, &mut stages[2]);
    // Nothing follows the last stage, so its cube need not be tracked.
    let finish = &phases.finish;
    stages[3].extend(descent(finish, t4, finish.coord(&cube)).map(|(k, _)| finish.moves()[k]));
    stages
}

/// Merges, at each join, a move on the same face as the next stage's first
/// move into the earlier stage. The merged move is in the next stage's group,
/// so the earlier stage still ends in its group; it never cancels, because an
/// optimal stage cannot end with a move the next group could undo.
pub fn merge_joins(mut stages: [Vec<Move>; 4]) -> [Vec<Move>; 4] {
    let mut merged = true;
    while merged {
        merged = false;
        for later in 1..4 {
            let Some(earlier) = (0..later).rev().find(|&k| !stages[k].is_empty()) else {
                continue;
            };
            let (Some(&last), Some(&first)) = (stages[earlier].last(), stages[later].first())
            else {
                continue;
            };
            if last.face != first.face {
                continue;
            }
            stages[earlier].pop();
            stages[later].remove(0);
            let turns = (last.turns + first.turns) % 4;
            if turns != 0 {
                stages[earlier].push(Move::new(last.face, turns));
            }
            merged = true;
        }
    }
    stages
}

/// Solves a valid cube: four stages, each optimal for its goal, with merged
/// joins. Use `try_solve` for a cube that may be invalid.
pub fn solve(cube: &CubieCube) -> Solution {
    Solution::from_stages(merge_joins(solve_stages(cube)))
}

/// Solves a cube after checking that it is valid.
pub fn try_solve(cube: &CubieCube) -> Result<Solution, SolveError> {
    let errors = cube.verify();
    if !errors.is_empty() {
        let errors = errors
            .into_iter()
            .map(facelet::FaceletError::Cubie)
            .collect();
        return Err(InvalidState(errors).into());
    }
    Ok(solve(cube))
}

/// Solves the state a scramble in cube notation produces.
pub fn solve_text(text: &str) -> Result<(Alg, CubieCube, Solution), SolveError> {
    solve_text_with(text, solve)
}

/// `solve_text` with another solver, such as `fewest::solve_fewest`.
pub fn solve_text_with(
    text: &str,
    solve: impl FnOnce(&CubieCube) -> Solution,
) -> Result<(Alg, CubieCube, Solution), SolveError> {
    let alg = notation::parse(text)?;
    let cube = alg.cube();
    let solution = solve(&cube);
    Ok((alg, cube, solution))
}

/// Solves a 54-letter facelet string.
pub fn solve_facelets(text: &str) -> Result<(CubieCube, Solution), SolveError> {
    solve_facelets_with(text, solve)
}

/// `solve_facelets` with another solver, such as `fewest::solve_fewest`.
pub fn solve_facelets_with(
    text: &str,
    solve: impl FnOnce(&CubieCube) -> Solution,
) -> Result<(CubieCube, Solution), SolveError> {
    let cube = facelet::parse(text)?;
    Ok((cube, solve(&cube)))
}

/// A uniformly random state and a scramble for it: the inverse of its
/// solution, which is at least 2 moves long.
pub fn random_state_scramble(rng: &mut ScrambleRng) -> (CubieCube, Vec<Move>) {
    let cube = scramble::random_state(rng);
    (cube, solve(&cube).inverse_moves())
}

//! The fast solver: reduces a cube through the stages, each optimally for
//! its goal, by descent over the stage's exact distance table. It depends
//! only on the cube, the stage registry and the tables.
//!
//! Descent works on distances mod 3: from a state at distance d every
//! neighbour is at d−1, d or d+1, so the first move whose neighbour reads
//! (d−1) mod 3 is on a shortest path. Move sets are closed under inverses, so
//! such a move always exists until the goal is reached.

use crate::bfs::Packed;
use crate::cubie::{CubieCube, InvalidCube, Move};
use crate::stage::{Stage, StageKind, StageVisitor};
use crate::tables;
use serde::Serialize;

/// One stage of a solution: which stage, and its moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolvedStage {
    #[serde(skip)]
    pub kind: StageKind,
    pub name: &'static str,
    #[serde(serialize_with = "serialize_moves")]
    pub moves: Vec<Move>,
}

fn serialize_moves<S: serde::Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(ToString::to_string))
}

/// Each stage's moves, in stage order.
pub type StageMoves = [Vec<Move>; StageKind::COUNT];

/// A solution as the named stages, in order; a stage with nothing to do is
/// empty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    pub stages: [SolvedStage; StageKind::COUNT],
}

impl Solution {
    /// Names each stage's moves.
    pub fn from_stages(mut moves: StageMoves) -> Solution {
        Solution {
            stages: StageKind::ALL.map(|kind| SolvedStage {
                kind,
                name: kind.name(),
                moves: std::mem::take(&mut moves[kind.index()]),
            }),
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

/// A shortest path from `coord` to the stage's goal, one step at a time:
/// the index of each move in the stage's move list and the coordinate it
/// leads to. Its length is the coordinate's exact distance.
pub fn descent<'a, S: Stage>(
    stage: &'a S,
    table: Packed<'a>,
    coord: S::Coord,
) -> impl Iterator<Item = (usize, S::Coord)> + 'a {
    let goal = stage.goal();
    let mut coord = coord;
    // The current entry's value is carried from step to step rather than
    // looked up again: it is the value the step was chosen for.
    let mut current = table.get(stage.index(coord));
    let mut steps = 0;
    std::iter::from_fn(move || {
        if coord == goal || steps == S::KIND.max_length() {
            return None;
        }
        let want = (current + 2) % 3;
        let step = (0..stage.moves().len())
            .map(|k| (k, stage.step(coord, k)))
            .find(|&(_, next)| table.get(stage.index(next)) == want)?;
        coord = step.1;
        current = want;
        steps += 1;
        Some(step)
    })
}

/// Appends to `moves` a shortest sequence of the stage's moves that takes
/// `cube` into the stage's goal, and returns the cube it ends in.
struct Descend<'a> {
    cube: CubieCube,
    moves: &'a mut Vec<Move>,
}

impl StageVisitor for Descend<'_> {
    type Output = CubieCube;
    fn visit<S: Stage>(self, stage: &S) -> CubieCube {
        let mut cube = self.cube;
        for (k, _) in descent(stage, tables::table(S::KIND), stage.coord(&cube)) {
            let m = stage.moves()[k];
            self.moves.push(m);
            // Nothing follows the last stage, so its cube need not be tracked.
            if !S::KIND.is_last() {
                cube = cube.apply_move(m);
            }
        }
        cube
    }
}

/// Each stage's moves, optimal for its goal, without merging, for a cube
/// that `CubieCube::check` accepts.
pub fn stage_moves(cube: &CubieCube) -> StageMoves {
    let stages = tables::stages();
    let mut moves = StageMoves::default();
    let mut cube = *cube;
    for kind in StageKind::ALL {
        let moves = &mut moves[kind.index()];
        cube = stages.visit(kind, Descend { cube, moves });
    }
    moves
}

/// Merges, at each join, a move on the same face as the next stage's first
/// move into the earlier stage. The merged move is in the next stage's group,
/// so the earlier stage still ends in its group; it never cancels, because an
/// optimal stage cannot end with a move the next group could undo.
pub fn merge_joins(mut stages: StageMoves) -> StageMoves {
    let mut merged = true;
    while merged {
        merged = false;
        for later in 1..StageKind::COUNT {
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
            stages[earlier].extend(last.then(first));
            merged = true;
        }
    }
    stages
}

/// Solves a cube: the stages, each optimal for its goal, with merged joins.
/// A cube that face turns cannot reach is refused with every invariant it
/// breaks.
pub fn solve(cube: &CubieCube) -> Result<Solution, InvalidCube> {
    cube.check()?;
    Ok(solve_checked(cube))
}

/// `solve` for a cube already checked.
pub(crate) fn solve_checked(cube: &CubieCube) -> Solution {
    Solution::from_stages(merge_joins(stage_moves(cube)))
}

//! Alternatives for one stage of a fewest-moves solution: other ways to
//! reach the stage's goal from where the earlier steps left the cube, each
//! with the later stages re-planned by the fewest-moves search, sorted by
//! the whole solution's length. Stage solutions up to `EXTRA` moves over
//! the optimum are offered, as a longer stage can leave a shorter rest.
//! With NISS, the stage may also be found on the inverse scramble, and the
//! rest goes on from that side.

use crate::cube::cubie::{CubieCube, InvalidCube, Move};
use crate::solve::fewest::{self, may_follow};
use crate::solve::niss::{Side, Sides, Step};
use crate::solve::orientation::{Axes, Orientation};
use crate::solve::solver::{furthest, goals_reached, stage_moves, DistanceTable, SolvedStage};
use crate::solve::stage::{Stage, StageKind, StageVisitor};
use crate::solve::tables;

/// Moves over the stage's optimum that an alternative may take.
pub const EXTRA: usize = 2;
/// Stage solutions found per orientation and side, for each alternative
/// asked for: enough that the best totals are among them.
const FOUND_PER_ASKED: usize = 2;
/// Stage solutions re-planned, for each alternative asked for: the best
/// by a fast estimate of the whole.
const REPLANNED_PER_ASKED: usize = 3;
/// The share of the fewest-moves budget each re-planned rest gets.
const REST_SHARE: u64 = 8;

/// One alternative: the stage's moves and side, the later stages
/// re-planned on that side, and the whole solution with its length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alternative {
    pub moves: Vec<Move>,
    pub side: Side,
    pub axes: Axes,
    pub rest: [SolvedStage; StageKind::COUNT],
    pub solution: Vec<Move>,
}

/// Why alternatives cannot be offered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AlternativesError {
    #[error(transparent)]
    Invalid(#[from] InvalidCube),
    #[error("the moves before it have not reached the goal of {0}, where {1} starts")]
    NotReached(&'static str, &'static str),
}

/// Stage solutions of `cube` (in the classic frame) from its optimal length
/// up to `EXTRA` more, shortest first: at most `limit` of the optimal
/// length, half as many a move longer, and so on, since a longer stage may
/// leave a shorter rest, and the optimal ones may be more than are asked
/// for.
struct Enumerate<'a> {
    cube: &'a CubieCube,
    limit: usize,
}

impl StageVisitor for Enumerate<'_> {
    type Output = Vec<Vec<Move>>;
    fn visit<S: Stage>(self, stage: &S) -> Vec<Vec<Move>> {
        let table = DistanceTable::of(S::KIND);
        let start = stage.coord(self.cube);
        let optimal = table.at_most(stage, start, usize::MAX);
        let mut walk = Walk {
            stage,
            table,
            path: Vec::new(),
            found: Vec::new(),
            limit: 0,
        };
        for (extra, length) in (optimal..=optimal + EXTRA).enumerate() {
            walk.limit = walk.found.len() + (self.limit >> extra).max(1);
            walk.step(start, length);
        }
        walk.found
    }
}

struct Walk<'a, S: Stage> {
    stage: &'a S,
    table: DistanceTable<'static>,
    path: Vec<Move>,
    found: Vec<Vec<Move>>,
    limit: usize,
}

impl<S: Stage> Walk<'_, S> {
    /// Every path of exactly `left` more moves to the goal that does not
    /// pass through the goal on the way.
    fn step(&mut self, coord: S::Coord, left: usize) {
        if self.found.len() >= self.limit {
            return;
        }
        if coord == self.stage.goal() {
            if left == 0 {
                self.found.push(self.path.clone());
            }
            return;
        }
        if left == 0 {
            return;
        }
        for (k, &m) in self.stage.moves().iter().enumerate() {
            if !may_follow(self.path.last().copied(), m) {
                continue;
            }
            let next = self.stage.step(coord, k);
            if self.table.at_most(self.stage, next, left) >= left {
                continue;
            }
            self.path.push(m);
            self.step(next, left - 1);
            self.path.pop();
        }
    }
}

/// Up to `count` alternatives for stage `kind` after `before` (the steps of
/// the earlier stages, on their sides), sorted by the whole solution's
/// length, then the stage's, with none twice. With `niss`, alternatives on
/// the inverse scramble are offered too.
pub fn alternatives(
    scramble: &CubieCube,
    before: &[Step],
    kind: StageKind,
    count: usize,
    niss: bool,
) -> Result<Vec<Alternative>, AlternativesError> {
    scramble.check()?;
    let mut sides = Sides::default();
    // The earlier steps keep their roles: each reaches, on the axes offered,
    // as far as it reaches on any (up to this stage's start). Every such
    // orientation offers this stage, not only those that have come furthest.
    let mut orientations: Vec<&Orientation> = Orientation::all().iter().collect();
    for step in before {
        sides.push(step);
        let cube = sides.normal_cube(scramble);
        let level = furthest(&cube).0.min(kind.index());
        orientations.retain(|o| goals_reached(&cube, o) >= level);
    }
    let normal = sides.normal_cube(scramble);
    let (reached, _) = furthest(&normal);
    if reached < kind.index() {
        let missing = StageKind::ALL[reached].name();
        return Err(AlternativesError::NotReached(missing, kind.name()));
    }
    orientations.retain(|o| goals_reached(&normal, o) >= kind.index());
    let on: &[Side] = if niss {
        &[Side::Normal, Side::Inverse]
    } else {
        &[Side::Normal]
    };
    // Every stage solution found is ranked by its length plus the rest as
    // fast mode solves it (microseconds); only the best few are re-planned
    // by the fewest-moves search (milliseconds each).
    let mut candidates: Vec<(usize, Vec<Move>, Side, &Orientation)> = Vec::new();
    for &side in on {
        let cube = sides.cube(scramble, side);
        for &orientation in &orientations {
            let seen = orientation.conjugate(&cube);
            let paths = tables::stages().visit(
                kind,
                Enumerate {
                    cube: &seen,
                    limit: count * FOUND_PER_ASKED,
                },
            );
            for path in paths {
                let rest: usize = stage_moves(&seen.apply(&path)).iter().map(Vec::len).sum();
                let moves: Vec<Move> = path.iter().map(|&m| orientation.move_to_cube(m)).collect();
                if !candidates
                    .iter()
                    .any(|(_, m, s, _)| *m == moves && *s == side)
                {
                    candidates.push((path.len() + rest, moves, side, orientation));
                }
            }
        }
    }
    candidates.sort_by_key(|(estimate, ..)| *estimate);
    candidates.truncate(count * REPLANNED_PER_ASKED);
    let mut found: Vec<Alternative> = Vec::new();
    for (_, moves, side, orientation) in candidates {
        let alternative = replan(scramble, &sides, moves, side, orientation)?;
        // A rest that redoes this stage or an earlier one does not keep the
        // stages apart.
        if alternative.rest[..=kind.index()]
            .iter()
            .all(|stage| stage.moves.is_empty())
        {
            found.push(alternative);
        }
    }
    found.sort_by_key(|a| (a.solution.len(), a.moves.len()));
    found.truncate(count);
    Ok(found)
}

/// The alternative `moves` on `side`, with the later stages re-planned on
/// that side and axes.
fn replan(
    scramble: &CubieCube,
    sides: &Sides,
    moves: Vec<Move>,
    side: Side,
    orientation: &Orientation,
) -> Result<Alternative, InvalidCube> {
    let mut sides = sides.clone();
    let step = Step {
        moves: moves.clone(),
        side,
    };
    sides.push(&step);
    let rest = fewest::solve_fewest_in(
        &sides.cube(scramble, side),
        orientation,
        fewest::DEFAULT_BUDGET / REST_SHARE,
    )?
    .stages;
    for stage in &rest {
        sides.push(&Step {
            moves: stage.moves.clone(),
            side,
        });
    }
    Ok(Alternative {
        moves,
        side,
        axes: orientation.axes(),
        rest,
        solution: sides.solution(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::notation::parse;

    #[test]
    fn alternatives_are_sorted_distinct_and_solve() {
        tables::prepare();
        let scramble = parse("R U2 F' L D B2 R' F U L2 D' B").unwrap().cube();
        let found = alternatives(&scramble, &[], StageKind::OrientEdges, 8, false).unwrap();
        assert_eq!(found.len(), 8);
        for pair in found.windows(2) {
            assert!(pair[0].solution.len() <= pair[1].solution.len());
        }
        for (i, a) in found.iter().enumerate() {
            assert!(found[..i]
                .iter()
                .all(|b| b.moves != a.moves || b.side != a.side));
            assert!(scramble.apply(&a.solution).is_solved());
            // The alternative itself orients the edges, checked by hand on
            // the cubie model for the classic F/B axis.
            let after = scramble.apply(&a.moves);
            let orientation = Orientation::with_axes(a.axes).unwrap();
            assert!(goals_reached(&after, orientation) >= 1);
            if a.axes.edges == crate::solve::orientation::Axis::FB {
                assert_eq!(after.eo, [0; 12]);
            }
        }
    }

    /// The earlier stages keep their roles on an alternative's axes: each
    /// reaches its own goal there, so the stages still read in order.
    #[test]
    fn the_earlier_stages_keep_their_roles_on_every_alternatives_axes() {
        tables::prepare();
        let scramble = parse("R U2 F' L D B2 R' F U L2 D' B").unwrap().cube();
        let solution = fewest::solve_fewest(&scramble, fewest::DEFAULT_BUDGET).unwrap();
        let before: Vec<Step> = solution.stages[..2]
            .iter()
            .map(|stage| Step {
                moves: stage.moves.clone(),
                side: Side::Normal,
            })
            .collect();
        let found = alternatives(&scramble, &before, StageKind::ALL[2], 24, false).unwrap();
        assert!(!found.is_empty());
        for a in &found {
            let orientation = Orientation::with_axes(a.axes).unwrap();
            let mut cube = scramble;
            for (k, step) in before.iter().enumerate() {
                cube = cube.apply(&step.moves);
                assert!(goals_reached(&cube, orientation) > k, "{:?}", a.axes);
            }
            assert!(scramble.apply(&a.solution).is_solved());
        }
    }

    #[test]
    fn a_later_stage_needs_the_earlier_ones_reached() {
        let scramble = parse("R U2 F' L D B2 R' F U L2 D' B").unwrap().cube();
        let error = alternatives(&scramble, &[], StageKind::ALL[2], 8, false).unwrap_err();
        assert!(error.to_string().contains("Orient edges"), "{error}");
    }

    #[test]
    fn with_niss_the_inverse_side_is_offered() {
        tables::prepare();
        let scramble = parse("F2 U' R L2 B D' F").unwrap().cube();
        let found = alternatives(&scramble, &[], StageKind::OrientEdges, 40, true).unwrap();
        assert!(found.iter().any(|a| a.side == Side::Inverse));
        for a in &found {
            assert!(scramble.apply(&a.solution).is_solved());
        }
    }
}

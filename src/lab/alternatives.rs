//! Alternatives for one stage of a fewest-moves solution: the stage on
//! show first, then other ways to reach the stage's goal from where the
//! earlier steps left the cube, each with the later stages re-planned by the
//! fewest-moves search (with NISS, on either side), ranked by the whole
//! solution's length. Stage solutions up to `EXTRA` moves over the optimum
//! are offered, as a longer stage can leave a shorter rest. With NISS, the
//! stage may also be found on the inverse scramble.
//!
//! The ranking does not depend on how many are asked for: the same stage
//! solutions are found whatever the count, put in the order of a fast
//! estimate, and re-planned in that order; each `RANKED_TOGETHER` kept
//! are a batch sorted by exact totals. A list of `n` is the first `n` of
//! that order, so a longer list begins with a shorter one, and a list of up
//! to `RANKED_TOGETHER` is sorted by total.

use crate::cube::cubie::{CubieCube, InvalidCube, Move};
use crate::solve::fewest::{self, may_follow};
use crate::solve::niss::{NissSolution, Side, Sides, Step};
use crate::solve::orientation::{Axes, Orientation};
use crate::solve::solver::{furthest, goals_reached, stage_moves, DistanceTable, SolvedStage};
use crate::solve::stage::{Stage, StageKind, StageVisitor};
use crate::solve::tables;

/// Moves over the stage's optimum that an alternative may take.
pub const EXTRA: usize = 2;
/// Stage solutions found per orientation and side at the optimal length
/// (half as many a move longer, and so on), whatever the count asked for.
const FOUND: usize = 24;
/// Alternatives sorted together by their exact totals: a list of up to
/// this many is in the order of its totals, and a longer one goes on with
/// the next batch, sorted in its turn.
pub const RANKED_TOGETHER: usize = 24;
/// The share of the fewest-moves budget each re-planned rest gets.
const REST_SHARE: u64 = 8;

/// One way to do the stage: its moves and side, the later stages
/// re-planned (each on its side; this stage and the earlier ones empty),
/// and the whole solution with its length. `on_show` marks the stage of
/// the solution on show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alternative {
    pub moves: Vec<Move>,
    pub side: Side,
    pub axes: Axes,
    pub rest: [SolvedStage; StageKind::COUNT],
    pub rest_sides: [Side; StageKind::COUNT],
    pub solution: Vec<Move>,
    pub on_show: bool,
}

/// Why alternatives cannot be offered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AlternativesError {
    #[error(transparent)]
    Invalid(#[from] InvalidCube),
    #[error("the moves before it have not reached the goal of {0}, where {1} starts")]
    NotReached(&'static str, &'static str),
}

/// Stage `kind` of the solution on show, as the first of its list: the
/// earlier stages' steps, and the stage with the rest as shown.
pub fn on_show(shown: &NissSolution, kind: StageKind) -> (Vec<Step>, Alternative) {
    let steps = shown.steps();
    let mut rest = shown.stages.clone();
    for stage in &mut rest[..=kind.index()] {
        stage.moves.clear();
    }
    let alternative = Alternative {
        moves: shown.stages[kind.index()].moves.clone(),
        side: shown.sides[kind.index()],
        axes: shown.axes,
        rest,
        rest_sides: shown.sides,
        solution: shown.moves(),
        on_show: true,
    };
    (steps[..kind.index()].to_vec(), alternative)
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

/// The sides after `before`, and the orientations that offer stage `kind`
/// there: the earlier steps keep their roles, each reaching, on the axes
/// offered, as far as it reaches on any (up to this stage's start).
fn setting(
    scramble: &CubieCube,
    before: &[Step],
    kind: StageKind,
) -> Result<(Sides, Vec<&'static Orientation>), AlternativesError> {
    scramble.check()?;
    let mut sides = Sides::default();
    // Every such orientation offers this stage, not only those that have
    // come furthest.
    let mut orientations: Vec<&'static Orientation> = Orientation::all().iter().collect();
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
    Ok((sides, orientations))
}

/// The solution the lab shows after `before` where it is not the solve's
/// own: stage `kind` and the rest as the fewest-moves search finds them
/// (with `niss`, on either side), the shortest over the orientations that
/// keep the earlier stages' roles.
pub fn continued(
    scramble: &CubieCube,
    before: &[Step],
    kind: StageKind,
    niss: bool,
) -> Result<Alternative, AlternativesError> {
    let (sides, orientations) = setting(scramble, before, kind)?;
    let mut best: Option<Alternative> = None;
    for orientation in orientations {
        let rest = rest_after(
            scramble,
            &sides,
            Side::Normal,
            orientation,
            (niss, fewest::DEFAULT_BUDGET),
        )?;
        let mut stages = rest.stages;
        let moves = std::mem::take(&mut stages[kind.index()].moves);
        let found = Alternative {
            moves,
            side: rest.sides[kind.index()],
            axes: orientation.axes(),
            rest: stages,
            rest_sides: rest.sides,
            solution: rest.solution,
            on_show: true,
        };
        if best
            .as_ref()
            .is_none_or(|b| found.solution.len() < b.solution.len())
        {
            best = Some(found);
        }
    }
    Ok(best.expect("the stage's start is reached on some orientation"))
}

/// Up to `count` alternatives for stage `kind` after `before` (the steps of
/// the earlier stages, on their sides), other than `shown` (the stage on
/// show, which its list gives first), ranked as the module says, with none
/// twice, nor any whose whole solution is one already offered. With `niss`,
/// alternatives on the inverse scramble are offered
/// too, and the rests may switch sides.
pub fn alternatives(
    scramble: &CubieCube,
    before: &[Step],
    kind: StageKind,
    shown: &Alternative,
    count: usize,
    niss: bool,
) -> Result<Vec<Alternative>, AlternativesError> {
    let (sides, orientations) = setting(scramble, before, kind)?;
    let on: &[Side] = if niss {
        &[Side::Normal, Side::Inverse]
    } else {
        &[Side::Normal]
    };
    // Every stage solution found is ranked by its length plus the rest as
    // fast mode solves it (microseconds); the fewest-moves search re-plans
    // them (milliseconds each) in that order, as many as are asked for.
    let mut candidates: Vec<(usize, Vec<Move>, Side, &Orientation)> = Vec::new();
    for &side in on {
        let cube = sides.cube(scramble, side);
        for &orientation in &orientations {
            let seen = orientation.conjugate(&cube);
            let paths = tables::stages().visit(
                kind,
                Enumerate {
                    cube: &seen,
                    limit: FOUND,
                },
            );
            for path in paths {
                let rest: usize = stage_moves(&seen.apply(&path)).iter().map(Vec::len).sum();
                let moves: Vec<Move> = path.iter().map(|&m| orientation.move_to_cube(m)).collect();
                // An empty stage is the same on either side.
                let same = |m: &Vec<Move>, s: Side| *m == moves && (s == side || moves.is_empty());
                if !same(&shown.moves, shown.side)
                    && !candidates.iter().any(|(_, m, s, _)| same(m, *s))
                {
                    candidates.push((path.len() + rest, moves, side, orientation));
                }
            }
        }
    }
    candidates.sort_by_key(|(estimate, ..)| *estimate);
    let mut ranked: Vec<Alternative> = Vec::new();
    let mut batch: Vec<Alternative> = Vec::with_capacity(RANKED_TOGETHER);
    for (_, moves, side, orientation) in &candidates {
        if ranked.len() >= count {
            break;
        }
        let alternative = replan(scramble, &sides, moves, *side, orientation, niss)?;
        // A rest that redoes this stage or an earlier one does not keep the
        // stages apart. A stage ending in a move the rest takes back (or
        // turns further) gives a whole solution already offered: the moves
        // written down would be the same.
        let apart = alternative.rest[..=kind.index()]
            .iter()
            .all(|stage| stage.moves.is_empty());
        let offered = std::iter::once(shown)
            .chain(&ranked)
            .chain(&batch)
            .any(|a| a.solution == alternative.solution);
        if apart && !offered {
            batch.push(alternative);
        }
        if batch.len() == RANKED_TOGETHER {
            rank(&mut batch, &mut ranked);
        }
    }
    rank(&mut batch, &mut ranked);
    ranked.truncate(count);
    Ok(ranked)
}

/// Sorts `batch` by total, then the stage's length (stable: equal ones
/// keep the estimate's order), and moves it onto the end of `ranked`.
fn rank(batch: &mut Vec<Alternative>, ranked: &mut Vec<Alternative>) {
    batch.sort_by_key(|a| (a.solution.len(), a.moves.len()));
    ranked.append(batch);
}

/// The later stages, each on its side, and the whole solution.
struct Rest {
    stages: [SolvedStage; StageKind::COUNT],
    sides: [Side; StageKind::COUNT],
    solution: Vec<Move>,
}

/// The rest of the solution after `sides`, found by the fewest-moves
/// search on `orientation`'s axes within `budget` nodes, going on from
/// `side` (the side of the stage just made); with `niss`, each later stage
/// may switch sides.
fn rest_after(
    scramble: &CubieCube,
    sides: &Sides,
    side: Side,
    orientation: &Orientation,
    (niss, budget): (bool, u64),
) -> Result<Rest, InvalidCube> {
    let cube = sides.cube(scramble, side);
    let found = if niss {
        fewest::solve_fewest_niss_in(&cube, Some(orientation), budget)?
    } else {
        NissSolution::normal(fewest::solve_fewest_in(&cube, orientation, budget)?)
    };
    // The search's normal side is `side`; its inverse, the other one.
    let sides_found = found.sides.map(|s| match s {
        Side::Normal => side,
        Side::Inverse => side.other(),
    });
    let mut whole = sides.clone();
    for (stage, &on) in found.stages.iter().zip(&sides_found) {
        whole.push(&Step {
            moves: stage.moves.clone(),
            side: on,
        });
    }
    Ok(Rest {
        stages: found.stages,
        sides: sides_found,
        solution: whole.solution(),
    })
}

/// The alternative `moves` on `side`, with the later stages re-planned
/// from that side on that orientation's axes.
fn replan(
    scramble: &CubieCube,
    sides: &Sides,
    moves: &[Move],
    side: Side,
    orientation: &Orientation,
    niss: bool,
) -> Result<Alternative, InvalidCube> {
    let mut sides = sides.clone();
    sides.push(&Step {
        moves: moves.to_vec(),
        side,
    });
    let budget = fewest::DEFAULT_BUDGET / REST_SHARE;
    let rest = rest_after(scramble, &sides, side, orientation, (niss, budget))?;
    Ok(Alternative {
        moves: moves.to_vec(),
        side,
        axes: orientation.axes(),
        rest: rest.stages,
        rest_sides: rest.sides,
        solution: rest.solution,
        on_show: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::notation::parse;

    /// The fewest-moves solution of `scramble` (with NISS, `niss`), as the
    /// lab shows it.
    fn solved(scramble: &CubieCube, niss: bool) -> NissSolution {
        if niss {
            fewest::solve_fewest_niss(scramble, fewest::DEFAULT_BUDGET).unwrap()
        } else {
            NissSolution::normal(fewest::solve_fewest(scramble, fewest::DEFAULT_BUDGET).unwrap())
        }
    }

    #[test]
    fn alternatives_are_sorted_distinct_and_solve() {
        tables::prepare();
        let scramble = parse("R U2 F' L D B2 R' F U L2 D' B").unwrap().cube();
        let (before, shown) = on_show(&solved(&scramble, false), StageKind::OrientEdges);
        let found =
            alternatives(&scramble, &before, StageKind::OrientEdges, &shown, 8, false).unwrap();
        assert_eq!(found.len(), 8);
        for pair in found.windows(2) {
            assert!(pair[0].solution.len() <= pair[1].solution.len());
        }
        for (i, a) in found.iter().enumerate() {
            assert!(!a.on_show);
            assert!(a.moves != shown.moves || a.side != shown.side);
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

    /// A stage whose last move the rest takes back or turns further gives
    /// a whole solution another stage gives too: it is offered once. This
    /// scramble's stage 3 is `B'`, and `B`, `F2 B'` and `F2 B` were offered
    /// too, each followed by a stage 4 that writes down the same solution.
    #[test]
    fn no_whole_solution_is_offered_twice() {
        tables::prepare();
        let scramble = parse("F2 U2 L2 B2 F2 L2 B L F' D2 U2 R' B U2 L' D2 F2 U' B L'")
            .unwrap()
            .cube();
        for niss in [false, true] {
            let shown = solved(&scramble, niss);
            for kind in &StageKind::ALL[..3] {
                let (before, first) = on_show(&shown, *kind);
                let found = alternatives(&scramble, &before, *kind, &first, 8, niss).unwrap();
                let mut offered = vec![&first.solution];
                for a in &found {
                    assert!(
                        !offered.contains(&&a.solution),
                        "{kind:?}, NISS {niss}: {:?} offered twice",
                        a.solution
                    );
                    offered.push(&a.solution);
                }
            }
        }
    }

    /// The stage on show leads its list with the solution's own total, and
    /// a longer list begins with a shorter one.
    #[test]
    fn the_stage_on_show_leads_and_a_longer_list_begins_with_a_shorter_one() {
        tables::prepare();
        let scramble = parse("B2 L' D2 U' R2 F' L B U2 R' D F2").unwrap().cube();
        let shown = solved(&scramble, true);
        for kind in &StageKind::ALL[..3] {
            let (before, first) = on_show(&shown, *kind);
            assert_eq!(first.solution, shown.moves());
            assert_eq!(first.moves, shown.stages[kind.index()].moves);
            let eight = alternatives(&scramble, &before, *kind, &first, 8, true).unwrap();
            let more = alternatives(&scramble, &before, *kind, &first, 20, true).unwrap();
            assert_eq!(eight[..], more[..eight.len()], "{kind:?}");
            // A list of up to `RANKED_TOGETHER` is sorted by total.
            assert!(more
                .windows(2)
                .all(|w| w[0].solution.len() <= w[1].solution.len()));
            assert!(eight.len() == 8 || eight.len() == more.len());
        }
    }

    /// The earlier stages keep their roles on an alternative's axes: each
    /// reaches its own goal there, so the stages still read in order.
    #[test]
    fn the_earlier_stages_keep_their_roles_on_every_alternatives_axes() {
        tables::prepare();
        let scramble = parse("R U2 F' L D B2 R' F U L2 D' B").unwrap().cube();
        let (before, shown) = on_show(&solved(&scramble, false), StageKind::ALL[2]);
        let found = alternatives(&scramble, &before, StageKind::ALL[2], &shown, 24, false).unwrap();
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
        let error = continued(&scramble, &[], StageKind::ALL[2], false).unwrap_err();
        assert!(error.to_string().contains("Orient edges"), "{error}");
    }

    /// Continuing from steps that are not the solve's own gives a solution
    /// that solves, with the stage asked for and its rest.
    #[test]
    fn a_continued_solution_solves_from_other_earlier_steps() {
        tables::prepare();
        let scramble = parse("R U2 F' L D B2 R' F U L2 D' B").unwrap().cube();
        let eo = crate::solve::solver::solve(&scramble).unwrap().stages[0]
            .moves
            .clone();
        let before = [Step {
            moves: eo,
            side: Side::Normal,
        }];
        let shown = continued(&scramble, &before, StageKind::ALL[1], true).unwrap();
        assert!(shown.on_show);
        assert!(scramble.apply(&shown.solution).is_solved());
        let found = alternatives(&scramble, &before, StageKind::ALL[1], &shown, 8, true).unwrap();
        assert!(found
            .iter()
            .all(|a| a.moves != shown.moves || a.side != shown.side));
    }

    #[test]
    fn with_niss_the_inverse_side_is_offered() {
        tables::prepare();
        let scramble = parse("F2 U' R L2 B D' F").unwrap().cube();
        let (before, shown) = on_show(&solved(&scramble, true), StageKind::OrientEdges);
        let found =
            alternatives(&scramble, &before, StageKind::OrientEdges, &shown, 40, true).unwrap();
        assert!(found.iter().any(|a| a.side == Side::Inverse));
        for a in &found {
            assert!(scramble.apply(&a.solution).is_solved());
        }
    }

    #[test]
    fn an_empty_stage_is_offered_once_whichever_side() {
        tables::prepare();
        let scramble = parse("R").unwrap().cube();
        let (before, shown) = on_show(&solved(&scramble, true), StageKind::OrientEdges);
        assert!(shown.moves.is_empty());
        let found =
            alternatives(&scramble, &before, StageKind::OrientEdges, &shown, 8, true).unwrap();
        assert!(found.iter().all(|a| !a.moves.is_empty()), "{found:?}");
    }
}

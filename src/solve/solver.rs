//! The fast solver: reduces a cube through the stages, each optimally for
//! its goal, by descent over the stage's exact distance table. It depends
//! only on the cube, the stage registry and the tables.
//!
//! Descent works on distances mod 3: from a state at distance d every
//! neighbour is at d−1, d or d+1, so the first move whose neighbour reads
//! (d−1) mod 3 is on a shortest path. Move sets are closed under inverses, so
//! such a move always exists until the goal is reached.

use crate::cube::cubie::{CubieCube, InvalidCube, Move, SOLVED};
use crate::solve::bfs::Packed;
use crate::solve::orientation::{Axes, Orientation};
use crate::solve::stage::{Stage, StageKind, StageVisitor, LONGEST_STAGE};
use crate::solve::tables::{self, Distances, FirstMoves};
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

/// A solution as the named stages, in order, and the axes its chain is
/// turned to; a stage with nothing to do is empty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    pub stages: [SolvedStage; StageKind::COUNT],
    /// Stage 1 orients edges for `axes.edges`; stages 2 and 3 fix corners
    /// and the middle layer for `axes.corners`.
    pub axes: Axes,
}

impl Solution {
    /// Names each stage's moves, in the classic orientation.
    pub fn from_stages(moves: StageMoves) -> Solution {
        Solution::with_axes(moves, Axes::CLASSIC)
    }

    /// Names each stage's moves, of a chain turned to `axes`.
    pub fn with_axes(mut moves: StageMoves, axes: Axes) -> Solution {
        Solution {
            stages: StageKind::ALL.map(|kind| SolvedStage {
                kind,
                name: kind.name(),
                moves: std::mem::take(&mut moves[kind.index()]),
            }),
            axes,
        }
    }

    /// The stages found for `orientation`'s conjugate of a cube, as the
    /// cube's own moves.
    pub fn seen_from(moves: StageMoves, orientation: &Orientation) -> Solution {
        let moves = moves.map(|stage| {
            stage
                .into_iter()
                .map(|m| orientation.move_to_cube(m))
                .collect()
        });
        Solution::with_axes(moves, orientation.axes())
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
/// leads to. Its length is the coordinate's exact distance. Each step is
/// the first move, in the stage's order, whose neighbour is one closer:
/// read from the stage's first-move table once `tables::prepare` has built
/// it (one lookup a step), found by trying the moves in turn before.
pub fn descent<S: Stage>(stage: &S, coord: S::Coord) -> Descent<'_, S> {
    Descent {
        stage,
        first_moves: tables::first_moves(S::KIND),
        coord,
        current: None,
    }
}

/// The steps of `descent`. The search without a first-move table has a
/// function of its own, so that a step with the table, one lookup, is small
/// enough for the loops that walk it to inline.
pub struct Descent<'a, S: Stage> {
    stage: &'a S,
    first_moves: Option<&'static FirstMoves>,
    coord: S::Coord,
    /// Without the first-move table, the current entry's value, carried
    /// from step to step: it is the value the step was chosen for.
    current: Option<u8>,
}

impl<S: Stage> Descent<'_, S> {
    /// The first move closer to the goal without the first-move table: the
    /// first, in the stage's order, whose neighbour's packed entry is one
    /// less (mod 3).
    fn search(&mut self) -> Option<usize> {
        let (stage, coord) = (self.stage, self.coord);
        if coord == stage.goal() {
            return None;
        }
        let table = tables::table(S::KIND);
        let here = self
            .current
            .unwrap_or_else(|| table.get(stage.index(coord)));
        let want = (here + 2) % 3;
        self.current = Some(want);
        (0..stage.moves().len()).find(|&k| table.get(stage.index(stage.step(coord, k))) == want)
    }
}

impl<S: Stage> Iterator for Descent<'_, S> {
    type Item = (usize, S::Coord);

    // Natively, every loop that walks a descent inlines its step: a
    // twentieth of a fast solve. The page's module keeps one copy of each,
    // as its size counts more there.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline)]
    fn next(&mut self) -> Option<(usize, S::Coord)> {
        let k = match self.first_moves {
            Some(first) => first.get(self.stage.raw_index(self.coord))?,
            None => self.search()?,
        };
        self.coord = self.stage.step(self.coord, k);
        Some((k, self.coord))
    }

    /// Internal iteration (`for_each`, `count`) looks for the first-move
    /// table once rather than at each step: a twentieth of a fast solve.
    /// Natively only: in the page's module, the bytes of a loop for each
    /// use count for more.
    #[cfg(not(target_arch = "wasm32"))]
    fn fold<B, F: FnMut(B, Self::Item) -> B>(mut self, init: B, mut f: F) -> B {
        let mut acc = init;
        match self.first_moves {
            Some(first) => {
                while let Some(k) = first.get(self.stage.raw_index(self.coord)) {
                    self.coord = self.stage.step(self.coord, k);
                    acc = f(acc, (k, self.coord));
                }
            }
            None => {
                for step in self.by_ref() {
                    acc = f(acc, step);
                }
            }
        }
        acc
    }
}

/// Where the searches that branch over a stage's solutions read exact
/// distances as they enter it: `Distances` once prepared, else the packed
/// table, from the parent's distance and by descent.
#[derive(Clone, Copy)]
pub enum DistanceTable<'a> {
    Exact(&'a Distances),
    Packed(Packed<'a>),
}

impl DistanceTable<'static> {
    /// Stage `kind`'s table: exact if `tables::prepare` has built it.
    pub fn of(kind: StageKind) -> Self {
        tables::distances(kind).map_or(
            DistanceTable::Packed(tables::table(kind)),
            DistanceTable::Exact,
        )
    }
}

impl DistanceTable<'_> {
    /// The exact distance of `coord`, or `cap` if that is less.
    pub fn at_most<S: Stage>(self, stage: &S, coord: S::Coord, cap: usize) -> usize {
        match self {
            DistanceTable::Exact(distances) => distances.get(stage.raw_index(coord)).min(cap),
            DistanceTable::Packed(_) => descent(stage, coord).take(cap).count(),
        }
    }
}

/// Whether a cube has reached a stage's goal (the cube must have reached
/// every earlier goal for the answer to mean the group).
pub struct AtGoal<'a>(pub &'a CubieCube);

impl StageVisitor for AtGoal<'_> {
    type Output = bool;
    fn visit<S: Stage>(self, stage: &S) -> bool {
        stage.coord(self.0) == stage.goal()
    }
}

/// A cube's exact distance from a stage's goal: the length of the shortest
/// path the descent over the stage's table walks.
pub struct Distance<'a>(pub &'a CubieCube);

impl StageVisitor for Distance<'_> {
    type Output = usize;
    fn visit<S: Stage>(self, stage: &S) -> usize {
        descent(stage, stage.coord(self.0)).count()
    }
}

/// How far the chain has come for a cube seen in one orientation: the
/// number of goals reached in a row from stage 1 (0–4).
pub fn goals_reached(cube: &CubieCube, orientation: &Orientation) -> usize {
    let seen = orientation.conjugate(cube);
    let stages = tables::stages();
    StageKind::ALL
        .iter()
        .take_while(|&&kind| stages.visit(kind, AtGoal(&seen)))
        .count()
}

/// The furthest the chain has come in any orientation, and the
/// orientations that come that far.
pub fn furthest(cube: &CubieCube) -> (usize, Vec<&'static Orientation>) {
    let levels: Vec<usize> = Orientation::all()
        .iter()
        .map(|o| goals_reached(cube, o))
        .collect();
    let best = levels.iter().copied().max().unwrap_or(0);
    let orientations = Orientation::all()
        .iter()
        .zip(&levels)
        .filter(|&(_, &l)| l == best)
        .map(|(o, _)| o)
        .collect();
    (best, orientations)
}

/// Appends to `moves` a shortest sequence of the stage's moves that takes
/// `cube` into the stage's goal, and returns the cube it ends in.
pub(crate) struct Descend<'a> {
    pub(crate) cube: CubieCube,
    pub(crate) moves: &'a mut Vec<Move>,
}

impl StageVisitor for Descend<'_> {
    type Output = CubieCube;
    fn visit<S: Stage>(self, stage: &S) -> CubieCube {
        let mut cube = self.cube;
        if let Some(walks) = tables::walks(S::KIND) {
            let raw = stage.raw_index(stage.coord(&cube));
            let walk = walks.walk(raw);
            // As many moves as the stage's longest walk are written straight
            // into the list, and the list cut to this walk's length: writing
            // this walk's moves alone branches on a length just loaded,
            // mispredicted most of the time, and copying them from a buffer
            // reads them back just after they were written, which stalls.
            let start = self.moves.len();
            self.moves
                .extend((0..S::KIND.max_length()).map(|i| stage.moves()[walk.at(i)]));
            self.moves.truncate(start + walk.length());
            return at_stage_goal(S::KIND, walks.track(raw, &cube));
        }
        // The moves gather here and join the list at once: a push for each
        // move, with its check for room, was a twentieth of a fast solve's
        // instructions.
        let mut found = [Move::ALL[0]; LONGEST_STAGE];
        let mut len = 0;
        descent(stage, stage.coord(&cube)).for_each(|(k, _)| {
            let m = stage.moves()[k];
            found[len] = m;
            len += 1;
            S::KIND.tracked().turn(&mut cube, m);
        });
        self.moves.extend_from_slice(&found[..len]);
        at_stage_goal(S::KIND, cube)
    }
}

/// A cube tracked (`Tracked::apply`) through stage `kind`, at the stage's
/// goal: the cube itself.
#[inline]
pub(crate) fn at_stage_goal(kind: StageKind, mut cube: CubieCube) -> CubieCube {
    if kind == StageKind::OrientCornersSlice {
        // Its goal: every corner twisted right (and every edge still
        // oriented, as stage 1 left it).
        cube.co = SOLVED.co;
    }
    cube
}

/// Each stage's moves, optimal for its goal, without merging, for a cube
/// that `CubieCube::check` accepts.
pub fn stage_moves(cube: &CubieCube) -> StageMoves {
    // One allocation per stage, rather than one each time it grows, and
    // made directly rather than by growing an empty list.
    let mut moves: StageMoves = StageKind::ALL.map(|kind| Vec::with_capacity(kind.max_length()));
    fill_stage_moves(cube, &mut moves);
    moves
}

/// `stage_moves` into `moves`, replacing what they held.
fn fill_stage_moves(cube: &CubieCube, moves: &mut StageMoves) {
    let mut cube = *cube;
    for kind in StageKind::ALL {
        let moves = &mut moves[kind.index()];
        moves.clear();
        cube = solve_stage(kind, &cube, moves);
    }
}

/// Appends to `moves` stage `kind`'s moves, optimal for its goal, for a
/// cube that `CubieCube::check` accepts and that has reached every earlier
/// stage's goal; returns the cube after them, as far as the later stages
/// read it. `solve_into` is this for each stage in turn, then the merges.
pub fn solve_stage(kind: StageKind, cube: &CubieCube, moves: &mut Vec<Move>) -> CubieCube {
    tables::stages().visit(kind, Descend { cube: *cube, moves })
}

/// Merges, at each join, a move on the same face as the next stage's first
/// move into the earlier stage. The merged move is in the next stage's group,
/// so the earlier stage still ends in its group; it never cancels, because an
/// optimal stage cannot end with a move the next group could undo.
pub fn merge_joins(stages: &mut StageMoves) {
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
    let mut stages = stage_moves(cube);
    merge_joins(&mut stages);
    Solution::from_stages(stages)
}

/// `solve`'s stages into `stages`, replacing what they held: a batch that
/// solves cube after cube into the same lists allocates nothing once they
/// have grown to the longest stages.
pub fn solve_into(cube: &CubieCube, stages: &mut StageMoves) -> Result<(), InvalidCube> {
    cube.check()?;
    fill_stage_moves(cube, stages);
    merge_joins(stages);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether face turns reach `coord`, as the stage's packed table says:
    /// the other raw values have no descent to compare.
    fn reached<S: Stage>(stage: &S, coord: S::Coord) -> bool {
        tables::table(S::KIND).get(stage.index(coord)) != crate::solve::bfs::PACKED_UNREACHED
    }

    /// For every 97th raw index, the first move by trying the moves in order.
    struct SearchedFirstMoves;

    impl StageVisitor for SearchedFirstMoves {
        type Output = Vec<(usize, Option<usize>)>;
        fn visit<S: Stage>(self, stage: &S) -> Self::Output {
            let table = tables::table(S::KIND);
            (0..S::RAW_SIZE)
                .step_by(97)
                .map(|raw| (raw, stage.raw_coord(raw)))
                .filter(|&(raw, coord)| {
                    assert_eq!(stage.raw_index(coord), raw);
                    reached(stage, coord)
                })
                .map(|(raw, coord)| {
                    let want = (table.get(stage.index(coord)) + 2) % 3;
                    let first = (coord != stage.goal()).then(|| {
                        (0..stage.moves().len())
                            .find(|&k| table.get(stage.index(stage.step(coord, k))) == want)
                            .expect("a move closer to the goal")
                    });
                    (raw, first)
                })
                .collect()
        }
    }

    /// For every 89th raw index of a stage: its distance by descent (none
    /// if the packed table has it unreached) and its `Distances` entry.
    struct DistancesBothWays;

    impl StageVisitor for DistancesBothWays {
        type Output = Vec<(Option<usize>, usize)>;
        fn visit<S: Stage>(self, stage: &S) -> Self::Output {
            let distances = tables::distances(S::KIND).expect("prepared");
            (0..S::RAW_SIZE)
                .step_by(89)
                .map(|raw| {
                    let coord = stage.raw_coord(raw);
                    let descended = reached(stage, coord).then(|| descent(stage, coord).count());
                    (descended, distances.get(raw))
                })
                .collect()
        }
    }

    /// For every 83rd raw index of a stage: each move's neighbour distance
    /// against the distance here, and whether the move is in the closer
    /// and the level set.
    struct MasksAgainstDistances;

    impl StageVisitor for MasksAgainstDistances {
        type Output = Vec<(usize, usize, bool, bool)>;
        fn visit<S: Stage>(self, stage: &S) -> Self::Output {
            let distances = tables::distances(S::KIND).expect("prepared");
            let masks = tables::move_masks(S::KIND).expect("a walked stage");
            let mut seen = Vec::new();
            for raw in (0..S::RAW_SIZE).step_by(83) {
                let coord = stage.raw_coord(raw);
                let by_distance = masks.get(raw);
                for k in 0..stage.moves().len() {
                    let next = distances.get(stage.raw_index(stage.step(coord, k)));
                    seen.push((
                        distances.get(raw),
                        next,
                        by_distance.closer >> k & 1 == 1,
                        by_distance.level >> k & 1 == 1,
                    ));
                }
            }
            seen
        }
    }

    /// Solving into lists that held another cube's stages gives what
    /// `solve` gives, and an unreachable cube is refused as `solve` refuses
    /// it.
    #[test]
    fn solving_into_used_lists_solves_as_solve_does() {
        use crate::cube::notation::parse;
        let mut stages = StageMoves::default();
        for scramble in ["R U2 F' L D2 B R2 U' F2 L'", "U", "", "F B' R2 L U D' F2"] {
            let cube = parse(scramble).unwrap().cube();
            solve_into(&cube, &mut stages).unwrap();
            assert_eq!(
                stages,
                solve(&cube).unwrap().stages.map(|s| s.moves),
                "{scramble}"
            );
        }
        let mut twisted = SOLVED;
        twisted.co[0] = 1;
        assert_eq!(
            solve_into(&twisted, &mut stages),
            solve(&twisted).map(|_| ())
        );
    }

    #[test]
    fn move_masks_sort_every_move_by_its_neighbours_distance() {
        tables::prepare();
        for kind in StageKind::ALL {
            if kind.is_last() {
                assert!(tables::move_masks(kind).is_none());
                continue;
            }
            let seen = tables::stages().visit(kind, MasksAgainstDistances);
            assert!(seen.iter().any(|&(_, _, closer, _)| closer));
            assert!(seen.iter().any(|&(_, _, _, level)| level));
            for (here, next, closer, level) in seen {
                assert_eq!(closer, next + 1 == here, "{kind:?}: {here} → {next}");
                assert_eq!(level, next == here, "{kind:?}: {here} → {next}");
            }
        }
    }

    #[test]
    fn distances_are_the_length_of_descent_and_15_where_unreached() {
        tables::prepare();
        for kind in StageKind::ALL {
            let pairs = tables::stages().visit(kind, DistancesBothWays);
            assert!(pairs.iter().any(|&(descended, _)| descended > Some(2)));
            for (descended, distance) in pairs {
                assert_eq!(distance, descended.unwrap_or(15), "{kind:?}");
            }
        }
    }

    /// For every 89th raw index of a stage with walks: its walk and the
    /// descent's moves, and a scrambled cube after the walk and after
    /// tracking those moves.
    struct WalksAgainstDescent;

    impl StageVisitor for WalksAgainstDescent {
        type Output = Vec<(Vec<usize>, Vec<usize>, CubieCube, CubieCube)>;
        fn visit<S: Stage>(self, stage: &S) -> Self::Output {
            let walks = tables::walks(S::KIND).expect("a walked stage");
            let scrambled = crate::cube::notation::parse("R U2 F' L D2 B R2 U' F2 L' D")
                .unwrap()
                .cube();
            (0..S::RAW_SIZE)
                .step_by(89)
                .filter(|&raw| reached(stage, stage.raw_coord(raw)))
                .map(|raw| {
                    let walk = walks.walk(raw);
                    let walked: Vec<usize> =
                        (0..S::KIND.max_length()).map(|i| walk.at(i)).collect();
                    let descended: Vec<usize> = descent(stage, stage.raw_coord(raw))
                        .map(|(k, _)| k)
                        .collect();
                    let tracked = descended.iter().fold(scrambled, |cube, &k| {
                        S::KIND.tracked().apply(&cube, stage.moves()[k])
                    });
                    (walked, descended, walks.track(raw, &scrambled), tracked)
                })
                .collect()
        }
    }

    #[test]
    fn walks_are_the_descent_and_turn_the_cube_as_its_moves_do() {
        tables::prepare();
        let walked: Vec<StageKind> = StageKind::ALL
            .into_iter()
            .filter(|&kind| tables::walks(kind).is_some())
            .collect();
        assert_eq!(
            walked,
            [
                StageKind::OrientEdges,
                StageKind::SeparatePieces,
                StageKind::HalfTurnFinish
            ]
        );
        for kind in walked {
            let seen = tables::stages().visit(kind, WalksAgainstDescent);
            assert!(seen.iter().any(|(_, descended, ..)| descended.len() > 3));
            for (walked, descended, after_walk, after_moves) in seen {
                let (moves, rest) = walked.split_at(descended.len());
                assert_eq!(moves, descended, "{kind:?}");
                assert!(rest.iter().all(|&k| k == 0), "{kind:?}: {walked:?}");
                assert_eq!(after_walk, after_moves, "{kind:?}: {descended:?}");
            }
        }
    }

    #[test]
    fn first_move_tables_hold_the_move_the_search_finds_first() {
        tables::prepare();
        for kind in StageKind::ALL {
            let first_moves = tables::first_moves(kind).expect("prepared");
            for (raw, first) in tables::stages().visit(kind, SearchedFirstMoves) {
                assert_eq!(first_moves.get(raw), first);
            }
        }
    }
}

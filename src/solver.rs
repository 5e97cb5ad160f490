//! The fast solver: reduces a cube through the stages, each optimally for
//! its goal, by descent over the stage's exact distance table. It depends
//! only on the cube, the stage registry and the tables.
//!
//! Descent works on distances mod 3: from a state at distance d every
//! neighbour is at d−1, d or d+1, so the first move whose neighbour reads
//! (d−1) mod 3 is on a shortest path. Move sets are closed under inverses, so
//! such a move always exists until the goal is reached.

use crate::bfs::{self, Packed};
use crate::cubie::{CubieCube, InvalidCube, Move};
use crate::orientation::{Axes, Orientation};
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
pub fn descent<'a, S: Stage>(
    stage: &'a S,
    coord: S::Coord,
) -> impl Iterator<Item = (usize, S::Coord)> + 'a {
    let first_moves = tables::first_moves(S::KIND);
    let table = tables::table(S::KIND);
    let goal = stage.goal();
    let mut coord = coord;
    // Without the first-move table, the current entry's value is carried
    // from step to step: it is the value the step was chosen for.
    let mut current = None;
    std::iter::from_fn(move || {
        let k = match first_moves {
            Some(first) => first.get(stage.raw_index(coord))?,
            None => {
                if coord == goal {
                    return None;
                }
                let here = current.unwrap_or_else(|| table.get(stage.index(coord)));
                let want = (here + 2) % 3;
                current = Some(want);
                (0..stage.moves().len())
                    .find(|&k| table.get(stage.index(stage.step(coord, k))) == want)?
            }
        };
        coord = stage.step(coord, k);
        Some((k, coord))
    })
}

/// The first move (its index in the stage's moves) of a shortest path from
/// every coordinate value, by raw index (`Stage::raw_index`): the first
/// move, in the stage's order, whose neighbour's distance is one less; none
/// for the goal and unreached entries. A table reduced by symmetry is
/// expanded here, since conjugate coordinates share a distance but not a
/// first move. Built at run time from the embedded tables, so the page
/// carries no more bytes.
///
/// Values packed four bits each, two a byte, lowest bits first; a value of
/// 16 or more keeps its low four bits, and an odd count is padded with 15.
fn pack_nibbles(values: &[u8]) -> Vec<u8> {
    values
        .chunks(2)
        .map(|pair| pair[0] & 15 | pair.get(1).map_or(15, |v| v & 15) << 4)
        .collect()
}

/// Entry `index` of values packed by `pack_nibbles`.
#[inline]
fn nibble(packed: &[u8], index: usize) -> u8 {
    packed[index >> 1] >> ((index & 1) * 4) & 15
}

/// Descent reads these at random, so their size decides how many reads
/// miss the cache: a stage with fewer than 16 moves keeps two entries a
/// byte (a value of 15 or more, or the stage's move count, is no move).
pub struct FirstMoves {
    moves: usize,
    nibbles: bool,
    entries: Vec<u8>,
}

impl FirstMoves {
    /// The first move from the coordinate numbered `raw`, if it has one.
    #[inline]
    pub fn get(&self, raw: usize) -> Option<usize> {
        let k = if self.nibbles {
            nibble(&self.entries, raw)
        } else {
            self.entries[raw]
        };
        let k = usize::from(k);
        (k < self.moves).then_some(k)
    }
}

/// Builds a stage's `FirstMoves` and, for a stage the searches walk (all
/// but the last), its `MoveMasks`, in one pass over its coordinate values:
/// a value's first move is the first of the moves that lead closer.
pub struct BuildFirstMoves;

impl StageVisitor for BuildFirstMoves {
    type Output = (FirstMoves, Option<MoveMasks>);
    fn visit<S: Stage>(self, stage: &S) -> Self::Output {
        let table = tables::table(S::KIND);
        // Unpacked and by raw index for the build alone, so that each
        // neighbour costs one load rather than a shift and a reduction by
        // symmetry.
        let distances: Vec<u8> = if S::RAW_SIZE == S::SIZE {
            (0..S::SIZE).map(|index| table.get(index)).collect()
        } else {
            (0..S::RAW_SIZE)
                .map(|raw| table.get(stage.index(stage.raw_coord(raw))))
                .collect()
        };
        let moves = stage.moves().len();
        let none = u8::MAX;
        let mut first = Vec::with_capacity(S::RAW_SIZE);
        let mut masks = (!S::KIND.is_last()).then(|| MoveMasks::with_capacity(S::RAW_SIZE, moves));
        for (raw, &current) in distances.iter().enumerate() {
            let mut by_distance = MovesByDistance {
                closer: 0,
                level: 0,
            };
            if current != bfs::PACKED_UNREACHED {
                let coord = stage.raw_coord(raw);
                let closer = (current + 2) % 3;
                for k in 0..moves {
                    let next = distances[stage.raw_index(stage.step(coord, k))];
                    if next == closer {
                        by_distance.closer |= 1 << k;
                    } else if next == current {
                        by_distance.level |= 1 << k;
                    }
                }
            }
            // The goal has no move closer, and nor has an unreached value.
            first.push(if by_distance.closer == 0 {
                none
            } else {
                by_distance.closer.trailing_zeros() as u8
            });
            if let Some(masks) = &mut masks {
                masks.push(by_distance);
            }
        }
        let nibbles = moves < 16;
        let entries = if nibbles { pack_nibbles(&first) } else { first };
        let first_moves = FirstMoves {
            moves,
            nibbles,
            entries,
        };
        (first_moves, masks)
    }
}

/// The exact distance of every coordinate value from the stage's goal, by
/// raw index, four bits each. The searches that branch over a stage's
/// solutions read it wherever they enter a stage; from this table that is
/// one load, where the packed table needs a descent. Every stage's
/// distances fit in four bits (the longest is 15).
pub struct Distances(Vec<u8>);

/// A `Distances` entry no move sequence reaches.
const UNREACHED_NIBBLE: u8 = 15;

impl Distances {
    /// The exact distance of the coordinate numbered `raw`; 15 if no move
    /// sequence reaches it.
    #[inline]
    pub fn get(&self, raw: usize) -> usize {
        usize::from(nibble(&self.0, raw))
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

    /// The exact distance of `next`, a neighbour of a coordinate `dist` from
    /// the goal.
    pub fn neighbour<S: Stage>(self, stage: &S, dist: usize, next: S::Coord) -> usize {
        match self {
            DistanceTable::Exact(distances) => distances.get(stage.raw_index(next)),
            DistanceTable::Packed(table) => table.neighbour(stage, dist, next),
        }
    }
}

/// A set of a stage's moves, bit `k` for its `k`-th move.
pub type MoveSet = u32;

/// The moves from a coordinate value that lead one move closer to the
/// stage's goal (`closer`) and those that stay as far (`level`); every other
/// move leads one further.
#[derive(Clone, Copy)]
pub struct MovesByDistance {
    pub closer: MoveSet,
    pub level: MoveSet,
}

/// A table that sorts a coordinate's moves by where they lead: the type a
/// walk over a stage's solutions is compiled for, so that its inner loop
/// does not ask which table it has at every node.
pub trait Neighbours: Copy {
    /// The moves from `coord`, which is `dist` from the goal, by distance.
    fn moves_by_distance<S: Stage>(
        self,
        stage: &S,
        coord: S::Coord,
        dist: usize,
    ) -> MovesByDistance;
}

impl Neighbours for &MoveMasks {
    #[inline]
    fn moves_by_distance<S: Stage>(
        self,
        stage: &S,
        coord: S::Coord,
        _dist: usize,
    ) -> MovesByDistance {
        self.get(stage.raw_index(coord))
    }
}

impl Neighbours for Packed<'_> {
    fn moves_by_distance<S: Stage>(
        self,
        stage: &S,
        coord: S::Coord,
        dist: usize,
    ) -> MovesByDistance {
        let mut moves = MovesByDistance {
            closer: 0,
            level: 0,
        };
        for k in 0..stage.moves().len() {
            let next = self.neighbour(stage, dist, stage.step(coord, k));
            if next < dist {
                moves.closer |= 1 << k;
            } else if next == dist {
                moves.level |= 1 << k;
            }
        }
        moves
    }
}

impl Packed<'_> {
    /// The exact distance of `next`, a neighbour of a coordinate `dist`
    /// from the goal.
    #[inline]
    fn neighbour<S: Stage>(self, stage: &S, dist: usize, next: S::Coord) -> usize {
        bfs::neighbour_distance(dist, self.get(stage.index(next)))
    }
}

/// `MovesByDistance` for every coordinate value of a stage, by raw index:
/// a walk over the stage's solutions reads one entry a node instead of a
/// distance for each move. Stages of up to 16 moves keep both sets in one
/// word; stage 1's 18 moves take two.
pub struct MoveMasks {
    wide: bool,
    entries: Vec<u32>,
}

impl MoveMasks {
    fn with_capacity(values: usize, moves: usize) -> MoveMasks {
        let wide = moves > 16;
        MoveMasks {
            wide,
            entries: Vec::with_capacity(values * if wide { 2 } else { 1 }),
        }
    }

    fn push(&mut self, by_distance: MovesByDistance) {
        let MovesByDistance { closer, level } = by_distance;
        if self.wide {
            self.entries.extend([closer, level]);
        } else {
            self.entries.push(closer | level << 16);
        }
    }

    #[inline]
    pub fn get(&self, raw: usize) -> MovesByDistance {
        if self.wide {
            MovesByDistance {
                closer: self.entries[2 * raw],
                level: self.entries[2 * raw + 1],
            }
        } else {
            let entry = self.entries[raw];
            MovesByDistance {
                closer: entry & 0xffff,
                level: entry >> 16,
            }
        }
    }
}

/// Builds a stage's `Distances` from its first-move table: following first
/// moves from a value reaches the goal in exactly its distance, and each
/// value is followed once, as the chain it starts stops at the first value
/// already known.
pub struct BuildDistances<'a>(pub &'a FirstMoves);

impl StageVisitor for BuildDistances<'_> {
    type Output = Distances;
    fn visit<S: Stage>(self, stage: &S) -> Distances {
        let unknown = u8::MAX;
        let mut distances = vec![unknown; S::RAW_SIZE];
        let mut chain = Vec::new();
        for raw in 0..S::RAW_SIZE {
            let mut at = raw;
            while distances[at] == unknown {
                let coord = stage.raw_coord(at);
                match self.0.get(at) {
                    Some(k) => {
                        chain.push(at);
                        at = stage.raw_index(stage.step(coord, k));
                    }
                    None if coord == stage.goal() => distances[at] = 0,
                    None => distances[at] = UNREACHED_NIBBLE,
                }
            }
            let mut distance = distances[at];
            while let Some(on_chain) = chain.pop() {
                distance += 1;
                distances[on_chain] = distance;
            }
        }
        Distances(pack_nibbles(&distances))
    }
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
        for (k, _) in descent(stage, stage.coord(&cube)) {
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
    // One allocation per stage, rather than one each time it grows, and
    // made directly rather than by growing an empty list.
    let mut moves: StageMoves = StageKind::ALL.map(|kind| Vec::with_capacity(kind.max_length()));
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

#[cfg(test)]
mod tests {
    use super::*;

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
                    table.get(stage.index(coord)) != crate::bfs::PACKED_UNREACHED
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
            let table = tables::table(S::KIND);
            let distances = tables::distances(S::KIND).expect("prepared");
            (0..S::RAW_SIZE)
                .step_by(89)
                .map(|raw| {
                    let coord = stage.raw_coord(raw);
                    let reached = table.get(stage.index(coord)) != crate::bfs::PACKED_UNREACHED;
                    let descended = reached.then(|| descent(stage, coord).count());
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

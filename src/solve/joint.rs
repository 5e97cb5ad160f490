//! Joint bounds for the proof of the shortest solution (`shortest`):
//! admissible lower bounds on what consecutive stages cost together.
//!
//! Each stage's own table says what that stage costs, but not what the
//! next stage will cost from wherever it ends; a state two moves from the
//! end of stage 2 may leave stage 3 ten moves to do. A joint table is the
//! exact cost of both stages on a projection of the cube (a few
//! coordinates the moves act on): the earlier stage's moves until its goal
//! holds on the projection, then the later stage's moves until the later
//! goal does. Every real pair of stage solutions projects to such a path,
//! so its cost is a lower bound.
//! The tables are built on first use (a few hundred milliseconds), so the
//! page carries no more bytes.

use crate::cube::coord::{self, CornerCosets};
use crate::cube::cubie::{CubieCube, Move, SOLVED};
use crate::solve::stage::{class_move_table, move_table, with, StageKind};
use crate::solve::tables;
use std::sync::{Arc, OnceLock};

/// An entry no path reaches.
const UNREACHED: u8 = u8::MAX;

/// A level of a joint table's search (`joint_costs`) holding more values
/// than a `PULL_SHARE`-th of those not yet reached is searched from them,
/// each looking for a neighbour on the level: in order through the table,
/// where pushing from each value on the level reads it at random. In the
/// lab's module the two tables took 0.78 times as long (322 against 416
/// ms, the sum of their medians over four builds in Node); at 1 rather
/// than 4, 0.82 times. The tables are the same.
const PULL_SHARE: usize = 4;

/// A joint table read at a cube's coordinates on its projections, which a
/// walk of the earlier stage follows move by move (by the index of the
/// move in the earlier stage's `allowed_moves`) rather than reading them
/// off the cube at every node.
pub trait JointBound {
    type Coord: Copy;
    fn coord(&self, cube: &CubieCube) -> Self::Coord;
    /// The coordinates after the earlier stage's `k`-th move.
    fn step(&self, coord: Self::Coord, k: usize) -> Self::Coord;
    /// A lower bound on what the rest of the earlier stage and all of the
    /// later ones it covers cost from these coordinates (the cube in the
    /// earlier stage's group).
    fn bound_at(&self, coord: Self::Coord) -> usize;
    /// `step`, if the bound there is within `room`: where there are
    /// several tables, the first that says no spares stepping and reading
    /// the others.
    fn step_within(&self, coord: Self::Coord, k: usize, room: usize) -> Option<Self::Coord> {
        let next = self.step(coord, k);
        (self.bound_at(next) <= room).then_some(next)
    }
    /// `bound_at` a cube's own coordinates.
    fn bound(&self, cube: &CubieCube) -> usize {
        self.bound_at(self.coord(cube))
    }
}

/// Costs packed two to a byte, each capped at 15: half the bytes of a
/// table of costs, so that more of the tables a proof reads at every node
/// stay in the cache. A capped cost is still a lower bound, and the room a
/// proof tests them against is rarely over 15.
pub struct Nibbles(Vec<u8>);

impl Nibbles {
    const MAX: u8 = 15;

    fn pack(costs: &[u8]) -> Nibbles {
        let capped = |c: Option<&u8>| c.map_or(0, |&c| c.min(Nibbles::MAX));
        Nibbles(
            costs
                .chunks(2)
                .map(|pair| capped(pair.first()) | capped(pair.get(1)) << 4)
                .collect(),
        )
    }

    #[inline]
    fn get(&self, at: usize) -> usize {
        let byte = self.0.get(at / 2).copied().unwrap_or(Nibbles::MAX);
        usize::from(byte >> (at % 2 * 4) & Nibbles::MAX)
    }
}

/// The exact cost of two consecutive stages on a projection of `size`
/// values, `step(value, k)` being the value after the earlier stage's
/// `k`-th move: the later stage's moves are those `late[k]` marks. Where
/// the earlier goal holds, the later stage starts.
fn joint_costs(
    size: usize,
    moves: &[Move],
    late: &[bool],
    step: impl Fn(usize, usize) -> usize,
    early_goal: impl Fn(usize) -> bool,
    late_goal: impl Fn(usize) -> bool,
) -> Vec<u8> {
    // The later stage alone, from its goal outwards (its moves are closed
    // under inverses, so distances to the goal are distances from it).
    let mut later = vec![UNREACHED; size];
    let mut queue: Vec<u32> = (0..size)
        .filter(|&v| late_goal(v))
        .map(|v| v as u32)
        .collect();
    for &v in &queue {
        later[v as usize] = 0;
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head] as usize;
        head += 1;
        for k in (0..moves.len()).filter(|&k| late[k]) {
            let next = step(v, k);
            if later[next] == UNREACHED {
                later[next] = later[v] + 1;
                queue.push(next as u32);
            }
        }
    }
    // Both stages: where the earlier goal holds, the later stage's cost;
    // then outwards by the earlier stage's moves, nearest first.
    let mut costs = vec![UNREACHED; size];
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    for v in 0..size {
        let cost = if early_goal(v) { later[v] } else { UNREACHED };
        if cost != UNREACHED {
            costs[v] = cost;
            let bucket = cost as usize;
            if buckets.len() <= bucket {
                buckets.resize(bucket + 1, Vec::new());
            }
            buckets[bucket].push(v as u32);
        }
    }
    let mut unreached = costs.iter().filter(|&&c| c == UNREACHED).count();
    let mut distance = 0;
    while distance < buckets.len() {
        let bucket = std::mem::take(&mut buckets[distance]);
        let mut reached = buckets
            .get_mut(distance + 1)
            .map(std::mem::take)
            .unwrap_or_default();
        let next_cost = distance as u8 + 1;
        if bucket.len() > unreached / PULL_SHARE {
            // Each value not yet as near looks for a neighbour on this level
            // (the moves hold their inverses).
            for v in 0..size {
                if costs[v] > next_cost
                    && (0..moves.len()).any(|k| usize::from(costs[step(v, k)]) == distance)
                {
                    unreached -= usize::from(costs[v] == UNREACHED);
                    costs[v] = next_cost;
                    reached.push(v as u32);
                }
            }
        } else {
            for v in bucket {
                let v = v as usize;
                if costs[v] as usize != distance {
                    continue;
                }
                for k in 0..moves.len() {
                    let next = step(v, k);
                    if costs[next] > next_cost {
                        unreached -= usize::from(costs[next] == UNREACHED);
                        costs[next] = next_cost;
                        reached.push(next as u32);
                    }
                }
            }
        }
        if !reached.is_empty() {
            if buckets.len() <= distance + 1 {
                buckets.resize(distance + 2, Vec::new());
            }
            buckets[distance + 1] = reached;
        }
        distance += 1;
    }
    costs
}

/// The moves of stage `early` and, for each, whether the next stage's group
/// has it too.
fn joint_moves(early: StageKind) -> (Vec<Move>, Vec<bool>) {
    let moves = early.allowed_moves();
    let late_moves = early
        .next()
        .expect("a joint table's earlier stage is not the last")
        .allowed_moves();
    let late = moves.iter().map(|m| late_moves.contains(m)).collect();
    (moves, late)
}

/// The step of a pair of coordinates `(a, b)`, numbered `a * b_size + b`,
/// from their move tables over `n` moves.
fn product_step<'a>(
    a_move: &'a [u16],
    b_move: &'a [u16],
    b_size: usize,
    n: usize,
) -> impl Fn(usize, usize) -> usize + 'a {
    move |v, k| {
        let (a, b) = (v / b_size, v % b_size);
        a_move[a * n + k] as usize * b_size + b_move[b * n + k] as usize
    }
}

/// Where the middle-layer (E-slice) edges are (`coord::slice`, 495) and,
/// among the other eight positions in order, where the M-slice edges are
/// (70): 34,650 values, solved at `(SLICE_SOLVED, M_PLACEMENT_SOLVED)`.
fn edge_slices(cube: &CubieCube) -> usize {
    let mut marks = [false; 8];
    let others = cube.ep.iter().filter(|&&e| (e as usize) < 8);
    for (mark, &e) in marks.iter_mut().zip(others) {
        *mark = coord::M_EDGES.contains(&(e as usize));
    }
    coord::slice(cube) as usize * coord::N_M_PLACEMENT + coord::combination_rank(&marks) as usize
}

/// Where the middle-layer edges are (`coord::slice`) and their order
/// there, by position: 495 × 24 values.
const N_E_ORDER: usize = coord::N_SLICE * 24;

fn e_order(cube: &CubieCube) -> usize {
    let mut order = [0u8; 4];
    let e_edges = cube.ep.iter().filter(|&&e| e >= 8);
    for (slot, &e) in order.iter_mut().zip(e_edges) {
        *slot = e - 8;
    }
    coord::slice(cube) as usize * 24 + coord::permutation_rank(&order)
}

fn set_e_order(value: usize) -> CubieCube {
    let mut cube = SOLVED;
    coord::set_slice(&mut cube, (value / 24) as u16);
    let mut order = coord::permutation_unrank::<4>(value % 24).into_iter();
    for e in cube.ep.iter_mut().filter(|e| **e >= 8) {
        *e = 8 + order.next().expect("four middle-layer edges");
    }
    cube
}

fn set_edge_slices(value: usize) -> CubieCube {
    let mut cube = SOLVED;
    coord::set_slice(&mut cube, (value / coord::N_M_PLACEMENT) as u16);
    let marks: [bool; 8] = coord::combination_unrank(value % coord::N_M_PLACEMENT, 4);
    let (mut m, mut s) = (coord::M_EDGES.iter(), coord::S_EDGES.iter());
    let others = cube.ep.iter_mut().filter(|e| (**e as usize) < 8);
    for (e, &is_m) in others.zip(&marks) {
        let next = if is_m { m.next() } else { s.next() };
        *e = *next.expect("four M-slice and four S-slice edges") as u8;
    }
    cube
}

/// Stages 2 and 3 together (and, on the edges, stage 4 too), on two
/// projections: the corners, twist (2,187) × corner class (420), where
/// stage 2 ends with no corner twisted and stage 3 with the corners in the
/// half-turn group's class; and the edges, `edge_slices` × the order of
/// the middle-layer edges where they are (34,650 × 24), where stage 2 ends
/// with the middle-layer edges in the middle layer and stage 3's moves
/// then take the M-slice edges into the M slice and the middle-layer
/// edges home (stage 4's moves are stage 3's too, and its goal is theirs,
/// in order). Without stage 4's order, the edges' bound was 24% fewer
/// proof nodes weaker on a random state (84.7 M nodes against 64.5 M).
pub struct StagesTwoThree {
    cosets: Arc<CornerCosets>,
    corners: Nibbles,
    edges: Nibbles,
    moves: usize,
    twist_move: Vec<u16>,
    class_move: Vec<u16>,
    edge_move: Vec<u16>,
    e_order_move: Vec<u16>,
}

impl StagesTwoThree {
    /// The corners' twist and class after the `k`-th move.
    fn step_corners(&self, twist: u16, class: u16, k: usize) -> (u16, u16) {
        let n = self.moves;
        (
            self.twist_move[twist as usize * n + k],
            self.class_move[class as usize * n + k],
        )
    }

    /// The edges' `edge_slices` and `e_order` after the `k`-th move.
    fn step_edges(&self, edges: u16, e_order: u16, k: usize) -> (u16, u16) {
        let n = self.moves;
        (
            self.edge_move[edges as usize * n + k],
            self.e_order_move[e_order as usize * n + k],
        )
    }

    /// What the corners' table says at a twist and class.
    fn corner_cost(&self, twist: u16, class: u16) -> usize {
        self.corners
            .get(twist as usize * coord::N_CORNER_CLASS + class as usize)
    }

    /// What the edges' table says at an `edge_slices` and `e_order`.
    fn edge_cost(&self, edges: u16, e_order: u16) -> usize {
        self.edges.get(edges as usize * 24 + e_order as usize % 24)
    }

    fn build() -> StagesTwoThree {
        let cosets = Arc::clone(tables::stages().corner_cosets());
        let (moves, late) = joint_moves(StageKind::OrientCornersSlice);
        let n = moves.len();
        let twist_move = move_table(coord::N_TWIST, &moves, with(coord::set_twist), coord::twist);
        let class_move = class_move_table(&cosets, &moves);
        let classes = coord::N_CORNER_CLASS;
        let corners = joint_costs(
            coord::N_TWIST * classes,
            &moves,
            &late,
            product_step(&twist_move, &class_move, classes, n),
            |v| v / classes == 0,
            |v| v == 0,
        );
        let edge_count = coord::N_SLICE * coord::N_M_PLACEMENT;
        let edge_move = move_table(edge_count, &moves, set_edge_slices, |cube| {
            edge_slices(cube) as u16
        });
        let e_order_move = move_table(N_E_ORDER, &moves, set_e_order, |cube| e_order(cube) as u16);
        // Edge values are numbered `edge_slices * 24 + E order within its
        // positions`; the E order's positions are those `edge_slices` names.
        let step = |v: usize, k: usize| {
            let (slices, order) = (v / 24, v % 24);
            let e_order = slices / coord::N_M_PLACEMENT * 24 + order;
            edge_move[slices * n + k] as usize * 24 + e_order_move[e_order * n + k] as usize % 24
        };
        let solved = edge_slices(&SOLVED) * 24 + e_order(&SOLVED) % 24;
        let edges = joint_costs(
            edge_count * 24,
            &moves,
            &late,
            step,
            |v| v / 24 / coord::N_M_PLACEMENT == coord::SLICE_SOLVED as usize,
            |v| v == solved,
        );
        StagesTwoThree {
            cosets,
            corners: Nibbles::pack(&corners),
            edges: Nibbles::pack(&edges),
            moves: n,
            twist_move,
            class_move,
            edge_move,
            e_order_move,
        }
    }

    /// The tables, built on first use.
    pub fn get() -> &'static StagesTwoThree {
        static TABLES: OnceLock<StagesTwoThree> = OnceLock::new();
        TABLES.get_or_init(StagesTwoThree::build)
    }
}

impl JointBound for StagesTwoThree {
    /// Twist, corner class, `edge_slices` and `e_order`.
    type Coord = [u16; 4];

    fn coord(&self, cube: &CubieCube) -> Self::Coord {
        [
            coord::twist(cube),
            self.cosets.class(cube),
            edge_slices(cube) as u16,
            e_order(cube) as u16,
        ]
    }

    fn step(&self, [twist, class, edges, e_order]: Self::Coord, k: usize) -> Self::Coord {
        let (twist, class) = self.step_corners(twist, class, k);
        let (edges, e_order) = self.step_edges(edges, e_order, k);
        [twist, class, edges, e_order]
    }

    fn bound_at(&self, [twist, class, edges, e_order]: Self::Coord) -> usize {
        self.corner_cost(twist, class)
            .max(self.edge_cost(edges, e_order))
    }

    /// The corners' table first: it says no more often than the edges',
    /// whose coordinates' move tables, the larger, are then not read.
    fn step_within(
        &self,
        [twist, class, edges, e_order]: Self::Coord,
        k: usize,
        room: usize,
    ) -> Option<Self::Coord> {
        let (twist, class) = self.step_corners(twist, class, k);
        if self.corner_cost(twist, class) > room {
            return None;
        }
        let (edges, e_order) = self.step_edges(edges, e_order, k);
        (self.edge_cost(edges, e_order) <= room).then_some([twist, class, edges, e_order])
    }
}

/// A joint table on two coordinates `(a, b)`, numbered `a * b_size + b`,
/// each stepped by its own move table over the earlier stage's moves.
pub struct ProductTable {
    costs: Nibbles,
    moves: usize,
    a_move: Vec<u16>,
    b_move: Vec<u16>,
    b_size: usize,
    coord: fn(&CubieCube) -> (u16, u16),
}

impl ProductTable {
    /// `joint_costs` over the product of `a_move` and `b_move` (move
    /// tables over `moves`, `b_move`'s of `b_size` values), the goals
    /// judged on the product's number; `coord` reads `(a, b)` off a cube.
    fn build(
        (moves, late): (Vec<Move>, Vec<bool>),
        (a_move, b_move, b_size): (Vec<u16>, Vec<u16>, usize),
        coord: fn(&CubieCube) -> (u16, u16),
        early_goal: impl Fn(usize) -> bool,
        late_goal: impl Fn(usize) -> bool,
    ) -> ProductTable {
        let n = moves.len();
        let costs = joint_costs(
            a_move.len() / n * b_size,
            &moves,
            &late,
            product_step(&a_move, &b_move, b_size, n),
            early_goal,
            late_goal,
        );
        ProductTable {
            costs: Nibbles::pack(&costs),
            moves: n,
            a_move,
            b_move,
            b_size,
            coord,
        }
    }
}

impl JointBound for ProductTable {
    type Coord = (u16, u16);

    fn coord(&self, cube: &CubieCube) -> Self::Coord {
        (self.coord)(cube)
    }

    fn step(&self, (a, b): Self::Coord, k: usize) -> Self::Coord {
        let n = self.moves;
        (
            self.a_move[a as usize * n + k],
            self.b_move[b as usize * n + k],
        )
    }

    fn bound_at(&self, (a, b): Self::Coord) -> usize {
        self.costs.get(a as usize * self.b_size + b as usize)
    }
}

/// Stages 3 and 4 together on the corner permutation (40,320) × where the
/// M-slice edges are (`coord::m_placement`, 70): stage 3 ends with the
/// corners in the half-turn group's class and the M-slice edges in the M
/// slice, stage 4 with the corners solved. Built on first use.
pub fn stages_three_four() -> &'static ProductTable {
    static TABLE: OnceLock<ProductTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let cosets = tables::stages().corner_cosets();
        let (moves, late) = joint_moves(StageKind::SeparatePieces);
        let perm_move = move_table(
            coord::N_CORNER_PERM,
            &moves,
            |rank| CubieCube {
                cp: coord::permutation_unrank(rank),
                ..SOLVED
            },
            |cube| coord::permutation_rank(&cube.cp) as u16,
        );
        let m_move = move_table(
            coord::N_M_PLACEMENT,
            &moves,
            with(coord::set_m_placement),
            coord::m_placement,
        );
        // Class 0 of each corner permutation, by rank.
        let in_class_zero: Vec<bool> = (0..coord::N_CORNER_PERM)
            .map(|rank| cosets.coset[rank] < coord::N_HALF_TURN_CORNERS as u16)
            .collect();
        let places = coord::N_M_PLACEMENT;
        let m_solved = coord::M_PLACEMENT_SOLVED as usize;
        ProductTable::build(
            (moves, late),
            (perm_move, m_move, places),
            |cube| {
                let perm = coord::permutation_rank(&cube.cp) as u16;
                (perm, coord::m_placement(cube))
            },
            |v| v % places == m_solved && in_class_zero[v / places],
            |v| v == m_solved,
        )
    })
}

/// Stage 1 has no joint table: its bound is 0.
#[derive(Clone, Copy)]
pub struct NoJointBound;

impl JointBound for NoJointBound {
    type Coord = ();
    fn coord(&self, _cube: &CubieCube) {}
    fn step(&self, _coord: (), _k: usize) {}
    fn bound_at(&self, _coord: ()) -> usize {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::fewest;
    use crate::solve::orientation::Orientation;
    use crate::solve::scramble;
    use rand::Rng;

    /// On a 60 × 60 torus, where the earlier stage moves a step along
    /// either axis and the later stage along the first alone, each value's
    /// joint cost is the least, over the values where the earlier goal
    /// holds (the second coordinate 0), of the later stage's cost there
    /// plus the steps to it: what relaxing every value until nothing
    /// changes gives. Its levels grow large, so both ways of searching a
    /// level (`PULL_SHARE`) are taken.
    #[test]
    fn joint_costs_are_the_least_over_both_stages() {
        const SIDE: usize = 60;
        let moves = [Move::ALL[0], Move::ALL[2], Move::ALL[3], Move::ALL[5]];
        let late = [true, true, false, false];
        let step = |v: usize, k: usize| {
            let (x, y) = (v / SIDE, v % SIDE);
            match k {
                0 => (x + 1) % SIDE * SIDE + y,
                1 => (x + SIDE - 1) % SIDE * SIDE + y,
                2 => x * SIDE + (y + 1) % SIDE,
                _ => x * SIDE + (y + SIDE - 1) % SIDE,
            }
        };
        let early_goal = |v: usize| v.is_multiple_of(SIDE);
        let costs = joint_costs(SIDE * SIDE, &moves, &late, step, early_goal, |v| v == 0);
        let mut relaxed: Vec<u8> = (0..SIDE * SIDE)
            .map(|v| {
                let x = v / SIDE;
                if early_goal(v) {
                    x.min(SIDE - x) as u8
                } else {
                    UNREACHED
                }
            })
            .collect();
        let mut changed = true;
        while changed {
            changed = false;
            for v in 0..SIDE * SIDE {
                let nearest = (0..moves.len()).map(|k| relaxed[step(v, k)]).min().unwrap();
                if nearest != UNREACHED && nearest + 1 < relaxed[v] {
                    relaxed[v] = nearest + 1;
                    changed = true;
                }
            }
        }
        assert_eq!(costs, relaxed);
        assert_eq!(costs.iter().max(), Some(&60));
    }

    /// Fewest-moves solutions are short: their stages 2 to 4, after stage
    /// 1, and their stages 3 and 4, after stage 2, cost no less than the
    /// bounds say, in the orientation they use; and the bounds say more
    /// than the earlier stage's own cost often.
    #[test]
    fn later_stages_of_fewest_solutions_cost_at_least_the_bounds() {
        let mut rng = scramble::rng(Some(13));
        let tables = StagesTwoThree::get();
        let later = stages_three_four();
        let (mut beyond_stage_two, mut beyond_stage_three) = (0, 0);
        for _ in 0..200 {
            let cube = scramble::random_state(&mut rng);
            let solution = fewest::solve_fewest(&cube, 20_000).unwrap();
            let orientation = Orientation::with_axes(solution.axes).unwrap();
            let seen = |stage: usize| -> Vec<Move> {
                let moves = &solution.stages[stage].moves;
                moves
                    .iter()
                    .map(|&m| orientation.move_from_cube(m))
                    .collect()
            };
            let after_one = orientation.conjugate(&cube).apply(&seen(0));
            let cost = seen(1).len() + seen(2).len() + seen(3).len();
            let bound = tables.bound(&after_one);
            assert!(bound <= cost, "bound {bound} over a cost of {cost}");
            beyond_stage_two += usize::from(bound > seen(1).len());
            let after_two = after_one.apply(&seen(1));
            let cost = seen(2).len() + seen(3).len();
            let bound = later.bound(&after_two);
            assert!(bound <= cost, "bound {bound} over a cost of {cost}");
            beyond_stage_three += usize::from(bound > seen(2).len());
        }
        assert!(beyond_stage_two > 100, "{beyond_stage_two} of 200");
        assert!(beyond_stage_three > 100, "{beyond_stage_three} of 200");
    }

    /// Along random walks of each earlier stage's moves, the coordinates
    /// stepped by the move tables are those read off the cube, and a step
    /// within a room is the step wherever its bound is within the room.
    #[test]
    fn stepped_coordinates_are_those_of_the_cube() {
        fn follow<J: JointBound>(joint: &J, kind: StageKind, start: CubieCube, rng: &mut impl Rng)
        where
            J::Coord: PartialEq + std::fmt::Debug,
        {
            let moves = kind.allowed_moves();
            let (mut cube, mut coord) = (start, joint.coord(&start));
            for _ in 0..200 {
                let k = rng.gen_range(0..moves.len());
                cube = cube.apply_move(moves[k]);
                let next = joint.step(coord, k);
                for room in 0..16 {
                    let within = (joint.bound_at(next) <= room).then_some(next);
                    assert_eq!(joint.step_within(coord, k, room), within, "room {room}");
                }
                coord = next;
                assert_eq!(coord, joint.coord(&cube), "after {}", moves[k]);
            }
        }
        // Stage 3's M-slice placement is a coordinate in G2 only.
        let mut rng = scramble::rng(Some(5));
        let cube = scramble::random_state(&mut rng);
        let [one, two, ..] = crate::solve::solver::stage_moves(&cube);
        let in_g1 = cube.apply(&one);
        let in_g2 = in_g1.apply(&two);
        let (stage_two, stage_three) = (StageKind::OrientCornersSlice, StageKind::SeparatePieces);
        follow(StagesTwoThree::get(), stage_two, in_g1, &mut rng);
        follow(stages_three_four(), stage_three, in_g2, &mut rng);
    }

    #[test]
    fn packed_costs_read_back_capped() {
        let costs: Vec<u8> = (0..=40).chain([UNREACHED]).collect();
        let packed = Nibbles::pack(&costs);
        assert_eq!(packed.0.len(), costs.len().div_ceil(2));
        for (at, &cost) in costs.iter().enumerate() {
            assert_eq!(packed.get(at), usize::from(cost.min(15)), "at {at}");
        }
        let odd = Nibbles::pack(&[3, 9, 14]);
        assert_eq!([0, 1, 2].map(|at| odd.get(at)), [3, 9, 14]);
    }

    #[test]
    fn e_order_reads_back_what_was_set() {
        for value in 0..N_E_ORDER {
            assert_eq!(e_order(&set_e_order(value)), value);
        }
    }

    #[test]
    fn edge_slices_read_back_what_was_set() {
        for value in 0..coord::N_SLICE * coord::N_M_PLACEMENT {
            assert_eq!(edge_slices(&set_edge_slices(value)), value);
        }
        assert_eq!(
            edge_slices(&SOLVED),
            coord::SLICE_SOLVED as usize * coord::N_M_PLACEMENT
                + coord::M_PLACEMENT_SOLVED as usize
        );
    }
}

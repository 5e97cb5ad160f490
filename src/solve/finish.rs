//! The exact cost of finishing from domino reduction (stage 2's goal: the
//! group <U, D, R2, L2, F2, B2>) for the cubes that are near solved: how
//! fewest mode's search with NISS finishes most of its partial solutions,
//! and prunes the rest (`fewest::Search::near`). Without NISS, fewest mode
//! (the page's own module's) enumerates stages 3 and 4 as before: this
//! would add 4 KB gzipped to the first visit, for a plain search 7%
//! faster and 0.01 moves shorter on average.
//!
//! Stages 3 and 4 together are any path to solved in that group: the
//! moves up to its last quarter turn reach stage 3's goal (what follows
//! them is half turns, which keep to it), and the rest are stage 4's. So
//! the shortest such path is the shortest pair of stages 3 and 4. The
//! search meets a domino-reduced cube at every stage-2 solution it
//! enumerates (about 140,000 a solve) and wants the few whose finish is
//! short: the cubes at most `STORED` moves from solved are kept in a hash
//! set with their distances (about 147,000, found once, in about 20 ms),
//! those one move further are known by a neighbour at `STORED`, and any
//! other cube is further than `KNOWN`. Two small tables (the distances of
//! the corners' and of the U and D layers' edges' permutations alone) and
//! a bit set in front of the hash set turn most cubes away before it is
//! read.

use crate::cube::coord;
use crate::cube::cubie::{CubieCube, Move, SOLVED};
use crate::solve::stage::StageKind;
use std::sync::OnceLock;

/// The distance of the furthest cubes in the hash set.
const STORED: usize = 6;

/// The distance of the furthest cubes whose distance `NearFinish` knows.
pub(crate) const KNOWN: usize = STORED + 1;

/// The hash set's slots, a power of two: more than three times the cubes
/// it holds, so a probe rarely goes past its first slot.
const SLOT_BITS: u32 = 19;

/// The bit set's bits: eight for each slot, so a cube not in the set finds
/// its bit clear seven times in eight.
const BLOOM_BITS: u32 = SLOT_BITS + 3;

/// A slot holds a cube's key (`key`, 56 bits) and, above it, its distance
/// plus one: an empty slot is 0.
const KEY_MASK: u64 = (1 << 56) - 1;

/// The permutations of eight pieces.
const PERMUTATIONS_OF_EIGHT: usize = 40_320;

/// Exact finishing distances near solved (see the module's doc).
pub(crate) struct NearFinish {
    moves: Vec<Move>,
    corners: Vec<u8>,
    layer_edges: Vec<u8>,
    bloom: Vec<u64>,
    slots: Vec<u64>,
}

impl NearFinish {
    /// The table, built on first use.
    pub(crate) fn get() -> &'static NearFinish {
        static TABLE: OnceLock<NearFinish> = OnceLock::new();
        TABLE.get_or_init(NearFinish::build)
    }

    fn build() -> NearFinish {
        let moves = StageKind::SeparatePieces.allowed_moves();
        let mut table = NearFinish {
            corners: permutation_distances(&moves, |cube| cube.cp),
            layer_edges: permutation_distances(&moves, layer_edges),
            bloom: vec![0; 1 << (BLOOM_BITS - 6)],
            slots: vec![0; 1 << SLOT_BITS],
            moves,
        };
        table.insert(&SOLVED, 0);
        let moves = table.moves.clone();
        let mut frontier = vec![SOLVED];
        for distance in 1..=STORED {
            let mut next = Vec::new();
            for cube in &frontier {
                for &m in &moves {
                    let turned = cube.permute(m);
                    if table.insert(&turned, distance) {
                        next.push(turned);
                    }
                }
            }
            frontier = next;
        }
        table
    }

    /// The distance of `cube` (in domino reduction) to solved, if it is at
    /// most `room` and `KNOWN`.
    #[inline]
    pub(crate) fn within(&self, cube: &CubieCube, room: usize) -> Option<usize> {
        let room = room.min(KNOWN);
        if !self.may_be_within(cube, room) {
            return None;
        }
        if let Some(distance) = self.stored(cube) {
            return (distance <= room).then_some(distance);
        }
        // Beyond the set, one move beyond it at best.
        let beyond = room > STORED
            && self.moves.iter().any(|&m| {
                let turned = cube.permute(m);
                self.may_be_within(&turned, STORED) && self.stored(&turned) == Some(STORED)
            });
        beyond.then_some(KNOWN)
    }

    /// A shortest path from `cube`, `distance` moves from solved (as
    /// `within` gave it), to solved.
    pub(crate) fn finish(&self, cube: &CubieCube, distance: usize) -> Vec<Move> {
        let mut cube = *cube;
        let mut path = Vec::with_capacity(distance);
        for left in (0..distance).rev() {
            let Some((m, turned)) = self.moves.iter().find_map(|&m| {
                let turned = cube.permute(m);
                (self.within(&turned, left) == Some(left)).then_some((m, turned))
            }) else {
                break;
            };
            path.push(m);
            cube = turned;
        }
        path
    }

    /// Whether the corners alone and the U and D layers' edges alone are
    /// within `room` of solved (the cube then may be).
    #[inline]
    fn may_be_within(&self, cube: &CubieCube, room: usize) -> bool {
        let within = |table: &[u8], places: [u8; 8]| {
            table
                .get(eight_slot(places))
                .is_some_and(|&d| d as usize <= room)
        };
        within(&self.corners, cube.cp) && within(&self.layer_edges, layer_edges(cube))
    }

    /// The distance of `cube` if it is in the set.
    #[inline]
    fn stored(&self, cube: &CubieCube) -> Option<usize> {
        let key = key(cube);
        let bit = bloom_bit(key);
        if self
            .bloom
            .get(bit / 64)
            .is_none_or(|word| word >> (bit % 64) & 1 == 0)
        {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut at = slot(key);
        loop {
            let held = *self.slots.get(at)?;
            if held == 0 {
                return None;
            }
            if held & KEY_MASK == key {
                return Some((held >> 56) as usize - 1);
            }
            at = (at + 1) & mask;
        }
    }

    /// Puts `cube` in the set at `distance` unless it is there already.
    fn insert(&mut self, cube: &CubieCube, distance: usize) -> bool {
        let key = key(cube);
        let mask = self.slots.len() - 1;
        let mut at = slot(key);
        while let Some(held) = self.slots.get_mut(at) {
            if *held & KEY_MASK == key && *held != 0 {
                return false;
            }
            if *held == 0 {
                *held = key | (distance as u64 + 1) << 56;
                let bit = bloom_bit(key);
                if let Some(word) = self.bloom.get_mut(bit / 64) {
                    *word |= 1 << (bit % 64);
                }
                return true;
            }
            at = (at + 1) & mask;
        }
        false
    }
}

/// A domino-reduced cube as a number: its corners' places (3 bits each),
/// its U and D layers' edges' places (3 bits each, all eight in those
/// layers) and its middle layer's (2 bits each, all four there), each
/// packed from its bytes a pair, a quartet and an octet at a time (a
/// piece at a time was a chain of twenty steps at every test).
#[inline]
fn key(cube: &CubieCube) -> u64 {
    let [_, _, _, _, _, _, _, _, e8, e9, e10, e11] = cube.ep;
    let middle = u64::from(u32::from_le_bytes([e8, e9, e10, e11]) & 0x0303_0303);
    let middle = (middle | middle >> 6) & 0x000F_000F;
    let middle = (middle | middle >> 12) & 0xFF;
    pack_eight(cube.cp) | pack_eight(layer_edges(cube)) << 24 | middle << 48
}

/// Eight places of at most 7 (a byte each) as 24 bits, 3 bits each.
#[inline]
fn pack_eight(places: [u8; 8]) -> u64 {
    let packed = u64::from_le_bytes(places) & 0x0707_0707_0707_0707;
    let packed = (packed | packed >> 5) & 0x003F_003F_003F_003F;
    let packed = (packed | packed >> 10) & 0x0000_0FFF_0000_0FFF;
    (packed | packed >> 20) & 0xFF_FFFF
}

#[inline]
fn slot(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize
}

#[inline]
fn bloom_bit(key: u64) -> usize {
    (key.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - BLOOM_BITS)) as usize
}

/// The places of the edges of the U and D layers (positions 0 to 7), which
/// domino reduction keeps there.
#[inline]
fn layer_edges(cube: &CubieCube) -> [u8; 8] {
    let [e0, e1, e2, e3, e4, e5, e6, e7, ..] = cube.ep;
    [e0, e1, e2, e3, e4, e5, e6, e7]
}

/// Eight places (a byte each) hashed to a slot of a table of `EIGHT_BITS`
/// bits: cheaper than their rank.
#[inline]
fn eight_slot(places: [u8; 8]) -> usize {
    let packed = u64::from_le_bytes(places) & 0x0707_0707_0707_0707;
    (packed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - EIGHT_BITS)) as usize
}

/// The slots of the eight places' tables.
const EIGHT_BITS: u32 = 18;

/// The least distance to solved under `moves` of the permutations of eight
/// pieces that `part` reads off a cube, in each of their slots
/// (`eight_slot`).
fn permutation_distances(moves: &[Move], part: impl Fn(&CubieCube) -> [u8; 8]) -> Vec<u8> {
    let by_rank = permutation_ranks(moves, &part);
    let mut slots = vec![u8::MAX; 1 << EIGHT_BITS];
    for (rank, &distance) in by_rank.iter().enumerate() {
        let places: [u8; 8] = coord::permutation_unrank(rank);
        if let Some(least) = slots.get_mut(eight_slot(places)) {
            *least = (*least).min(distance);
        }
    }
    slots
}

/// The distance to solved under `moves` of each permutation of eight
/// pieces (by `coord::permutation_rank`) that `part` reads off a cube.
fn permutation_ranks(moves: &[Move], part: impl Fn(&CubieCube) -> [u8; 8]) -> Vec<u8> {
    let mut distances = vec![u8::MAX; PERMUTATIONS_OF_EIGHT];
    let mut frontier = vec![SOLVED];
    if let Some(solved) = distances.get_mut(coord::permutation_rank(&part(&SOLVED))) {
        *solved = 0;
    }
    let mut distance = 0;
    while !frontier.is_empty() {
        distance += 1;
        let mut next = Vec::new();
        for cube in &frontier {
            for &m in moves {
                let turned = cube.permute(m);
                if let Some(d) = distances.get_mut(coord::permutation_rank(&part(&turned))) {
                    if *d == u8::MAX {
                        *d = distance;
                        next.push(turned);
                    }
                }
            }
        }
        frontier = next;
    }
    distances
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::notation::parse;

    fn cube(moves: &str) -> CubieCube {
        parse(moves).expect("valid moves").cube()
    }

    #[test]
    fn distances_near_solved_are_exact() {
        let table = NearFinish::get();
        assert_eq!(table.within(&SOLVED, KNOWN), Some(0));
        // Seven moves of the group, no two on one face or cancelling: the
        // proof (`solve --shortest`) of this cube is 7 moves.
        let seven = cube("U R2 D' F2 U2 L2 B2");
        assert_eq!(table.within(&seven, KNOWN), Some(7));
        assert_eq!(table.within(&seven, 6), None, "not within 6");
        assert_eq!(table.within(&cube("U R2 D' F2"), KNOWN), Some(4));
        // Nine moves away: further than the table knows.
        assert_eq!(table.within(&cube("U R2 D' F2 U2 L2 B2 D R2"), KNOWN), None);
    }

    #[test]
    fn a_finish_solves_in_its_distance() {
        let table = NearFinish::get();
        for moves in ["U R2 D' F2 U2 L2 B2", "R2 U F2 D", "U2 D2"] {
            let start = cube(moves);
            let distance = table.within(&start, KNOWN).expect("near solved");
            let finish = table.finish(&start, distance);
            assert_eq!(finish.len(), distance, "{moves}");
            assert_eq!(start.apply(&finish), SOLVED, "{moves}");
        }
    }
}

//! Exact distance tables: a breadth-first search over a stage's coordinate
//! space from its goal, then packed to two bits per entry (distance mod 3,
//! which is all that descent needs: every neighbour is at d−1, d or d+1).
//! Shared with `build.rs`, which runs it at build time.

use crate::solve::stage::Stage;

/// Marks an entry no move sequence reaches.
pub const UNREACHED: u8 = u8::MAX;
/// The packed value of an unreached entry.
pub const PACKED_UNREACHED: u8 = 3;

/// The distance of every coordinate value from the stage's goal, in moves
/// of the stage's group; `UNREACHED` where there is none.
pub fn distances<S: Stage>(stage: &S) -> Vec<u8> {
    let mut distance = vec![UNREACHED; S::SIZE];
    let goal = stage.index(stage.goal());
    distance[goal] = 0;
    let mut queue = vec![goal as u32];
    let mut head = 0;
    while head < queue.len() {
        let index = queue[head] as usize;
        head += 1;
        let coord = stage.coord_at(index);
        let next_distance = distance[index] + 1;
        for k in 0..stage.moves().len() {
            let next = stage.index(stage.step(coord, k));
            if distance[next] == UNREACHED {
                distance[next] = next_distance;
                queue.push(next as u32);
            }
        }
    }
    distance
}

/// How many coordinate values lie at each distance 0, 1, 2, …, looking each
/// one up, so that a symmetry-reduced table counts every value it covers.
pub fn histogram<S: Stage>(stage: &S, distances: &[u8]) -> Vec<usize> {
    let mut counts = Vec::new();
    for raw in 0..S::RAW_SIZE {
        let d = distances[stage.index(stage.raw_coord(raw))];
        if d == UNREACHED {
            continue;
        }
        if counts.len() <= d as usize {
            counts.resize(d as usize + 1, 0);
        }
        counts[d as usize] += 1;
    }
    counts
}

/// Distances mod 3, four entries a byte, lowest bits first.
pub fn pack(distances: &[u8]) -> Vec<u8> {
    distances
        .chunks(4)
        .map(|chunk| {
            chunk.iter().enumerate().fold(0u8, |byte, (i, &d)| {
                let value = if d == UNREACHED {
                    PACKED_UNREACHED
                } else {
                    d % 3
                };
                byte | value << (2 * i)
            })
        })
        .collect()
}

/// The exact distance of a neighbour, from the exact distance `dist` of the
/// coordinate it neighbours and its own packed entry (distance mod 3): one
/// move changes the distance by at most one, so the entry tells which way.
pub fn neighbour_distance(dist: usize, packed: u8) -> usize {
    match (packed as usize + 3 - dist % 3) % 3 {
        0 => dist,
        1 => dist + 1,
        _ => dist - 1,
    }
}

/// A packed distance table.
#[derive(Clone, Copy)]
pub struct Packed<'a>(pub &'a [u8]);

impl Packed<'_> {
    /// Distance mod 3 of entry `index`, or `PACKED_UNREACHED`.
    #[inline]
    pub fn get(self, index: usize) -> u8 {
        (self.0[index >> 2] >> ((index & 3) * 2)) & 3
    }

    /// The exact distance of `next`, a neighbour of a coordinate `dist`
    /// from the goal.
    #[inline]
    pub fn neighbour<S: Stage>(self, stage: &S, dist: usize, next: S::Coord) -> usize {
        neighbour_distance(dist, self.get(stage.index(next)))
    }
}

/// One line of a histogram report: `stage K: c0 c1 c2 …`.
pub fn histogram_line(stage_number: usize, counts: &[usize]) -> String {
    let counts: Vec<String> = counts.iter().map(ToString::to_string).collect();
    format!("stage {stage_number}: {}", counts.join(" "))
}

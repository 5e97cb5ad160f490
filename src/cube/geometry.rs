//! Where things are in space: the grid position and outward face of each of
//! the 54 stickers, each face's normal, which cubies a face's layer carries,
//! and which way and how far a move turns it. Playback uses it to know what
//! turns; the renderer, to know where to draw.

use crate::cube::cubie::{Face, Move};

/// Where a sticker sits: the cubie's grid position (each coordinate -1, 0 or
/// 1; x towards R, y towards U, z towards F) and the face it looks out of.
pub fn sticker_place(index: usize) -> ([i32; 3], Face) {
    let face = Face::ALL[(index / 9) % 6];
    let (row, col) = ((index % 9 / 3) as i32, (index % 3) as i32);
    // Each face is read row by row as seen looking at it (Kociemba's layout).
    let position = match face {
        Face::U => [col - 1, 1, row - 1],
        Face::R => [1, 1 - row, 1 - col],
        Face::F => [col - 1, 1 - row, 1],
        Face::D => [col - 1, -1, 1 - row],
        Face::L => [-1, 1 - row, col - 1],
        Face::B => [1 - col, 1 - row, -1],
    };
    (position, face)
}

/// The outward unit normal of a face as a grid vector.
pub fn normal(face: Face) -> [i32; 3] {
    match face {
        Face::U => [0, 1, 0],
        Face::R => [1, 0, 0],
        Face::F => [0, 0, 1],
        Face::D => [0, -1, 0],
        Face::L => [-1, 0, 0],
        Face::B => [0, 0, -1],
    }
}

/// The grid coordinate (0 = x, 1 = y, 2 = z) a face's normal runs along.
pub fn grid_axis(face: Face) -> usize {
    match face {
        Face::R | Face::L => 0,
        Face::U | Face::D => 1,
        Face::F | Face::B => 2,
    }
}

/// Signed quarter turns of a move: 1, 2, or -1 for a prime.
pub fn signed_quarters(m: Move) -> i32 {
    if m.quarters == 3 {
        -1
    } else {
        i32::from(m.quarters)
    }
}

/// Whether the cubie at grid `position` turns with `face`'s layer.
pub fn in_layer(face: Face, position: [i32; 3]) -> bool {
    let n = normal(face);
    (0..3).any(|i| n[i] != 0 && position[i] == n[i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::cubie::CubieCube;
    use crate::cube::facelet;

    /// Rotates a grid vector a quarter turn about `axis` (right-handed).
    fn quarter(axis: [i32; 3], v: [i32; 3]) -> [i32; 3] {
        // Rodrigues with cos = 0, sin = 1 and a unit axis: a × v + a (a · v).
        let dot = axis[0] * v[0] + axis[1] * v[1] + axis[2] * v[2];
        let cross = [
            axis[1] * v[2] - axis[2] * v[1],
            axis[2] * v[0] - axis[0] * v[2],
            axis[0] * v[1] - axis[1] * v[0],
        ];
        [0, 1, 2].map(|i| cross[i] + axis[i] * dot)
    }

    #[test]
    fn sticker_places_are_distinct_and_on_their_face() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..54 {
            let (p, face) = sticker_place(i);
            assert!(in_layer(face, p), "sticker {i}");
            assert!(seen.insert((p, face)), "sticker {i} duplicated");
        }
    }

    #[test]
    fn sticker_places_match_the_corner_and_edge_tables() {
        for stickers in facelet::CORNER_FACELETS {
            let p = sticker_place(stickers[0]).0;
            assert!(stickers.iter().all(|&s| sticker_place(s).0 == p));
        }
        for stickers in facelet::EDGE_FACELETS {
            let p = sticker_place(stickers[0]).0;
            assert!(stickers.iter().all(|&s| sticker_place(s).0 == p));
        }
    }

    /// The renderer turns a layer by `-quarter_turns * 90°` about the face
    /// normal; carrying the stickers that way must give the cubie model's
    /// result for every move.
    #[test]
    fn rotating_a_layer_in_space_matches_every_move() {
        let cube = CubieCube::solved().apply(&[
            Move::new(Face::R, 1),
            Move::new(Face::U, 1),
            Move::new(Face::F, 2),
        ]);
        let before = facelet::faces(&cube);
        for m in Move::ALL {
            let after = facelet::faces(&cube.apply_move(m));
            let mut moved = before;
            for (i, &colour) in before.iter().enumerate() {
                let (mut p, mut face) = sticker_place(i);
                if !in_layer(m.face, p) {
                    continue;
                }
                let axis = normal(m.face).map(|c| -c * signed_quarters(m).signum());
                let mut n = normal(face);
                for _ in 0..signed_quarters(m).abs() {
                    p = quarter(axis, p);
                    n = quarter(axis, n);
                }
                face = Face::ALL.into_iter().find(|&f| normal(f) == n).unwrap();
                let j = (0..54).find(|&j| sticker_place(j) == (p, face)).unwrap();
                moved[j] = colour;
            }
            assert_eq!(moved, after, "move {m}");
        }
    }

    #[test]
    fn each_face_normal_runs_along_its_grid_axis() {
        for face in Face::ALL {
            let n = normal(face);
            assert_ne!(n[grid_axis(face)], 0);
            assert_eq!(n.iter().filter(|&&c| c != 0).count(), 1);
        }
    }
}

//! A solution's axes turned back to the classic ones through notation's
//! whole-cube rotations (which track the centres), independently of the
//! solver's cubie rotations, so tests can judge a conjugated chain by the
//! classic definitions.

use thistle::cube::cubie::{CubieCube, Face, Move};
use thistle::cube::notation;
use thistle::solve::orientation::{Axes, Axis};

/// The whole-cube rotation (in notation) that turns a solution's axes to
/// the classic ones: its edge axis to F/B and its corner axis to U/D. Found
/// by trying rotations and reading, through notation (which tracks the
/// centres, independently of the solver's cubie rotations), which face each
/// face turn becomes.
pub fn rotation_to_classic(axes: Axes) -> String {
    let turns = |letter: char| {
        [
            "".to_string(),
            format!("{letter}"),
            format!("{letter}2"),
            format!("{letter}'"),
        ]
    };
    let rotations = turns('x').into_iter().flat_map(|x| {
        turns('y').into_iter().flat_map(move |y| {
            let x = x.clone();
            turns('z').into_iter().map(move |z| format!("{x} {y} {z}"))
        })
    });
    {
        for r in rotations {
            let seen = |face: Face| -> Face {
                let text = format!("{r} {} ({r})'", face.letter());
                let cube = notation::parse(&text)
                    .expect("a rotation and a turn")
                    .cube();
                Move::ALL
                    .into_iter()
                    .find(|m| m.cube() == &cube)
                    .expect("a conjugate face turn")
                    .face
            };
            let on = |face: Face, axis: Axis| Axis::of(face) == axis;
            let edge_face = Face::ALL.into_iter().find(|&f| on(f, axes.edges)).unwrap();
            let corner_face = Face::ALL
                .into_iter()
                .find(|&f| on(f, axes.corners))
                .unwrap();
            if on(seen(edge_face), Axis::FB) && on(seen(corner_face), Axis::UD) {
                return r;
            }
        }
    }
    panic!("no rotation takes {axes:?} to the classic axes")
}

/// The state of `moves` (the cube's own) as the classic chain sees it with
/// the rotation `r` applied first and undone after.
pub fn seen_through(r: &str, moves: &[Move]) -> CubieCube {
    let text = format!("{r} {} ({r})'", notation::format_moves(moves));
    notation::parse(&text)
        .expect("rotations and face turns")
        .cube()
}

//! Axis orientations: Thistlethwaite's chain turned to other axes.
//!
//! The classic chain orients edges for the F/B axis and fixes corners and
//! the middle layer for the U/D axis. Turning the whole chain by a rotation
//! of the cube gives the same algorithm on other axes; there are six, one
//! per choice of edge axis (3) and corner axis (2 of the rest). An
//! orientation is a rotation `s` of the cube (its cubie permutation): the
//! cube is seen through it as `s⁻¹ · c · s` (`Orientation::conjugate`), which
//! the classic tables solve, and each move found there is the cube's move
//! on the face the rotation takes it to (`Orientation::to_cube`). Every
//! stage is then a true Thistlethwaite stage in the conjugated group, with
//! the same name; `allowed_moves`, `description` and `why` say what it is
//! in this orientation, for the page's stage panel.

use crate::cube::cubie::{CubieCube, Face, Move, EDGE_NAMES, SOLVED};
use crate::solve::stage::StageKind;
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// One of the cube's three axes, named by its two faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    UD,
    RL,
    FB,
}

impl Axis {
    /// The axis a face turns about.
    pub fn of(face: Face) -> Axis {
        [Axis::UD, Axis::RL, Axis::FB][face.axis()]
    }

    /// `U/D`, `R/L` or `F/B`.
    pub fn as_str(self) -> &'static str {
        match self {
            Axis::UD => "U/D",
            Axis::RL => "R/L",
            Axis::FB => "F/B",
        }
    }
}

/// A name that is no axis.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not an axis: U/D, R/L or F/B")]
pub struct UnknownAxis(pub String);

impl FromStr for Axis {
    type Err = UnknownAxis;

    /// `U/D`, `R/L` or `F/B`, in either order, any case, the slash optional.
    fn from_str(text: &str) -> Result<Axis, UnknownAxis> {
        match text.to_ascii_uppercase().replace('/', "").as_str() {
            "UD" | "DU" => Ok(Axis::UD),
            "RL" | "LR" => Ok(Axis::RL),
            "FB" | "BF" => Ok(Axis::FB),
            _ => Err(UnknownAxis(text.to_string())),
        }
    }
}

impl fmt::Display for Axis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The axes a solution's chain is turned to: edges oriented for `edges`,
/// corners and the middle layer fixed for `corners`. Serialized as
/// `{"edges": "F/B", "corners": "U/D"}`, displayed as `edges F/B, corners U/D`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Axes {
    pub edges: Axis,
    pub corners: Axis,
}

impl Axes {
    /// Thistlethwaite's own: edges F/B, corners U/D.
    pub const CLASSIC: Axes = Axes {
        edges: Axis::FB,
        corners: Axis::UD,
    };
}

impl Default for Axes {
    fn default() -> Axes {
        Axes::CLASSIC
    }
}

impl Serialize for Axes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut axes = s.serialize_struct("Axes", 2)?;
        axes.serialize_field("edges", self.edges.as_str())?;
        axes.serialize_field("corners", self.corners.as_str())?;
        axes.end()
    }
}

impl fmt::Display for Axes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "edges {}, corners {}", self.edges, self.corners)
    }
}

/// The cubie permutations of two rotations that generate all the others:
/// a third of a turn about the URF–DBL diagonal, and a quarter turn of the
/// whole cube like U (Kociemba's `ROT_URF3` and `ROT_U4`).
const ROT_URF3: CubieCube = CubieCube {
    cp: [0, 4, 5, 1, 3, 7, 6, 2],
    co: [1, 2, 1, 2, 2, 1, 2, 1],
    ep: [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2],
    eo: [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1],
};
const ROT_U4: CubieCube = CubieCube {
    cp: [3, 0, 1, 2, 7, 4, 5, 6],
    co: [0; 8],
    ep: [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
    eo: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
};

/// One of the six orientations: a rotation, the faces it maps, and the axes
/// it gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Orientation {
    rotation: CubieCube,
    inverse: CubieCube,
    /// `to_cube[f]`: the cube's face that plays classic face `f`.
    to_cube: [Face; 6],
    axes: Axes,
}

impl Orientation {
    /// All six, by edge axis (F/B, R/L, U/D), then corner axis (U/D, R/L,
    /// F/B): the classic one first.
    pub fn all() -> &'static [Orientation; 6] {
        static ALL: OnceLock<[Orientation; 6]> = OnceLock::new();
        ALL.get_or_init(|| {
            let mut all = Vec::with_capacity(6);
            let mut urf = SOLVED;
            for _ in 0..3 {
                for quarter in [SOLVED, ROT_U4] {
                    all.push(Orientation::of_rotation(urf * quarter));
                }
                urf = urf * ROT_URF3;
            }
            let rank = |axis, order: [Axis; 3]| order.iter().position(|&a| a == axis);
            all.sort_by_key(|o| {
                let edges = rank(o.axes.edges, [Axis::FB, Axis::RL, Axis::UD]);
                (edges, rank(o.axes.corners, [Axis::UD, Axis::RL, Axis::FB]))
            });
            all.try_into().expect("six rotations")
        })
    }

    /// The classic orientation: edges F/B, corners U/D.
    pub fn classic() -> &'static Orientation {
        &Orientation::all()[0]
    }

    /// The orientation with these axes; `None` where both are one axis.
    pub fn with_axes(axes: Axes) -> Option<&'static Orientation> {
        Orientation::all().iter().find(|o| o.axes == axes)
    }

    fn of_rotation(rotation: CubieCube) -> Orientation {
        let inverse = rotation.inverse();
        // s · m · s⁻¹ is the cube's move that the classic frame's m stands for.
        let to_cube = Face::ALL.map(|face| {
            let seen = rotation * *Move::new(face, 1).cube() * inverse;
            Face::ALL
                .into_iter()
                .find(|&f| Move::new(f, 1).cube() == &seen)
                .expect("a rotation conjugates a face turn to a face turn")
        });
        let axes = Axes {
            edges: Axis::of(to_cube[Face::F.index()]),
            corners: Axis::of(to_cube[Face::U.index()]),
        };
        Orientation {
            rotation,
            inverse,
            to_cube,
            axes,
        }
    }

    pub fn axes(&self) -> Axes {
        self.axes
    }

    /// The cube as the classic chain sees it in this orientation: `s⁻¹ · c · s`.
    /// Conjugation keeps a cube reachable, and the classic tables solve it.
    pub fn conjugate(&self, cube: &CubieCube) -> CubieCube {
        self.inverse * *cube * self.rotation
    }

    /// The cube's face that plays classic face `face`.
    pub fn to_cube(&self, face: Face) -> Face {
        self.to_cube[face.index()]
    }

    /// The cube's move for a move of the classic frame.
    pub fn move_to_cube(&self, m: Move) -> Move {
        Move::new(self.to_cube(m.face), m.quarters)
    }

    /// The classic frame's move for one of the cube's moves.
    pub fn move_from_cube(&self, m: Move) -> Move {
        let face = Face::ALL
            .into_iter()
            .find(|&f| self.to_cube(f) == m.face)
            .expect("the face map is a permutation");
        Move::new(face, m.quarters)
    }
}

/// The moves of stage `kind`'s group in the orientation with `axes`, in
/// `Move::ALL` order: quarter turns of its faces (every face for stage 1,
/// all but the edge axis's for stage 2, the corner axis's for stage 3, none
/// for stage 4) and every half turn.
pub fn allowed_moves(kind: StageKind, axes: Axes) -> Vec<Move> {
    let quarter_turn_faces: Vec<Face> = match kind {
        StageKind::OrientEdges => Face::ALL.to_vec(),
        StageKind::OrientCornersSlice => Face::ALL
            .into_iter()
            .filter(|&f| Axis::of(f) != axes.edges)
            .collect(),
        StageKind::SeparatePieces => Face::ALL
            .into_iter()
            .filter(|&f| Axis::of(f) == axes.corners)
            .collect(),
        StageKind::HalfTurnFinish => Vec::new(),
    };
    Move::ALL
        .into_iter()
        .filter(|m| m.is_half_turn() || quarter_turn_faces.contains(&m.face))
        .collect()
}

/// Plain words for a face's sticker colour and its direction.
fn colour(face: Face) -> &'static str {
    ["white", "red", "green", "yellow", "orange", "blue"][face.index()]
}

fn direction(face: Face) -> &'static str {
    ["up", "right", "front", "down", "left", "back"][face.index()]
}

/// The name of the edge between two faces (`UF`, `FR`, …).
fn edge_name(a: Face, b: Face) -> &'static str {
    let letters = [a.letter(), b.letter()];
    EDGE_NAMES
        .into_iter()
        .find(|name| {
            let mut chars = name.chars();
            let pair = [chars.next(), chars.next()];
            pair == [Some(letters[0]), Some(letters[1])]
                || pair == [Some(letters[1]), Some(letters[0])]
        })
        .expect("two adjacent faces share an edge")
}

/// The slice between the two faces of an axis: M between R and L, E between
/// U and D, S between F and B.
pub fn slice_name(axis: Axis) -> char {
    match axis {
        Axis::RL => 'M',
        Axis::UD => 'E',
        Axis::FB => 'S',
    }
}

/// What stage `kind` fixes in the orientation with `axes`, in plain words;
/// for the classic axes, exactly `StageKind::description`. `None` where
/// both axes are one.
///
/// "Orients every edge, so that no edge needs an R or L quarter turn from
/// here on." is stage 1 with edges on R/L.
pub fn description(kind: StageKind, axes: Axes) -> Option<String> {
    let o = Orientation::with_axes(axes)?;
    let face = |f: Face| o.to_cube(f);
    use Face::*;
    Some(match kind {
        StageKind::OrientEdges => {
            // Said aloud, F, L and R start with a vowel: "an F", "a U".
            let article = if matches!(face(F), F | L | R) {
                "an"
            } else {
                "a"
            };
            format!(
                "Orients every edge, so that no edge needs {article} {} or {} quarter turn from here on.",
                face(F).letter(),
                face(B).letter()
            )
        }
        StageKind::OrientCornersSlice => {
            let edges: Vec<&str> = [(F, R), (F, L), (B, L), (B, R)]
                .iter()
                .map(|&(a, b)| edge_name(face(a), face(b)))
                .collect();
            format!(
                "Twists every corner so its {} or {} sticker faces {} or {}, and brings the four middle-layer edges ({}) into the middle layer.",
                colour(face(U)),
                colour(face(D)),
                direction(face(U)),
                direction(face(D)),
                edges.join(" ")
            )
        }
        StageKind::SeparatePieces => {
            let slice = slice_name(Axis::of(face(R)));
            format!(
                "Puts each corner into its tetrad in an arrangement half turns can solve, the {slice}-slice edges into the {slice} slice, and makes the permutation parity even, so that half turns alone can finish."
            )
        }
        StageKind::HalfTurnFinish => kind.description().to_string(),
    })
}

/// Why the next group's moves keep stage `kind`'s work, in the orientation
/// with `axes`; for the classic axes, exactly `StageInfo::why`. `None`
/// where both axes are one.
pub fn why(kind: StageKind, axes: Axes) -> Option<String> {
    let o = Orientation::with_axes(axes)?;
    let face = |f: Face| o.to_cube(f).letter();
    // The group a stage leads to, by its generators: quarter turns of its
    // quarter-turn faces, then half turns of the rest, each in U D L R F B
    // order as the classic text writes them.
    let group = |kind: StageKind| {
        let allowed = allowed_moves(kind, axes);
        let (quarters, halves): (Vec<Face>, Vec<Face>) =
            [Face::U, Face::D, Face::L, Face::R, Face::F, Face::B]
                .into_iter()
                .partition(|&f| allowed.contains(&Move::new(f, 1)));
        let generators: Vec<String> = quarters
            .iter()
            .map(|f| f.letter().to_string())
            .chain(halves.iter().map(|f| format!("{}2", f.letter())))
            .collect();
        format!("⟨{}⟩", generators.join(", "))
    };
    use Face::*;
    Some(match kind {
        StageKind::OrientEdges => format!(
            "Only {} and {} quarter turns flip edges, and G1 = {} has none, so the edges stay oriented.",
            face(F),
            face(B),
            group(StageKind::OrientCornersSlice)
        ),
        StageKind::OrientCornersSlice => format!(
            "G2 = {} turns only {} and {} a quarter, which neither twists corners nor moves an edge out of the middle layer.",
            group(StageKind::SeparatePieces),
            face(U),
            face(D)
        ),
        StageKind::SeparatePieces | StageKind::HalfTurnFinish => kind.info().why.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_orientations_give_six_distinct_axis_pairs_classic_first() {
        let all = Orientation::all();
        assert_eq!(all[0].axes(), Axes::CLASSIC);
        assert_eq!(all[0].rotation, SOLVED);
        for (i, a) in all.iter().enumerate() {
            assert_ne!(a.axes.edges, a.axes.corners);
            for b in &all[i + 1..] {
                assert_ne!(a.axes, b.axes);
            }
        }
    }

    #[test]
    fn a_rotation_conjugates_every_move_to_the_move_on_its_face() {
        let cube = Move::ALL.iter().fold(SOLVED, |c, &m| c.apply_move(m));
        for o in Orientation::all() {
            for m in Move::ALL {
                assert_eq!(o.conjugate(&cube).check(), Ok(()));
                let seen = o.move_to_cube(m);
                assert_eq!(seen.quarters, m.quarters);
                assert_eq!(o.move_from_cube(seen), m);
                // Turning the cube by `seen` is turning its conjugate by `m`.
                assert_eq!(
                    o.conjugate(&cube.apply_move(seen)),
                    o.conjugate(&cube).apply_move(m),
                    "{m} in {:?}",
                    o.axes
                );
            }
        }
    }

    #[test]
    fn each_stage_allows_its_conjugated_group() {
        for o in Orientation::all() {
            for kind in StageKind::ALL {
                let mapped: Vec<Move> = kind
                    .allowed_moves()
                    .into_iter()
                    .map(|m| o.move_to_cube(m))
                    .collect();
                let allowed = allowed_moves(kind, o.axes());
                assert_eq!(allowed.len(), mapped.len());
                assert!(mapped.iter().all(|m| allowed.contains(m)));
            }
        }
        let rl = Axes {
            edges: Axis::RL,
            corners: Axis::FB,
        };
        let stage3 = allowed_moves(StageKind::SeparatePieces, rl);
        assert!(stage3.contains(&Move::new(Face::F, 1)));
        assert!(!stage3.contains(&Move::new(Face::U, 1)));
    }

    #[test]
    fn descriptions_follow_the_axes_and_are_the_classic_ones_on_classic_axes() {
        for kind in StageKind::ALL {
            assert_eq!(
                description(kind, Axes::CLASSIC).as_deref(),
                Some(kind.description())
            );
        }
        let axes = Axes {
            edges: Axis::RL,
            corners: Axis::FB,
        };
        let stage1 = description(StageKind::OrientEdges, axes).unwrap();
        assert!(
            stage1.contains("no edge needs an R or L quarter turn"),
            "{stage1}"
        );
        let stage2 = description(StageKind::OrientCornersSlice, axes).unwrap();
        assert!(
            stage2.contains("green or blue sticker faces front or back"),
            "{stage2}"
        );
        assert!(stage2.contains("edges (UR DR DL UL) into"), "{stage2}");
        let stage3 = description(StageKind::SeparatePieces, axes).unwrap();
        assert!(
            stage3.contains("E-slice edges into the E slice"),
            "{stage3}"
        );
        let same = Axes {
            edges: Axis::UD,
            corners: Axis::UD,
        };
        assert_eq!(description(StageKind::OrientEdges, same), None);
    }

    #[test]
    fn reasons_follow_the_axes_and_are_the_classic_ones_on_classic_axes() {
        for kind in StageKind::ALL {
            assert_eq!(why(kind, Axes::CLASSIC).as_deref(), Some(kind.info().why));
        }
        let axes = Axes {
            edges: Axis::RL,
            corners: Axis::FB,
        };
        let stage1 = why(StageKind::OrientEdges, axes).unwrap();
        assert!(
            stage1.starts_with(
                "Only R and L quarter turns flip edges, and G1 = ⟨U, D, F, B, L2, R2⟩ has none"
            ),
            "{stage1}"
        );
        let stage2 = why(StageKind::OrientCornersSlice, axes).unwrap();
        assert!(
            stage2.starts_with("G2 = ⟨F, B, U2, D2, L2, R2⟩ turns only F and B a quarter"),
            "{stage2}"
        );
        let same = Axes {
            edges: Axis::FB,
            corners: Axis::FB,
        };
        assert_eq!(why(StageKind::OrientEdges, same), None);
    }
}

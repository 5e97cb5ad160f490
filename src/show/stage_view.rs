//! Stage views ("lenses"): what each sticker looks like when the cube shows
//! only what a stage works on, and each stage's depth histogram for the
//! page's Progress region. Playback says which stage's view is due
//! (`Playback::view_stage`); the renderer paints the looks in the chosen
//! palette's colours.
//!
//! - Orient edges: flipped edges stand out, good edges are calm, corners and
//!   centres are grey; at the stage's end no edge stands out.
//! - Orient corners + slice: U/D stickers in one colour, the four
//!   middle-layer edges marked, all else grey; at the end the U and D faces
//!   are one colour and the marked edges sit in the middle layer.
//! - Separate pieces: opposite colours merged, three colours; at the end
//!   every face is one colour.
//! - Half-turn finish: full colours.

use crate::cube::cubie::{CubieCube, Face};
use crate::cube::facelet::{self, EDGE_FACELETS, N_FACELETS};
use crate::cube::geometry::{grid_axis, normal, sticker_place};
use crate::show::palette::{Palette, Rgb};
use crate::solve::orientation::Orientation;
use crate::solve::stage::{StageKind, GOLDEN_HISTOGRAMS};
use std::str::FromStr;
use std::sync::OnceLock;

/// How the cube is coloured: by its stickers, or as a stage sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ViewMode {
    /// The stage being played shows its lens.
    #[default]
    Stage,
    /// Always full colours.
    Colours,
}

impl ViewMode {
    pub fn as_str(self) -> &'static str {
        match self {
            ViewMode::Stage => "stage",
            ViewMode::Colours => "colours",
        }
    }
}

/// A view name that is neither `stage` nor `colours`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("view `{0}` is neither `stage` nor `colours`")]
pub struct UnknownView(pub String);

impl FromStr for ViewMode {
    type Err = UnknownView;
    fn from_str(name: &str) -> Result<ViewMode, UnknownView> {
        match name {
            "stage" => Ok(ViewMode::Stage),
            "colours" => Ok(ViewMode::Colours),
            other => Err(UnknownView(other.to_string())),
        }
    }
}

/// What one sticker shows under a lens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// The face's own colour.
    Face(Face),
    /// Not what this stage works on.
    Grey,
    /// What this stage must still bring home (a flipped edge, a middle-layer
    /// edge).
    Marked,
    /// An edge already right for this stage.
    Calm,
}

/// The middle-layer edge pieces FR FL BL BR, which stage 2 brings home.
const MIDDLE_LAYER_EDGES: [u8; 4] = [8, 9, 10, 11];

/// Each sticker's look, in facelet order, with `stage`'s lens on, or in
/// full colours for `None`.
pub fn looks(cube: &CubieCube, stage: Option<StageKind>) -> [Look; N_FACELETS] {
    let faces = facelet::faces(cube);
    let mut looks = faces.map(Look::Face);
    match stage {
        None | Some(StageKind::HalfTurnFinish) => {}
        Some(StageKind::OrientEdges) => {
            looks = [Look::Grey; N_FACELETS];
            for (position, stickers) in EDGE_FACELETS.iter().enumerate() {
                let look = if cube.eo[position] == 1 {
                    Look::Marked
                } else {
                    Look::Calm
                };
                for &s in stickers {
                    looks[s] = look;
                }
            }
        }
        Some(StageKind::OrientCornersSlice) => {
            for (look, face) in looks.iter_mut().zip(faces) {
                *look = if matches!(face, Face::U | Face::D) {
                    Look::Face(Face::U)
                } else {
                    Look::Grey
                };
            }
            for (position, stickers) in EDGE_FACELETS.iter().enumerate() {
                if MIDDLE_LAYER_EDGES.contains(&cube.ep[position]) {
                    for &s in stickers {
                        looks[s] = Look::Marked;
                    }
                }
            }
        }
        Some(StageKind::SeparatePieces) => {
            // One colour per axis: the first face of each opposite pair.
            for look in &mut looks {
                if let Look::Face(face) = look {
                    *face = Face::ALL[face.axis()];
                }
            }
        }
    }
    looks
}

/// `classic_slots` of each orientation, in `Orientation::all` order, built
/// once: the renderer asks at every frame.
fn slots_of(orientation: &Orientation) -> &'static [usize; N_FACELETS] {
    static SLOTS: OnceLock<Vec<[usize; N_FACELETS]>> = OnceLock::new();
    let all = SLOTS.get_or_init(|| Orientation::all().iter().map(classic_slots).collect());
    let index = Orientation::all()
        .iter()
        .position(|o| o == orientation)
        .expect("every orientation is one of the six");
    &all[index]
}

/// `slots[p]`: where sticker slot `p` of the cube sits in the classic frame
/// of `orientation`, the frame in which `Orientation::conjugate` shows the
/// cube. The rotation between the frames takes each cube face's normal to
/// the normal of the classic face it plays, so it is a signed permutation
/// of the grid axes.
fn classic_slots(orientation: &Orientation) -> [usize; N_FACELETS] {
    let mut rotation = [[0i32; 3]; 3];
    for classic in [Face::R, Face::U, Face::F] {
        let from = normal(orientation.to_cube(classic));
        let to = normal(classic);
        let k = grid_axis(orientation.to_cube(classic));
        for (row, &value) in to.iter().enumerate() {
            rotation[row][k] = value * from[k];
        }
    }
    let turn = |v: [i32; 3]| -> [i32; 3] {
        std::array::from_fn(|row| (0..3).map(|k| rotation[row][k] * v[k]).sum())
    };
    std::array::from_fn(|p| {
        let (position, face) = sticker_place(p);
        let normal_there = turn(normal(face));
        let face_there = Face::ALL
            .into_iter()
            .find(|&f| normal(f) == normal_there)
            .expect("a rotation takes a face normal to a face normal");
        (0..N_FACELETS)
            .find(|&q| sticker_place(q) == (turn(position), face_there))
            .expect("a rotation takes a sticker slot to a sticker slot")
    })
}

/// Each sticker's look with `stage`'s lens on, for a solution whose stages
/// work in `orientation`'s groups: the lens of the classic chain, turned
/// with the cube.
pub fn looks_in(
    cube: &CubieCube,
    stage: Option<StageKind>,
    orientation: &Orientation,
) -> [Look; N_FACELETS] {
    if orientation == Orientation::classic() {
        return looks(cube, stage);
    }
    let classic = looks(&orientation.conjugate(cube), stage);
    let slots = slots_of(orientation);
    std::array::from_fn(|p| match classic[slots[p]] {
        Look::Face(face) => Look::Face(orientation.to_cube(face)),
        other => other,
    })
}

/// The colour of a look in `palette`.
pub fn colour(look: Look, palette: Palette) -> Rgb {
    match look {
        Look::Face(face) => palette.face(face),
        Look::Grey => palette.neutral(),
        Look::Marked => palette.marker(),
        Look::Calm => palette.calm(),
    }
}

/// Each sticker's colour in `palette`, in facelet order, with `stage`'s
/// lens on, for a solution in `orientation`.
pub fn sticker_colours(
    cube: &CubieCube,
    stage: Option<StageKind>,
    orientation: &Orientation,
    palette: Palette,
) -> [Rgb; N_FACELETS] {
    looks_in(cube, stage, orientation).map(|look| colour(look, palette))
}

/// What each colour of `stage`'s lens means, for a solution in
/// `orientation`: the page's legend beside the cube. Empty in full colours.
pub fn legend(stage: Option<StageKind>, orientation: &Orientation) -> Vec<(Look, String)> {
    let face = |f: Face| orientation.to_cube(f);
    let pair = |a: Face, b: Face| format!("{} and {}", face(a).letter(), face(b).letter());
    let rest = || (Look::Grey, "not this stage's work".to_string());
    match stage {
        None | Some(StageKind::HalfTurnFinish) => Vec::new(),
        Some(StageKind::OrientEdges) => vec![
            (Look::Marked, "flipped edge".to_string()),
            (Look::Calm, "oriented edge".to_string()),
            rest(),
        ],
        Some(StageKind::OrientCornersSlice) => vec![
            (
                Look::Face(face(Face::U)),
                format!("{} stickers", pair(Face::U, Face::D)),
            ),
            (
                Look::Marked,
                format!(
                    "edge of the middle layer between {}",
                    pair(Face::U, Face::D)
                ),
            ),
            rest(),
        ],
        Some(StageKind::SeparatePieces) => {
            [(Face::U, Face::D), (Face::R, Face::L), (Face::F, Face::B)]
                .into_iter()
                .map(|(a, b)| (Look::Face(face(a)), pair(a, b)))
                .collect()
        }
    }
}

/// How many of the stage's cosets lie at each distance from its goal, from
/// the golden histograms: it answers "how hard is this position for this
/// stage?".
pub fn depth_histogram(stage: StageKind) -> &'static [u64] {
    static HISTOGRAMS: OnceLock<Vec<Vec<u64>>> = OnceLock::new();
    let all = HISTOGRAMS.get_or_init(|| {
        GOLDEN_HISTOGRAMS
            .lines()
            .map(|line| {
                let (_, counts) = line
                    .split_once(':')
                    .expect("tables/histograms.txt has `stage K: …` lines");
                counts
                    .split_whitespace()
                    .map(|count| count.parse().expect("tables/histograms.txt holds counts"))
                    .collect()
            })
            .collect()
    });
    &all[stage.index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::facelet::CORNER_FACELETS;
    use crate::show::palette::vision::{closest_pair, Vision, MIN_DELTA_E};
    use crate::solve::scramble;
    use crate::solve::solver;

    /// Each stage's state at its end, for random states.
    fn stage_ends(seed: u64) -> Vec<[CubieCube; StageKind::COUNT]> {
        let mut rng = scramble::rng(Some(seed));
        (0..200)
            .map(|_| {
                let mut cube = scramble::random_state(&mut rng);
                let stages = solver::stage_moves(&cube);
                StageKind::ALL.map(|kind| {
                    cube = cube.apply(&stages[kind.index()]);
                    cube
                })
            })
            .collect()
    }

    fn face_of(sticker: usize) -> Face {
        Face::ALL[sticker / 9]
    }

    #[test]
    fn no_edge_stands_out_once_the_edges_are_oriented() {
        for ends in stage_ends(1) {
            let looks = looks(&ends[0], Some(StageKind::OrientEdges));
            assert!(!looks.contains(&Look::Marked));
            assert_eq!(looks.iter().filter(|&&l| l == Look::Calm).count(), 24);
        }
        let f = CubieCube::solved().apply_move(crate::cube::cubie::Move::new(Face::F, 1));
        let looks = looks(&f, Some(StageKind::OrientEdges));
        assert_eq!(looks.iter().filter(|&&l| l == Look::Marked).count(), 8);
        assert!(CORNER_FACELETS
            .iter()
            .flatten()
            .all(|&s| looks[s] == Look::Grey));
    }

    #[test]
    fn after_stage_two_the_u_and_d_faces_are_one_colour_and_the_marked_edges_in_the_middle() {
        for ends in stage_ends(2) {
            let looks = looks(&ends[1], Some(StageKind::OrientCornersSlice));
            for (s, &look) in looks.iter().enumerate() {
                match face_of(s) {
                    Face::U | Face::D => assert_eq!(look, Look::Face(Face::U)),
                    _ => assert_ne!(look, Look::Face(Face::U)),
                }
            }
            let middle_row = |s: usize| !matches!(face_of(s), Face::U | Face::D) && s % 9 / 3 == 1;
            let marked: Vec<usize> = (0..N_FACELETS)
                .filter(|&s| looks[s] == Look::Marked)
                .collect();
            assert_eq!(marked.len(), 8);
            assert!(marked.iter().all(|&s| middle_row(s)), "{marked:?}");
        }
    }

    #[test]
    fn after_stage_three_every_face_is_one_of_three_colours() {
        for ends in stage_ends(3) {
            let looks = looks(&ends[2], Some(StageKind::SeparatePieces));
            for face in 0..6 {
                let first = looks[9 * face];
                assert!(looks[9 * face..9 * face + 9].iter().all(|&l| l == first));
            }
            let mut colours: Vec<Rgb> = looks.map(|l| colour(l, Palette::Wca)).to_vec();
            colours.sort();
            colours.dedup();
            assert_eq!(colours.len(), 3);
        }
    }

    #[test]
    fn the_last_stage_and_no_stage_show_full_colours() {
        let cube = scramble::random_state(&mut scramble::rng(Some(4)));
        let full = facelet::faces(&cube).map(Look::Face);
        assert_eq!(looks(&cube, None), full);
        assert_eq!(looks(&cube, Some(StageKind::HalfTurnFinish)), full);
        let mut distinct =
            sticker_colours(&cube, None, Orientation::classic(), Palette::Wca).to_vec();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 6);
    }

    #[test]
    fn turned_lenses_show_the_cube_itself_in_full_colours() {
        let cube = scramble::random_state(&mut scramble::rng(Some(6)));
        let full = facelet::faces(&cube).map(Look::Face);
        for orientation in Orientation::all() {
            assert_eq!(
                looks_in(&cube, None, orientation),
                full,
                "{:?}",
                orientation.axes()
            );
        }
    }

    #[test]
    fn a_turned_stage_one_lens_marks_edges_flipped_for_its_own_axis() {
        for orientation in Orientation::all() {
            // A quarter turn of a face on the edge axis flips four edges.
            let edge_face = orientation.to_cube(Face::F);
            let turned =
                CubieCube::solved().apply_move(crate::cube::cubie::Move::new(edge_face, 1));
            let marked = looks_in(&turned, Some(StageKind::OrientEdges), orientation)
                .iter()
                .filter(|&&l| l == Look::Marked)
                .count();
            assert_eq!(marked, 8, "{:?}", orientation.axes());
            let other_face = orientation.to_cube(Face::R);
            let calm = CubieCube::solved().apply_move(crate::cube::cubie::Move::new(other_face, 1));
            let looks = looks_in(&calm, Some(StageKind::OrientEdges), orientation);
            assert!(!looks.contains(&Look::Marked), "{:?}", orientation.axes());
        }
    }

    #[test]
    fn fewest_solutions_show_each_goal_reached_in_their_own_orientation() {
        let mut rng = scramble::rng(Some(8));
        let mut turned = 0;
        for _ in 0..40 {
            let mut cube = scramble::random_state(&mut rng);
            let solution = crate::solve::fewest::solve_fewest(&cube, 20_000).expect("a valid cube");
            let orientation = Orientation::with_axes(solution.axes).expect("real axes");
            turned += usize::from(orientation != Orientation::classic());
            for stage in &solution.stages {
                cube = cube.apply(&stage.moves);
                let looks = looks_in(&cube, Some(stage.kind), orientation);
                assert!(
                    !looks.contains(&Look::Marked) || stage.kind == StageKind::OrientCornersSlice
                );
                if stage.kind == StageKind::SeparatePieces {
                    for face in 0..6 {
                        assert!(looks[9 * face..9 * face + 9]
                            .iter()
                            .all(|&l| l == looks[9 * face]));
                    }
                }
            }
        }
        assert!(turned > 0, "some solutions use another orientation");
    }

    #[test]
    fn the_legend_names_every_look_its_lens_shows() {
        let stage_ends: Vec<_> = stage_ends(7).into_iter().take(20).collect();
        for orientation in Orientation::all() {
            for kind in StageKind::ALL {
                let legend = legend(Some(kind), orientation);
                let named: Vec<Look> = legend.iter().map(|(look, _)| *look).collect();
                let cubes = std::iter::once(scramble::random_state(&mut scramble::rng(Some(3))))
                    .chain(stage_ends.iter().map(|ends| ends[kind.index()]));
                for cube in cubes {
                    for look in looks_in(&cube, Some(kind), orientation) {
                        assert!(
                            kind == StageKind::HalfTurnFinish || named.contains(&look),
                            "{kind:?} shows {look:?}, which its legend leaves out"
                        );
                    }
                }
            }
        }
        let turned = Orientation::all()
            .iter()
            .find(|o| o.to_cube(Face::U) == Face::F)
            .expect("an orientation with corners on F/B");
        assert_eq!(
            legend(Some(StageKind::OrientCornersSlice), turned)[0].1,
            "F and B stickers"
        );
        assert!(legend(None, turned).is_empty());
    }

    #[test]
    fn marker_calm_and_grey_differ_from_every_face_colour() {
        for palette in Palette::ALL {
            let specials = [palette.marker(), palette.calm(), palette.neutral()];
            for special in specials {
                assert!(Face::ALL.iter().all(|&f| palette.face(f) != special));
            }
            assert_ne!(palette.marker(), palette.calm());
        }
    }

    #[test]
    fn each_lens_shows_colours_that_stay_apart_in_the_colour_blind_palette() {
        let palette = Palette::ColourBlind;
        let mut rng = scramble::rng(Some(9));
        let cubes: Vec<CubieCube> = (0..50).map(|_| scramble::random_state(&mut rng)).collect();
        for stage in StageKind::ALL.map(Some).into_iter().chain([None]) {
            let mut shown: Vec<Rgb> = cubes
                .iter()
                .flat_map(|cube| sticker_colours(cube, stage, Orientation::classic(), palette))
                .collect();
            shown.sort();
            shown.dedup();
            for vision in Vision::ALL {
                let (delta_e, i, j) = closest_pair(&shown, vision);
                assert!(
                    delta_e >= MIN_DELTA_E,
                    "{stage:?}, {vision:?}: {:?} and {:?} are ΔE {delta_e:.1} apart",
                    shown[i],
                    shown[j]
                );
            }
        }
    }

    #[test]
    fn depth_histograms_count_every_coset_up_to_the_stage_maximum() {
        let sizes = StageKind::ALL.map(|kind| depth_histogram(kind).iter().sum::<u64>());
        assert_eq!(sizes, [2_048, 1_082_565, 29_400, 663_552]);
        for kind in StageKind::ALL {
            assert_eq!(depth_histogram(kind).len(), kind.max_length() + 1);
        }
    }
}

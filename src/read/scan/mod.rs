//! Reading a real cube from six photos, one per face, for the facelet
//! editor: photo pixels → nine colours per photo (`sample`) → six groups of
//! nine colours, each photo's light taken out (`classify`) → the one cube
//! the faces make, whichever way up each photo was held (`assemble`) → a
//! facelet string the rest of the data flow reads like typed input.
//!
//! Which way up a photo was held is found, not asked: of the 4⁶ ways to
//! turn the six faces, the real cube's is one whose pieces all exist and
//! that passes the twist, flip and parity checks. Measured on 20,000 random
//! states, each photo turned at random: 3.4% had another turning whose
//! pieces all exist, 0.46% another that passes every check too, and 0.29%
//! (58) fit two different cubes. Most of those extra turnings are of a face
//! that looks the same turned (one colour all over, as on a solved cube),
//! and give the same cube, so the answer is still exact. Near solved it is
//! different: R and L' look the same face by face, and of states 1, 2, 3, 4
//! and 6 random turns from solved, 100%, 91%, 61%, 42% and 20% fit two
//! different cubes. No rule can choose between them (the colours are the
//! same; only how the photos were held differs), so `read_photos` does not
//! guess: it returns every cube that fits and which photos are in doubt,
//! for the page to ask.

mod assemble;
mod classify;
mod homography;
mod sample;
#[cfg(test)]
mod synthetic;

pub use assemble::turned;
pub use classify::SameFace;
pub use homography::Point;
pub use sample::{read_face, FaceReading, Photo, Rgb, SampleError, MIN_SIDE};

use crate::cube::colour;
use crate::cube::cubie::{CubieCube, Face};
use crate::cube::facelet::{self, FaceletError, N_FACELETS};
use crate::read::advice::{self, PhotoOf, Problem};

/// A sticker whose colour is nearer than this (in log-chromaticity, where
/// the closest two cube colours, orange and yellow, are about 0.5 apart) to
/// its group's than to the next group's is flagged unsure. A colour halfway
/// between red and orange comes out at about 0.15.
pub const UNSURE_MARGIN: f32 = 0.2;

/// The cube six photos show.
#[derive(Clone, Debug, PartialEq)]
pub struct Scan {
    pub cube: CubieCube,
    /// The cube as a 54-letter facelet string (face letters, URFDLB order).
    pub facelets: String,
    /// Where each of the 54 stickers was read, in facelet order.
    pub stickers: [StickerSource; N_FACELETS],
    /// What each photo was found to show, in the order given.
    pub photos: Vec<PhotoView>,
}

/// Where one sticker of the cube was read, and how sure that reading is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StickerSource {
    /// The photo (0-based, in the order given).
    pub photo: usize,
    /// The sticker in that photo, 0..9, row by row as `FaceReading::colours`.
    pub index: usize,
    /// How much nearer its colour is to the colour it was read as than to
    /// the next nearest (log-chromaticity, its photo's light taken out).
    pub margin: f32,
    /// `margin < UNSURE_MARGIN`: worth a look.
    pub unsure: bool,
}

/// One photo as read.
#[derive(Clone, Debug, PartialEq)]
pub struct PhotoView {
    /// The face it shows.
    pub face: Face,
    /// Quarter turns clockwise from the photo's view to the face's
    /// standard orientation (the facelet string's).
    pub turns: u8,
    pub reading: FaceReading,
}

/// Why six photos could not be read as a cube. Photos are numbered from 1
/// in messages and from 0 in fields.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ScanError {
    #[error("reading a cube needs six photos, one of each face; got {0}")]
    PhotoCount(usize),
    /// Every photo in which no face could be read, with why, in order.
    #[error("{}", photo_failures(.0))]
    Photos(Vec<(usize, SampleError)>),
    #[error("{}", same_face_message(.0))]
    SameFace(SameFace),
    /// `errors`: the rules broken; `problems`: what they mean for the cube
    /// in hand; `stickers`: the facelet positions the broken rules are
    /// about; `facelets`: the nearest miss, for the editor to correct;
    /// `photo_of`: which photo each of its stickers was read from.
    #[error("the photos do not make a real cube. {}Photo {} is the likeliest to be misread", said(problems), photo + 1)]
    NotACube {
        errors: Vec<FaceletError>,
        problems: Vec<Problem>,
        photo: usize,
        stickers: Vec<usize>,
        facelets: String,
        photo_of: Box<PhotoOf>,
    },
    /// `cubes`: every cube that fits, as facelet strings; `photos`: the
    /// photos whose turn differs between them.
    #[error("the photos fit {} different cubes, which differ in which way up photo {} was held: colours alone cannot tell", cubes.len(), photo_list(photos, "or"))]
    Ambiguous {
        cubes: Vec<String>,
        photos: Vec<usize>,
    },
}

fn same_face_message(same: &SameFace) -> String {
    let name = |face: Face| colour::colour(face).name.to_ascii_lowercase();
    let (a, b) = same.photos;
    let missing = match same.missing {
        Some(face) => format!("the {} one", name(face)),
        None => "retake one of them".to_string(),
    };
    format!(
        "photos {} and {} both show the {} centre; one face is missing: {missing}",
        a + 1,
        b + 1,
        name(same.shown)
    )
}

/// "photo 2: blurred: …; photos 4 and 5: too dark: …": photos that fail
/// alike are named together, so that six blank photos read as one reason,
/// not the same one six times.
fn photo_failures(failures: &[(usize, SampleError)]) -> String {
    let mut alike: Vec<(Vec<usize>, &SampleError)> = Vec::new();
    for (photo, why) in failures {
        match alike.iter_mut().find(|(_, seen)| *seen == why) {
            Some((photos, _)) => photos.push(*photo),
            None => alike.push((vec![*photo], why)),
        }
    }
    let each: Vec<String> = alike
        .iter()
        .map(|(photos, why)| match photos.as_slice() {
            [one] => format!("photo {}: {why}", one + 1),
            many => format!("photos {}: {why}", photo_list(many, "and")),
        })
        .collect();
    each.join("; ")
}

/// The problems' messages, each followed by a space.
fn said(problems: &[Problem]) -> String {
    problems.iter().map(|p| format!("{} ", p.message)).collect()
}

/// "2, 3 or 5" (`last_joined` "or"), numbered from 1.
fn photo_list(photos: &[usize], last_joined: &str) -> String {
    let numbers: Vec<String> = photos.iter().map(|p| (p + 1).to_string()).collect();
    match numbers.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{} {last_joined} {last}", rest.join(", "))
        }
        _ => numbers.concat(),
    }
}

/// Reads the cube shown by six photos, one of each face, in any order and
/// each held any way up (but not mirrored: a front camera's preview must be
/// flipped back first). Each photo should show one face square-on enough
/// that its nine stickers and the black lines between them are visible
/// (on a white cube, its coloured stickers: at least six on the face),
/// filling between a quarter and nine tenths of the photo's short side; at
/// most about 640 pixels a side keeps this fast (a few milliseconds each).
///
/// Errors: not six photos; every photo whose buffer does not match its
/// size, that is smaller than 24 pixels a side, with no face found (saying
/// why in words a person can act on: too dark, blurred, too small, …) or a
/// face cut off by the photo's edge, each named; two photos of one face
/// (naming both and the missing one); colours that make no real cube
/// (naming every broken rule, as `facelet::parse` does, and the photo most
/// likely misread); photos that fit two different cubes. Never panics.
pub fn read_photos(photos: &[Photo]) -> Result<Scan, ScanError> {
    let readings = read_faces(photos)?;
    let colours: [[Rgb; 9]; 6] = std::array::from_fn(|p| readings[p].colours);
    if let Some(same) = classify::same_face(&colours) {
        return Err(ScanError::SameFace(same));
    }
    let classification = classify::classify(&colours);
    let naming = classify::name_groups(&classification);
    let result = assemble::assemble(&classification.group, &naming.likeliest);
    if matches!(result, Err(assemble::Failure::NoCube { .. })) {
        for names in &naming.fallbacks {
            if let Ok(assembly) = assemble::assemble(&classification.group, names) {
                return Ok(scan(assembly, names, readings, &classification));
            }
        }
    }
    match result {
        Ok(assembly) => Ok(scan(assembly, &naming.likeliest, readings, &classification)),
        Err(assemble::Failure::Several(found)) => Err(ScanError::Ambiguous {
            photos: (0..6)
                .filter(|&p| found.iter().any(|a| a.turns[p] != found[0].turns[p]))
                .collect(),
            cubes: found.iter().map(|a| facelet::to_string(&a.cube)).collect(),
        }),
        Err(assemble::Failure::NoCube {
            errors,
            facelets,
            sources,
        }) => {
            let stickers: Vec<usize> = errors.iter().flat_map(|e| e.stickers()).collect();
            let photo_of = Box::new(sources.map(|(photo, _)| photo));
            Err(ScanError::NotACube {
                photo: likeliest_misread(&stickers, &sources, &classification),
                problems: advice::problems(&facelets, Some(&photo_of)),
                errors,
                stickers,
                facelets,
                photo_of,
            })
        }
    }
}

/// Each photo's face reading, or every photo that has none and why.
fn read_faces(photos: &[Photo]) -> Result<Vec<FaceReading>, ScanError> {
    if photos.len() != 6 {
        return Err(ScanError::PhotoCount(photos.len()));
    }
    let mut readings = Vec::new();
    let mut failures = Vec::new();
    for (photo, image) in photos.iter().enumerate() {
        match sample::read_face(image) {
            Ok(reading) => readings.push(reading),
            Err(why) => failures.push((photo, why)),
        }
    }
    if failures.is_empty() {
        Ok(readings)
    } else {
        Err(ScanError::Photos(failures))
    }
}

/// The scan an assembly makes, with each sticker's source and margin.
fn scan(
    assembly: assemble::Assembly,
    names: &[Face; 6],
    readings: Vec<FaceReading>,
    classification: &classify::Classification,
) -> Scan {
    let stickers = assembly.sources.map(|(photo, index)| {
        let margin = classification.margin[photo][index] as f32;
        StickerSource {
            photo,
            index,
            margin,
            unsure: margin < UNSURE_MARGIN,
        }
    });
    let photos = readings
        .into_iter()
        .enumerate()
        .map(|(p, reading)| PhotoView {
            face: names[p],
            turns: assembly.turns[p],
            reading,
        })
        .collect();
    Scan {
        facelets: facelet::to_string(&assembly.cube),
        cube: assembly.cube,
        stickers,
        photos,
    }
}

/// The photo that most of the stickers on broken pieces came from; between
/// equals, the one holding the least sure of them (and with no stickers to
/// go on, the one holding the least sure sticker of all).
fn likeliest_misread(
    stickers: &[usize],
    sources: &assemble::Sources,
    classification: &classify::Classification,
) -> usize {
    let suspects: Vec<usize> = if stickers.is_empty() {
        (0..N_FACELETS).collect()
    } else {
        stickers.to_vec()
    };
    let mut count = [0usize; 6];
    let mut least_margin = [f64::INFINITY; 6];
    for &position in &suspects {
        let (photo, index) = sources[position];
        count[photo] += 1;
        least_margin[photo] = least_margin[photo].min(classification.margin[photo][index]);
    }
    (0..6)
        .max_by(|&a, &b| {
            count[a]
                .cmp(&count[b])
                .then(least_margin[b].total_cmp(&least_margin[a]))
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::synthetic::{photo_faces, random_cube, render_all, Shot};
    use super::*;
    use crate::cube::cubie::{CubieError, Move};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn read(shots: &[Shot]) -> Result<Scan, ScanError> {
        let photos: Vec<Photo> = shots.iter().map(Shot::photo).collect();
        read_photos(&photos)
    }

    #[test]
    fn six_photos_of_a_scrambled_cube_in_any_order_way_up_and_light_read_exactly() {
        let mut rng = StdRng::seed_from_u64(41);
        for _ in 0..2 {
            let cube = random_cube(&mut rng);
            let faces = facelet::faces(&cube);
            let photos = photo_faces(&mut rng, &faces);
            let scan = read(&render_all(&mut rng, &photos)).expect("a cube");
            assert_eq!(scan.facelets, facelet::to_string(&cube));
            assert_eq!(scan.cube, cube);
            // The reader reads each photo from the corner nearest its top
            // left, so its sticker numbers are the photo's turned.
            for (p, photo) in photos.iter().enumerate() {
                assert!((0..4).any(|turns| {
                    scan.stickers.iter().zip(&faces).all(|(source, face)| {
                        source.photo != p || photo[assemble::turned(source.index, turns)] == *face
                    })
                }));
            }
            for (view, photo) in scan.photos.iter().zip(&photos) {
                assert_eq!(view.face, photo[4]);
            }
        }
    }

    #[test]
    fn two_photos_of_one_face_name_both_and_the_missing_face() {
        let mut rng = StdRng::seed_from_u64(42);
        let cube = random_cube(&mut rng);
        let mut photos = photo_faces(&mut rng, &facelet::faces(&cube));
        let white = photos.iter().position(|p| p[4] == Face::U).unwrap_or(0);
        let blue = photos.iter().position(|p| p[4] == Face::B).unwrap_or(0);
        photos[blue] = photos[white];
        let error = read(&render_all(&mut rng, &photos)).unwrap_err();
        let (first, second) = (white.min(blue) + 1, white.max(blue) + 1);
        assert_eq!(
            error.to_string(),
            format!("photos {first} and {second} both show the white centre; one face is missing: the blue one")
        );
    }

    #[test]
    fn a_flipped_edge_says_so_in_plain_words_and_names_the_likeliest_photo() {
        let mut rng = StdRng::seed_from_u64(43);
        let mut faces = facelet::faces(&CubieCube::solved().apply(&[
            Move::new(Face::R, 1),
            Move::new(Face::U, 2),
            Move::new(Face::L, 3),
            Move::new(Face::D, 1),
        ]));
        let [u, f] = facelet::EDGE_FACELETS[1];
        faces.swap(u, f);
        let photos = photo_faces(&mut rng, &faces);
        let error = read(&render_all(&mut rng, &photos)).unwrap_err();
        let ScanError::NotACube {
            errors,
            problems,
            photo,
            stickers,
            facelets,
            photo_of,
        } = &error
        else {
            panic!("{error}");
        };
        assert_eq!(
            errors,
            &vec![FaceletError::Cubie(CubieError::Flip { positions: vec![1] })]
        );
        assert_eq!(stickers, &vec![u, f]);
        assert!([Face::U, Face::F].contains(&photos[*photo][4]));
        // Any edge could take the flip, so none is ringed, and the message
        // says so in plain words.
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(problems[0].stickers.is_empty());
        let message = error.to_string();
        assert_eq!(
            message,
            format!(
                "the photos do not make a real cube. {} Photo {} is the likeliest to be misread",
                problems[0].message,
                photo + 1
            )
        );
        assert!(
            message.contains("One edge is flipped in place"),
            "{message}"
        );
        // The editor gets the nearest miss, with each sticker's photo.
        let letters: String = faces.iter().map(|f| f.letter()).collect();
        assert_eq!(facelets, &letters);
        let shows = |face: Face| photos.iter().position(|p| p[4] == face).unwrap() + 1;
        assert_eq!(photo_of[u] + 1, shows(Face::U));
        assert_eq!(photo_of[f] + 1, shows(Face::F));
    }

    #[test]
    fn photos_that_cannot_be_read_are_named() {
        assert_eq!(read(&[]), Err(ScanError::PhotoCount(0)));
        let mut rng = StdRng::seed_from_u64(44);
        let cube = random_cube(&mut rng);
        let photos = photo_faces(&mut rng, &facelet::faces(&cube));
        let mut shots = render_all(&mut rng, &photos);
        shots[3].rgba.iter_mut().for_each(|byte| *byte = 0);
        shots[4].rgba.pop();
        let error = read(&shots).unwrap_err();
        assert_eq!(
            error.to_string(),
            "photo 4: too dark: turn on a light, or move somewhere brighter; photo 5: a 640×480 \
             RGBA photo needs 1228800 bytes, but it has 1228799"
        );
        shots[3] = Shot {
            width: 0,
            height: 0,
            rgba: Vec::new(),
        };
        assert!(read(&shots)
            .unwrap_err()
            .to_string()
            .starts_with("photo 4: a 0×0 photo is too small"));
        // Photos that fail alike are named together, the reason once.
        for shot in &mut shots[1..4] {
            *shot = Shot {
                width: 640,
                height: 480,
                rgba: vec![0; 640 * 480 * 4],
            };
        }
        assert!(read(&shots).unwrap_err().to_string().starts_with(
            "photos 2, 3 and 4: too dark: turn on a light, or move somewhere brighter; photo 5: "
        ));
    }

    proptest::proptest! {
        #[test]
        fn six_garbage_photos_never_panic(seed in proptest::prelude::any::<u64>(), side in 0usize..48) {
            let mut rng = StdRng::seed_from_u64(seed);
            let shots: Vec<Shot> = (0..6)
                .map(|_| Shot {
                    width: side,
                    height: side,
                    rgba: (0..4 * side * side).map(|_| rng.gen()).collect(),
                })
                .collect();
            proptest::prop_assert!(read(&shots).is_err());
        }
    }
}

/// Photo sets as a real room gives them: each must read exactly, or each
/// bad photo be named with what to do about it.
#[cfg(test)]
mod rooms {
    use super::synthetic::*;
    use super::*;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    /// Reads six photos of a random cube, photo `p` taken under
    /// `conditions(rng, p)`, each `size` pixels; and the cube they show.
    fn scan(
        seed: u64,
        conditions: impl Fn(&mut StdRng, usize) -> Conditions,
        size: (usize, usize),
    ) -> (Result<Scan, ScanError>, CubieCube) {
        let mut rng = StdRng::seed_from_u64(seed);
        let cube = random_cube(&mut rng);
        let photos = photo_faces(&mut rng, &facelet::faces(&cube));
        let conditions: Vec<Conditions> = (0..6).map(|p| conditions(&mut rng, p)).collect();
        let shots = render_set(&mut rng, &photos, &conditions, size);
        let views: Vec<Photo> = shots.iter().map(Shot::photo).collect();
        (read_photos(&views), cube)
    }

    fn reads_exactly(
        seed: u64,
        conditions: impl Fn(&mut StdRng, usize) -> Conditions,
        size: (usize, usize),
    ) {
        let (read, cube) = scan(seed, conditions, size);
        match read {
            Ok(scan) => assert_eq!(scan.cube, cube, "seed {seed}"),
            Err(error) => panic!("seed {seed}: {error}"),
        }
    }

    /// The photos named as unreadable, each with why.
    fn failures(
        seed: u64,
        conditions: impl Fn(&mut StdRng, usize) -> Conditions,
    ) -> Vec<(usize, SampleError)> {
        match scan(seed, conditions, (640, 480)).0 {
            Err(ScanError::Photos(failures)) => failures,
            other => panic!("seed {seed}: {other:?}"),
        }
    }

    #[test]
    fn six_photos_in_strong_yellow_light_read_exactly() {
        for seed in 0..2 {
            reads_exactly(seed, |rng, _| Conditions::yellow_light(rng), (640, 480));
        }
    }

    #[test]
    fn two_blurred_faces_read_exactly() {
        let blurred = |_: &mut StdRng, p: usize| Conditions {
            blur: if p < 2 { 0.015 } else { 0.0 },
            ..Conditions::default()
        };
        reads_exactly(10, blurred, (640, 480));
    }

    #[test]
    fn two_steep_faces_read_exactly() {
        let steep = |_: &mut StdRng, p: usize| Conditions {
            lean: if p < 2 { 0.45 } else { 0.0 },
            ..Conditions::default()
        };
        reads_exactly(11, steep, (640, 480));
    }

    #[test]
    fn a_cube_a_quarter_of_the_frame_wide_reads_exactly() {
        let small = |_: &mut StdRng, _: usize| Conditions {
            side: (0.25, 0.26),
            ..Conditions::default()
        };
        reads_exactly(12, small, (480, 640));
    }

    #[test]
    fn every_bad_photo_is_named_with_what_to_do() {
        let mixed = |_: &mut StdRng, p: usize| match p {
            1 => Conditions {
                cast: [0.12; 3],
                ..Conditions::default()
            },
            4 => Conditions {
                side: (0.09, 0.1),
                ..Conditions::default()
            },
            _ => Conditions::default(),
        };
        assert_eq!(
            failures(13, mixed),
            [(1, SampleError::TooDark), (4, SampleError::FaceTooSmall)]
        );
    }

    #[test]
    fn a_face_found_in_light_too_dim_for_its_colours_is_named_too_dark() {
        let dim = |_: &mut StdRng, p: usize| Conditions {
            cast: [if p == 1 { 0.16 } else { 1.0 }; 3],
            ..Conditions::default()
        };
        // At a sixth of daylight, the dim photo is named whether its face
        // is found or not: never read as colours that make no real cube.
        for seed in 0..12 {
            let named: Vec<usize> = failures(seed, dim).iter().map(|f| f.0).collect();
            assert_eq!(named, [1], "seed {seed}");
        }
        // Its face found, but all its stickers darker than a lit face's.
        assert_eq!(failures(9, dim), [(1, SampleError::TooDark)]);
    }

    #[test]
    fn a_white_cube_on_a_pale_table_reads_exactly() {
        let white = |_: &mut StdRng, _: usize| Conditions {
            plastic: WHITE_PLASTIC,
            table: Some(PALE_TABLE),
            ..Conditions::default()
        };
        for seed in [14, 15] {
            reads_exactly(seed, white, (640, 480));
        }
    }

    #[test]
    fn the_white_face_of_a_solved_white_cube_says_there_are_no_dark_lines() {
        // No colour and no lines between its stickers: nothing to find.
        let mut rng = StdRng::seed_from_u64(16);
        let photos = photo_faces(&mut rng, &facelet::faces(&CubieCube::solved()));
        let white = Conditions {
            plastic: WHITE_PLASTIC,
            table: Some(PALE_TABLE),
            ..Conditions::default()
        };
        let shots = render_set(&mut rng, &photos, &[white; 6], (640, 480));
        let views: Vec<Photo> = shots.iter().map(Shot::photo).collect();
        let white_face = photos.iter().position(|p| p[4] == Face::U);
        match read_photos(&views) {
            Err(ScanError::Photos(failures)) => {
                assert_eq!(failures, [(white_face.unwrap(), SampleError::NoDarkLines)]);
            }
            other => panic!("{other:?}"),
        }
        assert!(SampleError::NoDarkLines
            .to_string()
            .contains("(a white cube?): fill the frame with one face"));
    }
}

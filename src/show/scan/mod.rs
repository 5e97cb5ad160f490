//! Reading a real cube from six photos, one per face, for the facelet
//! editor: photo pixels → nine colours per photo (`sample`) → six groups of
//! nine colours, each photo's light taken out (`classify`) → the one cube
//! the faces make, whichever way up each photo was held (`assemble`) → a
//! facelet string the rest of the data flow reads like typed input.
//!
//! Which way up a photo was held is found, not asked: of the 4⁶ ways to
//! turn the six faces, the real cube's is the one whose pieces all exist
//! and that passes the twist, flip and parity checks. On random cubes the
//! answer is unique: in 20,000 random states no other turning even made
//! every piece exist. Only cubes with a face that looks the same turned
//! (a face of one colour, as on a solved cube or one a few turns from it)
//! allow several turnings, and then those turnings give the same cube, so
//! the result is still exact. Should two different cubes ever fit, the
//! photos cannot tell them apart, and `read_photos` says so rather than
//! guess.

mod assemble;
mod classify;
mod homography;
mod sample;
#[cfg(test)]
mod synthetic;

pub use classify::SameFace;
pub use homography::Point;
pub use sample::{FaceReading, Photo, Rgb, SampleError};

use crate::cube::colour;
use crate::cube::cubie::{CubieCube, Face};
use crate::cube::facelet::{self, FaceletError, N_FACELETS};

/// A sticker whose colour is nearer than this (in log-chromaticity, where
/// the closest two cube colours, orange and yellow, are about 0.5 apart) to
/// its group's than to the next group's is flagged unsure.
pub const UNSURE_MARGIN: f32 = 0.12;

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
    #[error("photo {}: {source}", photo + 1)]
    Photo { photo: usize, source: SampleError },
    #[error("{}", same_face_message(.0))]
    SameFace(SameFace),
    /// `stickers`: the facelet positions the broken rules are about.
    #[error("the photos do not make a real cube: {}; photo {} is the likeliest to be misread", join(errors), photo + 1)]
    NotACube {
        errors: Vec<FaceletError>,
        photo: usize,
        stickers: Vec<usize>,
    },
    /// `cubes`: every cube that fits, as facelet strings; `photos`: the
    /// photos whose turn differs between them.
    #[error("the photos fit {} different cubes, which differ in which way up photo {} was held: colours alone cannot tell", cubes.len(), photo_list(photos))]
    Ambiguous {
        cubes: Vec<String>,
        photos: Vec<usize>,
    },
}

fn same_face_message(same: &SameFace) -> String {
    let name = |face: Face| colour::colour(face).name.to_lowercase();
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

fn join(errors: &[FaceletError]) -> String {
    let messages: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    messages.join("; ")
}

fn photo_list(photos: &[usize]) -> String {
    let numbers: Vec<String> = photos.iter().map(|p| (p + 1).to_string()).collect();
    match numbers.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => numbers.concat(),
    }
}

/// Reads the cube shown by six photos, one of each face, in any order and
/// each held any way up (but not mirrored: a front camera's preview must be
/// flipped back first). Each photo should show one face square-on enough
/// that its nine stickers and the black lines between them are visible,
/// filling between a quarter and nine tenths of the photo's short side; at
/// most about 640 pixels a side keeps this fast (a few milliseconds each).
///
/// Errors: not six photos; a photo whose buffer does not match its size,
/// that is smaller than 24 pixels a side, with no face found or a face cut
/// off by the photo's edge (each naming the photo); two photos of one face
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
        Err(assemble::Failure::NoCube { errors, sources }) => {
            let stickers: Vec<usize> = errors.iter().flat_map(|e| e.stickers()).collect();
            Err(ScanError::NotACube {
                photo: likeliest_misread(&stickers, &sources, &classification),
                errors,
                stickers,
            })
        }
    }
}

/// Each photo's face reading, or the first photo that has none.
fn read_faces(photos: &[Photo]) -> Result<Vec<FaceReading>, ScanError> {
    if photos.len() != 6 {
        return Err(ScanError::PhotoCount(photos.len()));
    }
    photos
        .iter()
        .enumerate()
        .map(|(photo, image)| {
            sample::read_face(image).map_err(|source| ScanError::Photo { photo, source })
        })
        .collect()
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

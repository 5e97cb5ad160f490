//! Synthetic photos of a cube for the tests: a cluttered background of
//! random rectangles (or a plain pale table), one face drawn in perspective
//! at any angle (nine stickers on black or white plastic), small or large,
//! square-on or steeply leant back, then blur, a brightness gradient, a
//! colour cast and per-pixel noise over everything.

use super::assemble::turned;
use super::homography::{Homography, Point};
use super::sample::{Photo, Rgb};
use crate::cube::cubie::{CubieCube, Face, Move};
use crate::cube::facelet;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::Rng;

/// The synthetic cube's sticker colours in `Face::ALL` order (white, red,
/// green, yellow, orange, blue): a different cube from the classifier's
/// reference colours, as a real one would be.
pub const STICKER_RGB: [Rgb; 6] = [
    [245, 245, 238],
    [205, 20, 42],
    [0, 165, 85],
    [250, 222, 20],
    [255, 98, 12],
    [10, 62, 195],
];

/// A black cube's plastic.
pub const BLACK_PLASTIC: [f64; 3] = [24.0, 24.0, 27.0];
/// A white cube's plastic: a little greyer than its white stickers.
pub const WHITE_PLASTIC: [f64; 3] = [222.0, 222.0, 216.0];
/// A pale wooden table.
pub const PALE_TABLE: [f64; 3] = [214.0, 200.0, 178.0];

/// An owned RGBA image.
pub struct Shot {
    pub width: usize,
    pub height: usize,
    pub rgba: Vec<u8>,
}

impl Shot {
    pub fn photo(&self) -> Photo<'_> {
        Photo {
            width: self.width,
            height: self.height,
            rgba: &self.rgba,
        }
    }
}

/// How a synthetic photo is lit and framed.
#[derive(Clone, Copy, Debug)]
pub struct Conditions {
    /// Channel gains: (1, 1, 1) is daylight.
    pub cast: [f64; 3],
    /// The face is turned by up to this angle (radians) either way.
    pub max_tilt: f64,
    /// Pixel noise: uniform within ± this, in 0..255 units.
    pub noise: f64,
    /// The face's side, as a share of the photo's short side: drawn from
    /// this range.
    pub side: (f64, f64),
    /// How far the face leans back from square-on: its far edge is this
    /// share shorter than its near one, and its height is squashed by
    /// `1 - lean` (0 is square-on; 0.5 is about 60°).
    pub lean: f64,
    /// Blur: the radius of a box blur applied twice, as a share of the
    /// face's side (a sticker is a third).
    pub blur: f64,
    /// The cube's plastic, between and around the stickers.
    pub plastic: [f64; 3],
    /// A plain table under the cube, or (`None`) a cluttered one.
    pub table: Option<[f64; 3]>,
}

impl Conditions {
    /// Any angle, strong noise, and one of daylight, tungsten, shade or
    /// fluorescent light, each a little off.
    pub fn random(rng: &mut StdRng) -> Conditions {
        let lights = [
            [1.0, 1.0, 1.0],
            [1.0, 0.78, 0.5],
            [0.8, 0.92, 1.0],
            [0.92, 1.0, 0.82],
        ];
        let light = lights[rng.gen_range(0..lights.len())];
        Conditions {
            cast: light.map(|g| g * rng.gen_range(0.94..1.06)),
            ..Conditions::default()
        }
    }

    /// Strong warm indoor light: a bulb's yellow, stronger than tungsten
    /// white balance leaves it, and dim.
    pub fn yellow_light(rng: &mut StdRng) -> Conditions {
        let gain = rng.gen_range(0.6..0.75);
        Conditions {
            cast: [1.0, 0.72, 0.3].map(|g| g * gain),
            ..Conditions::default()
        }
    }
}

impl Default for Conditions {
    /// Daylight, any angle, strong noise, a black cube of 30–85% of the
    /// short side on a cluttered table, sharp.
    fn default() -> Conditions {
        Conditions {
            cast: [1.0; 3],
            max_tilt: std::f64::consts::PI,
            noise: 14.0,
            side: (0.3, 0.85),
            lean: 0.0,
            blur: 0.0,
            plastic: BLACK_PLASTIC,
            table: None,
        }
    }
}

/// A random state: 40 random face turns from solved.
pub fn random_cube(rng: &mut StdRng) -> CubieCube {
    let moves: Vec<Move> = (0..40)
        .map(|_| Move::ALL[rng.gen_range(0..Move::ALL.len())])
        .collect();
    CubieCube::solved().apply(&moves)
}

/// Six photos of a cube whose 54 stickers show `faces`: for each photo, the
/// colour (as its face on a solved cube) of its nine stickers, row by row.
/// The photos come in random order, each turned a random number of quarter
/// turns.
pub fn photo_faces(rng: &mut StdRng, faces: &[Face; facelet::N_FACELETS]) -> [[Face; 9]; 6] {
    let mut order = Face::ALL;
    order.shuffle(rng);
    order.map(|face| {
        let turns = rng.gen_range(0..4);
        std::array::from_fn(|k| faces[9 * face.index() + turned(k, turns)])
    })
}

/// The groups `assemble` takes: which photo's centre each sticker matches.
pub fn groups_of(photos: &[[Face; 9]; 6]) -> [[usize; 9]; 6] {
    photos.map(|photo| photo.map(|face| photos.iter().position(|p| p[4] == face).unwrap_or(0)))
}

/// A `width` × `height` photo of a face with these nine stickers (row by
/// row, upright before the tilt) under `conditions`.
pub fn render(
    rng: &mut StdRng,
    width: usize,
    height: usize,
    stickers: &[Rgb; 9],
    conditions: &Conditions,
) -> Shot {
    let mut image = vec![[0.0f64; 3]; width * height];
    match conditions.table {
        Some(table) => image.fill(table),
        None => clutter(rng, &mut image, width, height),
    }
    let (to_face, side) = place_face(rng, width, height, conditions);
    let gap = rng.gen_range(0.05..0.08);
    for y in 0..height {
        for x in 0..width {
            let Some([fx, fy]) = to_face.apply([x as f64 + 0.5, y as f64 + 0.5]) else {
                continue;
            };
            if !(0.0..3.0).contains(&fx) || !(0.0..3.0).contains(&fy) {
                continue;
            }
            let (col, row) = (fx.floor(), fy.floor());
            let inside = |t: f64| t > gap && t < 1.0 - gap;
            image[y * width + x] = if inside(fx - col) && inside(fy - row) {
                stickers[3 * row as usize + col as usize].map(f64::from)
            } else {
                conditions.plastic
            };
        }
    }
    let radius = (conditions.blur * side).round() as usize;
    for _ in 0..2 {
        box_blur(&mut image, width, height, radius);
    }
    let direction = rng.gen_range(0.0..std::f64::consts::TAU);
    let (dx, dy) = (direction.cos(), direction.sin());
    let (dark, bright) = (rng.gen_range(0.45..0.7), rng.gen_range(1.0..1.15));
    let extent = (width as f64 * dx.abs() + height as f64 * dy.abs()).max(1.0);
    let offset = (width as f64 * dx).min(0.0) + (height as f64 * dy).min(0.0);
    let mut rgba = Vec::with_capacity(4 * width * height);
    for (i, colour) in image.iter().enumerate() {
        let (x, y) = ((i % width) as f64, (i / width) as f64);
        let along = (x * dx + y * dy - offset) / extent;
        let light = dark + (bright - dark) * along;
        for (c, gain) in colour.iter().zip(conditions.cast) {
            let noise = rng.gen_range(-conditions.noise..=conditions.noise);
            rgba.push((c * gain * light + noise).clamp(0.0, 255.0) as u8);
        }
        rgba.push(255);
    }
    Shot {
        width,
        height,
        rgba,
    }
}

/// A backdrop of one random colour with 30 random rectangles on it.
fn clutter(rng: &mut StdRng, image: &mut [[f64; 3]], width: usize, height: usize) {
    image.fill(random_colour(rng));
    for _ in 0..30 {
        let colour = random_colour(rng);
        let (w, h) = (
            rng.gen_range(width / 30..width / 3),
            rng.gen_range(height / 30..height / 3),
        );
        let (x0, y0) = (rng.gen_range(0..width - w), rng.gen_range(0..height - h));
        for y in y0..y0 + h {
            image[y * width + x0..y * width + x0 + w].fill(colour);
        }
    }
}

/// Blurs `image` with a box of `radius` pixels each way, across then down.
fn box_blur(image: &mut [[f64; 3]], width: usize, height: usize, radius: usize) {
    if radius == 0 {
        return;
    }
    let pass = |image: &mut [[f64; 3]],
                at: &dyn Fn(usize, usize) -> usize,
                lines: usize,
                length: usize| {
        for line in 0..lines {
            let original: Vec<[f64; 3]> = (0..length).map(|i| image[at(line, i)]).collect();
            for i in 0..length {
                let (from, to) = (i.saturating_sub(radius), (i + radius + 1).min(length));
                let mut sum = [0.0; 3];
                for pixel in &original[from..to] {
                    for c in 0..3 {
                        sum[c] += pixel[c];
                    }
                }
                image[at(line, i)] = sum.map(|v| v / (to - from) as f64);
            }
        }
    };
    pass(image, &|y, x| y * width + x, height, width);
    pass(image, &|x, y| y * width + x, width, height);
}

fn random_colour(rng: &mut StdRng) -> [f64; 3] {
    std::array::from_fn(|_| rng.gen_range(0.0..255.0))
}

/// The map from pixels to face coordinates (0..3 each way, stickers row by
/// row) of a face placed at random, and its side in pixels: a side in
/// `conditions.side` of the photo's short side, leant back by
/// `conditions.lean`, turned up to `conditions.max_tilt`, each corner
/// pulled by up to 8% of the side for perspective, all inside the photo.
fn place_face(
    rng: &mut StdRng,
    width: usize,
    height: usize,
    conditions: &Conditions,
) -> (Homography, f64) {
    let short = width.min(height) as f64;
    let (least, most) = conditions.side;
    let mut side = rng.gen_range(least..most) * short;
    loop {
        let tilt = rng.gen_range(-conditions.max_tilt..=conditions.max_tilt);
        let (sin, cos) = tilt.sin_cos();
        let reach = side * 0.5 * (sin.abs() + cos.abs()) + 0.1 * side;
        if 2.0 * reach + 8.0 < short {
            let centre = [
                rng.gen_range(reach + 4.0..width as f64 - reach - 4.0),
                rng.gen_range(reach + 4.0..height as f64 - reach - 4.0),
            ];
            let lean = conditions.lean;
            let pairs: Vec<(Point, Point)> = [[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]]
                .into_iter()
                .map(|[a, b]: Point| {
                    // The far (top) edge is shorter, and the face squashed.
                    let narrowing = if b < 0.0 { 1.0 - lean } else { 1.0 };
                    let (x, y) = (a * side / 2.0 * narrowing, b * side / 2.0 * (1.0 - lean));
                    let pull = |rng: &mut StdRng| rng.gen_range(-0.08..0.08) * side;
                    let corner = [
                        centre[0] + x * cos - y * sin + pull(rng),
                        centre[1] + x * sin + y * cos + pull(rng),
                    ];
                    (corner, [1.5 * (a + 1.0), 1.5 * (b + 1.0)])
                })
                .collect();
            if let Some(map) = Homography::fit(&pairs) {
                return (map, side);
            }
        }
        side *= 0.97;
    }
}

/// Rendered 640×480 photos of six faces (as `photo_faces` gives them), each
/// in its own random light.
pub fn render_all(rng: &mut StdRng, photos: &[[Face; 9]; 6]) -> Vec<Shot> {
    photos
        .iter()
        .map(|faces| {
            let conditions = Conditions::random(rng);
            render(
                rng,
                640,
                480,
                &faces.map(|f| STICKER_RGB[f.index()]),
                &conditions,
            )
        })
        .collect()
}

/// Rendered `width` × `height` photos of six faces, photo `p` under
/// `conditions[p]`.
pub fn render_set(
    rng: &mut StdRng,
    photos: &[[Face; 9]; 6],
    conditions: &[Conditions],
    (width, height): (usize, usize),
) -> Vec<Shot> {
    photos
        .iter()
        .zip(conditions)
        .map(|(faces, conditions)| {
            render(
                rng,
                width,
                height,
                &faces.map(|f| STICKER_RGB[f.index()]),
                conditions,
            )
        })
        .collect()
}

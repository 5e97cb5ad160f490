//! One photo to nine colours: find the cube face (a 3×3 grid of coloured
//! stickers on black plastic) and read the middle of each sticker.
//!
//! The stickers are found as what the black grid leaves: pixels that are
//! bright or colourful compared with their surroundings (so a brightness
//! gradient across the photo does not matter), cut into connected blobs.
//! Blobs of about a sticker's size and shape are candidates; the face is the
//! set of at least `MIN_STICKERS` candidates that sits best on a 3×3 lattice,
//! first guessed from one blob and two neighbours, then refitted as a
//! perspective map (a homography) through the matched blob centres. That map
//! also says where any sticker missed as a blob (glare, a dark blue in dim
//! light) must be, and the colours are read through it.

use super::homography::{Homography, Point};

/// An 8-bit red, green, blue colour.
pub type Rgb = [u8; 3];

/// A photo as the page hands it over: RGBA, 8 bits a channel, row by row;
/// `rgba` should hold `4 * width * height` bytes.
#[derive(Clone, Copy, Debug)]
pub struct Photo<'a> {
    pub width: usize,
    pub height: usize,
    pub rgba: &'a [u8],
}

/// Why a photo could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SampleError {
    #[error("a {width}×{height} RGBA photo needs {} bytes, but it has {len}", *width as u128 * *height as u128 * 4)]
    BufferSize {
        width: usize,
        height: usize,
        len: usize,
    },
    #[error("a {width}×{height} photo is too small to find a cube face in (it needs at least {MIN_SIDE} pixels each way)")]
    TooSmall { width: usize, height: usize },
    #[error("too dark: turn on a light, or move somewhere brighter")]
    TooDark,
    #[error("the light is too coloured to tell the stickers apart: use daylight or a white lamp")]
    ColouredLight,
    #[error("blurred: hold the phone still and let it focus, then retake it")]
    Blurred,
    #[error("the cube is too small in the photo: get closer, so one face fills most of the frame")]
    FaceTooSmall,
    #[error("taken at too steep an angle: hold the phone straight in front of the face")]
    TooSteep,
    #[error("no dark lines between the stickers (a white cube?): fill the frame with one face, on a dark background")]
    NoDarkLines,
    #[error("no cube face found: fill the frame with one face, straight on, in even light")]
    NoFace,
    #[error("the cube face runs off the edge of the photo: step back a little")]
    OutOfFrame,
}

/// What one photo shows.
#[derive(Clone, Debug, PartialEq)]
pub struct FaceReading {
    /// The nine sticker colours, row by row as the photo shows them: the row
    /// nearest the photo's top first, each row from left to right. A tilted
    /// face is read from the corner that is nearest to being top left.
    pub colours: [Rgb; 9],
    /// The face's outer corners in pixels (x right, y down), in the same
    /// frame: top left, top right, bottom right, bottom left.
    pub corners: [Point; 4],
    /// From 0 to 1: the share of the nine stickers found as separate blobs,
    /// less how far they sat from a perfect grid.
    pub confidence: f32,
}

/// The smallest width and height searched for a face.
pub const MIN_SIDE: usize = 24;

/// A pixel belongs to a sticker when it is brighter than the first of one
/// of these pairs' shares of the mean brightness around it, or more
/// colourful than the second (a blue sticker in dim warm light is dark, but
/// still far more colourful than black plastic)… The pairs are tried in
/// turn until a face is found: the first suits black plastic in uneven
/// light; higher ones find the lines between stickers that blur has
/// partly filled in; the last looks at colour alone (no pixel is bright
/// enough), for a white cube, whose plastic is as bright as its stickers:
/// its coloured stickers are the blobs, and the white ones are read where
/// the grid they make puts them…
const SHARES: [(f64, f64); 5] = [
    (0.42, 0.3),
    (0.65, 0.45),
    (0.9, 0.6),
    (1.15, 0.8),
    (f64::INFINITY, 0.35),
];
/// …and not darker than this in absolute terms (sensor noise in shadow).
const DARKEST_STICKER: u16 = 20;
/// The side of the blocks of pixels that share one surround brightness
/// (the surround is some 25 blocks across).
const SURROUND_BLOCK: usize = 4;
/// Stickers found as blobs needed to accept a face.
const MIN_STICKERS: usize = 6;
/// How far (in sticker pitches) a blob's centre may sit from its grid place.
const GRID_TOLERANCE: f64 = 0.3;
/// Half the side, in sticker pitches, of the square read in each sticker:
/// clear of the black grid even where the fitted map is a little off.
const READ_HALF_SIDE: f64 = 0.3;
/// Points read along each side of that square.
const READ_STEPS: usize = 7;

impl Photo<'_> {
    fn pixel(&self, x: usize, y: usize) -> Rgb {
        let i = 4 * (y * self.width + x);
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// The pixel under point `p`, if it is inside the photo.
    fn pixel_at(&self, [x, y]: Point) -> Option<Rgb> {
        let inside = x >= 0.0 && y >= 0.0 && x < self.width as f64 && y < self.height as f64;
        inside.then(|| self.pixel(x as usize, y as usize))
    }
}

/// Finds the cube face in `photo` and reads its nine colours.
pub fn read_face(photo: &Photo) -> Result<FaceReading, SampleError> {
    let (width, height) = (photo.width, photo.height);
    let expected = width.checked_mul(height).and_then(|n| n.checked_mul(4));
    if expected != Some(photo.rgba.len()) {
        return Err(SampleError::BufferSize {
            width,
            height,
            len: photo.rgba.len(),
        });
    }
    if width.min(height) < MIN_SIDE {
        return Err(SampleError::TooSmall { width, height });
    }
    let grid = SHARES
        .iter()
        .find_map(|&shares| {
            let patches = patches(&sticker_mask(photo, shares), width, height);
            find_grid(&sticker_blobs(&patches, width.min(height), STICKER_SHAPE))
        })
        .ok_or_else(|| why_no_face(photo))?;
    let turn = upright_turn(&grid.to_image).ok_or(SampleError::NoFace)?;
    let place = |col: f64, row: f64| turn_lattice([col, row], turn);
    let mut colours = [[0; 3]; 9];
    for (k, colour) in colours.iter_mut().enumerate() {
        let centre = place((k % 3) as f64 - 1.0, (k / 3) as f64 - 1.0);
        *colour = read_sticker(photo, &grid.to_image, centre)?;
    }
    // A face can be found in light too dim for its colours to be told
    // apart: then it is the light, not a sticker, that is wrong.
    if colours.iter().flatten().all(|&channel| channel < TOO_DARK) {
        return Err(SampleError::TooDark);
    }
    let corner = |col: f64, row: f64| grid.to_image.apply(place(col, row));
    let corners = [
        corner(-1.5, -1.5),
        corner(1.5, -1.5),
        corner(1.5, 1.5),
        corner(-1.5, 1.5),
    ];
    let confidence = grid.matched as f64 / 9.0 * (1.0 - grid.residual / GRID_TOLERANCE);
    Ok(FaceReading {
        colours,
        corners: corners.map(|c| c.unwrap_or_default()),
        confidence: confidence.clamp(0.0, 1.0) as f32,
    })
}

/// Summed-area table: the sum over any rectangle in four look-ups.
struct SummedArea {
    width: usize,
    height: usize,
    sums: Vec<u64>,
}

impl SummedArea {
    fn new(values: &[u32], width: usize, height: usize) -> SummedArea {
        let stride = width + 1;
        let mut sums = vec![0u64; stride * (height + 1)];
        for y in 0..height {
            let mut row = 0u64;
            for x in 0..width {
                row += u64::from(values[y * width + x]);
                sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + row;
            }
        }
        SummedArea {
            width,
            height,
            sums,
        }
    }

    /// The mean over the square of half-side `radius` around (x, y), clipped
    /// to the image.
    fn mean(&self, x: usize, y: usize, radius: usize) -> f64 {
        let (x0, y0) = (x.saturating_sub(radius), y.saturating_sub(radius));
        let (x1, y1) = (
            (x + radius + 1).min(self.width),
            (y + radius + 1).min(self.height),
        );
        let stride = self.width + 1;
        let at = |x: usize, y: usize| self.sums[y * stride + x];
        let sum = at(x1, y1) + at(x0, y0) - at(x0, y1) - at(x1, y0);
        sum as f64 / ((x1 - x0) * (y1 - y0)) as f64
    }
}

/// Which pixels look like sticker rather than black plastic, shrunk by one
/// pixel so that a noisy pixel or two cannot bridge the grid between stickers.
fn sticker_mask(photo: &Photo, (bright_share, colourful_share): (f64, f64)) -> Vec<bool> {
    let (width, height) = (photo.width, photo.height);
    let value = |px: &[u8]| px[0].max(px[1]).max(px[2]);
    // The surround brightness is so smooth that it is only worked out per
    // block of pixels: mean brightness per block, then means of those.
    let blocks_across = width.div_ceil(SURROUND_BLOCK);
    let blocks_down = height.div_ceil(SURROUND_BLOCK);
    let mut block_sums = vec![0u32; blocks_across * blocks_down];
    for (y, row) in photo.rgba.chunks_exact(4 * width).enumerate() {
        let block_row = &mut block_sums[y / SURROUND_BLOCK * blocks_across..];
        for (x, px) in row.chunks_exact(4).enumerate() {
            block_row[x / SURROUND_BLOCK] += u32::from(value(px));
        }
    }
    let block_area = (SURROUND_BLOCK * SURROUND_BLOCK) as u32;
    let block_means: Vec<u32> = block_sums.iter().map(|s| s / block_area).collect();
    let blocks = SummedArea::new(&block_means, blocks_across, blocks_down);
    // About a fifth of the short side: wider than the grid lines of the
    // largest face, narrow enough to follow a brightness gradient.
    let surround = width.min(height) / 10 / SURROUND_BLOCK;
    let thresholds: Vec<(u16, u16)> = (0..blocks_across * blocks_down)
        .map(|b| {
            let around = blocks.mean(b % blocks_across, b / blocks_across, surround);
            (
                (bright_share * around) as u16,
                (colourful_share * around) as u16,
            )
        })
        .collect();
    let mut bright = vec![false; width * height];
    for (y, (row, out)) in photo
        .rgba
        .chunks_exact(4 * width)
        .zip(bright.chunks_exact_mut(width))
        .enumerate()
    {
        let row_thresholds = &thresholds[y / SURROUND_BLOCK * blocks_across..];
        for (x, (px, out)) in row.chunks_exact(4).zip(out.iter_mut()).enumerate() {
            let (brightest, colourful) = row_thresholds[x / SURROUND_BLOCK];
            let max = u16::from(value(px));
            let chroma = max - u16::from(px[0].min(px[1]).min(px[2]));
            *out = max >= DARKEST_STICKER && (max > brightest || chroma > colourful);
        }
    }
    let mut shrunk = vec![false; width * height];
    for y in 1..height - 1 {
        for x in 1..width - 1 {
            let i = y * width + x;
            shrunk[i] = bright[i]
                && bright[i - 1]
                && bright[i + 1]
                && bright[i - width]
                && bright[i + width];
        }
    }
    shrunk
}

/// A connected patch of sticker-like pixels.
#[derive(Clone, Copy, Debug)]
struct Blob {
    centre: Point,
    area: f64,
}

/// A connected patch of the mask.
struct Patch {
    moments: Moments,
    touches_edge: bool,
}

/// The connected patches of `mask`.
fn patches(mask: &[bool], width: usize, height: usize) -> Vec<Patch> {
    // Connected runs of each row are joined with the runs they touch in
    // the row above (union–find): far fewer steps than pixel by pixel.
    let mut runs: Vec<Run> = Vec::new();
    let mut parent: Vec<usize> = Vec::new();
    let mut above = 0..0;
    for y in 0..height {
        let row = &mask[y * width..(y + 1) * width];
        let first = runs.len();
        let mut x = 0;
        while x < width {
            if !row[x] {
                x += 1;
                continue;
            }
            let start = x;
            while x < width && row[x] {
                x += 1;
            }
            let id = runs.len();
            runs.push(Run { y, start, end: x });
            parent.push(id);
            // Runs above that end before this one starts are passed for
            // good; the next ones that start before it ends touch it.
            while above.start < above.end && runs[above.start].end <= start {
                above.start += 1;
            }
            let mut other = above.start;
            while other < above.end && runs[other].start < x {
                union(&mut parent, other, id);
                other += 1;
            }
        }
        above = first..runs.len();
    }
    let mut moments: Vec<Moments> = (0..runs.len()).map(|_| Moments::default()).collect();
    let mut touches_edge = vec![false; runs.len()];
    for (id, run) in runs.iter().enumerate() {
        let root = find(&mut parent, id);
        moments[root].add_run(run);
        touches_edge[root] |=
            run.start <= 1 || run.end + 1 >= width || run.y <= 1 || run.y + 2 >= height;
    }
    (0..runs.len())
        .filter(|&id| parent[id] == id)
        .map(|id| Patch {
            moments: std::mem::take(&mut moments[id]),
            touches_edge: touches_edge[id],
        })
        .collect()
}

/// What a patch must be like to be taken for a sticker.
#[derive(Clone, Copy)]
struct StickerShape {
    /// Its area at least this share of the photo's short side squared…
    least_area: f64,
    /// …and its compactness (`Moments::compactness`) above this.
    compactness: f64,
}

/// A sticker of a face across 25–90% of the short side (with room for
/// perspective), and compact: a square, even squashed by perspective, not
/// a strip or a ring.
const STICKER_SHAPE: StickerShape = StickerShape {
    least_area: 0.001,
    compactness: 0.7,
};

/// The patches that could be stickers: not touching the photo's edge, and
/// of `shape` in a photo whose short side is `short` pixels.
fn sticker_blobs(patches: &[Patch], short: usize, shape: StickerShape) -> Vec<Blob> {
    let short = short as f64;
    let (min_area, max_area) = (
        (shape.least_area * short * short).max(12.0),
        MAX_AREA * short * short,
    );
    patches
        .iter()
        .filter(|p| !p.touches_edge)
        .map(|p| &p.moments)
        .filter(|m| m.n >= min_area && m.n <= max_area && m.compactness() > shape.compactness)
        .map(|m| Blob {
            centre: m.centre(),
            area: m.n,
        })
        .collect()
}

/// The largest a sticker may be, as a share of the short side squared.
const MAX_AREA: f64 = 0.11;

/// Why no face was found in `photo`, in words a person can act on: the
/// first of too dark, too small, too steep, no lines between the stickers,
/// blurred and coloured light that the photo shows; or just none found.
fn why_no_face(photo: &Photo) -> SampleError {
    let (width, height) = (photo.width, photo.height);
    let short = width.min(height);
    // Every fourth pixel each way is plenty for the light's statistics:
    // how many pixels are how bright and how colourful, and each channel's
    // sum.
    let (mut brightness, mut chroma) = ([0usize; 256], [0usize; 256]);
    let mut sums = [0.0; 3];
    let mut sampled = 0;
    for y in (0..height).step_by(4) {
        for x in (0..width).step_by(4) {
            let p = photo.pixel(x, y);
            let most = p[0].max(p[1]).max(p[2]);
            brightness[usize::from(most)] += 1;
            chroma[usize::from(most - p[0].min(p[1]).min(p[2]))] += 1;
            for (sum, value) in sums.iter_mut().zip(p) {
                *sum += f64::from(value);
            }
            sampled += 1;
        }
    }
    if ranked(&brightness, sampled * 9 / 10) < usize::from(TOO_DARK) {
        return SampleError::TooDark;
    }
    // A photo of nothing (a wall, a covered lens) is as flat as a blurred
    // one, but has no stickers' colours either: there is no face in it.
    let spread =
        |counts: &[usize]| ranked(counts, sampled * 19 / 20) - ranked(counts, sampled / 20);
    if spread(&brightness) < FEATURELESS && spread(&chroma) < FEATURELESS {
        return SampleError::NoFace;
    }
    let patches = patches(&sticker_mask(photo, SHARES[0]), width, height);
    let grid_with =
        |shape: StickerShape| find_grid(&sticker_blobs(&patches, short, shape)).is_some();
    let small = StickerShape {
        least_area: STICKER_SHAPE.least_area / 8.0,
        ..STICKER_SHAPE
    };
    if grid_with(small) {
        return SampleError::FaceTooSmall;
    }
    if looks_steep(&patches, short) {
        return SampleError::TooSteep;
    }
    // A white cube on a pale table: a pale photo, with little colour.
    let median_brightness = ranked(&brightness, sampled / 2) as f64;
    if median_brightness > PALE && (ranked(&chroma, sampled / 2) as f64) < 0.25 * median_brightness
    {
        return SampleError::NoDarkLines;
    }
    if sharpness(photo) < BLURRED {
        return SampleError::Blurred;
    }
    let mean = sums.map(|sum| sum / sampled as f64);
    let (most, least) = (
        mean.iter().copied().fold(0.0, f64::max),
        mean.iter().copied().fold(f64::INFINITY, f64::min),
    );
    if most > COLOURED_LIGHT * least.max(1.0) {
        return SampleError::ColouredLight;
    }
    SampleError::NoFace
}

/// Whether at least six patches look like stickers seen at a steep angle:
/// of a sticker's area, of much the same size, but squashed (less compact
/// than a sticker is taken to be).
fn looks_steep(patches: &[Patch], short: usize) -> bool {
    let squashed: Vec<f64> = sticker_blobs(
        patches,
        short,
        StickerShape {
            compactness: 0.3,
            ..STICKER_SHAPE
        },
    )
    .iter()
    .map(|blob| blob.area)
    .collect();
    squashed.iter().any(|&area| {
        let alike = squashed
            .iter()
            .filter(|&&other| other < 2.0 * area && area < 2.0 * other);
        alike.count() >= MIN_STICKERS
    })
}

/// The value at `rank` (0-based, from the least) of values counted by
/// `counts` (`counts[v]` of value `v`); 0 if there are not so many.
fn ranked(counts: &[usize], rank: usize) -> usize {
    let mut below = 0;
    for (value, &count) in counts.iter().enumerate() {
        below += count;
        if below > rank {
            return value;
        }
    }
    0
}

/// A photo whose median brightness (0..255) is above this, with little
/// colour, is pale all over: a white cube on a pale table.
const PALE: f64 = 140.0;
/// A photo whose brightest tenth is darker than this (0..255) is too dark,
/// and so is a face found whose stickers all are: at a fifth of daylight,
/// a face's colours were misread on some synthetic cubes, at a sixth on
/// most.
const TOO_DARK: u8 = 40;
/// A photo shows nothing at all whose brightness and colourfulness (each
/// 0..255) both vary less than this between its 5th and 95th percentiles:
/// a cube's stickers, however blurred, differ by far more.
const FEATURELESS: usize = 24;
/// A photo is blurred whose `sharpness` is below this.
const BLURRED: f64 = 0.45;
/// The light is too coloured when one channel's mean is this many times
/// another's.
const COLOURED_LIGHT: f64 = 3.0;

/// How sharp the photo's edges are, from 0 to about 1: the strongest steps
/// between neighbouring 2×2 blocks over the strongest between blocks four
/// apart. A sharp edge steps all the way between neighbours; blur spreads
/// the step over several.
fn sharpness(photo: &Photo) -> f64 {
    let (across, down) = (photo.width / 2, photo.height / 2);
    let value = |x: usize, y: usize| -> u16 {
        let p = photo.pixel(x, y);
        u16::from(p[0]) + u16::from(p[1]) + u16::from(p[2])
    };
    let blocks: Vec<u16> = (0..down)
        .flat_map(|by| (0..across).map(move |bx| (bx, by)))
        .map(|(bx, by)| {
            let (x, y) = (2 * bx, 2 * by);
            value(x, y) + value(x + 1, y) + value(x, y + 1) + value(x + 1, y + 1)
        })
        .collect();
    // The 99th percentile of the steps, counted rather than sorted: a step
    // is a whole number up to 4 × 3 × 255.
    let steps = |apart: usize| -> f64 {
        let mut counts = vec![0usize; 4 * 3 * 255 + 1];
        let mut total = 0;
        for by in 0..down {
            for bx in 0..across.saturating_sub(apart) {
                let at = by * across + bx;
                counts[usize::from(blocks[at + apart].abs_diff(blocks[at]))] += 1;
                total += 1;
            }
        }
        ranked(&counts, total * 99 / 100) as f64
    };
    steps(1) / steps(4).max(1.0)
}

/// A stretch of mask pixels in one row, `start..end`.
struct Run {
    y: usize,
    start: usize,
    end: usize,
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (a, b) = (find(parent, a), find(parent, b));
    // The smaller id as root keeps roots in earlier rows.
    parent[a.max(b)] = a.min(b);
}

/// Running sums for a blob's area, centroid and spread.
#[derive(Default, Clone)]
struct Moments {
    n: f64,
    x: f64,
    y: f64,
    xx: f64,
    yy: f64,
}

impl Moments {
    fn add_run(&mut self, run: &Run) {
        let n = (run.end - run.start) as f64;
        let (first, last) = (run.start as f64, (run.end - 1) as f64);
        // Sums of x and x² over first..=last in closed form.
        let sum_x = n * (first + last) / 2.0;
        let sum_xx = squares_below(last + 1.0) - squares_below(first);
        let y = run.y as f64;
        self.n += n;
        self.x += sum_x;
        self.y += n * y;
        self.xx += sum_xx;
        self.yy += n * y * y;
    }

    fn centre(&self) -> Point {
        [self.x / self.n, self.y / self.n]
    }

    /// 1 for a disc, 0.95 for a square, 0.76 for a 2:1 rectangle, lower
    /// for anything stringy: area² over 2π × the polar moment of inertia.
    fn compactness(&self) -> f64 {
        let [cx, cy] = self.centre();
        let polar = (self.xx - self.n * cx * cx) + (self.yy - self.n * cy * cy) + self.n / 6.0;
        self.n * self.n / (2.0 * std::f64::consts::PI * polar)
    }
}

/// 0² + 1² + … + (n-1)².
fn squares_below(n: f64) -> f64 {
    (n - 1.0) * n * (2.0 * n - 1.0) / 6.0
}

/// A face found in a photo: the map from lattice coordinates (sticker
/// centres at -1, 0, 1 each way, x along the photo's rows and y down) to
/// pixels, with how well the blobs fitted it.
struct Grid {
    to_image: Homography,
    matched: usize,
    /// Mean distance, in pitches, of the matched blobs from their places.
    residual: f64,
}

/// The best 3×3 lattice through the blobs.
fn find_grid(blobs: &[Blob]) -> Option<Grid> {
    let mut best: Option<Grid> = None;
    for (i, origin) in blobs.iter().enumerate() {
        let size = origin.area.sqrt();
        let neighbours: Vec<Point> = blobs
            .iter()
            .enumerate()
            .filter(|&(j, other)| {
                let distance = distance(origin.centre, other.centre);
                j != i
                    && similar_area(origin, other)
                    && distance > 0.7 * size
                    && distance < 2.6 * size
            })
            .map(|(_, other)| sub(other.centre, origin.centre))
            .collect();
        for &u in &neighbours {
            for &v in &neighbours {
                let (lu, lv) = (length(u), length(v));
                let turns_right = cross(u, v) > 0.0;
                let square_enough =
                    lv > 0.5 * lu && lv < 2.0 * lu && dot(u, v).abs() < 0.5 * lu * lv;
                if !turns_right || !square_enough {
                    continue;
                }
                let Some(grid) = fit_lattice(blobs, origin, u, v) else {
                    continue;
                };
                let score = |g: &Grid| g.matched as f64 - g.residual;
                if best.as_ref().is_none_or(|b| score(&grid) > score(b)) {
                    best = Some(grid);
                }
            }
        }
    }
    best
}

/// The 3×3 lattice that the parallelogram lattice `origin + i u + j v`
/// suggests, refitted with perspective, if enough blobs sit on it.
fn fit_lattice(blobs: &[Blob], origin: &Blob, u: Point, v: Point) -> Option<Grid> {
    let det = cross(u, v);
    let to_lattice = |p: Point| {
        let d = sub(p, origin.centre);
        [cross(d, v) / det, cross(u, d) / det]
    };
    let candidates: Vec<(Point, Point)> = blobs
        .iter()
        .filter(|b| similar_area(origin, b))
        .map(|b| (to_lattice(b.centre), b.centre))
        .filter(|(l, _)| l[0].abs() < 2.5 && l[1].abs() < 2.5)
        .collect();
    // The origin blob may be any of the nine: pick the 3×3 window of the
    // 5×5 cells around it that holds the most blobs.
    let mut best_window = ([0.0, 0.0], 0);
    for wi in -1..=1 {
        for wj in -1..=1 {
            let shift = [wi as f64, wj as f64];
            let count = match_cells(candidates.iter().map(|&(l, p)| (sub(l, shift), p))).len();
            if count > best_window.1 {
                best_window = (shift, count);
            }
        }
    }
    let (shift, _) = best_window;
    let mut matched = match_cells(candidates.iter().map(|&(l, p)| (sub(l, shift), p)));
    // Twice: the affine guess can miss far corners that perspective moved.
    for _ in 0..2 {
        if matched.len() < MIN_STICKERS {
            return None;
        }
        let pairs: Vec<(Point, Point)> = matched.iter().map(|m| (m.image, m.cell)).collect();
        let from_image = Homography::fit(&pairs)?;
        matched = match_cells(
            blobs
                .iter()
                .filter(|b| similar_area(origin, b))
                .filter_map(|b| Some((from_image.apply(b.centre)?, b.centre))),
        );
    }
    if matched.len() < MIN_STICKERS {
        return None;
    }
    let pairs: Vec<(Point, Point)> = matched.iter().map(|m| (m.cell, m.image)).collect();
    let to_image = Homography::fit(&pairs)?;
    let residual = matched.iter().map(|m| m.offset).sum::<f64>() / matched.len() as f64;
    Some(Grid {
        to_image,
        matched: matched.len(),
        residual,
    })
}

/// A blob on a cell of the 3×3 lattice.
struct Match {
    cell: Point,
    image: Point,
    offset: f64,
}

/// For each cell of the 3×3 lattice, the blob nearest its centre if one is
/// near enough, given each blob's lattice coordinates and pixel position.
fn match_cells(blobs: impl Iterator<Item = (Point, Point)>) -> Vec<Match> {
    let mut cells: [Option<Match>; 9] = Default::default();
    for (lattice, image) in blobs {
        let cell = lattice.map(f64::round);
        let offset = distance(lattice, cell);
        if cell[0].abs() > 1.0 || cell[1].abs() > 1.0 || offset > GRID_TOLERANCE {
            continue;
        }
        let k = (3.0 * (cell[1] + 1.0) + cell[0] + 1.0) as usize;
        if cells[k].as_ref().is_none_or(|m| offset < m.offset) {
            cells[k] = Some(Match {
                cell,
                image,
                offset,
            });
        }
    }
    cells.into_iter().flatten().collect()
}

/// How many quarter turns of the lattice make its x axis run most nearly
/// to the right in the photo, so that reading starts near the top left.
fn upright_turn(to_image: &Homography) -> Option<usize> {
    let mut best = None;
    for turn in 0..4 {
        let ahead = to_image.apply(turn_lattice([1.0, 0.0], turn))?;
        let behind = to_image.apply(turn_lattice([-1.0, 0.0], turn))?;
        let along = sub(ahead, behind);
        let rightness = along[0] / length(along).max(1e-9);
        if best.is_none_or(|(_, r)| rightness > r) {
            best = Some((turn, rightness));
        }
    }
    best.map(|(turn, _)| turn)
}

/// A lattice point turned by `turns` quarter turns (x towards y).
fn turn_lattice(p: Point, turns: usize) -> Point {
    (0..turns).fold(p, |[x, y], _| [-y, x])
}

/// The per-channel median of the pixels in the middle of the sticker whose
/// centre is at `centre` in lattice coordinates.
fn read_sticker(photo: &Photo, to_image: &Homography, centre: Point) -> Result<Rgb, SampleError> {
    // Each channel's values counted, for the median without a sort.
    let mut channels = [[0usize; 256]; 3];
    let step = 2.0 * READ_HALF_SIDE / (READ_STEPS - 1) as f64;
    for a in 0..READ_STEPS {
        for b in 0..READ_STEPS {
            let offset = [
                a as f64 * step - READ_HALF_SIDE,
                b as f64 * step - READ_HALF_SIDE,
            ];
            let Some(rgb) = to_image
                .apply([centre[0] + offset[0], centre[1] + offset[1]])
                .and_then(|p| photo.pixel_at(p))
            else {
                return Err(SampleError::OutOfFrame);
            };
            for (counts, value) in channels.iter_mut().zip(rgb) {
                counts[usize::from(value)] += 1;
            }
        }
    }
    // A value counted is at most 255.
    Ok(channels.map(|counts| ranked(&counts, READ_STEPS * READ_STEPS / 2) as u8))
}

fn similar_area(a: &Blob, b: &Blob) -> bool {
    b.area < 3.0 * a.area && a.area < 3.0 * b.area
}

fn sub(a: Point, b: Point) -> Point {
    [a[0] - b[0], a[1] - b[1]]
}

fn dot(a: Point, b: Point) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

fn cross(a: Point, b: Point) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}

fn length(a: Point) -> f64 {
    a[0].hypot(a[1])
}

fn distance(a: Point, b: Point) -> f64 {
    length(sub(a, b))
}

#[cfg(test)]
mod tests {
    use super::super::assemble::turned;
    use super::super::classify::chroma;
    use super::super::synthetic::{render, Conditions, STICKER_RGB};
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The synthetic sticker colour (as its index) that `rgb` is nearest
    /// to in chromaticity, each seen under the photo's known cast.
    fn sticker_class(rgb: Rgb, cast: [f64; 3]) -> usize {
        let seen = chroma(rgb);
        let distance = |i: &usize| {
            let lit: Rgb =
                std::array::from_fn(|c| (f64::from(STICKER_RGB[*i][c]) * cast[c] * 0.8) as u8);
            let expected = chroma(lit);
            (0..3).map(|c| (seen[c] - expected[c]).powi(2)).sum::<f64>()
        };
        (0..6)
            .min_by(|a, b| distance(a).total_cmp(&distance(b)))
            .unwrap_or(0)
    }

    fn random_stickers(rng: &mut StdRng) -> [Rgb; 9] {
        std::array::from_fn(|_| STICKER_RGB[rng.gen_range(0..6)])
    }

    fn classes(stickers: &[Rgb; 9]) -> [usize; 9] {
        stickers.map(|s| STICKER_RGB.iter().position(|&c| c == s).unwrap_or(6))
    }

    #[test]
    fn a_face_turned_a_little_is_read_row_by_row_from_the_top_left() {
        let mut rng = StdRng::seed_from_u64(11);
        for _ in 0..8 {
            let stickers = random_stickers(&mut rng);
            let conditions = Conditions {
                max_tilt: 0.6,
                ..Conditions::random(&mut rng)
            };
            let shot = render(&mut rng, 640, 480, &stickers, &conditions);
            let reading = read_face(&shot.photo()).expect("a face");
            let read = reading.colours.map(|c| sticker_class(c, conditions.cast));
            assert_eq!(read, classes(&stickers), "{conditions:?}");
            assert!(reading.corners[0][0] < reading.corners[1][0]);
            assert!(reading.corners[1][1] < reading.corners[2][1]);
        }
    }

    #[test]
    fn a_face_at_any_angle_in_any_light_is_read_exactly_up_to_quarter_turns() {
        let mut rng = StdRng::seed_from_u64(12);
        let mut confidence = 0.0;
        for round in 0..24 {
            let stickers = random_stickers(&mut rng);
            let conditions = Conditions::random(&mut rng);
            let (width, height) = [(640, 480), (480, 640), (500, 500), (320, 240)][round % 4];
            let shot = render(&mut rng, width, height, &stickers, &conditions);
            let reading = read_face(&shot.photo())
                .unwrap_or_else(|e| panic!("round {round}: {e} ({conditions:?})"));
            let read = reading.colours.map(|c| sticker_class(c, conditions.cast));
            let truth = classes(&stickers);
            assert!(
                (0..4).any(|t| (0..9).all(|k| read[k] == truth[turned(k, t)])),
                "round {round}: read {read:?}, truth {truth:?} ({conditions:?})"
            );
            confidence += reading.confidence / 24.0;
        }
        assert!(confidence > 0.8, "mean confidence {confidence}");
    }

    #[test]
    fn a_photo_of_nothing_is_no_face_and_a_blurred_face_is_blurred() {
        for grey in [[128u8, 128, 128, 255], [200, 190, 170, 255]] {
            let rgba = grey.repeat(320 * 240);
            let flat = Photo {
                width: 320,
                height: 240,
                rgba: &rgba,
            };
            assert_eq!(read_face(&flat), Err(SampleError::NoFace), "{grey:?}");
        }
        // A face on a plain table, blurred (its stickers still differ).
        let mut rng = StdRng::seed_from_u64(5);
        let conditions = Conditions {
            blur: 0.08,
            side: (0.6, 0.7),
            table: Some([90.0, 90.0, 90.0]),
            ..Conditions::default()
        };
        let colours = [[200, 30, 30], [30, 150, 60], [240, 240, 240]].repeat(3);
        let shot = render(
            &mut rng,
            320,
            240,
            &colours.try_into().unwrap(),
            &conditions,
        );
        assert_eq!(read_face(&shot.photo()), Err(SampleError::Blurred));
    }

    #[test]
    fn clutter_without_a_face_is_no_face() {
        let mut rng = StdRng::seed_from_u64(13);
        let conditions = Conditions::random(&mut rng);
        let shot = render(&mut rng, 320, 240, &[[24, 24, 27]; 9], &conditions);
        assert_eq!(read_face(&shot.photo()), Err(SampleError::NoFace));
    }

    #[test]
    fn buffers_that_do_not_fit_their_size_are_refused() {
        let rgba = vec![0u8; 10];
        let photo = Photo {
            width: usize::MAX,
            height: 3,
            rgba: &rgba,
        };
        let error = read_face(&photo).unwrap_err();
        assert!(matches!(error, SampleError::BufferSize { len: 10, .. }));
        let empty = Photo {
            width: 0,
            height: 0,
            rgba: &[],
        };
        assert_eq!(
            read_face(&empty),
            Err(SampleError::TooSmall {
                width: 0,
                height: 0
            })
        );
    }

    proptest::proptest! {
        #[test]
        fn garbage_pixels_never_panic(
            width in 0usize..80,
            height in 0usize..80,
            seed in proptest::prelude::any::<u64>(),
        ) {
            let mut rng = StdRng::seed_from_u64(seed);
            let rgba: Vec<u8> = (0..4 * width * height).map(|_| rng.gen()).collect();
            let _ = read_face(&Photo { width, height, rgba: &rgba });
        }
    }
}

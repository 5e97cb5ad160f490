//! 54 colours to six groups of nine, one group per centre, with each
//! photo's own light taken out; then which WCA colour each group is.
//!
//! Colours are compared as log-chromaticity: the logarithms of red, green
//! and blue less their mean. Brightness (a gradient, a shadow) scales all
//! three channels and cancels; a colour cast scales each channel by its own
//! factor, which becomes one shift shared by every sticker of that photo.
//! So each sticker is modelled as its group's colour plus its photo's shift,
//! and the two are found together: assign every sticker to a group (exactly
//! nine each, centres fixed, by a minimum-cost assignment), re-estimate the
//! group colours and photo shifts from the assignment, and repeat until the
//! assignment settles. The shifts start from one common cast, read off all
//! 54 stickers at once: a cube has nine stickers of each colour, so their
//! mean is the mean of the six reference colours under that cast.

use super::assemble::turned;
use super::sample::Rgb;
use crate::cube::cubie::Face;

/// A colour's log-chromaticity: ln(channel + `DARK_OFFSET`), less the mean
/// of the three.
pub type Chroma = [f64; 3];

/// Added to each channel (0..255) before the logarithm, so that noise in a
/// near-black channel (the blue of a red sticker) does not swing it wildly:
/// with 8, one sticker set in 12 under strong noise was misread; with 30,
/// one in 250 (brightness then no longer cancels exactly, which matters
/// less).
const DARK_OFFSET: f64 = 30.0;
/// How strongly a photo's shift is held to the common cast: as if it had
/// this many more stickers that showed none.
const SHIFT_PRIOR: f64 = 1.0;
/// Rounds of assign-and-re-estimate at most (it usually settles in 2–4).
const MAX_ROUNDS: usize = 25;
/// Searches for better photo lights after the first fit, at most.
const MAX_SWEEPS: usize = 4;
/// How far (in log-chromaticity) a photo's light is searched for from the
/// common cast, and in what steps: tungsten against daylight is about 0.5.
const SHIFT_REACH: f64 = 1.0;
const SHIFT_STEP: f64 = 0.08;

/// How a phone camera sees a standard cube's stickers in daylight, in
/// `Face::ALL` order (white, red, green, yellow, orange, blue).
const REFERENCE_COLOURS: [Rgb; 6] = [
    [232, 232, 226],
    [190, 25, 35],
    [20, 150, 70],
    [235, 210, 35],
    [245, 105, 25],
    [15, 70, 170],
];

/// The six groups: sticker `k` of photo `p` is in group `group[p][k]`,
/// where group `g` is the colour of photo `g`'s centre.
#[derive(Clone, Debug, PartialEq)]
pub struct Classification {
    pub group: [[usize; 9]; 6],
    /// How much nearer (in log-chromaticity) each sticker is to its group's
    /// colour, under its photo's light, than to the next nearest group's;
    /// negative where the nine-per-group rule overruled the nearest.
    pub margin: [[f64; 9]; 6],
    /// Each group's colour with its photos' light taken out.
    colours: [Chroma; 6],
}

/// The log-chromaticity of `rgb`.
pub fn chroma(rgb: Rgb) -> Chroma {
    let logs = rgb.map(|c| (f64::from(c) + DARK_OFFSET).ln());
    let mean = logs.iter().sum::<f64>() / 3.0;
    logs.map(|l| l - mean)
}

/// Sorts the 54 stickers of six photos into six groups of nine.
pub fn classify(colours: &[[Rgb; 9]; 6]) -> Classification {
    let seen: [[Chroma; 9]; 6] = colours.map(|photo| photo.map(chroma));
    best_fit(&seen).classification(&seen)
}

fn best_fit(seen: &[[Chroma; 9]; 6]) -> Fit {
    let seen = *seen;
    let cast = common_cast(&seen);
    let reference = REFERENCE_COLOURS.map(chroma);
    // Assign-and-re-estimate only finds the nearest good fit, and a photo's
    // light can shift its colours as far as orange is from yellow. So each
    // photo's light is first searched for over a wide grid of shifts
    // (stickers on the nearest reference colour); then, after each round
    // of assign-and-re-estimate, again against the groups' own colours
    // (its centre held to its own group), keeping whatever lowers the cost.
    let on_reference = std::array::from_fn(|p| best_shift(&seen[p], cast, &reference, None));
    let centre_names = centres_on_reference(&seen, cast, &reference);
    let centres_on_reference = std::array::from_fn(|p| sub(seen[p][4], reference[centre_names[p]]));
    let mut best = [[cast; 6], on_reference, centres_on_reference]
        .into_iter()
        .map(|shift| fit(&seen, cast, shift))
        .min_by(|a, b| a.cost.total_cmp(&b.cost))
        .unwrap_or_else(|| fit(&seen, cast, [cast; 6]));
    for _ in 0..MAX_SWEEPS {
        let guess =
            std::array::from_fn(|p| best_shift(&seen[p], cast, &best.group_colour, Some(p)));
        let next = fit(&seen, cast, guess);
        if next.cost >= best.cost - 1e-9 {
            break;
        }
        best = next;
    }
    best
}

/// Which reference colour each photo's centre is, all different: the
/// cheapest of the 720 ways under the common cast.
fn centres_on_reference(
    seen: &[[Chroma; 9]; 6],
    cast: Chroma,
    reference: &[Chroma; 6],
) -> [usize; 6] {
    let cost = |order: &[Face; 6]| -> f64 {
        (0..6)
            .map(|p| squared_distance(sub(seen[p][4], cast), reference[order[p].index()]))
            .sum()
    };
    permutations()
        .into_iter()
        .min_by(|a, b| cost(a).total_cmp(&cost(b)))
        .unwrap_or(Face::ALL)
        .map(Face::index)
}

/// The light (shift) that best lays a photo's stickers on `colours` (each
/// on its nearest, the centre on `colours[centre]` if given), held towards
/// the common cast as `fit` holds it: the best of a grid of shifts up to
/// `SHIFT_REACH` from the cast in every direction.
fn best_shift(
    stickers: &[Chroma; 9],
    cast: Chroma,
    colours: &[Chroma; 6],
    centre: Option<usize>,
) -> Chroma {
    // Two unit vectors across the plane of log-chromaticities (sum zero).
    let across = [
        [1.0 / 2f64.sqrt(), -1.0 / 2f64.sqrt(), 0.0],
        [1.0 / 6f64.sqrt(), 1.0 / 6f64.sqrt(), -2.0 / 6f64.sqrt()],
    ];
    let steps = (SHIFT_REACH / SHIFT_STEP).round() as i32;
    let mut best = (f64::INFINITY, cast);
    for a in -steps..=steps {
        for b in -steps..=steps {
            let (da, db) = (f64::from(a) * SHIFT_STEP, f64::from(b) * SHIFT_STEP);
            let shift = std::array::from_fn(|c| cast[c] + da * across[0][c] + db * across[1][c]);
            let mut cost = SHIFT_PRIOR * (da * da + db * db);
            for (k, &sticker) in stickers.iter().enumerate() {
                let colour = sub(sticker, shift);
                cost += match centre {
                    Some(group) if k == 4 => squared_distance(colour, colours[group]),
                    _ => squared_distance(colour, nearest(colour, colours)),
                };
            }
            if cost < best.0 {
                best = (cost, shift);
            }
        }
    }
    best.1
}

/// Groups with each photo's light and each group's colour under the common
/// cast, and how badly they explain the stickers.
struct Fit {
    group: [[usize; 9]; 6],
    shift: [Chroma; 6],
    group_colour: [Chroma; 6],
    /// Squared distances of stickers from their group's colour under their
    /// photo's light, plus the prior's cost of each photo's light.
    cost: f64,
}

/// Assigns and re-estimates from the photo lights `shift` until the
/// assignment settles.
fn fit(seen: &[[Chroma; 9]; 6], cast: Chroma, mut shift: [Chroma; 6]) -> Fit {
    let mut group_colour: [Chroma; 6] = std::array::from_fn(|g| sub(seen[g][4], shift[g]));
    let mut group = [[usize::MAX; 9]; 6];
    for _ in 0..MAX_ROUNDS {
        let cost = |p: usize, k: usize, g: usize| {
            squared_distance(sub(seen[p][k], shift[p]), group_colour[g])
        };
        let assigned = assign_nine_each(cost);
        if assigned == group {
            break;
        }
        group = assigned;
        group_colour = std::array::from_fn(|g| {
            mean((0..6).flat_map(|p| {
                (0..9)
                    .filter(move |&k| group[p][k] == g)
                    .map(move |k| sub(seen[p][k], shift[p]))
            }))
        });
        shift = std::array::from_fn(|p| {
            let mut total = cast.map(|c| c * SHIFT_PRIOR);
            for k in 0..9 {
                total = add(total, sub(seen[p][k], group_colour[group[p][k]]));
            }
            total.map(|t| t / (9.0 + SHIFT_PRIOR))
        });
    }
    let cost = (0..6)
        .map(|p| {
            let stickers: f64 = (0..9)
                .map(|k| squared_distance(sub(seen[p][k], shift[p]), group_colour[group[p][k]]))
                .sum();
            stickers + SHIFT_PRIOR * squared_distance(shift[p], cast)
        })
        .sum();
    Fit {
        group,
        shift,
        group_colour,
        cost,
    }
}

impl Fit {
    fn classification(&self, seen: &[[Chroma; 9]; 6]) -> Classification {
        let margin = std::array::from_fn(|p| {
            std::array::from_fn(|k| {
                let colour = sub(seen[p][k], self.shift[p]);
                let to = |g: usize| squared_distance(colour, self.group_colour[g]).sqrt();
                let next = (0..6)
                    .filter(|&g| g != self.group[p][k])
                    .map(to)
                    .fold(f64::INFINITY, f64::min);
                next - to(self.group[p][k])
            })
        });
        Classification {
            group: self.group,
            margin,
            colours: self.group_colour,
        }
    }
}

/// The colour of `colours` nearest to `colour`.
fn nearest(colour: Chroma, colours: &[Chroma; 6]) -> Chroma {
    colours
        .iter()
        .copied()
        .min_by(|a, b| squared_distance(colour, *a).total_cmp(&squared_distance(colour, *b)))
        .unwrap_or(colour)
}

/// The cast over all six photos: the mean of every sticker seen, less the
/// mean of the reference colours (a cube shows each colour nine times).
fn common_cast(seen: &[[Chroma; 9]; 6]) -> Chroma {
    let all = mean(seen.iter().flatten().copied());
    let reference = mean(REFERENCE_COLOURS.iter().map(|&c| chroma(c)));
    sub(all, reference)
}

/// Which face each group is: the likeliest naming (`[g]` is group `g`'s
/// face), then the fallbacks worth trying if it makes no real cube.
#[derive(Clone, Debug, PartialEq)]
pub struct Naming {
    pub likeliest: [Face; 6],
    pub fallbacks: Vec<[Face; 6]>,
}

/// Namings tried after the likeliest (at most), and how much costlier than
/// it they may be: enough to undo one swap of two close colours (red and
/// orange, orange and yellow), which mirrors every corner so that no real
/// cube can come of it; never a whole different colour scheme.
const FALLBACKS: usize = 3;
const FALLBACK_SLACK: f64 = 1.0;

/// Names the groups: of the 720 ways to give six groups six faces, the one
/// whose reference colours are nearest the groups' colours (cast taken out;
/// summed squared distances), and the few next nearest.
pub fn name_groups(classification: &Classification) -> Naming {
    let reference = REFERENCE_COLOURS.map(chroma);
    let cost = |faces: &[Face; 6]| -> f64 {
        (0..6)
            .map(|g| squared_distance(classification.colours[g], reference[faces[g].index()]))
            .sum()
    };
    let mut namings: Vec<([Face; 6], f64)> = permutations()
        .into_iter()
        .map(|faces| (faces, cost(&faces)))
        .collect();
    namings.sort_by(|a, b| a.1.total_cmp(&b.1));
    let (likeliest, cheapest) = namings.first().copied().unwrap_or((Face::ALL, 0.0));
    let fallbacks = namings
        .iter()
        .skip(1)
        .take(FALLBACKS)
        .take_while(|n| n.1 <= cheapest + FALLBACK_SLACK)
        .map(|n| n.0)
        .collect();
    Naming {
        likeliest,
        fallbacks,
    }
}

/// Two photos of one face: their centres look the same colour and all nine
/// stickers match, one photo turned some quarter turns against the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SameFace {
    /// The two photos (0-based), first the earlier.
    pub photos: (usize, usize),
    /// The colour of the face both show, as the face it is on a solved cube.
    pub shown: Face,
    /// The face no photo shows, if the other four photos make it clear.
    pub missing: Option<Face>,
}

/// Mean distance in log-chromaticity below which two photos' stickers,
/// one photo's light shifted onto the other's, count as the same colours.
const SAME_FACE_TOLERANCE: f64 = 0.2;

/// The first pair of photos that show the same face, if any.
pub fn same_face(colours: &[[Rgb; 9]; 6]) -> Option<SameFace> {
    let seen: [[Chroma; 9]; 6] = colours.map(|photo| photo.map(chroma));
    let cast = common_cast(&seen);
    let reference = REFERENCE_COLOURS.map(chroma);
    let centre_face: [Face; 6] = std::array::from_fn(|p| {
        let centre = sub(seen[p][4], cast);
        Face::ALL
            .into_iter()
            .min_by(|a, b| {
                let d = |f: &Face| squared_distance(centre, reference[f.index()]);
                d(a).total_cmp(&d(b))
            })
            .unwrap_or(Face::U)
    });
    let mismatch = |a: usize, b: usize, turns: usize| {
        let pairs = || (0..9).map(move |k| (seen[a][k], seen[b][turned(k, turns)]));
        let shift = mean(pairs().map(|(x, y)| sub(x, y)));
        pairs()
            .map(|(x, y)| squared_distance(sub(x, y), shift).sqrt())
            .sum::<f64>()
            / 9.0
    };
    let (a, b) = (0..6)
        .flat_map(|a| (a + 1..6).map(move |b| (a, b)))
        .find(|&(a, b)| {
            centre_face[a] == centre_face[b]
                && (0..4).any(|turns| mismatch(a, b, turns) < SAME_FACE_TOLERANCE)
        })?;
    let unseen: Vec<Face> = Face::ALL
        .into_iter()
        .filter(|f| !centre_face.contains(f))
        .collect();
    Some(SameFace {
        photos: (a, b),
        shown: centre_face[a],
        missing: (unseen.len() == 1).then(|| unseen[0]),
    })
}

/// Gives each of the 48 stickers that are not centres a group, nine to a
/// group counting its centre, with the least total cost.
fn assign_nine_each(cost: impl Fn(usize, usize, usize) -> f64) -> [[usize; 9]; 6] {
    let stickers: Vec<(usize, usize)> = (0..6)
        .flat_map(|p| (0..9).filter(|&k| k != 4).map(move |k| (p, k)))
        .collect();
    // Eight places per group for the stickers that are not centres.
    let costs: Vec<Vec<f64>> = stickers
        .iter()
        .map(|&(p, k)| (0..48).map(|place| cost(p, k, place / 8)).collect())
        .collect();
    let place_of = hungarian(&costs);
    let mut group = [[0; 9]; 6];
    for (p, row) in group.iter_mut().enumerate() {
        row[4] = p;
    }
    for (&(p, k), place) in stickers.iter().zip(place_of) {
        group[p][k] = place / 8;
    }
    group
}

/// The minimum-cost perfect matching of a square cost matrix (Kuhn–Munkres
/// with potentials, O(n³)): for each row, its column.
fn hungarian(costs: &[Vec<f64>]) -> Vec<usize> {
    let n = costs.len();
    // 1-based, with row 0 / column 0 as the free start of each search.
    let mut row_potential = vec![0.0; n + 1];
    let mut col_potential = vec![0.0; n + 1];
    let mut row_of_col = vec![0usize; n + 1];
    let mut previous = vec![0usize; n + 1];
    for row in 1..=n {
        row_of_col[0] = row;
        let mut col = 0;
        let mut slack = vec![f64::INFINITY; n + 1];
        let mut used = vec![false; n + 1];
        loop {
            used[col] = true;
            let current = row_of_col[col];
            let mut delta = f64::INFINITY;
            let mut next = 0;
            for j in 1..=n {
                if used[j] {
                    continue;
                }
                let reduced = costs[current - 1][j - 1] - row_potential[current] - col_potential[j];
                if reduced < slack[j] {
                    slack[j] = reduced;
                    previous[j] = col;
                }
                if slack[j] < delta {
                    delta = slack[j];
                    next = j;
                }
            }
            for j in 0..=n {
                if used[j] {
                    row_potential[row_of_col[j]] += delta;
                    col_potential[j] -= delta;
                } else {
                    slack[j] -= delta;
                }
            }
            col = next;
            if row_of_col[col] == 0 {
                break;
            }
        }
        while col != 0 {
            let before = previous[col];
            row_of_col[col] = row_of_col[before];
            col = before;
        }
    }
    let mut col_of_row = vec![0; n];
    for col in 1..=n {
        col_of_row[row_of_col[col] - 1] = col - 1;
    }
    col_of_row
}

/// The 720 orders of the six faces.
fn permutations() -> Vec<[Face; 6]> {
    let mut all = Vec::with_capacity(720);
    let mut faces = Face::ALL;
    heap_permute(&mut faces, 6, &mut all);
    all
}

fn heap_permute(faces: &mut [Face; 6], k: usize, out: &mut Vec<[Face; 6]>) {
    if k <= 1 {
        out.push(*faces);
        return;
    }
    heap_permute(faces, k - 1, out);
    for i in 0..k - 1 {
        let swap_with = if k.is_multiple_of(2) { i } else { 0 };
        faces.swap(swap_with, k - 1);
        heap_permute(faces, k - 1, out);
    }
}

fn add(a: Chroma, b: Chroma) -> Chroma {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: Chroma, b: Chroma) -> Chroma {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn squared_distance(a: Chroma, b: Chroma) -> f64 {
    let d = sub(a, b);
    d[0] * d[0] + d[1] * d[1] + d[2] * d[2]
}

fn mean(colours: impl Iterator<Item = Chroma>) -> Chroma {
    let (sum, n) = colours.fold(([0.0; 3], 0.0), |(s, n), c| (add(s, c), n + 1.0));
    if n == 0.0 {
        sum
    } else {
        sum.map(|s| s / n)
    }
}

#[cfg(test)]
mod tests {
    use super::super::synthetic::{groups_of, photo_faces, random_cube, Conditions, STICKER_RGB};
    use super::*;
    use crate::cube::cubie::CubieCube;
    use crate::cube::facelet;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The photos' colours, each photo in its own random light, each
    /// sticker lit between 45% and 110%, with noise.
    fn lit(rng: &mut StdRng, photos: &[[Face; 9]; 6]) -> [[Rgb; 9]; 6] {
        photos.map(|photo| {
            let cast = Conditions::random(rng).cast;
            photo.map(|face| {
                let light = rng.gen_range(0.45..1.1);
                std::array::from_fn(|c| {
                    let value = f64::from(STICKER_RGB[face.index()][c]) * cast[c] * light;
                    (value + rng.gen_range(-8.0..8.0)).clamp(0.0, 255.0) as u8
                })
            })
        })
    }

    fn centres(photos: &[[Face; 9]; 6]) -> [Face; 6] {
        photos.map(|photo| photo[4])
    }

    #[test]
    fn stickers_in_each_photos_own_light_fall_into_their_true_groups_and_colours() {
        let mut rng = StdRng::seed_from_u64(31);
        for round in 0..40 {
            let photos = {
                let cube = random_cube(&mut rng);
                photo_faces(&mut rng, &facelet::faces(&cube))
            };
            let classification = classify(&lit(&mut rng, &photos));
            assert_eq!(classification.group, groups_of(&photos), "round {round}");
            assert_eq!(name_groups(&classification).likeliest, centres(&photos));
        }
    }

    #[test]
    fn a_solved_cube_is_six_groups_of_one_photo_each() {
        let mut rng = StdRng::seed_from_u64(32);
        let photos = photo_faces(&mut rng, &facelet::faces(&CubieCube::solved()));
        let classification = classify(&lit(&mut rng, &photos));
        assert_eq!(classification.group, std::array::from_fn(|p| [p; 9]));
        assert_eq!(name_groups(&classification).likeliest, centres(&photos));
        assert_eq!(same_face(&lit(&mut rng, &photos)), None);
    }

    #[test]
    fn a_colour_halfway_between_red_and_orange_is_the_least_sure() {
        let mut rng = StdRng::seed_from_u64(33);
        let photos = {
            let cube = random_cube(&mut rng);
            photo_faces(&mut rng, &facelet::faces(&cube))
        };
        let mut colours = photos.map(|photo| photo.map(|face| STICKER_RGB[face.index()]));
        let (p, k) = (0..6)
            .flat_map(|p| (0..9).map(move |k| (p, k)))
            .find(|&(p, k)| k != 4 && photos[p][k] == Face::R)
            .unwrap_or((0, 0));
        let (red, orange) = (STICKER_RGB[Face::R.index()], STICKER_RGB[Face::L.index()]);
        colours[p][k] = std::array::from_fn(|c| {
            let log = |v: u8| (f64::from(v) + DARK_OFFSET).ln();
            (((log(red[c]) + log(orange[c])) / 2.0).exp() - DARK_OFFSET) as u8
        });
        let margin = classify(&colours).margin;
        let least = margin
            .iter()
            .flatten()
            .copied()
            .fold(f64::INFINITY, f64::min);
        assert_eq!(margin[p][k], least, "{margin:?}");
        assert!(least < f64::from(super::super::UNSURE_MARGIN), "{least}");
    }

    #[test]
    fn two_photos_of_one_face_are_found_and_the_missing_face_named() {
        let mut rng = StdRng::seed_from_u64(34);
        let mut photos = {
            let cube = random_cube(&mut rng);
            photo_faces(&mut rng, &facelet::faces(&cube))
        };
        let blue = photos.iter().position(|p| p[4] == Face::B).unwrap_or(0);
        let white = photos.iter().position(|p| p[4] == Face::U).unwrap_or(0);
        // The white face again, turned, in place of the blue one.
        photos[blue] = std::array::from_fn(|k| photos[white][super::super::assemble::turned(k, 1)]);
        let same = same_face(&lit(&mut rng, &photos)).expect("two photos of one face");
        assert_eq!(same.photos, (white.min(blue), white.max(blue)));
        assert_eq!(same.shown, Face::U);
        assert_eq!(same.missing, Some(Face::B));
    }
}

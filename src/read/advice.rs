//! What is wrong with a painted or scanned cube, for a person with the real
//! cube in hand: one problem per mistake, in plain words, each ringing only
//! the stickers it pins down. The rules themselves (`FaceletError`) say
//! what is broken; this says what to do. Where one small change would make
//! a real cube (a sticker of the wrong colour, two stickers in each other's
//! places, a face painted turned), that change is the problem named; where
//! no piece can be blamed (a twist, a flip or a swap that any piece of the
//! kind could take), it says so and rings none. The editor lists these, and
//! a scan that makes no cube says them too.

use crate::cube::colour;
use crate::cube::cubie::{CubieError, Face, CORNER_NAMES, EDGE_NAMES};
use crate::cube::facelet::{
    self, corner_at, edge_at, FaceletError, CORNER_FACELETS, EDGE_FACELETS, N_FACELETS,
};
use crate::read::scan::turned;

/// For each of the 54 sticker positions, the photo (0-based) it was read
/// from.
pub type PhotoOf = [usize; N_FACELETS];

/// One mistake in a painted or scanned cube.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong and what to do about it, as whole sentences.
    pub message: String,
    /// The sticker positions (0..54) to ring: those the problem pins down,
    /// none where it can't.
    pub stickers: Vec<usize>,
}

impl Problem {
    fn new(message: String, stickers: Vec<usize>) -> Problem {
        Problem { message, stickers }
    }
}

/// Every problem with a facelet string (face or colour letters) as a cube,
/// none for a real one. With `photos` (after a scan), the photos that show
/// the stickers at fault are named.
pub fn problems(text: &str, photos: Option<&PhotoOf>) -> Vec<Problem> {
    let errors = match facelet::parse(text) {
        Ok(_) => return Vec::new(),
        Err(invalid) => invalid.0,
    };
    let same_centres = |e: &FaceletError| matches!(e, FaceletError::SameCentres { .. });
    let Some(faces) =
        faces_of(&facelet::letters(text)).filter(|_| !errors.iter().any(same_centres))
    else {
        // The text itself is at fault (length, letters, centres): the
        // rule's own words say what and where.
        return errors
            .iter()
            .map(|e| Problem::new(sentence(&e.to_string()), e.stickers()))
            .collect();
    };
    let counts: [usize; 6] =
        std::array::from_fn(|f| faces.iter().filter(|x| x.index() == f).count());
    if counts.iter().any(|&n| n != 9) {
        return vec![colour_counts(&faces, &counts, photos)];
    }
    let fix = swapped_pair(&faces)
        .or_else(|| turned_face(&faces))
        .or_else(|| mirrored_face(&faces));
    if let Some(fix) = fix {
        return vec![fix.problem(photos)];
    }
    errors
        .iter()
        .filter_map(|e| rule_problem(e, &faces, photos))
        .collect()
}

/// The face each letter shows, read through the centres; `None` where the
/// letters are not 54 or a letter is no centre's.
fn faces_of(letters: &[char]) -> Option<[Face; N_FACELETS]> {
    if letters.len() != N_FACELETS {
        return None;
    }
    let centres: Vec<char> = (0..6).map(|f| letters[9 * f + 4]).collect();
    let mut faces = [Face::U; N_FACELETS];
    for (face, letter) in faces.iter_mut().zip(letters) {
        *face = Face::ALL[centres.iter().position(|c| c == letter)?];
    }
    Some(faces)
}

fn is_real(faces: &[Face; N_FACELETS]) -> bool {
    facelet::parse(&faces.iter().map(|f| f.letter()).collect::<String>()).is_ok()
}

/// How near to a real cube `faces` is: the more different real pieces the
/// better, and a real cube beats any other.
fn nearness(faces: &[Face; N_FACELETS]) -> (u32, bool) {
    let mut seen = 0u32;
    for p in 0..8 {
        if let Some((piece, _)) = corner_at(faces, p) {
            seen |= 1 << piece;
        }
    }
    for p in 0..12 {
        if let Some((piece, _)) = edge_at(faces, p) {
            seen |= 1 << (8 + piece);
        }
    }
    let different = seen.count_ones();
    // Only all 20 pieces, each once, can be a real cube.
    (different, different == 20 && is_real(faces))
}

/// Too many of some colours and too few of others: the stickers where a
/// missing colour would bring the cube nearest to real are the suspects.
fn colour_counts(
    faces: &[Face; N_FACELETS],
    counts: &[usize; 6],
    photos: Option<&PhotoOf>,
) -> Problem {
    let with = |count: fn(usize) -> bool| -> Vec<Face> {
        Face::ALL
            .into_iter()
            .filter(|f| count(counts[f.index()]))
            .collect()
    };
    let (over, under) = (with(|n| n > 9), with(|n| n < 9));
    // Each sticker of a colour there is too much of, changed to one there
    // is too little of; if no one change brings the cube nearer to real
    // (two mistakes can hide each other: a piece painted as another that
    // was itself painted as a third), each two changes.
    let changes: Changes = (0..N_FACELETS)
        .filter(|&s| s % 9 != 4 && over.contains(&faces[s]))
        .flat_map(|s| under.iter().map(move |&f| (s, f)))
        .collect();
    let before = nearness(faces);
    let singles = changes.iter().map(|&change| vec![change]);
    let (mut best, mut suspects) = nearest(faces, before, singles);
    if suspects.is_empty() {
        let pairs = changes.iter().enumerate().flat_map(|(i, &a)| {
            changes[i + 1..]
                .iter()
                .filter(move |b| b.0 != a.0)
                .map(move |&b| vec![a, b])
        });
        (best, suspects) = nearest(faces, before, pairs);
    }
    let tally = |list: &[Face]| {
        and_list(
            list.iter()
                .map(|&f| format!("{} {}", counts[f.index()], lower(f)))
                .collect(),
        )
    };
    let mut message =
        match (over.as_slice(), under.as_slice()) {
            ([more], [fewer]) => format!(
            "There are {} stickers and {}, but a cube has 9 of each colour: {} painted or read {} \
             should be {}.",
            tally(&over),
            tally(&under),
            if counts[more.index()] == 10 { "one sticker" } else { "some stickers" },
            lower(*more),
            lower(*fewer)
        ),
            _ => format!(
            "The colours don't add up: a cube has 9 stickers of each colour, but this one has {} \
             stickers, and {}. Some {} stickers should be {}.",
            tally(&over),
            tally(&under),
            or_list(over.iter().map(|&f| lower(f)).collect()),
            or_list(under.iter().map(|&f| lower(f)).collect())
        ),
        };
    let mut stickers: Vec<usize> = Vec::new();
    for &(s, _) in suspects.iter().flatten() {
        if !stickers.contains(&s) {
            stickers.push(s);
        }
    }
    match (stickers.as_slice(), suspects.as_slice()) {
        ([], _) => {}
        ([only], [one]) => {
            message += &format!(
                " The likeliest is {}, ringed: {} there makes a real {}.",
                sticker_name(*only, photos),
                lower(one[0].1),
                if best.1 { "cube" } else { "piece" }
            );
        }
        ([only], _) => {
            message += &format!(" The likeliest is {}, ringed.", sticker_name(*only, photos))
        }
        _ => message += " The ringed stickers are where that would fit best.",
    }
    Problem::new(message, stickers)
}

/// Stickers to change, each to a colour.
type Changes = Vec<(usize, Face)>;

/// Of these sets of changes (sticker, colour) to `faces`, those that bring
/// it nearest to a real cube, if nearer than `before`, and how near.
fn nearest(
    faces: &[Face; N_FACELETS],
    before: (u32, bool),
    sets: impl Iterator<Item = Changes>,
) -> ((u32, bool), Vec<Changes>) {
    let mut best = before;
    let mut found = Vec::new();
    for set in sets {
        let mut changed = *faces;
        for &(s, f) in &set {
            changed[s] = f;
        }
        let near = nearness(&changed);
        if near > best {
            best = near;
            found.clear();
        }
        if near == best && near > before {
            found.push(set);
        }
    }
    (best, found)
}

/// One change to the stickers that makes a real cube.
enum Fix {
    /// Two stickers in each other's places: any one of these pairs.
    Swap(Vec<(usize, usize)>),
    /// A face whose stickers, turned this many quarter turns clockwise as
    /// the net shows it, make a real cube.
    Turn(Face, usize),
    /// A face whose stickers, mirrored (as if read from behind), make a
    /// real cube.
    Mirror(Face),
}

impl Fix {
    fn problem(&self, photos: Option<&PhotoOf>) -> Problem {
        match self {
            Fix::Swap(pairs) => {
                let each: Vec<String> = pairs
                    .iter()
                    .map(|&(a, b)| {
                        format!(
                            "{} and {}",
                            sticker_name(a, photos),
                            sticker_name(b, photos)
                        )
                    })
                    .collect();
                let message = match each.as_slice() {
                    [one] => format!("Two stickers look swapped: {one}, ringed. Exchanging them makes a real cube."),
                    _ => format!(
                        "Two stickers look swapped: exchanging {} makes a real cube. They are ringed.",
                        each.join(", or ")
                    ),
                };
                let mut stickers: Vec<usize> = Vec::new();
                for s in pairs.iter().flat_map(|&(a, b)| [a, b]) {
                    if !stickers.contains(&s) {
                        stickers.push(s);
                    }
                }
                Problem::new(message, stickers)
            }
            &Fix::Turn(face, turns) => {
                let how = [
                    "",
                    "a quarter turn clockwise",
                    "a half turn",
                    "a quarter turn anticlockwise",
                ][turns];
                face_problem(face, &format!("turned: its colours turned {how}"), photos)
            }
            &Fix::Mirror(face) => face_problem(
                face,
                "mirrored, as if read from behind: its colours mirrored",
                photos,
            ),
        }
    }
}

/// A face painted wrong as a whole (`how`, and what makes a real cube),
/// its eight stickers ringed.
fn face_problem(face: Face, how: &str, photos: Option<&PhotoOf>) -> Problem {
    let shown = photos.map_or_else(String::new, |photos| {
        format!(" (photo {})", photos[9 * face.index() + 4] + 1)
    });
    Problem::new(
        format!(
            "The {} face{shown} looks painted {how} make a real cube. \
             Hold the cube as the net shows that face, with the {} face on top, and check it.",
            lower(face),
            lower(holding_top(face))
        ),
        (0..9)
            .filter(|k| *k != 4)
            .map(|k| 9 * face.index() + k)
            .collect(),
    )
}

/// The face on top when `face` is held as the net (and a facelet string)
/// shows it: the blue one above white, green above yellow, white above the
/// four around.
fn holding_top(face: Face) -> Face {
    match face {
        Face::U => Face::B,
        Face::D => Face::F,
        _ => Face::U,
    }
}

/// The pairs of stickers whose exchange makes a real cube, if there are
/// at most `MOST_SWAPS` (an edge's own two stickers exchanged is a flip,
/// which any edge's would undo: no few pairs).
fn swapped_pair(faces: &[Face; N_FACELETS]) -> Option<Fix> {
    const MOST_SWAPS: usize = 3;
    let stickers: Vec<usize> = (0..N_FACELETS).filter(|s| s % 9 != 4).collect();
    let mut found = Vec::new();
    for (i, &a) in stickers.iter().enumerate() {
        for &b in &stickers[i + 1..] {
            if faces[a] == faces[b] {
                continue;
            }
            let mut swapped = *faces;
            swapped.swap(a, b);
            if is_real(&swapped) {
                if found.len() == MOST_SWAPS {
                    return None;
                }
                found.push((a, b));
            }
        }
    }
    (!found.is_empty()).then_some(Fix::Swap(found))
}

/// The one face whose stickers, turned, make a real cube.
fn turned_face(faces: &[Face; N_FACELETS]) -> Option<Fix> {
    let mut found = Face::ALL
        .into_iter()
        .flat_map(|face| (1..4).map(move |turns| (face, turns)))
        .filter(|&(face, turns)| {
            let mut changed = *faces;
            for k in 0..9 {
                changed[9 * face.index() + turned(k, turns)] = faces[9 * face.index() + k];
            }
            is_real(&changed)
        });
    let (face, turns) = found.next()?;
    found.next().is_none().then_some(Fix::Turn(face, turns))
}

/// Where a mirror takes a face's sticker: its (row, column) to another.
type Mirror = fn(usize, usize) -> (usize, usize);

/// The one face whose stickers, mirrored one of the four ways a square is
/// (across its middle row or column, or a diagonal), make a real cube.
fn mirrored_face(faces: &[Face; N_FACELETS]) -> Option<Fix> {
    let mirrors: [Mirror; 4] = [
        |row, column| (row, 2 - column),
        |row, column| (2 - row, column),
        |row, column| (column, row),
        |row, column| (2 - column, 2 - row),
    ];
    let mut found = Face::ALL.into_iter().filter(|&face| {
        mirrors.iter().any(|mirror| {
            let mut changed = *faces;
            for k in 0..9 {
                let (row, column) = mirror(k / 3, k % 3);
                changed[9 * face.index() + 3 * row + column] = faces[9 * face.index() + k];
            }
            is_real(&changed)
        })
    });
    let face = found.next()?;
    found.next().is_none().then_some(Fix::Mirror(face))
}

/// A rule broken by stickers that all make real colours in the right
/// numbers, as a problem; `None` for rules of the text, met before.
fn rule_problem(
    error: &FaceletError,
    faces: &[Face; N_FACELETS],
    photos: Option<&PhotoOf>,
) -> Option<Problem> {
    let problem = match error {
        FaceletError::NoSuchCorner { position, letters } => {
            let stickers = CORNER_FACELETS[*position as usize].to_vec();
            Problem::new(wrong_piece(letters, &stickers, photos), stickers)
        }
        FaceletError::NoSuchEdge { position, letters } => {
            let stickers = EDGE_FACELETS[*position as usize].to_vec();
            Problem::new(wrong_piece(letters, &stickers, photos), stickers)
        }
        FaceletError::Cubie(broken) => return cubie_problem(broken, faces, photos),
        _ => return None,
    };
    Some(problem)
}

const CANT: &str = "which a real cube can't be: it was put together that way, or a sticker was painted or read wrong";

fn cubie_problem(
    broken: &CubieError,
    faces: &[Face; N_FACELETS],
    photos: Option<&PhotoOf>,
) -> Option<Problem> {
    let (u, d) = (lower(Face::U), lower(Face::D));
    let message = match broken {
        CubieError::Twist { sum, positions } => {
            let way = if *sum == 1 {
                "anticlockwise"
            } else {
                "clockwise"
            };
            let pointer = match positions.as_slice() {
                [only] => format!(
                    " Start with {}: it is the only corner whose {u} or {d} sticker is not on the {u} or {d} face.",
                    look_at(&CORNER_FACELETS[*only as usize], photos)
                ),
                _ => String::new(),
            };
            format!(
                "One corner is twisted in place, {CANT}. Twisting any one corner a third of a turn {way} \
                 (looking at that corner) makes it solvable, so no corner is marked.{pointer}"
            )
        }
        CubieError::Flip { positions } => {
            let pointer = match positions.as_slice() {
                [only]
                    if edge_at(faces, *only as usize).is_some_and(|(piece, _)| piece == *only) =>
                {
                    format!(
                        " Start with {}: it is the only edge the wrong way round.",
                        look_at(&EDGE_FACELETS[*only as usize], photos)
                    )
                }
                _ => String::new(),
            };
            format!(
                "One edge is flipped in place, {CANT}. Flipping any one edge makes it solvable, \
                 so no edge is marked.{pointer}"
            )
        }
        CubieError::Parity { corners, edges } => {
            let pieces: Vec<&[usize]> = corners
                .iter()
                .map(|&p| CORNER_FACELETS[p as usize].as_slice())
                .chain(edges.iter().map(|&p| EDGE_FACELETS[p as usize].as_slice()))
                .collect();
            let pointer = match pieces.as_slice() {
                [a, b] => format!(
                    " Start with the pieces at {} and {}: they are the only two out of place.",
                    piece_name(a),
                    piece_name(b)
                ),
                _ => String::new(),
            };
            format!(
                "Two pieces are swapped, {CANT}. Swapping any two edges, or any two corners, makes it \
                 solvable, so no piece is marked.{pointer}"
            )
        }
        CubieError::CornerCount { count, .. } | CubieError::EdgeCount { count, .. }
            if *count == 0 =>
        {
            return None
        }
        CubieError::CornerCount { piece, .. } => {
            let at = (0..8).filter(|&p| corner_at(faces, p).map(|(x, _)| x) == Some(*piece));
            let stickers = at.flat_map(|p| CORNER_FACELETS[p]).collect();
            return Some(twice("corner", CORNER_NAMES[*piece as usize], stickers));
        }
        CubieError::EdgeCount { piece, .. } => {
            let at = (0..12).filter(|&p| edge_at(faces, p).map(|(x, _)| x) == Some(*piece));
            let stickers = at.flat_map(|p| EDGE_FACELETS[p]).collect();
            return Some(twice("edge", EDGE_NAMES[*piece as usize], stickers));
        }
        CubieError::CornerOutOfRange { .. } | CubieError::EdgeOutOfRange { .. } => return None,
    };
    Some(Problem::new(message, Vec::new()))
}

/// A piece found at more than one place (so another is missing): the
/// stickers of those places are ringed.
fn twice(kind: &str, name: &str, stickers: Vec<usize>) -> Problem {
    let colours = name
        .chars()
        .filter_map(Face::from_letter)
        .map(lower)
        .collect::<Vec<_>>()
        .join("-");
    Problem::new(
        format!(
            "There is more than one {colours} {kind} (ringed), so another {kind} is missing: a sticker on \
             one of them was probably painted or read wrong."
        ),
        stickers,
    )
}

/// A piece whose stickers make no real piece: two of one colour, two
/// opposite colours, or (a corner) its colours the wrong way round.
fn wrong_piece(letters: &[char], stickers: &[usize], photos: Option<&PhotoOf>) -> String {
    let faces: Vec<Option<Face>> = letters.iter().map(|&l| face_of(l)).collect();
    let pointer = look_at(stickers, photos);
    let same = letters
        .iter()
        .map(|l| letters.iter().filter(|&m| m == l).count())
        .max();
    if let Some(same @ 2..) = same {
        let number = if same == 2 { "Two" } else { "Three" };
        return format!("{number} stickers of the same colour on one piece: look at {pointer}.");
    }
    let opposite = faces.iter().flatten().find_map(|&a| {
        faces
            .iter()
            .flatten()
            .find(|&&b| b == a.opposite())
            .map(|&b| (a, b))
    });
    match opposite {
        Some((a, b)) => format!(
            "{} and {} are opposite colours, so no piece has both: look at {pointer}.",
            colour::colour(a).name,
            lower(b)
        ),
        None => format!(
            "No corner has these colours in this order: two of its stickers are swapped, which a real \
             cube can't do: look at {pointer}."
        ),
    }
}

/// "the piece at U-F-R (between the white, green and red centres; photos
/// 1, 2 and 5 show it)".
fn look_at(stickers: &[usize], photos: Option<&PhotoOf>) -> String {
    let centres = and_list(piece_faces(stickers).into_iter().map(lower).collect());
    format!(
        "the piece at {} (between the {centres} centres{})",
        piece_name(stickers),
        shown_in(stickers, photos)
    )
}

/// "; photos 1 and 3 show it", or nothing without photos.
fn shown_in(stickers: &[usize], photos: Option<&PhotoOf>) -> String {
    photos.map_or_else(String::new, |photos| {
        let numbers: Vec<usize> = (0..6)
            .filter(|&p| stickers.iter().any(|&s| photos[s] == p))
            .map(|p| p + 1)
            .collect();
        match numbers.as_slice() {
            [one] => format!("; photo {one} shows it"),
            _ => format!(
                "; photos {} show it",
                and_list(numbers.iter().map(ToString::to_string).collect())
            ),
        }
    })
}

/// "U1 (the white face's top left)", with its photo after a scan.
fn sticker_name(sticker: usize, photos: Option<&PhotoOf>) -> String {
    const PLACES: [&str; 9] = [
        "top left",
        "top middle",
        "top right",
        "middle left",
        "centre",
        "middle right",
        "bottom left",
        "bottom middle",
        "bottom right",
    ];
    format!(
        "{} (the {} face's {}{})",
        facelet::position_name(sticker),
        lower(Face::ALL[sticker / 9]),
        PLACES[sticker % 9],
        shown_in(&[sticker], photos)
    )
}

/// A piece's position as cubers name it, joined by dashes (`U-F-R`).
fn piece_name(stickers: &[usize]) -> String {
    let letters: Vec<String> = piece_faces(stickers)
        .iter()
        .map(|f| f.letter().to_string())
        .collect();
    letters.join("-")
}

/// The faces a piece's stickers are on, in the order cubers name them: U or
/// D first, then F or B, then R or L. (Picked in that order rather than
/// sorted: a sort would put a general sorting routine in the page's module.)
fn piece_faces(stickers: &[usize]) -> Vec<Face> {
    const ORDER: [Face; 6] = [Face::U, Face::D, Face::F, Face::B, Face::R, Face::L];
    ORDER
        .into_iter()
        .filter(|f| stickers.iter().any(|&s| s / 9 == f.index()))
        .collect()
}

/// A face or colour letter's face (R and B mean the same in both).
fn face_of(letter: char) -> Option<Face> {
    Face::from_letter(letter).or_else(|| colour::face_of_letter(letter))
}

fn lower(face: Face) -> String {
    colour::colour(face).name.to_ascii_lowercase()
}

/// A rule's own message as a sentence: capitalised, with a full stop.
/// (ASCII upper case: the messages start with ASCII letters, and Unicode's
/// case tables would cost the page's module some 18 KB gzipped.)
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        format!("{}{}.", first.to_ascii_uppercase(), chars.as_str())
    })
}

/// "a", "a and b", "a, b and c".
fn and_list(items: Vec<String>) -> String {
    joined(items, "and")
}

/// "a", "a or b", "a, b or c".
fn or_list(items: Vec<String>) -> String {
    joined(items, "or")
}

fn joined(items: Vec<String>, joiner: &str) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} {joiner} {last}", rest.join(", ")),
        _ => items.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::cubie::{CubieCube, Move};

    /// A scrambled cube: every piece out of place, many twisted and flipped.
    fn scrambled() -> CubieCube {
        let turns = "R U2 F' L D B2 R' U F2 L2 D' B U' R2 F D2 L' B'";
        let moves: Vec<Move> = turns
            .split(' ')
            .map(|t| {
                let face = Face::from_letter(t.chars().next().unwrap_or('U')).unwrap_or(Face::U);
                let times = match &t[1..] {
                    "2" => 2,
                    "'" => 3,
                    _ => 1,
                };
                Move::new(face, times)
            })
            .collect();
        CubieCube::solved().apply(&moves)
    }

    fn faces(cube: &CubieCube) -> [Face; N_FACELETS] {
        facelet::faces(cube)
    }

    fn text(faces: &[Face; N_FACELETS]) -> String {
        faces.iter().map(|f| colour::colour(*f).letter).collect()
    }

    fn said(faces: &[Face; N_FACELETS]) -> Vec<Problem> {
        let found = problems(&text(faces), None);
        for problem in &found {
            assert!(!problem.message.contains("mod"), "{}", problem.message);
        }
        found
    }

    #[test]
    fn a_real_cube_has_no_problems() {
        assert!(said(&faces(&scrambled())).is_empty());
    }

    #[test]
    fn one_wrong_sticker_is_the_one_ringed_and_named() {
        let mut solved = faces(&CubieCube::solved());
        solved[0] = Face::F;
        let found = said(&solved);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].stickers, [0]);
        assert_eq!(
            found[0].message,
            "There are 10 green stickers and 8 white, but a cube has 9 of each colour: one sticker \
             painted or read green should be white. The likeliest is U1 (the white face's top \
             left), ringed: white there makes a real cube."
        );
        for sticker in [3, 11, 20, 30, 41, 52] {
            let mut painted = faces(&scrambled());
            let right = painted[sticker];
            painted[sticker] = Face::ALL[(right.index() + 1 + sticker % 4) % 6];
            let found = said(&painted);
            assert_eq!(found.len(), 1, "{found:?}");
            assert_eq!(found[0].stickers, [sticker], "{found:?}");
        }
    }

    #[test]
    fn two_wrong_stickers_are_the_ones_ringed() {
        let mut painted = faces(&scrambled());
        painted[1] = painted[1].opposite();
        painted[40 + 3] = painted[43].opposite();
        let found = said(&painted);
        assert_eq!(found.len(), 1, "{found:?}");
        let mut ringed = found[0].stickers.clone();
        ringed.sort_unstable();
        // Other pairs of changes make real cubes too: all are ringed, and
        // few.
        assert!(ringed.contains(&1) && ringed.contains(&43), "{found:?}");
        assert!(ringed.len() <= 8, "{found:?}");
    }

    #[test]
    fn two_stickers_exchanged_are_named_as_a_swap() {
        let mut painted = faces(&scrambled());
        let (a, b) = (0..N_FACELETS)
            .flat_map(|a| (a + 1..N_FACELETS).map(move |b| (a, b)))
            .find(|&(a, b)| a % 9 != 4 && b % 9 != 4 && b / 9 != a / 9 && painted[a] != painted[b])
            .unwrap_or((0, 53));
        painted.swap(a, b);
        let found = said(&painted);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].stickers, [a, b]);
        assert!(
            found[0].message.starts_with("Two stickers look swapped"),
            "{found:?}"
        );
    }

    #[test]
    fn a_twisted_corner_rings_none_and_says_any_corner_will_do() {
        let mut cube = scrambled();
        cube.co[3] = (cube.co[3] + 1) % 3;
        let found = said(&faces(&cube));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].stickers.is_empty(), "{found:?}");
        assert!(
            found[0]
                .message
                .starts_with("One corner is twisted in place"),
            "{found:?}"
        );
        assert!(found[0].message.contains("any one corner"), "{found:?}");
    }

    #[test]
    fn the_twist_named_undoes_the_twist_made() {
        for twist in [1, 2] {
            let mut cube = CubieCube::solved();
            cube.co[0] = twist;
            let found = said(&faces(&cube));
            let anticlockwise = found[0].message.contains("a third of a turn anticlockwise");
            // U9 R1 F3 run clockwise round the corner: turning its stickers
            // anticlockwise moves each colour back one place.
            let mut painted = faces(&cube);
            let [a, b, c] = CORNER_FACELETS[0];
            let (x, y, z) = (painted[a], painted[b], painted[c]);
            (painted[a], painted[b], painted[c]) =
                if anticlockwise { (y, z, x) } else { (z, x, y) };
            assert!(is_real(&painted), "twist {twist}: {found:?}");
            assert!(
                found[0].message.contains("Start with the piece at U-F-R"),
                "{found:?}"
            );
        }
    }

    #[test]
    fn a_flipped_edge_rings_none() {
        let mut cube = scrambled();
        cube.eo[5] ^= 1;
        let found = said(&faces(&cube));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].stickers.is_empty());
        assert!(
            found[0].message.starts_with("One edge is flipped in place"),
            "{found:?}"
        );
        let mut cube = CubieCube::solved();
        cube.eo[1] = 1;
        let found = said(&faces(&cube));
        assert!(
            found[0].message.contains("Start with the piece at U-F"),
            "{found:?}"
        );
        assert!(found[0].stickers.is_empty());
    }

    #[test]
    fn two_swapped_edges_ring_none_on_a_scrambled_cube_and_name_them_near_solved() {
        let mut cube = scrambled();
        cube.ep.swap(2, 9);
        cube.eo.swap(2, 9);
        let found = said(&faces(&cube));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].stickers.is_empty(), "{found:?}");
        assert!(
            found[0].message.starts_with("Two pieces are swapped"),
            "{found:?}"
        );
        let mut cube = CubieCube::solved();
        cube.ep.swap(0, 1);
        let found = said(&faces(&cube));
        assert!(
            found[0].message.ends_with(
                "Start with the pieces at U-R and U-F: they are the only two out of place."
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_face_painted_mirrored_says_which() {
        let right = faces(&scrambled());
        let mut painted = right;
        let blue = 9 * Face::B.index();
        for row in 0..3 {
            painted.swap(blue + 3 * row, blue + 3 * row + 2);
        }
        assert!(!is_real(&painted));
        let found = said(&painted);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].message.starts_with("The blue face looks painted mirrored, as if read from behind: its colours mirrored make a real cube."),
            "{found:?}"
        );
    }

    #[test]
    fn a_face_painted_turned_says_which_and_how_to_turn_it_back() {
        for (face, turns, how) in [
            (Face::F, 1, "a quarter turn anticlockwise"),
            (Face::D, 2, "a half turn"),
            (Face::L, 3, "a quarter turn clockwise"),
        ] {
            let right = faces(&scrambled());
            let mut painted = right;
            for k in 0..9 {
                painted[9 * face.index() + turned(k, turns)] = right[9 * face.index() + k];
            }
            let found = said(&painted);
            assert_eq!(found.len(), 1, "{found:?}");
            assert!(
                found[0].message.starts_with(&format!(
                    "The {} face looks painted turned: its colours turned {how} make a real cube.",
                    lower(face)
                )),
                "{found:?}"
            );
            let mut ringed = found[0].stickers.clone();
            ringed.sort_unstable();
            let whole: Vec<usize> = (0..9)
                .filter(|&k| k != 4)
                .map(|k| 9 * face.index() + k)
                .collect();
            assert_eq!(ringed, whole);
        }
    }

    #[test]
    fn a_piece_twice_rings_both_places() {
        // The U-F-R corner's colours painted again at U-F-L, the right
        // counts kept by trading stickers on two edges.
        let mut painted = faces(&CubieCube::solved());
        painted[6] = Face::U;
        painted[18] = Face::R;
        painted[38] = Face::F;
        painted[10] = Face::F;
        painted[19] = Face::L;
        let found = problems(&text(&painted), None);
        let twice = found
            .iter()
            .find(|p| {
                p.message
                    .starts_with("There is more than one white-red-green corner")
            })
            .unwrap_or_else(|| panic!("{found:?}"));
        let mut ringed = twice.stickers.clone();
        ringed.sort_unstable();
        assert_eq!(ringed, [6, 8, 9, 18, 20, 38]);
    }

    #[test]
    fn photos_that_show_the_stickers_are_named() {
        let photos: PhotoOf = std::array::from_fn(|s| s / 9);
        let mut painted = faces(&CubieCube::solved());
        painted[0] = Face::F;
        let found = problems(&text(&painted), Some(&photos));
        assert!(
            found[0]
                .message
                .contains("U1 (the white face's top left; photo 1 shows it)"),
            "{found:?}"
        );
    }

    #[test]
    fn text_errors_say_the_rule() {
        let found = problems("UUU", None);
        assert_eq!(
            found[0].message,
            "A facelet string needs 54 letters; this one has 3."
        );
        let mut letters: Vec<char> = text(&faces(&CubieCube::solved())).chars().collect();
        letters[13] = 'W';
        let found = problems(&letters.iter().collect::<String>(), None);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].stickers, Vec::<usize>::new());
    }
}

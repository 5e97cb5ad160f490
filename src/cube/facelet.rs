//! Facelet strings: the 54-letter URFDLB format of Kociemba's solvers and
//! min2phase, read into a `CubieCube` with one error per broken rule, and
//! printed back. Colour letters (WCA scheme) are read through the centres.

use crate::cube::colour;
use crate::cube::cubie::{CubieCube, CubieError, Face, Invalid, CORNER_NAMES, EDGE_NAMES};
use crate::cube::notation;

/// Number of stickers.
pub const N_FACELETS: usize = 54;

/// Sticker positions of each corner position, U/D sticker first, then
/// clockwise. Facelet `k` of face `f` (0..9, row by row) is `9 * f + k`.
pub const CORNER_FACELETS: [[usize; 3]; 8] = [
    [8, 9, 20],   // URF: U9 R1 F3
    [6, 18, 38],  // UFL: U7 F1 L3
    [0, 36, 47],  // ULB: U1 L1 B3
    [2, 45, 11],  // UBR: U3 B1 R3
    [29, 26, 15], // DFR: D3 F9 R7
    [27, 44, 24], // DLF: D1 L9 F7
    [33, 53, 42], // DBL: D7 B9 L7
    [35, 17, 51], // DRB: D9 R9 B7
];

/// Sticker positions of each edge position, U/D (or F/B) sticker first.
pub const EDGE_FACELETS: [[usize; 2]; 12] = [
    [5, 10],  // UR
    [7, 19],  // UF
    [3, 37],  // UL
    [1, 46],  // UB
    [32, 16], // DR
    [28, 25], // DF
    [30, 43], // DL
    [34, 52], // DB
    [23, 12], // FR
    [21, 41], // FL
    [50, 39], // BL
    [48, 14], // BR
];

const CORNER_COLOURS: [[Face; 3]; 8] = {
    use Face::*;
    [
        [U, R, F],
        [U, F, L],
        [U, L, B],
        [U, B, R],
        [D, F, R],
        [D, L, F],
        [D, B, L],
        [D, R, B],
    ]
};

const EDGE_COLOURS: [[Face; 2]; 12] = {
    use Face::*;
    [
        [U, R],
        [U, F],
        [U, L],
        [U, B],
        [D, R],
        [D, F],
        [D, L],
        [D, B],
        [F, R],
        [F, L],
        [B, L],
        [B, R],
    ]
};

/// The name of a sticker position, e.g. `U9` or `F3`.
pub fn position_name(index: usize) -> String {
    format!("{}{}", Face::ALL[index / 9].letter(), index % 9 + 1)
}

/// One broken rule of a facelet string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FaceletError {
    #[error("a facelet string needs 54 letters; this one has {0}")]
    Length(usize),
    #[error("{} at position {} (column {}) is not a face letter (U R F D L B) or a colour letter (W Y G B R O)", bad_letter(*letter), position_name(*index), index + 1)]
    BadLetter { letter: char, index: usize },
    /// Bad letters after the first, counted rather than listed one by one.
    #[error("{0} more letters are neither")]
    MoreBadLetters(usize),
    /// Face letters whose centres are in no real cube's arrangement (a
    /// turned cube's are).
    #[error("the centres are in an order no real cube has (U R F D L B, or that turned): are two of them swapped?")]
    CentresSwapped,
    #[error("the string mixes face letters and colour letters")]
    MixedAlphabets,
    #[error(
        "the centres must all differ, but `{letter}` is the centre of {}",
        faces_list(faces)
    )]
    SameCentres { letter: char, faces: Vec<Face> },
    #[error("colour `{letter}` appears {count} times, it must appear 9 times")]
    ColourCount { letter: char, count: usize },
    #[error("the stickers at corner position {} ({}) show {}, which is no real corner", CORNER_NAMES[*position as usize], positions_list(&CORNER_FACELETS[*position as usize]), letters.iter().collect::<String>())]
    NoSuchCorner { position: u8, letters: Vec<char> },
    #[error("the stickers at edge position {} ({}) show {}, which is no real edge", EDGE_NAMES[*position as usize], positions_list(&EDGE_FACELETS[*position as usize]), letters.iter().collect::<String>())]
    NoSuchEdge { position: u8, letters: Vec<char> },
    #[error("{0}")]
    Cubie(#[from] CubieError),
}

/// A letter that is no sticker, as a message shows it: the colour editor
/// writes `.` for a sticker not painted.
fn bad_letter(letter: char) -> String {
    match letter {
        '.' => "`.` (a sticker not painted)".into(),
        other => notation::quoted(other),
    }
}

fn faces_list(faces: &[Face]) -> String {
    let names: Vec<String> = faces.iter().map(|f| f.letter().to_string()).collect();
    names.join(" and ")
}

fn positions_list(positions: &[usize]) -> String {
    let names: Vec<String> = positions.iter().map(|&i| position_name(i)).collect();
    names.join(" ")
}

impl FaceletError {
    /// The sticker positions (0..54) this error is about, for highlighting.
    pub fn stickers(&self) -> Vec<usize> {
        let corners = |positions: &[u8]| -> Vec<usize> {
            positions
                .iter()
                .flat_map(|&p| CORNER_FACELETS[p as usize])
                .collect()
        };
        let edges = |positions: &[u8]| -> Vec<usize> {
            positions
                .iter()
                .flat_map(|&p| EDGE_FACELETS[p as usize])
                .collect()
        };
        match self {
            FaceletError::BadLetter { index, .. } => vec![*index],
            FaceletError::NoSuchCorner { position, .. } => corners(&[*position]),
            FaceletError::NoSuchEdge { position, .. } => edges(&[*position]),
            FaceletError::Cubie(CubieError::Twist { positions, .. }) => corners(positions),
            FaceletError::Cubie(CubieError::Flip { positions }) => edges(positions),
            FaceletError::Cubie(CubieError::Parity {
                corners: c,
                edges: e,
            }) => {
                let mut all = corners(c);
                all.extend(edges(e));
                all
            }
            _ => Vec::new(),
        }
    }
}

/// All the rules a facelet string broke, in the order they were checked.
pub type InvalidState = Invalid<FaceletError>;

/// Reads the letters as faces: through the centres, so that face letters,
/// colour letters and rotated centres all work.
fn faces_through_centres(letters: &[char]) -> Result<[Face; N_FACELETS], Vec<FaceletError>> {
    let mut errors = Vec::new();
    let is_face = |c: char| "URFDLB".contains(c);
    let is_colour = |c: char| colour::face_of_letter(c).is_some();
    let mut bad = letters
        .iter()
        .enumerate()
        .filter(|&(_, &c)| !is_face(c) && !is_colour(c));
    if let Some((index, &letter)) = bad.next() {
        errors.push(FaceletError::BadLetter { letter, index });
        match bad.count() {
            0 => {}
            more => errors.push(FaceletError::MoreBadLetters(more)),
        }
        return Err(errors);
    }
    let face_only = letters.iter().any(|&c| is_face(c) && !is_colour(c));
    let colour_only = letters.iter().any(|&c| is_colour(c) && !is_face(c));
    if face_only && colour_only {
        return Err(vec![FaceletError::MixedAlphabets]);
    }
    let centres: Vec<char> = (0..6).map(|f| letters[9 * f + 4]).collect();
    for (f, &letter) in centres.iter().enumerate() {
        let faces: Vec<Face> = (0..6)
            .filter(|&g| centres[g] == letter)
            .map(|g| Face::ALL[g])
            .collect();
        if faces.len() > 1 && faces[0] == Face::ALL[f] {
            errors.push(FaceletError::SameCentres { letter, faces });
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Face letters name faces, so a turned cube's centres are a turn of
    // U R F D L B: opposite faces stay opposite, and a mirror image's are
    // not (the signed permutation of the axes has determinant -1).
    if !colour_only {
        let face = |k: usize| Face::from_letter(centres[k]).map_or(0, Face::index);
        let [u, r, f, d, l, b] = [0, 1, 2, 3, 4, 5].map(face);
        let opposite = |a: usize, z: usize| a % 3 == z % 3 && a != z;
        let (x, y, z) = (u % 3, r % 3, f % 3);
        let odd = (x > y) ^ (x > z) ^ (y > z);
        let negative = (u >= 3) ^ (r >= 3) ^ (f >= 3);
        if !(opposite(u, d) && opposite(r, l) && opposite(f, b)) || odd != negative {
            return Err(vec![FaceletError::CentresSwapped]);
        }
    }
    let mut faces = [Face::U; N_FACELETS];
    for (i, &letter) in letters.iter().enumerate() {
        match centres.iter().position(|&c| c == letter) {
            Some(f) => faces[i] = Face::ALL[f],
            None => errors.push(FaceletError::ColourCount { letter, count: 0 }),
        }
    }
    for (f, &letter) in centres.iter().enumerate() {
        let count = faces.iter().filter(|face| face.index() == f).count();
        if count != 9 {
            errors.push(FaceletError::ColourCount { letter, count });
        }
    }
    errors.dedup();
    if errors.is_empty() {
        Ok(faces)
    } else {
        Err(errors)
    }
}

/// Which piece, in which orientation, shows these stickers: the piece whose
/// colours, read from the sticker `ori` steps on, match.
fn identify<const N: usize>(
    faces: &[Face; N_FACELETS],
    stickers: &[usize; N],
    pieces: &[[Face; N]],
) -> Option<(u8, u8)> {
    (0..N).find_map(|ori| {
        let seen: [Face; N] = std::array::from_fn(|k| faces[stickers[(ori + k) % N]]);
        let piece = pieces.iter().position(|colours| *colours == seen)?;
        Some((piece as u8, ori as u8))
    })
}

/// The corner (piece, twist) at corner position `position` (0..8), if
/// its stickers make a real corner.
pub fn corner_at(faces: &[Face; N_FACELETS], position: usize) -> Option<(u8, u8)> {
    identify(faces, &CORNER_FACELETS[position], &CORNER_COLOURS)
}

/// The edge (piece, flip) at edge position `position` (0..12), if its
/// stickers make a real edge.
pub fn edge_at(faces: &[Face; N_FACELETS], position: usize) -> Option<(u8, u8)> {
    identify(faces, &EDGE_FACELETS[position], &EDGE_COLOURS)
}

/// The letters of a facelet string: white space dropped, upper case.
pub fn letters(text: &str) -> Vec<char> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// Parses a 54-letter facelet string (face or colour letters, case-insensitive,
/// white space ignored) into a valid cube, or every rule it broke.
pub fn parse(text: &str) -> Result<CubieCube, InvalidState> {
    let letters = letters(text);
    if letters.len() != N_FACELETS {
        return Err(Invalid(vec![FaceletError::Length(letters.len())]));
    }
    let faces = faces_through_centres(&letters).map_err(Invalid)?;
    let mut errors = Vec::new();
    let mut cube = CubieCube::solved();
    for (i, stickers) in CORNER_FACELETS.iter().enumerate() {
        match corner_at(&faces, i) {
            Some((piece, ori)) => (cube.cp[i], cube.co[i]) = (piece, ori),
            None => errors.push(FaceletError::NoSuchCorner {
                position: i as u8,
                letters: stickers.iter().map(|&s| letters[s]).collect(),
            }),
        }
    }
    for (i, stickers) in EDGE_FACELETS.iter().enumerate() {
        match edge_at(&faces, i) {
            Some((piece, ori)) => (cube.ep[i], cube.eo[i]) = (piece, ori),
            None => errors.push(FaceletError::NoSuchEdge {
                position: i as u8,
                letters: stickers.iter().map(|&s| letters[s]).collect(),
            }),
        }
    }
    if errors.is_empty() {
        errors.extend(cube.verify().into_iter().map(FaceletError::Cubie));
    }
    if errors.is_empty() {
        Ok(cube)
    } else {
        Err(Invalid(errors))
    }
}

/// The face seen at each of the 54 sticker positions.
pub fn faces(cube: &CubieCube) -> [Face; N_FACELETS] {
    let mut faces = [Face::U; N_FACELETS];
    for f in 0..6 {
        faces[9 * f + 4] = Face::ALL[f];
    }
    for (i, stickers) in CORNER_FACELETS.iter().enumerate() {
        let (piece, ori) = (cube.cp[i] as usize, cube.co[i] as usize);
        for (k, &colour) in CORNER_COLOURS[piece].iter().enumerate() {
            faces[stickers[(k + ori) % 3]] = colour;
        }
    }
    for (i, stickers) in EDGE_FACELETS.iter().enumerate() {
        let (piece, ori) = (cube.ep[i] as usize, cube.eo[i] as usize);
        for (k, &colour) in EDGE_COLOURS[piece].iter().enumerate() {
            faces[stickers[(k + ori) % 2]] = colour;
        }
    }
    faces
}

/// The 54-letter URFDLB string of a cube.
pub fn to_string(cube: &CubieCube) -> String {
    faces(cube).iter().map(|f| f.letter()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::cubie::Move;

    const SOLVED_STRING: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

    fn errors(text: &str) -> Vec<FaceletError> {
        parse(text).expect_err("should be invalid").0
    }

    #[test]
    fn r_gives_the_known_facelet_string() {
        let cube = CubieCube::solved().apply_move(Move::new(Face::R, 1));
        assert_eq!(
            to_string(&cube),
            "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
        );
    }

    #[test]
    fn every_move_round_trips_through_facelets() {
        for m in Move::ALL {
            let cube = CubieCube::solved().apply(&[m, Move::ALL[17 - m.index()], m]);
            assert_eq!(parse(&to_string(&cube)), Ok(cube));
        }
    }

    #[test]
    fn colour_letters_are_read_through_the_centres() {
        let colours: String = SOLVED_STRING
            .chars()
            .map(|c| colour::colour(Face::from_letter(c).unwrap()).letter)
            .collect();
        assert_eq!(parse(&colours), Ok(CubieCube::solved()));
        assert_eq!(parse(&colours.to_lowercase()), Ok(CubieCube::solved()));
    }

    #[test]
    fn wrong_length_is_reported() {
        assert_eq!(errors("UUU"), vec![FaceletError::Length(3)]);
    }

    #[test]
    fn a_bad_letter_names_its_position() {
        let text = format!("UUUUXUUUU{}", &SOLVED_STRING[9..]);
        assert_eq!(
            errors(&text),
            vec![FaceletError::BadLetter {
                letter: 'X',
                index: 4
            }]
        );
    }

    #[test]
    fn letters_that_are_no_stickers_are_named_once_and_counted() {
        let errs = errors(&"X".repeat(N_FACELETS));
        assert_eq!(
            errs,
            vec![
                FaceletError::BadLetter {
                    letter: 'X',
                    index: 0
                },
                FaceletError::MoreBadLetters(53)
            ]
        );
        let hidden = format!("\u{200F}{}", &SOLVED_STRING[1..]);
        assert!(errors(&hidden)[0]
            .to_string()
            .starts_with("U+200F (invisible) at position U1"));
    }

    #[test]
    fn two_centres_swapped_are_named_as_such_not_as_corners() {
        let text = format!("UUUURUUUURRRRURRRR{}", &SOLVED_STRING[18..]);
        assert_eq!(errors(&text), vec![FaceletError::CentresSwapped]);
        // A turned cube's centres are another matter: y turns U R F D L B
        // into U F L D B R (its stickers with them), and that reads.
        let turned: String = SOLVED_STRING
            .as_bytes()
            .chunks(9)
            .enumerate()
            .map(|(f, _)| "UFLDBR".chars().nth(f).unwrap().to_string().repeat(9))
            .collect();
        assert_eq!(parse(&turned), Ok(CubieCube::solved()));
        // Each of the 24 ways to hold a solved cube reads; with its left
        // and right swapped, none does.
        let painted = |order: [Face; 6]| -> String {
            order
                .iter()
                .map(|f| f.letter().to_string().repeat(9))
                .collect()
        };
        let turn_y = |[u, r, f, d, l, b]: [Face; 6]| [u, f, l, d, b, r];
        let turn_x = |[u, r, f, d, l, b]: [Face; 6]| [f, r, d, b, l, u];
        let mut held = vec![Face::ALL];
        while let Some(next) = held
            .iter()
            .flat_map(|&order| [turn_x(order), turn_y(order)])
            .find(|order| !held.contains(order))
        {
            held.push(next);
        }
        assert_eq!(held.len(), 24);
        for order in held {
            assert_eq!(parse(&painted(order)), Ok(CubieCube::solved()), "{order:?}");
            let [u, r, f, d, l, b] = order;
            let mirrored = errors(&painted([u, l, f, d, r, b]));
            assert_eq!(mirrored, [FaceletError::CentresSwapped], "{order:?}");
        }
    }

    #[test]
    fn wrong_colour_counts_name_the_colour_and_count() {
        let text = format!("R{}", &SOLVED_STRING[1..]);
        let errs = errors(&text);
        assert!(errs.contains(&FaceletError::ColourCount {
            letter: 'U',
            count: 8
        }));
        assert!(errs.contains(&FaceletError::ColourCount {
            letter: 'R',
            count: 10
        }));
    }

    #[test]
    fn equal_centres_are_reported() {
        let mut letters: Vec<char> = SOLVED_STRING.chars().collect();
        letters[13] = 'U';
        letters[0] = 'R';
        let errs = errors(&letters.iter().collect::<String>());
        assert_eq!(
            errs,
            vec![FaceletError::SameCentres {
                letter: 'U',
                faces: vec![Face::U, Face::R]
            }]
        );
    }

    #[test]
    fn an_impossible_corner_names_its_position() {
        let mut letters: Vec<char> = SOLVED_STRING.chars().collect();
        // Swap U9 with D3: URF then shows D R F, DFR shows U F R.
        letters.swap(8, 29);
        let errs = errors(&letters.iter().collect::<String>());
        assert!(errs.contains(&FaceletError::NoSuchCorner {
            position: 0,
            letters: vec!['D', 'R', 'F']
        }));
        assert!(errs.contains(&FaceletError::NoSuchCorner {
            position: 4,
            letters: vec!['U', 'F', 'R']
        }));
        assert!(errs[0]
            .to_string()
            .contains("corner position URF (U9 R1 F3)"));
    }

    #[test]
    fn an_impossible_edge_names_its_position() {
        let mut letters: Vec<char> = SOLVED_STRING.chars().collect();
        letters.swap(5, 12); // U6 <-> R4: UR shows R R
        let errs = errors(&letters.iter().collect::<String>());
        assert!(errs.contains(&FaceletError::NoSuchEdge {
            position: 0,
            letters: vec!['R', 'R']
        }));
    }

    #[test]
    fn a_duplicated_piece_is_reported_with_the_missing_one() {
        // Put a second URF corner where UFL was (stickers U7 F1 L3 = U R F).
        let mut letters: Vec<char> = SOLVED_STRING.chars().collect();
        letters[6] = 'U';
        letters[18] = 'R';
        letters[38] = 'F';
        // Keep the colour counts right by trading stickers elsewhere.
        letters[10] = 'F'; // UR edge now U F
        letters[19] = 'L'; // UF edge now U L
        let errs = errors(&letters.iter().collect::<String>());
        assert!(
            errs.contains(&FaceletError::Cubie(CubieError::CornerCount {
                piece: 0,
                count: 2
            })),
            "{errs:?}"
        );
        assert!(errs.contains(&FaceletError::Cubie(CubieError::CornerCount {
            piece: 1,
            count: 0
        })));
    }

    #[test]
    fn a_twisted_corner_is_named() {
        let mut letters: Vec<char> = SOLVED_STRING.chars().collect();
        // Twist DFR clockwise in place: D3 F9 R7 = D F R becomes R D F.
        letters[29] = 'R';
        letters[26] = 'D';
        letters[15] = 'F';
        let errs = errors(&letters.iter().collect::<String>());
        assert_eq!(errs.len(), 1, "{errs:?}");
        let message = errs[0].to_string();
        assert!(
            matches!(&errs[0], FaceletError::Cubie(CubieError::Twist { positions, .. }) if positions == &[4])
        );
        assert!(message.contains("DFR"), "{message}");
        assert_eq!(errs[0].stickers(), vec![29, 26, 15]);
    }

    #[test]
    fn a_flipped_edge_is_named() {
        let mut letters: Vec<char> = SOLVED_STRING.chars().collect();
        letters.swap(7, 19); // flip UF
        let errs = errors(&letters.iter().collect::<String>());
        assert_eq!(
            errs,
            vec![FaceletError::Cubie(CubieError::Flip { positions: vec![1] })]
        );
        assert!(errs[0].to_string().contains("UF"));
    }

    #[test]
    fn swapped_edges_break_parity_and_are_named() {
        let mut letters: Vec<char> = SOLVED_STRING.chars().collect();
        letters.swap(5, 7); // UR <-> UF, U stickers
        letters.swap(10, 19); // and their side stickers
        let errs = errors(&letters.iter().collect::<String>());
        assert_eq!(
            errs,
            vec![FaceletError::Cubie(CubieError::Parity {
                corners: vec![],
                edges: vec![0, 1]
            })]
        );
        assert!(errs[0].to_string().contains("edge UR, edge UF"));
        assert_eq!(errs[0].stickers(), vec![5, 10, 7, 19]);
    }
}

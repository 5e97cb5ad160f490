//! Advice for a person with a real cube in hand, beside each broken rule of
//! a painted or scanned cube (`FaceletError`, which names the rule): what it
//! most likely means on a real cube, which piece to look at, and, after a
//! scan, which photos show that piece. The editor and the scan show it.

use crate::cube::colour;
use crate::cube::cubie::{CubieError, Face, CORNER_NAMES, EDGE_NAMES};
use crate::cube::facelet::{FaceletError, CORNER_FACELETS, EDGE_FACELETS, N_FACELETS};

/// For each of the 54 sticker positions, the photo (0-based) it was read
/// from.
pub type PhotoOf = [usize; N_FACELETS];

/// What `error` means for a real cube and where to look, as one sentence;
/// `None` for errors of the text itself (length, letters), which the rule's
/// own message covers. With `photos`, the piece's photos are named too.
pub fn advice(error: &FaceletError, photos: Option<&PhotoOf>) -> Option<String> {
    let text = match error {
        FaceletError::NoSuchCorner { position, letters } => {
            wrong_piece(letters, &CORNER_FACELETS[*position as usize], photos)
        }
        FaceletError::NoSuchEdge { position, letters } => {
            wrong_piece(letters, &EDGE_FACELETS[*position as usize], photos)
        }
        FaceletError::SameCentres { faces, .. } => format!(
            "Two centres are the same colour, but each face's centre has its own: \
             look at the centres of {}",
            and_list(faces.iter().map(|f| f.letter().to_string()))
        ),
        FaceletError::ColourCount { letter, count } => colour_count(*letter, *count),
        FaceletError::Cubie(broken) => return cubie_advice(broken, photos),
        FaceletError::Length(_) | FaceletError::BadLetter { .. } | FaceletError::MixedAlphabets => {
            return None
        }
    };
    Some(format!("{text}."))
}

fn cubie_advice(broken: &CubieError, photos: Option<&PhotoOf>) -> Option<String> {
    const PUT_TOGETHER: &str = "a real cube can't do that; it was probably put together wrong";
    // Which piece is "the" twisted or flipped one depends on where each
    // piece is counted from, so a pointer is given only when one piece alone
    // is off; fixing any one piece works, which is worth knowing.
    let text = match broken {
        CubieError::Twist { positions, .. } => format!(
            "One corner is twisted: {PUT_TOGETHER}, or twisted in place{}. Twisting any one \
             corner the right way makes it solvable",
            only_piece(positions, &CORNER_FACELETS, photos)
        ),
        CubieError::Flip { positions } => format!(
            "One edge is flipped: {PUT_TOGETHER}{}. Flipping any one edge (out, and back in the \
             other way round) makes it solvable",
            only_piece(positions, &EDGE_FACELETS, photos)
        ),
        CubieError::Parity { corners, edges } => {
            let pieces: Vec<&[usize]> = corners
                .iter()
                .map(|&p| CORNER_FACELETS[p as usize].as_slice())
                .chain(edges.iter().map(|&p| EDGE_FACELETS[p as usize].as_slice()))
                .collect();
            let pointer = match pieces.as_slice() {
                [a, b] => format!(
                    ": look at the pieces at {} and {}",
                    piece_name(a),
                    piece_name(b)
                ),
                _ => ". Swapping any two edges, or any two corners, makes it solvable".to_string(),
            };
            format!(
                "Two pieces are swapped: {PUT_TOGETHER}, or two stickers were read or painted \
                 in each other's places{pointer}"
            )
        }
        CubieError::CornerCount { piece, count } => {
            piece_count("corner", CORNER_NAMES[*piece as usize], *count)
        }
        CubieError::EdgeCount { piece, count } => {
            piece_count("edge", EDGE_NAMES[*piece as usize], *count)
        }
        CubieError::CornerOutOfRange { .. } | CubieError::EdgeOutOfRange { .. } => return None,
    };
    Some(format!("{text}."))
}

/// A piece whose stickers make no real piece: two of one colour, two
/// opposite colours, or (a corner) its colours the wrong way round.
fn wrong_piece(letters: &[char], stickers: &[usize], photos: Option<&PhotoOf>) -> String {
    let faces: Vec<Option<Face>> = letters.iter().map(|&l| face_of(l)).collect();
    let pointer = look_at(stickers, photos);
    let repeated = (0..letters.len())
        .flat_map(|i| (i + 1..letters.len()).map(move |j| (i, j)))
        .find(|&(i, j)| letters[i] == letters[j]);
    if let Some((i, _)) = repeated {
        let same = letters.iter().filter(|&&l| l == letters[i]).count();
        let number = if same == 2 { "Two" } else { "Three" };
        return format!("{number} stickers of the same colour on one piece: {pointer}");
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
            "{} and {} are opposite colours, so no piece has both: {pointer}",
            colour::colour(a).name,
            lower(b)
        ),
        None => format!(
            "No corner has these colours in this order: two of its stickers are swapped, \
             which a real cube can't do: {pointer}"
        ),
    }
}

fn colour_count(letter: char, count: usize) -> String {
    let name = face_of(letter).map_or_else(|| format!("`{letter}`"), lower);
    match count {
        0 => format!("No centre is {name}"),
        1..=8 => format!(
            "{count} {name} stickers, {} fewer than a cube has: where a {name} one belongs, \
             another colour was read or painted",
            9 - count
        ),
        _ => format!(
            "{count} {name} stickers, {} more than a cube has: one of them is another colour",
            count - 9
        ),
    }
}

fn piece_count(kind: &str, name: &str, count: u8) -> String {
    let colours = and_list(name.chars().filter_map(Face::from_letter).map(lower));
    match count {
        0 => format!(
            "No {colours} {kind}, but another {kind} appears twice: a sticker on that one was \
             probably read or painted wrong"
        ),
        _ => format!(
            "The {colours} {kind} appears {count} times, but a cube has one: a sticker on one \
             of them was probably read or painted wrong"
        ),
    }
}

/// A pointer to the piece at `positions[0]`, when it is the only one.
fn only_piece<const N: usize>(
    positions: &[u8],
    stickers: &[[usize; N]],
    photos: Option<&PhotoOf>,
) -> String {
    match positions {
        [only] => format!(": {}", look_at(&stickers[*only as usize], photos)),
        _ => String::new(),
    }
}

/// "look at the piece at U-F-R (between the white, green and red centres;
/// photos 1, 2 and 5 show it)".
fn look_at(stickers: &[usize], photos: Option<&PhotoOf>) -> String {
    let centres = and_list(piece_faces(stickers).into_iter().map(lower));
    let shown = photos.map_or_else(String::new, |photos| {
        let numbers: Vec<usize> = (0..6)
            .filter(|&p| stickers.iter().any(|&s| photos[s] == p))
            .map(|p| p + 1)
            .collect();
        match numbers.as_slice() {
            [one] => format!("; photo {one} shows it"),
            _ => format!(
                "; photos {} show it",
                and_list(numbers.iter().map(ToString::to_string))
            ),
        }
    });
    format!(
        "look at the piece at {} (between the {centres} centres{shown})",
        piece_name(stickers)
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

/// "a", "a and b", "a, b and c".
fn and_list(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::cubie::{CubieCube, Move};
    use crate::cube::facelet;

    const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";

    fn with(changes: &[(usize, char)]) -> String {
        let mut letters: Vec<char> = SOLVED.chars().collect();
        for &(index, letter) in changes {
            letters[index] = letter;
        }
        letters.into_iter().collect()
    }

    fn advices(text: &str, photos: Option<&PhotoOf>) -> Vec<String> {
        let errors = facelet::parse(text).expect_err("not a cube").0;
        errors.iter().filter_map(|e| advice(e, photos)).collect()
    }

    #[test]
    fn two_stickers_of_one_colour_on_a_corner_point_at_it() {
        // U9 (the U-F-R corner's top) and F2 exchanged.
        let said = advices(&with(&[(8, 'F'), (19, 'U')]), None);
        assert!(
            said.iter().any(|s| s
                == "Two stickers of the same colour on one piece: look at the piece at U-F-R \
                    (between the white, green and red centres)."),
            "{said:?}"
        );
    }

    #[test]
    fn opposite_colours_on_an_edge_name_them_and_the_photos_that_show_it() {
        // U8 (top of U-F, beside F2's green) and B2 exchanged.
        let photos: PhotoOf = std::array::from_fn(|s| s / 9);
        let said = advices(&with(&[(7, 'B'), (46, 'U')]), Some(&photos));
        assert!(
            said.iter().any(|s| s
                == "Blue and green are opposite colours, so no piece has both: look at the \
                    piece at U-F (between the white and green centres; photos 1 and 3 show it)."),
            "{said:?}"
        );
    }

    #[test]
    fn a_corner_read_the_wrong_way_round_says_two_stickers_are_swapped() {
        // The U-R-F corner with its R and F stickers exchanged.
        let said = advices(&with(&[(9, 'F'), (20, 'R')]), None);
        assert!(
            said[0].starts_with("No corner has these colours in this order")
                && said[0].contains("U-F-R"),
            "{said:?}"
        );
    }

    #[test]
    fn a_flipped_edge_says_a_real_cube_cannot_do_that_and_where_it_is() {
        // The U-F edge's two stickers exchanged.
        let said = advices(&with(&[(7, 'F'), (19, 'U')]), None);
        assert_eq!(
            said,
            [
                "One edge is flipped: a real cube can't do that; it was probably put together \
              wrong: look at the piece at U-F (between the white and green centres). Flipping \
              any one edge (out, and back in the other way round) makes it solvable."
            ]
        );
    }

    #[test]
    fn a_flip_among_several_flipped_edges_points_at_none_but_says_any_edge_will_do() {
        let mut cube = CubieCube::solved().apply(&[Move::new(Face::F, 1)]);
        cube.eo[0] ^= 1;
        let said = advices(&facelet_string(&cube), None);
        assert_eq!(
            said,
            [
                "One edge is flipped: a real cube can't do that; it was probably put together \
              wrong. Flipping any one edge (out, and back in the other way round) makes it \
              solvable."
            ]
        );
    }

    #[test]
    fn a_twisted_corner_and_a_swap_have_their_own_advice() {
        let mut cube = CubieCube::solved();
        cube.co[0] = 1;
        let twisted = advices(&facelet_string(&cube), None);
        assert!(twisted[0].starts_with("One corner is twisted") && twisted[0].contains("U-F-R"));
        let mut cube = CubieCube::solved();
        cube.ep.swap(0, 1);
        let swapped = advices(&facelet_string(&cube), None);
        assert!(
            swapped[0].starts_with("Two pieces are swapped")
                && swapped[0].ends_with("look at the pieces at U-R and U-F."),
            "{swapped:?}"
        );
    }

    #[test]
    fn counts_and_centres_are_said_in_colours() {
        // A red sticker painted white on the R face's first sticker.
        let said = advices(&with(&[(9, 'U')]), None);
        assert!(
            said.contains(
                &"10 white stickers, 1 more than a cube has: one of them is another colour."
                    .to_string()
            ),
            "{said:?}"
        );
        assert!(
            said.iter()
                .any(|s| s.starts_with("8 red stickers, 1 fewer")),
            "{said:?}"
        );
        let said = advices(&with(&[(13, 'U')]), None);
        assert!(
            said[0].starts_with("Two centres are the same colour")
                && said[0].ends_with("centres of U and R."),
            "{said:?}"
        );
    }

    #[test]
    fn a_piece_twice_names_its_colours() {
        let mut cube = CubieCube::solved();
        cube.cp[1] = 0;
        let errors = cube.verify();
        let said: Vec<String> = errors
            .iter()
            .filter_map(|e| advice(&FaceletError::Cubie(e.clone()), None))
            .collect();
        assert!(
            said.iter()
                .any(|s| s.starts_with("The white, red and green corner appears 2 times")),
            "{said:?}"
        );
        assert!(
            said.iter()
                .any(|s| s.starts_with("No white, green and orange corner")),
            "{said:?}"
        );
    }

    #[test]
    fn text_errors_have_no_advice() {
        assert!(advices("UUU", None).is_empty());
        assert!(advices(&with(&[(0, 'X')]), None).is_empty());
        assert!(advices(&with(&[(0, 'W')]), None).is_empty());
    }

    fn facelet_string(cube: &CubieCube) -> String {
        facelet::faces(cube).iter().map(|f| f.letter()).collect()
    }
}

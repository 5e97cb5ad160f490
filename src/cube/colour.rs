//! The colours of a real cube's faces (WCA scheme: U white, R red, F
//! green, D yellow, L orange, B blue) and the letters a facelet string may
//! use for them. Fixed, whatever palette the page draws them in.

use crate::cube::cubie::Face;

/// The colour of one face on a real cube, whatever palette draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FaceColour {
    /// The letter a facelet string may use for it.
    pub letter: char,
    pub name: &'static str,
}

/// Each face's colour, in `Face::ALL` order.
pub const FACE_COLOURS: [FaceColour; 6] = [
    FaceColour {
        letter: 'W',
        name: "White",
    },
    FaceColour {
        letter: 'R',
        name: "Red",
    },
    FaceColour {
        letter: 'G',
        name: "Green",
    },
    FaceColour {
        letter: 'Y',
        name: "Yellow",
    },
    FaceColour {
        letter: 'O',
        name: "Orange",
    },
    FaceColour {
        letter: 'B',
        name: "Blue",
    },
];

/// The colour of `face` on a real cube.
pub fn colour(face: Face) -> &'static FaceColour {
    &FACE_COLOURS[face.index()]
}

/// The face whose colour letter this is (upper case), if any.
pub fn face_of_letter(letter: char) -> Option<Face> {
    Face::ALL.into_iter().find(|&f| colour(f).letter == letter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_letters_are_distinct_and_name_their_colour() {
        for face in Face::ALL {
            let c = colour(face);
            assert_eq!(face_of_letter(c.letter), Some(face));
            assert!(c.name.starts_with(c.letter), "{}", c.name);
        }
        assert_eq!(face_of_letter('X'), None);
    }
}

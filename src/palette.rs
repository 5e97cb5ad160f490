//! The colours the page shows: each face's sticker colour and name (WCA
//! scheme: U white, R red, F green, D yellow, L orange, B blue), the colour
//! letters a facelet string may use for them, and the canvas background.
//! The renderer and the colour editor both take them from here (the editor
//! through the WebAssembly API), so the 3D cube and the net agree.

use crate::cubie::Face;

/// A colour as 8-bit sRGB channels.
pub type Rgb = [u8; 3];

/// The sticker colour of one face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FaceColour {
    /// The letter a facelet string may use for it.
    pub letter: char,
    pub name: &'static str,
    pub rgb: Rgb,
}

/// Each face's sticker colour, in `Face::ALL` order.
pub const FACE_COLOURS: [FaceColour; 6] = [
    FaceColour {
        letter: 'W',
        name: "White",
        rgb: [245, 245, 245],
    },
    FaceColour {
        letter: 'R',
        name: "Red",
        rgb: [200, 16, 46],
    },
    FaceColour {
        letter: 'G',
        name: "Green",
        rgb: [0, 155, 72],
    },
    FaceColour {
        letter: 'Y',
        name: "Yellow",
        rgb: [255, 213, 0],
    },
    FaceColour {
        letter: 'O',
        name: "Orange",
        rgb: [255, 100, 0],
    },
    FaceColour {
        letter: 'B',
        name: "Blue",
        rgb: [0, 70, 173],
    },
];

/// The canvas background, also the renderer's clear colour.
pub const BACKGROUND: Rgb = [236, 239, 243];

/// Stage views: stickers a stage does not work on.
pub const NEUTRAL: Rgb = [118, 122, 130];
/// Stage views: what a stage must still bring home (a flipped edge, a
/// middle-layer edge), a magenta no face colour comes near.
pub const MARKER: Rgb = [214, 0, 170];
/// Stage views: edges already right for the stage, pale so they recede.
pub const CALM: Rgb = [206, 226, 214];

/// The sticker colour of `face`.
pub fn colour(face: Face) -> &'static FaceColour {
    &FACE_COLOURS[face.index()]
}

/// The face whose colour letter this is (upper case), if any.
pub fn face_of_letter(letter: char) -> Option<Face> {
    Face::ALL.into_iter().find(|&f| colour(f).letter == letter)
}

/// `#rrggbb`, as CSS reads it.
pub fn css(rgb: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
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

    #[test]
    fn css_colours_are_hex() {
        assert_eq!(css([255, 100, 0]), "#ff6400");
        assert_eq!(css(BACKGROUND), "#eceff3");
    }
}

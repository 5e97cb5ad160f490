//! The colours the page shows. A face's colour on a real cube is fixed
//! (`cube::colour`); a `Palette` decides how the page draws those colours
//! and the stage views' marker, neutral and calm colours. The renderer and the colour editor both take them from
//! here (the editor through the WebAssembly API), so the 3D cube and the net
//! agree. `ink` picks a letter colour that reads on each sticker.

use crate::cube::cubie::Face;
use std::str::FromStr;

/// A colour as 8-bit sRGB channels.
pub type Rgb = [u8; 3];

/// The canvas background, also the renderer's clear colour.
pub const BACKGROUND: Rgb = [236, 239, 243];

/// The same in the dark scheme, for projectors in dark rooms.
pub const DARK_BACKGROUND: Rgb = [24, 27, 33];

/// The page's and the canvas's background, light or dark.
pub fn background(dark: bool) -> Rgb {
    if dark {
        DARK_BACKGROUND
    } else {
        BACKGROUND
    }
}

/// Letter colours: `ink` picks whichever contrasts more with the sticker.
pub const DARK_INK: Rgb = [0, 0, 0];
pub const LIGHT_INK: Rgb = [255, 255, 255];

/// How the page draws the cube's colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    /// The WCA colours as cubes are printed.
    #[default]
    Wca,
    /// The WCA colours moved apart (a darker red, a bluer and lighter
    /// green) so that the faces, and the colours each stage view shows
    /// together, stay apart for protanopes, deuteranopes and tritanopes
    /// too; the tests check it with a colour-vision simulation.
    ColourBlind,
}

/// What a palette draws each thing in.
struct Scheme {
    /// In `Face::ALL` order.
    faces: [Rgb; 6],
    neutral: Rgb,
    marker: Rgb,
    calm: Rgb,
}

const WCA: Scheme = Scheme {
    faces: [
        [245, 245, 245],
        [200, 16, 46],
        [0, 155, 72],
        [255, 213, 0],
        [255, 100, 0],
        [0, 70, 173],
    ],
    neutral: [118, 122, 130],
    // A magenta no face colour comes near.
    marker: [214, 0, 170],
    calm: [206, 226, 214],
};

const COLOUR_BLIND: Scheme = Scheme {
    faces: [
        [246, 248, 249],
        [167, 13, 2],
        [8, 178, 134],
        [255, 218, 0],
        [227, 101, 21],
        [28, 76, 175],
    ],
    neutral: [120, 116, 113],
    marker: [212, 13, 177],
    calm: [206, 226, 214],
};

/// A palette name that is none of `Palette::ALL`'s.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("palette `{0}` is neither `wca` nor `colour-blind`")]
pub struct UnknownPalette(pub String);

impl Palette {
    pub const ALL: [Palette; 2] = [Palette::Wca, Palette::ColourBlind];

    /// The palette's name, as the page and `FromStr` spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            Palette::Wca => "wca",
            Palette::ColourBlind => "colour-blind",
        }
    }

    fn scheme(self) -> &'static Scheme {
        match self {
            Palette::Wca => &WCA,
            Palette::ColourBlind => &COLOUR_BLIND,
        }
    }

    /// The sticker colour of `face`.
    pub fn face(self, face: Face) -> Rgb {
        self.scheme().faces[face.index()]
    }

    /// Stage views: stickers a stage does not work on.
    pub fn neutral(self) -> Rgb {
        self.scheme().neutral
    }

    /// Stage views: what a stage must still bring home (a flipped edge, a
    /// middle-layer edge), a magenta no face colour comes near.
    pub fn marker(self) -> Rgb {
        self.scheme().marker
    }

    /// Stage views: edges already right for the stage, pale so they recede.
    pub fn calm(self) -> Rgb {
        self.scheme().calm
    }
}

impl FromStr for Palette {
    type Err = UnknownPalette;
    fn from_str(name: &str) -> Result<Palette, UnknownPalette> {
        Palette::ALL
            .into_iter()
            .find(|p| p.as_str() == name)
            .ok_or_else(|| UnknownPalette(name.to_string()))
    }
}

/// `#rrggbb`, as CSS reads it.
pub fn css(rgb: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2])
}

/// `rgb` in linear sRGB, each channel from 0 to 1: light adds up here.
fn linear(rgb: Rgb) -> [f64; 3] {
    rgb.map(|c| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    })
}

/// WCAG 2 relative luminance, from 0 (black) to 1 (white).
fn luminance(rgb: Rgb) -> f64 {
    let [r, g, b] = linear(rgb);
    0.2126 * r + 0.7152 * g + 0.0722 * b
}

/// WCAG 2 contrast ratio, from 1 (none) to 21 (black on white).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The letter colour for a sticker of colour `rgb`: dark or light,
/// whichever contrasts more.
pub fn ink(rgb: Rgb) -> Rgb {
    if contrast(DARK_INK, rgb) >= contrast(LIGHT_INK, rgb) {
        DARK_INK
    } else {
        LIGHT_INK
    }
}

#[cfg(test)]
pub(crate) mod vision;

#[cfg(test)]
mod tests {
    use super::vision::{closest_pair, Vision, MIN_DELTA_E};
    use super::*;

    /// Every colour a palette draws stickers in.
    fn sticker_colours(palette: Palette) -> Vec<Rgb> {
        let mut all: Vec<Rgb> = Face::ALL.map(|f| palette.face(f)).to_vec();
        all.extend([palette.neutral(), palette.marker(), palette.calm()]);
        all
    }

    #[test]
    fn css_colours_are_hex() {
        assert_eq!(css([255, 100, 0]), "#ff6400");
        assert_eq!(css(BACKGROUND), "#eceff3");
        assert_eq!(css(background(true)), "#181b21");
    }

    #[test]
    fn palettes_are_named_and_unknown_names_are_errors() {
        for palette in Palette::ALL {
            assert_eq!(palette.as_str().parse(), Ok(palette));
        }
        assert_eq!(Palette::default(), Palette::Wca);
        let error = "pink".parse::<Palette>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "palette `pink` is neither `wca` nor `colour-blind`"
        );
    }

    #[test]
    fn the_colour_blind_faces_stay_apart_for_every_kind_of_colour_vision() {
        let faces = Face::ALL.map(|f| Palette::ColourBlind.face(f));
        for vision in Vision::ALL {
            let (delta_e, i, j) = closest_pair(&faces, vision);
            assert!(
                delta_e >= MIN_DELTA_E,
                "{vision:?}: {:?} and {:?} are ΔE {delta_e:.1} apart",
                Face::ALL[i],
                Face::ALL[j]
            );
        }
    }

    #[test]
    fn the_wca_faces_merge_for_protanopes_and_deuteranopes() {
        let faces = Face::ALL.map(|f| Palette::Wca.face(f));
        for vision in [Vision::Protanopia, Vision::Deuteranopia] {
            assert!(closest_pair(&faces, vision).0 < 10.0, "{vision:?}");
        }
        assert!(closest_pair(&faces, Vision::Typical).0 >= MIN_DELTA_E);
    }

    #[test]
    fn letters_contrast_with_every_sticker_colour() {
        for palette in Palette::ALL {
            for colour in sticker_colours(palette) {
                let ratio = contrast(ink(colour), colour);
                assert!(ratio >= 4.5, "{palette:?} {colour:?}: {ratio:.2}");
            }
        }
        assert_eq!(ink([245, 245, 245]), DARK_INK);
        assert_eq!(ink([0, 70, 173]), LIGHT_INK);
    }
}

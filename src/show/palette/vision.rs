//! How colours look to people with a colour-vision deficiency, and how far
//! apart two colours look: the measure the palettes are chosen and tested
//! by. Dichromacy is simulated with Machado, Oliveira and Fernandes (2009)
//! at full severity, in linear sRGB; distance is CIEDE2000 in CIELAB (D65).

use super::{linear, Rgb};

/// How far apart (CIEDE2000) colours shown together must look: about 1 is
/// just noticeable side by side, and 20 tells the colours apart at a glance
/// on a small, shaded sticker.
pub const MIN_DELTA_E: f64 = 20.0;

/// A way of seeing colour: typical trichromacy or one of the dichromacies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vision {
    Typical,
    /// No long-wavelength (red) cones.
    Protanopia,
    /// No medium-wavelength (green) cones: the most common.
    Deuteranopia,
    /// No short-wavelength (blue) cones.
    Tritanopia,
}

impl Vision {
    pub const ALL: [Vision; 4] = [
        Vision::Typical,
        Vision::Protanopia,
        Vision::Deuteranopia,
        Vision::Tritanopia,
    ];

    /// Machado et al.'s matrix for severity 1.0, on linear sRGB.
    fn matrix(self) -> Option<[[f64; 3]; 3]> {
        match self {
            Vision::Typical => None,
            Vision::Protanopia => Some([
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ]),
            Vision::Deuteranopia => Some([
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ]),
            Vision::Tritanopia => Some([
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ]),
        }
    }

    /// `rgb` as seen this way, in CIELAB.
    pub fn lab(self, rgb: Rgb) -> Lab {
        let linear = linear(rgb);
        let seen = match self.matrix() {
            None => linear,
            Some(m) => std::array::from_fn(|row| {
                (0..3)
                    .map(|k| m[row][k] * linear[k])
                    .sum::<f64>()
                    .clamp(0.0, 1.0)
            }),
        };
        Lab::from_linear_srgb(seen)
    }
}

/// A CIELAB colour, D65 white.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lab {
    pub l: f64,
    pub a: f64,
    pub b: f64,
}

impl Lab {
    fn from_linear_srgb([r, g, b]: [f64; 3]) -> Lab {
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
        let f = |t: f64| {
            if t > 216.0 / 24389.0 {
                t.cbrt()
            } else {
                (24389.0 / 27.0 * t + 16.0) / 116.0
            }
        };
        let (fx, fy, fz) = (f(x), f(y), f(z));
        Lab {
            l: 116.0 * fy - 16.0,
            a: 500.0 * (fx - fy),
            b: 200.0 * (fy - fz),
        }
    }

    /// CIEDE2000 colour difference (Sharma, Wu and Dalal 2005): about 1 is
    /// just noticeable side by side; 10 and more reads as another colour.
    pub fn delta_e(self, other: Lab) -> f64 {
        let (l1, l2) = (self.l, other.l);
        let c_mean = (self.a.hypot(self.b) + other.a.hypot(other.b)) / 2.0;
        let pow7 = |c: f64| c.powi(7);
        let g = 0.5 * (1.0 - (pow7(c_mean) / (pow7(c_mean) + pow7(25.0))).sqrt());
        let (a1, a2) = ((1.0 + g) * self.a, (1.0 + g) * other.a);
        let (c1, c2) = (a1.hypot(self.b), a2.hypot(other.b));
        let hue = |b: f64, a: f64| {
            if a == 0.0 && b == 0.0 {
                0.0
            } else {
                b.atan2(a).to_degrees().rem_euclid(360.0)
            }
        };
        let (h1, h2) = (hue(self.b, a1), hue(other.b, a2));
        let chromatic = c1 * c2 != 0.0;
        let dh = if !chromatic {
            0.0
        } else if h2 - h1 > 180.0 {
            h2 - h1 - 360.0
        } else if h2 - h1 < -180.0 {
            h2 - h1 + 360.0
        } else {
            h2 - h1
        };
        let d_l = l2 - l1;
        let d_c = c2 - c1;
        let d_h = 2.0 * (c1 * c2).sqrt() * (dh / 2.0).to_radians().sin();
        let l_mean = (l1 + l2) / 2.0;
        let c_mean_p = (c1 + c2) / 2.0;
        let h_mean = if !chromatic {
            h1 + h2
        } else if (h1 - h2).abs() <= 180.0 {
            (h1 + h2) / 2.0
        } else if h1 + h2 < 360.0 {
            (h1 + h2 + 360.0) / 2.0
        } else {
            (h1 + h2 - 360.0) / 2.0
        };
        let cos = |deg: f64| deg.to_radians().cos();
        let t = 1.0 - 0.17 * cos(h_mean - 30.0)
            + 0.24 * cos(2.0 * h_mean)
            + 0.32 * cos(3.0 * h_mean + 6.0)
            - 0.20 * cos(4.0 * h_mean - 63.0);
        let d_theta = 30.0 * (-((h_mean - 275.0) / 25.0).powi(2)).exp();
        let r_c = 2.0 * (pow7(c_mean_p) / (pow7(c_mean_p) + pow7(25.0))).sqrt();
        let s_l = 1.0 + 0.015 * (l_mean - 50.0).powi(2) / (20.0 + (l_mean - 50.0).powi(2)).sqrt();
        let s_c = 1.0 + 0.045 * c_mean_p;
        let s_h = 1.0 + 0.015 * c_mean_p * t;
        let r_t = -(2.0 * d_theta).to_radians().sin() * r_c;
        let (l, c, h) = (d_l / s_l, d_c / s_c, d_h / s_h);
        (l * l + c * c + h * h + r_t * c * h).sqrt()
    }
}

/// The closest two of `colours` as `vision` sees them: their distance and
/// their indices.
pub fn closest_pair(colours: &[Rgb], vision: Vision) -> (f64, usize, usize) {
    let labs: Vec<Lab> = colours.iter().map(|&c| vision.lab(c)).collect();
    let mut closest = (f64::INFINITY, 0, 0);
    for i in 0..labs.len() {
        for j in i + 1..labs.len() {
            let d = labs[i].delta_e(labs[j]);
            if d < closest.0 {
                closest = (d, i, j);
            }
        }
    }
    closest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lab(l: f64, a: f64, b: f64) -> Lab {
        Lab { l, a, b }
    }

    #[test]
    fn ciede2000_matches_sharmas_test_data() {
        // Pairs 1, 7, 13, 17 and 25 of Sharma, Wu and Dalal's table.
        let pairs = [
            (
                lab(50.0, 2.6772, -79.7751),
                lab(50.0, 0.0, -82.7485),
                2.0425,
            ),
            (lab(50.0, 0.0, 0.0), lab(50.0, -1.0, 2.0), 2.3669),
            (lab(50.0, 2.49, -0.001), lab(50.0, -2.49, 0.0011), 7.2195),
            (lab(50.0, 2.5, 0.0), lab(73.0, 25.0, -18.0), 27.1492),
            (
                lab(60.2574, -34.0099, 36.2677),
                lab(60.4626, -34.1751, 39.4387),
                1.2644,
            ),
        ];
        for (a, b, expected) in pairs {
            assert!((a.delta_e(b) - expected).abs() < 1e-4, "{a:?} {b:?}");
            assert!((b.delta_e(a) - expected).abs() < 1e-4, "{b:?} {a:?}");
        }
    }

    #[test]
    fn srgb_white_is_lab_100_and_greys_stay_grey_for_every_vision() {
        let white = Vision::Typical.lab([255, 255, 255]);
        assert!((white.l - 100.0).abs() < 1e-3 && white.a.abs() < 1e-2 && white.b.abs() < 1e-2);
        for vision in Vision::ALL {
            let grey = vision.lab([118, 118, 118]);
            assert!(
                grey.a.abs() < 1.0 && grey.b.abs() < 1.0,
                "{vision:?}: {grey:?}"
            );
        }
    }

    #[test]
    fn red_and_green_merge_for_deuteranopes_but_not_for_tritanopes() {
        let (red, green) = ([200, 16, 46], [0, 155, 72]);
        let apart = |vision: Vision| vision.lab(red).delta_e(vision.lab(green));
        assert!(apart(Vision::Deuteranopia) < 10.0);
        assert!(apart(Vision::Tritanopia) > 30.0);
        assert!(apart(Vision::Typical) > 50.0);
    }
}

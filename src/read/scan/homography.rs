//! Plane projective maps (homographies), the way a flat square face looks in
//! a photo taken at an angle: fitted by least squares from point pairs, then
//! applied to points.

/// A point in the plane.
pub type Point = [f64; 2];

/// A 3×3 projective map, row by row, scaled so that its last entry is 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Homography([f64; 9]);

impl Homography {
    /// The map that takes each pair's first point as close as it can (least
    /// squares on the linearised equations) to its second point, or `None`
    /// with fewer than four pairs or points too close to a line to fix one.
    pub fn fit(pairs: &[(Point, Point)]) -> Option<Homography> {
        if pairs.len() < 4 {
            return None;
        }
        // Both point sets are moved to their centroid and scaled to unit
        // spread first: pixel coordinates in the hundreds next to lattice
        // coordinates near 1 would make the normal equations ill-conditioned.
        let from = Normaliser::of(pairs.iter().map(|pair| pair.0))?;
        let to = Normaliser::of(pairs.iter().map(|pair| pair.1))?;
        let mut normal = [[0.0f64; 9]; 8];
        for &(p, q) in pairs {
            let [x, y] = from.apply(p);
            let [u, v] = to.apply(q);
            let rows = [
                [x, y, 1.0, 0.0, 0.0, 0.0, -x * u, -y * u, u],
                [0.0, 0.0, 0.0, x, y, 1.0, -x * v, -y * v, v],
            ];
            for row in rows {
                for i in 0..8 {
                    for j in 0..9 {
                        normal[i][j] += row[i] * row[j];
                    }
                }
            }
        }
        let h = solve_augmented(normal)?;
        let fitted = Homography([h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1.0]);
        to.inverse().then(&fitted).then(&from.matrix()).normalised()
    }

    /// Where `p` lands, or `None` if the map sends it to infinity.
    pub fn apply(&self, [x, y]: Point) -> Option<Point> {
        let h = &self.0;
        let w = h[6] * x + h[7] * y + h[8];
        if w.abs() < 1e-12 {
            return None;
        }
        let u = (h[0] * x + h[1] * y + h[2]) / w;
        let v = (h[3] * x + h[4] * y + h[5]) / w;
        (u.is_finite() && v.is_finite()).then_some([u, v])
    }

    /// `self` after `inner`: the product of the two matrices.
    fn then(&self, inner: &Homography) -> Homography {
        let (a, b) = (&self.0, &inner.0);
        Homography(std::array::from_fn(|k| {
            let (i, j) = (k / 3, k % 3);
            (0..3).map(|m| a[3 * i + m] * b[3 * m + j]).sum()
        }))
    }

    fn normalised(self) -> Option<Homography> {
        let scale = self.0[8];
        if scale.abs() < 1e-12 || !scale.is_finite() {
            return None;
        }
        Some(Homography(self.0.map(|entry| entry / scale)))
    }
}

/// A shift to the centroid and a uniform scale to mean distance √2.
struct Normaliser {
    centre: Point,
    scale: f64,
}

impl Normaliser {
    fn of(points: impl Iterator<Item = Point> + Clone) -> Option<Normaliser> {
        let n = points.clone().count() as f64;
        let (sx, sy) = points
            .clone()
            .fold((0.0, 0.0), |(sx, sy), [x, y]| (sx + x, sy + y));
        let centre = [sx / n, sy / n];
        let spread = points
            .map(|[x, y]| (x - centre[0]).hypot(y - centre[1]))
            .sum::<f64>()
            / n;
        (spread > 1e-9 && spread.is_finite()).then(|| Normaliser {
            centre,
            scale: std::f64::consts::SQRT_2 / spread,
        })
    }

    fn apply(&self, [x, y]: Point) -> Point {
        [
            (x - self.centre[0]) * self.scale,
            (y - self.centre[1]) * self.scale,
        ]
    }

    fn matrix(&self) -> Homography {
        let s = self.scale;
        Homography([
            s,
            0.0,
            -s * self.centre[0],
            0.0,
            s,
            -s * self.centre[1],
            0.0,
            0.0,
            1.0,
        ])
    }

    fn inverse(&self) -> Homography {
        let s = 1.0 / self.scale;
        Homography([
            s,
            0.0,
            self.centre[0],
            0.0,
            s,
            self.centre[1],
            0.0,
            0.0,
            1.0,
        ])
    }
}

/// Solves the 8×8 system whose right-hand side is the last column, by
/// Gaussian elimination with partial pivoting; `None` if it is singular.
fn solve_augmented(mut m: [[f64; 9]; 8]) -> Option<[f64; 8]> {
    let largest = m.iter().flatten().fold(0.0f64, |a, &b| a.max(b.abs()));
    let tiny = largest * 1e-12;
    for col in 0..8 {
        let pivot = (col..8).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() <= tiny || !m[pivot][col].is_finite() {
            return None;
        }
        m.swap(col, pivot);
        let (done, below) = m.split_at_mut(col + 1);
        let pivot_row = &done[col];
        for row in below {
            let factor = row[col] / pivot_row[col];
            for (entry, pivot_entry) in row.iter_mut().zip(pivot_row).skip(col) {
                *entry -= factor * pivot_entry;
            }
        }
    }
    let mut x = [0.0; 8];
    for row in (0..8).rev() {
        let rest: f64 = (row + 1..8).map(|k| m[row][k] * x[k]).sum();
        x[row] = (m[row][8] - rest) / m[row][row];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Point, b: Point) -> bool {
        (a[0] - b[0]).hypot(a[1] - b[1]) < 1e-6
    }

    #[test]
    fn four_corners_fix_a_perspective_map_that_sends_the_centre_where_the_diagonals_cross() {
        let square = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
        let quad = [[100.0, 50.0], [400.0, 80.0], [380.0, 300.0], [90.0, 350.0]];
        let pairs: Vec<_> = square.iter().copied().zip(quad.iter().copied()).collect();
        let h = Homography::fit(&pairs).unwrap();
        for (s, q) in square.iter().zip(&quad) {
            assert!(close(h.apply(*s).unwrap(), *q));
        }
        // The diagonals of the quadrilateral meet at the image of (0.5, 0.5).
        let centre = h.apply([0.5, 0.5]).unwrap();
        let cross = |a: Point, b: Point, p: Point| {
            (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        };
        assert!(cross(quad[0], quad[2], centre).abs() < 1e-6);
        assert!(cross(quad[1], quad[3], centre).abs() < 1e-6);
    }

    #[test]
    fn collinear_or_too_few_points_fit_nothing() {
        let line: Vec<(Point, Point)> = (0..5)
            .map(|i| ([i as f64, 0.0], [2.0 * i as f64, 1.0]))
            .collect();
        assert_eq!(Homography::fit(&line), None);
        assert_eq!(Homography::fit(&line[..3]), None);
    }
}

//! Six faces to one cube. Which face a photo shows follows from its centre;
//! which way up it was held does not, so every one of the 4⁶ = 4096 ways to
//! turn the six photos is tried, and those whose stickers make real pieces
//! are checked in full (`facelet::parse`: each piece once, twist, flip and
//! parity).

use crate::cube::cubie::{CubieCube, Face};
use crate::cube::facelet::{self, FaceletError, CORNER_FACELETS, EDGE_FACELETS, N_FACELETS};

/// Sticker `k` of photo `p` has the colour of photo `groups[p][k]`'s centre.
pub type Groups = [[usize; 9]; 6];

/// Where each of the 54 stickers came from: (photo, sticker in the photo).
pub type Sources = [(usize, usize); N_FACELETS];

/// The one cube the photos show.
#[derive(Clone, Debug, PartialEq)]
pub struct Assembly {
    pub cube: CubieCube,
    pub sources: Sources,
    /// For each photo, the quarter turns clockwise that bring it from how
    /// it was held to its face's standard orientation.
    pub turns: [u8; 6],
}

/// Why the photos make no one cube.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// No way of turning them makes a real cube: the rules broken by the
    /// nearest miss (the fewest impossible pieces, then the fewest broken
    /// rules), with where its stickers came from.
    NoCube {
        errors: Vec<FaceletError>,
        /// The nearest miss, as a facelet string (face letters).
        facelets: String,
        sources: Box<Sources>,
    },
    /// Several different cubes fit (each with its photos' turns).
    Several(Vec<Assembly>),
}

/// Where sticker `k` (0..9, row by row) of a face goes when the face is
/// turned `turns` quarter turns clockwise.
pub fn turned(k: usize, turns: usize) -> usize {
    (0..turns % 4).fold(k, |k, _| {
        let (row, col) = (k / 3, k % 3);
        3 * col + (2 - row)
    })
}

/// Puts the six photos on the faces `names` gives their groups (`names[g]`
/// for the colour of photo `g`'s centre) and finds the turns that make a real
/// cube. Several turns may give that same cube (a face of one colour looks
/// the same every way up), but not two different cubes.
pub fn assemble(groups: &Groups, names: &[Face; 6]) -> Result<Assembly, Failure> {
    let pieces = RealPieces::new();
    let mut found: Vec<Assembly> = Vec::new();
    let mut nearest: Option<((usize, usize), [u8; 6])> = None;
    for combination in 0..4usize.pow(6) {
        let turns: [u8; 6] = std::array::from_fn(|p| (combination >> (2 * p) & 3) as u8);
        let (faces, _) = lay_out(groups, names, &turns);
        let impossible = pieces.impossible(&faces);
        let key = if impossible == 0 {
            match facelet::parse(&letters(&faces)) {
                Ok(cube) => {
                    if found.iter().all(|a| a.cube != cube) {
                        let sources = lay_out(groups, names, &turns).1;
                        found.push(Assembly {
                            cube,
                            sources,
                            turns,
                        });
                    }
                    continue;
                }
                Err(broken) => (0, broken.0.len()),
            }
        } else {
            (impossible, 0)
        };
        if nearest.is_none_or(|(best, _)| key < best) {
            nearest = Some((key, turns));
        }
    }
    if found.len() > 1 {
        return Err(Failure::Several(found));
    }
    match found.pop() {
        Some(only) => Ok(only),
        None => {
            let turns = nearest.map_or([0; 6], |(_, turns)| turns);
            let (faces, sources) = lay_out(groups, names, &turns);
            let facelets = letters(&faces);
            let errors = facelet::parse(&facelets)
                .err()
                .map_or_else(Vec::new, |e| e.0);
            Err(Failure::NoCube {
                errors,
                facelets,
                sources: Box::new(sources),
            })
        }
    }
}

/// The face seen at each of the 54 positions, and where it came from, with
/// photo `p` on face `names[p]` turned `turns[p]` quarter turns.
fn lay_out(groups: &Groups, names: &[Face; 6], turns: &[u8; 6]) -> ([Face; N_FACELETS], Sources) {
    let mut faces = [Face::U; N_FACELETS];
    let mut sources = [(0, 0); N_FACELETS];
    for (photo, photo_groups) in groups.iter().enumerate() {
        for (k, &group) in photo_groups.iter().enumerate() {
            let position = 9 * names[photo].index() + turned(k, usize::from(turns[photo]));
            faces[position] = names[group];
            sources[position] = (photo, k);
        }
    }
    (faces, sources)
}

fn letters(faces: &[Face; N_FACELETS]) -> String {
    faces.iter().map(|f| f.letter()).collect()
}

/// Which colour combinations, read around a corner or along an edge in
/// `facelet`'s order, are real pieces: a quick test before the full parse.
struct RealPieces {
    corners: [[[bool; 6]; 6]; 6],
    edges: [[bool; 6]; 6],
}

impl RealPieces {
    fn new() -> RealPieces {
        let solved = facelet::faces(&CubieCube::solved());
        let mut pieces = RealPieces {
            corners: [[[false; 6]; 6]; 6],
            edges: [[false; 6]; 6],
        };
        for stickers in CORNER_FACELETS {
            let [a, b, c] = stickers.map(|s| solved[s].index());
            for [x, y, z] in [[a, b, c], [b, c, a], [c, a, b]] {
                pieces.corners[x][y][z] = true;
            }
        }
        for stickers in EDGE_FACELETS {
            let [a, b] = stickers.map(|s| solved[s].index());
            pieces.edges[a][b] = true;
            pieces.edges[b][a] = true;
        }
        pieces
    }

    /// How many of the 20 pieces show colours no real piece has.
    fn impossible(&self, faces: &[Face; N_FACELETS]) -> usize {
        let corners = CORNER_FACELETS.iter().filter(|stickers| {
            let [a, b, c] = stickers.map(|s| faces[s].index());
            !self.corners[a][b][c]
        });
        let edges = EDGE_FACELETS.iter().filter(|stickers| {
            let [a, b] = stickers.map(|s| faces[s].index());
            !self.edges[a][b]
        });
        corners.count() + edges.count()
    }
}

#[cfg(test)]
mod tests {
    use super::super::synthetic::{groups_of, photo_faces, random_cube};
    use super::*;
    use crate::cube::cubie::{CubieError, Move};
    use crate::cube::geometry::sticker_place;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn centres(photos: &[[Face; 9]; 6]) -> [Face; 6] {
        photos.map(|photo| photo[4])
    }

    /// The 24 ways to hold a cube, as where each sticker position goes.
    fn holdings() -> Vec<[usize; N_FACELETS]> {
        type Matrix = [[i32; 3]; 3];
        let apply = |m: &Matrix, v: [i32; 3]| -> [i32; 3] {
            std::array::from_fn(|i| (0..3).map(|j| m[i][j] * v[j]).sum())
        };
        let x_turn: Matrix = [[1, 0, 0], [0, 0, -1], [0, 1, 0]];
        let y_turn: Matrix = [[0, 0, 1], [0, 1, 0], [-1, 0, 0]];
        let mut matrices: Vec<Matrix> = vec![[[1, 0, 0], [0, 1, 0], [0, 0, 1]]];
        let mut i = 0;
        while i < matrices.len() {
            for turn in [&x_turn, &y_turn] {
                let next: Matrix = std::array::from_fn(|r| {
                    std::array::from_fn(|c| (0..3).map(|k| turn[r][k] * matrices[i][k][c]).sum())
                });
                if !matrices.contains(&next) {
                    matrices.push(next);
                }
            }
            i += 1;
        }
        let places: Vec<([i32; 3], [i32; 3])> = (0..N_FACELETS)
            .map(|s| {
                let (position, face) = sticker_place(s);
                (position, crate::cube::geometry::normal(face))
            })
            .collect();
        matrices
            .iter()
            .map(|m| {
                std::array::from_fn(|s| {
                    let moved = (apply(m, places[s].0), apply(m, places[s].1));
                    places.iter().position(|&p| p == moved).unwrap_or(s)
                })
            })
            .collect()
    }

    #[test]
    fn a_scrambled_cube_held_any_of_24_ways_and_photographed_any_way_up_is_recovered() {
        let mut rng = StdRng::seed_from_u64(21);
        let holdings = holdings();
        assert_eq!(holdings.len(), 24);
        for holding in &holdings {
            let cube = random_cube(&mut rng);
            let faces = facelet::faces(&cube);
            let mut held = [Face::U; N_FACELETS];
            for (s, &to) in holding.iter().enumerate() {
                held[to] = faces[s];
            }
            let photos = photo_faces(&mut rng, &held);
            let assembly = assemble(&groups_of(&photos), &centres(&photos)).expect("one cube");
            assert_eq!(assembly.cube, cube);
            for (position, &(photo, k)) in assembly.sources.iter().enumerate() {
                assert_eq!(photos[photo][k], faces[position]);
            }
        }
    }

    #[test]
    fn random_cubes_are_rarely_ambiguous_and_the_true_cube_always_fits() {
        let mut rng = StdRng::seed_from_u64(22);
        let mut ambiguous = 0;
        for _ in 0..400 {
            let cube = random_cube(&mut rng);
            let photos = photo_faces(&mut rng, &facelet::faces(&cube));
            match assemble(&groups_of(&photos), &centres(&photos)) {
                Ok(assembly) => assert_eq!(assembly.cube, cube),
                Err(Failure::Several(found)) => {
                    assert!(found.iter().any(|a| a.cube == cube));
                    ambiguous += 1;
                }
                Err(failure) => panic!("{failure:?}"),
            }
        }
        assert!(ambiguous <= 4, "{ambiguous} of 400 ambiguous");
    }

    #[test]
    fn r_and_l_prime_look_the_same_face_by_face() {
        let mut rng = StdRng::seed_from_u64(25);
        let r = CubieCube::solved().apply_move(Move::new(Face::R, 1));
        let l_prime = CubieCube::solved().apply_move(Move::new(Face::L, 3));
        let photos = photo_faces(&mut rng, &facelet::faces(&r));
        let Err(Failure::Several(found)) = assemble(&groups_of(&photos), &centres(&photos)) else {
            panic!("R could be L'");
        };
        let cubes: Vec<CubieCube> = found.iter().map(|a| a.cube).collect();
        assert!(cubes.contains(&r) && cubes.contains(&l_prime), "{cubes:?}");
    }

    #[test]
    fn a_solved_cube_fits_every_turning_but_is_one_cube() {
        let mut rng = StdRng::seed_from_u64(23);
        let photos = photo_faces(&mut rng, &facelet::faces(&CubieCube::solved()));
        let assembly = assemble(&groups_of(&photos), &centres(&photos)).expect("one cube");
        assert!(assembly.cube.is_solved());
    }

    #[test]
    fn a_flipped_edge_is_the_nearest_miss_and_names_its_edge() {
        let mut rng = StdRng::seed_from_u64(24);
        // Turns that flip no edge, so that the one flipped by hand is the
        // only edge the flip rule can name.
        let unflipping: Vec<Move> = Move::ALL
            .into_iter()
            .filter(|m| m.is_half_turn() || !matches!(m.face, Face::F | Face::B))
            .collect();
        let moves: Vec<Move> = (0..30)
            .map(|_| unflipping[rng.gen_range(0..unflipping.len())])
            .collect();
        let mut faces = facelet::faces(&CubieCube::solved().apply(&moves));
        let [u, f] = EDGE_FACELETS[1];
        faces.swap(u, f);
        let photos = photo_faces(&mut rng, &faces);
        let Err(Failure::NoCube {
            errors,
            facelets,
            sources,
        }) = assemble(&groups_of(&photos), &centres(&photos))
        else {
            panic!("a flipped edge makes no cube");
        };
        assert_eq!(
            errors,
            vec![FaceletError::Cubie(CubieError::Flip { positions: vec![1] })]
        );
        assert!(errors[0].to_string().ends_with("flipped: UF"));
        assert_eq!(photos[sources[u].0][sources[u].1], faces[u]);
        assert_eq!(
            facelets,
            faces.iter().map(|f| f.letter()).collect::<String>()
        );
    }
}

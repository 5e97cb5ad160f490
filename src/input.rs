//! The front door: what a person entered (a scramble in notation, or a
//! facelet state), the mode it is solved in, and what was solved. The
//! command line, the page's WebAssembly API and the share codec all speak in
//! these types, so each reads input, names modes and reports results in one
//! way.

use crate::cube::colour;
use crate::cube::cubie::{CubieCube, Face, Invalid, InvalidCube};
use crate::cube::facelet::{self, FaceletError, InvalidState};
use crate::cube::notation::{self, Alg, NotationError};
use crate::solve::fewest;
use crate::solve::niss;
use crate::solve::solver::{self, Solution};
use std::str::FromStr;

/// The shortest run of sticker letters `Input::read` takes for a facelet
/// string.
pub const FACELET_LOOKING: usize = 40;

/// What a person entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Text in cube notation, applied to a solved cube.
    Scramble(String),
    /// A 54-letter facelet string (URFDLB order, face or colour letters).
    Facelets(String),
}

impl Input {
    /// Reads text typed or pasted where either kind is welcome. Text that
    /// is nothing but at least [`FACELET_LOOKING`] face or colour letters
    /// (`U R F D L B W Y G O`, either case), with no suffix or bracket, is
    /// read as a facelet string, so one letter too few or too many is
    /// reported as such ("needs 54 letters") rather than solved as dozens
    /// of single face turns; anything else is notation. The letters may be
    /// spaced in groups (a face's nine, a row's three), may hold the colour
    /// editor's `.` for a sticker not painted, and up to two letters of
    /// neither kind, each then reported at its position as a typo rather
    /// than read as a move. Notation this rule takes for a state is 40 or
    /// more single turns with no suffix and no space between them, which
    /// nobody types: a real long alg has primes, doubles or spaces.
    pub fn read(text: &str) -> Input {
        let is_sticker = |c: char| {
            let upper = c.to_ascii_uppercase();
            Face::from_letter(upper)
                .or(colour::face_of_letter(upper))
                .is_some()
        };
        let notation = || Input::Scramble(text.to_string());
        let (mut letters, mut groups, mut short_group, mut typos) = (String::new(), 0, false, 0);
        for group in text.split_whitespace() {
            groups += 1;
            short_group |= group.len() < 3;
            for c in group.chars() {
                if !c.is_ascii_alphabetic() && c != '.' {
                    return notation();
                }
                typos += usize::from(!is_sticker(c) && c != '.');
                letters.push(c.to_ascii_uppercase());
            }
        }
        if letters.len() >= FACELET_LOOKING && (groups == 1 || !short_group) && typos <= 2 {
            Input::Facelets(letters)
        } else {
            notation()
        }
    }

    /// The text as entered.
    pub fn text(&self) -> &str {
        match self {
            Input::Scramble(text) | Input::Facelets(text) => text,
        }
    }

    /// The cube this input describes, and its notation for a scramble.
    pub fn read_cube(&self) -> Result<(CubieCube, Option<Alg>), InputError> {
        match self {
            Input::Scramble(text) => {
                let alg = notation::parse(text)?;
                Ok((alg.cube(), Some(alg)))
            }
            Input::Facelets(text) => Ok((facelet::parse(text)?, None)),
        }
    }
}

/// How a cube is solved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Each stage optimal on its own.
    Fast,
    /// The shortest four-stage solution the search finds within
    /// `fewest::DEFAULT_BUDGET`, so that links reproduce it.
    #[default]
    Fewest,
}

/// A mode name that is neither `fast` nor `fewest`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("mode `{0}` is neither `fast` nor `fewest`")]
pub struct UnknownMode(pub String);

impl Mode {
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Fast => "fast",
            Mode::Fewest => "fewest",
        }
    }

    /// Solves `cube`, given as a scramble of `scramble_len` moves where it
    /// was (`fewest::solve_fewest_scrambled`), in this mode.
    pub fn solve(
        self,
        cube: &CubieCube,
        scramble_len: Option<usize>,
    ) -> Result<Solution, InvalidCube> {
        match self {
            Mode::Fast => solver::solve(cube),
            Mode::Fewest => {
                fewest::solve_fewest_scrambled(cube, None, fewest::DEFAULT_BUDGET, scramble_len)
            }
        }
    }
}

impl FromStr for Mode {
    type Err = UnknownMode;
    fn from_str(name: &str) -> Result<Mode, UnknownMode> {
        match name {
            "fast" => Ok(Mode::Fast),
            "fewest" => Ok(Mode::Fewest),
            other => Err(UnknownMode(other.to_string())),
        }
    }
}

/// Why an input could not be solved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    #[error("{0}")]
    Notation(#[from] NotationError),
    #[error("{0}")]
    Invalid(#[from] InvalidState),
}

impl From<InvalidCube> for InputError {
    fn from(invalid: InvalidCube) -> InputError {
        let errors = invalid.0.into_iter().map(FaceletError::Cubie).collect();
        InputError::Invalid(Invalid(errors))
    }
}

impl InputError {
    /// The 1-based column the error points at, where there is one: the
    /// notation error's, or a facelet string's first bad letter.
    pub fn column(&self) -> Option<usize> {
        match self {
            InputError::Notation(e) => Some(e.column),
            InputError::Invalid(invalid) => invalid.0.iter().find_map(|e| match e {
                FaceletError::BadLetter { index, .. } => Some(index + 1),
                _ => None,
            }),
        }
    }
}

/// An input, the cube it describes and its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    pub input: Input,
    pub cube: CubieCube,
    pub solution: Solution,
    /// The input's notation, for a scramble.
    alg: Option<Alg>,
}

impl Solved {
    /// Reads `input` and solves it in `mode`.
    pub fn new(input: Input, mode: Mode) -> Result<Solved, InputError> {
        Solved::with_scramble_len(input, |cube, scramble_len| mode.solve(cube, scramble_len))
    }

    /// Reads `input` and solves it with `solve`, such as a fewest-moves
    /// search with another budget.
    pub fn with(
        input: Input,
        solve: impl FnOnce(&CubieCube) -> Result<Solution, InvalidCube>,
    ) -> Result<Solved, InputError> {
        Solved::with_scramble_len(input, |cube, _| solve(cube))
    }

    /// `with`, handing `solve` the scramble's length too (`scramble_len`).
    pub fn with_scramble_len(
        input: Input,
        solve: impl FnOnce(&CubieCube, Option<usize>) -> Result<Solution, InvalidCube>,
    ) -> Result<Solved, InputError> {
        let (cube, alg) = input.read_cube()?;
        let solution = solve(&cube, face_move_count(alg.as_ref()))?;
        Ok(Solved {
            input,
            cube,
            solution,
            alg,
        })
    }

    /// The scramble as shown and shared: the input's notation, normalised,
    /// or for a facelet state the inverse of its solution.
    pub fn scramble(&self) -> String {
        match &self.alg {
            Some(alg) => alg.to_string(),
            None => notation::format_moves(&self.solution.inverse_moves()),
        }
    }

    /// How many face turns the scramble is (a slice turn two), which undo
    /// it: the most its cube can need. None for a facelet state.
    pub fn scramble_len(&self) -> Option<usize> {
        face_move_count(self.alg.as_ref())
    }

    /// Whether the scramble has a bare parenthesised group, `(R U)`, read
    /// here as moves in order, where FMC notation means inverse moves.
    pub fn has_bare_group(&self) -> bool {
        self.alg.as_ref().is_some_and(niss::has_bare_group)
    }

    /// The input normalised: notation as `scramble` prints it, a facelet
    /// state in face letters.
    pub fn normalised(&self) -> Input {
        match &self.alg {
            Some(alg) => Input::Scramble(alg.to_string()),
            None => Input::Facelets(facelet::to_string(&self.cube)),
        }
    }
}

/// `Solved::scramble_len` of a scramble's notation, where there is one.
fn face_move_count(alg: Option<&Alg>) -> Option<usize> {
    alg.map(|alg| alg.face_moves().len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_group_in_a_scramble_is_noticed() {
        let solved = |text: &str| Solved::new(Input::Scramble(text.into()), Mode::Fast).unwrap();
        assert!(solved("R U F (R U)").has_bare_group());
        assert!(!solved("R U F (R U)2").has_bare_group());
        assert!(!solved("R U F").has_bare_group());
    }

    const SUPERFLIP_FACELETS: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

    #[test]
    fn fifty_four_sticker_letters_are_a_state_and_anything_else_notation() {
        assert_eq!(
            Input::read(&format!("  {}\n", SUPERFLIP_FACELETS.to_lowercase())),
            Input::Facelets(SUPERFLIP_FACELETS.into())
        );
        let colours = "W".repeat(9) + &"R".repeat(9) + &"G".repeat(9);
        let colours = colours.clone() + &"Y".repeat(9) + &"O".repeat(9) + &"B".repeat(9);
        assert_eq!(Input::read(&colours), Input::Facelets(colours.clone()));
        // Spaced by face or by row, with stickers not painted or a typo:
        // still a state, each fault then named at its position.
        let spaced = colours
            .as_bytes()
            .chunks(9)
            .map(|face| std::str::from_utf8(face).unwrap());
        assert_eq!(
            Input::read(&spaced.collect::<Vec<_>>().join(" ")),
            Input::Facelets(colours.clone())
        );
        let rows = colours
            .as_bytes()
            .chunks(3)
            .map(|row| std::str::from_utf8(row).unwrap());
        assert_eq!(
            Input::read(&rows.collect::<Vec<_>>().join("\n")),
            Input::Facelets(colours.clone())
        );
        let unpainted = format!("..{}", &colours[2..]);
        assert_eq!(Input::read(&unpainted), Input::Facelets(unpainted.clone()));
        let error = Input::read(&unpainted).read_cube().unwrap_err();
        assert!(
            error
                .to_string()
                .contains("`.` (a sticker not painted) at position U1"),
            "{error}"
        );
        let typo = format!("{}P", &colours[..53]);
        assert_eq!(Input::read(&typo), Input::Facelets(typo.clone()));
        let error = Input::read(&typo).read_cube().unwrap_err();
        assert_eq!(error.column(), Some(54));
        assert!(
            error.to_string().contains("`P` at position B9 (column 54)"),
            "{error}"
        );
        for notation in [
            "R U R' U'",
            "RUR'U'",
            &"RU".repeat(19),
            &"R2U'".repeat(30),
            &"R U ".repeat(30),
        ] {
            assert_eq!(Input::read(notation), Input::Scramble(notation.into()));
        }
    }

    #[test]
    fn a_facelet_string_one_letter_short_is_reported_as_one() {
        let short = &SUPERFLIP_FACELETS[..53];
        assert_eq!(Input::read(short), Input::Facelets(short.into()));
        let error = Solved::new(Input::read(short), Mode::Fast).unwrap_err();
        assert_eq!(
            error.to_string(),
            "invalid cube: a facelet string needs 54 letters; this one has 53"
        );
        let long = format!("{SUPERFLIP_FACELETS}U");
        assert!(Solved::new(Input::read(&long), Mode::Fast)
            .unwrap_err()
            .to_string()
            .contains("this one has 55"));
    }

    #[test]
    fn modes_read_their_names_and_nothing_else() {
        for mode in [Mode::Fast, Mode::Fewest] {
            assert_eq!(mode.as_str().parse(), Ok(mode));
        }
        assert_eq!("slow".parse::<Mode>(), Err(UnknownMode("slow".into())));
        assert_eq!(
            UnknownMode("slow".into()).to_string(),
            "mode `slow` is neither `fast` nor `fewest`"
        );
    }

    #[test]
    fn a_state_is_scrambled_by_its_solution_undone() {
        let solved = Solved::new(Input::Facelets(SUPERFLIP_FACELETS.into()), Mode::Fast).unwrap();
        let again = notation::parse(&solved.scramble()).unwrap().cube();
        assert_eq!(again, solved.cube);
        assert_eq!(
            solved.normalised(),
            Input::Facelets(SUPERFLIP_FACELETS.into())
        );
    }

    /// A scramble's length is its face turns (a slice two, a rotation
    /// none), and fewest mode undoes a short one in no more
    /// (`fewest::solve_fewest_scrambled`); a state says nothing of it.
    #[test]
    fn fewest_mode_knows_a_scramble_by_its_face_turns() {
        let len = |text: &str| {
            let solved = Solved::new(Input::Scramble(text.into()), Mode::Fast).unwrap();
            solved.scramble_len()
        };
        assert_eq!(len("R U R' U'"), Some(4));
        assert_eq!(len("M2 x Rw U"), Some(4));
        let short = "B' R B F L2 U L2 D F L B' U";
        let fewest = Solved::new(Input::Scramble(short.into()), Mode::Fewest).unwrap();
        assert!(fewest.solution.len() <= 12, "{:?}", fewest.solution);
        let state = Input::Facelets(facelet::to_string(&fewest.cube));
        let solved = Solved::new(state, Mode::Fast).unwrap();
        assert_eq!(solved.scramble_len(), None);
    }

    #[test]
    fn notation_is_normalised_and_errors_keep_their_column() {
        let solved = Solved::new(Input::Scramble("RUR'U'".into()), Mode::Fast).unwrap();
        assert_eq!(solved.scramble(), "R U R' U'");
        assert_eq!(solved.normalised(), Input::Scramble("R U R' U'".into()));
        let error = Solved::new(Input::Scramble("R U X".into()), Mode::Fast).unwrap_err();
        assert_eq!(error.column(), Some(5));
        let mut letters = SUPERFLIP_FACELETS.to_string();
        letters.replace_range(9..10, "X");
        let error = Solved::new(Input::Facelets(letters), Mode::Fast).unwrap_err();
        assert_eq!(error.column(), Some(10));
    }
}

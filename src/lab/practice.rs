//! A practice attempt's solution, read as a competition reads a written
//! solution: outer-layer turns and rotations, each written as the WCA
//! writes them (R, R', R2, Rw, x). What the lab's Check also reads
//! (brackets for groups, NISS's inverse moves, commutators; slice moves;
//! lower-case wide moves; R3, R1, R2') is handed back with its place, as a
//! typo is, rather than judged as something else.

use crate::cube::notation::{self, Alg, NotationError};
use crate::solve::niss;
use thiserror::Error;

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SolutionError {
    #[error(transparent)]
    Notation(#[from] NotationError),
    #[error("`{found}` {why} at {}", place(*.line, *.column))]
    NotCompetition {
        found: char,
        /// What it is, and how a competition solution writes it instead.
        why: &'static str,
        line: usize,
        column: usize,
    },
}

fn place(line: usize, column: usize) -> String {
    if line > 1 {
        format!("line {line}, column {column}")
    } else {
        format!("column {column}")
    }
}

impl SolutionError {
    /// The 1-based column of what is wrong, on its line.
    pub fn column(&self) -> usize {
        match self {
            SolutionError::Notation(e) => e.column,
            SolutionError::NotCompetition { column, .. } => *column,
        }
    }
}

/// Why `c` (followed by `next`) has no place in a competition solution.
fn refused(c: char, next: Option<char>) -> Option<&'static str> {
    Some(match c {
        '(' | ')' | '[' | ']' | ',' | ':' => {
            "is not plain moves, which a competition solution must be \
             (write inverse moves out, undone, at the end)"
        }
        'M' | 'E' | 'S' => {
            "is a slice move, which a competition solution may not use (turn the outer layers)"
        }
        'u' | 'd' | 'f' | 'b' | 'l' | 'r' => {
            "is a wide move in lower case, which a competition solution writes in capitals \
             with w (Rw)"
        }
        '1' => "is a quarter turn's 1, which a competition solution leaves out",
        '3' => "is three quarter turns, which a competition solution writes with a prime",
        '2' if next.is_some_and(notation::is_prime) => {
            "is a half turn with a prime, which a competition solution writes without"
        }
        _ => return None,
    })
}

/// Reads a solution as a competition takes it: `notation::parse`, with the
/// first thing a competition solution may not hold refused where it stands.
pub fn read_solution(text: &str) -> Result<Alg, SolutionError> {
    let alg = notation::parse(text)?;
    match first_refused(text, |_, _| false) {
        Some(refusal) => Err(refusal),
        None => Ok(alg),
    }
}

/// The first move of an attempt, as the lab's Check reads it, that a
/// competition solution would not hold as written (`R3`, `R2'`, a slice
/// move, a lower-case wide move), where Check counts it all the same. A
/// write-up's own parts are left alone: its brackets (a NISS step, a
/// commutator), which a competitor writes out before handing it in, and
/// its `Solution:` line.
pub fn first_move_not_written_so(text: &str) -> Option<SolutionError> {
    let summaries: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| niss::is_solution_line(line))
        .map(|(index, _)| index + 1)
        .collect();
    first_refused(text, |c, line| {
        matches!(c, '(' | ')' | '[' | ']' | ',' | ':') || summaries.contains(&line)
    })
}

/// The first character of `text`'s code (not its comments) that
/// `refused` refuses, but for those `passed` lets by (by character and
/// line).
fn first_refused(text: &str, passed: impl Fn(char, usize) -> bool) -> Option<SolutionError> {
    let chars: Vec<(char, usize, usize)> = notation::code_chars(text).collect();
    let next = |k: usize| chars.get(k + 1).map(|&(c, _, _)| c);
    chars
        .iter()
        .enumerate()
        .find_map(|(k, &(c, line, column))| {
            let why = refused(c, next(k)).filter(|_| !passed(c, line))?;
            Some(SolutionError::NotCompetition {
                found: c,
                why,
                line,
                column,
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(text: &str) -> (char, usize, usize) {
        match read_solution(text).unwrap_err() {
            SolutionError::NotCompetition {
                found,
                line,
                column,
                ..
            } => (found, line, column),
            other => panic!("{text}: {other}"),
        }
    }

    /// The first bracket is named where it stands (a comment's are not
    /// counted), and plain moves, wide ones and rotations read as
    /// `parse` reads them.
    #[test]
    fn brackets_are_refused_where_they_stand() {
        assert_eq!(refusal("R U // (EO)\nF (U R)"), ('(', 2, 3));
        assert_eq!(
            read_solution("R (U)").unwrap_err().to_string(),
            "`(` is not plain moves, which a competition solution must be (write inverse \
             moves out, undone, at the end) at column 3"
        );
        assert_eq!(refusal("[R, U]").0, '[');
        assert_eq!(refusal("[R: U]").2, 1);
        assert_eq!(refusal("R (U)2").2, 3);
        assert_eq!(read_solution("R Q").unwrap_err().column(), 3);
        for text in ["R U2 F' // EO", "Rw x U Lw' y2", "", "R2 U' z'"] {
            assert_eq!(
                read_solution(text).ok(),
                notation::parse(text).ok(),
                "{text}"
            );
        }
    }

    /// What the WCA does not allow in a written solution is refused at
    /// its place, though the Check box reads it: slice moves, lower-case
    /// wide moves, R3, R1 and a prime on a half turn.
    #[test]
    fn moves_a_competition_does_not_allow_are_refused_where_they_stand() {
        assert_eq!(refusal("R M U"), ('M', 1, 3));
        assert_eq!(refusal("E"), ('E', 1, 1));
        assert_eq!(refusal("R S'"), ('S', 1, 3));
        assert_eq!(refusal("U r"), ('r', 1, 3));
        assert!(read_solution("f")
            .unwrap_err()
            .to_string()
            .contains("in capitals with w (Rw)"));
        assert_eq!(refusal("R3"), ('3', 1, 2));
        assert_eq!(refusal("U1"), ('1', 1, 2));
        assert_eq!(refusal("F U2'"), ('2', 1, 4));
    }

    /// Check reads what a competition would not take as written; it is
    /// named, where it stands, but not a write-up's own brackets or its
    /// `Solution:` line.
    #[test]
    fn check_names_a_move_a_competition_would_not_take_as_written() {
        let place = |text: &str| match first_move_not_written_so(text) {
            Some(SolutionError::NotCompetition {
                found,
                line,
                column,
                ..
            }) => Some((found, line, column)),
            _ => None,
        };
        assert_eq!(place("R U L3 // EO"), Some(('3', 1, 6)));
        assert_eq!(place("R U // EO\n(D2 R2')"), Some(('2', 2, 6)));
        assert_eq!(place("F (R U R') [R, U] // a (note) L3"), None);
        assert_eq!(place("F R // EO\nSolution: F R (2)\nM"), Some(('M', 3, 1)));
        assert_eq!(place("Solution: F' U' R' (3)"), None);
    }
}

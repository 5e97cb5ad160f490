//! A practice attempt's solution, read as a competition reads a written
//! solution: moves alone. Brackets (groups, NISS's inverse moves,
//! commutators, conjugates), which the lab's Check reads, are handed back
//! with their place, as a typo is, rather than judged as something else.

use crate::cube::notation::{self, Alg, NotationError};
use thiserror::Error;

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SolutionError {
    #[error(transparent)]
    Notation(#[from] NotationError),
    #[error(
        "`{found}` is not plain moves, which a competition solution must be \
         (write inverse moves out, undone, at the end) at {}",
        place(*.line, *.column)
    )]
    NotPlain {
        found: char,
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
            SolutionError::NotPlain { column, .. } => *column,
        }
    }
}

/// Reads a solution as a competition takes it: `notation::parse`, with the
/// first bracket or separator refused where it stands.
pub fn read_solution(text: &str) -> Result<Alg, SolutionError> {
    let alg = notation::parse(text)?;
    match notation::code_chars(text)
        .find(|(c, _, _)| matches!(c, '(' | ')' | '[' | ']' | ',' | ':'))
    {
        Some((found, line, column)) => Err(SolutionError::NotPlain {
            found,
            line,
            column,
        }),
        None => Ok(alg),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first bracket is named where it stands (a comment's are not
    /// counted), and plain moves, wide ones and rotations read as
    /// `parse` reads them.
    #[test]
    fn brackets_are_refused_where_they_stand() {
        let refused = |text: &str| read_solution(text).unwrap_err();
        let e = refused("R U // (EO)\nF (U R)");
        assert!(matches!(
            e,
            SolutionError::NotPlain {
                found: '(',
                line: 2,
                column: 3
            }
        ));
        assert_eq!(
            e.to_string(),
            "`(` is not plain moves, which a competition solution must be (write inverse \
             moves out, undone, at the end) at line 2, column 3"
        );
        assert!(matches!(
            refused("[R, U]"),
            SolutionError::NotPlain { found: '[', .. }
        ));
        assert_eq!(refused("[R: U]").column(), 1);
        assert_eq!(refused("R (U)2").column(), 3);
        assert_eq!(refused("R Q").column(), 3);
        for text in ["R U2 F' // EO", "Rw x U", ""] {
            assert_eq!(
                read_solution(text).ok(),
                notation::parse(text).ok(),
                "{text}"
            );
        }
    }
}

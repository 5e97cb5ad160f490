//! Cube notation: text → `Alg` (a tree of turns, groups, commutators and
//! conjugates) → the face turns it means relative to the centres.
//!
//! Reading is lenient: `RUR'U'` needs no spaces, `’`/`′` count as primes,
//! `//` starts a comment and `.` (a pause) is ignored. Printing an `Alg`
//! gives its normalised form, so a user can see how the text was read.
//!
//! Limits, so that no input can hang or exhaust memory:
//! - at most [`MAX_INPUT_CHARS`] characters of input;
//! - brackets nested at most [`MAX_DEPTH`] deep;
//! - at most [`MAX_TURNS`] turns once groups and commutators are expanded.

use crate::cube::cubie::{quarter_suffix, CubieCube, Face, Move};
use std::fmt;

pub const MAX_INPUT_CHARS: usize = 10_000;
pub const MAX_DEPTH: usize = 32;
pub const MAX_TURNS: usize = 10_000;

/// What a single turn acts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    /// An outer face: `R`.
    Face(Face),
    /// A face with its adjacent slice: `Rw` or `r`.
    Wide(Face),
    /// A middle slice, turning like the face named: `M` (like L), `E` (like
    /// D), `S` (like F).
    Slice(Face),
    /// The whole cube, turning like the face named: `x` (like R), `y` (like
    /// U), `z` (like F).
    Rotation(Face),
}

/// One turn of the notation: a layer and a number of clockwise quarter turns
/// (1, 2 or 3). A `Move` is the face turn the cube model applies; a `Turn`
/// is what the text says, which may also be a slice, wide turn or rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub layer: Layer,
    pub quarters: u8,
}

impl Turn {
    fn inverse(self) -> Turn {
        Turn {
            layer: self.layer,
            quarters: 4 - self.quarters,
        }
    }
}

impl From<Move> for Turn {
    fn from(m: Move) -> Turn {
        Turn {
            layer: Layer::Face(m.face),
            quarters: m.quarters,
        }
    }
}

/// A node of the notation tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    Turn(Turn),
    /// `(A)n`, or `(A)n'` for the inverse.
    Group {
        body: Vec<Node>,
        count: u32,
        inverse: bool,
    },
    /// `[A, B]` = A B A' B'.
    Commutator(Vec<Node>, Vec<Node>),
    /// `[A: B]` = A B A'.
    Conjugate(Vec<Node>, Vec<Node>),
}

/// A parsed algorithm. `Display` prints its normalised form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Alg {
    pub nodes: Vec<Node>,
}

/// A character as a message shows it: in backticks, or by its code point
/// where it would show as nothing (a control, a zero-width or direction
/// mark, a combining accent).
pub fn quoted(c: char) -> String {
    let invisible = c.is_control()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}' | '\u{0300}'..='\u{036F}');
    if invisible {
        format!("U+{:04X} (invisible)", u32::from(c))
    } else {
        format!("`{c}`")
    }
}

fn unknown_move(c: char) -> String {
    match c {
        '@' => {
            "`@` marks an insertion, which is not read: write the solution with the insertion made"
                .into()
        }
        c => format!("unknown move {}", quoted(c)),
    }
}

/// What is wrong with a piece of notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    #[error("{}", unknown_move(*.0))]
    UnknownMove(char),
    #[error("`{0}` must follow a move or a closing bracket")]
    StrayAmount(char),
    #[error("turn amount `{0}` is not 1, 2 or 3")]
    BadAmount(String),
    #[error("unclosed `{0}`")]
    Unclosed(char),
    #[error("`{found}` does not close `{open}`")]
    Mismatched { open: char, found: char },
    #[error("unexpected `{0}`")]
    UnexpectedClose(char),
    #[error("`[` needs `,` (commutator) or `:` (conjugate) before `]`")]
    MissingSeparator,
    #[error("`{0}` is only allowed inside `[ ]`")]
    StraySeparator(char),
    #[error("repetition count `{0}` must be between 1 and {MAX_TURNS}")]
    BadCount(String),
    #[error("the text is longer than {MAX_INPUT_CHARS} characters")]
    TooLong,
    #[error("brackets are nested more than {MAX_DEPTH} deep")]
    TooDeep,
    #[error("it expands to more than {MAX_TURNS} turns")]
    TooManyTurns,
}

/// A notation error and where it is: 1-based line and column, in characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub kind: ErrorKind,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = if self.line > 1 {
            format!("line {}, column {}", self.line, self.column)
        } else {
            format!("column {}", self.column)
        };
        match &self.kind {
            ErrorKind::Unclosed(open) => write!(f, "unclosed `{open}` opened at {place}"),
            kind => write!(f, "{kind} at {place}"),
        }
    }
}

impl std::error::Error for NotationError {}

#[derive(Clone, Copy)]
struct Pos {
    line: usize,
    column: usize,
}

struct Parser {
    chars: Vec<(char, Pos)>,
    next: usize,
}

/// A prime as typed or pasted: besides `'`, the marks word processors and
/// PDFs put in its place (’ ‘ ′ ´ ʼ ʹ).
pub(crate) fn is_prime(c: char) -> bool {
    matches!(c, '\'' | '’' | '‘' | '′' | '\u{B4}' | '\u{2BC}' | '\u{2B9}')
}

/// Invisible characters that text copied from a PDF or a web page carries
/// between letters (a soft hyphen, zero-width spaces and joiners, direction
/// marks, a byte-order mark): read as the spaces they stand for.
fn is_invisible_break(c: char) -> bool {
    matches!(c, '\u{AD}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}' | '\u{FEFF}')
}

impl Parser {
    fn new(text: &str) -> Parser {
        let mut chars = Vec::new();
        let mut pos = Pos { line: 1, column: 1 };
        let mut in_comment = false;
        let mut prev = '\0';
        for c in text.chars() {
            if c == '\n' {
                in_comment = false;
            } else if c == '/' && prev == '/' && !in_comment {
                chars.pop();
                in_comment = true;
            } else if !in_comment {
                chars.push((c, pos));
            }
            prev = if in_comment { '\0' } else { c };
            if c == '\n' {
                pos = Pos {
                    line: pos.line + 1,
                    column: 1,
                };
            } else {
                pos.column += 1;
            }
        }
        Parser { chars, next: 0 }
    }

    fn error(kind: ErrorKind, at: Pos) -> NotationError {
        NotationError {
            kind,
            line: at.line,
            column: at.column,
        }
    }

    fn skip_blank(&mut self) {
        while let Some(&(c, _)) = self.chars.get(self.next) {
            if c.is_whitespace() || c == '.' || is_invisible_break(c) {
                self.next += 1;
            } else {
                break;
            }
        }
    }

    fn peek(&mut self) -> Option<(char, Pos)> {
        self.skip_blank();
        self.chars.get(self.next).copied()
    }

    /// Reads a run of digits directly after the current position.
    fn digits(&mut self) -> Option<(String, Pos)> {
        let start = self.chars.get(self.next)?.1;
        let mut text = String::new();
        while let Some(&(c, _)) = self.chars.get(self.next) {
            if !c.is_ascii_digit() {
                break;
            }
            text.push(c);
            self.next += 1;
        }
        (!text.is_empty()).then_some((text, start))
    }

    fn prime(&mut self) -> bool {
        match self.chars.get(self.next) {
            Some(&(c, _)) if is_prime(c) => {
                self.next += 1;
                true
            }
            _ => false,
        }
    }

    fn sequence(&mut self, depth: usize) -> Result<Vec<Node>, NotationError> {
        let mut nodes = Vec::new();
        while let Some((c, pos)) = self.peek() {
            match c {
                ')' | ']' | ',' | ':' => break,
                '(' | '[' => {
                    if depth >= MAX_DEPTH {
                        return Err(Self::error(ErrorKind::TooDeep, pos));
                    }
                    self.next += 1;
                    nodes.push(self.bracket(c, pos, depth + 1)?);
                }
                _ => nodes.push(Node::Turn(self.turn()?)),
            }
        }
        Ok(nodes)
    }

    fn bracket(&mut self, open: char, at: Pos, depth: usize) -> Result<Node, NotationError> {
        let first = self.sequence(depth)?;
        let close = if open == '(' { ')' } else { ']' };
        let (c, pos) = self
            .peek()
            .ok_or_else(|| Self::error(ErrorKind::Unclosed(open), at))?;
        let node = match (open, c) {
            ('[', ',' | ':') => {
                self.next += 1;
                let second = self.sequence(depth)?;
                match self.peek() {
                    Some((']', _)) => {}
                    Some((found, pos)) => {
                        return Err(Self::error(ErrorKind::Mismatched { open, found }, pos))
                    }
                    None => return Err(Self::error(ErrorKind::Unclosed(open), at)),
                }
                if c == ',' {
                    Node::Commutator(first, second)
                } else {
                    Node::Conjugate(first, second)
                }
            }
            ('[', ']') => return Err(Self::error(ErrorKind::MissingSeparator, pos)),
            (_, ',' | ':') => return Err(Self::error(ErrorKind::StraySeparator(c), pos)),
            (_, found) if found != close => {
                return Err(Self::error(ErrorKind::Mismatched { open, found }, pos))
            }
            _ => Node::Group {
                body: first,
                count: 1,
                inverse: false,
            },
        };
        self.next += 1;
        let count = match self.digits() {
            Some((text, pos)) => match text.parse::<u32>() {
                Ok(n) if (1..=MAX_TURNS as u32).contains(&n) => n,
                _ => return Err(Self::error(ErrorKind::BadCount(text), pos)),
            },
            None => 1,
        };
        let inverse = self.prime();
        if count == 1 && !inverse {
            return Ok(node);
        }
        let body = match node {
            Node::Group { body, .. } => body,
            other => vec![other],
        };
        Ok(Node::Group {
            body,
            count,
            inverse,
        })
    }

    fn turn(&mut self) -> Result<Turn, NotationError> {
        let (c, pos) = self.chars[self.next];
        self.next += 1;
        // An upper-case face letter is that face (or, with `w`, the wide
        // turn); a lower-case one is the wide turn.
        let lower_case_face = Some(c.to_ascii_uppercase())
            .filter(|_| c.is_ascii_lowercase())
            .and_then(Face::from_letter);
        let layer = if let Some(face) = Face::from_letter(c) {
            match self.chars.get(self.next) {
                Some(&('w', _)) => {
                    self.next += 1;
                    Layer::Wide(face)
                }
                _ => Layer::Face(face),
            }
        } else if let Some(face) = lower_case_face {
            Layer::Wide(face)
        } else {
            match c {
                'M' => Layer::Slice(Face::L),
                'E' => Layer::Slice(Face::D),
                'S' => Layer::Slice(Face::F),
                'x' => Layer::Rotation(Face::R),
                'y' => Layer::Rotation(Face::U),
                'z' => Layer::Rotation(Face::F),
                c if c.is_ascii_digit() || is_prime(c) => {
                    return Err(Self::error(ErrorKind::StrayAmount(c), pos))
                }
                c => return Err(Self::error(ErrorKind::UnknownMove(c), pos)),
            }
        };
        let quarters = match self.digits() {
            Some((text, pos)) => match text.as_str() {
                "1" => 1,
                "2" => 2,
                "3" => 3,
                _ => return Err(Self::error(ErrorKind::BadAmount(text), pos)),
            },
            None => 1,
        };
        let quarters = if self.prime() { 4 - quarters } else { quarters };
        Ok(Turn { layer, quarters })
    }
}

/// Parses notation text into an `Alg`, or the first error with its place.
pub fn parse(text: &str) -> Result<Alg, NotationError> {
    if text.chars().count() > MAX_INPUT_CHARS {
        return Err(Parser::error(
            ErrorKind::TooLong,
            Pos {
                line: 1,
                column: MAX_INPUT_CHARS + 1,
            },
        ));
    }
    let mut parser = Parser::new(text);
    let nodes = parser.sequence(0)?;
    if let Some((c, pos)) = parser.peek() {
        let kind = if c == ',' || c == ':' {
            ErrorKind::StraySeparator(c)
        } else {
            ErrorKind::UnexpectedClose(c)
        };
        return Err(Parser::error(kind, pos));
    }
    let alg = Alg { nodes };
    if alg.turn_count() > MAX_TURNS {
        return Err(Parser::error(
            ErrorKind::TooManyTurns,
            Pos { line: 1, column: 1 },
        ));
    }
    Ok(alg)
}

/// The characters of `text` that notation reads (comments left out), each
/// with its 1-based line and column.
pub fn code_chars(text: &str) -> impl Iterator<Item = (char, usize, usize)> {
    Parser::new(text)
        .chars
        .into_iter()
        .map(|(c, at)| (c, at.line, at.column))
}

fn count_turns(nodes: &[Node]) -> usize {
    nodes.iter().fold(0usize, |total, node| {
        let n = match node {
            Node::Turn(_) => 1,
            Node::Group { body, count, .. } => count_turns(body).saturating_mul(*count as usize),
            Node::Commutator(a, b) => count_turns(a)
                .saturating_add(count_turns(b))
                .saturating_mul(2),
            Node::Conjugate(a, b) => count_turns(a)
                .saturating_mul(2)
                .saturating_add(count_turns(b)),
        };
        total.saturating_add(n)
    })
}

fn expand_into(nodes: &[Node], inverse: bool, out: &mut Vec<Turn>) {
    let ordered: Vec<&Node> = if inverse {
        nodes.iter().rev().collect()
    } else {
        nodes.iter().collect()
    };
    for node in ordered {
        match node {
            Node::Turn(t) => out.push(if inverse { t.inverse() } else { *t }),
            Node::Group {
                body,
                count,
                inverse: inv,
            } => {
                for _ in 0..*count {
                    expand_into(body, inverse != *inv, out);
                }
            }
            Node::Commutator(a, b) => {
                let parts = [(a, false), (b, false), (a, true), (b, true)];
                let ordered: Vec<_> = if inverse {
                    parts.iter().rev().map(|&(n, i)| (n, !i)).collect()
                } else {
                    parts.to_vec()
                };
                for (part, inv) in ordered {
                    expand_into(part, inv, out);
                }
            }
            Node::Conjugate(a, b) => {
                expand_into(a, false, out);
                expand_into(b, inverse, out);
                expand_into(a, true, out);
            }
        }
    }
}

/// Where each centre is: `centres[p]` is the face whose centre sits at spatial
/// position `p`. Turning the layer at position `p` turns, relative to the
/// centres, the face `centres[p]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Centres([Face; 6]);

impl Centres {
    /// Turns the whole cube `quarters` quarter turns like `face`.
    fn rotate(&mut self, face: Face, quarters: u8) {
        use Face::*;
        // The cycle of positions one quarter turn carries centres along.
        let (cycle, clockwise) = match face {
            R | L => ([F, U, B, D], face == R),
            U | D => ([F, L, B, R], face == U),
            F | B => ([U, R, D, L], face == F),
        };
        let quarters = if clockwise { quarters } else { 4 - quarters };
        for _ in 0..quarters {
            let old = self.0;
            for k in 0..4 {
                self.0[cycle[(k + 1) % 4].index()] = old[cycle[k].index()];
            }
        }
    }
}

impl Alg {
    /// The number of turns once every group and bracket is expanded.
    pub fn turn_count(&self) -> usize {
        count_turns(&self.nodes)
    }

    /// The turns in order, with groups and brackets expanded.
    pub fn turns(&self) -> Vec<Turn> {
        let mut out = Vec::new();
        expand_into(&self.nodes, false, &mut out);
        out
    }

    /// The face turns that produce the same state relative to the centres.
    /// Slices, wide turns and rotations become face turns on the faces whose
    /// centres are where the turned layers are.
    pub fn face_moves(&self) -> Vec<Move> {
        let mut centres = Centres(Face::ALL);
        let mut moves = Vec::new();
        for turn in self.turns() {
            let q = turn.quarters;
            let at = |p: Face| centres.0[p.index()];
            match turn.layer {
                Layer::Face(f) => moves.push(Move::new(at(f), q)),
                Layer::Wide(f) => {
                    moves.push(Move::new(at(f.opposite()), q));
                    centres.rotate(f, q);
                }
                Layer::Slice(f) => {
                    moves.push(Move::new(at(f.opposite()), q));
                    moves.push(Move::new(at(f), 4 - q));
                    centres.rotate(f, q);
                }
                Layer::Rotation(f) => centres.rotate(f, q),
            }
        }
        moves
    }

    /// The state this algorithm produces from solved.
    pub fn cube(&self) -> CubieCube {
        CubieCube::solved().apply(&self.face_moves())
    }

    /// An algorithm of plain face turns.
    pub fn from_moves(moves: &[Move]) -> Alg {
        Alg {
            nodes: moves.iter().map(|&m| Node::Turn(m.into())).collect(),
        }
    }
}

/// A count of moves in words: "1 move", "20 moves".
pub fn move_count(n: usize) -> String {
    match n {
        1 => "1 move".to_string(),
        n => format!("{n} moves"),
    }
}

/// Prints moves as space-separated notation.
pub fn format_moves(moves: &[Move]) -> String {
    Alg::from_moves(moves).to_string()
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.layer {
            Layer::Face(face) => write!(f, "{}", face.letter())?,
            Layer::Wide(face) => write!(f, "{}w", face.letter())?,
            Layer::Slice(face) => write!(f, "{}", ['E', 'M', 'S'][face.axis()])?,
            Layer::Rotation(face) => write!(f, "{}", ['y', 'x', 'z'][face.axis()])?,
        }
        f.write_str(quarter_suffix(self.quarters))
    }
}

fn write_nodes(f: &mut fmt::Formatter<'_>, nodes: &[Node]) -> fmt::Result {
    for (i, node) in nodes.iter().enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        match node {
            Node::Turn(t) => write!(f, "{t}")?,
            Node::Group {
                body,
                count,
                inverse,
            } => {
                f.write_str("(")?;
                write_nodes(f, body)?;
                f.write_str(")")?;
                if *count != 1 {
                    write!(f, "{count}")?;
                }
                if *inverse {
                    f.write_str("'")?;
                }
            }
            Node::Commutator(a, b) | Node::Conjugate(a, b) => {
                f.write_str("[")?;
                write_nodes(f, a)?;
                f.write_str(if matches!(node, Node::Commutator(..)) {
                    ", "
                } else {
                    ": "
                })?;
                write_nodes(f, b)?;
                f.write_str("]")?;
            }
        }
    }
    Ok(())
}

impl fmt::Display for Alg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_nodes(f, &self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube(text: &str) -> CubieCube {
        parse(text).unwrap_or_else(|e| panic!("{text}: {e}")).cube()
    }

    fn err(text: &str) -> NotationError {
        parse(text).expect_err(text)
    }

    #[test]
    fn suffixes_are_read() {
        assert_eq!(
            parse("R R' R2 R2' R3 R1").unwrap().to_string(),
            "R R' R2 R2 R' R"
        );
        assert_eq!(parse("R’ U′").unwrap().to_string(), "R' U'");
    }

    #[test]
    fn text_without_spaces_is_read_and_normalised() {
        assert_eq!(parse("RUR'U'").unwrap().to_string(), "R U R' U'");
        assert_eq!(
            parse("(RU)3[R,U][r:M2]").unwrap().to_string(),
            "(R U)3 [R, U] [Rw: M2]"
        );
    }

    #[test]
    fn comments_and_pauses_are_ignored() {
        let alg = parse("R U . R' // a comment with [ and (\nU'").unwrap();
        assert_eq!(alg.to_string(), "R U R' U'");
    }

    #[test]
    fn groups_commutators_and_conjugates_expand() {
        let expanded = |t: &str| {
            Alg {
                nodes: parse(t)
                    .unwrap()
                    .turns()
                    .into_iter()
                    .map(Node::Turn)
                    .collect(),
            }
            .to_string()
        };
        assert_eq!(expanded("(R U)2"), "R U R U");
        assert_eq!(expanded("(R U)2'"), "U' R' U' R'");
        assert_eq!(expanded("[R, U]"), "R U R' U'");
        assert_eq!(expanded("[R: U]"), "R U R'");
        assert_eq!(expanded("[R: [U, F]]"), "R U F U' F' R'");
        assert_eq!(expanded("[R, U]'"), "U R U' R'");
        assert_eq!(expanded("[R: U]2"), "R U R' R U R'");
    }

    #[test]
    fn unknown_move_names_its_column() {
        let e = err("R U R' Q");
        assert_eq!(e.kind, ErrorKind::UnknownMove('Q'));
        assert_eq!(e.column, 8);
        assert_eq!(e.to_string(), "unknown move `Q` at column 8");
    }

    #[test]
    fn an_insertion_mark_and_an_invisible_character_are_named_as_such() {
        let insertion = parse("R U @ F").unwrap_err().to_string();
        assert!(insertion.contains("`@` marks an insertion"), "{insertion}");
        let invisible = parse("R U\u{7}F").unwrap_err().to_string();
        assert!(
            invisible.contains("unknown move U+0007 (invisible)"),
            "{invisible}"
        );
    }

    /// Text pasted from a PDF or a word processor: its primes are the
    /// marks put in place of `'`, and its invisible breaks (a soft hyphen,
    /// a zero-width space) part moves as spaces do.
    #[test]
    fn pasted_primes_and_invisible_breaks_read_as_typed() {
        let plain = parse("R U R' U' F' B'").unwrap().face_moves();
        for pasted in [
            "R U R’ U‘ F´ Bʼ",
            "R U Rʹ U′ F' B'",
            "R U\u{AD} R' U'\u{200B}F'\u{FEFF}B'",
            "\u{FEFF}R\u{200B}U\u{2060}R'\u{200E}U' F' B'",
        ] {
            assert_eq!(parse(pasted).unwrap().face_moves(), plain, "{pasted:?}");
        }
    }

    #[test]
    fn unclosed_bracket_names_where_it_opened() {
        let e = err("R (U R");
        assert_eq!(e.kind, ErrorKind::Unclosed('('));
        assert_eq!(e.to_string(), "unclosed `(` opened at column 3");
    }

    #[test]
    fn error_kinds_and_places() {
        assert_eq!(err("R)").kind, ErrorKind::UnexpectedClose(')'));
        assert_eq!(err("[R U]").kind, ErrorKind::MissingSeparator);
        assert_eq!(err("(R, U)").kind, ErrorKind::StraySeparator(','));
        assert_eq!(
            err("(R U]").kind,
            ErrorKind::Mismatched {
                open: '(',
                found: ']'
            }
        );
        assert_eq!(err("R4").kind, ErrorKind::BadAmount("4".into()));
        assert_eq!(err("R 2").kind, ErrorKind::StrayAmount('2'));
        assert_eq!(err("(R)0").kind, ErrorKind::BadCount("0".into()));
        let e = err("R\nU Q");
        assert_eq!((e.line, e.column), (2, 3));
        assert_eq!(e.to_string(), "unknown move `Q` at line 2, column 3");
    }

    #[test]
    fn huge_repetitions_are_refused_without_expanding() {
        assert_eq!(
            err("(R U)999999999").kind,
            ErrorKind::BadCount("999999999".into())
        );
        assert_eq!(
            err("((((R U)1000)1000)1000)1000").kind,
            ErrorKind::TooManyTurns
        );
        assert_eq!(err(&"(".repeat(100)).kind, ErrorKind::TooDeep);
        assert_eq!(err(&"R ".repeat(MAX_INPUT_CHARS)).kind, ErrorKind::TooLong);
    }

    #[test]
    fn sexy_move_six_times_is_identity() {
        assert!(cube("(R U R' U')6").is_solved());
        assert!(!cube("(R U R' U')5").is_solved());
    }

    #[test]
    fn slices_wide_turns_and_rotations_match_face_turns() {
        let same = |a: &str, b: &str| assert_eq!(cube(a), cube(b), "{a} vs {b}");
        same("M", "R L' x'");
        same("E", "U D' y'");
        same("S", "F' B z");
        same("Rw", "L x");
        same("r", "R M'");
        same("Uw", "U E'");
        same("Fw2", "F2 S2");
        same("x y z", "");
        same("x U x'", "F");
        same("y R y'", "B");
        same("z U z'", "L");
        same("M2 E2 S2", "R2 L2 U2 D2 F2 B2");
    }

    #[test]
    fn parse_print_parse_round_trips() {
        for text in [
            "R U2 F'",
            "(R U)3'",
            "[R, [U: F2]]",
            "Rw M' x2 E S' y z'",
            "",
        ] {
            let alg = parse(text).unwrap();
            assert_eq!(parse(&alg.to_string()).unwrap(), alg, "{text}");
        }
    }
}

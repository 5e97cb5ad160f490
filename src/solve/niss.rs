//! NISS, the normal–inverse scramble switch of fewest-moves solving: a step
//! may be found on the inverse scramble, and the steps of both sides add up
//! to one solution. This module keeps that bookkeeping, and reads an attempt
//! written in FMC notation, where inverse moves stand in bare parentheses.
//!
//! With `N` the normal moves so far and `I` the inverse ones, the cube seen
//! on the normal side is `I⁻¹ · scramble · N`, and the inverse side sees its
//! inverse, `N⁻¹ · scramble⁻¹ · I`. Each group of the chain is closed under
//! inverses, so both sides reach a goal together. Once the normal-side cube
//! is solved, `N · I⁻¹` solves the scramble.

use crate::cube::cubie::{CubieCube, Move};
use crate::cube::notation::{self, Alg, Node, NotationError};
use crate::solve::orientation::Axes;
use crate::solve::solver::{self, Solution, SolvedStage, StageMoves};
use crate::solve::stage::StageKind;
use serde::Serialize;

/// Which scramble a step was found on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Normal,
    Inverse,
}

impl Side {
    /// The other scramble.
    pub fn other(self) -> Side {
        match self {
            Side::Normal => Side::Inverse,
            Side::Inverse => Side::Normal,
        }
    }
}

/// A step of a solution: its moves and the side they were found on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub moves: Vec<Move>,
    pub side: Side,
}

/// The moves found so far on each side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sides {
    pub normal: Vec<Move>,
    pub inverse: Vec<Move>,
}

impl Sides {
    /// Adds a step's moves to its side, each merged with the move before
    /// where they meet on one face: within a step as at a join, so `R R`
    /// on one line counts as R2, as it does on two.
    pub fn push(&mut self, step: &Step) {
        let moves = match step.side {
            Side::Normal => &mut self.normal,
            Side::Inverse => &mut self.inverse,
        };
        *moves = folded(moves, &step.moves);
    }

    /// The cube the normal side sees: `I⁻¹ · scramble · N`.
    pub fn normal_cube(&self, scramble: &CubieCube) -> CubieCube {
        let undo_inverse = CubieCube::solved().apply(&inverted(&self.inverse));
        (undo_inverse * *scramble).apply(&self.normal)
    }

    /// The cube `side` sees.
    pub fn cube(&self, scramble: &CubieCube, side: Side) -> CubieCube {
        let normal = self.normal_cube(scramble);
        match side {
            Side::Normal => normal,
            Side::Inverse => normal.inverse(),
        }
    }

    /// The whole solution so far, `N · I⁻¹`, with moves on one face at the
    /// join merged (or cancelled) as fewest-moves mode counts them.
    pub fn solution(&self) -> Vec<Move> {
        folded(&self.normal, &inverted(&self.inverse))
    }
}

/// A four-stage solution whose stages may lie on either side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NissSolution {
    pub stages: [SolvedStage; StageKind::COUNT],
    pub sides: [Side; StageKind::COUNT],
    pub axes: Axes,
}

impl NissSolution {
    /// Every stage on the normal side.
    pub fn normal(solution: Solution) -> NissSolution {
        NissSolution::on(solution, Side::Normal)
    }

    /// Every stage on one side.
    fn on(solution: Solution, side: Side) -> NissSolution {
        NissSolution {
            stages: solution.stages,
            sides: [side; StageKind::COUNT],
            axes: solution.axes,
        }
    }

    /// The stages in order, each with its side.
    pub fn steps(&self) -> Vec<Step> {
        self.stages
            .iter()
            .zip(self.sides)
            .map(|(stage, side)| Step {
                moves: stage.moves.clone(),
                side,
            })
            .collect()
    }

    /// The moves of each side.
    pub fn sides(&self) -> Sides {
        let mut sides = Sides::default();
        for step in self.steps() {
            sides.push(&step);
        }
        sides
    }

    /// The whole solution, `N · I⁻¹`, joins merged.
    pub fn moves(&self) -> Vec<Move> {
        self.sides().solution()
    }

    /// `moves`, each with the stage it comes from: a person following the
    /// whole solution on a cube in hand sees which stage each turn does
    /// (the inverse stages last, undone). Where moves merge at a join, the
    /// merged move is the earlier one's stage's.
    pub fn moves_by_stage(&self) -> Vec<(Move, StageKind)> {
        let (mut normal, mut inverse) = (Vec::new(), Vec::new());
        for ((stage, side), kind) in self.stages.iter().zip(self.sides).zip(StageKind::ALL) {
            let tagged: Vec<_> = stage.moves.iter().map(|&m| (m, kind)).collect();
            let moves = match side {
                Side::Normal => &mut normal,
                Side::Inverse => &mut inverse,
            };
            *moves = folded_tagged(moves, &tagged);
        }
        let undone: Vec<_> = inverse
            .iter()
            .rev()
            .map(|&(m, kind)| (m.inverse(), kind))
            .collect();
        folded_tagged(&normal, &undone)
    }
}

/// Merges each side's joins as `solver::merge_joins` merges one side's: a
/// stage's first move into the same side's previous non-empty stage, which
/// keeps every stage in its group on its side (the merged move is in the
/// later stage's group, which every stage between them keeps). Returns the
/// stages and the length of the whole solution, `N · I⁻¹`.
pub(crate) fn merge_joins_on_sides(
    mut stages: StageMoves,
    sides: &[Side; StageKind::COUNT],
) -> (StageMoves, usize) {
    if sides.iter().all(|&side| side == Side::Normal) {
        solver::merge_joins(&mut stages);
        let len = stages.iter().map(Vec::len).sum();
        return (stages, len);
    }
    let mut normal = StageMoves::default();
    let mut inverse = StageMoves::default();
    for (k, moves) in stages.into_iter().enumerate() {
        match sides[k] {
            Side::Normal => normal[k] = moves,
            Side::Inverse => inverse[k] = moves,
        }
    }
    solver::merge_joins(&mut normal);
    solver::merge_joins(&mut inverse);
    let stages: StageMoves = std::array::from_fn(|k| match sides[k] {
        Side::Normal => std::mem::take(&mut normal[k]),
        Side::Inverse => std::mem::take(&mut inverse[k]),
    });
    let mut both = Sides::default();
    for (moves, &side) in stages.iter().zip(sides) {
        both.push(&Step {
            moves: moves.clone(),
            side,
        });
    }
    (stages, both.solution().len())
}

/// How a write-up's last line, the whole solution, starts.
const SOLUTION_LINE: &str = "Solution:";

/// An FMC write-up of `solution`: a line per stage with something to do,
/// its moves (inverse moves in parentheses), then `//` (after a space,
/// however long the moves), the stage, its side if inverse, and
/// `(moves/running total)`; then the whole solution. The running total is
/// the solution's so far, as the last line counts it: where moves merge or
/// cancel at a join, the line says how many it saves, `(moves-saved/total)`,
/// as competitors write it.
pub fn write_up(solution: &NissSolution) -> String {
    let mut text = String::new();
    let mut so_far = Sides::default();
    let mut total = 0;
    for ((stage, side), kind) in solution
        .stages
        .iter()
        .zip(solution.sides)
        .zip(StageKind::ALL)
    {
        if stage.moves.is_empty() {
            continue;
        }
        so_far.push(&Step {
            moves: stage.moves.clone(),
            side,
        });
        let before = total;
        total = so_far.solution().len();
        let count = stage.moves.len();
        // A stage on the inverse side comes between the two sides' moves,
        // so it may part a pair that merged before: nothing saved then.
        let tally = match (before + count).saturating_sub(total) {
            0 => format!("{count}/{total}"),
            saved => format!("{count}-{saved}/{total}"),
        };
        let on = if side == Side::Inverse {
            ", on the inverse"
        } else {
            ""
        };
        let moves = fmc_text(&stage.moves, side);
        // EO and DR as competitors name them, by their axis: EO on F/B, DR on U/D.
        let axis = match kind {
            StageKind::OrientEdges => format!(" on {}", solution.axes.edges),
            StageKind::OrientCornersSlice => format!(" on {}", solution.axes.corners),
            _ => String::new(),
        };
        let (fmc, name) = (kind.fmc(), kind.name());
        text.push_str(&format!(
            "{moves:<19} // {fmc}{axis}: {name}{on} ({tally})\n"
        ));
    }
    // A solved cube's is `Solution: (0)`, with no empty gap for moves.
    let whole = solution.moves();
    let gap = if whole.is_empty() { "" } else { " " };
    text.push_str(&format!(
        "{SOLUTION_LINE} {}{gap}({})\n",
        notation::format_moves(&whole),
        whole.len()
    ));
    text
}

/// The moves that undo `moves`.
pub fn inverted(moves: &[Move]) -> Vec<Move> {
    moves.iter().rev().map(|m| m.inverse()).collect()
}

/// `first` then `second`, where moves on one face meeting at the join
/// become one move, or none where they cancel (and so on, as a cancelled
/// pair brings two more moves together). Turns of opposite faces commute,
/// so a move meets one on its face across a move on the opposite face:
/// `R L` then `R'` is `L`, as a fewest-moves competitor writes it.
pub fn joined(first: &[Move], second: &[Move]) -> Vec<Move> {
    let untagged = |moves: &[Move]| moves.iter().map(|&m| (m, ())).collect::<Vec<_>>();
    joined_tagged(&untagged(first), &untagged(second))
        .into_iter()
        .map(|(m, ())| m)
        .collect()
}

/// `first` with the moves of `step` added one at a time, each merged with
/// the moves before where they meet (`joined`): within the step as at the
/// join, so `R R` is R2 and `B F2 B2` is `B' F2`.
fn folded(first: &[Move], step: &[Move]) -> Vec<Move> {
    step.iter()
        .fold(first.to_vec(), |so_far, &m| joined(&so_far, &[m]))
}

/// `folded` for tagged moves (`joined_tagged`).
fn folded_tagged<T: Copy>(first: &[(Move, T)], step: &[(Move, T)]) -> Vec<(Move, T)> {
    step.iter()
        .fold(first.to_vec(), |so_far, &m| joined_tagged(&so_far, &[m]))
}

/// `joined` for moves that each carry a tag (the stage they come from): a
/// merged move keeps the earlier move's tag.
fn joined_tagged<T: Copy>(first: &[(Move, T)], second: &[(Move, T)]) -> Vec<(Move, T)> {
    let mut out = first.to_vec();
    let mut rest = second.iter().copied().peekable();
    while let Some(&(next, _)) = rest.peek() {
        let meets = match out.as_slice() {
            [.., (last, _)] if last.face == next.face => out.len() - 1,
            [.., (before, _), (last, _)]
                if before.face == next.face && last.face == next.face.opposite() =>
            {
                out.len() - 2
            }
            _ => break,
        };
        let (earlier, tag) = out.remove(meets);
        rest.next();
        if let Some(merged) = earlier.then(next) {
            out.insert(meets, (merged, tag));
        }
    }
    out.extend(rest);
    out
}

/// A bare group, `(R U)`, with no count and no prime: in FMC notation, moves
/// on the inverse scramble.
fn is_bare_group(node: &Node) -> bool {
    matches!(
        node,
        Node::Group {
            count: 1,
            inverse: false,
            ..
        }
    )
}

/// Whether `line` is a write-up's last line, which repeats its steps as
/// one solution (`Solution: … (19)`).
pub fn is_solution_line(line: &str) -> bool {
    line.trim_start().starts_with(SOLUTION_LINE)
}

/// Reads an attempt in FMC notation: one step per line (a `//` comment ends
/// a line's moves), where a bare parenthesised group, `(D2 R U2 R')`, is a
/// step on the inverse scramble and the moves around it are normal steps.
/// Groups with a count or a prime, `(R U)3` and `(R U)'`, are plain
/// notation. Lines with no moves are skipped, as is a write-up's
/// `Solution:` line, so a write-up reads back as its steps (that line
/// alone: `read_checked_attempt`). An error gives the line and column of
/// the text.
pub fn read_attempt(text: &str) -> Result<Vec<Step>, NotationError> {
    let mut steps = Vec::new();
    for (index, line) in text.lines().enumerate() {
        // A write-up's last line repeats its steps as one solution.
        if is_solution_line(line) {
            continue;
        }
        let alg = notation::parse(line).map_err(|error| NotationError {
            line: index + 1,
            ..error
        })?;
        let mut normal = Vec::new();
        let flush = |nodes: &mut Vec<Node>, steps: &mut Vec<Step>| {
            if !nodes.is_empty() {
                steps.push(Step {
                    moves: Alg {
                        nodes: std::mem::take(nodes),
                    }
                    .face_moves(),
                    side: Side::Normal,
                });
            }
        };
        for node in alg.nodes {
            if let (true, Node::Group { body, .. }) = (is_bare_group(&node), &node) {
                flush(&mut normal, &mut steps);
                steps.push(Step {
                    moves: Alg {
                        nodes: body.clone(),
                    }
                    .face_moves(),
                    side: Side::Inverse,
                });
            } else {
                normal.push(node);
            }
        }
        flush(&mut normal, &mut steps);
    }
    steps.retain(|step| !step.moves.is_empty());
    Ok(steps)
}

/// An attempt as Check reads it: `read_attempt`, or where the text's only
/// moves are on a write-up's `Solution:` line (that line pasted alone, as
/// people paste it), those, without the count that ends it (`(18)`), each
/// error at its column in the line.
pub fn read_checked_attempt(text: &str) -> Result<Vec<Step>, NotationError> {
    let steps = read_attempt(text)?;
    if !steps.is_empty() {
        return Ok(steps);
    }
    for (index, line) in text.lines().enumerate() {
        let Some(after) = line.trim_start().strip_prefix(SOLUTION_LINE) else {
            continue;
        };
        let count = after.rfind('(').filter(|&at| {
            let count = after[at + 1..].trim_end().strip_suffix(')');
            count.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        });
        let skipped = line[..line.len() - after.len()].chars().count();
        return read_attempt(&after[..count.unwrap_or(after.len())]).map_err(|error| {
            NotationError {
                line: index + 1,
                column: error.column + skipped,
                ..error
            }
        });
    }
    Ok(steps)
}

/// Why a stage's moves do not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StageTextError {
    #[error(transparent)]
    Notation(#[from] NotationError),
    #[error("the stage `{0}` mixes the sides: a stage is plain moves, or one (group) of moves on the inverse scramble")]
    MixedSides(String),
}

/// Reads one stage as `fmc_text` writes it (the page and its links carry
/// stages so): plain moves on the normal side, or one bare group of moves
/// on the inverse side.
pub fn read_stage(text: &str) -> Result<Step, StageTextError> {
    let mut steps = read_attempt(text)?;
    if steps.iter().all(|step| step.side == Side::Normal) {
        // Plain moves, on as many lines as they were written.
        return Ok(Step {
            moves: steps.into_iter().flat_map(|step| step.moves).collect(),
            side: Side::Normal,
        });
    }
    match steps.len() {
        1 => Ok(steps.remove(0)),
        _ => Err(StageTextError::MixedSides(text.to_string())),
    }
}

/// Whether a scramble uses a bare parenthesised group, which FMC notation
/// would read as inverse moves, where plain notation reads it as moves in
/// order.
pub fn has_bare_group(alg: &Alg) -> bool {
    alg.nodes.iter().any(is_bare_group)
}

/// Writes `moves` found on `side` as FMC notation: inverse moves in
/// parentheses.
pub fn fmc_text(moves: &[Move], side: Side) -> String {
    let text = notation::format_moves(moves);
    match side {
        Side::Normal => text,
        Side::Inverse => format!("({text})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::notation::parse;

    fn moves(text: &str) -> Vec<Move> {
        parse(text).unwrap().face_moves()
    }

    #[test]
    fn a_stage_reads_back_as_fmc_text_writes_it() {
        for (moves, side) in [
            (moves("R U2 F'"), Side::Normal),
            (moves("D2 R U2 R'"), Side::Inverse),
            (Vec::new(), Side::Normal),
        ] {
            let step = read_stage(&fmc_text(&moves, side)).unwrap();
            assert_eq!(step, Step { moves, side });
        }
        assert_eq!(read_stage("(R U)2").unwrap().side, Side::Normal);
        assert!(matches!(
            read_stage("R (U)"),
            Err(StageTextError::MixedSides(_))
        ));
        assert_eq!(read_stage("R\nU\n").unwrap().moves, moves("R U"));
        assert!(matches!(
            read_stage("(R)\n(U)"),
            Err(StageTextError::MixedSides(_))
        ));
        assert!(matches!(
            read_stage("R Q"),
            Err(StageTextError::Notation(_))
        ));
    }

    #[test]
    fn normal_then_inverse_solves_the_scramble_and_both_sides_agree() {
        let scramble = parse("R U2 F' L D B2").unwrap().cube();
        // The scramble's own inverse, split between the sides in every way.
        let undo = inverted(&moves("R U2 F' L D B2"));
        for cut in 0..=undo.len() {
            let mut sides = Sides::default();
            sides.push(&Step {
                moves: undo[..cut].to_vec(),
                side: Side::Normal,
            });
            sides.push(&Step {
                moves: inverted(&undo[cut..]),
                side: Side::Inverse,
            });
            assert!(sides.normal_cube(&scramble).is_solved(), "cut {cut}");
            assert!(sides.cube(&scramble, Side::Inverse).is_solved());
            assert!(scramble.apply(&sides.solution()).is_solved());
        }
    }

    #[test]
    fn the_inverse_side_sees_the_inverse_of_the_normal_side() {
        let scramble = parse("F R' D2 L").unwrap().cube();
        let mut sides = Sides::default();
        sides.push(&Step {
            moves: moves("U R"),
            side: Side::Inverse,
        });
        sides.push(&Step {
            moves: moves("B"),
            side: Side::Normal,
        });
        let inverse = scramble.inverse().apply(&moves("U R"));
        // N⁻¹ · scramble⁻¹ · I, with N = B and I = U R.
        let expected = CubieCube::solved().apply(&moves("B'")) * inverse;
        assert_eq!(sides.cube(&scramble, Side::Inverse), expected);
    }

    #[test]
    fn joins_merge_and_cancel() {
        assert_eq!(joined(&moves("R U"), &moves("U R'")), moves("R U2 R'"));
        assert_eq!(joined(&moves("R U"), &moves("U' R'")), Vec::<Move>::new());
        assert_eq!(joined(&moves("F"), &moves("B")), moves("F B"));
    }

    /// Moves that meet merge within a stage as at its joins, and the whole
    /// solution and its moves by stage agree: `F B L2 B` then `F2 B2` on
    /// the inverse is `F B L2 B' F2`.
    #[test]
    fn a_whole_solution_merges_moves_that_meet_within_a_stage() {
        let solution = NissSolution {
            stages: [
                stage(StageKind::ALL[0], ""),
                stage(StageKind::ALL[1], "R"),
                stage(StageKind::ALL[2], "F B L2 B"),
                stage(StageKind::ALL[3], "F2 B2"),
            ],
            sides: [Side::Inverse; StageKind::COUNT],
            axes: Axes::CLASSIC,
        };
        assert_eq!(solution.moves(), moves("F2 B L2 B' F' R'"));
        let by_stage: Vec<Move> = solution
            .moves_by_stage()
            .into_iter()
            .map(|(m, _)| m)
            .collect();
        assert_eq!(by_stage, solution.moves());
        let scramble = parse("R F B L2 B' F2").unwrap().cube();
        assert!(scramble.apply(&solution.moves()).is_solved());
    }

    #[test]
    fn joins_meet_across_the_opposite_face() {
        // Opposite faces' turns commute: R L R' is L.
        assert_eq!(joined(&moves("U R L"), &moves("R'")), moves("U L"));
        assert_eq!(
            joined(&moves("U R L"), &moves("R' L' U'")),
            Vec::<Move>::new()
        );
        assert_eq!(joined(&moves("F R L2"), &moves("R D")), moves("F R2 L2 D"));
        assert_eq!(joined(&moves("R L"), &moves("L R")), moves("R2 L2"));
        // Not across a move on another axis.
        assert_eq!(joined(&moves("R U L"), &moves("R'")), moves("R U L R'"));
    }

    #[test]
    fn attempts_read_bare_groups_as_inverse_steps() {
        let steps = read_attempt("F' R' U' F // EO\n(D2 R U2 R') // DR\n\nR U (F2) L").unwrap();
        let sides: Vec<Side> = steps.iter().map(|s| s.side).collect();
        assert_eq!(
            sides,
            [
                Side::Normal,
                Side::Inverse,
                Side::Normal,
                Side::Inverse,
                Side::Normal
            ]
        );
        assert_eq!(steps[1].moves, moves("D2 R U2 R'"));
        assert_eq!(steps[2].moves, moves("R U"));
        assert_eq!(steps[3].moves, moves("F2"));
        // Counted and primed groups are plain notation.
        let steps = read_attempt("(R U)3 (R U)'").unwrap();
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].moves, moves("R U R U R U U' R'"));
    }

    #[test]
    fn attempt_errors_give_their_line_and_column() {
        let error = read_attempt("R U\nF Q").unwrap_err();
        assert_eq!((error.line, error.column), (2, 3));
        assert!(read_attempt("(R U").is_err());
    }

    #[test]
    fn a_write_ups_solution_line_pasted_alone_is_the_attempt_checked() {
        let moves = |text: &str| -> Vec<String> {
            let steps = read_checked_attempt(text).unwrap();
            steps
                .iter()
                .flat_map(|s| s.moves.iter().map(Move::to_string))
                .collect()
        };
        assert_eq!(
            moves("Solution: B2 D' L' F U2 R' (6)"),
            ["B2", "D'", "L'", "F", "U2", "R'"]
        );
        assert_eq!(moves("  Solution: B2 D'"), ["B2", "D'"]);
        // Beside the steps it repeats, it is skipped, as before.
        assert_eq!(moves("B2 D' // EO\nSolution: B2 D' (2)"), ["B2", "D'"]);
        let error = read_checked_attempt("Solution: B2 Q (2)").unwrap_err();
        assert_eq!((error.line, error.column), (1, 14));
    }

    #[test]
    fn a_solved_cubes_write_up_is_its_solution_line_alone_and_reads_back_empty() {
        let solution = NissSolution {
            stages: StageKind::ALL.map(|kind| stage(kind, "")),
            sides: [Side::Normal; StageKind::COUNT],
            axes: Axes::CLASSIC,
        };
        assert_eq!(write_up(&solution), "Solution: (0)\n");
        assert_eq!(read_checked_attempt(&write_up(&solution)).unwrap(), []);
    }

    fn stage(kind: StageKind, text: &str) -> SolvedStage {
        SolvedStage {
            kind,
            name: kind.name(),
            moves: moves(text),
        }
    }

    #[test]
    fn a_write_up_brackets_inverse_stages_and_counts_as_it_goes() {
        let solution = NissSolution {
            stages: [
                stage(StageKind::ALL[0], "F' R' U' F"),
                stage(StageKind::ALL[1], "D2 R U2 R'"),
                stage(StageKind::ALL[2], ""),
                stage(StageKind::ALL[3], "U2"),
            ],
            sides: [Side::Normal, Side::Inverse, Side::Inverse, Side::Inverse],
            axes: Axes::CLASSIC,
        };
        assert_eq!(
            write_up(&solution),
            "F' R' U' F          // EO on F/B: Orient edges (4/4)\n\
             (D2 R U2 R')        // DR on U/D: Orient corners + slice, on the inverse (4/8)\n\
             (U2)                // finish: Half-turn finish, on the inverse (1/9)\n\
             Solution: F' R' U' F U2 R U2 R' D2 (9)\n"
        );
    }

    #[test]
    fn a_write_up_counts_what_merges_at_a_join_as_the_solution_does() {
        let solution = NissSolution {
            stages: [
                stage(StageKind::ALL[0], "F' R' U' F"),
                stage(StageKind::ALL[1], "F2 R U2"),
                stage(StageKind::ALL[2], "U2 L2"),
                stage(StageKind::ALL[3], ""),
            ],
            sides: [Side::Normal; StageKind::COUNT],
            axes: Axes::CLASSIC,
        };
        // F then F2 is F' (one saved); U2 then U2 cancel (two).
        assert_eq!(
            write_up(&solution),
            "F' R' U' F          // EO on F/B: Orient edges (4/4)\n\
             F2 R U2             // DR on U/D: Orient corners + slice (3-1/6)\n\
             U2 L2               // HTR: Separate pieces (2-2/6)\n\
             Solution: F' R' U' F' R L2 (6)\n"
        );
    }

    #[test]
    fn each_move_of_the_whole_solution_names_its_stage() {
        let [eo, dr, htr, finish] = StageKind::ALL;
        // On the inverse side the finish's U2 merges into DR's last move
        // (U' then, DR's); undone, that U meets HTR's last U on the normal
        // side, and the two make U2 (HTR's). DR comes last, undone.
        let solution = NissSolution {
            stages: [
                stage(eo, "F R"),
                stage(dr, "D2 R U"),
                stage(htr, "L2 U"),
                stage(finish, "U2"),
            ],
            sides: [Side::Normal, Side::Inverse, Side::Normal, Side::Inverse],
            axes: Axes::CLASSIC,
        };
        let whole = solution.moves_by_stage();
        let (moves_only, stages): (Vec<Move>, Vec<StageKind>) = whole.into_iter().unzip();
        assert_eq!(moves_only, solution.moves());
        assert_eq!(moves_only, moves("F R L2 U2 R' D2"));
        assert_eq!(stages, [eo, eo, htr, htr, dr, dr]);
        // Moves that cancel at a join leave no stage behind.
        let cancelling = NissSolution {
            stages: [
                stage(eo, "F R"),
                stage(dr, "R"),
                stage(htr, ""),
                stage(finish, ""),
            ],
            sides: [Side::Normal, Side::Inverse, Side::Inverse, Side::Inverse],
            axes: Axes::CLASSIC,
        };
        let stages: Vec<StageKind> = cancelling
            .moves_by_stage()
            .into_iter()
            .map(|(_, k)| k)
            .collect();
        assert_eq!(stages, [eo]);
    }

    /// A step of 20 characters or more still has a space before its `//`.
    #[test]
    fn a_long_step_keeps_a_space_before_its_comment() {
        let solution = NissSolution {
            stages: [
                stage(StageKind::ALL[0], "F"),
                stage(StageKind::ALL[1], "R U R' D R2 U' L D2"),
                stage(StageKind::ALL[2], "B2 U2 D' F2 D F2 R2 U"),
                stage(StageKind::ALL[3], ""),
            ],
            sides: [Side::Normal, Side::Inverse, Side::Normal, Side::Normal],
            axes: Axes::CLASSIC,
        };
        let text = write_up(&solution);
        for line in text.lines().filter(|line| line.contains("//")) {
            assert!(line.contains(" // "), "{line:?}");
        }
        assert!(text.contains("B2 U2 D' F2 D F2 R2 U // HTR"), "{text}");
    }

    #[test]
    fn bare_groups_are_found_and_fmc_text_brackets_the_inverse() {
        assert!(has_bare_group(&parse("R U F (R U)").unwrap()));
        assert!(!has_bare_group(&parse("R (U F)2").unwrap()));
        assert_eq!(fmc_text(&moves("D2 R"), Side::Inverse), "(D2 R)");
        assert_eq!(fmc_text(&moves("D2 R"), Side::Normal), "D2 R");
    }
}

//! Group counters: the invariants each stage drives to its goal, read from a
//! cube, for the page's Progress region and the CLI's `solve --progress`.
//!
//! In the data flow they sit beside the solver: they read a `CubieCube`
//! (and, for the distance, the stage's embedded table through the stage
//! registry) and never change it. `counters` reads one stage's counters,
//! `move_line` says in one line what a move changed, from the counters
//! alone, and `progress` walks a whole `Solution` state by state.
//!
//! The definitions are those of DESIGN.md ("Group counters"), in the classic
//! orientation: edges oriented for F/B, corners and the middle layer for U/D.
//! `progress` counts a solution turned to other axes on the cube conjugated
//! to them, so the same definitions follow its orientation.

use crate::cube::cubie::{self, CubieCube, Face, InvalidCube, Move};
use crate::solve::bfs;
use crate::solve::niss::Side;
use crate::solve::orientation::{self, Axes, Axis, Orientation};
use crate::solve::solver::{AtGoal, Distance, Solution, SolvedStage};
use crate::solve::stage::{Stage, StageKind, StageVisitor};
use crate::solve::tables;
use serde::ser::{SerializeStruct, Serializer};
use serde::Serialize;
use std::fmt;

/// What a counting counter counts; its label is the exact text the page
/// shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Counted {
    /// Stage 1: edges with orientation 1.
    FlippedEdges,
    /// Stage 2: corners with a twist (U/D reference).
    TwistedCorners,
    /// Stage 2: pieces FR FL BL BR outside positions FR FL BL BR.
    MiddleLayerEdgesOutside,
    /// Stage 3: pieces UF UB DF DB outside positions UF UB DF DB.
    MSliceEdgesOutside,
    /// Stage 3: corners sitting in the other tetrad than their own.
    CornersOutsideTetrad,
    /// Stage 4: corners and edges not at their home position.
    PiecesOutOfPlace,
}

impl Counted {
    pub fn label(self) -> &'static str {
        match self {
            Counted::FlippedEdges => "Flipped edges",
            Counted::TwistedCorners => "Twisted corners",
            Counted::MiddleLayerEdgesOutside => "Middle-layer edges outside the middle layer",
            Counted::MSliceEdgesOutside => "M-slice edges outside the M slice",
            Counted::CornersOutsideTetrad => "Corners outside their tetrad",
            Counted::PiecesOutOfPlace => "Pieces out of place",
        }
    }

    /// One of the counted things, then several, as a move line names them.
    fn nouns(self) -> (&'static str, &'static str) {
        match self {
            Counted::FlippedEdges => ("flipped edge", "flipped edges"),
            Counted::TwistedCorners => ("twisted corner", "twisted corners"),
            Counted::MiddleLayerEdgesOutside => (
                "middle-layer edge outside the middle layer",
                "middle-layer edges outside the middle layer",
            ),
            Counted::MSliceEdgesOutside => (
                "M-slice edge outside the M slice",
                "M-slice edges outside the M slice",
            ),
            Counted::CornersOutsideTetrad => {
                ("corner outside its tetrad", "corners outside their tetrad")
            }
            Counted::PiecesOutOfPlace => ("piece out of place", "pieces out of place"),
        }
    }
}

/// A permutation's parity, as the page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    Even,
    Odd,
}

impl fmt::Display for Parity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Parity::Even => "even",
            Parity::Odd => "odd",
        })
    }
}

/// The labels of the two counters that are not counts of pieces.
pub const PARITY_LABEL: &str = "Permutation parity";
pub const DISTANCE_LABEL: &str = "Distance to this stage's goal";

/// One group counter and its value. Displayed as `Label: value`
/// (`Flipped edges: 6`, `Permutation parity: odd`,
/// `Distance to this stage's goal: 5 of at most 7`), and serialized as
/// `{"label": …, "value": …}` where the value is a number, `"even"` or
/// `"odd"`, or `{"distance": d, "max": M}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Counter {
    /// How many pieces are not yet where the stage's goal wants them.
    Count(Counted, u8),
    /// Stage 3: the corner permutation's parity, which equals the edge
    /// permutation's on a cube face turns reach.
    Parity(Parity),
    /// Every stage: the exact distance from the stage's goal, and the
    /// stage's longest optimal solution (`StageKind::max_length`).
    Distance { distance: u8, max: u8 },
}

impl Counter {
    /// The exact label shown in front of the value.
    pub fn label(&self) -> &'static str {
        match self {
            Counter::Count(counted, _) => counted.label(),
            Counter::Parity(_) => PARITY_LABEL,
            Counter::Distance { .. } => DISTANCE_LABEL,
        }
    }

    /// What is still wrong, in words (`2 flipped edges`, `odd permutation
    /// parity`); `None` at the goal, and for the distance.
    pub fn wrong(&self) -> Option<String> {
        match *self {
            Counter::Count(_, 0) | Counter::Parity(Parity::Even) | Counter::Distance { .. } => None,
            Counter::Count(counted, n) => {
                let (one, many) = counted.nouns();
                Some(format!("{n} {}", if n == 1 { one } else { many }))
            }
            Counter::Parity(Parity::Odd) => Some("odd permutation parity".to_string()),
        }
    }

    /// Whether the counter reads what the stage's goal sets it to: 0, or
    /// `even`.
    pub fn is_at_goal(&self) -> bool {
        matches!(
            self,
            Counter::Count(_, 0)
                | Counter::Parity(Parity::Even)
                | Counter::Distance { distance: 0, .. }
        )
    }
}

/// The value alone, as JSON has it.
struct Value<'a>(&'a Counter);

impl Serialize for Value<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self.0 {
            Counter::Count(_, n) => s.serialize_u8(n),
            Counter::Parity(parity) => parity.serialize(s),
            Counter::Distance { distance, max } => {
                let mut value = s.serialize_struct("Distance", 2)?;
                value.serialize_field("distance", &distance)?;
                value.serialize_field("max", &max)?;
                value.end()
            }
        }
    }
}

impl Serialize for Counter {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut counter = s.serialize_struct("Counter", 2)?;
        counter.serialize_field("label", self.label())?;
        counter.serialize_field("value", &Value(self))?;
        counter.end()
    }
}

impl fmt::Display for Counter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.label())?;
        match self {
            Counter::Count(_, n) => write!(f, "{n}"),
            Counter::Parity(parity) => write!(f, "{parity}"),
            Counter::Distance { distance, max } => write!(f, "{distance} of at most {max}"),
        }
    }
}

/// Why a stage's counters cannot be read from a cube.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CounterError {
    #[error("{0}")]
    Invalid(#[from] InvalidCube),
    /// The cube is not in the group `stage` works in, because the earlier
    /// stage `unfinished` has not reached its goal; the stage's table only
    /// gives distances for cubes in that group.
    #[error("“{}” counts only cubes that “{}” has finished", .stage.name(), .unfinished.name())]
    OutsideStage {
        stage: StageKind,
        unfinished: StageKind,
    },
}

/// Corner positions of the tetrad {URF, ULB, DLF, DRB}, as a bit mask; the
/// other tetrad is {UFL, UBR, DFR, DBL}.
const TETRAD: u16 = 1 << 0 | 1 << 2 | 1 << 5 | 1 << 7;
/// Edge positions and pieces UF UB DF DB: the M slice.
const M_SLICE: u16 = 1 << 1 | 1 << 3 | 1 << 5 | 1 << 7;
/// Edge positions and pieces FR FL BL BR: the middle (E) layer.
const MIDDLE_LAYER: u16 = 1 << 8 | 1 << 9 | 1 << 10 | 1 << 11;

fn has(mask: u16, n: u8) -> bool {
    mask >> n & 1 == 1
}

/// Pieces of `set` sitting at positions outside `set`.
fn outside(pieces: &[u8], set: u16) -> u8 {
    let mut count = 0;
    for (position, &piece) in pieces.iter().enumerate() {
        count += u8::from(has(set, piece) && !has(set, position as u8));
    }
    count
}

/// Whether a cube is in the group a stage ends in: its coordinate reads the
/// goal. Only meaningful where the earlier stages' coordinates do too.
/// The exact distance after one move, from the exact distance `before` it
/// and the stage's table entry.
struct NextDistance<'a> {
    cube: &'a CubieCube,
    before: usize,
}

impl StageVisitor for NextDistance<'_> {
    type Output = usize;
    fn visit<S: Stage>(self, stage: &S) -> usize {
        let packed = tables::table(S::KIND).get(stage.index(stage.coord(self.cube)));
        bfs::neighbour_distance(self.before, packed)
    }
}

/// Stage `kind`'s counters of `cube`, in the order the page lists them, the
/// distance last.
///
/// Precondition, checked: the cube is one face turns reach and lies in the
/// group stage `kind` works in (every earlier stage has reached its goal),
/// since the stage's table gives distances only there. During a solution
/// this holds from the state a stage starts from to the state it ends in,
/// merged joins included, so `progress` never fails on a solution of the
/// cube it is given.
///
/// # Errors
/// `CounterError::Invalid` for a cube face turns cannot reach, and
/// `CounterError::OutsideStage` for one outside the stage's group.
pub fn counters(kind: StageKind, cube: &CubieCube) -> Result<Vec<Counter>, CounterError> {
    Ok(counts(kind, cube, checked_distance(kind, cube)?))
}

/// Checks `counters`' precondition, then measures the cube's exact
/// distance from stage `kind`'s goal.
fn checked_distance(kind: StageKind, cube: &CubieCube) -> Result<usize, CounterError> {
    check_in_stage(kind, cube)?;
    Ok(tables::stages().visit(kind, Distance(cube)))
}

/// Whether stage `kind` may be counted on a cube: a valid one, in the
/// group the stage works in.
fn check_in_stage(kind: StageKind, cube: &CubieCube) -> Result<(), CounterError> {
    cube.check()?;
    let stages = tables::stages();
    match StageKind::ALL[..kind.index()]
        .iter()
        .find(|&&earlier| !stages.visit(earlier, AtGoal(cube)))
    {
        Some(&unfinished) => Err(CounterError::OutsideStage {
            stage: kind,
            unfinished,
        }),
        None => Ok(()),
    }
}

/// Stage `kind`'s counters of a cube already checked as `counters` checks
/// it, with its exact `distance` from the stage's goal.
fn counts(kind: StageKind, cube: &CubieCube, distance: usize) -> Vec<Counter> {
    let mut list = Vec::with_capacity(4);
    match kind {
        StageKind::OrientEdges => {
            let flipped = cube.eo.iter().filter(|&&o| o == 1).count();
            list.push(Counter::Count(Counted::FlippedEdges, flipped as u8));
        }
        StageKind::OrientCornersSlice => {
            let twisted = cube.co.iter().filter(|&&o| o != 0).count();
            list.push(Counter::Count(Counted::TwistedCorners, twisted as u8));
            list.push(Counter::Count(
                Counted::MiddleLayerEdgesOutside,
                outside(&cube.ep, MIDDLE_LAYER),
            ));
        }
        StageKind::SeparatePieces => {
            list.push(Counter::Count(
                Counted::MSliceEdgesOutside,
                outside(&cube.ep, M_SLICE),
            ));
            let mut astray = 0;
            for (position, &piece) in cube.cp.iter().enumerate() {
                astray += u8::from(has(TETRAD, piece) != has(TETRAD, position as u8));
            }
            list.push(Counter::Count(Counted::CornersOutsideTetrad, astray));
            list.push(Counter::Parity(if cubie::is_odd(&cube.cp) {
                Parity::Odd
            } else {
                Parity::Even
            }));
        }
        StageKind::HalfTurnFinish => {
            let away = |pieces: &[u8]| {
                let mut count = 0;
                for (position, &piece) in pieces.iter().enumerate() {
                    count += u8::from(usize::from(piece) != position);
                }
                count
            };
            list.push(Counter::Count(
                Counted::PiecesOutOfPlace,
                away(&cube.cp) + away(&cube.ep),
            ));
        }
    }
    // Distances are at most 15, stage lengths too: both fit in a u8.
    list.push(Counter::Distance {
        distance: distance as u8,
        max: kind.max_length() as u8,
    });
    list
}

/// What move `m` did, from the counters before and after it alone:
/// `F': 4 fewer flipped edges (6 → 2); distance 5 → 4`,
/// `U: parity odd → even, 1 more corner outside its tetrad (0 → 1); distance 3 → 2`,
/// `U: nothing this stage counts changed; distance stays 5`.
///
/// Counters are paired by label; one without a partner (counters of two
/// different stages) is left out.
pub fn move_line(m: Move, before: &[Counter], after: &[Counter]) -> String {
    let mut changes = Vec::new();
    let mut distance = None;
    for now in after {
        let Some(then) = before.iter().find(|c| c.label() == now.label()) else {
            continue;
        };
        match (*then, *now) {
            (Counter::Count(counted, a), Counter::Count(_, b)) if a != b => {
                let n = a.abs_diff(b);
                let (one, many) = counted.nouns();
                let noun = if n == 1 { one } else { many };
                let more = if b > a { "more" } else { "fewer" };
                changes.push(format!("{n} {more} {noun} ({a} → {b})"));
            }
            (Counter::Parity(a), Counter::Parity(b)) if a != b => {
                changes.push(format!("parity {a} → {b}"));
            }
            (Counter::Distance { distance: a, .. }, Counter::Distance { distance: b, .. }) => {
                distance = Some(if a == b {
                    format!("distance stays {a}")
                } else {
                    format!("distance {a} → {b}")
                });
            }
            _ => {}
        }
    }
    let mut line = format!("{m}: ");
    if changes.is_empty() {
        line.push_str("nothing this stage counts changed");
    } else {
        line.push_str(&changes.join(", "));
    }
    if let Some(distance) = distance {
        line.push_str("; ");
        line.push_str(&distance);
    }
    line
}

/// One state of a stage in a solution: the stage's counters there, and the
/// move that led to it with its move line, or `None` for the state the
/// stage starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub made_by: Option<(Move, String)>,
    pub counters: Vec<Counter>,
}

/// `{"move": "F'" or null, "counters": [...], "line": "..." or null}`.
impl Serialize for Step {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut step = s.serialize_struct("Step", 3)?;
        let made_by = self.made_by.as_ref();
        step.serialize_field("move", &made_by.map(|(m, _)| m.to_string()))?;
        step.serialize_field("counters", &self.counters)?;
        step.serialize_field("line", &made_by.map(|(_, line)| line))?;
        step.end()
    }
}

/// `F': 4 fewer flipped edges (6 → 2); distance 5 → 4  [Flipped edges: 2 ·
/// Distance to this stage's goal: 4 of at most 7]`, or `start  […]`.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.made_by {
            Some((_, line)) => write!(f, "{line}  [")?,
            None => write!(f, "start  [")?,
        }
        for (k, counter) in self.counters.iter().enumerate() {
            if k > 0 {
                f.write_str(" · ")?;
            }
            write!(f, "{counter}")?;
        }
        f.write_str("]")
    }
}

/// `text` (a counter or a move line) with the M slice named as a person
/// holding the cube sees it in `orientation`: counters count the classic
/// chain's M slice (between R and L) of the cube turned to the solution's
/// axes, which on the cube itself lies between the faces R and L are turned
/// to, so "M-slice edges" read "S-slice edges" where those are F and B, as
/// the stage panel and the handout say.
pub fn slices_as_seen(text: &str, orientation: &Orientation) -> String {
    match orientation::slice_name(Axis::of(orientation.to_cube(Face::R))) {
        'M' => text.to_string(),
        slice => text
            .replace("M-slice", &format!("{slice}-slice"))
            .replace("M slice", &format!("{slice} slice")),
    }
}

/// Stage 3's goal asks one thing its counters do not count: the corners,
/// each in its tetrad, in one of the arrangements half turns can solve
/// (1 in 6 of those within the tetrads, 1 in 3 at even parity). Where
/// every count is at its goal but the distance is not, this says so;
/// none otherwise, and in every other stage, whose counts at their goal
/// are the goal.
pub fn beyond_the_counts(counters: &[Counter]) -> Option<&'static str> {
    let third_stage = counters
        .iter()
        .any(|c| matches!(c, Counter::Count(Counted::CornersOutsideTetrad, _)));
    let distance_alone = counters
        .iter()
        .all(|c| c.is_at_goal() || matches!(c, Counter::Distance { .. }));
    let away = counters.iter().any(|c| !c.is_at_goal());
    (third_stage && distance_alone && away).then_some(
        "Every count is at its goal, but the corners are not yet in an arrangement half turns \
         can solve (1 in 3 at even parity): the distance says how far.",
    )
}

/// What stage `kind`'s counters are counted on, in words, on `axes`: the
/// edge axis for stage 1 (`F/B`), the corner axis for stage 2, both for
/// stage 3 (`edges F/B, corners U/D`); nothing for the finish, whose goal
/// is the same on every axis.
pub fn counted_on(kind: StageKind, axes: Axes) -> Option<String> {
    match kind.index() {
        0 => Some(axes.edges.to_string()),
        1 => Some(axes.corners.to_string()),
        2 => Some(axes.to_string()),
        _ => None,
    }
}

/// The DR case in fewest-moves words, on its corner axis: `4c2e on U/D`
/// for four corners twisted for U/D and two of the U/D middle layer's
/// edges outside it. Serialized as `{"name": "4c2e", "corners": "U/D"}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrCase {
    pub name: String,
    pub corners: Axis,
}

impl fmt::Display for DrCase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} on {}", self.name, self.corners)
    }
}

impl Serialize for DrCase {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut case = s.serialize_struct("DrCase", 2)?;
        case.serialize_field("name", &self.name)?;
        case.serialize_field("corners", self.corners.as_str())?;
        case.end()
    }
}

/// The DR case from stage 2's counters, counted on `corners` (the
/// orientation they were counted in): `4c4e` for four twisted corners and
/// four middle-layer edges outside the middle layer; `None` for other
/// stages' counters.
pub fn dr_case(counters: &[Counter], corners: Axis) -> Option<DrCase> {
    let count = |wanted: Counted| {
        counters.iter().find_map(|c| match *c {
            Counter::Count(counted, n) if counted == wanted => Some(n),
            _ => None,
        })
    };
    let twisted = count(Counted::TwistedCorners)?;
    let edges = count(Counted::MiddleLayerEdgesOutside)?;
    Some(DrCase {
        name: format!("{twisted}c{edges}e"),
        corners,
    })
}

/// Each stage's states in a solution of `cube`, in `StageKind` order: the
/// state the stage starts from, then the state after each of its moves,
/// with that stage's counters.
///
/// The counters follow the solution's orientation (`Solution::axes`): each
/// state is counted as the classic chain sees it turned to those axes
/// (`Orientation::conjugate`), so `Flipped edges` counts flips for the
/// solution's edge axis, and so on; the moves shown are the cube's own.
///
/// # Errors
/// As `counters`: an invalid cube, or a solution that leaves some stage's
/// states outside the group the stage works in, which a solution of
/// `cube` never does.
pub fn progress(
    cube: &CubieCube,
    solution: &Solution,
) -> Result<[Vec<Step>; StageKind::COUNT], CounterError> {
    progress_on_sides(cube, solution, &[Side::Normal; StageKind::COUNT])
}

/// As `progress`, for stages found on the given sides (NISS): a stage on
/// the inverse side is counted on the inverse-side cube, which reaches
/// each goal with the normal one, since every group of the chain holds the
/// inverses of its elements.
pub fn progress_on_sides(
    cube: &CubieCube,
    solution: &Solution,
    sides: &[Side; StageKind::COUNT],
) -> Result<[Vec<Step>; StageKind::COUNT], CounterError> {
    let mut all: [Vec<Step>; StageKind::COUNT] = Default::default();
    let stages = tables::stages();
    let mut steps_of = all.iter_mut();
    walk_on_sides(cube, solution, sides, |stage, state, orientation| {
        let steps = steps_of.next().expect("a list for every stage");
        // The stage's start is checked and measured in full; each move
        // after it keeps the cube valid and changes the distance by at
        // most one, which the table's entry tells.
        let mut distance = checked_distance(stage.kind, state)?;
        let mut before = counts(stage.kind, state, distance);
        steps.reserve(stage.moves.len() + 1);
        steps.push(Step {
            made_by: None,
            counters: before.clone(),
        });
        for &m in &stage.moves {
            *state = state.apply_move(orientation.move_from_cube(m));
            distance = stages.visit(
                stage.kind,
                NextDistance {
                    cube: state,
                    before: distance,
                },
            );
            let after = counts(stage.kind, state, distance);
            let line = move_line(m, &before, &after);
            steps.push(Step {
                made_by: Some((m, line)),
                counters: after.clone(),
            });
            before = after;
        }
        Ok(())
    })?;
    Ok(all)
}

/// Whether `progress_on_sides` can count every stage of `solution`: each
/// starts in the group it works in, which a solution that does its stages
/// on other axes than its own does not.
pub fn stages_in_turn(
    cube: &CubieCube,
    solution: &Solution,
    sides: &[Side; StageKind::COUNT],
) -> Result<(), CounterError> {
    walk_on_sides(cube, solution, sides, |stage, state, orientation| {
        check_in_stage(stage.kind, state)?;
        for &m in &stage.moves {
            *state = state.apply_move(orientation.move_from_cube(m));
        }
        Ok(())
    })
}

/// Hands `stage` each stage of `solution` in turn with the cube it starts
/// from, seen in the solution's orientation on the stage's side (a stage
/// on the inverse side sees the inverse of the cube the stages before
/// left; conjugating by a rotation commutes with inverting), and the
/// orientation, whose `move_from_cube` gives the solution's moves as that
/// cube's; `stage` makes the stage's moves on the cube.
fn walk_on_sides(
    cube: &CubieCube,
    solution: &Solution,
    sides: &[Side; StageKind::COUNT],
    mut stage: impl FnMut(&SolvedStage, &mut CubieCube, &Orientation) -> Result<(), CounterError>,
) -> Result<(), CounterError> {
    let orientation =
        Orientation::with_axes(solution.axes).expect("a solution's axes are an orientation's");
    let mut state = orientation.conjugate(cube);
    let mut side = Side::Normal;
    for (solved, &stage_side) in solution.stages.iter().zip(sides) {
        if stage_side != side {
            state = state.inverse();
            side = stage_side;
        }
        stage(solved, &mut state, orientation)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::cubie::{Face, SOLVED};

    /// Three corners cycled within one tetrad, all oriented, the edges
    /// solved: every stage-3 count reads its goal, nine moves away.
    #[test]
    fn stage_three_says_what_its_counts_miss() {
        let cube =
            crate::cube::facelet::parse("DUUUUUUUULRRRRRRRRFFBFFFFFFUDDDDDDDDLLLLLLLLRBBFBBBBBB")
                .expect("a real cube");
        let list = counters(StageKind::SeparatePieces, &cube).expect("in G2");
        assert!(list
            .iter()
            .filter(|c| !matches!(c, Counter::Distance { .. }))
            .all(Counter::is_at_goal));
        assert!(beyond_the_counts(&list).is_some());
        let solved = counters(StageKind::SeparatePieces, &SOLVED).expect("in G2");
        assert_eq!(beyond_the_counts(&solved), None);
        let stage_one = counters(StageKind::OrientEdges, &cube).expect("valid");
        assert_eq!(beyond_the_counts(&stage_one), None);
    }

    #[test]
    fn progress_names_the_slice_as_the_stage_panel_does_in_every_orientation() {
        for o in Orientation::all() {
            let panel = orientation::description(StageKind::SeparatePieces, o.axes())
                .expect("an orientation's axes");
            let label = slices_as_seen(Counted::MSliceEdgesOutside.label(), o);
            let slice = &label[..7];
            assert!(
                label.ends_with(&format!("the {} slice", &slice[..1])),
                "{label}"
            );
            assert!(
                panel.contains(&format!("the {slice} edges")),
                "{panel} and {label}"
            );
        }
        assert_eq!(
            slices_as_seen(
                "M-slice edges outside the M slice: 2",
                Orientation::classic()
            ),
            "M-slice edges outside the M slice: 2"
        );
    }

    fn labels(kind: StageKind, cube: &CubieCube) -> Vec<&'static str> {
        counters(kind, cube)
            .expect("counters of a cube in the stage's group")
            .iter()
            .map(Counter::label)
            .collect()
    }

    #[test]
    fn each_stage_lists_its_labels_exactly() {
        let distance = "Distance to this stage's goal";
        assert_eq!(
            labels(StageKind::OrientEdges, &SOLVED),
            ["Flipped edges", distance]
        );
        assert_eq!(
            labels(StageKind::OrientCornersSlice, &SOLVED),
            [
                "Twisted corners",
                "Middle-layer edges outside the middle layer",
                distance
            ]
        );
        assert_eq!(
            labels(StageKind::SeparatePieces, &SOLVED),
            [
                "M-slice edges outside the M slice",
                "Corners outside their tetrad",
                "Permutation parity",
                distance
            ]
        );
        assert_eq!(
            labels(StageKind::HalfTurnFinish, &SOLVED),
            ["Pieces out of place", distance]
        );
    }

    #[test]
    fn counters_display_as_label_colon_value() {
        assert_eq!(
            Counter::Count(Counted::FlippedEdges, 6).to_string(),
            "Flipped edges: 6"
        );
        let parity = Counter::Parity(Parity::Odd);
        assert_eq!(parity.to_string(), "Permutation parity: odd");
        let distance = Counter::Distance {
            distance: 5,
            max: 7,
        };
        assert_eq!(
            distance.to_string(),
            "Distance to this stage's goal: 5 of at most 7"
        );
    }

    #[test]
    fn counters_serialize_as_label_and_value() {
        let list = counters(StageKind::SeparatePieces, &SOLVED).expect("solved is in G2");
        assert_eq!(
            serde_json::to_string(&list).expect("serializable"),
            concat!(
                r#"[{"label":"M-slice edges outside the M slice","value":0},"#,
                r#"{"label":"Corners outside their tetrad","value":0},"#,
                r#"{"label":"Permutation parity","value":"even"},"#,
                r#"{"label":"Distance to this stage's goal","value":{"distance":0,"max":13}}]"#
            )
        );
    }

    #[test]
    fn the_solved_cube_reads_every_goal_value() {
        for kind in StageKind::ALL {
            let list = counters(kind, &SOLVED).expect("solved is in every group");
            assert!(list.iter().all(Counter::is_at_goal), "{list:?}");
        }
    }

    #[test]
    fn a_quarter_turn_of_f_flips_four_edges_one_away_from_the_goal() {
        let cube = SOLVED.apply_move(Move::new(Face::F, 1));
        let list = counters(StageKind::OrientEdges, &cube).expect("a valid cube");
        assert_eq!(
            list.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [
                "Flipped edges: 4",
                "Distance to this stage's goal: 1 of at most 7"
            ]
        );
    }

    #[test]
    fn move_lines_use_the_singular_for_one_and_the_plural_otherwise() {
        let twisted = |n, d| {
            vec![
                Counter::Count(Counted::TwistedCorners, n),
                Counter::Distance {
                    distance: d,
                    max: 10,
                },
            ]
        };
        let r = Move::new(Face::R, 1);
        assert_eq!(
            move_line(r, &twisted(3, 4), &twisted(2, 3)),
            "R: 1 fewer twisted corner (3 → 2); distance 4 → 3"
        );
        assert_eq!(
            move_line(r, &twisted(2, 3), &twisted(4, 4)),
            "R: 2 more twisted corners (2 → 4); distance 3 → 4"
        );
        assert_eq!(
            move_line(r.inverse(), &twisted(4, 3), &twisted(4, 3)),
            "R': nothing this stage counts changed; distance stays 3"
        );
        let corners = |n| [Counter::Count(Counted::CornersOutsideTetrad, n)];
        assert_eq!(
            move_line(r, &corners(0), &corners(1)),
            "R: 1 more corner outside its tetrad (0 → 1)"
        );
    }

    #[test]
    fn a_parity_change_is_named_with_both_words() {
        let parity = |p| [Counter::Parity(p)];
        assert_eq!(
            move_line(
                Move::new(Face::U, 1),
                &parity(Parity::Odd),
                &parity(Parity::Even)
            ),
            "U: parity odd → even"
        );
    }

    #[test]
    fn a_cube_outside_the_stage_group_is_refused_with_the_unfinished_stage() {
        let cube = SOLVED.apply_move(Move::new(Face::F, 1));
        assert_eq!(
            counters(StageKind::SeparatePieces, &cube),
            Err(CounterError::OutsideStage {
                stage: StageKind::SeparatePieces,
                unfinished: StageKind::OrientEdges,
            })
        );
        let cube = SOLVED.apply_move(Move::new(Face::R, 1));
        assert_eq!(
            counters(StageKind::HalfTurnFinish, &cube),
            Err(CounterError::OutsideStage {
                stage: StageKind::HalfTurnFinish,
                unfinished: StageKind::OrientCornersSlice,
            })
        );
    }

    #[test]
    fn an_unreachable_cube_is_refused_not_counted() {
        let mut cube = SOLVED;
        cube.cp[0] = 9;
        for kind in StageKind::ALL {
            assert!(matches!(
                counters(kind, &cube),
                Err(CounterError::Invalid(_))
            ));
        }
    }
}

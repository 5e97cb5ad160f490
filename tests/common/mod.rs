//! What every solution promises, checked against independent descriptions of
//! the groups G1, G2, G3 rather than the coordinates the solver uses. Shared
//! by the solver's and the fewest-moves mode's tests.

use std::collections::HashSet;
use std::sync::OnceLock;
use thistle::cube::cubie::{CubieCube, Face, Move};
use thistle::solve::solver::{Solution, SolvedStage};
use thistle::solve::stage::StageKind;

pub mod axes;

use axes::{rotation_to_classic, seen_through};

pub const SUPERFLIP: &str = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
pub const CHECKERBOARD: &str = "U2 D2 F2 B2 L2 R2";

/// Corner permutations reachable by half turns, found by closing the six
/// half turns over whole cubes.
fn half_turn_corner_perms() -> &'static HashSet<[u8; 8]> {
    static SET: OnceLock<HashSet<[u8; 8]>> = OnceLock::new();
    SET.get_or_init(|| {
        let mut seen = HashSet::from([CubieCube::solved().cp]);
        let mut frontier = vec![CubieCube::solved()];
        while let Some(cube) = frontier.pop() {
            for face in Face::ALL {
                let next = cube.apply_move(Move::new(face, 2));
                if seen.insert(next.cp) {
                    frontier.push(next);
                }
            }
        }
        seen
    })
}

fn in_g1(c: &CubieCube) -> bool {
    c.eo.iter().all(|&o| o == 0)
}

fn in_g2(c: &CubieCube) -> bool {
    in_g1(c) && c.co.iter().all(|&o| o == 0) && (8..12).all(|i| c.ep[i] >= 8)
}

fn in_g3(c: &CubieCube) -> bool {
    let m_slice: [u8; 4] = [1, 3, 5, 7];
    in_g2(c)
        && m_slice.iter().all(|&i| m_slice.contains(&c.ep[i as usize]))
        && half_turn_corner_perms().contains(&c.cp)
        && !thistle::cube::cubie::is_odd(&c.ep)
}

pub(crate) fn in_goal(kind: StageKind, c: &CubieCube) -> bool {
    match kind {
        StageKind::OrientEdges => in_g1(c),
        StageKind::OrientCornersSlice => in_g2(c),
        StageKind::SeparatePieces => in_g3(c),
        StageKind::HalfTurnFinish => c.is_solved(),
    }
}

/// Checks that a stage is named as `kind` and turns only its group's
/// moves, seen through the rotation `r` to its axes.
pub(crate) fn check_stage_moves(stage: &SolvedStage, kind: StageKind, r: &str) {
    assert_eq!(stage.kind, kind);
    assert_eq!(stage.name, kind.name());
    let allowed = kind.allowed_moves();
    for &m in &stage.moves {
        let seen = seen_through(r, &[m]);
        assert!(
            allowed.iter().any(|a| a.cube() == &seen),
            "{} uses {m}, outside its group through {r}: {:?}",
            kind.name(),
            stage.moves
        );
    }
}

/// Checks that a solution of `cube` is four named stages in order, each
/// using only its group's moves and ending in the group the next stage
/// works in (both turned to the solution's axes), and that it solves the
/// cube. Returns the state each stage starts from.
pub fn check_stages(cube: &CubieCube, solution: &Solution) -> [CubieCube; 4] {
    let r = rotation_to_classic(solution.axes);
    // The cube as moves: the solution undone, checked to make the cube.
    let mut moves = solution.inverse_moves();
    assert_eq!(&CubieCube::solved().apply(&moves), cube);
    let mut starts = [*cube; 4];
    let mut state = *cube;
    for ((stage, kind), start) in solution.stages.iter().zip(StageKind::ALL).zip(&mut starts) {
        check_stage_moves(stage, kind, &r);
        *start = state;
        state = state.apply(&stage.moves);
        moves.extend(&stage.moves);
        assert!(
            in_goal(kind, &seen_through(&r, &moves)),
            "after {} the cube is not in its group on {:?}",
            kind.name(),
            solution.axes
        );
    }
    assert!(state.is_solved());
    starts
}

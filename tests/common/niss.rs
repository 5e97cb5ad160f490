//! What a NISS solution promises, checked on each side against the
//! independent descriptions of the groups in `common`: for the proofs'
//! tests.

use crate::common::axes::{rotation_to_classic, seen_through};
use crate::common::{check_stage_moves, in_goal};
use thistle::cube::cubie::{CubieCube, Move};
use thistle::solve::niss::{inverted, NissSolution, Side};
use thistle::solve::stage::StageKind;

/// Checks that a NISS solution of `cube` is four named stages in order,
/// each using only its group's moves and ending in the group the next
/// stage works in on its own side: the normal side sees `I⁻¹ · scramble ·
/// N` and the inverse side its inverse, `N` and `I` being the moves of
/// each side so far (all turned to the solution's axes); and that its
/// whole solution, `N · I⁻¹`, solves the cube.
pub fn check_niss_stages(cube: &CubieCube, solution: &NissSolution) {
    let r = rotation_to_classic(solution.axes);
    let whole = solution.moves();
    assert!(cube.apply(&whole).is_solved());
    let scramble = inverted(&whole);
    assert_eq!(&CubieCube::solved().apply(&scramble), cube);
    let (mut normal, mut inverse) = (Vec::new(), Vec::new());
    for ((stage, kind), side) in solution
        .stages
        .iter()
        .zip(StageKind::ALL)
        .zip(solution.sides)
    {
        check_stage_moves(stage, kind, &r);
        let (mine, other, start) = match side {
            Side::Normal => (&mut normal, &inverse, &scramble),
            Side::Inverse => (&mut inverse, &normal, &whole),
        };
        mine.extend(&stage.moves);
        let seen: Vec<Move> = [inverted(other), start.clone(), mine.clone()].concat();
        assert!(
            in_goal(kind, &seen_through(&r, &seen)),
            "after {} the {side:?} side is not in its group on {:?}",
            kind.name(),
            solution.axes
        );
    }
}

//! The first-move tables, the exact distances and the walks only speed
//! solving up: solves before `tables::prepare` builds them (descent tries
//! the moves in turn and the searches read the packed tables, as the page's
//! own start does) are the solves after it. One test in its own binary,
//! since the tables, once built, are built for the whole process.

use thistle::cube::cubie::CubieCube;
use thistle::solve::fewest::{self, DEFAULT_BUDGET};
use thistle::solve::stage::StageKind;
use thistle::solve::{scramble, solver, tables};

fn solve_all(cubes: &[CubieCube]) -> Vec<String> {
    cubes
        .iter()
        .flat_map(|cube| {
            let fast = solver::solve(cube).unwrap();
            let fewest = fewest::solve_fewest(cube, DEFAULT_BUDGET / 10).unwrap();
            [fast, fewest].map(|s| format!("{:?} {:?}", s.axes, s.stages))
        })
        .collect()
}

#[test]
fn solutions_are_the_same_before_and_after_the_tables_are_prepared() {
    let mut rng = scramble::rng(Some(12));
    let cubes: Vec<CubieCube> = (0..30).map(|_| scramble::random_state(&mut rng)).collect();
    assert!(StageKind::ALL
        .iter()
        .all(|&kind| tables::first_moves(kind).is_none() && tables::distances(kind).is_none()));
    assert!(StageKind::ALL
        .iter()
        .all(|&kind| tables::walks(kind).is_none()));
    let probing = solve_all(&cubes);
    tables::prepare();
    assert!(StageKind::ALL
        .iter()
        .all(|&kind| tables::first_moves(kind).is_some() && tables::distances(kind).is_some()));
    assert!(StageKind::ALL
        .iter()
        .any(|&kind| tables::walks(kind).is_some()));
    assert_eq!(solve_all(&cubes), probing);
}

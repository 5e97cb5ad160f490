//! The solver and its tables, checked against independent descriptions of
//! the groups G1, G2, G3 rather than the coordinates the solver uses.

mod common;

use common::{CHECKERBOARD, SUPERFLIP};
use std::sync::OnceLock;
use thistle::bfs::{self, Packed, PACKED_UNREACHED};
use thistle::cubie::{CubieCube, Move};
use thistle::facelet::FaceletError;
use thistle::notation;
use thistle::phase::{Phase, StageKind};
use thistle::scramble;
use thistle::solver::{self, SolveError};
use thistle::tables;

/// Exact distances of every stage, recomputed natively.
fn distances() -> &'static [Vec<u8>; 4] {
    static D: OnceLock<[Vec<u8>; 4]> = OnceLock::new();
    D.get_or_init(|| {
        let p = tables::phases();
        [
            bfs::distances(&p.edges),
            bfs::distances(&p.corners),
            bfs::distances(&p.separate),
            bfs::distances(&p.finish),
        ]
    })
}

fn stage_distance(kind: StageKind, cube: &CubieCube) -> u8 {
    let p = tables::phases();
    let d = &distances()[kind.index()];
    match kind {
        StageKind::OrientEdges => d[p.edges.index(p.edges.coord(cube))],
        StageKind::OrientCornersSlice => d[p.corners.index(p.corners.coord(cube))],
        StageKind::SeparatePieces => d[p.separate.index(p.separate.coord(cube))],
        StageKind::HalfTurnFinish => d[p.finish.index(p.finish.coord(cube))],
    }
}

/// Checks every promise a solution makes about the cube it solves,
/// including that each stage is optimal for its goal.
fn check_solution(cube: &CubieCube) -> usize {
    let solution = solver::solve(cube);
    let starts = common::check_stages(cube, &solution);
    for ((stage, kind), start) in solution.stages.iter().zip(StageKind::ALL).zip(&starts) {
        assert_eq!(
            stage.moves.len(),
            stage_distance(kind, start) as usize,
            "{} is not optimal",
            kind.name()
        );
    }
    assert!(solution.len() <= 45);
    solution.len()
}

#[test]
fn tables_have_the_packed_sizes() {
    let sizes: Vec<usize> = tables::distance_tables()
        .iter()
        .map(|t| t.0.len())
        .collect();
    assert_eq!(sizes, vec![512, 73_812, 7_350, 165_888]);
    assert!(sizes.iter().sum::<usize>() <= 640_000);
}

#[test]
fn histograms_match_the_golden_file_and_the_known_maxima() {
    let golden = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tables/histograms.txt"
    ))
    .unwrap();
    let p = tables::phases();
    let d = distances();
    let histograms = [
        bfs::histogram(&p.edges, &d[0]),
        bfs::histogram(&p.corners, &d[1]),
        bfs::histogram(&p.separate, &d[2]),
        bfs::histogram(&p.finish, &d[3]),
    ];
    let recomputed: Vec<String> = histograms
        .iter()
        .enumerate()
        .map(|(i, h)| bfs::histogram_line(i + 1, h))
        .collect();
    assert_eq!(recomputed.join("\n") + "\n", golden);
    assert_eq!(tables::HISTOGRAMS, golden);
    for (hist, kind) in histograms.iter().zip(StageKind::ALL) {
        assert_eq!(hist[0], 1, "one goal coordinate");
        assert_eq!(hist.len() - 1, kind.max_length());
    }
    let sizes: Vec<usize> = histograms.iter().map(|h| h.iter().sum()).collect();
    assert_eq!(sizes, vec![2_048, 1_082_565, 29_400, 663_552]);
}

/// A breadth-first search over every raw (twist, placement) coordinate of
/// stage 2, with no symmetry, agrees with the reduced table everywhere.
#[test]
fn symmetry_reduced_stage_two_table_is_exact() {
    let phase = &tables::phases().corners;
    let reduced = &distances()[1];
    let (n_twist, n_slice) = (thistle::coord::N_TWIST, thistle::coord::N_SLICE);
    let mut raw = vec![u8::MAX; n_twist * n_slice];
    let (t0, s0) = phase.goal();
    raw[t0 as usize * n_slice + s0 as usize] = 0;
    let mut queue = vec![(t0, s0)];
    let mut head = 0;
    while head < queue.len() {
        let (t, s) = queue[head];
        head += 1;
        let next_distance = raw[t as usize * n_slice + s as usize] + 1;
        for k in 0..phase.moves().len() {
            let (nt, ns) = phase.step((t, s), k);
            let slot = &mut raw[nt as usize * n_slice + ns as usize];
            if *slot == u8::MAX {
                *slot = next_distance;
                queue.push((nt, ns));
            }
        }
    }
    for t in 0..n_twist as u16 {
        for s in 0..n_slice as u16 {
            assert_eq!(
                raw[t as usize * n_slice + s as usize],
                reduced[phase.index((t, s))],
                "twist {t}, placement {s}"
            );
        }
    }
}

#[test]
fn embedded_tables_equal_the_recomputed_distances() {
    for (d, table) in distances().iter().zip(tables::distance_tables()) {
        assert_eq!(bfs::pack(d), table.0);
    }
}

fn every_entry_has_a_neighbour_one_closer<P: Phase>(phase: &P, table: Packed) {
    let goal = phase.index(phase.goal());
    assert_eq!(table.get(goal), 0);
    for index in 0..P::SIZE {
        let value = table.get(index);
        if index == goal || value == PACKED_UNREACHED {
            continue;
        }
        let coord = phase.coord_at(index);
        let want = (value + 2) % 3;
        assert!(
            (0..phase.moves().len()).any(|k| table.get(phase.index(phase.step(coord, k))) == want),
            "{:?} entry {index} has no neighbour one move closer",
            P::KIND
        );
    }
}

#[test]
fn every_nonzero_entry_has_a_neighbour_one_closer() {
    let p = tables::phases();
    let [t1, t2, t3, t4] = tables::distance_tables();
    every_entry_has_a_neighbour_one_closer(&p.edges, t1);
    every_entry_has_a_neighbour_one_closer(&p.corners, t2);
    every_entry_has_a_neighbour_one_closer(&p.separate, t3);
    every_entry_has_a_neighbour_one_closer(&p.finish, t4);
}

#[test]
fn stage_move_sets_are_their_groups_generators() {
    let names = |k: StageKind| notation::format_moves(&k.allowed_moves());
    assert_eq!(names(StageKind::OrientEdges).split(' ').count(), 18);
    assert_eq!(
        names(StageKind::OrientCornersSlice),
        "U U2 U' R R2 R' F2 D D2 D' L L2 L' B2"
    );
    assert_eq!(
        names(StageKind::SeparatePieces),
        "U U2 U' R2 F2 D D2 D' L2 B2"
    );
    assert_eq!(names(StageKind::HalfTurnFinish), "U2 R2 F2 D2 L2 B2");
}

#[test]
fn ten_thousand_random_states_solve_stage_by_stage() {
    let mut rng = scramble::rng(Some(2026));
    let total: usize = (0..10_000)
        .map(|_| check_solution(&scramble::random_state(&mut rng)))
        .sum();
    let mean = total as f64 / 10_000.0;
    assert!((30.0..32.0).contains(&mean), "mean length {mean}");
}

#[test]
fn superflip_needs_all_four_stages() {
    let cube = notation::parse(SUPERFLIP).unwrap().cube();
    check_solution(&cube);
    assert!(solver::solve(&cube)
        .stages
        .iter()
        .all(|s| !s.moves.is_empty()));
}

#[test]
fn checkerboard_needs_only_half_turns() {
    let cube = notation::parse(CHECKERBOARD).unwrap().cube();
    check_solution(&cube);
    let solution = solver::solve(&cube);
    assert!(solution.stages[..3].iter().all(|s| s.moves.is_empty()));
    assert_eq!(solution.stages[3].moves.len(), 6);
}

#[test]
fn solved_cube_has_four_empty_stages() {
    let solution = solver::solve(&CubieCube::solved());
    assert!(solution.is_empty());
    assert_eq!(solution.stages.len(), 4);
}

#[test]
fn single_moves_are_undone_in_one_move() {
    for m in Move::ALL {
        let cube = CubieCube::solved().apply_move(m);
        check_solution(&cube);
        assert_eq!(solver::solve(&cube).moves(), vec![m.inverse()]);
    }
}

#[test]
fn states_already_in_a_subgroup_skip_the_stages_they_need_not_do() {
    let mut rng = scramble::rng(Some(9));
    for (skip, kind) in [
        (1, StageKind::OrientCornersSlice),
        (2, StageKind::SeparatePieces),
        (3, StageKind::HalfTurnFinish),
    ] {
        let group = kind.allowed_moves();
        for _ in 0..200 {
            let moves: Vec<Move> = scramble::random_moves(&mut rng, 30)
                .into_iter()
                .filter(|m| group.contains(m))
                .collect();
            let cube = CubieCube::solved().apply(&moves);
            check_solution(&cube);
            let solution = solver::solve(&cube);
            assert!(
                solution.stages[..skip].iter().all(|s| s.moves.is_empty()),
                "{kind:?}"
            );
        }
    }
}

#[test]
fn joins_are_merged_into_the_earlier_stage() {
    let mut rng = scramble::rng(Some(4));
    let mut merged = 0;
    for _ in 0..2_000 {
        let cube = scramble::random_state(&mut rng);
        let unmerged = solver::solve_stages(&cube);
        let solution = solver::solve(&cube);
        merged += unmerged.iter().map(Vec::len).sum::<usize>() - solution.len();
        for pair in solution.stages.windows(2) {
            if let (Some(a), Some(b)) = (pair[0].moves.last(), pair[1].moves.first()) {
                assert_ne!(a.face, b.face);
            }
        }
    }
    assert!(merged > 0);
}

#[test]
fn invalid_states_are_rejected_with_their_errors() {
    let twisted = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
        .chars()
        .enumerate()
        .map(|(i, c)| match i {
            29 => 'R',
            26 => 'D',
            15 => 'F',
            _ => c,
        })
        .collect::<String>();
    match solver::solve_facelets(&twisted) {
        Err(SolveError::Invalid(state)) => assert!(matches!(
            state.0.as_slice(),
            [FaceletError::Cubie(
                thistle::cubie::CubieError::Twist { .. }
            )]
        )),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        solver::solve_facelets("UUU"),
        Err(SolveError::Invalid(_))
    ));
    let e = solver::solve_text("R U X").unwrap_err();
    assert_eq!(e.column(), Some(5));
    let mut broken = CubieCube::solved();
    broken.eo[0] = 1;
    assert!(solver::try_solve(&broken).is_err());
}

#[test]
fn random_state_scrambles_reproduce_their_state() {
    let mut rng = scramble::rng(Some(11));
    for _ in 0..500 {
        let (cube, moves) = solver::random_state_scramble(&mut rng);
        assert!(moves.len() >= 2);
        assert_eq!(CubieCube::solved().apply(&moves), cube);
    }
}

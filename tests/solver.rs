//! The solver and its tables, checked against independent descriptions of
//! the groups G1, G2, G3 rather than the coordinates the solver uses.

mod common;

use common::{CHECKERBOARD, SUPERFLIP};
use std::sync::OnceLock;
use thistle::cube::cubie::{CubieCube, CubieError, Move};
use thistle::cube::facelet::FaceletError;
use thistle::cube::notation;
use thistle::input::{Input, InputError, Mode, Solved};
use thistle::solve::bfs::{self, Packed, PACKED_UNREACHED};
use thistle::solve::scramble;
use thistle::solve::solver::{self, Solution};
use thistle::solve::stage::{self, Stage, StageKind, StageVisitor};
use thistle::solve::tables;

/// Exact distances of a stage, recomputed natively.
struct Distances;

impl StageVisitor for Distances {
    type Output = Vec<u8>;
    fn visit<S: Stage>(self, stage: &S) -> Vec<u8> {
        bfs::distances(stage)
    }
}

/// Exact distances of every stage, recomputed natively.
fn distances() -> &'static Vec<Vec<u8>> {
    static D: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    D.get_or_init(|| {
        StageKind::ALL
            .map(|kind| tables::stages().visit(kind, Distances))
            .to_vec()
    })
}

/// A cube's exact distance from a stage's goal, by the recomputed table.
struct DistanceOf<'a>(&'a CubieCube);

impl StageVisitor for DistanceOf<'_> {
    type Output = u8;
    fn visit<S: Stage>(self, stage: &S) -> u8 {
        distances()[S::KIND.index()][stage.index(stage.coord(self.0))]
    }
}

fn solve(cube: &CubieCube) -> Solution {
    solver::solve(cube).expect("a valid cube")
}

/// Solves a cube and checks every promise its solution makes, including
/// that each stage is optimal for its goal.
fn check_solution(cube: &CubieCube) -> Solution {
    let solution = solve(cube);
    let starts = common::check_stages(cube, &solution);
    for ((stage, kind), start) in solution.stages.iter().zip(StageKind::ALL).zip(&starts) {
        let distance = tables::stages().visit(kind, DistanceOf(start));
        assert_eq!(
            stage.moves.len(),
            distance as usize,
            "{} is not optimal",
            kind.name()
        );
    }
    assert!(solution.len() <= 45);
    solution
}

#[test]
fn tables_have_the_packed_sizes() {
    let sizes: Vec<usize> = StageKind::ALL
        .iter()
        .map(|&kind| tables::table(kind).0.len())
        .collect();
    assert_eq!(sizes, vec![512, 44_287, 7_350, 165_888]);
    assert!(sizes.iter().sum::<usize>() <= 640_000);
}

#[test]
fn histograms_match_the_golden_file_and_the_known_maxima() {
    let golden = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tables/histograms.txt"
    ))
    .unwrap();
    struct Histogram<'a>(&'a [u8]);
    impl StageVisitor for Histogram<'_> {
        type Output = Vec<usize>;
        fn visit<S: Stage>(self, stage: &S) -> Vec<usize> {
            bfs::histogram(stage, self.0)
        }
    }
    let histograms = StageKind::ALL
        .map(|kind| tables::stages().visit(kind, Histogram(&distances()[kind.index()])));
    let recomputed: Vec<String> = histograms
        .iter()
        .enumerate()
        .map(|(i, h)| bfs::histogram_line(i + 1, h))
        .collect();
    assert_eq!(recomputed.join("\n") + "\n", golden);
    assert_eq!(stage::GOLDEN_HISTOGRAMS, golden);
    for (hist, kind) in histograms.iter().zip(StageKind::ALL) {
        assert_eq!(hist[0], 1, "one goal coordinate");
        assert_eq!(hist.len() - 1, kind.max_length());
    }
    let maxima = StageKind::ALL.map(StageKind::max_length);
    assert_eq!(
        maxima,
        [7, 10, 13, 15],
        "the known maxima of Thistlethwaite's stages"
    );
    let sizes: Vec<usize> = histograms.iter().map(|h| h.iter().sum()).collect();
    assert_eq!(sizes, vec![2_048, 1_082_565, 29_400, 663_552]);
}

/// A breadth-first search over every raw (twist, placement) coordinate of
/// stage 2, with no symmetry, agrees with the reduced table everywhere.
#[test]
fn symmetry_reduced_stage_two_table_is_exact() {
    let stage = &tables::stages().orient_corners_slice;
    let reduced = &distances()[1];
    let (n_twist, n_slice) = (thistle::cube::coord::N_TWIST, thistle::cube::coord::N_SLICE);
    let mut raw = vec![u8::MAX; n_twist * n_slice];
    let (t0, s0) = stage.goal();
    raw[t0 as usize * n_slice + s0 as usize] = 0;
    let mut queue = vec![(t0, s0)];
    let mut head = 0;
    while head < queue.len() {
        let (t, s) = queue[head];
        head += 1;
        let next_distance = raw[t as usize * n_slice + s as usize] + 1;
        for k in 0..stage.moves().len() {
            let (nt, ns) = stage.step((t, s), k);
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
                reduced[stage.index((t, s))],
                "twist {t}, placement {s}"
            );
        }
    }
}

#[test]
fn embedded_tables_equal_the_recomputed_distances() {
    for (d, kind) in distances().iter().zip(StageKind::ALL) {
        assert_eq!(bfs::pack(d), tables::table(kind).0);
    }
}

/// Checks that descent can never stall on a stage's embedded table.
struct EveryEntryHasANeighbourOneCloser;

impl StageVisitor for EveryEntryHasANeighbourOneCloser {
    type Output = ();
    fn visit<S: Stage>(self, stage: &S) {
        let table: Packed = tables::table(S::KIND);
        let goal = stage.index(stage.goal());
        assert_eq!(table.get(goal), 0);
        for index in 0..S::SIZE {
            let value = table.get(index);
            if index == goal || value == PACKED_UNREACHED {
                continue;
            }
            let coord = stage.coord_at(index);
            let want = (value + 2) % 3;
            assert!(
                (0..stage.moves().len())
                    .any(|k| table.get(stage.index(stage.step(coord, k))) == want),
                "{:?} entry {index} has no neighbour one move closer",
                S::KIND
            );
        }
    }
}

#[test]
fn every_nonzero_entry_has_a_neighbour_one_closer() {
    for kind in StageKind::ALL {
        tables::stages().visit(kind, EveryEntryHasANeighbourOneCloser);
    }
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
        .map(|_| check_solution(&scramble::random_state(&mut rng)).len())
        .sum();
    let mean = total as f64 / 10_000.0;
    assert!((30.0..32.0).contains(&mean), "mean length {mean}");
}

#[test]
fn superflip_needs_all_four_stages() {
    let cube = notation::parse(SUPERFLIP).unwrap().cube();
    let solution = check_solution(&cube);
    assert!(solution.stages.iter().all(|s| !s.moves.is_empty()));
}

#[test]
fn checkerboard_needs_only_half_turns() {
    let cube = notation::parse(CHECKERBOARD).unwrap().cube();
    let solution = check_solution(&cube);
    assert!(solution.stages[..3].iter().all(|s| s.moves.is_empty()));
    assert_eq!(solution.stages[3].moves.len(), 6);
}

#[test]
fn solved_cube_has_four_empty_stages() {
    let solution = check_solution(&CubieCube::solved());
    assert!(solution.is_empty());
    let named: Vec<(StageKind, &str)> = solution.stages.iter().map(|s| (s.kind, s.name)).collect();
    assert_eq!(
        named,
        [
            (StageKind::OrientEdges, "Orient edges"),
            (StageKind::OrientCornersSlice, "Orient corners + slice"),
            (StageKind::SeparatePieces, "Separate pieces"),
            (StageKind::HalfTurnFinish, "Half-turn finish"),
        ]
    );
}

#[test]
fn single_moves_are_undone_in_one_move() {
    for m in Move::ALL {
        let cube = CubieCube::solved().apply_move(m);
        assert_eq!(check_solution(&cube).moves(), vec![m.inverse()]);
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
            let solution = check_solution(&cube);
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
        let unmerged = solver::stage_moves(&cube);
        let solution = solve(&cube);
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
    let solve_state = |text: &str| Solved::new(Input::Facelets(text.into()), Mode::Fast);
    match solve_state(&twisted) {
        Err(InputError::Invalid(state)) => assert!(matches!(
            state.0.as_slice(),
            [FaceletError::Cubie(CubieError::Twist { .. })]
        )),
        other => panic!("{other:?}"),
    }
    assert!(matches!(solve_state("UUU"), Err(InputError::Invalid(_))));
    let e = Solved::new(Input::Scramble("R U X".into()), Mode::Fast).unwrap_err();
    assert_eq!(e.column(), Some(5));
}

#[test]
fn the_solver_refuses_a_cube_face_turns_cannot_reach() {
    let mut flipped = CubieCube::solved();
    flipped.eo[0] = 1;
    assert_eq!(
        solver::solve(&flipped).unwrap_err().0,
        vec![CubieError::Flip { positions: vec![0] }]
    );
    // A corner numbered out of range used to be masked into range and
    // solved as some other cube.
    let mut garbage = CubieCube::solved();
    garbage.cp[0] = 9;
    assert_eq!(
        solver::solve(&garbage).unwrap_err().0,
        vec![CubieError::CornerOutOfRange { position: 0 }]
    );
}

#[test]
fn random_state_scrambles_reproduce_their_state() {
    let mut rng = scramble::rng(Some(11));
    for _ in 0..500 {
        let (cube, moves) = scramble::random_state_scramble(&mut rng);
        assert!(moves.len() >= 2);
        assert_eq!(CubieCube::solved().apply(&moves), cube);
    }
}

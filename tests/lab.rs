//! The FMC lab's alternatives on states no test has seen before (drawn
//! afresh each run; a failure names its seed): for stages 1 to 3, with and
//! without NISS, after the solve's own earlier stages, the stage on show
//! leads its list with the solution's total, no list's best is longer, and
//! a list of 8 is the first 8 of a list of 20, which is sorted by total.

use proptest::prelude::*;
use thistle::lab::alternatives;
use thistle::solve::niss::NissSolution;
use thistle::solve::stage::StageKind;
use thistle::solve::{fewest, scramble, tables};

proptest! {
    #![proptest_config(ProptestConfig { cases: 2, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_stage_on_show_leads_and_longer_lists_begin_with_shorter_ones(seed in any::<u64>()) {
        tables::prepare();
        let (cube, _) = scramble::fmc_scramble(&mut scramble::rng(Some(seed)));
        for niss in [false, true] {
            let shown = if niss {
                fewest::solve_fewest_niss(&cube, fewest::DEFAULT_BUDGET).unwrap()
            } else {
                NissSolution::normal(fewest::solve_fewest(&cube, fewest::DEFAULT_BUDGET).unwrap())
            };
            let length = shown.moves().len();
            for kind in &StageKind::ALL[..3] {
                let (before, first) = alternatives::on_show(&shown, *kind);
                prop_assert!(first.on_show);
                prop_assert_eq!(first.solution.len(), length);
                prop_assert_eq!(&first.moves, &shown.stages[kind.index()].moves);
                let eight = alternatives::alternatives(&cube, &before, *kind, &first, 8, niss).unwrap();
                let twenty = alternatives::alternatives(&cube, &before, *kind, &first, 20, niss).unwrap();
                prop_assert!(eight.len() == 8 || eight.len() == twenty.len());
                prop_assert_eq!(&eight[..], &twenty[..eight.len()], "seed {} niss {} {:?}", seed, niss, kind);
                prop_assert!(twenty.windows(2).all(|w| w[0].solution.len() <= w[1].solution.len()), "sorted by total");
                for a in &twenty {
                    prop_assert!(!a.on_show);
                    prop_assert!(a.moves != first.moves || a.side != first.side, "the stage on show is listed once");
                    prop_assert!(cube.apply(&a.solution).is_solved());
                }
                // The list, the stage on show first, is never best at more
                // than the solution.
                let best = std::iter::once(&first).chain(&twenty).map(|a| a.solution.len()).min();
                prop_assert!(best <= Some(length));
            }
        }
    }
}

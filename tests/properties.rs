//! Property tests: nothing a user types or pastes panics, and conversions
//! round-trip.

use proptest::prelude::*;
use thistle::cubie::CubieCube;
use thistle::{facelet, notation, scramble};

proptest! {
    #[test]
    fn notation_never_panics(text in "\\PC{0,200}") {
        let _ = notation::parse(&text);
    }

    #[test]
    fn notation_like_text_never_panics(text in "[URFDLBMESxyzurfdlbw2'3 ()\\[\\],:.0-9/\n]{0,120}") {
        if let Ok(alg) = notation::parse(&text) {
            let reparsed = notation::parse(&alg.to_string()).unwrap();
            prop_assert_eq!(reparsed.cube(), alg.cube());
        }
    }

    #[test]
    fn facelet_reader_never_panics(text in "[URFDLBWYGO]{50,58}") {
        let _ = facelet::parse(&text);
    }

    #[test]
    fn facelets_round_trip_on_random_states(seed in any::<u64>()) {
        let cube = scramble::random_state(&mut scramble::rng(Some(seed)));
        prop_assert_eq!(facelet::parse(&facelet::to_string(&cube)), Ok(cube));
    }

    #[test]
    fn scramble_text_round_trips_through_the_parser(seed in any::<u64>()) {
        let moves = scramble::random_moves(&mut scramble::rng(Some(seed)), 30);
        let text = notation::format_moves(&moves);
        prop_assert_eq!(notation::parse(&text).unwrap().cube(), CubieCube::solved().apply(&moves));
    }
}

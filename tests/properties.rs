//! Property tests: nothing a user types or pastes panics, and conversions
//! round-trip.

use proptest::prelude::*;
use thistle::cube::cubie::CubieCube;
use thistle::cube::{facelet, notation};
use thistle::input::{Input, Mode};
use thistle::share::{self, Shared};
use thistle::solve::scramble;

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
    fn the_quick_validity_check_agrees_with_verify(cp in proptest::array::uniform8(0u8..9), co in proptest::array::uniform8(0u8..4), ep in proptest::array::uniform12(0u8..13), eo in proptest::array::uniform12(0u8..3)) {
        let cube = CubieCube { cp, co, ep, eo };
        prop_assert_eq!(cube.check().is_ok(), cube.verify().is_empty());
    }

    #[test]
    fn permuted_states_are_valid_exactly_when_verify_finds_nothing(seed in any::<u64>(), swaps in proptest::collection::vec((0usize..12, 0usize..12, any::<bool>()), 0..3)) {
        let mut cube = scramble::random_state(&mut scramble::rng(Some(seed)));
        for (a, b, corners) in swaps {
            if corners { cube.cp.swap(a % 8, b % 8) } else { cube.ep.swap(a, b) }
        }
        prop_assert_eq!(cube.check().is_ok(), cube.verify().is_empty());
    }

    #[test]
    fn scramble_text_round_trips_through_the_parser(seed in any::<u64>()) {
        let moves = scramble::random_moves(&mut scramble::rng(Some(seed)), 30);
        let text = notation::format_moves(&moves);
        prop_assert_eq!(notation::parse(&text).unwrap().cube(), CubieCube::solved().apply(&moves));
    }

    #[test]
    fn any_query_string_decodes_without_panicking(text in "\\PC{0,300}") {
        let _ = share::decode(&text);
    }

    #[test]
    fn query_like_strings_decode_without_panicking(text in "[?&=%_+\\-a-z0-9A-F']{0,80}") {
        let _ = share::decode(&text);
    }

    #[test]
    fn share_links_round_trip_states_and_positions(seed in any::<u64>(), position in 0usize..60, fewest in any::<bool>(), as_facelets in any::<bool>()) {
        let mut rng = scramble::rng(Some(seed));
        let input = if as_facelets {
            Input::Facelets(facelet::to_string(&scramble::random_state(&mut rng)))
        } else {
            Input::Scramble(notation::format_moves(&scramble::random_moves(&mut rng, 25)))
        };
        let mode = Some(if fewest { Mode::Fewest } else { Mode::Fast });
        let shared = Shared { input, mode, view: None, solution: None, stages: None, embed: false, handout: false, position };
        prop_assert_eq!(share::decode(&share::encode(&shared)), Ok(shared));
    }

    #[test]
    fn any_scramble_text_survives_a_share_link(text in "\\PC{0,80}") {
        let shared = Shared { input: Input::Scramble(text), mode: Some(Mode::Fast), view: None, solution: None, stages: None, embed: false, handout: false, position: 3 };
        prop_assert_eq!(share::decode(&share::encode(&shared)), Ok(shared));
    }
}

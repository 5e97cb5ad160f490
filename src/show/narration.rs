//! Narration: what a screen reader hears as a solution plays, and the cube
//! in words. Playback says where the playhead went; this module turns that
//! into one sentence for the page's live region (the move in notation and
//! in words, the position, the stage, and what a finished stage reached),
//! a facelet state into per-face rows of colour names, and each stage in
//! one plain sentence for a beginner.

use crate::cube::colour;
use crate::cube::cubie::{CubieCube, Face, Move};
use crate::cube::facelet;
use crate::show::playback::Timeline;
use crate::solve::stage::StageKind;

/// What stage `kind` does, in one sentence a beginner understands: no
/// groups, cosets or move sets (the stage panel keeps those for after it),
/// and true in every axis orientation.
pub fn plain(kind: StageKind) -> &'static str {
    match kind {
        StageKind::OrientEdges => {
            "Turns every edge the right way round, so that no edge needs flipping again."
        }
        StageKind::OrientCornersSlice => {
            "Turns every corner the right way up, and gathers four edges into the middle layer."
        }
        StageKind::SeparatePieces => {
            "Sorts the pieces so that from here on half turns alone can finish the cube."
        }
        StageKind::HalfTurnFinish => "Solves the cube with half turns only.",
    }
}

/// Seconds per move below which playback is too fast to narrate each move:
/// only stage changes are announced then, so a screen reader keeps up.
pub const NARRATED_MOVE_SECONDS: f64 = 1.0;

/// The face a move turns, as a person says it.
pub fn face_words(face: Face) -> &'static str {
    match face {
        Face::U => "top face",
        Face::D => "bottom face",
        Face::R => "right face",
        Face::L => "left face",
        Face::F => "front face",
        Face::B => "back face",
    }
}

/// A move in notation, with the typographic prime screen readers say as
/// "prime": `R′`, `U2`.
pub fn notation(m: Move) -> String {
    m.to_string().replace('\'', "′")
}

/// A move in words: "right face counter-clockwise", "top face half turn".
pub fn move_words(m: Move) -> String {
    let turn = match m.quarters {
        1 => "clockwise",
        2 => "half turn",
        _ => "counter-clockwise",
    };
    format!("{} {turn}", face_words(m.face))
}

/// A move for a person turning the cube in hand, held as follow along
/// says (top and front fixed): the face and the turn as they look at it,
/// and for a quarter turn which way the layer goes as seen from the front,
/// where the back, bottom and left faces are not in view: "the back face,
/// clockwise as you look at it: from the front, its top edge goes left".
pub fn follow_words(m: Move) -> String {
    // The edge in view from the front, and where it goes on a clockwise turn.
    let (edge, clockwise, against) = match m.face {
        Face::U => ("front", "left", "right"),
        Face::D => ("front", "right", "left"),
        Face::R => ("front", "up", "down"),
        Face::L => ("front", "down", "up"),
        Face::F => ("top", "right", "left"),
        Face::B => ("top", "left", "right"),
    };
    let face = face_words(m.face);
    match m.quarters {
        2 => format!("the {face}, a half turn"),
        1 => format!("the {face}, clockwise as you look at it: from the front, its {edge} edge goes {clockwise}"),
        _ => format!("the {face}, counter-clockwise as you look at it: from the front, its {edge} edge goes {against}"),
    }
}

/// "Move 3 of 22, Orient edges" (or where the playhead stands at the ends):
/// `at` moves played, named with `segment`'s stage. At the ends, the count
/// is of the moves a person makes: with NISS, the whole solution's, not
/// the stages' and its replay together.
fn position(timeline: &Timeline, at: usize, segment: usize) -> String {
    let total = timeline.len();
    let to_make = timeline.moves_to_make();
    if at == 0 {
        let count = if to_make == 1 { "1 move" } else { "moves" };
        return match to_make {
            0 => "Solved: nothing to do".to_string(),
            1 => format!("Start: {count} to solve"),
            n => format!("Start: {n} {count} to solve"),
        };
    }
    if at >= total {
        return format!("Move {to_make} of {to_make}: solved");
    }
    let name = timeline.segment_name(segment);
    let (at, of) = timeline.counted(segment, at);
    if Some(segment) == timeline.whole_segment() {
        return format!("{name}, move {at} of {of}");
    }
    format!("Move {at} of {of}, {name}")
}

/// The stages whose last move is move `at` (a stage with no moves ends
/// where the one before it does).
fn stages_done_at(timeline: &Timeline, at: usize) -> impl Iterator<Item = StageKind> + '_ {
    StageKind::ALL
        .into_iter()
        .take(timeline.stage_count())
        .filter(move |kind| at > 0 && timeline.stage_end(kind.index()) == at)
}

/// "Orient edges done: no flipped edges."
fn done(kind: StageKind) -> String {
    format!("{} done: {}.", kind.name(), kind.info().reached)
}

/// What to announce when the playhead went from `from` moves applied to
/// `to`. `fast` is true while playback runs faster than one move per
/// `NARRATED_MOVE_SECONDS`: then only a finished stage is announced, and
/// the result may be empty.
pub fn announce(timeline: &Timeline, from: usize, to: usize, fast: bool) -> String {
    // A jump into the whole solution replayed lands on the real scramble
    // (or further on it): the stages passed over are not what is on show.
    let into_whole = to != from + 1
        && timeline
            .whole_segment()
            .is_some_and(|whole| to >= timeline.stage_start(whole));
    let finished: Vec<String> = if to > from && !into_whole {
        (from + 1..=to)
            .flat_map(|at| stages_done_at(timeline, at))
            .map(done)
            .collect()
    } else {
        Vec::new()
    };
    if fast {
        return finished.join(" ");
    }
    // A move just made is named with its own stage, even where it ends
    // one: "F … Orient corners + slice" would file a stage's last move
    // under a stage that may not use it. Elsewhere the playhead is where
    // the next move's stage begins, as the status line has it.
    let (moved, segment) = match (from, to) {
        _ if to == from + 1 => {
            let m = timeline.moves()[from];
            (
                format!("{}, {}. ", notation(m), move_words(m)),
                timeline.stage_of(from),
            )
        }
        _ if from == to + 1 => (
            format!("Back: undid {}. ", notation(timeline.moves()[to])),
            timeline.stage_of(to),
        ),
        _ => (String::new(), timeline.stage_of(to)),
    };
    let mut text = format!("{moved}{}.", position(timeline, to, segment));
    for line in finished {
        text.push(' ');
        text.push_str(&line);
    }
    text
}

/// One face of the cube in words: its name, its centre's colour, and its
/// nine stickers' colours in three rows, read as facelet strings are.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FaceInWords {
    pub face: &'static str,
    pub centre: &'static str,
    pub rows: [[&'static str; 3]; 3],
}

/// The cube face by face (U R F D L B), as colour names.
pub fn describe(cube: &CubieCube) -> Vec<FaceInWords> {
    let faces = facelet::faces(cube);
    let name = |face: Face| colour::colour(face).name;
    Face::ALL
        .into_iter()
        .map(|face| {
            let first = face.index() * 9;
            FaceInWords {
                face: face_words(face),
                centre: name(face),
                rows: std::array::from_fn(|row| {
                    std::array::from_fn(|column| name(faces[first + 3 * row + column]))
                }),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follow_along_says_which_way_a_layer_goes_as_seen_from_the_front() {
        let words =
            |text: &str| follow_words(crate::cube::notation::parse(text).unwrap().face_moves()[0]);
        assert_eq!(
            words("B"),
            "the back face, clockwise as you look at it: from the front, its top edge goes left"
        );
        assert_eq!(words("D'"), "the bottom face, counter-clockwise as you look at it: from the front, its front edge goes left");
        assert_eq!(words("L2"), "the left face, a half turn");
        // Each quarter turn's edge goes where the turn takes the sticker there:
        // U takes the front's stickers to the left face, R the front's up.
        assert!(words("U").ends_with("its front edge goes left"));
        assert!(words("R").ends_with("its front edge goes up"));
        assert!(words("F").ends_with("its top edge goes right"));
    }
    use crate::cube::notation::parse as parse_alg;

    /// How it works, opened below the plain sentence, says more than it:
    /// never the same words twice in a row.
    #[test]
    fn how_it_works_never_repeats_the_plain_sentence() {
        for kind in StageKind::ALL {
            assert_ne!(plain(kind), kind.description(), "{}", kind.name());
        }
    }

    fn timeline(stages: &[&str]) -> Timeline {
        let stages: Vec<Vec<Move>> = stages
            .iter()
            .map(|s| parse_alg(s).expect("valid moves").face_moves())
            .collect();
        let scramble: Vec<Move> = stages.iter().flatten().rev().map(|m| m.inverse()).collect();
        Timeline::new(CubieCube::solved().apply(&scramble), &stages)
    }

    #[test]
    fn each_stage_opens_with_one_plain_sentence_free_of_group_theory() {
        for kind in StageKind::ALL {
            let sentence = plain(kind);
            assert!(
                sentence.ends_with('.') && sentence.matches(". ").count() == 0,
                "{sentence}"
            );
            for word in [
                "coset", "G0", "G1", "G2", "G3", "⟨", "tetrad", "parity", "orient",
            ] {
                assert!(
                    !sentence.to_lowercase().contains(&word.to_lowercase()),
                    "{word} in {sentence}"
                );
            }
        }
    }

    #[test]
    fn a_step_names_the_move_in_notation_and_words_with_position_and_stage() {
        let t = timeline(&["R' F", "U2", "", "R2"]);
        assert_eq!(
            announce(&t, 0, 1, false),
            "R′, right face counter-clockwise. Move 1 of 4, Orient edges."
        );
        assert_eq!(
            announce(&t, 1, 2, false),
            "F, front face clockwise. Move 2 of 4, Orient edges. \
             Orient edges done: no flipped edges."
        );
        assert_eq!(
            announce(&t, 2, 3, false),
            "U2, top face half turn. Move 3 of 4, Orient corners + slice. \
             Orient corners + slice done: every corner oriented and the four slice edges in \
             their slice. Separate pieces done: each face shows only its own colour and the \
             opposite one."
        );
        assert_eq!(
            announce(&t, 3, 4, false),
            "R2, right face half turn. Move 4 of 4: solved. Half-turn finish done: the cube is solved."
        );
    }

    #[test]
    fn stepping_back_and_jumping_say_where_the_playhead_is() {
        let t = timeline(&["R' F", "U2", "", "R2"]);
        assert_eq!(
            announce(&t, 2, 1, false),
            "Back: undid F. Move 1 of 4, Orient edges."
        );
        assert_eq!(announce(&t, 3, 0, false), "Start: 4 moves to solve.");
        assert_eq!(
            announce(&t, 0, 4, false),
            "Move 4 of 4: solved. Orient edges done: no flipped edges. Orient corners + slice \
             done: every corner oriented and the four slice edges in their slice. Separate \
             pieces done: each face shows only its own colour and the opposite one. Half-turn \
             finish done: the cube is solved."
        );
    }

    /// With NISS, the stages (some on the inverse scramble) are followed
    /// by the whole solution replayed: the counts at the ends are of the
    /// moves a person makes, not of the two together.
    #[test]
    fn with_niss_the_ends_count_the_whole_solutions_moves() {
        let moves = |text: &str| parse_alg(text).expect("valid moves").face_moves();
        let whole = moves("R' F R2 U2");
        let start = CubieCube::solved().apply(&crate::solve::niss::inverted(&whole));
        let stages = [moves("R' F"), moves("U2"), vec![], moves("R2")];
        use crate::solve::niss::Side;
        let sides = [Side::Normal, Side::Inverse, Side::Normal, Side::Normal];
        let t = Timeline::with_whole(start, &stages, &sides, &whole);
        assert_eq!(t.len(), 8, "the stages, then the whole solution");
        assert_eq!(announce(&t, 3, 0, false), "Start: 4 moves to solve.");
        assert!(
            announce(&t, 0, 8, false).starts_with("Move 4 of 4: solved."),
            "{}",
            announce(&t, 0, 8, false)
        );
        assert_eq!(
            announce(&t, 4, 5, false).split(". ").last(),
            Some("Whole solution, move 1 of 4.")
        );
        // A jump to the whole solution lands on the real scramble: no stage
        // said done there, though the last move of the stages still says so.
        assert_eq!(announce(&t, 0, 4, false), "Whole solution, move 0 of 4.");
        assert_eq!(announce(&t, 0, 8, false), "Move 4 of 4: solved.");
        assert!(announce(&t, 3, 4, false).ends_with("Half-turn finish done: the cube is solved."));
    }

    #[test]
    fn fast_playback_announces_only_finished_stages() {
        let t = timeline(&["R' F", "U2", "", "R2"]);
        assert_eq!(announce(&t, 0, 1, true), "");
        assert_eq!(
            announce(&t, 1, 2, true),
            "Orient edges done: no flipped edges."
        );
        assert_eq!(announce(&t, 2, 1, true), "");
    }

    #[test]
    fn every_move_has_words() {
        let words: Vec<String> = Move::ALL.iter().map(|&m| move_words(m)).collect();
        assert_eq!(words[0], "top face clockwise");
        assert_eq!(words[1], "top face half turn");
        assert_eq!(words[2], "top face counter-clockwise");
        let unique: std::collections::HashSet<&String> = words.iter().collect();
        assert_eq!(unique.len(), 18);
    }

    #[test]
    fn the_description_matches_the_facelet_string() {
        let cube = CubieCube::solved().apply(&parse_alg("R U F'").expect("valid").face_moves());
        let letters = facelet::to_string(&cube);
        let described: Vec<&str> = describe(&cube)
            .iter()
            .flat_map(|f| f.rows.iter().flatten().copied())
            .collect();
        assert_eq!(described.len(), 54);
        for (name, letter) in described.iter().zip(letters.chars()) {
            let face = Face::from_letter(letter).expect("a face letter");
            assert_eq!(*name, colour::colour(face).name);
        }
        assert_eq!(describe(&cube)[0].centre, "White");
    }
}

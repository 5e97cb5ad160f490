//! Solutions are pinned: the command line's output and the page's share
//! links for a few hundred inputs (random-state scrambles, notation with
//! groups, slices and rotations, and facelet states in face and colour
//! letters) must stay byte for byte what `tests/golden/` holds, apart from
//! the timing field. A change to any
//! solution, in either mode, fails here; a deliberate one regenerates the
//! files (see `tests/golden/README.md`).

#[path = "common/run.rs"]
mod run;

use run::succeed;
use thistle::input::{Input, Mode, Solved};
use thistle::share::{self, Shared};
use thistle::solve::niss::Side;

fn golden(name: &str) -> String {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn golden_path(name: &str) -> String {
    format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The JSON lines without their `micros` field, which is a measurement.
fn without_timing(json_lines: &str) -> String {
    json_lines
        .lines()
        .map(|line| {
            let (before, after) = line.split_once(",\"micros\":").expect("a micros field");
            let rest = after.trim_start_matches(|c: char| c.is_ascii_digit());
            format!("{before}{rest}\n")
        })
        .collect()
}

/// Compares line by line, so a failure names the first input that changed.
fn assert_same_lines(actual: &str, expected: &str, what: &str) {
    for (k, (a, e)) in actual.lines().zip(expected.lines()).enumerate() {
        assert_eq!(a, e, "{what}: line {} changed", k + 1);
    }
    assert_eq!(
        actual.lines().count(),
        expected.lines().count(),
        "{what}: line count"
    );
}

#[test]
fn fast_solutions_are_unchanged() {
    let out = succeed(&["solve", "--json", "--file", &golden_path("scrambles.txt")]);
    assert_same_lines(&without_timing(&out), &golden("fast.jsonl"), "fast mode");
}

#[test]
fn fewest_moves_solutions_are_unchanged() {
    let args = ["solve", "--json", "--fewest", "--file"];
    let out = succeed(&[&args[..], &[&golden_path("scrambles.txt")]].concat());
    assert_same_lines(
        &without_timing(&out),
        &golden("fewest.jsonl"),
        "fewest mode",
    );
}

#[test]
fn facelet_state_solutions_are_unchanged() {
    let mut out = String::new();
    for state in golden("states.txt").lines() {
        out += &succeed(&["solve", "--json", "--state", state]);
        out += &succeed(&["solve", "--json", "--fewest", "--state", state]);
    }
    assert_same_lines(&without_timing(&out), &golden("states.jsonl"), "states");
}

/// For each input and mode: the page's share query, at move `i % (length
/// + 1)` for input `i`, then its alg.cubing.net and Twizzle links, one line
/// each, as the page's `App.show` and `encodeLink` make them.
fn share_links() -> String {
    let scrambles = golden("scrambles.txt");
    let states = golden("states.txt");
    let inputs = scrambles
        .lines()
        .map(|text| Input::Scramble(text.into()))
        .chain(states.lines().map(|text| Input::Facelets(text.into())));
    let mut out = String::new();
    for (i, input) in inputs.enumerate() {
        for mode in [Mode::Fast, Mode::Fewest] {
            let solved = Solved::new(input.clone(), mode).expect("a golden input solves");
            let shared = Shared {
                input: solved.normalised(),
                mode: Some(mode),
                view: None,
                solution: None,
                stages: None,
                embed: false,
                handout: false,
                position: i % (solved.solution.len() + 1),
            };
            out += &format!("{}\n", share::encode(&shared));
            out += &format!("{}\n", share::alg_cubing_link(&solved, &[Side::Normal; 4]));
            out += &format!("{}\n", share::twizzle_link(&solved, &[Side::Normal; 4]));
        }
    }
    out
}

#[test]
fn share_links_are_unchanged() {
    let links = share_links();
    if std::env::var_os("GOLDEN_WRITE").is_some() {
        std::fs::write(golden_path("links.txt"), &links).expect("write links.txt");
    }
    assert_same_lines(&links, &golden("links.txt"), "share links");
}

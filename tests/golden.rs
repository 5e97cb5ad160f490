//! Solutions are pinned: the command line's output for a few hundred inputs
//! (random-state scrambles, notation with groups, slices and rotations, and
//! facelet states in face and colour letters) must stay byte for byte what
//! `tests/golden/` holds, apart from the timing field. A change to any
//! solution, in either mode, fails here; a deliberate one regenerates the
//! files (see `tests/golden/README.md`).

#[path = "common/run.rs"]
mod run;

use run::succeed;

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

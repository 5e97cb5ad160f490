//! The `thistle` binary, run as a user would.

#[path = "common/run.rs"]
mod run;

use run::{stderr, stdout, succeed, thistle, thistle_fed};
use std::ops::ControlFlow;
use std::process::{Command, Stdio};
use thistle::cube::notation;
use thistle::input::{Input, Solved};
use thistle::solve::{fewest, shortest};

#[test]
fn state_prints_facelets_per_scramble() {
    let o = thistle(&["state", "R", ""], None);
    assert!(o.status.success());
    assert_eq!(
        stdout(&o),
        "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB\nUUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\n"
    );
}

#[test]
fn state_reports_bad_input_with_argument_and_column() {
    let o = thistle(&["state", "R", "R U Q"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "thistle: argument 2: unknown move `Q` at column 5\n"
    );
    assert_eq!(stdout(&o).lines().count(), 1);
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn a_reader_that_stops_early_causes_no_panic() {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(env!("CARGO_BIN_EXE_thistle"))
        .args(["random", "--moves", "20", "--count", "1000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(first.split(' ').count(), 20);
    assert_eq!(stderr(&output), "");
    assert!(output.status.success());
}

#[test]
fn random_move_scrambles_are_reproducible() {
    let a = stdout(&thistle(
        &["random", "--moves", "25", "--count", "3", "--seed", "8"],
        None,
    ));
    let b = stdout(&thistle(
        &["random", "--moves", "25", "--count", "3", "--seed", "8"],
        None,
    ));
    assert_eq!(a, b);
    assert_eq!(a.lines().count(), 3);
    assert!(a.lines().all(|l| l.split(' ').count() == 25));
}

#[test]
fn random_state_scrambles_are_notation() {
    let o = thistle(&["random", "--count", "2", "--seed", "3"], None);
    assert!(o.status.success());
    for line in stdout(&o).lines() {
        assert!(line.split(' ').count() >= 2, "{line}");
        assert!(thistle(&["state", line], None).status.success());
    }
}

#[test]
fn solve_prints_a_breakdown_per_stage() {
    let o = thistle(&["solve", "R U R' U'"], None);
    assert!(o.status.success());
    let text = stdout(&o);
    for name in [
        "Orient edges",
        "Orient corners + slice",
        "Separate pieces",
        "Half-turn finish",
    ] {
        assert!(text.contains(name), "{text}");
    }
    assert!(text.contains("Total: "));
}

#[test]
fn solve_json_prints_one_object_per_line_and_a_bad_line_in_its_place() {
    let input = "# a comment\nR U R' U'\n\nR Q\nF2\n";
    let o = thistle(&["solve", "--json", "--file", "-"], Some(input));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "thistle: line 4: unknown move `Q` at column 3\n"
    );
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "one line per input line, bad ones too");
    assert_eq!(
        lines[1],
        serde_json::json!({"line": 4, "input": "R Q", "error": "unknown move `Q` at column 3"})
    );
    let first = &lines[0];
    assert_eq!(first["scramble"], "R U R' U'");
    assert_eq!(first["state"].as_str().unwrap().len(), 54);
    let stages = first["stages"].as_array().unwrap();
    let names: Vec<&str> = stages.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "Orient edges",
            "Orient corners + slice",
            "Separate pieces",
            "Half-turn finish"
        ]
    );
    let total: usize = stages
        .iter()
        .map(|s| s["moves"].as_array().unwrap().len())
        .sum();
    assert_eq!(first["length"], total);
    assert!(first["micros"].is_u64());
    assert_eq!(lines[2]["stages"][3]["moves"], serde_json::json!(["F2"]));
    let o = thistle(&["solve", "--json", "R", "U Q'"], None);
    let last = stdout(&o).lines().last().map(str::to_string).unwrap();
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&last).unwrap(),
        serde_json::json!({"argument": 2, "input": "U Q'", "error": "unknown move `Q` at column 3"})
    );
}

#[test]
fn a_batch_goes_on_past_a_line_that_is_not_utf8_and_a_missing_file_is_named() {
    let o = thistle_fed(&["solve", "--file", "-"], b"R U\n\xff R\nF\n");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o).matches("\nTotal: ").count(), 2, "{}", stdout(&o));
    assert!(
        stderr(&o).contains("line 2: unknown move `\u{FFFD}` at column 1"),
        "{}",
        stderr(&o)
    );
    let missing = thistle(&["solve", "--file", "/no/such/file"], None);
    assert!(
        stderr(&missing).contains("/no/such/file: "),
        "{}",
        stderr(&missing)
    );
}

#[test]
fn counts_the_commands_cannot_honour_are_refused_and_one_move_is_one() {
    let long = thistle(&["random", "--moves", "100000"], None);
    assert_eq!(long.status.code(), Some(2));
    assert!(
        stderr(&long).contains("the most `solve` reads back"),
        "{}",
        stderr(&long)
    );
    let none = thistle(&["bench", "--count", "0"], None);
    assert_eq!(none.status.code(), Some(2));
    assert!(
        stderr(&none).contains("not a count of 1 or more"),
        "{}",
        stderr(&none)
    );
    let longest = succeed(&["random", "--moves", "3333", "--seed", "7"]);
    let solved = thistle(&["solve", longest.trim()], None);
    assert!(solved.status.success(), "{}", stderr(&solved));
    assert!(succeed(&["solve", "R"]).contains("\nTotal: 1 move (HTM), "));
    assert_eq!(
        succeed(&["alternatives", "--stage", "4", "R2"]),
        "R2 \u{b7} 1 move \u{b7} total 1 \u{b7} on show\n"
    );
}

#[test]
fn solve_accepts_a_facelet_state() {
    let o = thistle(
        &[
            "solve",
            "--json",
            "--state",
            "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["length"], 1);
    assert_eq!(v["scramble"], "R");
    let bad = thistle(&["solve", "--state", "UUU"], None);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("54 letters"));
}

#[test]
fn tables_prints_histograms_and_sizes() {
    let text = stdout(&thistle(&["tables"], None));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "stage 1: 1 2 25 202 620 900 285 13");
    assert!(lines[3].starts_with("stage 4: 1 6 27 "));
    assert!(text.contains("stage 2 table: 44287 bytes"));
}

#[test]
fn bench_reports_speed_and_lengths_on_one_thread_then_on_all() {
    let bench = |threads: &str| {
        succeed(&[
            "bench",
            "--count",
            "20",
            "--fewest-count",
            "10",
            "--threads",
            threads,
        ])
    };
    let out = bench("2");
    // The FMC lab's figures (on a tenth of the fewest line's states): the
    // first 8 and the full list for each stage, without NISS and with,
    // and a check; they come after the one-thread lines.
    let (lines, lab): (Vec<&str>, Vec<&str>) = out
        .lines()
        .partition(|line| !line.starts_with("alternatives") && !line.starts_with("check"));
    assert_eq!(lab.len(), 17, "{out}");
    for line in &lab {
        let figures = line.split_once(": median ").expect(line).1;
        let (median, rest) = figures.split_once(" ms, max ").expect(line);
        assert!(median.parse::<f64>().unwrap() >= 0.0, "{line}");
        assert!(rest.ends_with(" ms over 1 states"), "{line}");
    }
    assert_eq!(lines.len(), 6, "{out}");
    let modes = [
        "fast",
        "fast, stage by stage",
        "fewest",
        "fewest with NISS",
        "fast (2 threads)",
        "fewest (2 threads)",
    ];
    let mut figures = Vec::new();
    for (line, mode) in lines.iter().zip(modes) {
        let rest = line.strip_prefix(&format!("{mode}: ")).expect(mode);
        let words: Vec<&str> = rest.split(' ').collect();
        assert_eq!(words[1..3], ["solves/s,", "mean"], "{line}");
        assert!(words[0].parse::<f64>().unwrap() > 0.0, "{line}");
        // Fewest mode's line also gives the median time of a solve, which
        // differs from run to run.
        let (lengths, median) = match rest.split_once(" moves, median ") {
            Some((lengths, median)) => (lengths, Some(median)),
            None => (rest, None),
        };
        assert_eq!(median.is_some(), mode.starts_with("fewest"), "{line}");
        if let Some(median) = median {
            let ms = median.strip_suffix(" ms a solve").expect(line);
            assert!(ms.parse::<f64>().unwrap() > 0.0, "{line}");
        }
        figures.push(lengths.split_once(" solves/s, ").expect(line).1.to_string());
    }
    // The same states give the same lengths on any number of threads.
    assert_eq!(figures[0], figures[4]);
    assert_eq!(figures[2], figures[5]);
    // Stage by stage, the joins are not merged: never fewer moves.
    let mean = |figure: &str| -> f64 { figure.split(' ').nth(1).unwrap().parse().unwrap() };
    assert!(figures[1].ends_with(" moves unmerged"), "{}", figures[1]);
    assert!(mean(&figures[1]) >= mean(&figures[0]), "{figures:?}");
    let single = bench("1");
    assert_eq!(single.lines().count(), 4 + lab.len(), "{single}");
}

/// Output with each `micros` field and `µs` time, which are measurements,
/// taken out.
fn without_times(text: &str) -> String {
    text.lines()
        .map(
            |line| match (line.find(",\"micros\":"), line.rfind(" moves (HTM), ")) {
                (Some(at), _) => {
                    let rest = line[at + 10..].trim_start_matches(|c: char| c.is_ascii_digit());
                    format!("{}{rest}\n", &line[..at])
                }
                (None, Some(at)) => format!("{}\n", &line[..at]),
                (None, None) => format!("{line}\n"),
            },
        )
        .collect()
}

#[test]
fn a_batch_on_several_threads_prints_what_one_thread_prints() {
    // More lines than the CLI solves between two writes, with bad ones.
    let mut input = String::new();
    for seed in 0..6 {
        let args = ["random", "--moves", "25", "--count", "200"];
        let seed = seed.to_string();
        input += &stdout(&thistle(&[&args[..], &["--seed", &seed]].concat(), None));
        input += "R Q\n";
    }
    let few: String = input.lines().take(201).map(|l| format!("{l}\n")).collect();
    let runs: [(&[&str], &str, usize); 3] = [
        (&["--json"], &input, 1206),
        (&["--json", "--fewest=300"], &few, 201),
        (&["--fewest=300"], &few, 201),
    ];
    for (mode, input, lines) in runs {
        let run = |threads: &str| {
            let args = [&["solve", "--file", "-", "--threads", threads], mode].concat();
            let o = thistle(&args, Some(input));
            assert_eq!(o.status.code(), Some(2), "the bad lines fail");
            (without_times(&stdout(&o)), stderr(&o))
        };
        let (one, errors) = run("1");
        let solved = one
            .lines()
            .filter(|l| l.starts_with('{') || l.starts_with("Total"));
        let bad = lines / 201;
        // In JSON a bad line has a line of its own, saying what is wrong.
        let printed = if mode.contains(&"--json") {
            lines
        } else {
            lines - bad
        };
        assert_eq!(solved.count(), printed, "{mode:?}");
        assert_eq!(errors.lines().count(), bad, "{errors}");
        assert_eq!(run("2"), (one.clone(), errors.clone()), "{mode:?}");
        assert_eq!(run("3"), (one, errors), "{mode:?}");
    }
    let out = stdout(&thistle(&["solve", "R", "U", "F", "--threads", "2"], None));
    let scrambles: Vec<&str> = out.lines().filter(|l| l.starts_with("Scramble")).collect();
    assert_eq!(scrambles, ["Scramble: R", "Scramble: U", "Scramble: F"]);
    let zero = thistle(&["solve", "R", "--threads", "0"], None);
    assert_eq!(zero.status.code(), Some(2));
}

#[test]
fn solve_fewest_keeps_the_json_shape_and_takes_a_budget() {
    let scramble = "R U2 F' L D2 B R' U F2 D' L2 B' U R2 F D L' B2 U' R";
    let json = |args: &[&str]| -> serde_json::Value {
        serde_json::from_str(&succeed(
            &[&["solve", "--json"], args, &[scramble]].concat(),
        ))
        .unwrap()
    };
    let (fast, fewest_default, small) = (json(&[]), json(&["--fewest"]), json(&["--fewest=2000"]));
    let keys =
        |v: &serde_json::Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
    // Fewest-moves mode adds the axes it turned the chain to; fast mode is
    // always the classic orientation and says nothing.
    let mut with_axes = keys(&fast);
    with_axes.push("axes".into());
    with_axes.sort();
    let mut fewest_keys = keys(&fewest_default);
    fewest_keys.sort();
    assert_eq!(fewest_keys, with_axes);
    let axis_names = ["U/D", "R/L", "F/B"];
    for part in ["edges", "corners"] {
        let axis = fewest_default["axes"][part].as_str().unwrap();
        assert!(axis_names.contains(&axis), "{axis}");
    }
    assert_ne!(
        fewest_default["axes"]["edges"],
        fewest_default["axes"]["corners"]
    );
    assert_eq!(fewest_default["stages"].as_array().unwrap().len(), 4);
    assert!(fewest_default["length"].as_u64() < fast["length"].as_u64());
    let expected = Solved::with(Input::Scramble(scramble.into()), |cube| {
        fewest::solve_fewest(cube, 2_000)
    })
    .unwrap();
    assert_eq!(
        small["length"].as_u64(),
        Some(expected.solution.len() as u64)
    );
    let axes = expected.solution.axes;
    assert_eq!(small["axes"]["edges"], axes.edges.as_str());
    assert_eq!(small["axes"]["corners"], axes.corners.as_str());
    let text = stdout(&thistle(&["solve", "--fewest=2000", scramble], None));
    assert!(text.contains(&format!("\nAxes: {axes}\n")), "{text}");
}

#[test]
fn solve_shortest_proves_and_reports_how_far_it_got() {
    let easy = "R U F2 L' D B";
    let text = succeed(&["solve", "--shortest", easy]);
    assert!(text.contains("\nTotal: 6 moves (HTM)"), "{text}");
    assert!(text.contains("\nProven shortest ("), "{text}");
    assert!(
        text.contains("with stages 1–3 at most 1, 3 and 8 moves over their own optimum"),
        "{text}"
    );
    let o = thistle(
        &["solve", "--shortest", "--json", "--file", "-"],
        Some(&format!("{easy}\n# a comment\nF R2 D' B\n")),
    );
    assert!(o.status.success());
    let records: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    for (record, length) in records.iter().zip([6, 4]) {
        assert_eq!(record["length"], length);
        assert_eq!(record["proof"]["proven"], true);
        assert_eq!(record["proof"]["bound"], length);
        assert!(record["proof"]["nodes"].as_u64().unwrap() > 0);
        assert_eq!(record["proof"]["searched"], 1.0);
        assert!(record["axes"]["edges"].is_string());
    }
    // A twenty-move state is not proven in a tenth of a second: the best
    // solution found so far and the bound reached are printed instead.
    let superflip = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2";
    let o = thistle(
        &[
            "solve",
            "--shortest",
            "--give-up",
            "0.6",
            "--json",
            superflip,
        ],
        None,
    );
    assert!(o.status.success());
    let record: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(record["proof"]["proven"], false);
    assert!(record["proof"]["bound"].as_u64() < record["length"].as_u64());
    let searched = record["proof"]["searched"].as_f64().unwrap();
    assert!((0.0..1.0).contains(&searched), "{searched}");
    assert!(
        stderr(&o).starts_with("thistle: argument 1: ")
            && stderr(&o).contains("% of the search for shorter done\n"),
        "progress lines on stderr: {}",
        stderr(&o)
    );
    // A bound asked for is proven, and the search stops there.
    let bounded = succeed(&["solve", "--shortest", "--none-shorter-than", "4", easy]);
    assert!(
        bounded.contains("\nProven: no solution shorter than 4 ("),
        "{bounded}"
    );
    let o = thistle(
        &[
            "solve",
            "--shortest",
            "--none-shorter-than",
            "4",
            "--json",
            easy,
        ],
        None,
    );
    let record: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(record["proof"]["target"], 4);
    assert_eq!(record["proof"]["bound"], 4);
    assert_eq!(record["proof"]["proven"], false);
    let both = thistle(&["solve", "--shortest", "--fewest", easy], None);
    assert_eq!(both.status.code(), Some(2));
    let alone = thistle(&["solve", "--give-up", "1", easy], None);
    assert_eq!(alone.status.code(), Some(2));
    // A time limit that is no time says so, naming what was given.
    for (limit, problem) in [
        ("soon", "`soon` is not a number of seconds"),
        ("inf", "inf seconds cannot be a time limit"),
        ("-1", "-1 seconds cannot be a time limit"),
    ] {
        let given = format!("--give-up={limit}");
        let o = thistle(&["solve", "--shortest", &given, easy], None);
        assert_eq!(o.status.code(), Some(2), "{limit}");
        assert!(stderr(&o).contains(problem), "{limit}: {}", stderr(&o));
    }
}

#[test]
fn solve_shortest_niss_proves_with_stages_on_either_side() {
    // 8 moves in four stages on the normal side, 6 on the inverse.
    let scramble = "R F B L2 B' F2";
    let text = succeed(&["solve", "--shortest", "--niss", "--json", scramble]);
    let record: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(record["length"], 6, "{text}");
    assert_eq!(record["proof"]["proven"], true, "{text}");
    assert_eq!(record["proof"]["bound"], 6, "{text}");
    assert!(record["proof"]["nodes"].as_u64().unwrap() > 0);
    let stages = record["stages"].as_array().unwrap();
    assert_eq!(stages.len(), 4);
    assert!(
        stages.iter().any(|stage| stage["side"] == "inverse"),
        "{text}"
    );
    let solution = notation::parse(record["solution"].as_str().unwrap()).unwrap();
    let cube = notation::parse(scramble).unwrap().cube();
    assert!(cube.apply(&solution.face_moves()).is_solved());
    assert_eq!(solution.face_moves().len(), 6);
    // A bound below it is proven, and the search stops there.
    let o = thistle(
        &[
            "solve",
            "--shortest",
            "--niss",
            "--none-shorter-than",
            "5",
            "--json",
            scramble,
        ],
        None,
    );
    let record: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(record["proof"]["bound"], 5);
    assert_eq!(record["proof"]["proven"], false);
}

/// `--threads` bounds a proof's threads too: on one, the proof searches
/// the nodes the library's one-thread search does (on more, the count
/// follows the threads' timing).
#[test]
fn a_proof_on_one_thread_searches_as_the_library_on_one_does() {
    // Proven shorter than its fewest-moves solution, by two tasks at once.
    let scramble = "R' D2 F' R' D U' R F2 L2 F L2";
    let cube = thistle::cube::notation::parse(scramble).unwrap().cube();
    let one = shortest::prove_shortest(&cube, None, 1, |_| ControlFlow::Continue(())).unwrap();
    let text = succeed(&["solve", "--shortest", "--json", "--threads", "1", scramble]);
    let record: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(record["proof"]["proven"], true, "{text}");
    assert_eq!(record["proof"]["nodes"], one.nodes, "{text}");
    assert_eq!(record["length"], one.solution.len(), "{text}");
}

#[test]
fn check_reads_an_fmc_attempt_with_inverse_steps_and_completes_it() {
    let scramble = "R U2 F' L D B2 R' F U";
    let o = thistle(
        &[
            "check",
            "--json",
            "--complete",
            "--scramble",
            scramble,
            "U' F' // a start\n(B2)",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let result: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    let steps = result["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2);
    assert_eq!(steps[0]["side"], "normal");
    assert_eq!(steps[1]["side"], "inverse");
    assert_eq!(steps[1]["moves"], serde_json::json!(["B2"]));
    assert_eq!(result["length"], 3);
    assert_solves(scramble, result["completion"]["solution"].as_str().unwrap());
}

#[test]
fn check_of_a_whole_inverse_solution_reaches_the_last_goal() {
    let o = thistle(&["check", "--json", "--scramble", "R U F", "(R U F)"], None);
    let result: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(result["reached"], "Half-turn finish");
    assert_eq!(result["steps"][0]["reaches"], "Half-turn finish");
    assert_eq!(result["solution"], "F' U' R'");
    assert_eq!(result["solved"], true);
}

/// A whole solution reads as solved, with nothing left to complete; an
/// unfinished one as so far, then completed.
#[test]
fn check_says_when_an_attempt_solves_the_cube() {
    let whole = succeed(&["check", "--complete", "--scramble", "R U F", "F' U' R'"]);
    assert!(whole.contains("\nSolved: F' U' R' (3)\n"), "{whole}");
    assert!(
        !whole.contains("So far") && !whole.contains("Completed"),
        "{whole}"
    );
    let part = succeed(&["check", "--complete", "--scramble", "R U F", "F'"]);
    assert!(part.contains("\nSo far: F' (1)\nCompleted: "), "{part}");
    // A write-up's Solution line pasted alone is the attempt.
    let line = succeed(&["check", "--scramble", "R U F", "Solution: F' U' R' (3)"]);
    assert!(line.contains("\nSolved: F' U' R' (3)\n"), "{line}");
    // Steps whose moves meet: counted as a competition does, as written,
    // and merged as they could be written.
    let meeting = succeed(&["check", "--scramble", "R U F", "F' U2 // one\nU2 R L"]);
    assert!(
        meeting.contains("\nSo far: F' R L (5 as written, as a competition counts them; 3 with the moves that meet merged or cancelled)\n"),
        "{meeting}"
    );
    // Counted all the same, a move a competition would not take as
    // written is named where it stands; a write-up's brackets are not.
    let refused = succeed(&["check", "--scramble", "R U F", "F' // EO\n(R3 U')"]);
    assert!(
        refused.contains("\nA competition would not take it as written: `3` is three quarter turns, which a competition solution writes with a prime at line 2, column 3\n"),
        "{refused}"
    );
    assert!(!meeting.contains("competition would not"), "{meeting}");
    // A completion whose first move meets the attempt's last says so: the
    // attempt's `R'` and the search's `R2` read `R`.
    let merged = succeed(&[
        "check",
        "--complete",
        "--scramble",
        "R U2 F' L D B2 R' F U L2 D' B",
        "D L2 U' R F // EO\nU R D L B2 D R D2 R'",
    ]);
    assert!(
        merged.contains("\nCompleted: D L2 U' R F U R D L B2 D R D2 R U' R2 B2 L2 U' (19; 1 fewer than the attempt's and the search's moves apart: where they meet, moves on one face merge or cancel)\n"),
        "{merged}"
    );
}

#[test]
fn check_reports_bad_attempts_with_line_and_column() {
    let o = thistle(&["check", "--scramble", "R U", "R U\nF Q"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "thistle: attempt: unknown move `Q` at line 2, column 3\n"
    );
    let o = thistle(&["check", "--scramble", "R X", "R"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).starts_with("thistle: --scramble: unknown move `X` at column 3"));
    assert!(!stderr(&o).contains("panicked"));
}

#[test]
fn niss_solutions_replay_stage_by_stage_on_their_sides() {
    let scrambles = stdout(&thistle(&["random", "--count", "6", "--seed", "5"], None));
    let mut inverse_stages = 0;
    for scramble in scrambles.lines() {
        let o = thistle(&["solve", "--fewest", "--niss", "--json", scramble], None);
        assert!(o.status.success(), "{}", stderr(&o));
        let found: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        let solution = found["solution"].as_str().unwrap();
        assert_eq!(
            found["length"].as_u64().unwrap() as usize,
            solution.split_whitespace().count()
        );
        assert_solves(scramble, solution);
        // The stages as an FMC attempt, inverse ones in parentheses: each
        // reaches its own goal in turn.
        let mut attempt = Vec::new();
        let mut names = Vec::new();
        for stage in found["stages"].as_array().unwrap() {
            let moves: Vec<&str> = stage["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap())
                .collect();
            if moves.is_empty() {
                continue;
            }
            let moves = moves.join(" ");
            if stage["side"] == "inverse" {
                inverse_stages += 1;
                attempt.push(format!("({moves})"));
            } else {
                assert_eq!(stage["side"], "normal");
                attempt.push(moves);
            }
            names.push(stage["name"].as_str().unwrap().to_string());
        }
        let o = thistle(
            &[
                "check",
                "--json",
                "--scramble",
                scramble,
                &attempt.join("\n"),
            ],
            None,
        );
        let checked: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
        let reached: Vec<&str> = checked["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|step| step["reaches"].as_str().unwrap_or("none"))
            .collect();
        // A step may reach a later goal than its own, never an earlier one.
        for (name, reached) in names.iter().zip(&reached) {
            let rank = |n: &str| {
                [
                    "Orient edges",
                    "Orient corners + slice",
                    "Separate pieces",
                    "Half-turn finish",
                ]
                .iter()
                .position(|&s| s == n)
            };
            assert!(rank(reached) >= rank(name), "{name} reached only {reached}");
        }
        assert_eq!(checked["reached"], "Half-turn finish");
    }
    assert!(
        inverse_stages > 0,
        "some stage of six states goes on the inverse"
    );
}

#[test]
fn fewest_on_given_axes_echoes_them_and_write_up_lists_the_stages() {
    let o = thistle(
        &[
            "solve",
            "--fewest",
            "--edges",
            "R/L",
            "--corners",
            "F/B",
            "--json",
            "R U2 F' L D B2",
        ],
        None,
    );
    let found: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        found["axes"],
        serde_json::json!({"edges": "R/L", "corners": "F/B"})
    );
    let o = thistle(
        &["solve", "--niss", "--write-up", "R U2 F' L D B2 R' F U"],
        None,
    );
    let text = stdout(&o);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("Solution: "), "{text}");
    assert!(text.lines().next().unwrap().contains("// EO on "), "{text}");
    let o = thistle(&["solve", "--edges", "R/L", "--corners", "R/L", "R"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "thistle: --edges and --corners need two different axes\n"
    );
}

/// The one JSON object `thistle` prints for `args` (with `--json`).
fn json_of(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(succeed(args).trim()).unwrap()
}

/// The JSON lines `thistle alternatives --json` prints for `args`.
fn alternatives_json(args: &[&str]) -> Vec<serde_json::Value> {
    let mut all = vec!["alternatives", "--json"];
    all.extend(args);
    succeed(&all)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn alternatives_are_sorted_by_total_distinct_and_solve() {
    let scramble = "R U2 F' L D B2 R' F U L2 D' B";
    let found = alternatives_json(&["--stage", "1", "--count", "8", scramble]);
    // The stage on show, then eight.
    assert_eq!(found.len(), 9);
    assert_eq!(found[0]["on_show"], true);
    let mut seen = std::collections::HashSet::new();
    let mut last_total = 0;
    for alternative in &found {
        assert!(
            seen.insert(alternative["moves"].to_string()),
            "no two the same"
        );
        let total = alternative["total"].as_u64().unwrap();
        let solution = alternative["solution"].as_str().unwrap();
        assert_eq!(total as usize, solution.split_whitespace().count());
        assert_eq!(
            alternative["length"].as_u64().unwrap() as usize,
            alternative["moves"].as_array().unwrap().len()
        );
        assert_solves(scramble, solution);
    }
    for alternative in &found[1..] {
        assert_eq!(alternative["on_show"], false);
        let total = alternative["total"].as_u64().unwrap();
        assert!(total >= last_total, "sorted by total");
        last_total = total;
    }
    // Earlier steps that reach nothing cannot be followed by stage 3.
    let o = thistle(
        &["alternatives", "--stage", "3", "--after", "", scramble],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("have not reached the goal of Orient edges"),
        "{}",
        stderr(&o)
    );
}

/// On a scramble of the WCA shape (`practice --seed 1`), as the issue's
/// were: the list for a stage never showed the solve's own, and its best
/// was longer. Now the stage on show leads with the solve's own total,
/// none is longer, and `--count 8` is the first of `--count 20`.
#[test]
fn alternatives_lead_with_the_stage_on_show_and_a_longer_list_begins_with_a_shorter_one() {
    let scramble = "R' U' F D2 R2 F2 B D' F' B' R B' L F L2 U2 F U2 R2 B2 L2 B2 R' U' F";
    let solved = json_of(&["solve", "--niss", "--json", scramble]);
    let length = solved["length"].as_u64().unwrap();
    for stage in ["1", "2", "3"] {
        let k = stage.parse::<usize>().unwrap() - 1;
        let eight = alternatives_json(&["--niss", "--stage", stage, "--count", "8", scramble]);
        let twenty = alternatives_json(&["--niss", "--stage", stage, "--count", "20", scramble]);
        assert_eq!(eight[0]["on_show"], true, "stage {stage}");
        assert_eq!(eight[0]["total"], length, "stage {stage}");
        assert_eq!(
            eight[0]["moves"], solved["stages"][k]["moves"],
            "stage {stage}"
        );
        assert_eq!(
            eight[0]["side"], solved["stages"][k]["side"],
            "stage {stage}"
        );
        let best = eight.iter().map(|a| a["total"].as_u64().unwrap()).min();
        assert!(best <= Some(length), "stage {stage}");
        assert_eq!(eight[..], twenty[..eight.len()], "stage {stage}");
    }
}

/// A short scramble is undone in no more moves by `solve` (which knows
/// its length; as a state, its cube takes 20), and `alternatives` puts
/// that solution on show.
#[test]
fn a_short_scramble_is_solved_and_shown_in_no_more_moves() {
    let scramble = "B' R B F L2 U L2 D F L B' U";
    let solved = json_of(&["solve", "--fewest", "--json", scramble]);
    let length = solved["length"].as_u64().unwrap();
    assert!(length <= 12, "{solved}");
    let state = solved["state"].as_str().unwrap();
    let as_state = json_of(&["solve", "--fewest", "--json", "--state", state]);
    assert!(as_state["length"].as_u64().unwrap() > length, "{as_state}");
    let listed = alternatives_json(&["--stage", "1", "--count", "2", scramble]);
    assert_eq!(listed[0]["on_show"], true);
    assert_eq!(listed[0]["total"], length);
    assert_eq!(listed[0]["moves"], solved["stages"][0]["moves"]);
}

/// The first stage's moves of `solve` in `mode` (`--fast` or `--fewest`).
fn first_stage(mode: &str, scramble: &str) -> String {
    let args: &[&str] = match mode {
        "--fast" => &["solve", "--json", scramble],
        _ => &["solve", mode, "--json", scramble],
    };
    json_of(args)["stages"][0]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `--after` with the solve's own earlier stages is the same list as
/// without it; with other steps, the solution on show goes on from them.
#[test]
fn alternatives_after_other_steps_show_those_steps_continued() {
    let scramble = "R U2 F' L D B2 R' F U L2 D' B";
    let eo = first_stage("--fewest", scramble);
    let own = alternatives_json(&["--stage", "2", "--count", "4", scramble]);
    let after = alternatives_json(&["--stage", "2", "--count", "4", "--after", &eo, scramble]);
    assert_eq!(own, after);
    let other = first_stage("--fast", scramble);
    assert_ne!(other, eo, "fast mode's EO is another");
    let found = alternatives_json(&["--stage", "2", "--count", "4", "--after", &other, scramble]);
    assert_eq!(found[0]["on_show"], true);
    for alternative in &found {
        let solution = alternative["solution"].as_str().unwrap();
        // The join with the next stage may merge the last move.
        let kept = &other[..other.rfind(' ').unwrap()];
        assert!(solution.starts_with(kept), "{solution}");
        assert_solves(scramble, solution);
    }
}

#[test]
fn the_plain_list_names_the_stage_on_show() {
    let text = succeed(&[
        "alternatives",
        "--stage",
        "1",
        "--count",
        "2",
        "R U2 F' L D B2",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].ends_with(" \u{b7} on show"), "{text}");
    assert!(lines[0].contains(" moves \u{b7} total "), "{text}");
    assert!(!lines[1].contains("on show"), "{text}");
}

#[test]
fn niss_works_on_chosen_axes() {
    let scramble = "R U2 F' L D B2 R' F U";
    let text = succeed(&[
        "solve",
        "--niss",
        "--edges",
        "R/L",
        "--corners",
        "U/D",
        "--json",
        scramble,
    ]);
    let found: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(
        found["axes"],
        serde_json::json!({"edges": "R/L", "corners": "U/D"})
    );
    assert_solves(scramble, found["solution"].as_str().unwrap());
}

#[test]
fn an_empty_attempt_is_refused_with_a_message() {
    for attempt in ["", "// just a comment", "\n  \n"] {
        let o = thistle(&["check", "--scramble", "R U F", attempt], None);
        assert_eq!(o.status.code(), Some(2), "{attempt:?}");
        assert!(
            stderr(&o).starts_with("thistle: attempt: the attempt has no moves"),
            "{}",
            stderr(&o)
        );
        assert_eq!(stdout(&o), "");
    }
}

#[test]
fn check_names_the_dr_case_on_its_axis() {
    // F B' orients no edges, then the EO is reached; the case names an axis.
    let scramble = "R U2 F' L D B2 R' F U";
    let eo = first_stage("--fast", scramble);
    let text = succeed(&["check", "--json", "--scramble", scramble, &eo]);
    let result: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    let case = &result["steps"][0]["case"];
    assert!(case["name"].as_str().unwrap().ends_with('e'), "{text}");
    assert!(
        ["U/D", "R/L", "F/B"].contains(&case["corners"].as_str().unwrap()),
        "{text}"
    );
    let plain = succeed(&["check", "--scramble", scramble, &eo]);
    assert!(
        plain.contains(&format!(
            "(DR case {} on {})",
            case["name"].as_str().unwrap(),
            case["corners"].as_str().unwrap()
        )),
        "{plain}"
    );
}

#[test]
fn every_write_up_line_has_a_space_before_its_comment() {
    let scrambles = succeed(&["random", "--count", "4", "--seed", "12"]);
    for scramble in scrambles.lines() {
        let text = succeed(&["solve", "--niss", "--write-up", scramble]);
        for line in text.lines().filter(|line| line.contains("//")) {
            assert!(line.contains(" // "), "{line:?}");
        }
    }
}

#[test]
fn practice_prints_a_repeatable_wca_shape_scramble() {
    let a = succeed(&["practice", "--seed", "9"]);
    let b = succeed(&["practice", "--seed", "9"]);
    assert_eq!(a, b);
    let scramble = a.trim();
    assert!(scramble.starts_with("R' U' F "), "{scramble}");
    assert!(scramble.ends_with(" R' U' F"), "{scramble}");
    let c = succeed(&["practice", "--seed", "10"]);
    assert_ne!(a, c);
}

/// Asserts, by `thistle state`, that `solution` after `scramble` solves the cube.
fn assert_solves(scramble: &str, solution: &str) {
    let solved = stdout(&thistle(
        &["state", &format!("{scramble} {solution}")],
        None,
    ));
    assert_eq!(
        solved.trim(),
        "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB",
        "{scramble} then {solution}"
    );
}

//! Runs the `thistle` binary as a user would, for the tests of the command
//! line and of its pinned output.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `thistle` with `args`, feeding `stdin` (or nothing) to it.
pub fn thistle(args: &[&str], stdin: Option<&str>) -> Output {
    thistle_fed(args, stdin.unwrap_or("").as_bytes())
}

/// Runs `thistle` with `args`, feeding it `bytes`, UTF-8 or not.
pub fn thistle_fed(args: &[&str], bytes: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_thistle"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run thistle");
    let mut input = child.stdin.take().expect("stdin is piped");
    input.write_all(bytes).expect("write stdin");
    drop(input);
    child.wait_with_output().expect("wait for thistle")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 errors")
}

/// The output of a run that must succeed.
pub fn succeed(args: &[&str]) -> String {
    let o = thistle(args, None);
    assert!(o.status.success(), "thistle {args:?}: {}", stderr(&o));
    stdout(&o)
}

//! Running the `cannonball` binary from the integration tests: one way to run
//! it, with or without standard input, and its output as text.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `cannonball ARGS` to the end.
pub fn cannonball(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cannonball"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs `cannonball ARGS` with `input` on its standard input.
pub fn with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cannonball"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    child.wait_with_output().expect("the binary finishes")
}

/// Standard output as text (bytes that are not UTF-8 shown as U+FFFD).
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text (bytes that are not UTF-8 shown as U+FFFD).
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The path of a Margrites fixture file (`tests/fixtures/margrites/NAME`).
pub fn margrites_fixture(name: &str) -> String {
    format!(
        "{}/../tests/fixtures/margrites/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

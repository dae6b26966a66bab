//! The command line under bad input (issue 18): out-of-range options are usage
//! errors naming the option and the reason, a closed or full standard output
//! never panics, every search has a printed default budget, and text read from
//! input is echoed with its control characters escaped.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use crate::support::cli::{cannonball, margrites_fixture as fixture, stderr, stdout};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cannonball-robust-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Exit status `code`, one line on stderr containing every needle, no panic.
fn assert_refused(o: &Output, code: i32, needles: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(code), "stderr: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "'{n}' missing from: {err}");
    }
}

const MARGO_3: [&str; 6] = ["--game", "margo", "--size", "3", "--swap", "off"];

fn solve_3x3(more: &[&str]) -> Output {
    let mut args = vec!["solve"];
    args.extend_from_slice(&MARGO_3);
    args.extend_from_slice(more);
    cannonball(&args)
}

/// Item 1: every option in seconds takes a finite time, more than 0, at most a year.
#[test]
fn times_beyond_a_year_or_not_finite_or_not_positive_are_refused() {
    let o = solve_3x3(&["--time", "1e20"]);
    assert_refused(&o, 2, &["--time", "1e20", "a year"]);
    let file = fixture("illustration-15.txt");
    let o = cannonball(&[
        "margrites",
        "solve",
        &file,
        "--at",
        "1",
        "--objective",
        "win",
        "--turns",
        "1",
        "--time",
        "1e300",
    ]);
    assert_refused(&o, 2, &["--time", "a year"]);
    let o = cannonball(&["bench", "--seconds", "NaN"]);
    assert_refused(&o, 2, &["--seconds", "NaN", "finite"]);
    let o = cannonball(&["bench", "--seconds=-1"]);
    assert_refused(&o, 2, &["--seconds", "-1", "more than 0"]);
    let o = cannonball(&["bench", "--seconds", "0"]);
    assert_refused(&o, 2, &["--seconds", "more than 0"]);
}

/// Item 2: a reader that stops early ends the program quietly (exit 141, as
/// `ls | head -c1` shows in a shell), no panic.
#[test]
fn a_closed_standard_output_ends_quietly_with_status_141() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cannonball"))
        // Some 40 MB of games: far more than a pipe holds, so the binary is
        // still writing when the reader goes away, however loaded the machine.
        .args(["selfplay", "--game", "spargo", "--games", "100000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = [0u8; 1];
    let mut out = child.stdout.take().expect("stdout");
    out.read_exact(&mut first).expect("one byte");
    assert_eq!(&first, b"{");
    drop(out);
    let o = child.wait_with_output().expect("the binary finishes");
    assert_eq!(o.status.code(), Some(141), "stderr: {}", stderr(&o));
    assert_eq!(stderr(&o), "", "no message for a closed pipe");
}

/// Item 2: a full disk is an error naming standard output, exit 1, no panic;
/// through each way the subcommands write (lines, a handle, whole texts).
#[test]
fn a_full_standard_output_is_an_error_with_status_1() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let runs: [&[&str]; 3] = [
        &["perft", "--game", "spargo", "--depth", "2"],
        &["selfplay", "--game", "spargo", "--seed", "3"],
        &["margrites", "selfplay", "--games", "1"],
    ];
    for args in runs {
        let full = std::fs::File::create("/dev/full").expect("/dev/full opens");
        let o = Command::new(env!("CARGO_BIN_EXE_cannonball"))
            .args(args)
            .stdout(full)
            .output()
            .expect("the binary runs");
        assert_refused(
            &o,
            1,
            &["cannot write to standard output", "No space left on device"],
        );
    }
    // A full standard error loses the message, not the exit status.
    let full = std::fs::File::create("/dev/full").expect("/dev/full opens");
    let o = Command::new(env!("CARGO_BIN_EXE_cannonball"))
        .args(["bench", "--seconds", "NaN"])
        .stderr(full)
        .output()
        .expect("the binary runs");
    assert_eq!(o.status.code(), Some(2));
}

/// Item 3: sizes are checked against the machine's memory before anything is
/// allocated.
#[test]
fn sizes_beyond_the_machines_memory_are_refused() {
    let o = solve_3x3(&["--table-mb", "1048576"]);
    assert_refused(
        &o,
        2,
        &["--table-mb", "1048576", "MiB is more than the limit"],
    );
    let o = solve_3x3(&["--table-mb", "0"]);
    assert_refused(&o, 2, &["--table-mb", "at least 1 MiB"]);
    let o = cannonball(&[
        "tablebase",
        "check",
        "--file",
        "no-such.tb",
        "--table-mb",
        "1048576",
    ]);
    assert_refused(&o, 2, &["--table-mb", "limit"]);
    let out = temp_dir("candidates");
    let o = cannonball(&[
        "forge",
        "--game",
        "margrites",
        "--candidates",
        "18446744073709551615",
        "--quiet",
        "--out",
        out.to_str().expect("utf-8 path"),
    ]);
    assert_refused(&o, 1, &["--candidates", "18446744073709551615", "limit"]);
}

/// Item 14: more threads than cores are capped (with a note), 0 is refused.
#[test]
fn threads_are_capped_at_the_cores_and_zero_is_refused() {
    let started = std::time::Instant::now();
    let o = solve_3x3(&["--threads", "100000"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--threads 100000 is more than the"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("loss"), "{}", stdout(&o));
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
    let o = solve_3x3(&["--threads", "0"]);
    assert_refused(&o, 2, &["--threads", "at least 1 thread"]);
}

/// Item 15: the searches run with a default budget, printed on stderr; the
/// output on stdout is unchanged where it does not bind.
#[test]
fn searches_print_their_default_budget() {
    let o = cannonball(&[
        "margrites",
        "solve",
        &fixture("solve/pincer.txt"),
        "--objective",
        "capture:1",
        "--turns",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("budget: 200000 nodes, and as many for the proofs (--nodes to change)"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("answer: yes: "), "{}", stdout(&o));
    assert!(!stdout(&o).contains("budget"), "stdout unchanged");
    let dir = temp_dir("annotate");
    let file = dir.join("game.yaml");
    let o = cannonball(&[
        "annotate",
        "margo",
        "--size",
        "3",
        "--max-plies",
        "2",
        "--nodes",
        "1000",
        "--out",
        file.to_str().expect("utf-8 path"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("budget: 1000 nodes per position, at most 2 moves"),
        "{}",
        stderr(&o)
    );
    let o = solve_3x3(&[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("budget: "), "{}", stderr(&o));
    assert!(stdout(&o).contains("loss"), "{}", stdout(&o));
}

/// Item 21: a missing required option is named.
#[test]
fn a_missing_required_option_is_named() {
    let o = cannonball(&["forge", "--game", "spargo", "--census"]);
    assert_refused(
        &o,
        2,
        &["required arguments were not provided: --tablebase"],
    );
}

fn check_stdin(input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cannonball"))
        .args(["margrites", "check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).expect("write");
    drop(stdin);
    child.wait_with_output().expect("the binary finishes")
}

/// Item 21: `margrites check -` reads standard input; an empty transcript is
/// unreadable (exit 2, as the help says), not a departure.
#[test]
fn margrites_check_reads_standard_input_and_refuses_an_empty_file() {
    let text = std::fs::read_to_string(fixture("illustration-15.txt")).expect("fixture");
    let from_file = cannonball(&["margrites", "check", &fixture("illustration-15.txt")]);
    let from_stdin = check_stdin(&text);
    assert_eq!(from_stdin.status.code(), from_file.status.code());
    assert!(
        stdout(&from_stdin).contains("<stdin>"),
        "{}",
        stdout(&from_stdin)
    );
    assert_eq!(
        stdout(&from_stdin).replace("<stdin>", "F"),
        stdout(&from_file).replace(&fixture("illustration-15.txt"), "F")
    );
    let o = check_stdin("");
    assert_refused(&o, 2, &["<stdin>", "nothing to read"]);
    let dir = temp_dir("empty");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "\n\n").expect("write");
    let o = cannonball(&["margrites", "check", empty.to_str().expect("utf-8 path")]);
    assert_refused(&o, 2, &["empty.txt", "nothing to read"]);
}

/// Item 21: control characters and direction marks read from input are shown
/// escaped in messages, never sent raw to the terminal.
#[test]
fn control_characters_from_input_are_escaped_in_messages() {
    let o = solve_3x3(&["--moves", "b2\u{1b}[31m"]);
    assert_refused(&o, 1, &["--moves", "\\u{1b}[31m"]);
    assert!(!stderr(&o).contains('\u{1b}'), "{}", stderr(&o));
    let o = cannonball(&[
        "perft",
        "--game",
        "spargo",
        "--depth",
        "1",
        "--ko",
        "x\u{202e}y",
    ]);
    assert_refused(&o, 2, &["--ko", "x\\u{202e}y"]);
    assert!(!stderr(&o).contains('\u{202e}'), "{}", stderr(&o));
    let dir = temp_dir("escape");
    let file = dir.join("bad\u{1b}name.txt");
    let o = cannonball(&["margrites", "check", file.to_str().expect("utf-8 path")]);
    assert_refused(&o, 2, &["bad\\u{1b}name.txt", "cannot read"]);
}

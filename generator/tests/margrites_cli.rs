//! The `cannonball margrites` command line: exit codes and located messages.

use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cannonball"))
        .args(args)
        .output()
        .expect("runs")
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cannonball-margrites-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

const SETUP: &str = "setup black: a1 b1 c1 d1 e1 f1 d2 e2\nsetup white: a8 b8 c8 d8 e8 f8 d7 e7\n";

#[test]
fn check_exits_0_on_a_clean_transcript() {
    let file = temp_file(
        "clean.txt",
        &format!("{SETUP}1. d2>d3; d3>d4; e2>e3; e3>e4.\n0(0)-0(0)\n"),
    );
    let out = run(&["margrites", "check", file.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).ends_with(": 0 departures, 0 warnings\n"));
}

#[test]
fn check_exits_1_and_reports_every_departure() {
    let text = format!("{SETUP}1. d2>d3; d3>d4(xe5); e2>e3; e3>e5.\n0(1)-0(0)\n3. d7>d6; d6>d5.\n");
    let file = temp_file("departures.txt", &text);
    let out = run(&["margrites", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(":3:11: departure: turn 1, step 2: capture xe5 listed but did not happen"),
        "{stdout}"
    );
    assert!(
        stdout
            .contains(":3:30: departure: turn 1, step 4: illegal step e3>e5: e5 does not touch e3"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            ":5:1: departure: turn 2 (printed 3): full movement: the turn stops after 2 of 4 steps"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            ":4:1: departure: turn 1: score line gives Black 0(1), the replay gives 0(0)"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains(":5:1: departure: turn 2 (printed 3): turn number 3 should be 2"),
        "{stdout}"
    );
}

#[test]
fn check_exits_2_with_line_and_column_on_a_parse_error() {
    let file = temp_file("bad.txt", &format!("{SETUP}1. d2>d3; d3>d4;; e2>e3.\n"));
    let out = run(&["margrites", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("bad.txt:3:17: error: expected a square (like e4), found `;`"),
        "{stderr}"
    );
    let bad_square = temp_file("bad-square.txt", "setup black: a1 b1 z9\n");
    let out = run(&["margrites", "check", bad_square.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(":1:20: error: `z9` is not a square"));
    let out = run(&["margrites", "check", "/nonexistent/transcript.txt"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn an_impossible_setup_lists_every_reason() {
    let file = temp_file(
        "setup.txt",
        "setup black: a1 b1 c1 c1 e3\nsetup white: a8 b8 c8 d8 e8 f8 d7 e7\n1. a1>a2.\n",
    );
    let out = run(&["margrites", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("illegal setup: Black has 5 pieces, not 8"),
        "{stdout}"
    );
    assert!(
        stdout.contains("illegal setup: Black's piece on e3 is outside its home rows 1-2"),
        "{stdout}"
    );
    assert!(
        stdout.contains("illegal setup: two pieces on c1"),
        "{stdout}"
    );
}

#[test]
fn selfplay_is_deterministic_and_checks_clean() {
    let a = run(&[
        "margrites",
        "selfplay",
        "--games",
        "3",
        "--seed",
        "7",
        "--max-turns",
        "40",
    ]);
    let b = run(&[
        "margrites",
        "selfplay",
        "--games",
        "3",
        "--seed",
        "7",
        "--max-turns",
        "40",
    ]);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout);
    let text = String::from_utf8(a.stdout).unwrap();
    for (k, game) in text.split("\n\n").enumerate() {
        let file = temp_file(&format!("selfplay-{k}.txt"), game);
        let out = run(&["margrites", "check", file.to_str().unwrap()]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

#[test]
fn infer_and_show_run_on_the_book_games() {
    let game = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../book/games/margrites/black-downsizes.txt"
    );
    let out = run(&["margrites", "infer", game]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 with the fewest departures"));
    let out = run(&["margrites", "show", game]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("  a b c d e f g h i"));
}

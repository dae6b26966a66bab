//! `cannonball margrites solve`: answers in text and JSON, exit codes, budgets and
//! located messages.

use std::path::PathBuf;

use crate::support::cli::{cannonball as run, margrites_fixture as fixture, stderr, stdout};

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cannonball-solve-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn illustration_15() -> String {
    fixture("illustration-15.txt")
}

const OPENING: &str =
    "setup black: a1 b1 c1 d1 e1 f1 d2 e2\nsetup white: a8 b8 c8 d8 e8 f8 d7 e7\n";

#[test]
fn solves_illustration_15_before_its_turn() {
    let file = illustration_15();
    let out = run(&[
        "margrites",
        "solve",
        &file,
        "--at",
        "1",
        "--objective",
        "win",
        "--turns",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("position: turn 1, Black to move, 0(2)-0(6)"),
        "{text}"
    );
    assert!(
        text.contains("objective: Black to win the game within 1 turn (win)"),
        "{text}"
    );
    assert!(
        text.contains("answer: yes: 1 winning first turn\n"),
        "{text}"
    );
    assert!(text.contains("[1(2)-0(7), game over]"), "{text}");
    // The transcript's own errata are told, not fatal.
    assert!(
        stderr(&out).contains("the transcript has 2 departures"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn json_report() {
    let file = illustration_15();
    let out = run(&[
        "margrites",
        "solve",
        &file,
        "--at",
        "1",
        "--objective",
        "score:1",
        "--turns",
        "1",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(v["answer"], "yes");
    assert_eq!(v["objective"], "score:1");
    assert_eq!(v["side"], "Black");
    assert_eq!(v["turns"], 1);
    assert_eq!(v["position"]["standings"], "0(2)-0(6)");
    let winning = v["winning"].as_array().unwrap();
    assert!(!winning.is_empty());
    for w in winning {
        assert_eq!(w["turn"]["scored"], 1);
        assert!(w["turn"]["notation"].as_str().unwrap().starts_with("1. "));
    }
    assert!(v["stats"]["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn two_turns_with_a_defence_and_refutations() {
    // A runner on e3 against two White pieces: some first turns get through.
    let file = fixture("solve/runner.txt");
    let out = run(&[
        "margrites",
        "solve",
        &file,
        "--objective",
        "score:1",
        "--turns",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("answer: yes: 16 winning first turns"),
        "{text}"
    );
    assert!(text.contains("within 2 turns"), "{text}");
    assert!(text.contains("proof:\n"), "{text}");
    assert!(text.contains("(holds out 1 turn)"), "{text}");
    assert!(text.contains("reaches it"), "{text}");
    assert!(text.contains("most promising failing tries:"), "{text}");
    assert!(text.contains("refuted by 2. "), "{text}");
}

#[test]
fn a_node_budget_gives_unknown() {
    let file = fixture("solve/opening.txt");
    let out = run(&[
        "margrites",
        "solve",
        &file,
        "--objective",
        "score:1",
        "--turns",
        "2",
        "--nodes",
        "1000",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("answer: unknown: the budget ran out"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn committed_examples() {
    for (file, objective, turns, answer) in [
        ("solve/edge-trap.txt", "trap", "1", "answer: yes: "),
        ("solve/pincer.txt", "capture:1", "1", "answer: yes: "),
        ("solve/opening.txt", "win", "1", "answer: no: "),
    ] {
        let out = run(&[
            "margrites",
            "solve",
            &fixture(file),
            "--objective",
            objective,
            "--turns",
            turns,
        ]);
        assert_eq!(out.status.code(), Some(0), "{file}: {}", stderr(&out));
        assert!(stdout(&out).contains(answer), "{file}: {}", stdout(&out));
    }
}

/// Each bad request exits with 2 and, where one is given, says the message on stderr.
#[test]
fn errors_exit_2_with_a_message() {
    let file = illustration_15();
    // (the file, the arguments after it, a part of stderr to find)
    let cases: [(&str, &[&str], Option<&str>); 6] = [
        // After its last turn the game is over.
        (
            &file,
            &["--objective", "win", "--turns", "1"],
            Some("the game is over"),
        ),
        (
            &file,
            &["--at", "7", "--objective", "win", "--turns", "1"],
            Some("turn 7 is not in the main line"),
        ),
        (
            &file,
            &["--at", "1", "--objective", "lose", "--turns", "1"],
            Some("`lose` is not an objective"),
        ),
        (
            &file,
            &["--at", "1", "--objective", "win", "--turns", "0"],
            Some("turn limit must be from 1"),
        ),
        // A time budget of 0 seconds is refused (only the exit code is checked).
        (
            &file,
            &[
                "--at",
                "1",
                "--objective",
                "win",
                "--turns",
                "1",
                "--time",
                "0",
            ],
            None,
        ),
        (
            "/no/such/file.txt",
            &["--objective", "win", "--turns", "1"],
            Some("cannot read"),
        ),
    ];
    for (file, rest, message) in cases {
        let mut args = vec!["margrites", "solve", file];
        args.extend_from_slice(rest);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        if let Some(message) = message {
            assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        }
    }
}

#[test]
fn solves_after_the_last_turn_of_a_game() {
    let text = format!("{OPENING}1. d2>d3; d3>d4; e2>e3; e3>e4.\n");
    let file = temp_file("one-turn.txt", &text);
    let out = run(&[
        "margrites",
        "solve",
        file.to_str().unwrap(),
        "--objective",
        "trap",
        "--turns",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("position: turn 2, White to move, 0(0)-0(0)"),
        "{text}"
    );
    assert!(text.contains("answer: no: "), "{text}");
}

//! The `cannonball margrites` command line: exit codes and located messages.

use std::path::PathBuf;
use std::process::Output;

use crate::support::cli::cannonball as run;

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

fn lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn check_json_exit_codes_and_lines() {
    let clean = temp_file(
        "clean-json.txt",
        &format!("{SETUP}1. d2>d3; d3>d4; e2>e3; e3>e4.\n0(0)-0(0)\n"),
    );
    let out = run(&["margrites", "check", clean.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v = lines(&out);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0]["summary"]["departures"], 0);
    assert_eq!(v[0]["summary"]["notes"][0], "setup: given");

    let text = format!("{SETUP}1. d2>d3; d3>d4(xe5); e2>e3; e3>e5.\n0(1)-0(0)\n3. d7>d6; d6>d5.\n");
    let file = temp_file("departures-json.txt", &text);
    let out = run(&["margrites", "check", file.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v = lines(&out);
    let text_out = run(&["margrites", "check", file.to_str().unwrap()]);
    let text_departures = String::from_utf8_lossy(&text_out.stdout)
        .matches(": departure: ")
        .count();
    assert_eq!(v.len(), text_departures + 1);
    assert_eq!(v.last().unwrap()["summary"]["departures"], text_departures);
    let illegal = v
        .iter()
        .find(|f| f["column"] == 30)
        .expect("the illegal step");
    assert_eq!(illegal["line"], 3);
    assert_eq!(illegal["kind"], "departure");
    assert_eq!(illegal["turn"], 1);
    assert_eq!(illegal["step"], 4);
    assert_eq!(
        illegal["message"],
        "illegal step e3>e5: e5 does not touch e3: a step goes to one of the eight touching squares; played as written"
    );
    let renumbered = v
        .iter()
        .find(|f| f["message"] == "turn number 3 should be 2")
        .unwrap();
    assert_eq!(
        (
            renumbered["turn"].clone(),
            renumbered["printed_turn"].clone()
        ),
        (2.into(), 3.into())
    );
    assert!(renumbered["step"].is_null());

    let bad = temp_file(
        "bad-json.txt",
        &format!("{SETUP}1. d2>d3; d3>d4;; e2>e3.\n"),
    );
    let out = run(&["margrites", "check", bad.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let v = lines(&out);
    assert_eq!(v[0]["error"]["line"], 3);
    assert_eq!(v[0]["error"]["column"], 17);
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad-json.txt:3:17: error:"));
    let out = run(&[
        "margrites",
        "check",
        "/nonexistent/transcript.txt",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(lines(&out)[0]["error"]["line"].is_null());
}

#[test]
fn selfplay_json_is_deterministic_and_replays() {
    let args = [
        "margrites",
        "selfplay",
        "--json",
        "--games",
        "3",
        "--seed",
        "5",
        "--max-turns",
        "300",
        "--variations",
        "handicap,rebuttal,returning,dancing-limit",
    ];
    let a = run(&args);
    let b = run(&args);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout);
    let v = lines(&a);
    assert_eq!(v.iter().filter(|l| l.get("start").is_some()).count(), 3);
    assert_eq!(v.iter().filter(|l| l.get("outcome").is_some()).count(), 3);
    assert!(v[1]["turn"] == 1 && v[1]["side"] == "black");
    assert_eq!(v[0]["start"]["variations"].as_array().unwrap().len(), 4);

    // The JSON lines read back unchanged; as text they are the same games.
    let file = temp_file(
        "selfplay.jsonl",
        &String::from_utf8(a.stdout.clone()).unwrap(),
    );
    let back = run(&["margrites", "replay", file.to_str().unwrap(), "--json"]);
    assert_eq!(
        back.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&back.stderr)
    );
    assert_eq!(back.stdout, a.stdout);
    let as_text = run(&["margrites", "replay", file.to_str().unwrap()]);
    assert_eq!(as_text.status.code(), Some(0));
    let plain = run(&[
        "margrites",
        "selfplay",
        "--games",
        "3",
        "--seed",
        "5",
        "--max-turns",
        "300",
        "--variations",
        "handicap,rebuttal,returning,dancing-limit",
    ]);
    let moves = |o: &Output| -> Vec<String> {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(str::to_string)
            .collect()
    };
    assert_eq!(moves(&as_text), moves(&plain));
}

#[test]
fn replay_exit_codes() {
    // A clean transcript: exit 0, and its JSON reads back.
    let clean = temp_file(
        "replay-clean.txt",
        &format!("{SETUP}1. d2>d3; d3>d4; e2>e3; e3>e4.\n0(0)-0(0)\n"),
    );
    let out = run(&["margrites", "replay", clean.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v = lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!(
        v[1]["steps"][0],
        serde_json::json!({"from": "d2", "to": "d3", "captures": []})
    );
    assert_eq!(v[2]["outcome"]["end"], "unfinished");
    let json_file = temp_file(
        "replay-clean.jsonl",
        &String::from_utf8(out.stdout).unwrap(),
    );
    let out = run(&["margrites", "replay", json_file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("1. d2>d3; d3>d4; e2>e3; e3>e4.\n0(0)-0(0)\n")
    );

    // A book game with departures: printed as replayed, exit 1; it does not read back.
    let game = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../book/games/margrites/black-downsizes.txt"
    );
    let out = run(&["margrites", "replay", game, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("53 departures"));
    let file = temp_file("downsizes.jsonl", &String::from_utf8(out.stdout).unwrap());
    let out = run(&["margrites", "replay", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains(": departure: turn "));

    // Bad JSON: exit 2 with the line and column, on stderr and as an error line.
    let bad = temp_file(
        "bad.jsonl",
        "{\"start\":{\"pieces\":{\"black\":[\"a1\"],\"white\":[\"a8\"]}}}\n{\"turn\":1,\"side\":\"black\",\"steps\":[{\"from\":\"a1\",\"to\":\"a9\",\"captures\":[]}]}\n",
    );
    let out = run(&["margrites", "replay", bad.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("bad.jsonl:2:56: error: `a9`: not a square"),
        "{stderr}"
    );
    let v = lines(&out);
    assert_eq!(
        (
            v[0]["error"]["line"].clone(),
            v[0]["error"]["column"].clone()
        ),
        (2.into(), 56.into())
    );
    let out = run(&["margrites", "replay", "/nonexistent/game.jsonl"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn help_documents_the_json_forms() {
    for (cmd, words) in [
        ("check", &["--json", "summary"][..]),
        ("selfplay", &["--json", "outcome"][..]),
        ("replay", &["--json", "start", "JSON lines"][..]),
    ] {
        let out = run(&["margrites", cmd, "--help"]);
        assert_eq!(out.status.code(), Some(0));
        let help = String::from_utf8_lossy(&out.stdout);
        for w in words {
            assert!(help.contains(w), "{cmd} --help lacks {w}: {help}");
        }
    }
}

//! The Margo command-line contract: output forms other programs rely on, and a
//! clear one-line error (never a panic) for every kind of bad input.

use std::process::Output;

use crate::support::cli::{cannonball, with_stdin};

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8")
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).expect("every line is JSON"))
        .collect()
}

/// An error exits non-zero with one line naming what went wrong.
fn assert_one_line_error(o: &Output, code: i32, needles: &[&str]) {
    assert_eq!(o.status.code(), Some(code), "stderr: {}", stderr(o));
    let err = stderr(o);
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(!err.contains("panicked"), "{err}");
    for n in needles {
        assert!(err.contains(n), "'{n}' missing from: {err}");
    }
}

#[test]
fn perft_prints_one_line_per_depth() {
    let o = cannonball(&["perft", "--game", "spargo", "--depth", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "depth 1: 16\ndepth 2: 240\ndepth 3: 3360\n");
    let o = cannonball(&[
        "perft", "--game", "margo", "--size", "5", "--swap", "off", "--depth", "2",
    ]);
    assert_eq!(stdout(&o), "depth 1: 25\ndepth 2: 600\n");
}

#[test]
fn replay_prints_a_json_line_per_ply_and_the_outcome() {
    let moves = "0,1,1 0,2,1 0,1,2 0,2,2 0,0,0 1,1,1";
    let o = cannonball(&[
        "replay", "--game", "spargo", "--moves", moves, "--legal", "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 7);
    assert_eq!(lines[0]["ply"], 0);
    assert_eq!(lines[0]["player"], 1);
    assert_eq!(lines[0]["move"], serde_json::json!([0, 1, 1]));
    assert_eq!(lines[0]["legal"].as_array().unwrap().len(), 16);
    assert_eq!(lines[1]["player"], 2);
    assert_eq!(lines[5]["move"], serde_json::json!([1, 1, 1]));
    assert_eq!(lines[5]["player"], 2);
    assert_eq!(lines[5]["score"], serde_json::json!([3, 3]));
    assert_eq!(lines[5]["removed"], serde_json::json!([]));
    assert_eq!(lines[6]["outcome"]["end"], "unfinished");
    assert_eq!(lines[6]["outcome"]["scores"], serde_json::json!([3, 3]));
}

#[test]
fn replay_reports_captures_and_zombies() {
    // The Spargo rule book's capture: White a1 takes Black's group; b2 c2 b3 stay
    // under White's b2+1.
    let setup = "black b2 c2 b3 a2 a3; white c3 b1 c1 a4 b4 d2 d3 c4 b2+1; to-move white";
    let o = cannonball(&[
        "replay", "--game", "spargo", "--setup", setup, "--moves", "a1", "--json",
    ]);
    let lines = json_lines(&o);
    let capture = &lines[0];
    assert_eq!(capture["score"], serde_json::json!([10, 3]));
    assert_eq!(
        capture["removed"],
        serde_json::json!([[0, 0, 1], [0, 0, 2]])
    );
    assert_eq!(
        capture["zombies"],
        serde_json::json!([[0, 1, 1], [0, 2, 1], [0, 1, 2]])
    );
}

#[test]
fn replay_reads_moves_from_a_file_and_from_standard_input() {
    let dir = std::env::temp_dir().join(format!("cannonball-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("moves.txt");
    std::fs::write(&file, "# a game\nb2 c2\nswap # not allowed in spargo\n").unwrap();
    let o = cannonball(&[
        "replay",
        "--game",
        "spargo",
        "--moves-file",
        file.to_str().unwrap(),
        "--json",
    ]);
    assert_one_line_error(&o, 1, &["line 3", "ply 2", "swap", "swap is only allowed"]);
    assert_eq!(
        json_lines(&o).len(),
        2,
        "plies before the error stay printed"
    );

    let o = with_stdin(
        &["replay", "--game", "margo", "--moves-file", "-", "--json"],
        "d4 swap c3\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = json_lines(&o);
    assert_eq!(lines[1]["move"], "swap");
    assert_eq!(
        lines[2]["player"], 1,
        "after the swap the first player moves Black"
    );
    assert_eq!(lines[2]["score"], serde_json::json!([1, 1]));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_illegal_move_names_the_ply_the_move_and_the_reason() {
    let o = cannonball(&[
        "replay",
        "--game",
        "spargo",
        "--moves",
        "0,1,1 0,1,1",
        "--json",
    ]);
    assert_one_line_error(&o, 1, &["ply 1", "b2", "1", "occupied"]);
    let o = cannonball(&["replay", "--game", "spargo", "--moves", "b2 b2+1", "--json"]);
    assert_one_line_error(&o, 1, &["ply 1", "b2+1", "not supported"]);
    let o = cannonball(&[
        "replay",
        "--game",
        "spargo",
        "--moves",
        "a2 d4 b1 a1",
        "--json",
    ]);
    assert_one_line_error(&o, 1, &["ply 3", "a1", "suicide"]);
}

#[test]
fn a_malformed_move_names_the_line_column_and_ply() {
    let o = cannonball(&[
        "replay",
        "--game",
        "spargo",
        "--moves",
        "b2 c2 q7x",
        "--json",
    ]);
    assert_one_line_error(&o, 1, &["ply 2", "column", "q7x"]);
    let o = cannonball(&["replay", "--game", "spargo", "--moves", "b2 e5", "--json"]);
    assert_one_line_error(&o, 1, &["ply 1", "not a point of the 4x4 board"]);
    let o = cannonball(&["replay", "--game", "spargo", "--moves", "1,2", "--json"]);
    assert_one_line_error(&o, 1, &["ply 0", "level,x,y"]);
}

#[test]
fn unknown_options_and_impossible_rules_are_refused() {
    let o = cannonball(&["perft", "--game", "spargo", "--depth", "2", "--bogus"]);
    assert_one_line_error(&o, 2, &["--bogus"]);
    let o = cannonball(&["perft", "--game", "chess", "--depth", "2"]);
    assert_one_line_error(&o, 2, &["chess"]);
    let o = cannonball(&["perft", "--game", "spargo", "--depth", "2", "--ko", "super"]);
    assert_one_line_error(&o, 2, &["super"]);
    let o = cannonball(&["perft", "--game", "margo", "--size", "25", "--depth", "1"]);
    assert_one_line_error(&o, 1, &["size 25"]);
    let o = cannonball(&["perft", "--game", "margo", "--players", "5", "--depth", "1"]);
    assert_one_line_error(&o, 1, &["5 players"]);
    let o = cannonball(&["perft", "--game", "spargo", "--size", "6", "--depth", "1"]);
    assert_one_line_error(&o, 1, &["4x4"]);
    let o = cannonball(&[
        "replay",
        "--game",
        "spargo",
        "--moves-file",
        "/no/such/file",
        "--json",
    ]);
    assert_one_line_error(&o, 1, &["/no/such/file"]);
}

#[test]
fn an_impossible_setup_lists_every_reason() {
    let o = cannonball(&[
        "show",
        "--game",
        "spargo",
        "--setup",
        "white a1 a1 e9 b2+1; grey c3; to-move black",
    ]);
    assert_one_line_error(
        &o,
        1,
        &["two pieces on a1", "e9", "floating", "grey piece on c3"],
    );
    let o = cannonball(&["show", "--game", "spargo", "--setup", "white a1; blue b2"]);
    assert_one_line_error(&o, 1, &["column 11", "blue"]);
}

#[test]
fn selfplay_is_deterministic_for_a_seed() {
    let a = cannonball(&[
        "selfplay", "--game", "spargo", "--games", "3", "--seed", "9",
    ]);
    let b = cannonball(&[
        "selfplay", "--game", "spargo", "--games", "3", "--seed", "9",
    ]);
    let c = cannonball(&[
        "selfplay", "--game", "spargo", "--games", "3", "--seed", "10",
    ]);
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
    let lines = json_lines(&a);
    let outcomes = lines.iter().filter(|l| l.get("outcome").is_some()).count();
    assert_eq!(outcomes, 3);
    for l in &lines {
        if let Some(o) = l.get("outcome") {
            assert_eq!(o["end"], "no-legal-move");
        }
    }
}

#[test]
fn show_draws_every_level_in_use() {
    let o = cannonball(&["show", "--game", "spargo", "--moves", "b2 c2 b3 c3 b2+1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.contains("level 0") && text.contains("level 1") && text.contains("level 2"));
    assert!(text.contains("Black to move"));
    assert!(text.contains(" 2 . W B ."), "{text}");
}

//! `cannonball diagram`: SVG on standard output or in a file, the position after
//! the moves with the last move marked, and a one-line error with exit 1 or 2 for
//! bad input.

use std::process::{Command, Output};

fn cannonball(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cannonball"))
        .arg("diagram")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8")
}

/// The text of the `<title>`.
fn title(svg: &str) -> &str {
    let start = svg.find("<title").expect("a title");
    let open = start + svg[start..].find('>').expect("tag end") + 1;
    let close = open + svg[open..].find("</title>").expect("title closed");
    &svg[open..close]
}

/// Runs `cannonball diagram` with `args`: it must exit with `code` and one line holding `message`.
fn fails(args: &[&str], code: i32, message: &str) {
    let o = cannonball(args);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains(message), "{args:?}: '{err}' lacks '{message}'");
    assert!(o.stdout.is_empty());
}

#[test]
fn margo_moves_give_the_position_with_the_last_move_and_the_removed_pieces() {
    let o = cannonball(&[
        "--game",
        "spargo",
        "--setup",
        "white a2 c2 b3; black b2 d4; to-move white",
        "--moves",
        "b1",
        "--labels",
        "a=c4,*=b1",
        "--id-prefix",
        "fig7",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    assert_eq!(
        title(&svg),
        "Spargo 4x4, Black to move: White b1 a2 c2 b3, Black d4; removed Black b2"
    );
    assert!(svg.starts_with("<svg "));
    assert!(svg.contains(r#"id="fig7""#));
    assert_eq!(svg.matches(r#"class="last-move on-white""#).count(), 1);
    assert_eq!(svg.matches(r#"class="marble ghost black""#).count(), 1);
    assert_eq!(svg.matches(r#"class="label "#).count(), 2);
    assert!(svg.contains("<style>"), "stand-alone by default");
    let bare = stdout(&cannonball(&["--game", "spargo", "--no-style"]));
    assert!(!bare.contains("<style>"));
}

#[test]
fn margo_options_reach_the_diagram() {
    let o = cannonball(&[
        "--game",
        "margo",
        "--size",
        "5",
        "--setup",
        "black b3 c3; white b2 c2 b4 c4 b2+1 b3+1; to-move black",
        "--cuts",
        "b2+1",
        "--freedoms",
        "a3,d3",
        "--no-coordinates",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    assert!(title(&svg).starts_with("Margo 5x5, Black to move: "));
    assert_eq!(svg.matches(r#"class="cut-link""#).count(), 1);
    assert_eq!(svg.matches(r#"class="freedom""#).count(), 2);
    assert!(!svg.contains(r#"class="coord""#));
}

#[test]
fn margrites_turns_are_played_and_the_last_is_drawn() {
    let dir = std::env::temp_dir().join(format!("cannonball-diagram-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("turn.svg");
    let o = cannonball(&[
        "--game",
        "margrites",
        "--setup",
        "black a1 b1 c1 d1 e1 f1 d2 e2; white a8 b8 c8 d8 e8 f8 d7 e7",
        "--moves",
        "1. d2>d3; d3>d4; e2>e3; e3>e4. 2. a8>a7; a7>a6; b8>b7; b7>b6.",
        "--legal",
        "c4 c5",
        "--capture",
        "f5",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    let svg = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(title(&svg).starts_with("Margrites, Black to move (turn 3): Black a1 b1 c1 d1 e1 f1 d4 e4; White a6 b6 d7 e7 c8 d8 e8 f8; score 0(0)-0(0)"));
    assert!(title(&svg).ends_with("steps a8&gt;a7, a7&gt;a6, b8&gt;b7, b7&gt;b6"));
    // The last turn's two pieces make two chained arrows.
    assert_eq!(svg.matches(r#"class="arrow""#).count(), 2);
    assert_eq!(svg.matches(r#"class="shade legal""#).count(), 2);
    assert_eq!(svg.matches(r#"class="shade capture""#).count(), 1);
    assert!(svg.contains("Black–White 0(0)-0(0)"));
}

#[test]
fn margrites_setups_may_be_mid_game() {
    let o = cannonball(&[
        "--game",
        "margrites",
        "--setup",
        "black e4 a1; white d5 f6 a8; to-move white; turn 12",
        "--moves",
        "12. f6>f5(xe4); f5>f4; d5>c4; ...",
        "--steps",
        "f4>f3",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    assert!(
        title(&svg).starts_with("Margrites, White to move (turn 12, 3 steps made)"),
        "{}",
        title(&svg)
    );
    // --steps replaces the played turn's arrows.
    assert_eq!(svg.matches(r#"class="arrow""#).count(), 1);
    assert_eq!(svg.matches(r#"class="piece ghost black""#).count(), 1);
    assert!(svg.contains("Black–White 0(5)-0(7)"), "{svg}");
}

/// The Margrites setup the move cases start from.
const SETUP: &str = "black a1 b1 c1 d1 e1 f1 d2 e2; white a8 b8 c8 d8 e8 f8 d7 e7";

/// Bad input: the arguments, the exit code, and a part of the one-line message.
const BAD_INPUT: &[(&[&str], i32, &str)] = &[
    (&["--game", "chess"], 2, "invalid value 'chess'"),
    (
        &["--game", "spargo", "--moves", "e5"],
        1,
        "not a point of the 4x4 board",
    ),
    (&["--game", "spargo", "--moves", "b2 b2"], 1, "is illegal"),
    (&["--game", "spargo", "--setup", "white q9"], 1, "--setup"),
    (
        &["--game", "spargo", "--labels", "a"],
        1,
        "expected text=point",
    ),
    (
        &["--game", "spargo", "--labels", "a=b2,b=b2"],
        1,
        "two labels on b2",
    ),
    (
        &["--game", "spargo", "--id-prefix", "9"],
        1,
        "id prefix '9'",
    ),
    (&["--game", "spargo", "--cuts", "b2"], 1, "b2 cuts no link"),
    (
        &["--game", "spargo", "--legal", "b2"],
        1,
        "--legal is for --game margrites",
    ),
    (&["--game", "margrites"], 1, "needs --setup"),
    (
        &["--game", "margrites", "--setup", "black a1; white a9"],
        1,
        "'a9'",
    ),
    (
        &[
            "--game",
            "margrites",
            "--setup",
            "black a1 b1 c1 d1 e1 f1 g1 h1; white a8",
        ],
        1,
        "White has 1 pieces",
    ),
    (
        &[
            "--game",
            "margrites",
            "--setup",
            SETUP,
            "--moves",
            "1. d2>d4.",
        ],
        1,
        "turn 1",
    ),
    (
        &[
            "--game",
            "margrites",
            "--setup",
            SETUP,
            "--moves",
            "2. d7>d6.",
        ],
        1,
        "turn 1 is next",
    ),
    (
        &[
            "--game",
            "margrites",
            "--setup",
            SETUP,
            "--moves",
            "1. d2>d3.",
        ],
        1,
        "turn 1",
    ),
    (
        &["--game", "margrites", "--setup", SETUP, "--size", "5"],
        1,
        "--size is not an option",
    ),
];

#[test]
fn bad_input_is_one_line_and_exit_1_or_2() {
    for &(args, code, message) in BAD_INPUT {
        fails(args, code, message);
    }
}

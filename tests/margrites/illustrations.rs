//! Every illustration of the rule book whose board or moves survive, as a test of
//! the claim its caption makes. Where the board was lost, the position is built to
//! show exactly what the caption says. Surviving boards are copied cell for cell.

use super::support;

use cannonball_rules::margrites::capture::{capture_round, resolve};
use cannonball_rules::margrites::table::{BoardTable, Legend};
use cannonball_rules::margrites::turngen::distinct_turns;
use cannonball_rules::margrites::{
    ByColor, Color, Diagram, IllegalStep, Options, Position, SetupProblem, SquareSet, Step,
};
use support::{diagram, names, play, play_turn, sq, squares, start, step};

/// Reads a surviving board: rows `8` to `1` then the letters, blanks empty.
fn board(text: &str) -> ByColor<SquareSet> {
    let lines: Vec<&str> = text.lines().collect();
    let (table, _) = BoardTable::parse(&lines).unwrap();
    let legend = Legend {
        blanks_empty: true,
        ..Legend::default()
    };
    table.pieces(&legend).0
}

fn position(
    pieces: ByColor<SquareSet>,
    to_move: Color,
) -> Result<Position, cannonball_rules::margrites::SetupError> {
    let d = Diagram::with_missing_captured(pieces.map(Iterator::collect), to_move);
    Position::from_diagram(&d, Options::STANDARD)
}

const BLACK_HOME: &str = "a1 b1 c1 d1 e1 f1 d2 e2";
const WHITE_HOME: &str = "a8 b8 c8 d8 e8 f8 d7 e7";

#[test]
fn ill_1_starting_positions() {
    assert!(
        Position::new(
            &cannonball_rules::margrites::Setup {
                black: squares(BLACK_HOME),
                white: squares(WHITE_HOME)
            },
            Options::STANDARD
        )
        .is_ok()
    );
    // White with one piece on b6, Black with seven: both illegal, both reported.
    let bad = cannonball_rules::margrites::Setup {
        black: squares("a1 b1 c1 d1 e1 f1 d2"),
        white: squares("a8 b8 c8 d8 e8 f8 d7 b6"),
    };
    let err = bad.validate().unwrap_err();
    assert_eq!(
        err.problems,
        vec![
            SetupProblem::WrongCount {
                color: Color::Black,
                count: 7
            },
            SetupProblem::OutsideHomeRows {
                color: Color::White,
                square: sq("b6")
            },
        ]
    );
}

#[test]
fn ill_2_basic_movement() {
    for turn in [
        "1. d2>d3; d3>d4; d4>d5; d5>d6.",
        "1. d2>d3; d3>d4; e2>e3; e3>e4.",
        "1. d2>d3; e2>e3; e3>e4; e4>e5.",
    ] {
        let mut pos = start(BLACK_HOME, "a8 b8 c8 d8 e8 f8 g8 h8");
        play_turn(&mut pos, turn);
        assert_eq!(pos.to_move(), Color::White);
    }
}

#[test]
fn ill_3a_any_direction() {
    let pos = diagram("e4", "a8", Color::Black);
    let targets: SquareSet = pos.legal_steps().iter().filter_map(|s| s.to()).collect();
    assert_eq!(names(targets), "d3 e3 f3 d4 f4 d5 e5 f5");
}

#[test]
fn ill_3b_inefficient_routes() {
    let mut pos = diagram("e4", "a8", Color::Black);
    play_turn(&mut pos, "1. e4>e3; e3>f4; f4>f5; f5>e5.");
    assert_eq!(names(pos.pieces(Color::Black)), "e5");
    // The short way to c7 through d6 is martyrdom; the long ways are legal.
    let pos = diagram("e5 f4", "d5 e6 i8", Color::Black);
    assert_eq!(
        pos.check_step(step("e5>d6")),
        Err(IllegalStep::Martyrdom(sq("d6")))
    );
    let mut long = pos;
    play_turn(&mut long, "1. e5>d4; d4>c5; c5>b6; b6>c7.");
    // As printed, the first route jumps from f7 to d8: not a step (erratum; e7 is meant).
    let mut printed = pos;
    play(&mut printed, "e5>f6; f6>f7");
    assert_eq!(
        printed.check_step(step("f7>d8")),
        Err(IllegalStep::NotTouching {
            from: sq("f7"),
            to: sq("d8")
        })
    );
    let mut fixed = pos;
    play_turn(&mut fixed, "1. e5>f6; f6>e7; e7>d8; d8>c7.");
    assert!(fixed.pieces(Color::Black).contains(sq("c7")));
}

#[test]
fn ill_4_stalling_and_dancing() {
    let mut pos = diagram("e4", "a8", Color::Black);
    play(&mut pos, "e4>e5; e5>f5; f5>f4");
    assert_eq!(
        pos.check_step(step("f4>e4")),
        Err(IllegalStep::Stalling(sq("e4")))
    );
    for green in ["e3", "f3", "g3", "g4", "g5"] {
        assert!(pos.check_step(step(&format!("f4>{green}"))).is_ok());
    }
    // Stalling does not oblige a piece to move: another piece may take the steps.
    let mut other = diagram("e4 a1", "i8", Color::Black);
    play_turn(&mut other, "1. a1>a2; a2>a3; a3>a4; a4>a5.");
    // Dancing: the position is the same, the pieces swapped.
    let mut dance = diagram("d4 e4", "a8", Color::Black);
    let before = dance.board();
    play_turn(&mut dance, "1. d4>d5; e4>d4; d5>e5; e5>e4.");
    assert_eq!(dance.board(), before);
}

#[test]
fn ill_5a_martyrdom_red_square() {
    let pos = diagram("c4", "a5 a6 i8", Color::Black);
    let targets: SquareSet = pos.legal_steps().iter().filter_map(|s| s.to()).collect();
    assert_eq!(names(targets), "b3 c3 d3 b4 d4 c5 d5");
    assert_eq!(
        pos.check_step(step("c4>b5")),
        Err(IllegalStep::Martyrdom(sq("b5")))
    );
}

#[test]
fn ill_5b_causing_an_allys_capture_is_legal() {
    let pos = diagram("c4 d5", "d6 e6 i8", Color::Black);
    for yellow in ["b3", "c3", "d3", "b4", "b5"] {
        let mut p = pos;
        let r = play(&mut p, &format!("c4>{yellow}"));
        assert_eq!(names(r[0].cascade.all()), "d5", "{yellow}");
    }
    for green in ["d4", "c5"] {
        let mut p = pos;
        assert!(play(&mut p, &format!("c4>{green}"))[0].cascade.is_empty());
    }
}

#[test]
fn ill_6_trapped_moves_forfeit_the_turn() {
    let mut pos = diagram("i4", "h2 g3 h4 h6 a8", Color::Black);
    for s in ["i4>i3", "i4>h3", "i4>i5", "i4>h5"] {
        assert!(
            matches!(pos.check_step(step(s)), Err(IllegalStep::Martyrdom(_))),
            "{s}"
        );
    }
    pos.end_turn().unwrap();
    assert_eq!(pos.to_move(), Color::White);
}

const ILL_7A: &str = "8\t\t\t\tW\tB\t\t\t\t\n7\t\t\t\tW\t\t\t\t\t\n6\t\t\t\t\t\t\t\t\t\n5\tW\tB\t\t\t\t\tW\tW\t\n4\t\tW\t\t\t\tB\tB\tW\t\n3\t\t\t\t\t\t\t\tW\t\n2\t\t\t\t\t\t\t\t\t\n1\t\t\tW\tB\tW\t\t\t\t\n\ta\tb\tc\td\te\tf\tg\th\ti";

#[test]
fn ill_7a_white_captures_every_black_piece_but_f4() {
    let mut pieces = board(ILL_7A);
    assert_eq!(names(pieces.black), "d1 f4 g4 b5 e8");
    assert_eq!(names(capture_round(&pieces)), "d1 g4 b5 e8");
    resolve(&mut pieces);
    assert_eq!(names(pieces.black), "f4");
    // The caption's "black at d8" is on e8 in the board (d8 holds White).
    assert!(pieces.white.contains(sq("d8")));
}

const ILL_7B1: &str = "8\t\t\t\t\t\t\t\t\n7\t\t\t\t\t\t\t\t\n6\t\t\t\t\t\t\t\t\n5\t\t\t\t\t\t\tW\tW\n4\t\t\t\t\t\tB\tB\tW\n3\t\t\t\t\tB\t\t\t\n2\t\t\t\t\t\t\t\t\n1\t\t\t\t\t\t\t\t\n\ta\tb\tc\td\te\tf\tg\th";
const ILL_7B2: &str = "8\t\t\t\t\t\t\t\t\n7\t\t\t\t\t\t\t\t\n6\t\t\t\t\t\t\t\t\n5\t\t\t\t\t\t\tW\tW\n4\t\t\t\t\t\tB\tB\tW\n3\t\t\t\t\tB\t\t\tW\n2\t\t\t\t\t\t\t\t\n1\t\t\t\t\t\t\t\t\n\ta\tb\tc\td\te\tf\tg\th";

#[test]
fn ill_7b_allies_count() {
    let one = board(ILL_7B1);
    assert_eq!(
        (names(one.black), names(one.white)),
        ("e3 f4 g4".into(), "h4 g5 h5".into())
    );
    assert!(
        capture_round(&one).is_empty(),
        "3 opponents to 2 allied: no capture"
    );
    let two = board(ILL_7B2);
    assert_eq!(names(capture_round(&two)), "g4", "4 opponents to 2 allied");
}

#[test]
fn ill_7c_instantaneous_cascade() {
    let mut pos = diagram("f4 g4 a1", "f6 g5 h5 h4 a8", Color::White);
    let r = play(&mut pos, "f6>f5");
    let rounds: Vec<String> = r[0].cascade.rounds().iter().map(|s| names(*s)).collect();
    assert_eq!(rounds, ["g4", "f4"]);
    let mut pos = diagram("f4 g4 a1", "f6 g5 h5 h4 a8", Color::White);
    play_turn(&mut pos, "1. f6>f5(xg4, xf4); f5>f4; f4>f3; h4>g3.");
}

#[test]
fn ill_7d_no_simultaneous_capture_and_martyrdom() {
    let pos = diagram("c4 c5 d5 e5", "d3 e3 f4 f5 f6 a8", Color::White);
    assert_eq!(
        pos.check_step(step("d3>d4")),
        Err(IllegalStep::Martyrdom(sq("d4")))
    );
    let mut p = pos;
    let r = p.play_step_unchecked(step("d3>d4"));
    assert_eq!(names(r.cascade.rounds()[0]), "d4 e5");
}

#[test]
fn ill_8_scoring() {
    let mut pos = diagram("e5 a2", "a1", Color::Black);
    play_turn(&mut pos, "1. e5>e6; e6>e7; e7>e8; e8>B++.");
    assert_eq!(pos.standings().black.points, 1);
    let mut one = diagram("e8 a2", "a7", Color::Black);
    play(&mut one, "e8>B++");
    assert_eq!(one.steps_made(), 1);
}

#[test]
fn ill_10_centre_line() {
    let mut pos = diagram("e5 a2", "h4 i8", Color::Black);
    play_turn(&mut pos, "1. e5>e6; e6>e7; e7>e8; e8>B++.");
    play_turn(&mut pos, "2. h4>h3; h3>h2; h2>h1; h1>W++.");
    assert_eq!(
        (pos.standings().black.points, pos.standings().white.points),
        (1, 1)
    );
}

const ILL_11A: &str = "8\t\t\t\t\t\t\t\t\t\n7\t\t\t\t\t\t\t\t\t\n6\t\t\t\t♙\t♙\t\t\t\t\n5\t\t\t\t♚\t♚\t\t\t\t\n4\t\t\t\t\t♚\t\t\t\t\n3\t\t\t\t\t\t\t\t\t\n2\t\t\t\t\t\t\t\t\t\n1\t\t\t\t\t\t\t\t\t\n\ta\tb\tc\td\te\tf\tg\th\ti";
const ILL_11B: &str = "8\t\t\t\t\t\t\t\t\t\n7\t\t\t\t\t\t\t\t\t\n6\t\t\t\t♙\t♙\t♙\t\t\t\n5\t\t\t\t♙\t♚\t♚\t\t\t\n4\t\t\t\t♙\t♙\t♙\t♚\t\t\n3\t\t\t\t\t\t\t\t\t\n2\t\t\t\t\t\t\t\t\t\n1\t\t\t\t\t\t\t\t\t\n\ta\tb\tc\td\te\tf\tg\th\ti";

#[test]
fn ill_11_formation_of_three() {
    let a = board(ILL_11A);
    for p in a.black {
        assert_eq!(
            SquareSet::touching(p).intersect(a.black).len(),
            2,
            "{p} has two allies"
        );
    }
    // The caption: six opponents (c4 d4 c5 c6 d6 e6) capture d5 of the L d5 e5 e4.
    let mut fixed = ByColor {
        black: squares("d5 e5 e4").into_iter().collect(),
        white: squares("c4 d4 c5 c6 d6 e6").into_iter().collect(),
    };
    assert_eq!(names(resolve(&mut fixed).all()), "d5");
    let mut five = ByColor {
        black: squares("d5 e5 e4").into_iter().collect(),
        white: squares("c4 d4 c5 c6 d6").into_iter().collect(),
    };
    assert!(resolve(&mut five).is_empty());
    // Erratum: the printed second board is not that position and not stable.
    let mut printed = board(ILL_11B);
    let rounds: Vec<String> = resolve(&mut printed)
        .rounds()
        .iter()
        .map(|r| names(*r))
        .collect();
    assert_eq!(rounds, ["e5", "f5"]);
}

#[test]
fn ill_12_formation_of_four_is_invulnerable() {
    // The book's marks 1-5 are on b4 b5 b6 c6 d6: the free neighbours of c5 in the
    // block c4 d4 c5 d5 (the caption's d5 is one file to the right).
    let text = "8\t\t\t\t\t\t\t\t\n7\t\t\t\t\t\t\t\t\n6\t\t3\t4\t5\t\t\t\t\n5\t\t2\t\t\t\t\t\t\n4\t\t1\t\t\t\t\t\t\n3\t\t\t\t\t\t\t\t\n2\t\t\t\t\t\t\t\t\n1\t\t\t\t\t\t\t\t\n\ta\tb\tc\td\te\tf\tg\th";
    let lines: Vec<&str> = text.lines().collect();
    let (table, _) = BoardTable::parse(&lines).unwrap();
    let marks: SquareSet = cannonball_rules::margrites::Square::all()
        .filter(|s| {
            usize::from(s.file()) < 8
                && table.cells[usize::from(s.rank())][usize::from(s.file())].is_some()
        })
        .collect();
    let block: SquareSet = squares("c4 d4 c5 d5").into_iter().collect();
    assert_eq!(SquareSet::touching(sq("c5")).minus(block), marks);
    // Every square of the block: at most five opponents can touch it, eight are needed.
    for p in block {
        let free = SquareSet::touching(p).minus(block);
        let mut full = ByColor {
            black: block,
            white: free,
        };
        assert!(free.len() <= 5);
        assert!(resolve(&mut full).all().intersect(block).is_empty());
    }
}

const ILL_13A: &str = "8\t\t\t\t\t\t\t\t\t\n7\t\t\t\t\t\t\t\t\t\n6\t\t♞\t♞\t♞\t♞\t♞\t\t\t\n5\t\t♞\t♜\t♜\t♜\t♞\t♞\t\t\n4\t♞\t♜\t\t\t\t♜\t♜\t\t\n3\t♜\t\t\t\t\t\t♜\t\t\n2\t\t\t\t\t\t\t\t\t\n1\t\t\t\t\t\t\t\t\t\n\ta\tb\tc\td\te\tf\tg\th\ti";
const ILL_13B: &str = "8\t\t\t\t\t\t\t\t\t♜\n7\t\t\t\t\t\t\t\t\t\n6\t\t♞\t♞\t♞\t♞\t♞\t\t\t\n5\t\t♞\t♜\t♜\t♜\t♞\t♞\t\t\n4\t♞\t♜\t\t\t\t♜\t\t\t\n3\t♜\t\t\t\t\t\t♜\t\t\n2\t\t\t\t\t\t\t\t\t\n1\t\t\t\t\t\t\t\t\t\n\ta\tb\tc\td\te\tf\tg\th\ti";

#[test]
fn ill_13_walls() {
    let printed = board(ILL_13A);
    // Erratum: the board shows nine White pieces.
    let err = position(printed, Color::Black).unwrap_err();
    assert!(err.problems.contains(&SetupProblem::WrongCount {
        color: Color::White,
        count: 9
    }));
    // Without a4 (away from the action) the turn is legal and gives the second board.
    let mut fixed = printed;
    fixed.white = fixed.white.without(sq("a4"));
    let mut pos = position(fixed, Color::Black).unwrap();
    play_turn(&mut pos, "1. g4>h5; h5>i6; i6>i7; i7>i8.");
    let mut after = board(ILL_13B);
    after.white = after.white.without(sq("a4"));
    assert_eq!(pos.board(), after);
    // White can only take i8 with two pieces beside it, out of its wall on row 6.
    let touching_i8 = SquareSet::touching(sq("i8"));
    assert!(pos.pieces(Color::White).intersect(touching_i8).is_empty());
}

#[test]
fn ill_14_jailbreak() {
    // Three White pieces held by a Black wall; White breaks out through the back.
    let pos = diagram("b6 d6 f6 a7", "c5 d5 f5 i8", Color::White);
    let mut p = pos;
    play_turn(&mut p, "1. f5>e4; e4>d3; c5>c4; c4>c3.");
    // Black, to move, cannot capture the pair c3 d3 whatever it plays.
    for turn in distinct_turns(&p) {
        let white = turn.after.pieces(Color::White);
        assert!(
            white.contains(sq("c3")) && white.contains(sq("d3")),
            "{:?}",
            turn.steps
        );
    }
}

#[test]
fn ill_15_sacrifice_ends_the_game() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/margrites/illustration-15.txt"
    );
    let t = cannonball_rules::margrites::transcript::parse(&std::fs::read_to_string(path).unwrap())
        .unwrap();
    let report = cannonball_rules::margrites::infer::check_transcript(&t).unwrap();
    let text = report.render("illustration-15.txt");
    // Errata: `(xed)` is e5, and White's capture of e5 makes the score 1(2)-0(7).
    assert!(text.contains("capture `xed` names no square; the capture was xe5"));
    assert!(text.contains("score line gives White 0(6), the replay gives 0(7)"));
    assert_eq!(report.departures(), 2);
    let mut pos = diagram("d5 e5", "f4 f5 a1 b1 c1 i1", Color::Black);
    play(&mut pos, "d5>d6; d6>d7; d7>d8; d8>B++");
    let r = pos.result().unwrap();
    assert_eq!(r.winner, Some(Color::Black));
    let _ = Step::Score { from: sq("d8") };
}

//! Every claim form, true and false, on positions worked out by hand.

use super::claim::{self, Claim};
use super::spec::{MargoSpec, MargritesSpec, Place, read};
use super::{Budget, Verdict, claim_margo, claim_margrites, margo, margrites};
use cannonball_rules::margo::Preset;

fn place() -> Place {
    Place {
        file: "t.md".into(),
        first_line: 1,
    }
}

fn parse(text: &str) -> Claim {
    claim::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn margo_verdict(preset: Preset, body: &str, text: &str, budget: &Budget) -> Verdict {
    let spec: MargoSpec = read(body, &place()).unwrap();
    let fig = margo::build(&spec, body, preset).unwrap_or_else(|e| panic!("{body}: {e:?}"));
    claim_margo::check(&fig, &parse(text), budget)
}

fn margrites_verdict(body: &str, text: &str) -> Verdict {
    let spec: MargritesSpec = read(body, &place()).unwrap();
    let fig = margrites::build(&spec, body).unwrap_or_else(|e| panic!("{body}: {e:?}"));
    claim_margrites::check(&fig, &parse(text), &Budget::default())
}

/// Black's d4 takes the white pair c3 d3; c3 holds up Black's b3+1 and stays.
const CAPTURE: &str = "rules: margo size=5\nwhite: c3 d3\nblack: b3 b4 c2 d2 e3 c4 b3+1\nto-move: black\nlabels: {a: d4, b: c3, c: e5}\n";
/// White's c3 d3 are split by two black overpasses; d3 is held up, a zombie.
const CUT: &str = "rules: spargo\nwhite: c3 d3\nblack: c2 d2 c4 d4 c2+1 c3+1\n";
/// A level-2 piece on a1+2 buries the black piece on b2.
const BURIED: &str =
    "rules: spargo\nwhite: a1 b1 c1 a2 c2 a3 b3 c3 a1+1 b1+1 a2+1 b2+1 a1+2\nblack: b2 d4\n";
/// 3x3 endgame: Black to play wins by 2, only with c2.
const ENDGAME: &str =
    "rules: margo size=3 swap=off\nwhite: a1 b2 c3\nblack: a3 b3\nto-move: black\n";
/// A whole game of Spargo (seeded self-play), ending 9-6 for White.
const FINISHED: &str = "rules: spargo\nmoves: 0,2,1 0,1,3 0,3,2 0,1,0 0,1,1 0,0,0 0,0,1 0,3,0 0,2,0 0,0,3 0,2,3 0,1,2 0,2,2 1,1,2 0,1,0 1,1,1 1,1,0\n";

fn check_margo(cases: &[(&str, &str, bool)]) {
    for &(body, text, want) in cases {
        let v = margo_verdict(Preset::Margo, body, text, &Budget::default());
        match (&v, want) {
            (Verdict::True, true) | (Verdict::False(_), false) => {}
            _ => panic!("{text}: expected {want}, got {v:?}"),
        }
    }
}

#[test]
fn margo_moves_legality_and_captures() {
    check_margo(&[
        (CAPTURE, "a is legal", true),
        (CAPTURE, "b is legal", false),
        (CAPTURE, "b is illegal", true),
        (CAPTURE, "a is illegal", false),
        (CAPTURE, "b is illegal: occupied", true),
        (CAPTURE, "b is illegal: suicide", false),
        (CAPTURE, "swap is illegal: swap not allowed", true),
        (CUT, "b1 is illegal: suicide", false),
        (CAPTURE, "b3+2 is illegal: unsupported", true),
        (CAPTURE, "a captures 2 and leaves 1 zombie", true),
        (CAPTURE, "a captures 2", true),
        (CAPTURE, "a captures 3", false),
        (CAPTURE, "a captures 2 and leaves 2 zombies", false),
        (CAPTURE, "c captures nothing", true),
        (CAPTURE, "a captures nothing", false),
        (CAPTURE, "a removes d3", true),
        (CAPTURE, "a removes c3 and d3", false),
    ]);
    // White's a1 between Black's a2 and b1 has no freedom and captures nothing.
    let corner = "rules: spargo\nwhite: d4\nblack: a2 b1\n";
    check_margo(&[
        (corner, "a1 is illegal: suicide", true),
        (corner, "a1 is illegal: occupied", false),
    ]);
    let low = "rules: spargo max-height=1\nwhite: a1 b1 a2 b2\n";
    check_margo(&[
        (low, "a1+1 is illegal: too high", true),
        (low, "a1+1 is legal", false),
    ]);
}

#[test]
fn margo_state_claims() {
    check_margo(&[
        (CAPTURE, "after a, c3 is a zombie", true),
        (CAPTURE, "after a, d3 is a zombie", false),
        (CAPTURE, "b3 and b4 are alive", true),
        (CAPTURE, "after a, c3 is alive", false),
        (CAPTURE, "after a, c3 and d3 are captured", true),
        (CAPTURE, "after a, b3 is captured", false),
        (CAPTURE, "after a, d3 is removed", true),
        (CAPTURE, "after a, c3 is removed", false),
        (CAPTURE, "e5 is empty", true),
        (CAPTURE, "c3 is empty", false),
        (CAPTURE, "after a, d3 is empty", true),
        (CAPTURE, "c3 is occupied", true),
        (CAPTURE, "c3 is not occupied", false),
        (BURIED, "b2 is buried", true),
        (BURIED, "a1 is buried", false),
        (BURIED, "a1 is not buried", true),
        (CAPTURE, "d3 has freedom", true),
        (CAPTURE, "d3 has no freedom", false),
        (CUT, "d3 has no freedom", true),
        (CUT, "d3 is a zombie", true),
        (BURIED, "b2 has freedom", false),
        (CAPTURE, "c3 and d3 are connected", true),
        (CAPTURE, "c3 and d3 are not connected", false),
        (CUT, "c3 and d3 are not connected", true),
        (CUT, "c3 and d3 are connected", false),
        (BURIED, "b2 and a1 are not connected", true),
        (BURIED, "b2 and a1 are connected", false),
        (CUT, "the link c3-d3 is cut", true),
        (CUT, "the link c3-d3 is not cut", false),
        (CUT, "the link c4-d4 is cut", false),
        (CUT, "the link c4-d4 is not cut", true),
        (CAPTURE, "score is 2-7", true),
        (CAPTURE, "score is 7-2", false),
        (ENDGAME, "3 legal moves", true),
        (ENDGAME, "4 legal moves", false),
    ]);
}

#[test]
fn margo_end_of_game_claims() {
    check_margo(&[
        (FINISHED, "the game is over", true),
        (FINISHED, "the game is not over", false),
        (ENDGAME, "the game is over", false),
        (ENDGAME, "the game is not over", true),
        (FINISHED, "White wins", true),
        (FINISHED, "White wins 9-6", true),
        (FINISHED, "White wins 9-5", false),
        (FINISHED, "Black wins", false),
        (FINISHED, "the game is a draw", false),
        (FINISHED, "score is 9-6", true),
    ]);
}

#[test]
fn margo_solver_claims() {
    check_margo(&[
        (ENDGAME, "Black to play wins by 2", true),
        (ENDGAME, "Black to play wins by 3", false),
        (ENDGAME, "Black to play wins", true),
        (ENDGAME, "Black to play loses", false),
        (ENDGAME, "Black to play loses by 2", false),
        (ENDGAME, "Black to play draws", false),
        (ENDGAME, "White to play wins", false),
        (ENDGAME, "best move is c2", true),
        (ENDGAME, "best move is b1", false),
        (ENDGAME, "c2 is the only winning move", true),
        (ENDGAME, "c1 is the only winning move", false),
        (ENDGAME, "after b1, White to play wins", true),
        (ENDGAME, "after c2, White to play loses by 2", true),
    ]);
}

#[test]
fn undecided_and_unreadable_claims_are_never_taken_as_true() {
    let tiny = Budget {
        margo_nodes: 10,
        margrites_nodes: 10,
    };
    let open = "rules: margo size=5 swap=off\nwhite: c3\nblack: d3\n";
    let v = margo_verdict(Preset::Margo, open, "White to play wins", &tiny);
    assert!(matches!(v, Verdict::Undecided(_)), "{v:?}");
    for text in [
        "zz9 is empty",
        "the link c3-c5 is cut",
        "White to play can win within 2 turns",
        "c3 d3 is legal",
        "after c3, c3 is captured",
        "c3 is illegal: rude",
    ] {
        let v = margo_verdict(Preset::Margo, CAPTURE, text, &Budget::default());
        assert!(
            matches!(v, Verdict::Unreadable(_) | Verdict::False(_)),
            "{text}: {v:?}"
        );
    }
    let v = margo_verdict(Preset::Margo, CAPTURE, "c3 is captured", &Budget::default());
    assert!(
        matches!(v, Verdict::Unreadable(ref m) if m.contains("needs a move")),
        "{v:?}"
    );
}

const OPENING: &str =
    "black: b2 c2 d2 e2 f2 g2 h2 e1\nwhite: b7 c7 d7 e7 f7 g7 h7 e8\nsteps: d2>d3\n";
/// Black's g4>f4 leaves White's e5 with two enemies and no friend.
const PINCER: &str = "black: d4 g4\nwhite: e5 a8\nto-move: black\nlabels: {a: f4}\n";
/// Black's f3>f4 would stand between White's e5 and g5 alone.
const MARTYR: &str = "black: a1 f3\nwhite: e5 g5\nto-move: black\n";
const LONE: &str = "black: a1\nwhite: i8\n";
/// After Black's first step; `B++` kept in capitals.
const SCORER: &str = "black: d7 a1\nwhite: i8\nto-move: black\n";
const OVER: &str = "black: a1\nwhite: []\nscore: 0(8)-0(7)\n";
/// Black's e5 walks off row 8 in one turn (the rule book's Illustration 8).
const RUNNER: &str = "black: e5 a2\nwhite: a7\nto-move: black\n";

fn check_margrites(cases: &[(&str, &str, bool)]) {
    for &(body, text, want) in cases {
        let v = margrites_verdict(body, text);
        match (&v, want) {
            (Verdict::True, true) | (Verdict::False(_), false) => {}
            _ => panic!("{text}: expected {want}, got {v:?}"),
        }
    }
}

#[test]
fn margrites_steps_and_captures() {
    check_margrites(&[
        (OPENING, "d3>d4 is legal", true),
        (OPENING, "d3>d2 is legal", false),
        (OPENING, "d3>d4 e2>e3 e3>e4 is legal", true),
        (OPENING, "d3>d4 e2>e3 e3>e4 f2>f3 is legal", false),
        (OPENING, "d3>d2 is illegal: stalling", true),
        (OPENING, "d3>d2 is illegal: martyrdom", false),
        (OPENING, "d3>f5 is not a step", true),
        (OPENING, "d3>d4 is not a step", false),
        (OPENING, "d3>e2 is illegal: occupied", true),
        (MARTYR, "f3>f4 is illegal: martyrdom", true),
        (MARTYR, "f3>f4 is legal", false),
        (PINCER, "g4>f4 captures 1", true),
        (PINCER, "g4>a captures 2", false),
        (OPENING, "d3>d4 captures nothing", true),
        (PINCER, "g4>f4 captures nothing", false),
        (PINCER, "g4>f4 removes e5", true),
        (PINCER, "g4>f4 removes d4", false),
    ]);
}

#[test]
fn margrites_state_and_end_claims() {
    check_margrites(&[
        (PINCER, "after g4>a, e5 is captured", true),
        (PINCER, "after g4>f4, d4 is captured", false),
        (PINCER, "e5 is occupied", true),
        (PINCER, "e5 is empty", false),
        (PINCER, "after g4>f4, e5 is empty", true),
        (OPENING, "d2 is empty", true),
        (PINCER, "score is 0(6)-0(6)", true),
        (PINCER, "score is 0(0)-0(0)", false),
        (PINCER, "after g4>f4, score is 0(7)-0(6)", true),
        (LONE, "3 legal steps", true),
        (LONE, "4 legal steps", false),
        (OVER, "the game is over", true),
        (OVER, "the game is not over", false),
        (LONE, "the game is over", false),
        (OVER, "Black wins", true),
        (OVER, "Black wins 0(8)-0(7)", true),
        (OVER, "Black wins 0(7)-0(7)", false),
        (OVER, "Black wins 0-0", true),
        (OVER, "Black wins 1-0", false),
        (OVER, "White wins", false),
        (OVER, "the game is a draw", false),
        (OPENING, "the setup is legal", true),
        (OPENING, "the setup is illegal", false),
        (LONE, "the setup is illegal: wrong count", true),
        (LONE, "the setup is illegal: outside home rows", false),
        (LONE, "the setup is legal", false),
        (
            "black: b2 c2 d2 e2 f2 g2 h2 e3\nwhite: b7 c7 d7 e7 f7 g7 h7 e8\n",
            "the setup is illegal: outside home rows",
            true,
        ),
    ]);
}

#[test]
fn margrites_within_claims() {
    check_margrites(&[
        (SCORER, "score is 0(7)-0(6)", true),
        (SCORER, "after d7>d8 d8>B++, score is 1(7)-0(6)", true),
        (SCORER, "after d7>d8 d8>B++, score is 0(7)-0(6)", false),
        (RUNNER, "Black to play can score 1 within 1 turn", true),
        (RUNNER, "Black to play cannot score 1 within 1 turn", false),
        (RUNNER, "Black to play can score 2 within 1 turn", false),
        (RUNNER, "Black to play cannot score 2 within 1 turn", true),
        (RUNNER, "White to play can score 1 within 1 turn", false),
    ]);
    for text in [
        "Black to play wins",
        "c3 has freedom",
        "b2 is buried",
        "best move is d3>d4",
    ] {
        let v = margrites_verdict(OPENING, text);
        assert!(matches!(v, Verdict::Unreadable(_)), "{text}: {v:?}");
    }
}

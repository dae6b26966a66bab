//! "Who wins, whoever moves next?" puzzles (issue 15, kind b): each one is
//! checked both ways by the solver on its own, a tampered half is caught by
//! `verify` at its line, the half is refused where it does not belong, and
//! the pages keep the answer folded away.

use std::fs;
use std::path::{Path, PathBuf};

use cannonball::book::Pages;
use cannonball::book::puzzles::generate;
use cannonball::forge::verify::{VerifyLimits, verify};
use cannonball::puzzle::{self, Move, Position, Puzzle};
use cannonball::solve::Wld;
use cannonball::solve::margo::{Mode, Options, solve};
use cannonball_rules::margo::AnyPosition;

fn root() -> PathBuf {
    Path::new(crate::ROOT).join("puzzles")
}

/// The committed puzzles that ask who wins whoever moves next, with their
/// files' text.
fn verdict_puzzles() -> Vec<(PathBuf, String, Puzzle)> {
    puzzle::read_all(&root())
        .unwrap()
        .into_iter()
        .filter(|(_, p)| p.other_to_move.is_some())
        .map(|(f, p)| (f.clone(), fs::read_to_string(&f).unwrap(), p))
        .collect()
}

fn margo(p: &Puzzle) -> &AnyPosition {
    match &p.position {
        Position::Margo(m) => m,
        Position::Margrites(_) => panic!("{}: not a Margo position", p.id),
    }
}

/// The result for the side to move in `pos`, by a plain win/draw/loss solve
/// (the result, not every move's, must be proven).
fn result(pos: &AnyPosition) -> Wld {
    let sol = solve(
        pos,
        &Options {
            mode: Mode::Wld,
            nodes: Some(300_000),
            threads: 1,
            ..Options::default()
        },
    )
    .unwrap();
    sol.result()
        .unwrap_or_else(|| panic!("unsettled: {:?}", pos.to_setup()))
}

fn other_side(pos: &AnyPosition) -> AnyPosition {
    pos.other_to_move().unwrap()
}

/// Each puzzle: the side to move wins; with the opponent to move the
/// opponent loses, and after every move of the file's line the side then
/// to move has the result the line claims (the opponent loses, the winner
/// wins) until the game ends with the winner ahead.
#[test]
fn both_halves_hold_by_an_independent_solve() {
    let all = verdict_puzzles();
    assert!(all.len() >= 10, "only {} verdict puzzles", all.len());
    for (file, _, p) in &all {
        let f = file.display();
        let pos = margo(p);
        assert!(pos.ko_point().is_none(), "{f}: a ko point");
        assert_eq!(result(pos), Wld::Win, "{f}");
        let other = p.other_to_move.as_ref().unwrap();
        assert_eq!(other.value, puzzle::Value::Result(Wld::Loss), "{f}");
        let mut cur = other_side(pos);
        let winner = pos.to_move();
        for mv in &other.line {
            assert!(
                cur.outcome().is_none(),
                "{f}: the line goes on after the end"
            );
            let expect = if cur.to_move() == winner {
                Wld::Win
            } else {
                Wld::Loss
            };
            assert_eq!(result(&cur), expect, "{f}: before {}", p.notation(mv));
            let Move::Margo(m) = mv else { panic!("{f}") };
            cur.play(*m).unwrap();
        }
        // The why is true: the opponent leads on the board or can capture.
        let o = other_side(pos);
        assert!(
            other.why.contains("more piece") || other.why.contains("can capture"),
            "{f}: {}",
            other.why
        );
        if other.why.contains("can capture") {
            let Move::Margo(first) = other.line[0] else {
                panic!("{f}")
            };
            let mut after = o.clone();
            let played = after.play(first).unwrap();
            assert!(
                !played.removed.is_empty() || !played.zombies.is_empty(),
                "{f}: the line's first move is the capture"
            );
        }
    }
}

/// The first puzzle's file with `from` replaced by `to` once, after the
/// `other-to-move:` line.
fn tampered(text: &str, from: &str, to: &str) -> (String, usize) {
    let start = text.find("other-to-move:").unwrap();
    let at = start + text[start..].find(from).unwrap();
    let line = text[..at].matches('\n').count() + 1;
    let mut out = text.to_owned();
    out.replace_range(at..at + from.len(), to);
    (out, line)
}

/// A changed value or line move in the second half is caught at its line;
/// a file without the half no longer matches its question.
#[test]
fn a_tampered_half_is_reported_at_its_line() {
    let (_, text, p) = verdict_puzzles().into_iter().next().unwrap();
    let limits = VerifyLimits::default();
    let expect = |changed: &str, line: usize| {
        let q = puzzle::parse(changed, "v.yaml").unwrap();
        let errors = verify("v.yaml", changed, &q, &limits).unwrap_err();
        let first = errors[0].to_string();
        assert!(first.starts_with(&format!("v.yaml:{line}:")), "{first}");
    };
    let (changed, line) = tampered(&text, "value: loss", "value: draw");
    expect(&changed, line);
    // Another legal first move of the opponent.
    let other = p.other_to_move.as_ref().unwrap();
    let first = p.notation(&other.line[0]);
    let pos = other_side(margo(&p));
    let instead = pos
        .legal_moves()
        .into_iter()
        .map(|m| cannonball_rules::margo::notation::human(pos.geometry(), m))
        .find(|m| *m != first)
        .unwrap();
    let (changed, line) = tampered(&text, &format!("- {first}\n"), &format!("- {instead}\n"));
    expect(&changed, line);
    // Without the half, the question no longer is the engine's.
    let start = text.find("other-to-move:").unwrap();
    let end = text.find("minimality:").unwrap();
    let without = format!("{}{}", &text[..start], &text[end..]);
    let q = puzzle::parse(&without, "w.yaml").unwrap();
    let errors = verify("w.yaml", &without, &q, &limits).unwrap_err();
    assert!(
        errors.iter().any(|e| e.to_string().contains("question")),
        "{errors:?}"
    );
}

/// Only Margo and Spargo `win` puzzles may carry the half: anywhere else it
/// is refused at its line.
#[test]
fn the_half_belongs_to_win_puzzles_only() {
    let (_, text, _) = verdict_puzzles().into_iter().next().unwrap();
    let at = text.lines().position(|l| l == "other-to-move:").unwrap() + 1;
    let e = puzzle::parse(
        &text.replace("objective: win", "objective: best-margin"),
        "b.yaml",
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.starts_with(&format!("b.yaml:{at}:")) && e.contains("only Margo and Spargo `win`"),
        "{e}"
    );
    // A move that does not read, in the line.
    let (_, _, p) = verdict_puzzles().into_iter().next().unwrap();
    let first = p.notation(&p.other_to_move.as_ref().unwrap().line[0]);
    let (changed, line) = tampered(&text, &format!("- {first}\n"), "- z9\n");
    let e = puzzle::parse(&changed, "m.yaml").unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("m.yaml:{line}:")) && e.contains("z9"),
        "{e}"
    );
}

/// The page asks the question before the fold and answers it inside, with
/// the opponent's line; the booklet answers it at the back.
#[test]
fn pages_answer_it_inside_the_fold() {
    let templates = Path::new(crate::ROOT).join("templates");
    let pages = Pages::load(&templates).unwrap();
    let generated = generate(&root(), &pages).unwrap();
    for (_, _, p) in verdict_puzzles() {
        let game = generated
            .games
            .iter()
            .find(|g| g.page.path.to_string_lossy().contains(p.game.slug()))
            .unwrap();
        let page = &game
            .puzzles
            .iter()
            .find(|pg| pg.path.to_string_lossy().contains(&p.id))
            .unwrap()
            .content;
        let winner = margo(&p).to_move().to_string();
        let winner = winner[..1].to_uppercase() + &winner[1..];
        let answer = format!("**{winner} wins, whoever moves next.**");
        let fold = page.find("<details class=\"cb-solution\">").unwrap();
        let at = page.find(&answer).unwrap_or_else(|| panic!("{}", p.id));
        assert!(at > fold, "{}: the answer shows before the fold", p.id);
        assert!(page[..fold].contains("Who wins, whoever moves next?"));
        let first = p.notation(&p.other_to_move.as_ref().unwrap().line[0]);
        let loser = if winner == "Black" { "White" } else { "Black" };
        assert!(
            page[at..].contains(&format!("1. {loser} {first}")),
            "{}: the opponent's line",
            p.id
        );
        assert!(
            game.booklet.content.contains(&answer),
            "{}: the booklet's answer",
            p.id
        );
    }
}

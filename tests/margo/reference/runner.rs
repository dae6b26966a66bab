//! Runs the fixture examples against any rules engine that implements
//! [`ExampleGame`]: the reference implements it in
//! `reference_selftest/fixture_examples.rs`, and an engine's test needs only a
//! small adapter to run the same examples.

use super::fixture::{Example, Expect, Fact, Step};
use super::{COLOUR_NAMES, Point, RefMove, RefOutcome};

/// What a rules engine must answer to run the examples. Points, moves, colours,
/// players and reasons are those of the reference ([`super::RefGame`]).
pub trait ExampleGame: Sized {
    /// The game an example starts from (`example.rules` and `example.start`).
    fn start(example: &Example) -> Self;
    /// Whether `a` and `b` hold visible pieces of the same group.
    fn linked(&self, a: Point, b: Point) -> bool;
    /// Whether `p` holds a visible piece whose group has freedom.
    fn group_has_freedom(&self, p: Point) -> bool;
    /// Whether `p` holds a buried piece.
    fn is_buried(&self, p: Point) -> bool;
    /// Whether `p` holds a zombie: a piece a move captured that stayed.
    fn is_zombie(&self, p: Point) -> bool;
    /// The colour at `p`, `None` when empty.
    fn colour_at(&self, p: Point) -> Option<usize>;
    /// Every player's score, in player order.
    fn scores(&self) -> Vec<usize>;
    /// The colour to move.
    fn colour_to_move(&self) -> usize;
    /// The player to move.
    fn player_to_move(&self) -> usize;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The winning players, sorted.
    fn winners(&self) -> Vec<usize>;
    /// How many legal moves there are.
    fn legal_move_count(&self) -> usize;
    /// `None` when `m` is legal, else the reason in the reference's words.
    fn illegal_reason(&self, m: RefMove) -> Option<&'static str>;
    /// Plays `m`; on error the game must be unchanged.
    ///
    /// # Errors
    /// The reason `m` is illegal, in the reference's words.
    fn play(&mut self, m: RefMove) -> Result<RefOutcome, &'static str>;
    /// Extra checks after the start and after every legal move (for example the
    /// invariant of ruling A5); an error is reported as a failure.
    ///
    /// # Errors
    /// A description of what is wrong.
    fn self_check(&self, _example: &Example) -> Result<(), String> {
        Ok(())
    }
}

/// Every point of a board of size `size`, sorted.
#[must_use]
pub fn all_points(size: usize) -> Vec<Point> {
    let mut points = Vec::new();
    for level in 0..size {
        for x in 0..size - level {
            for y in 0..size - level {
                points.push((level, x, y));
            }
        }
    }
    points
}

/// Runs one example; returns every failure, each naming the example and the line.
/// A move that should be legal but is not ends the example.
pub fn run_example<G: ExampleGame>(ex: &Example) -> Vec<String> {
    let mut failures = Vec::new();
    let mut fail =
        |line: usize, msg: String| failures.push(format!("{} (line {line}): {msg}", ex.name));
    let mut game = G::start(ex);
    if let Err(msg) = game.self_check(ex) {
        fail(ex.line, format!("start position: {msg}"));
    }
    for step in &ex.steps {
        match step {
            Step::Check { line, fact } => {
                if let Err(msg) = check_fact(&game, ex, fact) {
                    fail(*line, msg);
                }
            }
            Step::Move { line, mv, expects } => {
                let illegal = expects.iter().find_map(|(_, e)| match e {
                    Expect::Illegal(r) => Some(*r),
                    _ => None,
                });
                if let Some(want) = illegal {
                    let before = snapshot(&game, ex);
                    match game.play(*mv) {
                        Err(r) if r == want => {}
                        Err(r) => fail(*line, format!("{mv:?}: expected illegal {want}, got {r}")),
                        Ok(_) => {
                            fail(
                                *line,
                                format!("{mv:?}: expected illegal {want}, but it was played"),
                            );
                            break;
                        }
                    }
                    if snapshot(&game, ex) != before {
                        fail(
                            *line,
                            format!("the illegal move {mv:?} changed the position"),
                        );
                    }
                    continue;
                }
                match game.play(*mv) {
                    Err(r) => {
                        fail(*line, format!("{mv:?} is illegal ({r})"));
                        break;
                    }
                    Ok(outcome) => {
                        for (eline, e) in expects {
                            if let Err(msg) = check_outcome(&outcome, e) {
                                fail(*eline, msg);
                            }
                        }
                        if let Err(msg) = game.self_check(ex) {
                            fail(*line, format!("after {mv:?}: {msg}"));
                        }
                    }
                }
            }
        }
    }
    failures
}

/// Runs every example; returns all failures.
pub fn run_examples<G: ExampleGame>(examples: &[Example]) -> Vec<String> {
    examples.iter().flat_map(run_example::<G>).collect()
}

fn snapshot<G: ExampleGame>(game: &G, ex: &Example) -> (Vec<Option<usize>>, usize, usize) {
    let board = all_points(ex.rules.size)
        .into_iter()
        .map(|p| game.colour_at(p))
        .collect();
    (board, game.colour_to_move(), game.player_to_move())
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn compare<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: expected {want:?}, got {got:?}"))
    }
}

fn compare_bool(what: &str, got: bool, want: bool) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: expected {}, got {}", yes(want), yes(got)))
    }
}

fn check_fact<G: ExampleGame>(game: &G, ex: &Example, fact: &Fact) -> Result<(), String> {
    match fact {
        Fact::Linked(a, b, want) => {
            compare_bool(&format!("linked {a:?} {b:?}"), game.linked(*a, *b), *want)
        }
        Fact::Freedom(p, want) => {
            compare_bool(&format!("freedom {p:?}"), game.group_has_freedom(*p), *want)
        }
        Fact::Buried(p, want) => compare_bool(&format!("buried {p:?}"), game.is_buried(*p), *want),
        Fact::Zombie(p, want) => compare_bool(&format!("zombie {p:?}"), game.is_zombie(*p), *want),
        Fact::Over(want) => compare_bool("over", game.is_over(), *want),
        Fact::Colour(p, want) => compare(&format!("colour {p:?}"), game.colour_at(*p), *want),
        Fact::Pieces(counts) => {
            let board: Vec<Option<usize>> = all_points(ex.rules.size)
                .into_iter()
                .map(|p| game.colour_at(p))
                .collect();
            for &(colour, want) in counts {
                let got = board.iter().filter(|&&c| c == Some(colour)).count();
                compare(&format!("pieces {}", COLOUR_NAMES[colour]), got, want)?;
            }
            Ok(())
        }
        Fact::Scores(want) => compare("scores", game.scores(), want.clone()),
        Fact::ToMove(want) => compare(
            "to-move",
            COLOUR_NAMES[game.colour_to_move()],
            COLOUR_NAMES[*want],
        ),
        Fact::PlayerToMove(want) => compare("player-to-move", game.player_to_move(), *want),
        Fact::Winners(want) => compare("winners", game.winners(), want.clone()),
        Fact::LegalMoveCount(want) => compare("legal-moves", game.legal_move_count(), *want),
        Fact::Legal(m) => compare(&format!("legal {m:?}"), game.illegal_reason(*m), None),
        Fact::Illegal(m, want) => compare(
            &format!("illegal {m:?}"),
            game.illegal_reason(*m),
            Some(*want),
        ),
    }
}

fn check_outcome(outcome: &RefOutcome, e: &Expect) -> Result<(), String> {
    match e {
        Expect::Legal | Expect::Illegal(_) => Ok(()),
        Expect::Removed(want) => compare("removed", &outcome.removed, want),
        Expect::Zombies(want) => compare("zombies", &outcome.zombies, want),
        Expect::WinningCapture(want) => {
            compare_bool("winning-capture", outcome.winning_capture, *want)
        }
    }
}

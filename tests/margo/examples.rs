//! The rule books' examples (`tests/fixtures/margo/examples.txt`: the help file's
//! diagrams a–d and both over/under cuts, Figures 2–13 of the rules page, the
//! Spargo capture, and a case for each ruling) run against the engine, through
//! the same runner that runs them against the reference implementation.

use super::engine_adapter as margo_engine_adapter;
use super::reference as margo_reference;

use margo_engine_adapter::Engine;
use margo_reference::fixture::{self, Example, Start};
use margo_reference::runner::{self, ExampleGame};
use margo_reference::{Point, RefMove, RefOutcome};

struct EngineGame(Engine);

impl ExampleGame for EngineGame {
    fn start(ex: &Example) -> EngineGame {
        EngineGame(match &ex.start {
            Start::Empty => Engine::new(&ex.rules),
            Start::Pieces { pieces, to_move } => Engine::from_pieces(&ex.rules, pieces, *to_move),
        })
    }
    fn linked(&self, a: Point, b: Point) -> bool {
        match (self.0.point(a), self.0.point(b)) {
            (Some(a), Some(b)) => self.0.0.group(a).contains(&b),
            _ => false,
        }
    }
    fn group_has_freedom(&self, p: Point) -> bool {
        self.0
            .point(p)
            .is_some_and(|q| self.0.0.group_has_freedom(q))
    }
    fn is_buried(&self, p: Point) -> bool {
        self.0
            .point(p)
            .is_some_and(|q| self.0.0.buried().contains(&q))
    }
    fn is_zombie(&self, p: Point) -> bool {
        self.0
            .point(p)
            .is_some_and(|q| self.0.0.zombies().contains(&q))
    }
    fn colour_at(&self, p: Point) -> Option<usize> {
        self.0.colour_at(p)
    }
    fn scores(&self) -> Vec<usize> {
        self.0.scores()
    }
    fn colour_to_move(&self) -> usize {
        self.0.0.to_move().index()
    }
    fn player_to_move(&self) -> usize {
        self.0.0.player_to_move()
    }
    fn is_over(&self) -> bool {
        self.0.0.outcome().is_some()
    }
    fn winners(&self) -> Vec<usize> {
        self.0.winners()
    }
    fn legal_move_count(&self) -> usize {
        self.0.0.legal_moves().len()
    }
    fn illegal_reason(&self, m: RefMove) -> Option<&'static str> {
        self.0.illegal_reason(m)
    }
    fn play(&mut self, m: RefMove) -> Result<RefOutcome, &'static str> {
        self.0.play(m)
    }
    fn self_check(&self, ex: &Example) -> Result<(), String> {
        if ex.rules.capture_scope_adjacent {
            return Ok(());
        }
        // After any legal move the checked constructor accepts the position: it
        // checks support and that every group without freedom is pinned zombies.
        cannonball_rules::margo::AnyPosition::from_setup(&self.0.0.to_setup())
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

#[test]
fn every_rule_book_example_holds_in_the_engine() {
    let examples = fixture::load_examples();
    assert!(examples.len() >= 40);
    let failures = runner::run_examples::<EngineGame>(&examples);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

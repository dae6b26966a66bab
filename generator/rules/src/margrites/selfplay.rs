//! Random self-play: random gentleman's setups, then random legal steps until the
//! game ends or a turn cap is reached. Deterministic for a seed.

use std::fmt::Write as _;
use std::ops::ControlFlow;

use super::capture::Cascade;
use super::infer::setup_line;
use super::notation::{ScoreLine, format_turn};
use super::options::Options;
use super::position::Position;
use super::setup::{PIECES_PER_SIDE, Setup};
use super::square::{ByColor, Color, Square};
use super::squareset::SquareSet;
use super::step::Step;
use crate::rng::Rng;

/// How a self-play game went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The setup.
    pub setup: Setup,
    /// Each turn's steps with their captures.
    pub turns: Vec<Vec<(Step, Cascade)>>,
    /// The final position.
    pub end: Position,
    /// Whether the game stopped at the turn cap, unfinished.
    pub capped: bool,
    /// Steps played in all.
    pub steps: u64,
}

/// A random legal setup: eight pieces on random home squares for each side.
pub fn random_setup(rng: &mut Rng) -> Setup {
    let sets = ByColor::new_with(|color| {
        let mut squares: Vec<Square> = Square::all().filter(|&s| color.is_home(s)).collect();
        let mut chosen = SquareSet::EMPTY;
        for _ in 0..PIECES_PER_SIDE {
            let k = rng.index(squares.len());
            chosen = chosen.with(squares.swap_remove(k));
        }
        chosen
    });
    Setup::from_sets(sets)
}

/// A uniformly random legal step, if any.
pub fn random_step(pos: &Position, rng: &mut Rng) -> Option<Step> {
    let mut steps: [Option<Step>; 96] = [None; 96];
    let mut n = 0;
    let _ = pos.for_each_legal_step(|s| {
        if let Some(slot) = steps.get_mut(n) {
            *slot = Some(s);
            n += 1;
        }
        ControlFlow::Continue(())
    });
    if n == 0 { None } else { steps[rng.index(n)] }
}

/// Plays one random game of at most `max_turns` turns.
pub fn play_game(rng: &mut Rng, options: Options, max_turns: u16) -> Game {
    let setup = random_setup(rng);
    let Ok(mut pos) = Position::new(&setup, options) else {
        unreachable_setup()
    };
    let mut turns = Vec::new();
    let mut steps = 0;
    while !pos.is_over() && pos.turn() <= max_turns {
        let mut turn = Vec::new();
        while let Some(step) = random_step(&pos, rng) {
            let report = pos.play_step_unchecked(step);
            turn.push((step, report.cascade));
            steps += 1;
        }
        turns.push(turn);
        if !pos.is_over() {
            pos.end_turn_unchecked();
        }
    }
    Game {
        setup,
        turns,
        end: pos,
        capped: !pos.is_over(),
        steps,
    }
}

fn unreachable_setup() -> ! {
    // random_setup draws eight distinct home squares per side, which always validates.
    panic!("random_setup produced an illegal setup")
}

/// Writes a game as a transcript that `cannonball margrites check` accepts, each
/// turn followed by its score line, and a final comment with the result or, for a
/// capped game, the standings.
#[must_use]
pub fn format_game(game: &Game, options: Options, title: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {title}");
    let names = options.names();
    if !names.is_empty() {
        let _ = writeln!(out, "variations: {}", names.join(", "));
    }
    for color in Color::ALL {
        let _ = writeln!(out, "{}", setup_line(color, *game.setup_sets().get(color)));
    }
    let mut replay = Position::new(&game.setup, options).unwrap_or(game.end);
    for turn in &game.turns {
        let number = replay.turn();
        for (step, _) in turn {
            replay.play_step_unchecked(*step);
        }
        if !replay.is_over() {
            replay.end_turn_unchecked();
        }
        let _ = writeln!(out, "{}", format_turn(number, turn));
        let mut line = ScoreLine {
            tallies: replay.standings(),
            resigned: None,
            claim: None,
        };
        if let Some(result) = replay.result() {
            line.claim = Some(
                result
                    .winner
                    .map_or(super::notation::Claim::Draw, super::notation::Claim::Wins),
            );
        }
        let _ = writeln!(out, "{line}");
    }
    if game.capped {
        let s = game.end.standings();
        let _ = writeln!(
            out,
            "# unfinished: stopped at the cap after {} turns; standings {}({})-{}({})",
            game.turns.len(),
            s.black.points,
            s.black.captures,
            s.white.points,
            s.white.captures
        );
    }
    out
}

impl Game {
    fn setup_sets(&self) -> ByColor<SquareSet> {
        ByColor {
            black: self.setup.black.iter().copied().collect(),
            white: self.setup.white.iter().copied().collect(),
        }
    }
}

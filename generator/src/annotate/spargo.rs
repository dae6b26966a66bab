//! Spargo games annotated from a tablebase: two strong players who choose
//! among the tablebase's best moves, each with a seeded chance of slipping to
//! a move of the next-best margin (so that the game has mistakes to mark).

use super::{AnnotateError, AnnotatedGame, Header, Judged, PlayerRecord, Value, assemble};
use crate::solve::spargo::{Entry, Tablebase};
use cannonball_rules::Game;
use cannonball_rules::margo::{AnyPosition, Color, Move, Position};
use cannonball_rules::rng::Rng;

/// How the two players play.
#[derive(Clone, Debug, PartialEq)]
pub struct SpargoOptions {
    /// Each player's chance (0 to 1) of slipping, per move, to a move of the
    /// next-best margin when there is one. Player order.
    pub slips: [f64; 2],
    /// Stop after this many moves (endless play under simple ko is a draw).
    pub max_plies: usize,
    /// Where the tablebase came from (for the record's `values`).
    pub source: String,
}

impl Default for SpargoOptions {
    fn default() -> Self {
        SpargoOptions {
            slips: [0.15, 0.15],
            max_plies: 200,
            source: "a Spargo tablebase".into(),
        }
    }
}

/// A tablebase entry as a value for the player to move.
#[must_use]
pub fn entry_value(e: Entry) -> Value {
    Value::Exact {
        margin: i32::from(e.margin),
        distance: e.distance.map(u32::from),
    }
}

fn describe(slip: f64) -> (String, String) {
    if slip <= 0.0 {
        (
            "Perfect".into(),
            "plays a tablebase-best move (best margin, then the fastest win or slowest loss), chosen among equals by the seed".into(),
        )
    } else {
        let pct = (slip * 100.0).round();
        (
            format!("Strong ({pct}% slips)"),
            format!(
                "plays like Perfect, but on {pct}% of its moves (drawn from the seed) a move of the next-best margin when there is one"
            ),
        )
    }
}

/// The move a player chooses, from the values of every legal move.
fn choose(values: &[(Move, Entry)], best: &[Move], slip: f64, rng: &mut Rng) -> Option<Move> {
    if values.is_empty() {
        return None;
    }
    let top = values.iter().map(|(_, e)| e.margin).max()?;
    let next = values
        .iter()
        .map(|(_, e)| e.margin)
        .filter(|&m| m < top)
        .max();
    // Draw the slip every move so that later choices do not depend on whether a
    // slip was possible.
    let slipping = rng.unit() < slip;
    match next {
        Some(n) if slipping => {
            let near: Vec<Move> = values
                .iter()
                .filter(|(_, e)| e.margin == n)
                .map(|(m, _)| *m)
                .collect();
            Some(near[rng.index(near.len())])
        }
        _ => Some(best[rng.index(best.len())]),
    }
}

/// Plays a game from `start` between two tablebase players and annotates it.
/// The same tablebase, start, options and seed give the same game.
///
/// # Errors
/// A position the tablebase does not hold, or rules it was not built for.
pub fn annotate(
    tb: &Tablebase,
    start: &Position<1>,
    opts: &SpargoOptions,
    seed: u64,
) -> Result<AnnotatedGame, AnnotateError> {
    let root = Rng::seed_from(seed);
    let mut rngs = [root.fork(0), root.fork(1)];
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut judged = Vec::new();
    let tb_err = |ply: usize| move |source| AnnotateError::Tablebase { ply, source };
    while moves.len() < opts.max_plies && pos.has_legal_move() {
        let ply = moves.len() + 1;
        let before = tb.probe(&pos).map_err(tb_err(ply))?;
        let values = tb.move_values(&pos).map_err(tb_err(ply))?;
        let best = tb.best_moves(&pos).map_err(tb_err(ply))?;
        let player = pos.player_to_move().min(1);
        let Some(m) = choose(&values, &best, opts.slips[player], &mut rngs[player]) else {
            break;
        };
        let after = values
            .iter()
            .find(|(x, _)| *x == m)
            .map(|(_, e)| *e)
            .ok_or_else(|| AnnotateError::Setup(format!("move {ply}: no value for the move")))?;
        let keeping: Vec<Move> = values
            .iter()
            .filter(|(_, e)| e.margin == before.margin)
            .map(|(m, _)| *m)
            .collect();
        judged.push(Judged {
            before: entry_value(before),
            after: entry_value(after),
            best,
            only_move: values.len() > 1 && keeping == [m],
        });
        pos.play_unchecked(m);
        moves.push(m);
    }
    let players = (0..2)
        .map(|i| {
            let (name, description) = describe(opts.slips[i]);
            PlayerRecord {
                name,
                color: Color::from_index(i)
                    .unwrap_or(Color::White)
                    .name()
                    .to_string(),
                description,
            }
        })
        .collect();
    let header = Header {
        game: Game::Spargo,
        players,
        seed,
        values: format!(
            "{} ({} positions), margins exact: {}",
            opts.source,
            tb.len(),
            tb.margins_exact()
        ),
    };
    assemble(header, &AnyPosition::Small(start.clone()), &moves, &judged)
}

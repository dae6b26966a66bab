//! Annotated games: a whole game played by two seeded players and annotated
//! move by move with exact values, from the Spargo tablebase ([`spargo`]) or
//! from the exact solver where it settles positions ([`margo`]), then checked
//! again when the book is built ([`check`]).
//!
//! # What is recorded (see [`AnnotatedGame`])
//!
//! For every move: the mover, the value of the position before it and the value
//! the move keeps (both for the mover, see [`Value`]), the best moves, whether
//! it was a mistake (the value dropped, and by how much) or the only move that
//! keeps the value, what it captured (points emptied, new zombies) and the
//! scores after it. For the game: the turning point, every zombie and what
//! became of it, and the result.
//!
//! # Definitions
//!
//! - **Mistake**: a move whose value is proven lower than the position's
//!   (`before - after > 0`, or with bounds `before.lower - after.upper > 0`;
//!   the recorded drop is that difference). A slower win or a faster loss at
//!   the same margin is not a mistake.
//! - **Only move**: the position has more than one legal move, exactly one of
//!   them is proven to keep the value, and it was played.
//! - **Turning point**: the game's result (win, draw or loss for the first
//!   player) is known before the game and after every move (where values are
//!   proven). The turning point is the move after which it changed for the last
//!   time, so that every later position has the final result. There is none
//!   when the result never changed, or when a position after the last change
//!   seen has an unknown result (the change could be hidden there).
//! - **Zombie fates**, read from the engine's move reports and positions: a
//!   zombie is either `removed` (the move that emptied its point) or `stayed`
//!   (on the board at the end); besides, `revived` is the first move after
//!   which its group had freedom again, and `helped-capture` lists the moves
//!   of its own colour that captured an enemy piece next to it on the board
//!   level (it filled a freedom of that group).

pub mod check;
pub mod margo;
mod record;
pub mod spargo;

use thiserror::Error;

pub use record::{
    AnnotatedGame, Fate, GameResult, PlayerRecord, PlyRecord, Value, ValueSyntaxError,
    ZombieRecord, ply_field_line, ply_line,
};

use crate::solve::Wld;
use cannonball_rules::Game;
use cannonball_rules::margo::{AnyPosition, Color, IllegalMove, Move, Report, notation};

/// Why a game cannot be annotated.
#[derive(Debug, Error)]
pub enum AnnotateError {
    /// The rules or position cannot be used.
    #[error("{0}")]
    Setup(String),
    /// A player chose an illegal move (a bug).
    #[error("move {ply} ({mv}) is illegal: {reason}")]
    Illegal {
        /// 1-based move number.
        ply: usize,
        /// The move.
        mv: String,
        /// Why.
        reason: IllegalMove,
    },
    /// The tablebase cannot value a position.
    #[error("move {ply}: {source}")]
    Tablebase {
        /// 1-based move number.
        ply: usize,
        /// The tablebase's error.
        source: crate::solve::spargo::TablebaseError,
    },
    /// The solver refused a position.
    #[error(transparent)]
    Solve(#[from] crate::solve::SolveError),
}

/// One move as the engine played it.
#[derive(Clone, Debug)]
pub struct ReplayedPly {
    /// The position before the move.
    pub before: AnyPosition,
    /// The move.
    pub mv: Move,
    /// The player who moved (0-based).
    pub player: usize,
    /// The engine's report.
    pub report: Report,
    /// Scores after the move, in player order.
    pub score: Vec<u32>,
}

/// A game replayed by the engine, with what the engine says it did.
#[derive(Clone, Debug)]
pub struct Replay {
    /// Every move.
    pub plies: Vec<ReplayedPly>,
    /// The final position.
    pub end: AnyPosition,
    /// Every zombie created and its fate.
    pub zombies: Vec<ZombieRecord>,
}

/// A move that cannot be played: its 1-based number and why.
pub type ReplayError = (usize, String);

/// Plays `moves` (human notation) from `start`, recording every report and
/// following every zombie.
///
/// # Errors
/// The first move that cannot be read or played.
pub fn replay(start: &AnyPosition, moves: &[String]) -> Result<Replay, ReplayError> {
    let mut pos = start.clone();
    let geo = pos.geometry();
    let name = |p| geo.coords(p).to_string();
    let mut plies = Vec::new();
    // (record, still on the board)
    let mut zombies: Vec<(ZombieRecord, cannonball_rules::margo::Point, bool)> = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let ply = i + 1;
        let mv = notation::parse_move(geo, text).map_err(|e| (ply, format!("`{text}`: {e}")))?;
        let before = pos.clone();
        let player = pos.player_to_move();
        let report = pos
            .play(mv)
            .map_err(|e| (ply, format!("`{text}` is illegal: {e}")))?;
        for (z, p, live) in &mut zombies {
            if !*live {
                continue;
            }
            if report.removed.contains(p) {
                *live = false;
                z.fate = Fate::Removed;
                z.removed = Some(ply);
                continue;
            }
            let own = before.color_at(*p);
            if own == Some(report.color) && geo.level(*p) == 0 {
                let captured = report.removed.iter().chain(&report.zombies);
                let next_to = captured
                    .filter(|q| before.color_at(**q).is_some_and(|c| Some(c) != own))
                    .any(|q| geo.neighbours(*p).contains(q));
                if next_to {
                    z.helped_capture.push(ply);
                }
            }
        }
        let airless = pos.without_freedom();
        for &p in &report.zombies {
            let color = pos.color_at(p).map_or("?", Color::name).to_string();
            zombies.push((
                ZombieRecord {
                    point: name(p),
                    color,
                    created: ply,
                    fate: Fate::Stayed,
                    removed: None,
                    revived: None,
                    helped_capture: Vec::new(),
                },
                p,
                true,
            ));
        }
        for (z, p, live) in &mut zombies {
            if *live && z.revived.is_none() && !airless.contains(p) {
                z.revived = Some(ply);
            }
        }
        plies.push(ReplayedPly {
            before,
            mv,
            player,
            report,
            score: pos.scores(),
        });
    }
    Ok(Replay {
        plies,
        end: pos,
        zombies: zombies.into_iter().map(|(z, _, _)| z).collect(),
    })
}

/// The proven drop from `before` to `after` (both for the mover), when
/// positive.
#[must_use]
pub fn mistake(before: &Value, after: &Value) -> Option<i32> {
    let (lo, _) = before.range()?;
    let (_, hi) = after.range()?;
    (lo - hi > 0).then_some(lo - hi)
}

/// The result for the first player (player 0) before the game and after every
/// move, where proven: entry 0 from the first move's `before`, entry k from
/// move k's `after` (or, when that is unknown, move k+1's `before`).
#[must_use]
pub fn results(plies: &[PlyRecord]) -> Vec<Option<Wld>> {
    let for_first =
        |player: usize, w: Option<Wld>| if player == 0 { w } else { w.map(Wld::flipped) };
    let mut out = Vec::with_capacity(plies.len() + 1);
    if let Some(p) = plies.first() {
        out.push(for_first(p.player, p.before.wld()));
    }
    for (i, p) in plies.iter().enumerate() {
        let mut r = for_first(p.player, p.after.wld());
        if r.is_none() {
            if let Some(next) = plies.get(i + 1) {
                r = for_first(next.player, next.before.wld());
            }
        }
        out.push(r);
    }
    out
}

/// The turning point (see the module docs) of a game with these results
/// (entry 0 before the game, entry k after move k).
#[must_use]
pub fn turning_point(results: &[Option<Wld>]) -> Option<usize> {
    let last = (*results.last()?)?;
    let mut j = results.len() - 1;
    while j > 0 && results[j - 1] == Some(last) {
        j -= 1;
    }
    (j > 0 && results[j - 1].is_some()).then_some(j)
}

/// What a valuation says about one position and the move played in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judged {
    /// The position's value for the mover.
    pub before: Value,
    /// The played move's value for the mover.
    pub after: Value,
    /// The moves that keep the value (empty when not known).
    pub best: Vec<Move>,
    /// The position has several legal moves and only the played one is proven
    /// to keep the value.
    pub only_move: bool,
}

/// Everything about a game but its values.
#[derive(Clone, Debug)]
pub struct Header {
    /// Spargo or Margo.
    pub game: Game,
    /// The players.
    pub players: Vec<PlayerRecord>,
    /// The seed.
    pub seed: u64,
    /// Where the values come from.
    pub values: String,
}

/// Puts a game together: replays `moves` from `start`, and records each with
/// its judgement.
///
/// # Errors
/// A move the engine refuses (a bug in the player that chose it).
pub fn assemble(
    header: Header,
    start: &AnyPosition,
    moves: &[Move],
    judged: &[Judged],
) -> Result<AnnotatedGame, AnnotateError> {
    let geo = start.geometry();
    let texts: Vec<String> = moves.iter().map(|&m| notation::human(geo, m)).collect();
    let rep = replay(start, &texts)
        .map_err(|(ply, reason)| AnnotateError::Setup(format!("move {ply}: {reason}")))?;
    let names = |pts: &[cannonball_rules::margo::Point]| -> Vec<String> {
        pts.iter().map(|&p| geo.coords(p).to_string()).collect()
    };
    let plies: Vec<PlyRecord> = rep
        .plies
        .iter()
        .zip(judged)
        .enumerate()
        .map(|(i, (r, j))| PlyRecord {
            ply: i + 1,
            player: r.player,
            mover: r.report.color.name().to_string(),
            mv: texts[i].clone(),
            before: j.before,
            after: j.after,
            best: j.best.iter().map(|&m| notation::human(geo, m)).collect(),
            mistake: mistake(&j.before, &j.after),
            only_move: j.only_move,
            removed: names(&r.report.removed),
            zombies: names(&r.report.zombies),
            score: r.score.clone(),
        })
        .collect();
    let tp = turning_point(&results(&plies));
    let start_text =
        (!start.occupied().is_empty() || start.ply() > 0 || start.to_move() != Color::White)
            .then(|| start.to_setup().to_text());
    let result = game_result(&rep.end);
    Ok(AnnotatedGame {
        game: header.game,
        rules: start.rules().to_string(),
        start: start_text,
        players: header.players,
        seed: header.seed,
        generator: format!("cannonball {}", env!("CARGO_PKG_VERSION")),
        values: header.values,
        moves: texts.join(" "),
        turning_point: tp,
        plies,
        zombies: rep.zombies,
        result,
    })
}

/// The result of the game that ended (or stopped) at `end`.
#[must_use]
pub fn game_result(end: &AnyPosition) -> GameResult {
    let scores = end.scores();
    match end.outcome() {
        Some(o) => GameResult {
            end: o.reason.name().replace('-', " "),
            winner: (!o.is_draw())
                .then(|| {
                    let w = *o.winners.first()?;
                    Color::ALL
                        .into_iter()
                        .take(end.rules().players())
                        .find(|&c| end.player_of(c) == w)
                        .map(|c| c.name().to_string())
                })
                .flatten(),
            scores,
        },
        None => GameResult {
            end: "unfinished".to_string(),
            scores,
            winner: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_point_is_the_last_change() {
        use Wld::{Draw, Loss, Win};
        assert_eq!(turning_point(&[Some(Win), Some(Win), Some(Win)]), None);
        assert_eq!(turning_point(&[Some(Win), Some(Loss), Some(Loss)]), Some(1));
        assert_eq!(
            turning_point(&[Some(Win), Some(Loss), Some(Win), Some(Draw), Some(Draw)]),
            Some(3)
        );
        // A change back to the start's result still counts.
        assert_eq!(turning_point(&[Some(Win), Some(Loss), Some(Win)]), Some(2));
        // Unknown just before the final stretch: the change may be hidden there.
        assert_eq!(turning_point(&[Some(Win), None, Some(Loss)]), None);
        assert_eq!(turning_point(&[None, None, Some(Loss), Some(Win)]), Some(3));
    }

    #[test]
    fn mistakes_need_proof() {
        let v = |s: &str| s.parse::<Value>().unwrap();
        assert_eq!(mistake(&v("+3"), &v("+1")), Some(2));
        assert_eq!(mistake(&v("+3 in 7"), &v("+3 in 9")), None);
        assert_eq!(mistake(&v("+1..+5"), &v("-4..0")), Some(1));
        assert_eq!(mistake(&v("+1..+5"), &v("-4..+1")), None);
        assert_eq!(mistake(&v("unknown"), &v("-4")), None);
    }
}

//! The ladder of simple players a Margo or Spargo puzzle is measured against:
//! a key one of them plays by reflex teaches nothing, and the weakest that
//! finds it sets the puzzle's band.
//!
//! All of them judge a position by one simple **evaluation**, from the side
//! to move: in a finished game, 1000 × the final margin; otherwise 10 × the
//! piece balance (the score as the rules count it) plus the balance of
//! freedoms (empty board-level points next to a player's board-level pieces,
//! each point counted once per player).
//!
//! - **greedy**: the move that gains most pieces at once (the piece balance
//!   just after it);
//! - **one-ply**: the move whose resulting position the evaluation rates best;
//! - **two-ply**: the move whose worst reply leaves the best evaluation;
//! - **search**: a three-ply full-width search (move, reply, answer) on the
//!   evaluation, with alpha-beta pruning.
//!
//! A player **finds** a move when the move is among the moves it rates best
//! and at most one other move is rated as well: it plays it by reflex, or
//! on a coin toss. Each player is deterministic: no seed, no time limit.

use cannonball_rules::margo::{AnyPosition, Move};

use super::players::{balance, balance_after};
use crate::puzzle::Finder;

/// The evaluation's weight of a finished game's margin.
const FINAL: i64 = 1000;
/// The evaluation's weight of a piece.
const PIECE: i64 = 10;

/// The evaluation of `pos` for the side to move (see the module docs).
#[must_use]
pub fn evaluate(pos: &AnyPosition) -> i64 {
    // A game with no legal move left is over: `outcome` says so.
    if pos.outcome().is_some() {
        return FINAL * balance(pos);
    }
    PIECE * balance(pos) + freedom_balance(pos)
}

/// Empty board-level points next to the mover's board-level pieces, minus
/// those next to the opponent's.
fn freedom_balance(pos: &AnyPosition) -> i64 {
    let geo = pos.geometry();
    let me = pos.to_move();
    let mut total = 0i64;
    for p in geo.level_points(0) {
        if pos.color_at(p).is_some() || geo.level(p) != 0 {
            continue;
        }
        let (mut mine, mut theirs) = (false, false);
        for &q in geo.neighbours(p) {
            match pos.color_at(q) {
                Some(c) if c == me => mine = true,
                Some(_) => theirs = true,
                None => {}
            }
        }
        total += i64::from(mine) - i64::from(theirs);
    }
    total
}

/// Negamax to `depth` plies on the evaluation, with alpha-beta.
fn negamax(pos: &AnyPosition, depth: u8, mut alpha: i64, beta: i64) -> i64 {
    if depth == 0 {
        return evaluate(pos);
    }
    let moves = pos.legal_moves();
    if moves.is_empty() || pos.outcome().is_some() {
        return evaluate(pos);
    }
    let mut best = i64::MIN + 1;
    for m in moves {
        let mut next = pos.clone();
        next.play_unchecked(m);
        let v = -negamax(&next, depth - 1, -beta, -alpha);
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// How the player `f` rates each legal move of `pos` (higher is better);
/// `Finder::Nobody` rates none.
#[must_use]
pub fn ratings(f: Finder, pos: &AnyPosition) -> Vec<(Move, i64)> {
    let plies = match f {
        Finder::Greedy => {
            return pos
                .legal_moves()
                .into_iter()
                .map(|m| (m, balance_after(pos, m)))
                .collect();
        }
        Finder::OnePly => 0,
        Finder::TwoPly => 1,
        Finder::Search => 2,
        Finder::Nobody => return Vec::new(),
    };
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            (m, -negamax(&next, plies, i64::MIN + 1, i64::MAX))
        })
        .collect()
}

/// The moves `f` finds in `pos`: its best-rated moves when there are at most
/// two of them, else none (the player would be guessing).
#[must_use]
pub fn choices(f: Finder, pos: &AnyPosition) -> Vec<Move> {
    let rated = ratings(f, pos);
    let Some(best) = rated.iter().map(|r| r.1).max() else {
        return Vec::new();
    };
    let top: Vec<Move> = rated
        .into_iter()
        .filter(|r| r.1 == best)
        .map(|r| r.0)
        .collect();
    if top.len() <= 2 { top } else { Vec::new() }
}

/// The weakest player of the ladder that finds `key` in `pos`.
#[must_use]
pub fn finder(pos: &AnyPosition, key: Move) -> Finder {
    Finder::ALL
        .into_iter()
        .find(|&f| f != Finder::Nobody && choices(f, pos).contains(&key))
        .unwrap_or(Finder::Nobody)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cannonball_rules::margo::{Preset, Setup, notation};

    fn pos(text: &str) -> AnyPosition {
        let mut r = Preset::Margo.rules();
        r.size = 5;
        r.swap = false;
        AnyPosition::from_setup(&Setup::parse(r, text).unwrap()).unwrap()
    }

    fn mv(p: &AnyPosition, text: &str) -> Move {
        notation::parse_move(p.geometry(), text).unwrap()
    }

    #[test]
    fn the_greedy_player_finds_the_only_capture() {
        let p = pos("white a1; black a2; to-move black");
        assert_eq!(finder(&p, mv(&p, "b1")), Finder::Greedy);
        assert_eq!(choices(Finder::Greedy, &p), vec![mv(&p, "b1")]);
    }

    #[test]
    fn a_quiet_move_among_many_is_found_by_nobody_cheap() {
        // Nothing to capture, many equal moves: greedy guesses, so it finds nothing.
        let p = pos("white c3; black a1; to-move black");
        assert!(choices(Finder::Greedy, &p).is_empty());
        assert_ne!(finder(&p, mv(&p, "e5")), Finder::Greedy);
    }

    #[test]
    fn the_evaluation_counts_pieces_then_freedoms() {
        let p = pos("white a1; black c3; to-move black");
        // Black c3 has four free neighbours, White a1 two: balance 0, freedoms +2.
        assert_eq!(evaluate(&p), 2);
        let q = pos("white a1 e5; black c3; to-move black");
        assert_eq!(evaluate(&q), -PIECE + 4 - 4);
    }

    #[test]
    fn two_ply_sees_the_recapture_greedy_does_not() {
        // Rated moves come out for every legal move, and deeper players rate
        // a move at least as low as the greedy gain when the reply recaptures.
        let p = pos("white a2 b3; black a1 b2; to-move black");
        let greedy = ratings(Finder::Greedy, &p);
        let two = ratings(Finder::TwoPly, &p);
        assert_eq!(greedy.len(), p.legal_moves().len());
        assert_eq!(two.len(), greedy.len());
    }
}

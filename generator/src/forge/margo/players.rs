//! Cheap players: they make the self-play games candidates come from, and they
//! say which wrong first moves tempt.
//!
//! - **random**: any legal move, uniformly.
//! - **greedy**: the move that gains most pieces at once (own pieces on the
//!   board minus the opponent's, after the move, buried and zombie pieces
//!   counted as the score counts them); ties by the seed.
//! - **two-ply**: the move whose worst reply leaves the best piece balance
//!   (a two-ply minimax on that balance); ties by the seed.

use cannonball_rules::margo::{AnyPosition, Move};
use cannonball_rules::rng::Rng;

/// A cheap player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// Uniformly random legal moves.
    Random,
    /// Most pieces gained at once.
    Greedy,
    /// Two-ply minimax on the piece balance.
    TwoPly,
}

impl Player {
    /// `random`, `greedy` or `two-ply`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Greedy => "greedy",
            Player::TwoPly => "two-ply",
        }
    }

    /// This player's move in `pos`, or `None` when there is none.
    #[must_use]
    pub fn choose(self, pos: &AnyPosition, rng: &mut Rng) -> Option<Move> {
        match self {
            Player::Random => pos.random_move(rng),
            Player::Greedy => best_by(pos, rng, balance_after),
            Player::TwoPly => best_by(pos, rng, two_ply),
        }
    }

    /// This player's choice without randomness: the first best move in
    /// legal-move order (used to name the tempting tries of a puzzle).
    #[must_use]
    pub fn first_choice(self, pos: &AnyPosition) -> Option<Move> {
        let moves = pos.legal_moves();
        let score = |m: Move| match self {
            Player::Random | Player::Greedy => balance_after(pos, m),
            Player::TwoPly => two_ply(pos, m),
        };
        let best = moves.iter().map(|&m| score(m)).max()?;
        moves.into_iter().find(|&m| score(m) == best)
    }
}

/// The mover's pieces minus the opponent's, before any move.
#[must_use]
pub fn balance(pos: &AnyPosition) -> i64 {
    let s = pos.scores();
    let me = pos.player_to_move();
    s.iter()
        .enumerate()
        .map(|(i, &v)| if i == me { i64::from(v) } else { -i64::from(v) })
        .sum()
}

/// The mover's piece balance after `m` (from the mover's side).
#[must_use]
pub fn balance_after(pos: &AnyPosition, m: Move) -> i64 {
    let mut p = pos.clone();
    p.play_unchecked(m);
    -balance(&p)
}

/// Pieces `m` captures: enemy pieces removed plus new enemy zombies.
#[must_use]
pub fn captures(pos: &AnyPosition, m: Move) -> usize {
    let mut p = pos.clone();
    p.play(m).map_or(0, |r| {
        r.removed
            .iter()
            .filter(|&&pt| pos.color_at(pt).is_some_and(|c| c != r.color))
            .count()
            + r.zombies.len()
    })
}

/// The most pieces one move of the side to move captures ([`captures`]);
/// 0 when no move captures.
#[must_use]
pub fn best_capture(pos: &AnyPosition) -> usize {
    pos.legal_moves()
        .into_iter()
        .map(|m| captures(pos, m))
        .max()
        .unwrap_or(0)
}

fn two_ply(pos: &AnyPosition, m: Move) -> i64 {
    let mut p = pos.clone();
    p.play_unchecked(m);
    let replies = p.legal_moves();
    if replies.is_empty() {
        return -balance(&p);
    }
    replies
        .into_iter()
        .map(|r| -balance_after(&p, r))
        .min()
        .unwrap_or(0)
}

fn best_by(
    pos: &AnyPosition,
    rng: &mut Rng,
    score: impl Fn(&AnyPosition, Move) -> i64,
) -> Option<Move> {
    let moves = pos.legal_moves();
    let scored: Vec<(Move, i64)> = moves.into_iter().map(|m| (m, score(pos, m))).collect();
    let best = scored.iter().map(|s| s.1).max()?;
    let top: Vec<Move> = scored
        .into_iter()
        .filter(|s| s.1 == best)
        .map(|s| s.0)
        .collect();
    Some(top[rng.index(top.len())])
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

    #[test]
    fn greedy_takes_the_capture_and_counts_it() {
        // White a1 has one freedom left, at b1... Black b1 captures it.
        let p = pos("white a1; black a2; to-move black");
        let b1 = notation::parse_move(p.geometry(), "b1").unwrap();
        assert_eq!(captures(&p, b1), 1);
        assert_eq!(Player::Greedy.first_choice(&p), Some(b1));
        assert_eq!(balance_after(&p, b1), 2);
        let mut rng = Rng::seed_from(7);
        assert_eq!(Player::Greedy.choose(&p, &mut rng), Some(b1));
    }

    #[test]
    fn two_ply_avoids_a_move_that_loses_a_piece_next() {
        // Black c1 would fill its own freedom next to White; two-ply sees the reply.
        let p = pos("white a2 b3; black a1 b2; to-move black");
        let m = Player::TwoPly.first_choice(&p).unwrap();
        let mut after = p.clone();
        after.play(m).unwrap();
        // Whatever White answers, Black keeps both pieces.
        for r in after.legal_moves() {
            let mut q = after.clone();
            q.play(r).unwrap();
            assert_eq!(
                q.scores()[q.player_of(cannonball_rules::margo::Color::Black)],
                3,
                "after {}",
                notation::human(p.geometry(), r)
            );
        }
    }

    #[test]
    fn one_move_ahead_threats_and_dangers_are_counted() {
        let mv = |p: &AnyPosition, t: &str| notation::parse_move(p.geometry(), t).unwrap();
        // Black to move can take a1 at b1; White to move could take nothing.
        let p = pos("white a1; black a2; to-move black");
        assert_eq!(best_capture(&p), 1);
        let w = p.other_to_move().unwrap();
        assert_eq!(w.to_move(), cannonball_rules::margo::Color::White);
        assert_eq!(best_capture(&w), 0);
        // Black a2 threatens a1: nothing to take now, one piece if Black moved again.
        let p = pos("white a1; black c3; to-move black");
        assert_eq!(best_capture(&p), 0);
        let mut after = p.clone();
        after.play(mv(&p, "a2")).unwrap();
        assert_eq!(best_capture(&after.other_to_move().unwrap()), 1);
        // White could take a1 at b1; Black b1 saves it.
        let p = pos("white a2; black a1; to-move black");
        assert_eq!(best_capture(&p.other_to_move().unwrap()), 1);
        let mut after = p.clone();
        after.play(mv(&p, "b1")).unwrap();
        assert_eq!(best_capture(&after), 0);
    }
}

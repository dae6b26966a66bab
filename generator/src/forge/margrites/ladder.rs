//! The ladder of simple Margrites players, weakest first, and which of them
//! finds a puzzle's key.
//!
//! Every player rates the distinct first turns of the puzzle position (turns
//! that leave the same position are one turn) and plays the best one:
//!
//! - **greedy**: the turn's immediate gain, [`turn_gain`]: ten per capture
//!   credited to the mover, minus ten per capture credited to the opponent,
//!   eight per point, a hundred for a game won.
//! - **one-ply**: the [`evaluate`] of the position the turn leaves, for the
//!   mover.
//! - **two-ply**: the evaluation after the opponent's best reply turn (the
//!   reply that minimises it), for the [`BEAM`] turns the one-ply player rates
//!   best (a turn outside that beam is not considered at all).
//! - **search**: three turn-plies (the mover, the opponent, the mover) of
//!   minimax on the same evaluation, selective: the [`BEAM`] best first turns
//!   by one-ply, for each the opponent's [`REPLY_BEAM`] best replies by its
//!   own one-ply view, then every one of the mover's next turns.
//!
//! A player **finds the key** when the key's rating is the best and at most
//! one other turn shares it (a player that must choose between two equal
//! turns is counted as finding either; among three or more it does not). The
//! puzzle's `found-by` is the weakest player that finds the key, else nobody.
//!
//! Cost: two-ply walks [`BEAM`] reply lists, the search `BEAM x REPLY_BEAM`
//! more; each walk is one generation of distinct turns (a few thousand at
//! most in the forge's positions), so the ladder costs a few dozen turn
//! generations per puzzle, whatever the number of first turns.

use std::ops::ControlFlow;

use crate::puzzle::Finder;
use cannonball_rules::margrites::square::RANKS;
use cannonball_rules::margrites::turngen::{DistinctTurn, TurnVisitor, walk_distinct_turns};
use cannonball_rules::margrites::{Color, Position, Step};

pub use super::analyse::turn_gain;

/// First turns the two-ply player and the search look at: the one-ply best.
pub const BEAM: usize = 8;
/// Opponent replies the search looks at after each first turn.
pub const REPLY_BEAM: usize = 4;
/// The evaluation of a game won (plus the margin in points, times ten).
pub const WON: i32 = 10_000;

/// The simple static evaluation of `p` for `me`: for each side twenty per
/// point, ten per capture credited, ten per piece on the board and one per row
/// each piece has advanced from its own edge towards the scoring edge; `me`'s
/// sum minus the opponent's. A finished game is [`WON`] plus ten per point of
/// margin for the winner (its negative for the loser), zero for a draw.
#[must_use]
pub fn evaluate(p: &Position, me: Color) -> i32 {
    if let Some(r) = p.result() {
        let s = r.standings;
        let margin = i32::from(s.get(me).points) - i32::from(s.get(me.other()).points);
        return match r.winner {
            Some(w) if w == me => WON + 10 * margin.abs(),
            Some(_) => -WON - 10 * margin.abs(),
            None => 0,
        };
    }
    let s = p.standings();
    let side = |c: Color| {
        let t = s.get(c);
        let goal = c.scoring_rank();
        let advance: i32 = p
            .pieces(c)
            .map(|sq| i32::from(RANKS - 1 - sq.rank().abs_diff(goal)))
            .sum();
        20 * i32::from(t.points)
            + 10 * i32::from(t.captures)
            + 10 * p.pieces(c).len() as i32
            + advance
    };
    side(me) - side(me.other())
}

/// The lowest (`worst`) or highest evaluation for `me` over every turn of the
/// side to move in `p`; `p` itself when the game is over or there is no turn.
fn extreme(p: &Position, me: Color, worst: bool) -> i32 {
    struct Best {
        me: Color,
        worst: bool,
        best: Option<i32>,
    }
    impl TurnVisitor for Best {
        fn visit(&mut self, _: &[Step], after: &Position) -> ControlFlow<()> {
            let v = evaluate(after, self.me);
            let better = match self.best {
                None => true,
                Some(b) => (self.worst && v < b) || (!self.worst && v > b),
            };
            if better {
                self.best = Some(v);
            }
            ControlFlow::Continue(())
        }
    }
    let mut b = Best {
        me,
        worst,
        best: None,
    };
    let _ = walk_distinct_turns(p, &mut b);
    b.best.unwrap_or_else(|| evaluate(p, me))
}

/// The search's value of the position after a first turn: the opponent's
/// [`REPLY_BEAM`] best replies (by its own one-ply view), each answered by the
/// mover's best next turn; the worst of those for the mover.
fn three_plies(after: &Position, me: Color) -> i32 {
    if after.is_over() {
        return evaluate(after, me);
    }
    let mut replies: Vec<(i32, Position)> = Vec::new();
    struct Collect<'a>(&'a mut Vec<(i32, Position)>, Color);
    impl TurnVisitor for Collect<'_> {
        fn visit(&mut self, _: &[Step], after: &Position) -> ControlFlow<()> {
            self.0.push((evaluate(after, self.1), *after));
            ControlFlow::Continue(())
        }
    }
    let _ = walk_distinct_turns(after, &mut Collect(&mut replies, me));
    if replies.is_empty() {
        return evaluate(after, me);
    }
    // The opponent's one-ply view: the lowest evaluation for `me` first.
    replies.sort_by_key(|(v, _)| *v);
    replies
        .iter()
        .take(REPLY_BEAM)
        .map(|(v, r)| {
            if r.is_over() {
                *v
            } else {
                extreme(r, me, false)
            }
        })
        .min()
        .unwrap_or_else(|| evaluate(after, me))
}

/// Each ladder player's ratings of the first turns (`None`: not considered).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ratings {
    /// One rating list per player below [`Finder::Nobody`], weakest first,
    /// each in the order of the first turns.
    pub by_player: [Vec<Option<i32>>; 4],
}

/// The four players' ratings of `firsts`, the distinct first turns of `pos`.
#[must_use]
pub fn rate(pos: &Position, firsts: &[DistinctTurn]) -> Ratings {
    let me = pos.to_move();
    let greedy: Vec<Option<i32>> = firsts
        .iter()
        .map(|t| Some(turn_gain(pos, &t.after)))
        .collect();
    let one: Vec<i32> = firsts.iter().map(|t| evaluate(&t.after, me)).collect();
    let mut order: Vec<usize> = (0..firsts.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(one[i]), i));
    let beam = &order[..order.len().min(BEAM)];
    let mut two = vec![None; firsts.len()];
    let mut search = vec![None; firsts.len()];
    for &i in beam {
        let after = &firsts[i].after;
        two[i] = Some(if after.is_over() {
            one[i]
        } else {
            extreme(after, me, true)
        });
        search[i] = Some(three_plies(after, me));
    }
    Ratings {
        by_player: [greedy, one.into_iter().map(Some).collect(), two, search],
    }
}

/// The best rating when at most two turns share it, else `None`: a player
/// that rates three or more turns best has no preference to speak of.
fn clear_best(ratings: &[Option<i32>]) -> Option<i32> {
    let best = *ratings.iter().flatten().max()?;
    let tied = ratings.iter().filter(|r| **r == Some(best)).count();
    (tied <= 2).then_some(best)
}

/// Whether a player with `ratings` finds the turn at `key`: its rating is the
/// best, shared with at most one other turn.
#[must_use]
pub fn finds(ratings: &[Option<i32>], key: usize) -> bool {
    clear_best(ratings).is_some_and(|best| ratings.get(key).copied().flatten() == Some(best))
}

/// The player's choice: the best-rated turn, the first generated of two
/// equals; `None` when three or more share the best rating (as [`finds`]
/// counts).
#[must_use]
pub fn choice(ratings: &[Option<i32>]) -> Option<usize> {
    let best = clear_best(ratings)?;
    ratings.iter().position(|r| *r == Some(best))
}

/// The rungs below nobody, in the order of [`Ratings::by_player`].
pub const PLAYERS: [Finder; 4] = [
    Finder::Greedy,
    Finder::OnePly,
    Finder::TwoPly,
    Finder::Search,
];

/// The weakest player that finds the turn at `key`, else [`Finder::Nobody`].
#[must_use]
pub fn found_by(ratings: &Ratings, key: usize) -> Finder {
    PLAYERS
        .iter()
        .zip(&ratings.by_player)
        .find(|(_, r)| finds(r, key))
        .map_or(Finder::Nobody, |(f, _)| *f)
}

#[cfg(test)]
mod tests {
    use super::*;
    use cannonball_rules::margrites::turngen::distinct_turns;

    use super::super::test_position as position;

    #[test]
    fn finding_allows_one_tie_and_no_more() {
        let r = [Some(3), Some(5), Some(1)];
        assert!(finds(&r, 1));
        assert!(!finds(&r, 0));
        assert!(finds(&[Some(5), Some(5), Some(1)], 0));
        assert!(!finds(&[Some(5), Some(5), Some(5)], 0));
        assert!(!finds(&[None, Some(2)], 0));
        assert_eq!(choice(&[Some(1), Some(4), Some(4)]), Some(1));
        assert_eq!(choice(&[None, None]), None);
        // Three equals: no preference, no choice.
        assert_eq!(choice(&[Some(4), Some(4), Some(1), Some(4)]), None);
    }

    #[test]
    fn the_evaluation_counts_material_points_and_advance() {
        // Collection position (margrites-03f47b421721): Black a5 c5 d8, White a6 c8.
        let p = position("a5 c5 d8", "a6 c8", "0(4)-2(5)");
        let b = evaluate(&p, Color::Black);
        assert_eq!(b, -evaluate(&p, Color::White));
        // Black is a piece up and two points down.
        let fewer = position("a5 c5", "a6 c8", "0(4)-2(6)");
        assert!(evaluate(&fewer, Color::Black) < b);
    }

    #[test]
    fn greedy_finds_a_lone_capture_and_nobody_finds_a_quiet_key() {
        // A capture puzzle from the collection: the key captures 2.
        let p = position("a2 b2 c2 d3", "a1 b1", "1(3)-3(3)");
        let firsts = distinct_turns(&p);
        let r = rate(&p, &firsts);
        for list in &r.by_player {
            assert_eq!(list.len(), firsts.len());
        }
        let top = choice(&r.by_player[0]).unwrap();
        assert!(turn_gain(&p, &firsts[top].after) >= 20);
        assert_eq!(found_by(&r, top), Finder::Greedy);
        // The two-ply and search players only rate the beam.
        assert_eq!(
            r.by_player[2].iter().flatten().count(),
            BEAM.min(firsts.len())
        );
    }
}

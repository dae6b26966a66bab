//! Admissible bounds: cheap tests that an objective cannot be reached within a
//! number of steps. A bound may say "maybe" when the answer is no, never "no" when
//! it is yes, so pruning with it keeps the search exact.
//!
//! The counts behind them, for a side with `rs` steps left and an opponent with
//! `ro`:
//! - a piece needs (rows to its scoring edge + 1) of its own steps to score, so the
//!   points within reach are the most pieces whose costs, cheapest first, fit in
//!   `rs`;
//! - a piece is captured only while two or more enemies touch it
//!   (E >= 2 x (A + 1) >= 2). Bringing the two nearest enemies alongside costs the
//!   sum of their distances less one ([`pair_cost`]); an enemy's step cuts that sum
//!   by at most one, the piece's own step by at most two;
//! - a trap on the side's last turn needs every opponent piece off its scoring
//!   edge (it could score) with each touching square held by the side or touched
//!   by two of its pieces (a piece can always step onto an empty square fewer
//!   than two enemies touch), unless the side can capture that piece in time.
//!   Without a capture, a step newly covers only squares within one square of
//!   where it lands: uncovered squares pairwise three or more apart need a step
//!   each.
//!
//! Variations that bring scored pieces back switch the capture, win and trap
//! bounds off (a returned piece is a new attacker).

use std::cmp::Ordering;

use cannonball_rules::margrites::{Color, Position, Square, SquareSet};

use super::objective::{Aim, Goal};

/// Steps left to each side before the objective's deadline.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Horizon {
    /// Steps the side pursuing the objective may still make.
    pub(crate) own: u32,
    /// Steps the opponent makes in the replies before the deadline.
    pub(crate) theirs: u32,
    /// Steps of a rebuttal turn (variation B6) that may follow the deadline and
    /// still count for the result of a game that has ended.
    pub(crate) rebuttal: u32,
}

/// King-move distance between two squares.
#[must_use]
pub(crate) fn distance(a: Square, b: Square) -> u32 {
    u32::from(DISTANCE[a.index()][b.index()])
}

const fn distance_table() -> [[u8; Square::COUNT]; Square::COUNT] {
    let mut table = [[0u8; Square::COUNT]; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let mut j = 0;
        while j < Square::COUNT {
            let df = ((i % 9) as i32 - (j % 9) as i32).unsigned_abs();
            let dr = ((i / 9) as i32 - (j / 9) as i32).unsigned_abs();
            table[i][j] = if df > dr { df } else { dr } as u8;
            j += 1;
        }
        i += 1;
    }
    table
}

/// `DISTANCE[a][b]`: the king-move distance between squares `a` and `b` (the
/// bounds ask it at every node they test).
const DISTANCE: [[u8; Square::COUNT]; Square::COUNT] = distance_table();

/// The farthest king-move distance on the board (corner to corner).
const MAX_DISTANCE: usize = 8;

const fn ball_table() -> [[u128; MAX_DISTANCE + 1]; Square::COUNT] {
    let mut table = [[0u128; MAX_DISTANCE + 1]; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let (f, r) = ((i % 9) as i32, (i / 9) as i32);
        let mut j = 0;
        while j < Square::COUNT {
            let (g, q) = ((j % 9) as i32, (j / 9) as i32);
            let d = if (f - g).abs() > (r - q).abs() {
                (f - g).abs()
            } else {
                (r - q).abs()
            } as usize;
            let mut k = d;
            while k <= MAX_DISTANCE {
                table[i][k] |= 1u128 << j;
                k += 1;
            }
            j += 1;
        }
        i += 1;
    }
    table
}

/// `BALL[sq][k]`: the squares within king-move distance `k` of `sq`.
const BALL: [[u128; MAX_DISTANCE + 1]; Square::COUNT] = ball_table();

fn ball(sq: Square, k: u32) -> u128 {
    BALL[sq.index()][(k as usize).min(MAX_DISTANCE)]
}

/// What a set of pieces can reach with `steps` steps: the squares one of them can
/// stand on, and those two of them can touch (or hold); the bitboard form of
/// [`pair_cost`] and of holding a square.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reach {
    /// Squares some piece can stand on: within `steps` of one.
    pub(crate) hold: SquareSet,
    /// Squares two distinct pieces can be alongside (or on):
    /// (d1 - 1) + (d2 - 1) <= `steps`.
    pub(crate) pair: SquareSet,
}

impl Reach {
    pub(crate) fn new(pieces: SquareSet, steps: u32) -> Reach {
        if steps == 0 {
            // Pieces as they stand: a square has two of them within one
            // square when two touch it, or it holds one that another touches.
            return Reach {
                hold: pieces,
                pair: pieces
                    .touching_twice()
                    .union(pieces.intersect(pieces.touching_any())),
            };
        }
        let mut hold = 0u128;
        for s in pieces {
            hold |= ball(s, steps);
        }
        // Two pieces at (a + 1) and (b + 1) with a + b = steps, a <= b: the square
        // is in one of the small balls and in two of the large ones (a small ball
        // lies inside its own large one).
        let steps = steps.min(2 * MAX_DISTANCE as u32);
        let mut pair = 0u128;
        for a in 0..=steps / 2 {
            let b = steps - a;
            let (mut small, mut once, mut twice) = (0u128, 0u128, 0u128);
            for s in pieces {
                small |= ball(s, a + 1);
                let large = ball(s, b + 1);
                twice |= once & large;
                once |= large;
            }
            pair |= small & twice;
        }
        Reach {
            hold: SquareSet(hold),
            pair: SquareSet(pair),
        }
    }

    /// Squares held or touched by two pieces: where an opponent's piece may be
    /// unable to step (all that is known without counting its allies).
    pub(crate) fn cover(&self) -> SquareSet {
        self.hold.union(self.pair)
    }
}

/// Own steps a piece of `color` on `sq` needs to score.
#[must_use]
pub(crate) fn score_cost(sq: Square, color: Color) -> u32 {
    u32::from(sq.rank().abs_diff(color.scoring_rank())) + 1
}

/// The most pieces of `color` that can score with `steps` steps.
#[must_use]
pub(crate) fn max_scores(pieces: SquareSet, color: Color, steps: u32) -> u32 {
    // Costs run from 1 to the number of ranks: count the pieces at each cost,
    // then take the cheapest first (no sorting, no allocation: the search asks
    // this at every node it bounds).
    let mut at_cost = [0u32; 9];
    for sq in pieces {
        at_cost[score_cost(sq, color) as usize] += 1;
    }
    let mut left = steps;
    let mut n = 0;
    for (cost, &count) in at_cost.iter().enumerate().skip(1) {
        let cost = cost as u32;
        let take = count.min(left / cost);
        n += take;
        left -= take * cost;
        if take < count {
            break;
        }
    }
    n
}

/// Steps needed to bring two of `attackers` alongside `target`: the two smallest
/// (distance - 1); `None` with fewer than two attackers.
#[must_use]
pub(crate) fn pair_cost(target: Square, attackers: SquareSet) -> Option<u32> {
    let (mut a, mut b) = (u32::MAX, u32::MAX);
    for s in attackers {
        let d = distance(s, target).saturating_sub(1);
        if d < a {
            b = a;
            a = d;
        } else if d < b {
            b = d;
        }
    }
    (b != u32::MAX).then(|| a + b)
}

/// The largest [`pair_cost`] on the board: two attackers each at the farthest
/// distance. A budget of this much lets every victim of two or more attackers
/// be captured, without measuring.
const MAX_PAIR_COST: u32 = 2 * (MAX_DISTANCE as u32 - 1);

/// Whether every square has a [`pair_cost`] of `attackers` within `budget`.
fn any_pair_within(attackers: SquareSet, budget: u32) -> bool {
    budget >= MAX_PAIR_COST && attackers.len() >= 2
}

/// Whether at least `k` of `victims` could be captured within `budget`:
/// the number of victims with a [`pair_cost`] within `budget` compared with
/// `k`, stopping at the `k`-th.
#[must_use]
pub(crate) fn capturable_at_least(
    victims: SquareSet,
    attackers: SquareSet,
    budget: u32,
    k: u32,
) -> bool {
    if k == 0 {
        return true;
    }
    if victims.len() < k {
        return false;
    }
    if any_pair_within(attackers, budget) {
        return true;
    }
    let mut found = 0;
    for v in victims {
        if pair_cost(v, attackers).is_some_and(|c| c <= budget) {
            found += 1;
            if found >= k {
                return true;
            }
        }
    }
    false
}

/// The sum of the `k` smallest score costs (a promise measure, not a bound).
#[must_use]
pub(crate) fn nearest_score_costs(pieces: SquareSet, color: Color, k: i64) -> i64 {
    let mut costs: Vec<i64> = pieces.map(|s| i64::from(score_cost(s, color))).collect();
    costs.sort_unstable();
    let missing = (k - costs.len() as i64).max(0) * 20;
    costs.iter().take(k.max(0) as usize).sum::<i64>() + missing
}

/// The sum of the `k` smallest pair costs of `victims` (a promise measure).
#[must_use]
pub(crate) fn nearest_pair_costs(victims: SquareSet, attackers: SquareSet, k: i64) -> i64 {
    let mut costs: Vec<i64> = victims
        .map(|p| pair_cost(p, attackers).map_or(20, i64::from))
        .collect();
    costs.sort_unstable();
    let missing = (k - costs.len() as i64).max(0) * 20;
    costs.iter().take(k.max(0) as usize).sum::<i64>() + missing
}

/// Whether `goal` may still be reached from `pos` within `h`. `false` is a proof
/// that it cannot.
#[must_use]
pub(crate) fn may_reach(goal: &Goal, pos: &Position, h: Horizon) -> bool {
    let side = goal.side;
    let own = pos.pieces(side);
    let enemy = pos.pieces(side.other());
    let returning = pos.options().returning_scored;
    let mine = *pos.standings().get(side);
    match goal.aim {
        Aim::Score => {
            u32::from(mine.points) + max_scores(own, side, h.own) >= u32::from(goal.target)
        }
        Aim::Capture => {
            returning
                || capturable_at_least(
                    enemy,
                    own,
                    h.own + 2 * (h.theirs + h.rebuttal),
                    u32::from(goal.target).saturating_sub(u32::from(mine.captures)),
                )
        }
        Aim::Trap => returning || h.theirs > 0 || may_trap(side, own, enemy, h.own),
        Aim::Win => returning || may_win(pos, side, h),
    }
}

/// The trap bound for the side's last turn, with the opponent standing still.
/// Every opponent piece must end unable to step: off its scoring edge, and each
/// touching square not held by its own side held by the side or touched by two of
/// its pieces (its own side's squares can only empty, by captures). A piece the
/// side can capture in time escapes the condition.
fn may_trap(side: Color, own: SquareSet, enemy: SquareSet, steps: u32) -> bool {
    let edge = side.other().scoring_rank();
    let reach = Reach::new(own, steps);
    let cover = reach.cover();
    let stuck =
        |p: Square| p.rank() != edge && SquareSet::touching(p).minus(enemy).minus(cover).is_empty();
    let mut pieces = enemy;
    if enemy.is_empty() || !pieces.all(|p| stuck(p) || reach.pair.contains(p)) {
        return false;
    }
    // The pieces that cannot be captured in time stay: each square touching one
    // of them needs covering (captures only empty more squares), and one step
    // newly covers only squares within one square of where it lands, so squares
    // pairwise three or more apart need a step each.
    let needed = enemy
        .minus(reach.pair)
        .touching_any()
        .minus(enemy)
        .minus(Reach::new(own, 0).cover());
    spread(needed, steps + 1) <= steps
}

/// A count of squares of `set` pairwise three or more apart, greedily, up to
/// `enough` (a lower bound on the most such squares).
fn spread(set: SquareSet, enough: u32) -> u32 {
    let mut blocked = 0u128;
    let mut n = 0;
    for x in set {
        if blocked & (1u128 << x.index()) == 0 {
            n += 1;
            if n >= enough {
                break;
            }
            blocked |= ball(x, 2);
        }
    }
    n
}

/// The win bound: the game must end (a side emptied) with the side ahead.
fn may_win(pos: &Position, side: Color, h: Horizon) -> bool {
    let them = side.other();
    let own = pos.pieces(side);
    let enemy = pos.pieces(them);
    let theirs_all = h.theirs + h.rebuttal;
    let mine = *pos.standings().get(side);
    let other = *pos.standings().get(them);
    // Ahead by points, then captures: the captures are counted only on equal
    // points, and only as far as they are needed.
    let points = u32::from(mine.points) + max_scores(own, side, h.own);
    let ahead = match points.cmp(&u32::from(other.points)) {
        Ordering::Less => false,
        Ordering::Greater => true,
        Ordering::Equal => capturable_at_least(
            enemy,
            own,
            h.own + 2 * theirs_all,
            (u32::from(other.captures) + 1).saturating_sub(u32::from(mine.captures)),
        ),
    };
    if !ahead {
        return false;
    }
    may_empty(own, side, enemy, h.own, theirs_all) || may_empty(enemy, them, own, theirs_all, h.own)
}

/// Whether every piece of `pieces` (owned by `color`, which has `steps_own`
/// steps; its opponent has `steps_other`) could leave the board: each scores or
/// is captured, and those that cannot be captured have scoring costs that fit.
fn may_empty(
    pieces: SquareSet,
    color: Color,
    enemies: SquareSet,
    steps_own: u32,
    steps_other: u32,
) -> bool {
    let budget = steps_other + 2 * steps_own;
    if any_pair_within(enemies, budget) {
        return true;
    }
    let mut must_score = 0u32;
    for q in pieces {
        if pair_cost(q, enemies).is_some_and(|c| c <= budget) {
            continue; // it may be captured
        }
        must_score += score_cost(q, color);
        if must_score > steps_own {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn set(names: &str) -> SquareSet {
        names.split_whitespace().map(sq).collect()
    }

    #[test]
    fn score_costs_count_the_exit() {
        assert_eq!(score_cost(sq("e8"), Color::Black), 1);
        assert_eq!(score_cost(sq("e5"), Color::Black), 4);
        assert_eq!(score_cost(sq("e5"), Color::White), 5);
        assert_eq!(max_scores(set("e8 d7 a1"), Color::Black, 4), 2);
        assert_eq!(max_scores(set("e8 d7 a1"), Color::Black, 2), 1);
    }

    /// The most pieces that can score, cheapest first, by sorting.
    fn max_scores_sorted(pieces: SquareSet, color: Color, steps: u32) -> u32 {
        let mut costs: Vec<u32> = pieces.map(|q| score_cost(q, color)).collect();
        costs.sort_unstable();
        let mut spent = 0;
        costs
            .into_iter()
            .take_while(|c| {
                spent += c;
                spent <= steps
            })
            .count() as u32
    }

    #[test]
    fn max_scores_and_capturable_match_their_plain_forms() {
        let mut rng = cannonball_rules::rng::Rng::seed_from(5);
        for _ in 0..500 {
            let mut pieces = SquareSet::EMPTY;
            let mut victims = SquareSet::EMPTY;
            for _ in 0..rng.below(9) {
                pieces = pieces.with(Square::from_index(rng.below(72) as u8).unwrap());
                victims = victims.with(Square::from_index(rng.below(72) as u8).unwrap());
            }
            let victims = victims.minus(pieces);
            for steps in [0, 1, 2, 3, 5, 8, 13, 20, 40] {
                for color in [Color::Black, Color::White] {
                    assert_eq!(
                        max_scores(pieces, color, steps),
                        max_scores_sorted(pieces, color, steps)
                    );
                }
                assert_eq!(
                    capturable(victims, pieces, steps),
                    victims.intersect(Reach::new(pieces, steps).pair).len()
                );
            }
        }
    }

    /// How many of `victims` could have two of `attackers` touching them within
    /// `budget` (in units where an attacker's step counts one).
    fn capturable(victims: SquareSet, attackers: SquareSet, budget: u32) -> u32 {
        // The same set as `victims ∩ Reach::new(attackers, budget).pair`, asked of
        // the few victims instead of the whole board.
        victims
            .filter(|&v| pair_cost(v, attackers).is_some_and(|c| c <= budget))
            .count() as u32
    }

    #[test]
    fn capturable_at_least_is_the_count_compared() {
        let mut rng = cannonball_rules::rng::Rng::seed_from(9);
        let mut both = [0; 2];
        for _ in 0..2000 {
            let (mut own, mut victims) = (SquareSet::EMPTY, SquareSet::EMPTY);
            for _ in 0..rng.below(9) {
                own = own.with(Square::from_index(rng.below(72) as u8).unwrap());
                victims = victims.with(Square::from_index(rng.below(72) as u8).unwrap());
            }
            let victims = victims.minus(own);
            // Budgets past MAX_PAIR_COST too, where no distance is measured.
            let budget = rng.below(20) as u32;
            for k in 0..6 {
                let want = capturable(victims, own, budget) >= k;
                assert_eq!(capturable_at_least(victims, own, budget, k), want);
                both[usize::from(want)] += 1;
            }
        }
        assert!(both[0] > 1000 && both[1] > 1000, "{both:?}");
    }

    #[test]
    fn no_pair_costs_more_than_the_board_allows() {
        let all: Vec<Square> = (0..72).map(|i| Square::from_index(i).unwrap()).collect();
        let mut most = 0;
        for &t in &all {
            for (i, &a) in all.iter().enumerate() {
                for &b in &all[i + 1..] {
                    let c = pair_cost(t, SquareSet::EMPTY.with(a).with(b)).unwrap();
                    most = most.max(c);
                }
            }
        }
        assert_eq!(most, MAX_PAIR_COST);
        assert!(any_pair_within(set("a1 b1"), MAX_PAIR_COST));
        assert!(!any_pair_within(set("a1"), 40));
        assert!(!any_pair_within(set("a1 b1"), MAX_PAIR_COST - 1));
    }

    /// The loop form of [`Reach::cover`], square by square.
    fn cover_cost(x: Square, attackers: SquareSet) -> u32 {
        let hold = attackers.map(|s| distance(s, x)).min().unwrap_or(u32::MAX);
        hold.min(pair_cost(x, attackers).unwrap_or(u32::MAX))
    }

    #[test]
    fn reach_matches_distances() {
        let mut rng = cannonball_rules::rng::Rng::seed_from(3);
        for _ in 0..300 {
            let mut pieces = SquareSet::EMPTY;
            for _ in 0..rng.below(6) {
                pieces = pieces.with(Square::from_index(rng.below(72) as u8).unwrap());
            }
            for steps in [0, 1, 2, 3, 4, 7, 12, 20] {
                let reach = Reach::new(pieces, steps);
                for x in Square::all() {
                    let hold = pieces
                        .map(|s| distance(s, x))
                        .min()
                        .is_some_and(|d| d <= steps);
                    let pair = pair_cost(x, pieces).is_some_and(|c| c <= steps);
                    assert_eq!(reach.hold.contains(x), hold, "{x} {steps}");
                    assert_eq!(reach.pair.contains(x), pair, "{x} {steps}");
                    assert_eq!(reach.cover().contains(x), cover_cost(x, pieces) <= steps);
                }
            }
        }
    }

    #[test]
    fn the_distance_table_is_the_king_move_distance() {
        for a in Square::all() {
            for b in Square::all() {
                let d = a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()));
                assert_eq!(distance(a, b), u32::from(d), "{a} {b}");
            }
        }
    }

    #[test]
    fn pair_cost_needs_two_attackers() {
        assert_eq!(pair_cost(sq("e5"), set("e3")), None);
        assert_eq!(pair_cost(sq("e5"), set("e4 f6")), Some(0));
        assert_eq!(pair_cost(sq("e5"), set("e3 a5 h8")), Some(1 + 2));
    }
}

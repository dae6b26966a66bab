//! Race endgames: runners of both sides near their scoring edges.
//!
//! [`Stream::Race`](super::Stream::Race), asked for by the forge for the themes
//! that need a race to the scoring edges (`score-race`, `martyrdom-path`),
//! gives **race** endgames only: one to three pieces a side; a runner of each
//! side one to four rows (the side to move) or one to three rows (the other)
//! from its scoring edge; the other side's remaining pieces within two squares
//! of the mover's runner, between it and its edge or beside it, around a square
//! the runner would step to (two of them touching it bar it to a lone runner by
//! martyrdom); the mover's remaining pieces within two squares of the other
//! runner (where they can stop it instead of racing).
//!
//! [`Stream::LongRace`](super::Stream::LongRace), asked for by the forge for
//! `score-race`, gives **long races**: the side to move has a runner five to
//! eight steps from scoring (two turns away) and, half the time, a second piece
//! within two squares of a rival; the other side has two rivals, five to eight
//! steps from scoring both (two turns too), each within two files of the
//! runner, where they bar its way; the side to move leads by one point, so that
//! whoever empties its side of the board first by scoring wins. In the race
//! stream the side not to move has few pieces, and capturing its last one wins
//! at once; here it keeps two, both running.

use cannonball_rules::margrites::setup::PIECES_PER_SIDE;
use cannonball_rules::margrites::square::FILES;
use cannonball_rules::margrites::{ByColor, Color, Position, Square, SquareSet, Tally};
use cannonball_rules::rng::Rng;

use super::{Candidate, draw_color, live_position, position_with, within};

/// A square on `rank` counted `rows` rows back from `color`'s scoring edge,
/// on a random file.
fn rows_from_edge(rng: &mut Rng, color: Color, rows: u8) -> Option<Square> {
    let edge = color.scoring_rank();
    let rank = if edge == 0 {
        rows
    } else {
        edge.checked_sub(rows)?
    };
    Square::from_coords(rng.below(u64::from(FILES)) as u8, rank)
}

/// Whether `s` lies between `runner` and `color`'s scoring edge, or beside
/// the runner (its row or one behind).
fn ahead_of(color: Color, runner: Square, s: Square) -> bool {
    let edge = i32::from(color.scoring_rank());
    let d = |q: Square| (i32::from(q.rank()) - edge).abs();
    d(s) <= d(runner) + 1
}

/// One of the squares ahead of `runner` (a row nearer `color`'s scoring
/// edge, the same file or the next), at random; `None` on that edge.
fn gate(rng: &mut Rng, color: Color, runner: Square) -> Option<Square> {
    let edge = i32::from(color.scoring_rank());
    let rank = i32::from(runner.rank());
    let next = rank + (edge - rank).signum();
    let ahead: Vec<Square> = Square::all()
        .filter(|s| i32::from(s.rank()) == next && next != rank)
        .filter(|s| s.file().abs_diff(runner.file()) <= 1)
        .collect();
    ahead.get(rng.index(ahead.len().max(1))).copied()
}

/// A race endgame (see the module docs); `None` when the draw gives no legal,
/// live position with no piece standing capturable.
pub(super) fn race_candidate(rng: &mut Rng) -> Option<Candidate> {
    let mover = draw_color(rng);
    let other = mover.other();
    let counts = ByColor {
        black: 1 + rng.below(3) as usize,
        white: 1 + rng.below(3) as usize,
    };
    let rows = 1 + rng.below(4) as u8;
    let runner = rows_from_edge(rng, mover, rows)?;
    let rows = 1 + rng.below(3) as u8;
    let rival = rows_from_edge(rng, other, rows)?;
    if runner == rival {
        return None;
    }
    let mut pieces = ByColor::<SquareSet>::default();
    *pieces.get_mut(mover) = pieces.get(mover).with(runner);
    *pieces.get_mut(other) = pieces.get(other).with(rival);
    // The gate: a square the runner would step to on its way, which the
    // other side's pieces are placed around (two of them touching it bar it
    // to a lone runner by martyrdom).
    let gate = gate(rng, mover, runner);
    for (color, near) in [(other, runner), (mover, rival)] {
        for _ in 1..*counts.get(color) {
            let taken = pieces.black.union(pieces.white);
            let squares: Vec<Square> = Square::all()
                .filter(|&s| !taken.contains(s) && within(s, near, 2))
                .filter(|&s| {
                    color == mover
                        || (ahead_of(mover, runner, s)
                            && gate.is_none_or(|g| g != s && g.touches(s)))
                })
                .collect();
            if squares.is_empty() {
                return None;
            }
            let sq = squares[rng.index(squares.len())];
            *pieces.get_mut(color) = pieces.get(color).with(sq);
        }
    }
    let position = live_position(rng, &pieces, mover)?;
    Some(Candidate {
        position,
        source: format!(
            "race {}v{} runners {runner} and {rival}",
            counts.black, counts.white
        ),
    })
}

/// A long race (see the module docs); `None` when the draw gives no legal,
/// live position with no piece standing capturable.
pub(super) fn long_race_candidate(rng: &mut Rng) -> Option<Candidate> {
    let mover = draw_color(rng);
    let other = mover.other();
    let rows = 4 + rng.below(4) as u8;
    let runner = rows_from_edge(rng, mover, rows)?;
    let mut pieces = ByColor::<SquareSet>::default();
    *pieces.get_mut(mover) = pieces.get(mover).with(runner);
    // Two rivals, five to eight steps from scoring both: two turns, as the
    // runner needs.
    let (first, second) = (rng.below(4) as u8, rng.below(4) as u8);
    if first + second + 2 < 5 {
        return None;
    }
    let mut rivals = Vec::new();
    for rows in [first, second] {
        // The rank from `rows`; the file drawn there is replaced by one
        // within two of the runner's, where the rival bars its way.
        let s = rows_from_edge(rng, other, rows)?;
        let file = runner.file() as i32 + rng.below(5) as i32 - 2;
        let s = Square::from_coords(u8::try_from(file).ok()?, s.rank())?;
        if pieces.black.union(pieces.white).contains(s) {
            return None;
        }
        *pieces.get_mut(other) = pieces.get(other).with(s);
        rivals.push(s);
    }
    // Half the time a second piece of the mover's near a rival, where it can
    // chase or block instead of running.
    let mut helper = String::new();
    if rng.below(2) == 0 {
        let near = rivals[rng.index(rivals.len())];
        let taken = pieces.black.union(pieces.white);
        let squares: Vec<Square> = Square::all()
            .filter(|&s| !taken.contains(s) && within(s, near, 2))
            .collect();
        let sq = *squares.get(rng.index(squares.len().max(1)))?;
        *pieces.get_mut(mover) = pieces.get(mover).with(sq);
        helper = format!(" helper {sq}");
    }
    let position = race_position(rng, &pieces, mover)?;
    Some(Candidate {
        position,
        source: format!(
            "long race runner {runner}{helper} against {} {}",
            rivals[0], rivals[1]
        ),
    })
}

/// [`live_position`] with standings that make the long race decide the game:
/// the mover leads by one point. Scoring its runner first (its last piece:
/// the game ends) wins even if the rivals score one in between; the rivals
/// scoring both first would win for them.
fn race_position(rng: &mut Rng, pieces: &ByColor<SquareSet>, to_move: Color) -> Option<Position> {
    let other = to_move.other();
    let missing = |c: Color| PIECES_PER_SIDE - pieces.get(c).len() as u8;
    let theirs = (rng.below(4) as u8).min(missing(other));
    let mine = theirs + 1;
    if mine > missing(to_move) {
        return None;
    }
    let mut standings = ByColor::<Tally>::default();
    standings.get_mut(to_move).points = mine;
    standings.get_mut(other).points = theirs;
    standings.get_mut(to_move).captures = missing(other) - theirs;
    standings.get_mut(other).captures = missing(to_move) - mine;
    position_with(pieces, to_move, standings)
}

#[cfg(test)]
mod tests {
    use super::super::Stream;
    use super::super::tests::drawn;
    use super::*;

    /// Race candidates: both runners near their scoring edges, the mover's
    /// within four rows and the other's within three, a deterministic stream
    /// different from the mixed one.
    #[test]
    fn race_candidates_put_both_runners_near_their_edges() {
        let made = drawn(Stream::Race, 7, 60, "race ", 20);
        for c in &made {
            let p = c.position;
            let rows = |color: Color| {
                let edge = i32::from(color.scoring_rank());
                p.pieces(color)
                    .map(|s| (i32::from(s.rank()) - edge).abs())
                    .min()
                    .unwrap_or(i32::MAX)
            };
            let me = p.to_move();
            assert!((1..=4).contains(&rows(me)), "{}", c.source);
            assert!((1..=3).contains(&rows(me.other())), "{}", c.source);
            assert!(p.pieces(me).len() <= 3 && p.pieces(me.other()).len() <= 3);
        }
    }

    /// Long races: a runner two turns from scoring (and at most one other
    /// piece) against two rivals two turns from scoring both, the mover a
    /// point ahead ([`drawn`] checks the rest).
    #[test]
    fn long_races_put_the_runner_two_turns_out_and_the_mover_a_point_ahead() {
        let made = drawn(Stream::LongRace, 7, 200, "long race ", 40);
        let mut helped = 0;
        for c in &made {
            let p = c.position;
            let (me, other) = (p.to_move(), p.to_move().other());
            // Steps to score from each piece: rows to the edge, plus one.
            let steps = |color: Color| -> Vec<u8> {
                let edge = color.scoring_rank();
                p.pieces(color)
                    .map(|s| s.rank().abs_diff(edge) + 1)
                    .collect()
            };
            let rivals = steps(other);
            assert_eq!(rivals.len(), 2, "{}", c.source);
            assert!((5..=8).contains(&rivals.iter().sum::<u8>()), "{}", c.source);
            let mine = steps(me);
            assert!(mine.iter().any(|s| (5..=8).contains(s)), "{}", c.source);
            assert!((1..=2).contains(&mine.len()), "{}", c.source);
            helped += usize::from(mine.len() == 2);
            let s = p.standings();
            assert_eq!(s.get(me).points, s.get(other).points + 1, "{}", c.source);
        }
        let n = made.len();
        assert!(helped > 0 && helped < n, "{helped} of {n} with a helper");
    }
}

//! Random play: a uniformly random legal move, and whole random games, for
//! self-play, testing and benchmarks.

use super::any::each;
use super::capture::place_and_resolve;
use super::{AnyPosition, Bitboard, Move, Position};
use crate::rng::Rng;

impl<const W: usize> Position<W> {
    /// A legal move chosen uniformly at random, or `None` when the game is over.
    ///
    /// Candidates are drawn at random and dropped when illegal, which picks each
    /// legal move with equal probability without generating them all.
    pub fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.ended_by_state() {
            return None;
        }
        let mut candidates = self.playable();
        let empty0 = self.t.level0 - self.board.occupied();
        let extras = usize::from(self.rules.can_pass) + usize::from(self.swap_available);
        loop {
            let count = candidates.len();
            if count + extras == 0 {
                return None;
            }
            let k = rng.index(count + extras);
            if k >= count {
                return Some(if self.rules.can_pass && k == count {
                    Move::Pass
                } else {
                    Move::Swap
                });
            }
            let p = nth(&candidates, k);
            if self.placement_legal(p, &empty0) {
                return Some(Move::Place(p));
            }
            candidates.remove(p);
        }
    }

    /// Plays a uniformly random legal move (as [`Position::random_move`] picks
    /// it) and returns it, or `None` when the game is over. Faster than choosing
    /// and then playing, as the capture resolution of the chosen placement is
    /// done once.
    pub fn play_random_move(&mut self, rng: &mut Rng) -> Option<Move> {
        if self.ended_by_state() {
            return None;
        }
        let mut candidates = self.playable();
        let empty0 = self.t.level0 - self.board.occupied();
        let extras = usize::from(self.rules.can_pass) + usize::from(self.swap_available);
        let simple = !self.rules.ko.is_superko();
        loop {
            let count = candidates.len();
            if count + extras == 0 {
                return None;
            }
            let k = rng.index(count + extras);
            if k >= count {
                let m = if self.rules.can_pass && k == count {
                    Move::Pass
                } else {
                    Move::Swap
                };
                self.play_unchecked(m);
                return Some(m);
            }
            let p = nth(&candidates, k);
            // Mirrors `placement_legal`: a board-level piece beside an empty
            // board-level point is never suicide.
            if simple && self.t.level0.contains(p) && self.t.orth[p.index()].intersects(&empty0) {
                if self.ko_point == Some(p) {
                    candidates.remove(p);
                    continue;
                }
                self.play_unchecked(Move::Place(p));
                return Some(Move::Place(p));
            }
            let mut after = self.board;
            if let Ok(res) = place_and_resolve(self.t, &self.rules, &mut after, self.to_move, p) {
                let h = self.hash_after(p, &res);
                if !self.ko_forbids(p, &after, h) {
                    self.commit_place(p, after, res, h);
                    return Some(Move::Place(p));
                }
            }
            candidates.remove(p);
        }
    }

    /// Plays random legal moves until the game ends or `max_plies` moves were
    /// played; returns the number of moves played.
    pub fn play_random(&mut self, rng: &mut Rng, max_plies: u32) -> u32 {
        let mut plies = 0;
        while plies < max_plies && self.play_random_move(rng).is_some() {
            plies += 1;
        }
        plies
    }
}

fn nth<const W: usize>(set: &Bitboard<W>, mut k: usize) -> super::Point {
    for (i, &w) in set.0.iter().enumerate() {
        let ones = w.count_ones() as usize;
        if k < ones {
            let mut w = w;
            for _ in 0..k {
                w &= w - 1;
            }
            return super::Point::new(i * 64 + w.trailing_zeros() as usize);
        }
        k -= ones;
    }
    super::Point::new(0)
}

impl AnyPosition {
    /// A uniformly random legal move (see [`Position::random_move`]).
    pub fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        each!(self, p => p.random_move(rng))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::margo::Preset;

    #[test]
    fn random_moves_are_legal_and_roughly_uniform() {
        let pos = Position::<1>::new(Preset::Spargo.rules()).unwrap();
        let mut rng = Rng::seed_from(3);
        let mut counts = [0u32; 16];
        for _ in 0..16_000 {
            let Some(Move::Place(p)) = pos.random_move(&mut rng) else {
                panic!("the empty board has placements")
            };
            counts[p.index()] += 1;
        }
        // 1000 expected each; 6 standard deviations is about 190.
        assert!(
            counts.iter().all(|&c| (800..1200).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn playing_a_random_move_picks_what_random_move_picks() {
        let mut rules = Preset::Margo.rules();
        rules.size = 5;
        for seed in 0..20 {
            let mut a = Position::<1>::new(rules).unwrap();
            let mut b = a.clone();
            let (mut ra, mut rb) = (Rng::seed_from(seed), Rng::seed_from(seed));
            loop {
                let chosen = a.random_move(&mut ra);
                let played = b.play_random_move(&mut rb);
                assert_eq!(chosen, played);
                let Some(m) = chosen else { break };
                a.try_play(m).unwrap();
                assert_eq!(a, b);
                assert_eq!(a.hash(), b.hash());
            }
        }
    }

    #[test]
    fn random_games_end_with_no_legal_move() {
        let mut rng = Rng::seed_from(11);
        for _ in 0..50 {
            let mut pos = Position::<1>::new(Preset::Spargo.rules()).unwrap();
            let plies = pos.play_random(&mut rng, 10_000);
            assert!(plies < 10_000);
            assert!(pos.legal_moves().is_empty());
            assert!(pos.outcome().is_some());
        }
    }
}

//! Move ordering: the table's best move first, then by a score that weighs the
//! pieces a move gains at once (captures) against the replies it leaves the
//! opponent (fewer is better: a game ends when the player to move has no legal
//! move, so moves that leave few replies lead to short proofs), then by the
//! history heuristic (moves that caused cutoffs elsewhere); children the table
//! already proves useless go last.
//!
//! Replies are counted in win/draw/loss searches only. Counting them costs a
//! legality test per playable point of every child, which triples the time
//! per node; there it pays, because proofs need far fewer nodes (on Spargo
//! positions with one winning move, 78 of 300 settle within 50,000 nodes
//! instead of 27). Exact searches close in on a margin with many windows, and
//! steering towards short games misleads them: the Spargo annotated game's
//! last moves no longer settled within 2,000,000 nodes.

use cannonball_rules::margo::{Color, Move};

use super::node::Node;

/// Order of the table move.
const HINT: i32 = 1 << 30;
/// Order of a child proven unable to raise the window's lower end.
const USELESS: i32 = -(1 << 30);
/// History scores stay below this (all halve when one reaches it).
const HISTORY_CAP: u32 = 1 << 20;
/// Weight of one piece gained at once.
const GAIN: i32 = 1 << 21;
/// Weight of one reply left to the opponent (two replies weigh a piece).
const REPLY: i32 = 1 << 20;

/// History-heuristic scores per colour and move.
#[derive(Clone, Debug)]
pub(crate) struct History {
    moves: usize,
    table: Vec<u32>,
}

impl History {
    /// Scores for a board of `points` points.
    pub fn new(points: usize) -> History {
        let moves = points + 2;
        History {
            moves,
            table: vec![0; 2 * moves],
        }
    }

    fn index(&self, c: Color, m: Move) -> usize {
        let i = match m {
            Move::Place(p) => p.index(),
            Move::Pass => self.moves - 2,
            Move::Swap => self.moves - 1,
        };
        (c.index() & 1) * self.moves + i.min(self.moves - 1)
    }

    /// The score of `m` for `c`.
    pub fn score(&self, c: Color, m: Move) -> u32 {
        self.table[self.index(c, m)]
    }

    /// `m` caused a cutoff for `c` at a node with `width` children.
    pub fn reward(&mut self, c: Color, m: Move, width: usize) {
        let bonus = (width * width).min(4096) as u32;
        let i = self.index(c, m);
        self.table[i] += bonus;
        if self.table[i] >= HISTORY_CAP {
            for v in &mut self.table {
                *v /= 2;
            }
        }
    }
}

/// The ordering score of `kid` (a child of a node where `mover` moves): the
/// table's move `hint` first, then by pieces gained, then by history. The
/// opponent's replies are weighed in afterwards by [`weigh_replies`].
pub(crate) fn order<const W: usize>(
    kid: &Node<W>,
    mover: Color,
    hint: Option<Move>,
    history: &History,
) -> i32 {
    let Some(m) = kid.mv else { return 0 };
    if Some(m) == hint {
        return HINT;
    }
    kid.gain.clamp(-64, 64) * GAIN + history.score(mover, m) as i32
}

/// The number of legal moves of positions seen before, by exact key: the same
/// children are ordered again and again (each deepening pass, each window),
/// and counting their replies is the costly part of ordering. Direct-mapped;
/// an entry holds the key's upper 56 bits and the count (at most 64), so a
/// look-up answers only for the same key (up to a 2^-56 chance of another
/// key's count, which would change the order of moves, never a value).
#[derive(Clone, Debug)]
pub(crate) struct ReplyCache {
    slots: Vec<u64>,
}

impl ReplyCache {
    /// 2^16 entries (512 KiB per searcher, allocated at the first look-up:
    /// exact searches never count replies).
    const BITS: u32 = 16;

    pub fn new() -> ReplyCache {
        ReplyCache { slots: Vec::new() }
    }

    fn count<const W: usize>(&mut self, kid: &Node<W>) -> u64 {
        if self.slots.is_empty() {
            self.slots = vec![0; 1 << Self::BITS];
        }
        let slot = &mut self.slots[(kid.key >> (64 - Self::BITS)) as usize];
        let tag = kid.key & !0xFF;
        if *slot != 0 && *slot & !0xFF == tag {
            return (*slot & 0xFF) - 1;
        }
        let n = kid.pos.count_legal().min(64) as u64;
        *slot = tag | (n + 1);
        n
    }
}

/// Lowers `kid`'s score by the opponent's legal replies after it, unless it
/// is the table's move or proven useless. Called only once no enhanced
/// transposition cutoff made the ordering moot, since counting replies is
/// the costly part of ordering. `cache` must hold counts of positions of one
/// set of rules and one history (its key is the node's exact key).
pub(crate) fn weigh_replies<const W: usize>(kid: &mut Node<W>, cache: &mut ReplyCache) {
    if kid.mv.is_none() || kid.order == HINT || kid.order == USELESS {
        return;
    }
    let replies = i32::try_from(cache.count(kid)).unwrap_or(64);
    kid.order -= replies * REPLY;
}

/// Whether `kid` is the table's move (and not proven useless).
pub(crate) fn is_hint<const W: usize>(kid: &Node<W>) -> bool {
    kid.order == HINT
}

/// Marks `kid` as proven useless to search first.
pub(crate) fn demote<const W: usize>(kid: &mut Node<W>) {
    kid.order = USELESS;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::margo::node::Keys;
    use cannonball_rules::margo::{Position, Preset};
    use cannonball_rules::rng::Rng;

    /// The cache gives every child's legal-move count, the first time and
    /// again, along random 5x5 games (children of many positions share slots).
    #[test]
    fn reply_cache_gives_the_legal_move_count() {
        let mut rules = Preset::Margo.rules();
        rules.size = 5;
        let pos = Position::<1>::new(rules).unwrap();
        let keys = Keys::new(pos.geometry(), true, false, false);
        let mut cache = ReplyCache::new();
        let mut rng = Rng::seed_from(5);
        let (mut kids, mut looked) = (Vec::new(), 0);
        for _ in 0..20 {
            let mut node = keys.root(pos.clone());
            loop {
                keys.children(&node, &mut kids);
                if kids.is_empty() {
                    break;
                }
                for _ in 0..2 {
                    for kid in &kids {
                        assert_eq!(cache.count(kid), kid.pos.count_legal().min(64) as u64);
                        looked += 1;
                    }
                }
                node = kids.swap_remove(rng.index(kids.len()));
            }
        }
        assert!(looked > 10_000);
    }
}

//! Chains: pieces of the side not to move in one chain of touching pieces
//! from an edge square, hunters (the side to move) about it.
//!
//! [`Stream::Chain`](super::Stream::Chain), asked for by the forge for
//! `chain-capture`, gives **edge chains**: two to four pieces of the side not
//! to move as one chain of touching pieces that starts on an edge square, and
//! three or four hunters (the side to move) within two squares of it. Against
//! the edge a chain has fewer allies around each piece, so one capture can
//! expose the next; in the mixed stream's chains, anywhere on the board, that
//! was rare.
//!
//! [`Stream::ChainSetup`](super::Stream::ChainSetup), asked for with `forge
//! --stream chain-setup`, gives **chain set-ups** for captures two turns away:
//! two to four pieces of the side not to move as one chain from an edge square,
//! four hunters within three squares of it, and no more distinct first turns
//! than a two-turn solve takes ([`DEEP_FIRST_TURNS`]; with four free hunters
//! most draws have more, so most set-ups are hunters hemmed in by the edge). A
//! chain piece with one ally falls only to four touching enemies, so the
//! hunters must gather first, and the defender's turn in between matters. The
//! sides are level on points and every other missing piece was captured, so
//! that taking the whole chain wins the game: in the edge chains' drawn
//! standings the chain's capture often lost on points.

use cannonball_rules::margrites::setup::PIECES_PER_SIDE;
use cannonball_rules::margrites::turngen::distinct_turns;
use cannonball_rules::margrites::{ByColor, Color, Square, SquareSet, Tally};
use cannonball_rules::rng::Rng;

use super::{Candidate, Layout, draw_color, live_position, on_edge, place, position_with, within};
use crate::forge::margrites::analyse::DEEP_FIRST_TURNS;

/// The hunters of a chain set-up.
const SETUP_HUNTERS: usize = 4;

/// An edge chain (see the module docs); `None` when the draw gives no legal,
/// live position with no piece standing capturable.
pub(super) fn edge_chain_candidate(rng: &mut Rng) -> Option<Candidate> {
    let hunters = draw_color(rng);
    let mut counts = ByColor::<usize>::default();
    *counts.get_mut(hunters.other()) = 2 + rng.below(3) as usize;
    *counts.get_mut(hunters) = 3 + rng.below(2) as usize;
    let edges: Vec<Square> = Square::all().filter(|&s| on_edge(s)).collect();
    let start = edges[rng.index(edges.len())];
    let pieces = place(rng, Layout::Chain, hunters, &counts, (start, 0))?;
    let position = live_position(rng, &pieces, hunters)?;
    Some(Candidate {
        position,
        source: format!("edge chain {}v{} from {start}", counts.black, counts.white),
    })
}

/// A chain set-up (see the module docs); `None` when the draw gives no
/// legal, live position with no piece standing capturable, or one with more
/// distinct first turns than a two-turn solve takes.
pub(super) fn chain_setup_candidate(rng: &mut Rng) -> Option<Candidate> {
    let hunters = draw_color(rng);
    let defender = hunters.other();
    let mut counts = ByColor::<usize>::default();
    *counts.get_mut(defender) = 2 + rng.below(3) as usize;
    *counts.get_mut(hunters) = SETUP_HUNTERS;
    let edges: Vec<Square> = Square::all().filter(|&s| on_edge(s)).collect();
    let start = edges[rng.index(edges.len())];
    // The chain grows as `place` grows one, but from `start` without a draw
    // for it (`place` spends one), which the committed puzzles' seeds and
    // indices depend on; the hunters stand further off than `place` puts them.
    let mut pieces = ByColor::<SquareSet>::default();
    *pieces.get_mut(defender) = SquareSet::EMPTY.with(start);
    for _ in 1..*counts.get(defender) {
        let own = *pieces.get(defender);
        let next: Vec<Square> = Square::all()
            .filter(|&s| !own.contains(s) && own.into_iter().any(|o| o.touches(s)))
            .collect();
        let sq = *next.get(rng.index(next.len().max(1)))?;
        *pieces.get_mut(defender) = own.with(sq);
    }
    for _ in 0..SETUP_HUNTERS {
        let taken = pieces.black.union(pieces.white);
        let chain = *pieces.get(defender);
        let near: Vec<Square> = Square::all()
            .filter(|&s| !taken.contains(s))
            .filter(|&s| chain.into_iter().any(|o| within(s, o, 3)))
            .collect();
        let sq = *near.get(rng.index(near.len().max(1)))?;
        *pieces.get_mut(hunters) = pieces.get(hunters).with(sq);
    }
    let position = position_with(&pieces, hunters, level_standings(rng, &pieces))?;
    if distinct_turns(&position).len() > DEEP_FIRST_TURNS {
        return None;
    }
    Some(Candidate {
        position,
        source: format!(
            "chain set-up {}v{} from {start}",
            counts.black, counts.white
        ),
    })
}

/// Standings level on points (none or one each), every other missing piece
/// captured by the opponent: the side that takes all its opponent's pieces
/// then has all of them but the one scored as captures, against fewer (it
/// keeps a piece of its own on the board), and wins.
fn level_standings(rng: &mut Rng, pieces: &ByColor<SquareSet>) -> ByColor<Tally> {
    let points = rng.below(2) as u8;
    let mut standings = ByColor::<Tally>::default();
    for color in Color::ALL {
        let missing = PIECES_PER_SIDE - pieces.get(color).len() as u8;
        let scored = points.min(missing);
        standings.get_mut(color).points = scored;
        standings.get_mut(color.other()).captures = missing - scored;
    }
    standings
}

#[cfg(test)]
mod tests {
    use super::super::Stream;
    use super::super::tests::drawn;
    use super::*;

    /// Whether `chain` is one chain: every piece reached from the first by
    /// touching ones.
    fn one_chain(chain: SquareSet) -> bool {
        let mut reached = SquareSet::EMPTY;
        let mut todo: Vec<Square> = chain.into_iter().take(1).collect();
        while let Some(s) = todo.pop() {
            if !reached.contains(s) {
                reached = reached.with(s);
                todo.extend(chain.filter(|o| o.touches(s)));
            }
        }
        reached == chain
    }

    /// Edge chains: two to four pieces of the side not to move touching in
    /// one chain with a piece on an edge, three or four hunters to move
    /// within two squares of them.
    #[test]
    fn edge_chains_start_on_an_edge_with_the_hunters_to_move() {
        let made = drawn(Stream::Chain, 9, 100, "edge chain ", 20);
        for c in &made {
            let p = c.position;
            let (hunters, chain) = (p.pieces(p.to_move()), p.pieces(p.to_move().other()));
            assert!((2..=4).contains(&chain.len()), "{}", c.source);
            assert!((3..=4).contains(&hunters.len()), "{}", c.source);
            let mut set = chain;
            assert!(set.any(on_edge), "{}", c.source);
            assert!(one_chain(chain), "{}", c.source);
            let mut set = hunters;
            assert!(set.all(|h| { chain.into_iter().any(|o| within(h, o, 2)) }));
        }
    }

    /// Chain set-ups: an edge chain of two to four, four hunters to move
    /// within three squares of it, no more first turns than a two-turn solve
    /// takes, the sides level on points and every other missing piece
    /// captured, so that taking the whole chain would win the game; most
    /// draws are passed over for their many first turns, not all.
    #[test]
    fn chain_setups_are_edge_chains_few_turns_from_capture_level_on_points() {
        let made = drawn(Stream::ChainSetup, 9, 160, "chain set-up ", 8);
        assert!(made.len() < 100, "{} of 160 kept", made.len());
        for c in &made {
            let p = c.position;
            let (me, them) = (p.to_move(), p.to_move().other());
            let (hunters, chain) = (p.pieces(me), p.pieces(them));
            assert!((2..=4).contains(&chain.len()), "{}", c.source);
            assert_eq!(hunters.len(), 4, "{}", c.source);
            let mut set = chain;
            assert!(set.any(on_edge), "{}", c.source);
            assert!(one_chain(chain), "{}", c.source);
            let mut set = hunters;
            assert!(set.all(|h| { chain.into_iter().any(|o| within(h, o, 3)) }));
            assert!(distinct_turns(&p).len() <= DEEP_FIRST_TURNS, "{}", c.source);
            let s = p.standings();
            assert_eq!(s.get(me).points, s.get(them).points, "{}", c.source);
            // Taking the chain: 8 - p captures against at most 7 - p (the
            // hunters keep a piece), points level at p.
            let scored = s.get(me).points;
            assert_eq!(
                s.get(me).captures + chain.len() as u8 + scored,
                8,
                "{}",
                c.source
            );
            assert_eq!(
                s.get(them).captures + hunters.len() as u8 + scored,
                8,
                "{}",
                c.source
            );
        }
    }
}

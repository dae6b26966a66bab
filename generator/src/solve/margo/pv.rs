//! The principal variation: a line of best moves from the root to the end.
//!
//! Moves are chosen in legal-move order, the first that qualifies, so the line
//! does not depend on thread timing:
//!
//! - the winning side plays the first move that wins by the value in the
//!   fewest moves (a bounded search: "can the winner end the game with at
//!   least this margin within `d` moves?", for `d` = 0, 1, 2, ...), so the
//!   line cannot go round in circles; the losing side plays the first move
//!   that keeps the value, which every such win allows for; the line ends at a
//!   finished game whose margin is exactly the value;
//! - in a drawn position, the first move that keeps the value and does not
//!   repeat a position of the line; when every such move repeats one, the line
//!   ends there ("repeats": endless play).

use std::collections::HashMap;

use cannonball_rules::margo::Move;

use super::budget::Stop;
use super::node::{Keys, Node, terminal_score};
use super::search::{Searcher, UNLIMITED};
use crate::solve::Wld;

/// How a principal variation ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PvEnd {
    /// At the end of the game.
    GameOver,
    /// With a move back to a position of the line: play can go round for ever.
    Repetition,
    /// Cut short: the length cap or the budget was reached, or the root value is
    /// not known.
    Truncated,
}

impl PvEnd {
    /// `game-over`, `repetition` or `truncated`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PvEnd::GameOver => "game-over",
            PvEnd::Repetition => "repetition",
            PvEnd::Truncated => "truncated",
        }
    }
}

/// The value the line keeps, seen from the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// This exact score.
    Exact(i32),
    /// This class.
    Class(Wld),
}

impl Target {
    /// The target of the child after a move that keeps this one.
    fn child(self) -> Target {
        match self {
            Target::Exact(v) => Target::Exact(-v),
            Target::Class(Wld::Win) => Target::Class(Wld::Loss),
            Target::Class(Wld::Loss) => Target::Class(Wld::Win),
            Target::Class(Wld::Draw) => Target::Class(Wld::Draw),
        }
    }

    fn wld(self) -> Wld {
        match self {
            Target::Exact(v) if v > 0 => Wld::Win,
            Target::Exact(v) if v < 0 => Wld::Loss,
            Target::Exact(_) => Wld::Draw,
            Target::Class(c) => c,
        }
    }
}

/// The line from `root` (whose value is `target`), at most `cap` moves.
pub(crate) fn principal_variation<const W: usize>(
    s: &mut Searcher<'_, W>,
    keys: &Keys,
    root: &Node<W>,
    target: Target,
    cap: usize,
) -> (Vec<Move>, PvEnd) {
    let mut line = Vec::new();
    let mut seen = vec![root.key];
    let mut node = root.clone();
    let mut target = target;
    let mut kids = Vec::new();
    let need = match target {
        Target::Exact(v) => v.abs(),
        Target::Class(_) => 1,
    };
    let mut fastest = Fastest {
        keys,
        need,
        cap: cap as u16,
        memo: HashMap::new(),
    };
    loop {
        keys.children(&node, &mut kids);
        if kids.is_empty() {
            return (line, PvEnd::GameOver);
        }
        if line.len() >= cap {
            return (line, PvEnd::Truncated);
        }
        let choice = match target.wld() {
            Wld::Win => fastest.winning_move(s, &kids),
            _ => keeping_move(s, &kids, target.child(), &seen),
        };
        match choice {
            Ok(Choice::Move(i)) => {
                let kid = kids.swap_remove(i);
                line.extend(kid.mv);
                seen.push(kid.key);
                node = kid;
                target = target.child();
            }
            Ok(Choice::Repeats(i)) => {
                line.extend(kids[i].mv);
                return (line, PvEnd::Repetition);
            }
            Ok(Choice::None) | Err(Stop) => return (line, PvEnd::Truncated),
        }
    }
}

enum Choice {
    Move(usize),
    Repeats(usize),
    None,
}

/// Bounded searches for the winner's fastest way to end the game with at least
/// `need` (its own margin).
struct Fastest<'k> {
    keys: &'k Keys,
    need: i32,
    cap: u16,
    memo: HashMap<(u64, bool, u16), bool>,
}

impl Fastest<'_> {
    /// The first move that wins in the fewest moves.
    fn winning_move<const W: usize>(
        &mut self,
        s: &mut Searcher<'_, W>,
        kids: &[Node<W>],
    ) -> Result<Choice, Stop> {
        for d in 0..self.cap {
            for (i, kid) in kids.iter().enumerate() {
                if self.wins(s, kid, false, d)? {
                    return Ok(Choice::Move(i));
                }
            }
        }
        Ok(Choice::None)
    }

    /// Whether the winner can end the game with at least `need` within `d`
    /// moves from `node`, where it is to move when `winner_moves`.
    fn wins<const W: usize>(
        &mut self,
        s: &mut Searcher<'_, W>,
        node: &Node<W>,
        winner_moves: bool,
        d: u16,
    ) -> Result<bool, Stop> {
        s.count_node()?;
        let side = |v: i32| if winner_moves { v } else { -v };
        if let Some((lo, hi)) = s.proven_bounds(node) {
            // The winner's best there is below `need`: no such win, ever.
            if side(if winner_moves { hi } else { lo }) < self.need {
                return Ok(false);
            }
        }
        let mut kids = Vec::new();
        self.keys.children(node, &mut kids);
        if kids.is_empty() {
            return Ok(side(terminal_score(&node.pos)) >= self.need);
        }
        if d == 0 {
            return Ok(false);
        }
        if let Some(&r) = self.memo.get(&(node.key, winner_moves, d)) {
            return Ok(r);
        }
        let mut r = !winner_moves;
        for kid in &kids {
            if self.wins(s, kid, !winner_moves, d - 1)? == winner_moves {
                r = winner_moves;
                break;
            }
        }
        self.memo.insert((node.key, winner_moves, d), r);
        Ok(r)
    }
}

/// The first move keeping the value that does not repeat the line, else the
/// first that keeps it by a repetition.
fn keeping_move<const W: usize>(
    s: &mut Searcher<'_, W>,
    kids: &[Node<W>],
    want: Target,
    seen: &[u64],
) -> Result<Choice, Stop> {
    let mut repeat = None;
    for (i, kid) in kids.iter().enumerate() {
        if !keeps(s, kid, want)? {
            continue;
        }
        if !seen.contains(&kid.key) {
            return Ok(Choice::Move(i));
        }
        repeat = repeat.or(Some(i));
    }
    Ok(repeat.map_or(Choice::None, Choice::Repeats))
}

/// Whether `kid`'s value meets `want`.
fn keeps<const W: usize>(
    s: &mut Searcher<'_, W>,
    kid: &Node<W>,
    want: Target,
) -> Result<bool, Stop> {
    let (lo, hi) = s.proven_bounds(kid).unwrap_or((i32::MIN, i32::MAX));
    match want {
        Target::Class(Wld::Win) => Ok(true),
        Target::Class(Wld::Loss) => {
            if hi <= -1 {
                return Ok(true);
            }
            if lo >= 0 {
                return Ok(false);
            }
            Ok(s.search_root(kid, 0, UNLIMITED)?.score <= -1)
        }
        Target::Class(Wld::Draw) => exactly(s, kid, 0, lo, hi),
        Target::Exact(t) => exactly(s, kid, t, lo, hi),
    }
}

fn exactly<const W: usize>(
    s: &mut Searcher<'_, W>,
    kid: &Node<W>,
    t: i32,
    lo: i32,
    hi: i32,
) -> Result<bool, Stop> {
    if lo == hi {
        return Ok(lo == t);
    }
    if lo > t || hi < t {
        return Ok(false);
    }
    Ok(s.search_root(kid, t, UNLIMITED)?.score >= t
        && s.search_root(kid, t + 1, UNLIMITED)?.score <= t)
}

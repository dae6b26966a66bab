//! Null-window negamax alpha-beta over the game graph: "is the value of this
//! position at least `t`?", with the transposition table, repetitions on the
//! path, pending claims (see `claims.rs`), and an optional depth limit for the
//! ordering passes of iterative deepening.
//!
//! # What a result means
//!
//! `search(node, t, depth)` returns a score `r`: `r >= t` when the mover can
//! force a value of at least `r`, `r <= t - 1` when the opponent can hold the
//! mover to at most `r`, and two flags:
//!
//! - `horizon`: a line was cut at the depth limit and scored by the material
//!   margin then; the result is a guess, used only for ordering.
//! - `low`: the smallest path index of a position whose repetition the result
//!   rests on, directly or through pending claims, or none.
//!
//! A repetition of a position on the path scores 0 (endless play). A result
//! resting on nothing above its node is proven: either a finite proof for the
//! side that needs the game to end (no repetition can be part of it), or, for
//! the side endless play satisfies, a proof whose repetitions all lie within
//! the node's own subtree, which by the usual argument (an optimal memoryless
//! strategy never lets a repetition cost its player anything) gives the true
//! value's bound. A result resting on a position above is a pending claim
//! (`claims.rs`), returned at the question's bound (`t - 1` or `t`) only.
//!
//! A bound in the table ends a search only when it answers the question; it
//! never narrows anything, so table facts (true for every path) and path
//! results never mix beyond what the question asks.

use std::cmp::Reverse;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use cannonball_rules::margo::{Move, Symmetry};

use super::budget::{Budget, CHARGE_EVERY, Stop};
use super::claims::{Claims, NO_LOW};
use super::node::{Keys, Node, margin, terminal_score};
use super::ordering::{self, History, ReplyCache};
use super::tt::{Entry, MoveCode, PROVEN, Table};

/// Beyond every score.
pub(crate) const INF: i32 = 10_001;
/// The depth of a search without a depth limit.
pub(crate) const UNLIMITED: u16 = u16::MAX;

/// Hashes a 64-bit position key (already uniformly random) as itself.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A search result (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    pub score: i32,
    pub horizon: bool,
    pub low: u16,
}

impl Found {
    fn proven(score: i32) -> Found {
        Found {
            score,
            horizon: false,
            low: NO_LOW,
        }
    }

    fn negated(self) -> Found {
        Found {
            score: -self.score,
            ..self
        }
    }
}

/// What every searcher of one solve shares.
#[derive(Debug)]
pub(crate) struct Shared<'a> {
    pub tt: &'a Table,
    pub keys: &'a Keys,
    pub budget: &'a Budget<'a>,
    /// Move ordering counts the opponent's replies (see [`ordering`]) at
    /// nodes fewer than this many plies below the root (win/draw/loss
    /// searches: [`Options::reply_plies`](super::Options::reply_plies); 0
    /// for exact searches).
    pub reply_plies: u16,
}

/// Counts kept by one searcher.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    pub nodes: u64,
    pub probes: u64,
    pub hits: u64,
    pub stores: u64,
}

impl Counters {
    pub fn add(&mut self, o: &Counters) {
        self.nodes += o.nodes;
        self.probes += o.probes;
        self.hits += o.hits;
        self.stores += o.stores;
    }
}

/// One thread's search state.
pub(crate) struct Searcher<'a, const W: usize> {
    sh: &'a Shared<'a>,
    path: Vec<u64>,
    /// The index of each key of `path` (the keys on a path are distinct: a
    /// repeated position is scored, never searched). Paths of unlimited
    /// searches grow to thousands of positions where captures refill the
    /// board, so a scan of the path at every child would dominate.
    path_index: HashMap<u64, u16, BuildHasherDefault<KeyHasher>>,
    buffers: Vec<Vec<Node<W>>>,
    history: History,
    replies: ReplyCache,
    claims: Claims,
    pending: u64,
    check_path: bool,
    pub counters: Counters,
}

impl<const W: usize> Drop for Searcher<'_, W> {
    fn drop(&mut self) {
        self.sh.budget.settle(self.pending);
    }
}

impl<'a, const W: usize> Searcher<'a, W> {
    pub fn new(sh: &'a Shared<'a>) -> Searcher<'a, W> {
        let geo = sh.keys.geometry();
        Searcher {
            sh,
            path: Vec::with_capacity(128),
            path_index: HashMap::default(),
            buffers: Vec::new(),
            history: History::new(geo.len()),
            replies: ReplyCache::new(),
            claims: Claims::default(),
            pending: 0,
            check_path: true,
            counters: Counters::default(),
        }
    }

    /// Turns off the repetition check (under superko no position repeats).
    pub fn without_repetitions(mut self) -> Self {
        self.check_path = false;
        self
    }

    /// Asks whether `node`'s value is at least `t`, with `node` as the root of
    /// the search (nothing above it on the path).
    pub fn search_root(&mut self, node: &Node<W>, t: i32, depth: u16) -> Result<Found, Stop> {
        self.path.clear();
        self.path_index.clear();
        self.claims.clear();
        let r = self.search(node, t, depth);
        self.claims.clear();
        r
    }

    /// Counts one node against the budget (for searches outside this module).
    pub fn count_node(&mut self) -> Result<(), Stop> {
        self.tick()
    }

    fn tick(&mut self) -> Result<(), Stop> {
        self.counters.nodes += 1;
        self.pending += 1;
        if self.pending >= CHARGE_EVERY {
            let n = std::mem::take(&mut self.pending);
            self.sh.budget.charge(n)?;
        }
        Ok(())
    }

    /// The proven bounds the table holds for `node`, if any.
    pub fn proven_bounds(&mut self, node: &Node<W>) -> Option<(i32, i32)> {
        let e = self.probe(node.tt_key)?;
        e.is_proven()
            .then(|| (i32::from(e.lower), i32::from(e.upper)))
    }

    fn best_move_of(&self, e: &Entry, sym: Symmetry) -> Option<Move> {
        MoveCode::decode(e.mv).map(|m| self.sh.keys.from_frame(sym, m))
    }

    fn probe(&mut self, key: u64) -> Option<Entry> {
        self.counters.probes += 1;
        let e = self.sh.tt.probe(key);
        if e.is_some() {
            self.counters.hits += 1;
        }
        e
    }

    /// Puts `key` at the end of the path.
    fn enter(&mut self, key: u64) {
        if self.check_path {
            self.path_index.insert(key, self.path.len() as u16);
        }
        self.path.push(key);
    }

    /// Takes `key`, the last of the path, off it.
    fn leave(&mut self, key: u64) {
        self.path.pop();
        if self.check_path {
            self.path_index.remove(&key);
        }
    }

    fn on_path(&self, key: u64) -> Option<usize> {
        if !self.check_path {
            return None;
        }
        self.path_index.get(&key).map(|&i| usize::from(i))
    }

    /// What the table or a pending claim already says about `node`, when it
    /// answers the question.
    fn known(
        &mut self,
        node: &Node<W>,
        t: i32,
        depth: u16,
        hint: &mut Option<Move>,
    ) -> Option<Found> {
        if let Some(e) = self.probe(node.tt_key) {
            *hint = self.best_move_of(&e, node.sym);
            let usable = e.is_proven() || (depth != UNLIMITED && u16::from(e.depth) >= depth);
            let (lo, hi) = (i32::from(e.lower), i32::from(e.upper));
            if usable {
                let score = if lo >= t {
                    Some(lo)
                } else if hi < t {
                    Some(hi)
                } else {
                    None
                };
                if let Some(score) = score {
                    return Some(Found {
                        score,
                        horizon: !e.is_proven(),
                        low: NO_LOW,
                    });
                }
            }
        }
        if depth == UNLIMITED && self.check_path {
            if let Some(c) = self.claims.find(node.key, t) {
                return Some(Found {
                    score: c.score,
                    horizon: false,
                    low: c.low,
                });
            }
        }
        None
    }

    pub(crate) fn search(&mut self, node: &Node<W>, t: i32, depth: u16) -> Result<Found, Stop> {
        self.tick()?;
        let pos = &node.pos;
        if pos.ended_by_state() {
            return Ok(Found::proven(terminal_score(pos)));
        }
        let mut hint = None;
        if let Some(found) = self.known(node, t, depth, &mut hint) {
            return Ok(found);
        }
        if depth == 0 {
            let horizon = pos.has_legal_move();
            return Ok(Found {
                score: margin(pos),
                horizon,
                low: NO_LOW,
            });
        }
        let ply = self.path.len();
        let start = self.counters.nodes;
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut kids = std::mem::take(&mut self.buffers[ply]);
        self.sh.keys.children(node, &mut kids);
        if kids.is_empty() {
            self.buffers[ply] = kids;
            return Ok(Found::proven(terminal_score(pos)));
        }
        let result = match self.prepare(node, &mut kids, t, hint) {
            Some(cut) => Ok(cut),
            None => {
                self.enter(node.key);
                let r = self.search_ordered(node, &mut kids, t, depth);
                self.leave(node.key);
                r
            }
        };
        self.buffers[ply] = kids;
        let (found, best) = result?;
        Ok(self.finish(
            node,
            t,
            depth,
            ply,
            found,
            best,
            self.counters.nodes - start,
        ))
    }

    /// Scores the children for ordering; returns a cutoff when the table
    /// proves a child good enough on its own (enhanced transposition cutoff).
    fn prepare(
        &mut self,
        node: &Node<W>,
        kids: &mut [Node<W>],
        t: i32,
        hint: Option<Move>,
    ) -> Option<(Found, Option<Move>)> {
        let mover = node.pos.to_move();
        for kid in kids.iter_mut() {
            kid.order = ordering::order(kid, mover, hint, &self.history);
        }
        if kids.len() > 2 {
            for kid in kids.iter_mut() {
                let Some(e) = self.probe(kid.tt_key) else {
                    continue;
                };
                if !e.is_proven() {
                    continue;
                }
                // The mover's value through this child lies in [-upper, -lower].
                let (worst, best) = (-i32::from(e.upper), -i32::from(e.lower));
                if worst >= t {
                    return Some((Found::proven(worst), kid.mv));
                }
                if best < t {
                    ordering::demote(kid);
                }
            }
        }
        None
    }

    /// Searches the children: the table's move first, on its own, and only
    /// if it does not answer the question the others, ordered (counting the
    /// opponent's replies, the costly part of ordering, only then). The
    /// order is the one a single sort would give, so node counts do not
    /// depend on this.
    fn search_ordered(
        &mut self,
        node: &Node<W>,
        kids: &mut [Node<W>],
        t: i32,
        depth: u16,
    ) -> Result<(Found, Option<Move>), Stop> {
        let mut first = None;
        if let Some(kid) = kids.iter().find(|k| ordering::is_hint(k)) {
            let f = self.search_kid(kid, t, depth)?;
            if f.score >= t {
                if let Some(m) = kid.mv {
                    self.history.reward(node.pos.to_move(), m, kids.len());
                }
                return Ok((f, kid.mv));
            }
            first = Some((f, kid.mv));
        }
        if self.path.len() < usize::from(self.sh.reply_plies) {
            for kid in kids.iter_mut() {
                ordering::weigh_replies(kid, &mut self.replies);
            }
        }
        kids.sort_by_key(|k| Reverse(k.order));
        self.search_kids(node, kids, t, depth, first)
    }

    /// The value of `kid` for the parent (whose node is last on the path):
    /// 0 when it repeats a position on the path, else its search's.
    fn search_kid(&mut self, kid: &Node<W>, t: i32, depth: u16) -> Result<Found, Stop> {
        if let Some(index) = self.on_path(kid.key) {
            return Ok(Found {
                score: 0,
                horizon: false,
                low: index as u16,
            });
        }
        let child_depth = if depth == UNLIMITED {
            UNLIMITED
        } else {
            depth - 1
        };
        Ok(self.search(kid, 1 - t, child_depth)?.negated())
    }

    /// Searches the children in order until one reaches `t`. `first` is the
    /// result of the table's move, searched already (it is skipped here).
    fn search_kids(
        &mut self,
        node: &Node<W>,
        kids: &[Node<W>],
        t: i32,
        depth: u16,
        first: Option<(Found, Option<Move>)>,
    ) -> Result<(Found, Option<Move>), Stop> {
        let (mut best, mut best_move) = first.unwrap_or((
            Found {
                score: -INF,
                horizon: false,
                low: NO_LOW,
            },
            None,
        ));
        let searched = first.and_then(|(_, m)| m);
        for kid in kids {
            if searched.is_some() && kid.mv == searched {
                continue;
            }
            let f = self.search_kid(kid, t, depth)?;
            if f.score >= t {
                if let Some(m) = kid.mv {
                    self.history.reward(node.pos.to_move(), m, kids.len());
                }
                return Ok((f, kid.mv));
            }
            best.horizon |= f.horizon;
            best.low = best.low.min(f.low);
            if f.score > best.score {
                best.score = f.score;
                best_move = kid.mv;
            }
        }
        Ok((best, best_move))
    }

    /// Settles the claims made below the node, then stores or claims its own
    /// result; returns what the parent sees.
    #[allow(
        clippy::too_many_arguments,
        reason = "one call site, all parts of one result"
    )]
    fn finish(
        &mut self,
        node: &Node<W>,
        t: i32,
        depth: u16,
        ply: usize,
        f: Found,
        best: Option<Move>,
        work: u64,
    ) -> Found {
        let low = if usize::from(f.low) >= ply {
            NO_LOW
        } else {
            f.low
        };
        let reached = f.score >= t;
        // Endless play (0) answers the question for the holder: the mover when
        // t <= 0, the opponent otherwise.
        let held = reached == (t <= 0);
        let claims_on = depth == UNLIMITED && self.check_path;
        if claims_on {
            self.claims.end_node(ply, held, low, self.sh.tt);
        }
        let mv = MoveCode::encode(best.map(|m| self.sh.keys.to_frame(node.sym, m)));
        let work = (1 + (64 - work.leading_zeros())) as u8;
        let (lower, upper) = if reached {
            (f.score, INF)
        } else {
            (-INF, f.score)
        };
        let mut entry = Entry {
            lower: lower as i16,
            upper: upper as i16,
            mv,
            depth: PROVEN,
            work,
        };
        let mut out = Found { low, ..f };
        if f.horizon || (low != NO_LOW && !claims_on) {
            entry.depth = depth.min(u16::from(PROVEN) - 1) as u8;
        } else if low != NO_LOW {
            debug_assert!(held, "a finite proof cannot rest on a repetition");
            out.score = if reached { t } else { t - 1 };
            self.claims
                .add(ply, node.key, t, node.tt_key, out.score, !reached, low, mv);
            // Nothing proven yet; keep the move as a hint.
            entry = Entry {
                lower: -INF as i16,
                upper: INF as i16,
                depth: 0,
                ..entry
            };
        }
        self.counters.stores += 1;
        self.sh.tt.store(node.tt_key, entry);
        out
    }
}

//! The AND/OR search over whole turns.
//!
//! An OR node is a position where the side pursuing the objective (S) is to move
//! with `n` of its turns left, this one included: one of its distinct turns must
//! work. An AND node is a position where the opponent is to move and S has `m`
//! turns left after the reply: every distinct reply must leave S a way through.
//!
//! - S's turns are generated through admissible bounds ([`super::bounds`]), so
//!   half-made turns that cannot lead anywhere are cut inside the turn; on S's
//!   last turn this leaves only turns that can still reach the objective.
//! - S's turns are tried most promising first and the search stops at the first
//!   that works (except at the root, which wants every winning first turn).
//! - Replies are generated lazily and the search stops at the first refutation.
//! - Killers, for both sides: the turns that worked at sibling nodes (a
//!   refutation, a winning answer) are replayed, with every rule checked, before
//!   anything is generated; a good turn often stays good after another reply.
//! - Proven results go to a transposition table ([`super::table`]).
//! - A shared budget of nodes and time stops the search; every result then is
//!   [`Value::Unknown`], never a guess.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use cannonball_rules::margrites::turngen::{DistinctTurn, TurnVisitor, walk_distinct_turns};
use cannonball_rules::margrites::{Color, Position, Step};

use super::bounds::{self, Horizon};
use super::objective::Goal;
use super::table::{Key, PassThrough, Table};

/// The value of a node.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Value {
    /// The objective is reached whatever the opponent does.
    Yes,
    /// The opponent can prevent it.
    No,
    /// The budget ran out first.
    Unknown,
}

/// Steps in a normal turn, for the horizons of later turns.
const TURN_STEPS: u32 = 4;

/// Walker positions between two looks at the clock.
const CLOCK_EVERY: u32 = 256;

/// Work allowed to a whole solve, shared by every thread.
#[derive(Debug)]
pub(crate) struct Budget {
    nodes: Option<u64>,
    positions: Option<u64>,
    deadline: Option<Instant>,
    used: AtomicU64,
    positions_used: AtomicU64,
    stop: AtomicBool,
}

impl Budget {
    /// At most `nodes` whole turns and `positions` positions inside turns
    /// (see [`SearchStats`]), until `deadline`; `None` for no limit.
    pub(crate) fn new(
        nodes: Option<u64>,
        positions: Option<u64>,
        deadline: Option<Instant>,
    ) -> Budget {
        Budget {
            nodes,
            positions,
            deadline,
            used: AtomicU64::new(0),
            positions_used: AtomicU64::new(0),
            stop: AtomicBool::new(false),
        }
    }

    /// Charges `n` positions inside turns (counted in batches of
    /// [`CLOCK_EVERY`], so a solve on one thread stops at the same place every
    /// time).
    fn charge_positions(&self, n: u64) {
        if let Some(limit) = self.positions {
            let used = self.positions_used.fetch_add(n, Ordering::Relaxed) + n;
            if used > limit {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Charges one node; `false` once the budget is spent.
    fn charge(&self) -> bool {
        let used = self.used.fetch_add(1, Ordering::Relaxed) + 1;
        if self.nodes.is_some_and(|limit| used > limit) {
            self.stop.store(true, Ordering::Relaxed);
        }
        !self.stopped()
    }

    fn check_clock(&self) {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the budget is spent.
    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Counters of one search.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SearchStats {
    /// Distinct turns generated: positions after a whole turn that the search
    /// looked at (what the node budget counts).
    pub nodes: u64,
    /// Positions inside turns visited by the turn walker (step-level work).
    pub positions: u64,
    /// Results taken from the transposition table.
    pub table_hits: u64,
    /// Positions and half-made turns cut by a bound.
    pub bound_cuts: u64,
}

impl SearchStats {
    /// Adds another search's counters.
    pub fn add(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.positions += other.positions;
        self.table_hits += other.table_hits;
        self.bound_cuts += other.bound_cuts;
    }
}

/// How a first turn fares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum FirstTurn {
    /// It reaches the objective within this many of S's turns (itself included).
    Reaches(u8),
    /// The opponent can prevent it within the limit (so far: within the limits
    /// tried).
    Fails,
    /// The budget ran out.
    Unknown,
}

/// Turns that worked at sibling nodes, two per ply, most recent first: tried
/// before generating, since a good turn often stays good after a different
/// reply (the killer heuristic, for both sides).
#[derive(Default)]
struct Killers(Vec<[Option<Vec<Step>>; 2]>);

impl Killers {
    fn at(&self, ply: usize) -> Vec<Vec<Step>> {
        self.0
            .get(ply)
            .map(|k| k.iter().flatten().cloned().collect())
            .unwrap_or_default()
    }

    fn record(&mut self, ply: usize, steps: &[Step]) {
        if self.0.len() <= ply {
            self.0.resize(ply + 1, [None, None]);
        }
        let slots = &mut self.0[ply];
        if slots[0].as_deref() != Some(steps) {
            slots[1] = slots[0].take();
            slots[0] = Some(steps.to_vec());
        }
    }
}

/// One search: a goal, a table and counters. Each thread has its own.
pub(crate) struct Searcher<'b> {
    pub(crate) goal: Goal,
    budget: &'b Budget,
    table: Table,
    /// Per ply, the opponent's replies that refuted S most recently.
    refuters: Killers,
    /// Per ply, S's turns that reached the objective most recently.
    answers: Killers,
    pub(crate) stats: SearchStats,
    rebuttal: u32,
    ticks: u32,
}

/// Keeps the first of the turns that leave the same position for search (the
/// engine also tells apart the files scored pieces left from, which matter only
/// when they can come back).
pub(crate) fn dedup_by_position(mut turns: Vec<DistinctTurn>) -> Vec<DistinctTurn> {
    let mut seen: HashSet<Key, BuildHasherDefault<PassThrough>> =
        HashSet::with_capacity_and_hasher(turns.len(), BuildHasherDefault::default());
    turns.retain(|t| seen.insert(Key::of(&t.after)));
    turns
}

/// Plays a whole turn with every check; `None` if it is not a legal, complete turn.
pub(crate) fn replay_turn(pos: &Position, steps: &[Step]) -> Option<Position> {
    let mut p = *pos;
    for &s in steps {
        p.play_step(s).ok()?;
    }
    if !p.is_over() {
        p.end_turn().ok()?;
    }
    Some(p)
}

impl<'b> Searcher<'b> {
    pub(crate) fn new(goal: Goal, budget: &'b Budget, pos: &Position) -> Searcher<'b> {
        let rebuttal = if pos.options().white_rebuttal && goal.side == Color::Black {
            2
        } else {
            0
        };
        Searcher {
            goal,
            budget,
            table: Table::default(),
            refuters: Killers::default(),
            answers: Killers::default(),
            stats: SearchStats::default(),
            rebuttal,
            ticks: 0,
        }
    }

    pub(crate) fn stopped(&self) -> bool {
        self.budget.stopped()
    }

    /// The steps left to each side when S is to move (possibly mid-turn) with `n`
    /// turns left, this one included.
    pub(crate) fn own_horizon(&self, pos: &Position, n: u8) -> Horizon {
        let later = TURN_STEPS * u32::from(n.saturating_sub(1));
        Horizon {
            own: u32::from(pos.max_steps().saturating_sub(pos.steps_made())) + later,
            theirs: later,
            rebuttal: self.rebuttal,
        }
    }

    fn their_horizon(&self, pos: &Position, m: u8) -> Horizon {
        Horizon {
            own: TURN_STEPS * u32::from(m),
            theirs: u32::from(pos.max_steps().saturating_sub(pos.steps_made()))
                + TURN_STEPS * u32::from(m.saturating_sub(1)),
            rebuttal: self.rebuttal,
        }
    }

    /// Whether a bound proves S cannot reach the objective from `pos` (S to move,
    /// `n` turns left).
    pub(crate) fn hopeless(&mut self, pos: &Position, n: u8) -> bool {
        let cut = !bounds::may_reach(&self.goal, pos, self.own_horizon(pos, n));
        if cut {
            self.stats.bound_cuts += 1;
        }
        cut
    }

    /// What the walker asks at each position inside a turn: stop when the budget
    /// is spent; with `bound`, cut S's half-made turns that cannot lead anywhere
    /// within that many turns.
    fn prune(&mut self, partial: &Position, bound: Option<u8>) -> bool {
        self.stats.positions += 1;
        self.ticks += 1;
        if self.ticks >= CLOCK_EVERY {
            self.ticks = 0;
            self.budget.check_clock();
            self.budget.charge_positions(u64::from(CLOCK_EVERY));
        }
        if self.stopped() {
            return true;
        }
        bound.is_some_and(|n| self.hopeless(partial, n))
    }

    /// Counts a generated turn against the budget; `false` once it is spent.
    fn charge(&mut self) -> bool {
        self.stats.nodes += 1;
        self.budget.charge()
    }

    /// S's distinct turns from `pos` that bounds leave open with `n` turns left,
    /// in generation order.
    pub(crate) fn own_turns(&mut self, pos: &Position, n: u8) -> Vec<DistinctTurn> {
        self.collect(pos, Some(n))
    }

    /// Every distinct turn from `pos`, in generation order.
    pub(crate) fn all_turns(&mut self, pos: &Position) -> Vec<DistinctTurn> {
        self.collect(pos, None)
    }

    fn collect(&mut self, pos: &Position, bound: Option<u8>) -> Vec<DistinctTurn> {
        dedup_by_position(self.walk_collect(pos, bound))
    }

    fn walk_collect(&mut self, pos: &Position, bound: Option<u8>) -> Vec<DistinctTurn> {
        struct Collect<'s, 'b> {
            s: &'s mut Searcher<'b>,
            bound: Option<u8>,
            out: Vec<DistinctTurn>,
        }
        impl TurnVisitor for Collect<'_, '_> {
            fn prune(&mut self, partial: &Position) -> bool {
                self.s.prune(partial, self.bound)
            }
            fn visit(&mut self, steps: &[Step], after: &Position) -> ControlFlow<()> {
                if !self.s.charge() {
                    return ControlFlow::Break(());
                }
                self.out.push(DistinctTurn {
                    steps: steps.to_vec(),
                    after: *after,
                });
                ControlFlow::Continue(())
            }
        }
        let mut c = Collect {
            s: self,
            bound,
            out: Vec::new(),
        };
        let _ = walk_distinct_turns(pos, &mut c);
        c.out
    }

    /// `turns` sorted most promising first (stable: generation order breaks ties).
    pub(crate) fn by_promise(&self, turns: Vec<DistinctTurn>) -> Vec<DistinctTurn> {
        let mut keyed: Vec<(i64, DistinctTurn)> = turns
            .into_iter()
            .map(|t| (self.goal.promise(&t.after), t))
            .collect();
        keyed.sort_by_key(|(p, _)| std::cmp::Reverse(*p));
        keyed.into_iter().map(|(_, t)| t).collect()
    }

    /// The value once one of S's turns is over, with `left` of its turns to come.
    pub(crate) fn after_own_turn(&mut self, after: &Position, left: u8, ply: usize) -> Value {
        if self.goal.reached_after_own_turn(after) {
            return Value::Yes;
        }
        if after.is_over() {
            return Value::No;
        }
        if self.goal.rebuttal_pending(after) {
            // The game has ended; only the rebuttal is left to decide it.
            return self.and_node(after, 0, ply + 1);
        }
        if left == 0 {
            return Value::No;
        }
        self.and_node(after, left, ply + 1)
    }

    /// The value once one of the opponent's turns is over, with `left` of S's
    /// turns to come.
    pub(crate) fn after_reply(&mut self, after: &Position, left: u8, ply: usize) -> Value {
        if self.goal.reached_after_reply(after) {
            return Value::Yes;
        }
        if after.is_over() || left == 0 {
            return Value::No;
        }
        self.or_node(after, left, ply)
    }

    /// S to move at a turn boundary with `n` turns left (n >= 1).
    pub(crate) fn or_node(&mut self, pos: &Position, n: u8, ply: usize) -> Value {
        if self.stopped() {
            return Value::Unknown;
        }
        if self.hopeless(pos, n) {
            return Value::No;
        }
        let key = Key::of(pos);
        if let Some(v) = self.table.probe(&key, n) {
            self.stats.table_hits += 1;
            return v;
        }
        let v = match self.known_answer(pos, n, ply) {
            Some(v) => v,
            None if n == 1 => self.last_turn(pos, ply),
            None => self.some_turn(pos, n, ply),
        };
        self.table.store(key, n, v);
        v
    }

    /// Tries the turns that reached the objective at sibling nodes: `Some` when
    /// one still does (or the budget ran out), `None` to search.
    fn known_answer(&mut self, pos: &Position, n: u8, ply: usize) -> Option<Value> {
        for steps in self.answers.at(ply) {
            let Some(after) = replay_turn(pos, &steps) else {
                continue;
            };
            if !self.charge() {
                return Some(Value::Unknown);
            }
            match self.after_own_turn(&after, n - 1, ply) {
                Value::No => {}
                other => return Some(other),
            }
        }
        None
    }

    /// S's turns, most promising first, until one works.
    fn some_turn(&mut self, pos: &Position, n: u8, ply: usize) -> Value {
        let turns = self.own_turns(pos, n);
        if self.stopped() {
            return Value::Unknown;
        }
        for t in self.by_promise(turns) {
            match self.after_own_turn(&t.after, n - 1, ply) {
                Value::No => {}
                Value::Yes => {
                    self.answers.record(ply, &t.steps);
                    return Value::Yes;
                }
                Value::Unknown => return Value::Unknown,
            }
        }
        Value::No
    }

    /// S's last turn: walk only the turns bounds leave open, stop at the first
    /// that reaches the objective.
    fn last_turn(&mut self, pos: &Position, ply: usize) -> Value {
        struct Last<'s, 'b> {
            s: &'s mut Searcher<'b>,
            ply: usize,
            value: Value,
        }
        impl TurnVisitor for Last<'_, '_> {
            fn prune(&mut self, partial: &Position) -> bool {
                self.s.prune(partial, Some(1))
            }
            fn visit(&mut self, steps: &[Step], after: &Position) -> ControlFlow<()> {
                if !self.s.charge() {
                    self.value = Value::Unknown;
                    return ControlFlow::Break(());
                }
                match self.s.after_own_turn(after, 0, self.ply) {
                    Value::No => ControlFlow::Continue(()),
                    Value::Yes => {
                        self.s.answers.record(self.ply, steps);
                        self.value = Value::Yes;
                        ControlFlow::Break(())
                    }
                    Value::Unknown => {
                        self.value = Value::Unknown;
                        ControlFlow::Break(())
                    }
                }
            }
        }
        let mut last = Last {
            s: self,
            ply,
            value: Value::No,
        };
        let _ = walk_distinct_turns(pos, &mut last);
        let value = last.value;
        if value == Value::No && self.stopped() {
            return Value::Unknown;
        }
        value
    }

    /// The opponent to move with `m` of S's turns left after the reply.
    pub(crate) fn and_node(&mut self, pos: &Position, m: u8, ply: usize) -> Value {
        if self.stopped() {
            return Value::Unknown;
        }
        if m >= 1 && !bounds::may_reach(&self.goal, pos, self.their_horizon(pos, m)) {
            self.stats.bound_cuts += 1;
            return Value::No;
        }
        let key = Key::of(pos);
        if let Some(v) = self.table.probe(&key, m) {
            self.stats.table_hits += 1;
            return v;
        }
        let v = match self.refutation(pos, m, ply) {
            Ok(Some(_)) => Value::No,
            Ok(None) => Value::Yes,
            Err(()) => Value::Unknown,
        };
        self.table.store(key, m, v);
        v
    }

    /// A reply after which S cannot reach the objective with `m` turns left:
    /// `Ok(Some(steps))`, `Ok(None)` when there is none, `Err` when the budget ran
    /// out. The killer of this ply is tried first.
    pub(crate) fn refutation(
        &mut self,
        pos: &Position,
        m: u8,
        ply: usize,
    ) -> Result<Option<Vec<Step>>, ()> {
        for killer in self.refuters.at(ply) {
            let Some(after) = replay_turn(pos, &killer) else {
                continue;
            };
            if !self.charge() {
                return Err(());
            }
            match self.after_reply(&after, m, ply) {
                Value::No => {
                    self.refuters.record(ply, &killer);
                    return Ok(Some(killer));
                }
                Value::Unknown => return Err(()),
                Value::Yes => {}
            }
        }
        struct Replies<'s, 'b> {
            s: &'s mut Searcher<'b>,
            m: u8,
            ply: usize,
            found: Option<Vec<Step>>,
            unknown: bool,
        }
        impl TurnVisitor for Replies<'_, '_> {
            fn prune(&mut self, partial: &Position) -> bool {
                self.s.prune(partial, None)
            }
            fn visit(&mut self, steps: &[Step], after: &Position) -> ControlFlow<()> {
                if !self.s.charge() {
                    self.unknown = true;
                    return ControlFlow::Break(());
                }
                match self.s.after_reply(after, self.m, self.ply) {
                    Value::Yes => ControlFlow::Continue(()),
                    Value::No => {
                        self.found = Some(steps.to_vec());
                        ControlFlow::Break(())
                    }
                    Value::Unknown => {
                        self.unknown = true;
                        ControlFlow::Break(())
                    }
                }
            }
        }
        let mut r = Replies {
            s: self,
            m,
            ply,
            found: None,
            unknown: false,
        };
        let _ = walk_distinct_turns(pos, &mut r);
        let (found, unknown) = (r.found, r.unknown);
        if let Some(steps) = found {
            self.refuters.record(ply, &steps);
            return Ok(Some(steps));
        }
        if unknown || self.stopped() {
            return Err(());
        }
        Ok(None)
    }
}

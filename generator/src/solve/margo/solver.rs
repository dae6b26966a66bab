//! The root of a solve: every legal move searched as its own root (in parallel),
//! by iterative deepening until each is proven or the budget runs out; then the
//! root's value from the moves' values, and the principal variation.

use std::time::{Duration, Instant};

use rayon::prelude::*;

use cannonball_rules::margo::{AnyPosition, Move, Position, Rules};

use super::budget::{Budget, Progress, Stop};
use super::claims::NO_LOW;
use super::node::{Keys, Node, margin, terminal_score};
use super::pv::{self, PvEnd, Target};
use super::search::{Counters, Searcher, Shared, UNLIMITED};
use super::tt::Table;
use super::value::{Bounds, Score};
use crate::solve::{SolveError, Wld};

/// What to find out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The exact value (margin) of the position and of every move.
    #[default]
    Exact,
    /// Only win, draw or loss (null windows around 0: faster).
    Wld,
}

impl Mode {
    /// `exact` or `wld`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Exact => "exact",
            Mode::Wld => "wld",
        }
    }
}

/// How to solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Exact values or only win/draw/loss.
    pub mode: Mode,
    /// Stop after about this many nodes (then unproven values are unknown).
    pub nodes: Option<u64>,
    /// Stop after about this long.
    pub time: Option<Duration>,
    /// The transposition table holds `2^table_bits` entries of 16 bytes.
    pub table_bits: u32,
    /// Threads searching root moves at once; 0 for one per core. One thread
    /// makes the node counts reproducible.
    pub threads: usize,
    /// Share table entries between a position and its mirror images.
    pub symmetry: bool,
    /// Search to increasing depth limits first (for move ordering).
    pub deepening: bool,
    /// Work out the principal variation.
    pub principal_variation: bool,
    /// In [`Mode::Exact`], settle only what the best moves need: a move
    /// proven strictly worse than another move (its upper bound below the
    /// other's lower bound) is left as bounds. The position's value and every
    /// best move's value are still exact.
    pub only_best: bool,
    /// In [`Mode::Wld`], how much to settle: every move (the default), or
    /// only what one narrower question needs (see [`Settle`]).
    pub settle: Settle,
    /// In [`Mode::Wld`], order the children by the opponent's reply count
    /// (the costly part of ordering) only at nodes fewer than this many plies
    /// below the root; deeper nodes are ordered without it. `None` counts at
    /// every depth.
    pub reply_plies: Option<u16>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            mode: Mode::Exact,
            nodes: None,
            time: None,
            table_bits: 22,
            threads: 0,
            symmetry: true,
            deepening: true,
            principal_variation: true,
            only_best: false,
            settle: Settle::Every,
            reply_plies: None,
        }
    }
}

/// What a [`Mode::Wld`] solve settles before it stops. A narrower question
/// stops as soon as the moves' proven values answer it, and works out no
/// principal variation; a solution stopped early is not complete.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Settle {
    /// Every move's win, draw or loss.
    #[default]
    Every,
    /// Only the position's win, draw or loss ([`Solution::result`]).
    Root,
    /// Only whether this move is the one winning move
    /// ([`Solution::unique_win`]).
    UniqueWin(Move),
}

/// What is proven about one legal move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveValue {
    /// The move.
    pub mv: Move,
    /// Its value for the player to move at the root.
    pub bounds: Bounds,
}

/// Work done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions searched (principal variation included).
    pub nodes: u64,
    /// Wall-clock time.
    pub time: Duration,
    /// Depth limit of the last iteration (0: no limit).
    pub depth: u32,
    /// Transposition table entries.
    pub table_entries: usize,
    /// Entries in use at the end, in thousandths.
    pub table_used_permille: u32,
    /// Table look-ups.
    pub probes: u64,
    /// Look-ups that found the position.
    pub hits: u64,
    /// Entries written.
    pub stores: u64,
}

/// The answer for a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// What was asked.
    pub mode: Mode,
    /// The value for the player to move, as far as proven.
    pub bounds: Bounds,
    /// Every legal move with its value, in legal-move order.
    pub moves: Vec<MoveValue>,
    /// Best moves from the root.
    pub pv: Vec<Move>,
    /// How the principal variation ends.
    pub pv_end: PvEnd,
    /// Whether everything asked was proven (false when the budget ran out).
    pub complete: bool,
    /// Work done.
    pub stats: Stats,
}

impl Solution {
    /// Win, draw or loss for the player to move, when proven.
    #[must_use]
    pub fn result(&self) -> Option<Wld> {
        self.bounds.wld()
    }

    /// The exact value, when proven.
    #[must_use]
    pub fn value(&self) -> Option<Score> {
        self.bounds.value()
    }

    /// Whether `mv` is proven the only winning move (`Some(true)`), proven
    /// not to be (`Some(false)`: it does not win, another move wins, or it is
    /// not a legal move), or neither (`None`: the budget ran out first).
    #[must_use]
    pub fn unique_win(&self, mv: Move) -> Option<bool> {
        unique_win_among(mv, self.moves.iter().map(|m| (m.mv, m.bounds)))
    }
}

/// Whether `key` is proven the only winning move among `moves` (each with
/// its value for the mover), as [`Solution::unique_win`] reads it; the
/// solver's early stop asks the same of the bounds proven so far.
fn unique_win_among(key: Move, moves: impl IntoIterator<Item = (Move, Bounds)>) -> Option<bool> {
    let mut others_lose = true;
    let mut found = None;
    for (mv, bounds) in moves {
        let wins = bounds.wins();
        if mv == key {
            found = Some(wins);
        } else {
            match wins {
                Some(true) => return Some(false),
                Some(false) => {}
                None => others_lose = false,
            }
        }
    }
    match found {
        None | Some(Some(false)) => Some(false),
        Some(None) => None,
        Some(Some(true)) => others_lose.then_some(true),
    }
}

/// The value for the mover of a move whose child has the proven bounds
/// `(lo, hi)` (raw scores, from the opponent's side).
fn mover_bounds((lo, hi): (i32, i32)) -> Bounds {
    -Bounds {
        lower: Score::from_raw(lo),
        upper: Score::from_raw(hi),
    }
}

/// Solves `pos` with a fresh table.
///
/// # Errors
/// [`SolveError::Players`] for more than two players.
///
/// ```
/// use cannonball_rules::margo::{AnyPosition, Move, Preset, notation};
/// use cannonball::solve::margo::{solve, Options};
/// let mut rules = Preset::Margo.rules();
/// rules.size = 3;
/// rules.swap = false;
/// let mut pos = AnyPosition::new(rules).unwrap();
/// for m in ["b2", "a1"] {
///     pos.play(notation::parse_move(pos.geometry(), m).unwrap()).unwrap();
/// }
/// let opts = Options { table_bits: 16, threads: 1, ..Options::default() };
/// let sol = solve(&pos, &opts).unwrap();
/// assert!(sol.complete);
/// // The value is the best of the moves' values.
/// let best = sol.moves.iter().filter_map(|m| m.bounds.value()).max();
/// assert_eq!(sol.value(), best);
/// assert!(sol.moves.iter().all(|m| m.mv != Move::Swap));
/// ```
pub fn solve(pos: &AnyPosition, opts: &Options) -> Result<Solution, SolveError> {
    Solver::new(opts.clone()).solve(pos, &Progress::default())
}

/// A solver that keeps its transposition table from one solve to the next
/// (while the rules stay the same), for solving many positions of one game.
#[derive(Debug)]
pub struct Solver {
    opts: Options,
    table: Table,
    rules: Option<Rules>,
}

impl Solver {
    /// A solver with these options and an empty table.
    #[must_use]
    pub fn new(opts: Options) -> Solver {
        let table = Table::new(opts.table_bits);
        Solver {
            opts,
            table,
            rules: None,
        }
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.opts
    }

    /// Settles only what `settle` asks in the solves that follow (see
    /// [`Options::settle`]). The table is kept: what one question proves,
    /// the next reuses.
    pub fn set_settle(&mut self, settle: Settle) {
        self.opts.settle = settle;
    }

    /// Solves `pos`, reporting progress in `progress`.
    ///
    /// # Errors
    /// [`SolveError`].
    pub fn solve(
        &mut self,
        pos: &AnyPosition,
        progress: &Progress,
    ) -> Result<Solution, SolveError> {
        match pos {
            AnyPosition::Small(p) => self.solve_position(p, progress),
            AnyPosition::Medium(p) => self.solve_position(p, progress),
            AnyPosition::Large(p) => self.solve_position(p.as_ref(), progress),
            AnyPosition::Huge(p) => self.solve_position(p.as_ref(), progress),
        }
    }

    /// [`Solver::solve`] for a position of known width.
    ///
    /// # Errors
    /// [`SolveError`].
    pub fn solve_position<const W: usize>(
        &mut self,
        pos: &Position<W>,
        progress: &Progress,
    ) -> Result<Solution, SolveError> {
        let rules = *pos.rules();
        if rules.players != 2 {
            return Err(SolveError::Players(rules.players));
        }
        if self.rules != Some(rules) {
            if self.rules.is_some() {
                self.table = Table::new(self.opts.table_bits);
            }
            self.rules = Some(rules);
        }
        // The search recurses once per ply, and lines in Margo can be long:
        // it runs on threads of its own with room for that, even alone.
        let threads = self.opts.threads;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(SEARCH_STACK)
            .build()
            .map_err(|e| SolveError::Threads(e.to_string()))?;
        let run = Run::<W>::new(&self.opts, &self.table, pos, progress);
        Ok(pool.install(|| run.solve(threads != 1)))
    }
}

/// Stack of each search thread (reserved, not used until the search goes deep).
const SEARCH_STACK: usize = 1 << 30;

/// One solve in progress.
struct Run<'a, const W: usize> {
    opts: &'a Options,
    table: &'a Table,
    rules: Rules,
    keys: Keys,
    root: Node<W>,
    progress: &'a Progress,
    started: Instant,
}

/// What a pass over one root move found, seen from the move's child.
enum Narrowed {
    /// Proven bounds.
    Proven(i32, i32),
    /// A depth-limited estimate, for ordering the next pass.
    Guess(i32),
}

impl<'a, const W: usize> Run<'a, W> {
    fn new(opts: &'a Options, table: &'a Table, pos: &Position<W>, progress: &'a Progress) -> Self {
        let rules = *pos.rules();
        let keys = Keys::new(
            pos.geometry(),
            opts.symmetry,
            rules.ko.is_superko(),
            rules.single_capture,
        );
        let root = keys.root(pos.clone());
        Run {
            opts,
            table,
            rules,
            keys,
            root,
            progress,
            started: Instant::now(),
        }
    }

    fn searcher<'s>(&self, shared: &'s Shared<'s>) -> Searcher<'s, W> {
        let s = Searcher::new(shared);
        if self.rules.ko.is_superko() {
            s.without_repetitions()
        } else {
            s
        }
    }

    /// Whether the child's proven bounds `[lo, hi]` answer the question.
    fn decided(&self, lo: i32, hi: i32) -> bool {
        match self.opts.mode {
            Mode::Exact => lo >= hi,
            Mode::Wld => lo >= 1 || hi <= -1 || (lo >= 0 && hi <= 0),
        }
    }

    /// Whether a root move whose child has the proven bounds `(lo, hi)` needs
    /// no more search: it is [`decided`](Run::decided), or its lower bound
    /// reaches the `cut`.
    fn settled(&self, (lo, hi): (i32, i32), cut: Option<i32>) -> bool {
        self.decided(lo, hi) || cut.is_some_and(|c| lo >= c)
    }

    /// Whether the proven values of the children (`child`, from the
    /// opponent's side, in the order of `kids`) already answer a narrower
    /// question ([`Options::settle`]). Always `false` for [`Settle::Every`]
    /// and in [`Mode::Exact`].
    fn answered(&self, kids: &[Node<W>], child: &[(i32, i32)]) -> bool {
        if self.opts.mode != Mode::Wld {
            return false;
        }
        match self.opts.settle {
            Settle::Every => false,
            // A win is found, or every move is proven not to win and one is
            // a proven draw or all are proven losses.
            Settle::Root => {
                child.iter().any(|&(_, hi)| hi <= -1)
                    || (child.iter().all(|&(lo, _)| lo >= 0)
                        && (child.iter().any(|&(_, hi)| hi <= 0)
                            || child.iter().all(|&(lo, _)| lo >= 1)))
            }
            // The answer is already "no": the move is proven not to win,
            // another move is proven to win, or the move is not legal.
            Settle::UniqueWin(key) => {
                let moves = kids
                    .iter()
                    .zip(child)
                    .map(|(k, &c)| (k.mv.unwrap_or(Move::Pass), mover_bounds(c)));
                unique_win_among(key, moves) == Some(false)
            }
        }
    }

    /// With [`Options::only_best`] in [`Mode::Exact`], the value of a child
    /// at and above which its move is proven strictly worse than the best
    /// proven lower bound among the root moves (`child` holds every child's
    /// proven bounds, from the opponent's side).
    fn cut(&self, child: &[(i32, i32)]) -> Option<i32> {
        if !self.opts.only_best || self.opts.mode != Mode::Exact {
            return None;
        }
        let best = child.iter().map(|c| -c.1).max()?;
        Some(1 - best)
    }

    /// The null-window test value of the next search in `mode`, for a child
    /// with proven bounds `[lo, hi]`: MTD(f) from the guess, bisection after
    /// four tries.
    fn test_value(&self, mode: Mode, (lo, hi): (i32, i32), guess: i32, tries: u32) -> i32 {
        match mode {
            Mode::Wld if lo < 1 && hi >= 1 && (guess > 0 || lo >= 0) => 1,
            Mode::Wld => 0,
            Mode::Exact if tries >= 4 => lo + (hi - lo + 1) / 2,
            Mode::Exact => {
                let g = guess.clamp(lo, hi);
                if g == lo { g + 1 } else { g }
            }
        }
    }

    /// Null-window searches of `kid` (MTD(f), then bisection) until its proven
    /// bounds `[lo, hi]` answer the question; a depth-limited pass makes one
    /// search at the guess and returns the estimate.
    ///
    /// With a `cut` (see [`Run::cut`]), a move is also settled once its lower
    /// bound reaches the cut, and the unlimited pass tests the cut first.
    fn narrow(
        &self,
        s: &mut Searcher<'_, W>,
        kid: &Node<W>,
        (mut lo, mut hi): (i32, i32),
        mut guess: i32,
        depth: u16,
        cut: Option<i32>,
    ) -> Result<Narrowed, Stop> {
        let mut tries = 0;
        while !self.settled((lo, hi), cut) {
            let t = match (self.opts.mode, cut) {
                (Mode::Exact, Some(c)) if tries == 0 && depth == UNLIMITED && lo < c && c <= hi => {
                    c
                }
                (mode, _) => self.test_value(mode, (lo, hi), guess, tries),
            };
            let f = s.search_root(kid, t, depth)?;
            if f.horizon || f.low != NO_LOW {
                return Ok(Narrowed::Guess(f.score));
            }
            if f.score >= t {
                lo = lo.max(f.score);
            } else {
                hi = hi.min(f.score);
            }
            guess = f.score;
            tries += 1;
        }
        Ok(Narrowed::Proven(lo, hi))
    }

    fn depths(&self) -> Vec<u16> {
        let mut out = Vec::new();
        if self.opts.deepening {
            let cap = (2 * self.keys.geometry().len()).min(64) as u16;
            out.extend((1..=cap / 2).map(|d| 2 * d));
        }
        out.push(UNLIMITED);
        out
    }

    /// The plies below the root at which ordering counts replies.
    fn reply_plies(&self) -> u16 {
        if self.opts.mode == Mode::Wld {
            self.opts.reply_plies.unwrap_or(u16::MAX)
        } else {
            0
        }
    }

    fn solve(&self, parallel: bool) -> Solution {
        let budget = Budget::new(self.opts.nodes, self.opts.time, self.progress);
        let shared = Shared {
            tt: self.table,
            keys: &self.keys,
            budget: &budget,
            reply_plies: self.reply_plies(),
        };
        let mut kids = Vec::new();
        self.keys.children(&self.root, &mut kids);
        if kids.is_empty() {
            return self.finished_game(&budget);
        }
        let (child, last_depth, mut counters) = self.deepen(&shared, &kids, parallel);
        let unknown = Bounds::unknown(&self.rules);
        let mut s = self.searcher(&shared);
        // Each move's value for the mover, narrowed by what the table proves.
        let values: Vec<Bounds> = child
            .iter()
            .zip(&kids)
            .map(|(&c, kid)| {
                let v = mover_bounds(c);
                match s.proven_bounds(kid) {
                    Some(proven) => v.intersect(&mover_bounds(proven)).intersect(&unknown),
                    None => v,
                }
            })
            .collect();
        let moves: Vec<MoveValue> = kids
            .iter()
            .zip(&values)
            .map(|(k, &bounds)| MoveValue {
                mv: k.mv.unwrap_or(Move::Pass),
                bounds,
            })
            .collect();
        let bounds = Bounds {
            lower: values
                .iter()
                .map(|b| b.lower)
                .max()
                .unwrap_or(unknown.lower),
            upper: values
                .iter()
                .map(|b| b.upper)
                .max()
                .unwrap_or(unknown.upper),
        };
        let cut = self.cut(&child);
        let complete = values
            .iter()
            .all(|b| self.settled((-b.upper.raw(), -b.lower.raw()), cut));
        counters.add(&s.counters);
        drop(s);
        let (pv, pv_end, pv_counters) = if self.opts.settle != Settle::Every {
            (Vec::new(), PvEnd::Truncated, Counters::default())
        } else {
            self.principal_variation(bounds)
        };
        counters.add(&pv_counters);
        Solution {
            mode: self.opts.mode,
            bounds,
            moves,
            pv,
            pv_end,
            complete,
            stats: self.stats(&counters, budget.nodes() + pv_counters.nodes, last_depth),
        }
    }

    /// Narrows the value of every root move (for the opponent, as proven
    /// `(lower, upper)` raw bounds) depth after depth until each is decided or
    /// the budget is spent; returns them, the last depth searched (0 for
    /// unlimited) and the counters.
    fn deepen(
        &self,
        shared: &Shared<'_>,
        kids: &[Node<W>],
        parallel: bool,
    ) -> (Vec<(i32, i32)>, u32, Counters) {
        let unknown = Bounds::unknown(&self.rules);
        let full = (-unknown.upper.raw(), -unknown.lower.raw());
        let mut child = vec![full; kids.len()];
        let mut guesses: Vec<i32> = kids.iter().map(|k| margin(&k.pos)).collect();
        let mut counters = Counters::default();
        let mut last_depth = 0;
        for depth in self.depths() {
            let cut = self.cut(&child);
            let mut todo: Vec<usize> = (0..kids.len())
                .filter(|&i| !self.settled(child[i], cut))
                .collect();
            if todo.is_empty() || shared.budget.exhausted() || self.answered(kids, &child) {
                break;
            }
            // Most promising moves (lowest value for the opponent) first.
            todo.sort_by_key(|&i| guesses[i]);
            last_depth = if depth == UNLIMITED {
                0
            } else {
                u32::from(depth)
            };
            self.progress.start_iteration(last_depth, todo.len());
            let one = |i: usize, bounds: (i32, i32), guess: i32, cut: Option<i32>| {
                let mut s = self.searcher(shared);
                let r = self.narrow(&mut s, &kids[i], bounds, guess, depth, cut);
                self.progress.move_done();
                (i, r, s.counters)
            };
            let apply = |(i, r, c): (usize, Result<Narrowed, Stop>, Counters),
                         child: &mut [(i32, i32)],
                         guesses: &mut [i32],
                         counters: &mut Counters| {
                counters.add(&c);
                match r {
                    Ok(Narrowed::Proven(lo, hi)) => {
                        child[i] = (child[i].0.max(lo), child[i].1.min(hi));
                    }
                    Ok(Narrowed::Guess(g)) => guesses[i] = g,
                    Err(Stop) => {}
                }
            };
            if parallel {
                let results: Vec<_> = todo
                    .par_iter()
                    .map(|&i| one(i, child[i], guesses[i], cut))
                    .collect();
                for r in results {
                    apply(r, &mut child, &mut guesses, &mut counters);
                }
            } else {
                // One move at a time, each knowing what the ones before it
                // proved (the cut moves up as better moves are settled).
                for &i in &todo {
                    let cut = self.cut(&child);
                    if self.settled(child[i], cut) {
                        continue;
                    }
                    let r = one(i, child[i], guesses[i], cut);
                    apply(r, &mut child, &mut guesses, &mut counters);
                    if self.answered(kids, &child) {
                        break;
                    }
                }
            }
        }
        (child, last_depth, counters)
    }

    fn principal_variation(&self, bounds: Bounds) -> (Vec<Move>, PvEnd, Counters) {
        let target = match (self.opts.mode, bounds.value(), bounds.wld()) {
            (Mode::Exact, Some(v), _) => Target::Exact(v.raw()),
            (Mode::Wld, _, Some(c)) => Target::Class(c),
            _ => return (Vec::new(), PvEnd::Truncated, Counters::default()),
        };
        if !self.opts.principal_variation {
            return (Vec::new(), PvEnd::Truncated, Counters::default());
        }
        self.progress.set_finishing();
        // The line gets a budget of its own, as large as the search's.
        let progress = Progress::default();
        let budget = Budget::new(
            self.opts.nodes,
            self.opts
                .time
                .map(|t| t.saturating_sub(self.started.elapsed()).max(t / 10)),
            &progress,
        );
        let shared = Shared {
            tt: self.table,
            keys: &self.keys,
            budget: &budget,
            reply_plies: self.reply_plies(),
        };
        let mut s = self.searcher(&shared);
        let cap = 4 * self.keys.geometry().len() + 16;
        let (line, end) = pv::principal_variation(&mut s, &self.keys, &self.root, target, cap);
        (line, end, s.counters)
    }

    fn finished_game(&self, budget: &Budget<'_>) -> Solution {
        let score = Score::from_raw(terminal_score(&self.root.pos));
        Solution {
            mode: self.opts.mode,
            bounds: Bounds::exact(score),
            moves: Vec::new(),
            pv: Vec::new(),
            pv_end: PvEnd::GameOver,
            complete: true,
            stats: self.stats(&Counters::default(), budget.nodes(), 0),
        }
    }

    fn stats(&self, c: &Counters, nodes: u64, depth: u32) -> Stats {
        Stats {
            nodes: nodes.max(c.nodes),
            time: self.started.elapsed(),
            depth,
            table_entries: self.table.capacity(),
            table_used_permille: self.table.used_permille(),
            probes: c.probes,
            hits: c.hits,
            stores: c.stores,
        }
    }
}

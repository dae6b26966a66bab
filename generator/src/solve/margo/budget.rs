//! The node and time budget of a solve, and the live progress counters a caller
//! can watch from another thread.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Nodes a searcher counts before charging them to the shared budget (and
/// looking at the clock and the stop flag). A search stops at most this many
/// nodes per thread after the budget runs out.
pub(crate) const CHARGE_EVERY: u64 = 1024;

/// The budget ran out: the search unwinds and reports what it has proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stop;

/// Live counters of a running solve, updated by the solver and safe to read
/// from any thread (for a progress bar).
///
/// ```
/// use cannonball::solve::margo::Progress;
/// let p = Progress::default();
/// assert_eq!(p.nodes(), 0);
/// ```
#[derive(Debug, Default)]
pub struct Progress {
    nodes: AtomicU64,
    depth: AtomicU32,
    moves_done: AtomicUsize,
    moves_total: AtomicUsize,
    finishing: AtomicBool,
}

impl Progress {
    /// Nodes searched so far (charged in blocks of about a thousand).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Relaxed)
    }

    /// The depth limit of the current iteration (0 when the search is not
    /// depth-limited).
    #[must_use]
    pub fn depth(&self) -> u32 {
        self.depth.load(Relaxed)
    }

    /// Root moves finished in the current iteration, and how many there are.
    #[must_use]
    pub fn moves(&self) -> (usize, usize) {
        (
            self.moves_done.load(Relaxed),
            self.moves_total.load(Relaxed),
        )
    }

    /// Whether the search is done and the principal variation is being worked out.
    #[must_use]
    pub fn finishing(&self) -> bool {
        self.finishing.load(Relaxed)
    }

    pub(crate) fn start_iteration(&self, depth: u32, moves: usize) {
        self.depth.store(depth, Relaxed);
        self.moves_done.store(0, Relaxed);
        self.moves_total.store(moves, Relaxed);
    }

    pub(crate) fn move_done(&self) {
        self.moves_done.fetch_add(1, Relaxed);
    }

    pub(crate) fn set_finishing(&self) {
        self.finishing.store(true, Relaxed);
    }
}

/// Limits shared by every searcher of one solve.
#[derive(Debug)]
pub(crate) struct Budget<'p> {
    node_limit: Option<u64>,
    deadline: Option<Instant>,
    nodes: AtomicU64,
    stop: AtomicBool,
    progress: &'p Progress,
}

impl<'p> Budget<'p> {
    pub fn new(
        node_limit: Option<u64>,
        time: Option<Duration>,
        progress: &'p Progress,
    ) -> Budget<'p> {
        Budget {
            node_limit,
            deadline: time.and_then(|t| Instant::now().checked_add(t)),
            nodes: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            progress,
        }
    }

    /// Charges `n` nodes; `Err(Stop)` once a limit is reached (then for good).
    pub fn charge(&self, n: u64) -> Result<(), Stop> {
        let total = self.nodes.fetch_add(n, Relaxed) + n;
        self.progress.nodes.fetch_add(n, Relaxed);
        let over = self.node_limit.is_some_and(|l| total > l)
            || self.deadline.is_some_and(|d| Instant::now() >= d);
        if over {
            self.stop.store(true, Relaxed);
        }
        if self.stop.load(Relaxed) {
            Err(Stop)
        } else {
            Ok(())
        }
    }

    /// Charges `n` nodes without stopping (for counts left over at the end).
    pub fn settle(&self, n: u64) {
        self.nodes.fetch_add(n, Relaxed);
        self.progress.nodes.fetch_add(n, Relaxed);
    }

    /// Whether the budget has run out.
    pub fn exhausted(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// Nodes charged so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Relaxed)
    }
}

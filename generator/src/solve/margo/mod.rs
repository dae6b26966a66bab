//! Exact solver for Margo-family positions (any size, two players).
//!
//! # What is computed
//!
//! Values are seen from the player to move. A finished game is worth its
//! **margin**: the mover's pieces on the board minus the opponent's, buried and
//! zombie pieces included (under `single_capture`, a win by capture is worth
//! more than any margin, a loss less: [`Score::CAPTURE_WIN`]). A position's
//! value is the negamax of final margins, both sides maximising their own; play
//! that never ends (a cycle the players keep repeating, possible under simple
//! ko or no ko) is worth 0. So win/draw/loss is the sign of the value, and a
//! draw is an equal final score or endless play.
//!
//! A **swap** is searched like any other move. It leaves the board and the
//! colour to move as they were but hands that colour to the other player, so
//! the player to move changes as after a placement, and the swap's value for
//! the swapping player is minus the value of the position after it, which is
//! the same board with the same colour to move and no swap available.
//!
//! [`solve`] gives the value (or proven bounds), the value of every legal move,
//! a principal variation, and statistics. [`Mode::Wld`] asks only for win,
//! draw or loss, searched with windows around 0. A node or time budget makes
//! the answer partial: whatever is not proven is reported as bounds (at worst
//! the rules' trivial ones), never as a guess.
//!
//! # Guarantees by ko rule
//!
//! - **Simple ko** (the engine's position carries the one forbidden point, so a
//!   position's future does not depend on how it was reached) and **no ko**:
//!   the value is that of the position itself, whatever the history. The
//!   search scores a position that repeats one on its own path as 0; results
//!   that depended on such a repetition above the node where they were found
//!   are stored in the table only as the bounds they still prove (see
//!   `search.rs`), so every table entry holds for every path. The value at the
//!   root, and of each root move (each searched as a root of its own), is
//!   exact. Checked against brute force over the whole game graph of tiny
//!   boards (3x3 Margo from the empty board, small endgames).
//! - **Positional and situational superko**: the position carries the set of
//!   earlier boards (from the start of the game, or from a setup, which starts
//!   the history afresh), so no state repeats and the game from it is a finite
//!   tree. The value is the value **for this history**: the same board reached
//!   by another history may have another value. The table key includes the
//!   history, and no symmetry is used.
//!
//! Positions are told apart by 64-bit keys; two different positions with the
//! same key (about one chance in 2^64 per look-up) would be confused.
//!
//! # Search
//!
//! Negamax alpha-beta (principal variation search) with a lock-free
//! transposition table of proven bounds ([`Options::table_bits`]), keys
//! canonical under the board's eight symmetries, enhanced transposition
//! cutoffs, the table's move searched before the other children are ordered
//! (most cutoffs come from it, and counting replies is the costly part of
//! ordering), move ordering by pieces gained, the opponent's replies
//! (win/draw/loss searches; with [`Options::reply_plies`] only near the
//! root, which doubles the node rate of deep searches) and the history
//! heuristic,
//! iterative deepening (depth-limited passes that only guide ordering, until
//! a pass proves everything), and the root moves searched in parallel
//! (rayon).
//!
//! ```
//! use cannonball_rules::margo::{AnyPosition, Preset};
//! use cannonball::solve::Wld;
//! use cannonball::solve::margo::{solve, Options, Score};
//! // 3x3 Margo without swap: the first player wins by 5 (as the brute-force
//! // and tablebase tests also find).
//! let mut rules = Preset::Margo.rules();
//! rules.size = 3;
//! rules.swap = false;
//! let pos = AnyPosition::new(rules).unwrap();
//! let opts = Options { table_bits: 16, threads: 1, ..Options::default() };
//! let sol = solve(&pos, &opts).unwrap();
//! assert!(sol.complete);
//! assert_eq!(sol.value(), Some(Score::margin(5)));
//! assert_eq!(sol.result(), Some(Wld::Win));
//! ```

mod brute;
mod budget;
mod claims;
mod horizon;
mod node;
mod ordering;
mod pv;
mod report;
mod search;
mod solver;
mod tt;
mod value;

pub use brute::{BruteError, BruteForce};
pub use budget::Progress;
pub use horizon::{CaptureSearch, OutOfBudget, plies_of};
pub use pv::PvEnd;
pub use report::{JsonScore, MoveRecord, SolveRecord, TableRecord, render_text};
pub use solver::{Mode, MoveValue, Options, Settle, Solution, Solver, Stats, solve};
pub use value::{Bounds, Score};

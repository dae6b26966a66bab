//! Puzzle files: the typed schema, stable ids, reading with located errors,
//! atomic writing and order-free merging; the census file of the Spargo
//! tablebase.
//!
//! A file is parsed once, here: the position becomes an engine position
//! ([`Position`]), moves become the games' moves and turns ([`Move`]), values,
//! the objective and the themes their types ([`Value`], [`Objective`],
//! [`Theme`]). Writing gives back the bytes the forge wrote.
//!
//! One YAML file per puzzle under `puzzles/<game>/<id>.yaml`:
//!
//! ```yaml
//! id: margo-3f09a1c2d4e5         # game and 12 hex digits of the content hash
//! game: margo                    # spargo | margo | margrites
//! question: Black to play and win.
//! objective: win                 # Margo/Spargo: win | best-margin | capture:K | save
//!                                # Margrites: win-within | score:K | capture:K | trap
//! turns: 2                       # Margrites, capture:K and save only: the turns allowed
//! position:                      # Margo/Spargo (Margrites: options, black, white, score, to-move)
//!   rules: margo size=5 swap=off
//!   black: a1 b2 c3
//!   white: b1 c2
//!   zombies: c2                  # optional
//!   ko: d4                       # optional
//!   to-move: black
//! key: c1                        # the unique best first move (turn)
//! game-value: win by 3           # the key's worth in the whole game
//!                                # (win/draw/loss [by N], or unknown)
//! values:                        # every legal first move and its exact value
//!                                # (capture:K: the pieces it forces off the board;
//!                                # save: the mover's pieces the opponent then forces off)
//! - {move: c1, value: '+3'}
//! - {move: d1, value: '-1'}
//! first-turns: 912               # Margrites: distinct first turns examined
//! solution:                      # every defence to the end or to a proven value
//!   move: c1
//!   only: true
//!   replies:
//!   - move: d1
//!     answer: {move: e1, only: true, end: 'game over: black wins by 3'}
//! tries:                         # tempting wrong first moves, refuted
//! - {move: d1, tempting: captures 2, value: '-1', refutation: [d2, e1]}
//! other-to-move:                 # optional, Margo/Spargo win puzzles only:
//!   why: White can capture 2 pieces at once   # "who wins, whoever moves next?"
//!   value: loss                  # the opponent to move loses as well
//!   line: [d1, e1, b3]           # its most tempting move, then a best line
//! minimality: {minimal: true}    # true, false (a piece is unnecessary) or unknown
//! themes: [surround-capture]
//! difficulty: {band: 3, found-by: nobody, tree: 5, length: 3, tries: 2}
//! provenance:                    # not part of the content hash
//!   generator: cannonball 0.1.0
//!   source: selfplay greedy-vs-random 5x5 game 17 ply 33
//!   seed: 1
//!   candidate: 17
//!   solver-nodes: 123456
//!   budget: 200000               # optional: nodes per position, when above
//!                                # the default; verify re-proves with it
//! ```
//!
//! Everything but `provenance` follows from the game, the objective, the turns
//! and the position; `cannonball verify` recomputes it and reports every field
//! that differs.
//!
//! Each puzzle also has a stable number per game ("Spargo 12"), its place in
//! the registry `puzzles/numbers.yaml` ([`Numbers`]): new ids are appended,
//! none is ever removed or reused.

mod census;
mod grade;
mod id;
mod likeness;
mod load;
pub mod margo;
pub mod margrites;
mod model;
mod numbers;
mod position;
mod raw;
mod theme;
mod value;

pub use crate::solve::Objective;
pub use cannonball_rules::Game;
pub use census::{Census, CensusError};
pub use grade::{Band, Difficulty, Finder, GameValue, Minimal, Minimality};
pub use id::puzzle_id;
pub use likeness::{Likeness, MOTIF_CAP, MOTIF_SHARE};
pub use load::{PuzzleError, Written, files, io, parse, read, read_all, to_text, write};
pub use margrites::{Turn, TurnError, TurnStep};
pub use model::{Line, MoveValue, OtherToMove, Provenance, Puzzle, Reply, Try};
pub use numbers::{NUMBERS_FILE, Numbers, NumbersError};
pub use position::{
    MargoPosition, MargritesPosition, Move, MoveError, Position, PositionError, PositionSpec,
};
pub use theme::{Theme, UnknownTheme};
pub use value::{Value, ValueError};

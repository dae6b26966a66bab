//! The verified book: an mdBook whose figures are checked against the engines at
//! build time.
//!
//! - [`preprocessor`]: the `cannonball` mdBook preprocessor: replaces each
//!   figure (a fenced `margo`/`spargo`/`margrites` block, or `{{#figure PATH}}`)
//!   by its checked drawing, and expands `{{#pyramid-table FROM TO}}` and
//!   `{{#margrites-game NAME}}` and `{{#annotated-game PATH}}` ([`annotated`])
//!   through the templates.
//! - [`pages`]: the tera templates (`templates/*.tera`), loaded once.
//! - [`build`](mod@build): the in-process build into the book's build folder.
//!
//! A figure whose claim is false, a figure that cannot be read, or a directive
//! that cannot be expanded fails the build; every such failure of the whole book
//! is reported, as `FILE:LINE: ...`.

pub mod annotated;
pub mod booklet;
pub mod build;
pub mod errata;
pub mod expand;
pub mod files;
pub mod game;
pub mod pages;
pub mod play;
pub mod play_margrites;
pub mod preprocessor;
pub mod proofs;
pub mod puzzles;
pub mod pyramid;
pub mod solution_line;
pub mod term_index;
pub mod verdict;

use std::path::PathBuf;
use std::sync::Arc;

use thiserror::Error;

use crate::figure::Failures;

pub use build::{BuildOptions, BuildReport, build};
pub use pages::{Pages, PagesError};
pub use preprocessor::{Cannonball, Overrides, Settings};
pub use proofs::Prover;

/// Page-level CSS for figures and game pages (the diagrams' own look is
/// [`crate::render::STYLESHEET`]).
pub const FIGURE_CSS: &str = "\
figure.cannonball-figure { margin: 1.5em auto; text-align: center; }
figure.cannonball-figure svg { max-width: 100%; height: auto; }
figure.cannonball-figure figcaption { margin-top: 0.4em; font-size: 0.95em; text-align: left; }
.cannonball-game figure.cannonball-figure { margin: 0.8em auto; }
.cannonball-game table { font-size: 0.92em; }
.cannonball-game td { white-space: nowrap; }
.cannonball-game table.cb-errata td { white-space: normal; vertical-align: top; }
.cannonball-game table.cb-errata { table-layout: fixed; width: 100%; }
.cannonball-game table.cb-errata th:nth-child(1) { width: 5.5em; }
.cannonball-game table.cb-errata th:nth-child(2), .cannonball-game table.cb-errata th:nth-child(3) { width: 17%; }
.cannonball-game table.cb-errata .cb-what { font-size: 0.9em; opacity: 0.8; }
@media (max-width: 40em) {
  .cannonball-game table.cb-errata, .cannonball-game table.cb-errata tbody, .cannonball-game table.cb-errata tr, .cannonball-game table.cb-errata td { display: block; width: auto; min-width: 0; border: none; }
  .cannonball-game table.cb-errata thead { display: none; }
  .cannonball-game table.cb-errata tr { border-top: 1px solid #ccc; padding: 0.4em 0; }
  .cannonball-game table.cb-errata td { padding: 0.1em 0; }
  .cannonball-game table.cb-errata td[data-label]::before { content: attr(data-label) \": \"; font-weight: 600; }
}
.cannonball-game .cb-corrected { font-size: 0.92em; }
.cannonball-game table.cb-annotated th, .cannonball-game table.cb-annotated td { padding: 0.25em 0.55em; }
.cannonball-game table.cb-annotated td:nth-child(6), .cannonball-game table.cb-annotated td:nth-child(7) { white-space: normal; min-width: 6em; }
.cannonball-game table.cb-annotated td:nth-child(1), .cannonball-game table.cb-annotated td:nth-child(8) { text-align: right; }
.cannonball-game table.cb-annotated td:nth-child(4) { text-align: center; }
@media (max-width: 40em) {
  .cannonball-game table.cb-annotated, .cannonball-game table.cb-annotated tbody { display: block; width: auto; }
  .cannonball-game table.cb-annotated thead { display: none; }
  .cannonball-game table.cb-annotated tr { display: grid; grid-template-columns: 2.4em 3.4em 1fr 2.2em 3.6em; border-top: 1px solid #ccc; padding: 0.2em 0; }
  .cannonball-game table.cb-annotated td { border: none; padding: 0.05em 0.3em; white-space: normal; min-width: 0; }
  .cannonball-game table.cb-annotated td:nth-child(8) { grid-column: 5; grid-row: 1; }
  .cannonball-game table.cb-annotated td:nth-child(5), .cannonball-game table.cb-annotated td:nth-child(6), .cannonball-game table.cb-annotated td:nth-child(7) { grid-column: 2 / -1; }
  .cannonball-game table.cb-annotated td:empty { display: none; }
  .cannonball-game table.cb-annotated td[data-label]::before { content: attr(data-label) \": \"; font-weight: 600; }
}
";

/// Page-level CSS for the puzzle pages' player (`theme/puzzle.js`) and the
/// puzzle lists' filters.
pub const PLAYER_CSS: &str = "\
.cb-nav { font-size: 0.95em; }
.chapter ol.section ol.section strong[aria-hidden] { display: none; }
.cb-play { margin: 1em 0 1.5em; }
.cb-play:focus { outline: none; }
.cb-play-board { max-width: 36em; margin: 0.5em auto; touch-action: manipulation; }
.cb-play-board svg { display: block; width: 100%; height: auto; }
.cb-play-board .cb-hot { fill: #fff; fill-opacity: 0; stroke: none; cursor: pointer; }
.cb-play-board .cb-hot:hover, .cb-play-board .cb-hot:focus { fill: #1565c0; fill-opacity: 0.35; stroke: #0d47a1; stroke-width: 0.05; outline: none; }
.cb-play-board .cb-movable { fill: #1565c0; fill-opacity: 0.12; stroke: #0d47a1; stroke-width: 0.05; stroke-dasharray: 0.12 0.09; }
.cb-play-board .cb-picked { fill: #f9a825; fill-opacity: 0.2; }
.cb-play-board circle.cb-sel { stroke: #f9a825; stroke-width: 0.1; }
.cb-play-board .cb-dot { fill: #1565c0; fill-opacity: 0.6; pointer-events: none; }
.cb-play-board .cb-path { stroke: #1565c0; stroke-width: 0.09; stroke-linecap: round; stroke-opacity: 0.55; }
.cb-stepbar { margin: 0.4em 0; min-height: 2.4em; }
.cb-stepbar .cb-made { margin-right: 0.6em; }
.cb-status { font-weight: 600; margin: 0.3em 0; }
.cb-message { min-height: 1.6em; margin: 0.5em 0; padding: 0.3em 0.6em; border-left: 4px solid transparent; }
.cb-message.cb-good { border-color: #2e7d32; }
.cb-message.cb-wrong { border-color: #c62828; }
.cb-message.cb-hint { border-color: #f9a825; }
.cb-entry, .cb-controls, .cb-others { margin: 0.5em 0; }
.cb-entry input { font: inherit; padding: 0.2em 0.4em; margin-right: 0.4em; }
.cb-button { font: inherit; margin: 0.2em 0.4em 0.2em 0; padding: 0.35em 0.8em; min-height: 2.4em; border-radius: 4px; border: 1px solid #8a7d66; background: transparent; color: inherit; cursor: pointer; }
.cb-button.cb-small { min-height: 2em; padding: 0.2em 0.6em; }
.cb-button.cb-primary { border-width: 2px; font-weight: 600; }
.cb-moves { margin: 0.5em 0; padding-left: 2.2em; }
.cb-moves .cb-move strong { font-weight: 600; }
.cb-progress { font-size: 0.9em; opacity: 0.85; }
.cb-filters { margin: 0.8em 0; }
.cb-filters label { margin-right: 1em; white-space: nowrap; }
.cb-filters select { font: inherit; }
.cb-puzzle-list { width: 100%; }
.cb-puzzle-list td.cb-state { font-size: 0.9em; opacity: 0.8; }
.cb-static figure.cannonball-figure svg, .cb-solution figure.cannonball-figure svg, .cb-booklet figure.cannonball-figure svg { width: 100%; max-width: 24em; }
.cb-booklet { display: grid; grid-template-columns: repeat(auto-fill, minmax(15em, 1fr)); gap: 0 1.5em; }
.cb-booklet figure.cannonball-figure { margin: 1em 0; break-inside: avoid; }
@media print { .cb-play, .cb-filters { display: none !important; } .cb-static[hidden] { display: block !important; } .cb-answers { break-before: page; } .cb-booklet { grid-template-columns: repeat(3, 1fr); } }
";

/// The book's stylesheet (`theme/cannonball.css`): the diagrams' stylesheet,
/// then [`FIGURE_CSS`] and [`PLAYER_CSS`].
#[must_use]
pub fn stylesheet() -> String {
    format!(
        "/* Written by `cannonball`: the diagrams' stylesheet, the figures' layout and the puzzle player. */\n{}\n{FIGURE_CSS}{PLAYER_CSS}",
        crate::render::STYLESHEET.trim_end()
    )
}

/// A progress report while the book is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// This many figures are to be checked.
    Figures(usize),
    /// One figure is done (found in the cache or checked).
    Figure {
        /// Whether it came from the cache.
        cached: bool,
    },
    /// This many puzzles are to be re-proved.
    Puzzles(usize),
    /// One puzzle is done (its proof found in the cache or made).
    Puzzle {
        /// Whether its proof came from the cache.
        cached: bool,
    },
}

/// Where progress reports go (called from any thread).
pub type Progress = Arc<dyn Fn(Event) + Send + Sync>;

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Chapters expanded.
    pub chapters: usize,
    /// Figures put in the book.
    pub figures: usize,
    /// Of those, taken from the cache.
    pub cached: usize,
    /// Claims checked (not counting cached figures).
    pub claims: usize,
    /// Directives expanded.
    pub directives: usize,
    /// Of those, taken from the cache.
    pub cached_directives: usize,
    /// Puzzles re-proved (not counting proofs from the cache).
    pub proved: usize,
}

/// Why the book could not be built.
#[derive(Debug, Error)]
pub enum BookError {
    /// Figures or directives failed; every failure is listed.
    #[error("{0}")]
    Failures(Failures),
    /// The templates cannot be used.
    #[error(transparent)]
    Pages(#[from] PagesError),
    /// A file or folder cannot be read or written.
    #[error("{}: {message}", path.display())]
    Io {
        /// The path.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// mdBook itself failed (loading the book, rendering).
    #[error("mdBook: {0}")]
    MdBook(String),
    /// The preprocessor's JSON input or output (command form).
    #[error("mdBook's JSON: {0}")]
    Json(String),
    /// The `[preprocessor.cannonball]` table cannot be read.
    #[error("book.toml [preprocessor.cannonball]: {0}")]
    Settings(String),
    /// The puzzle files cannot be made into pages (each bad file with its line).
    #[error("puzzles: {0}")]
    Puzzles(puzzles::PuzzlePagesError),
}

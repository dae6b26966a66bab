//! The book: the puzzle players (Margo and Margrites), the mini fixture book (and its annotated game's corrections) and the real book built in temporary folders, the preprocessor, the stylesheet, a browser check.

mod browser;
mod errata;
mod hostile;
mod mini;
mod play;
mod play_margrites;
mod preprocess;
mod real;
mod real_browser;
mod robust;
pub mod support;
mod theme;

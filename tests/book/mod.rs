//! The book: the mini fixture book and the real book built in temporary folders, the preprocessor, the stylesheet, a browser check.

mod browser;
mod hostile;
mod mini;
mod play;
mod preprocess;
mod real;
mod robust;
pub mod support;
mod theme;

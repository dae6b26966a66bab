//! SVG diagrams: golden files and properties over random positions.

mod golden;
mod margo;
mod margrites;
pub mod support;

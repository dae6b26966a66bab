//! The Margrites rules engine: every rule, the rule book's illustrations and annotated games, the JSON machine form, properties and a reference implementation.

mod games;
mod illustrations;
mod json;
mod props;
pub mod reference;
mod rules;
pub mod support;

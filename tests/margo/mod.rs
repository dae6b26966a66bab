//! The Margo/Spargo rules engine: the rulings one by one, the rule books' examples, perft counts, properties over random games, and a deliberately simple reference implementation it is compared with.

mod differential;
pub mod engine_adapter;
mod examples;
mod perft;
mod properties;
pub mod reference;
mod reference_selftest;
mod rulings;

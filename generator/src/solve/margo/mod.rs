//! Exact negamax search for Margo-family positions.

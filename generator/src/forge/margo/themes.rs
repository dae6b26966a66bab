//! The themes of a Margo puzzle, through the detectors of [`crate::forge::theme`].

use crate::forge::theme::margo::{Horizon, MargoCase, SolverOracle, margo_themes};
use cannonball_rules::margo::AnyPosition;

use super::analyse::Question;

/// Theme slugs of the puzzle `q` on `pos`, with `nodes` per oracle question.
#[must_use]
pub fn of(pos: &AnyPosition, q: &Question, nodes: u64) -> Vec<String> {
    let case = MargoCase {
        position: pos,
        key: q.key,
        values: &q.values,
        line: &q.line,
        horizon: None,
    };
    margo_themes(&case, &SolverOracle { nodes })
        .into_iter()
        .map(|t| t.slug().to_owned())
        .collect()
}

/// Theme slugs of the horizon puzzle `q` on `pos`.
#[must_use]
pub fn of_horizon(pos: &AnyPosition, q: &Question, horizon: Horizon, nodes: u64) -> Vec<String> {
    let case = MargoCase {
        position: pos,
        key: q.key,
        values: &q.values,
        line: &q.line,
        horizon: Some(horizon),
    };
    margo_themes(&case, &SolverOracle { nodes })
        .into_iter()
        .map(|t| t.slug().to_owned())
        .collect()
}

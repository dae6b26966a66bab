//! The themes of a Margo puzzle, through the detectors of [`crate::forge::theme`].

use crate::margo::AnyPosition;

use super::analyse::Question;
use super::solving::Exact;

/// Theme slugs of the puzzle `q` on `pos`.
pub fn of(_pos: &AnyPosition, _q: &Question, _exact: &mut Exact) -> Vec<String> {
    Vec::new()
}

//! The `{{#pyramid-table FROM TO}}` directive: points per level and in total for
//! each board size, counted from the engine's geometry.

use serde::Serialize;
use thiserror::Error;

use cannonball_rules::margo::{Geometry, MAX_SIZE, MIN_SIZE, SizeError};

/// Arguments of the directive that cannot be used.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PyramidError {
    /// The sizes are in the wrong order.
    #[error("sizes {0} to {1}: the first is larger")]
    Order(usize, usize),
    /// A size the engine does not support.
    #[error(transparent)]
    Size(SizeError),
    /// A word that is not a size.
    #[error("`{0}` is not a board size")]
    NotASize(String),
    /// Too many words.
    #[error("expected `{{{{#pyramid-table FROM TO}}}}`")]
    Usage,
}

/// One board size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PyramidRow {
    /// The board size `n`.
    pub size: usize,
    /// Points of each level, from the board up.
    pub levels: Vec<usize>,
    /// Points in all.
    pub total: usize,
}

/// The rows for sizes `from..=to`, counted by walking each size's geometry.
///
/// # Errors
/// A size outside the engine's range, or `from > to`.
pub fn rows(from: usize, to: usize) -> Result<Vec<PyramidRow>, PyramidError> {
    if from > to {
        return Err(PyramidError::Order(from, to));
    }
    (from..=to)
        .map(|n| {
            let geo = Geometry::of(n).map_err(PyramidError::Size)?;
            let mut levels = Vec::new();
            let mut level = 0;
            loop {
                let count = geo.level_points(level).count();
                if count == 0 {
                    break;
                }
                levels.push(count);
                level += 1;
            }
            Ok(PyramidRow {
                size: n,
                total: geo.points().count(),
                levels,
            })
        })
        .collect()
}

/// Reads the directive's arguments: none (3 to 19), one size, or two.
///
/// # Errors
/// Words that are not sizes.
pub fn parse_args(args: &[String]) -> Result<(usize, usize), PyramidError> {
    let size = |s: &String| {
        s.parse::<usize>()
            .map_err(|_| PyramidError::NotASize(s.clone()))
    };
    match args {
        [] => Ok((MIN_SIZE, MAX_SIZE)),
        [n] => size(n).map(|n| (n, n)),
        [a, b] => Ok((size(a)?, size(b)?)),
        _ => Err(PyramidError::Usage),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_come_from_the_geometry() {
        let r = rows(3, 4).unwrap();
        assert_eq!(
            r[0],
            PyramidRow {
                size: 3,
                levels: vec![9, 4, 1],
                total: 14
            }
        );
        assert_eq!(r[1].total, 30);
        assert!(rows(2, 4).is_err());
        assert!(rows(5, 4).is_err());
        assert_eq!(parse_args(&["4".into(), "7".into()]), Ok((4, 7)));
        assert_eq!(
            parse_args(&["x".into()]).unwrap_err().to_string(),
            "`x` is not a board size"
        );
        assert_eq!(
            parse_args(&["1".into(), "2".into(), "3".into()])
                .unwrap_err()
                .to_string(),
            "expected `{{#pyramid-table FROM TO}}`"
        );
        assert_eq!(
            rows(5, 4).unwrap_err().to_string(),
            "sizes 5 to 4: the first is larger"
        );
        assert_eq!(
            rows(2, 4).unwrap_err().to_string(),
            "board size 2 is not supported (sizes 3 to 19)"
        );
    }
}

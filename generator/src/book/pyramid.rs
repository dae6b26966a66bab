//! The `{{#pyramid-table FROM TO}}` directive: points per level and in total for
//! each board size, counted from the engine's geometry.

use serde::Serialize;

use cannonball_rules::margo::{Geometry, MAX_SIZE, MIN_SIZE};

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
pub fn rows(from: usize, to: usize) -> Result<Vec<PyramidRow>, String> {
    if from > to {
        return Err(format!("sizes {from} to {to}: the first is larger"));
    }
    (from..=to)
        .map(|n| {
            let geo =
                Geometry::of(n).map_err(|e| format!("{e} (sizes {MIN_SIZE} to {MAX_SIZE})"))?;
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
pub fn parse_args(args: &[String]) -> Result<(usize, usize), String> {
    let size = |s: &String| {
        s.parse::<usize>()
            .map_err(|_| format!("`{s}` is not a board size"))
    };
    match args {
        [] => Ok((MIN_SIZE, MAX_SIZE)),
        [n] => size(n).map(|n| (n, n)),
        [a, b] => Ok((size(a)?, size(b)?)),
        _ => Err("expected `{{#pyramid-table FROM TO}}`".into()),
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
        assert!(parse_args(&["x".into()]).is_err());
    }
}

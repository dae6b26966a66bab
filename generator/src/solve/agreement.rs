//! The two Spargo solvers checked against each other.
//!
//! The tablebase ([`spargo`]) values every reachable position by retrograde
//! analysis; the exact solver ([`margo`]) values one position at a time by
//! search. They share only the rules engine, so agreement on many positions is
//! strong evidence that both are right. For each position checked, the solver's
//! value and the value of every legal move are compared with the tablebase's
//! margins. A solver answer cut short by its budget is counted as unknown when
//! its proven bounds still contain the tablebase's value, and as a disagreement
//! when they do not.

use super::SolveError;
use super::margo::{Bounds, Options, Progress, Score, Solver};
use super::spargo::{Tablebase, TablebaseError};
use cannonball_rules::margo::{AnyPosition, notation};
use cannonball_rules::rng::Rng;

/// One position where the solvers differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Disagreement {
    /// The position's number in the tablebase.
    pub rank: u32,
    /// The position in setup text form.
    pub setup: String,
    /// The move whose value differs (`None`: the position's own value).
    pub mv: Option<String>,
    /// The tablebase's margin for the mover (of the position or of the move;
    /// `None` when the tablebase has no such move).
    pub tablebase: Option<i8>,
    /// What the solver proved.
    pub solver: Bounds,
}

/// What a check found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    /// Positions checked.
    pub positions: usize,
    /// Position values and move values compared and equal.
    pub agreed: usize,
    /// Values the solver could not settle within its budget (bounds consistent
    /// with the tablebase).
    pub unknown: usize,
    /// Values that differ.
    pub disagreements: Vec<Disagreement>,
    /// Solver nodes searched in all.
    pub nodes: u64,
}

/// The check could not run.
#[derive(Debug, thiserror::Error)]
pub enum AgreementError {
    /// The solver refused the position.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// A child of a tablebase position is missing from the tablebase.
    #[error(transparent)]
    Tablebase(#[from] TablebaseError),
}

/// `samples` distinct position numbers of `tb`, drawn by a seeded generator
/// (all of them when the tablebase is not larger), in increasing order.
#[must_use]
pub fn sample_ranks(tb: &Tablebase, samples: usize, seed: u64) -> Vec<u32> {
    let n = tb.len();
    if samples >= n {
        return (0..n as u32).collect();
    }
    let mut rng = Rng::seed_from(seed);
    let mut picked = std::collections::BTreeSet::new();
    while picked.len() < samples {
        picked.insert(rng.index(n) as u32);
    }
    picked.into_iter().collect()
}

/// Compares the solver with the tablebase on the positions numbered `ranks`:
/// each position's value and the value of each of its legal moves. `each` is
/// called after every position (for progress).
///
/// # Errors
/// [`AgreementError`] when the solver refuses the rules or the tablebase is
/// not closed under moves.
pub fn check(
    tb: &Tablebase,
    ranks: &[u32],
    options: &Options,
    mut each: impl FnMut(usize),
) -> Result<Agreement, AgreementError> {
    let mut solver = Solver::new(options.clone());
    let mut out = Agreement::default();
    for (done, &rank) in ranks.iter().enumerate() {
        let pos = tb.position(rank);
        let any = AnyPosition::Small(pos.clone());
        let sol = solver.solve(&any, &Progress::default())?;
        out.positions += 1;
        out.nodes += sol.stats.nodes;
        let geo = pos.geometry();
        let values = tb.move_values(&pos)?;
        // (move, tablebase margin, solver bounds) for the position and each move.
        let mut pairs = vec![(None, Some(tb.entry(rank).margin), sol.bounds)];
        for mv in &sol.moves {
            let e = values
                .iter()
                .find(|(m, _)| *m == mv.mv)
                .map(|(_, e)| e.margin);
            pairs.push((Some(notation::human(geo, mv.mv)), e, mv.bounds));
        }
        if values.len() != sol.moves.len() {
            let what = format!(
                "{} legal moves in the tablebase, {} in the solver",
                values.len(),
                sol.moves.len()
            );
            pairs.push((Some(what), None, sol.bounds));
        }
        for (mv, margin, bounds) in pairs {
            let truth = margin.map(|m| Score::margin(i32::from(m)));
            match truth {
                Some(t) if bounds.value() == Some(t) => out.agreed += 1,
                Some(t) if bounds.value().is_none() && bounds.lower <= t && t <= bounds.upper => {
                    out.unknown += 1;
                }
                _ => out.disagreements.push(Disagreement {
                    rank,
                    setup: pos.to_setup().to_text(),
                    mv,
                    tablebase: margin,
                    solver: bounds,
                }),
            }
        }
        each(done + 1);
    }
    Ok(out)
}

//! Minimality: whether a piece can be taken away without changing the answer,
//! and the forge's pass that takes such pieces away.
//!
//! A piece can be taken away when nothing rests on it and the position without
//! it is legal (every group keeps freedom or is a pinned zombie group). The
//! answer is unchanged when the same objective has the same unique key and,
//! for a puzzle that asks who wins whoever moves next, that still holds.

use crate::puzzle::{Minimal, Minimality, Objective};
use cannonball_rules::margo::{AnyPosition, Coords, Point};

use super::ForgeError;
use super::analyse::{Question, question_like};
use super::solving::Exact;
use super::verdict::other_side;

/// The position without the piece on `p`, when that is a legal position.
#[must_use]
pub fn without(pos: &AnyPosition, p: Point) -> Option<AnyPosition> {
    let geo = pos.geometry();
    if pos.color_at(p).is_none()
        || geo
            .rested_on_by(p)
            .iter()
            .any(|&q| pos.color_at(q).is_some())
    {
        return None;
    }
    let c: Coords = geo.coords(p);
    let mut setup = pos.to_setup();
    setup.pieces.retain(|(q, _)| *q != c);
    setup.zombies.retain(|q| *q != c);
    setup.ko_point = None;
    AnyPosition::from_setup(&setup).ok()
}

/// Pieces that can be taken away, in point order.
#[must_use]
pub fn removable(pos: &AnyPosition) -> Vec<(Point, AnyPosition)> {
    pos.occupied()
        .into_iter()
        .filter_map(|p| without(pos, p).map(|q| (p, q)))
        .collect()
}

/// Whether `b` asks the same objective with the same key as `a`.
pub(super) fn same_answer(a: &Question, b: Option<&Question>) -> bool {
    b.is_some_and(|b| b.objective == a.objective && b.key == a.key)
}

/// Whether `smaller` keeps the answer `q` of a bigger position: the same
/// objective and key and, with `verdict`, the opponent to move losing too.
fn keeps_answer(
    smaller: &AnyPosition,
    q: &Question,
    verdict: bool,
    exact: &mut Exact,
) -> Result<bool, ForgeError> {
    Ok(
        same_answer(q, question_like(smaller, exact, q.objective)?.as_ref())
            && (!verdict || other_side(smaller, exact)?.is_some()),
    )
}

/// What the minimality check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// Pieces whose removal keeps the answer.
    pub superfluous: Vec<String>,
    /// Pieces whose removal the solver could not settle.
    pub unsettled: Vec<String>,
}

impl Check {
    /// The file's record of the check; `prover` names what could not settle
    /// a position (`solver`, `search`).
    #[must_use]
    pub fn minimality(&self, prover: &str) -> Minimality {
        Minimality {
            minimal: if !self.superfluous.is_empty() {
                Minimal::No
            } else if !self.unsettled.is_empty() {
                Minimal::Unknown
            } else {
                Minimal::Yes
            },
            note: if !self.superfluous.is_empty() {
                format!("the answer stays without {}", self.superfluous.join(", "))
            } else if !self.unsettled.is_empty() {
                format!(
                    "without {} the {prover} could not settle the position within its budget",
                    self.unsettled.join(", ")
                )
            } else {
                String::new()
            },
        }
    }
}

/// Checks every removable piece of `pos`, whose answer is `q` (and, with
/// `verdict`, who wins whoever moves next).
///
/// # Errors
/// The solver cannot run.
pub fn check(
    pos: &AnyPosition,
    q: &Question,
    verdict: bool,
    exact: &mut Exact,
) -> Result<Check, ForgeError> {
    let geo = pos.geometry();
    let mut out = Check {
        superfluous: Vec::new(),
        unsettled: Vec::new(),
    };
    for (p, smaller) in removable(pos) {
        let name = geo.coords(p).to_string();
        if smaller.legal_moves().len() < super::analyse::MIN_MOVES {
            continue;
        }
        // A win question keeps its answer only if the key is still the one
        // winning move: asked alone, that is often settled long before every
        // move is, and when it fails the piece is needed.
        if q.objective == Objective::Win {
            match exact.unique_win(&smaller, q.key)? {
                Some(false) => continue,
                None => {
                    out.unsettled.push(name);
                    continue;
                }
                Some(true) => {}
            }
        }
        match exact.solve(&smaller, super::analyse::mode_of(q.objective))? {
            None => out.unsettled.push(name),
            Some(_) => {
                if keeps_answer(&smaller, q, verdict, exact)? {
                    out.superfluous.push(name);
                }
            }
        }
    }
    Ok(out)
}

/// Takes away pieces one at a time, first in point order, while the answer
/// (with `verdict`, who wins whoever moves next as well) stays the same (at
/// most `rounds` pieces).
///
/// # Errors
/// The solver cannot run.
pub fn minimise(
    pos: &AnyPosition,
    q: &Question,
    verdict: bool,
    exact: &mut Exact,
    rounds: usize,
) -> Result<AnyPosition, ForgeError> {
    let mut cur = pos.clone();
    'outer: for _ in 0..rounds {
        for (_, smaller) in removable(&cur) {
            if smaller.legal_moves().len() < super::analyse::MIN_MOVES {
                continue;
            }
            // The key proven not the one winning move: the piece stays,
            // without settling every move.
            if q.objective == Objective::Win && exact.unique_win(&smaller, q.key)? == Some(false) {
                continue;
            }
            if keeps_answer(&smaller, q, verdict, exact)? {
                cur = smaller;
                continue 'outer;
            }
        }
        break;
    }
    Ok(cur)
}

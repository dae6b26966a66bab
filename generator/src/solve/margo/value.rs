//! Game values: scores from the point of view of the player to move, proven
//! bounds on them, and the win/draw/loss class.

use std::fmt;
use std::ops::Neg;

use cannonball_rules::margo::Rules;

use crate::solve::Wld;

/// The value of a position for the player to move under best play by both
/// sides: the final margin (the mover's pieces on the board minus the
/// opponent's, buried and zombie pieces included), or under `single_capture` a
/// win or loss by capture, which ranks above and below every margin.
///
/// Infinite play (a cycle both players keep repeating) is worth a margin of 0.
///
/// ```
/// use cannonball::solve::Wld;
/// use cannonball::solve::margo::Score;
/// let s = Score::margin(3);
/// assert_eq!(s.wld(), Wld::Win);
/// assert_eq!((-s).margin_value(), Some(-3));
/// assert!(Score::CAPTURE_WIN > Score::margin(2470));
/// assert_eq!(Score::CAPTURE_LOSS.margin_value(), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Score(i16);

/// Margins never exceed the number of points of the largest board (2470); a
/// capture win is worth more than any of them.
const CAPTURE: i16 = 10_000;

impl Score {
    /// A win by the first capture of a live enemy piece (`single_capture`).
    pub const CAPTURE_WIN: Score = Score(CAPTURE);
    /// A loss by the opponent's capture (`single_capture`).
    pub const CAPTURE_LOSS: Score = Score(-CAPTURE);
    /// Equal scores, or infinite play.
    pub const DRAW: Score = Score(0);

    /// A final margin (clamped to ±2470, more than any board holds).
    #[must_use]
    pub const fn margin(m: i32) -> Score {
        let m = if m > 2470 {
            2470
        } else if m < -2470 {
            -2470
        } else {
            m
        };
        Score(m as i16)
    }

    /// The margin, or `None` for a win or loss by capture.
    #[must_use]
    pub const fn margin_value(self) -> Option<i32> {
        if self.is_capture() {
            None
        } else {
            Some(self.0 as i32)
        }
    }

    /// Whether this is a win or loss by capture.
    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.0 == CAPTURE || self.0 == -CAPTURE
    }

    /// Win if positive, loss if negative, draw if zero.
    #[must_use]
    pub const fn wld(self) -> Wld {
        if self.0 > 0 {
            Wld::Win
        } else if self.0 < 0 {
            Wld::Loss
        } else {
            Wld::Draw
        }
    }

    /// The score as one integer (margins as they are, captures as ±10000), the
    /// order the search works in.
    #[must_use]
    pub const fn raw(self) -> i32 {
        self.0 as i32
    }

    /// The score from [`Score::raw`] (anything beyond the margins counts as a
    /// capture win or loss).
    #[must_use]
    pub const fn from_raw(v: i32) -> Score {
        if v >= CAPTURE as i32 {
            Score::CAPTURE_WIN
        } else if v <= -(CAPTURE as i32) {
            Score::CAPTURE_LOSS
        } else {
            Score::margin(v)
        }
    }

    /// The lowest score possible under `rules`.
    #[must_use]
    pub fn floor(rules: &Rules) -> Score {
        if rules.single_capture {
            Score::CAPTURE_LOSS
        } else {
            Score::margin(-(rules_points(rules) as i32))
        }
    }

    /// The highest score possible under `rules`.
    #[must_use]
    pub fn ceiling(rules: &Rules) -> Score {
        -Score::floor(rules)
    }
}

fn rules_points(rules: &Rules) -> usize {
    cannonball_rules::margo::pyramid_points(rules.size())
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            CAPTURE => f.write_str("capture win"),
            x if x == -CAPTURE => f.write_str("capture loss"),
            0 => f.write_str("0"),
            x => write!(f, "{x:+}"),
        }
    }
}

/// What is proven about a value: `lower <= value <= upper`. Equal ends give the
/// exact value; the widest bounds of the rules mean nothing is known.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bounds {
    /// Proven lower bound.
    pub lower: Score,
    /// Proven upper bound.
    pub upper: Score,
}

impl Bounds {
    /// Nothing known beyond what the rules allow.
    #[must_use]
    pub fn unknown(rules: &Rules) -> Bounds {
        Bounds {
            lower: Score::floor(rules),
            upper: Score::ceiling(rules),
        }
    }

    /// Exactly `s`.
    #[must_use]
    pub const fn exact(s: Score) -> Bounds {
        Bounds { lower: s, upper: s }
    }

    /// The value, when the bounds meet.
    #[must_use]
    pub fn value(&self) -> Option<Score> {
        (self.lower == self.upper).then_some(self.lower)
    }

    /// Win, draw or loss, when the bounds decide it.
    #[must_use]
    pub fn wld(&self) -> Option<Wld> {
        if self.lower > Score::DRAW {
            Some(Wld::Win)
        } else if self.upper < Score::DRAW {
            Some(Wld::Loss)
        } else if self.lower == Score::DRAW && self.upper == Score::DRAW {
            Some(Wld::Draw)
        } else {
            None
        }
    }

    /// Whether the value is proven a win (`Some(true)`), proven not a win
    /// (`Some(false)`: a draw or a loss, perhaps not yet which), or neither.
    /// The one test of "does this move win?" used by the solver's early
    /// stop and by [`Solution::unique_win`](super::Solution::unique_win).
    #[must_use]
    pub fn wins(&self) -> Option<bool> {
        if self.lower > Score::DRAW {
            Some(true)
        } else if self.upper <= Score::DRAW {
            Some(false)
        } else {
            None
        }
    }

    /// Both bounds tightened by `other` (which must be proven too).
    #[must_use]
    pub fn intersect(&self, other: &Bounds) -> Bounds {
        Bounds {
            lower: self.lower.max(other.lower),
            upper: self.upper.min(other.upper),
        }
    }
}

impl Neg for Bounds {
    type Output = Bounds;
    fn neg(self) -> Bounds {
        Bounds {
            lower: -self.upper,
            upper: -self.lower,
        }
    }
}

impl fmt::Display for Bounds {
    /// `+3`, `0`, `capture win`, or `+1..+5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value() {
            Some(s) => write!(f, "{s}"),
            None => write!(f, "{}..{}", self.lower, self.upper),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cannonball_rules::margo::Preset;

    #[test]
    fn scores_order_captures_beyond_margins() {
        assert!(Score::CAPTURE_LOSS < Score::margin(-2470));
        assert!(Score::margin(-1) < Score::DRAW);
        assert_eq!(Score::from_raw(20_000), Score::CAPTURE_WIN);
        assert_eq!(Score::from_raw(-5), Score::margin(-5));
        assert_eq!(Score::margin(4).to_string(), "+4");
        assert_eq!(Score::margin(-4).to_string(), "-4");
    }

    #[test]
    fn bounds_decide_wld_only_when_they_can() {
        let rules = Preset::Spargo.rules();
        let unknown = Bounds::unknown(&rules);
        assert_eq!(unknown.lower, Score::margin(-30));
        assert_eq!(unknown.wld(), None);
        let win = Bounds {
            lower: Score::margin(1),
            upper: Score::margin(30),
        };
        assert_eq!(win.wld(), Some(Wld::Win));
        assert_eq!((-win).wld(), Some(Wld::Loss));
        assert_eq!(Bounds::exact(Score::DRAW).wld(), Some(Wld::Draw));
        assert_eq!(win.to_string(), "+1..+30");
    }

    #[test]
    fn wins_is_settled_by_a_draw_or_loss_bound_before_wld_is() {
        let b = |lo: i32, hi: i32| Bounds {
            lower: Score::margin(lo),
            upper: Score::margin(hi),
        };
        assert_eq!(b(1, 5).wins(), Some(true));
        // A draw or a loss, not yet which: not a win, though wld is open.
        assert_eq!(b(-3, 0).wld(), None);
        assert_eq!(b(-3, 0).wins(), Some(false));
        assert_eq!(b(-3, -1).wins(), Some(false));
        assert_eq!(b(0, 0).wins(), Some(false));
        assert_eq!(b(0, 2).wins(), None);
        assert_eq!(b(-2, 2).wins(), None);
    }
}

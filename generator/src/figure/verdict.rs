//! The answer to one claim.

/// What checking a claim found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The engine agrees.
    True,
    /// The engine disagrees; what it found instead (`c4 captures 3 (...)`).
    False(String),
    /// The claim cannot be read, or names what the figure lacks.
    Unreadable(String),
    /// The solver ran out of budget before deciding.
    Undecided(String),
}

impl Verdict {
    /// True when `ok`, otherwise false with `found`.
    #[must_use]
    pub fn holds(ok: bool, found: impl FnOnce() -> String) -> Verdict {
        if ok {
            Verdict::True
        } else {
            Verdict::False(found())
        }
    }
}

/// Early return of a non-true verdict from a `Result<T, Verdict>`.
macro_rules! need {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(verdict) => return verdict,
        }
    };
}
pub(crate) use need;

/// The reason words a claim may give for an illegal move, checked against the
/// engine's reason; `names` are every accepted spelling of that reason.
#[must_use]
pub fn reason_matches(written: &str, names: &[&str]) -> bool {
    let w = written.trim().trim_end_matches('.').trim();
    names.contains(&w)
}

//! What can be wrong with a figure, located in its file.

use std::fmt;

use thiserror::Error;

/// One reason a figure fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The body is not YAML of the figure schema.
    Yaml(String),
    /// A key's value cannot be used (a point off the board, an unknown option).
    Field {
        /// The key.
        key: String,
        /// What is wrong.
        message: String,
    },
    /// The position described cannot exist.
    Setup(String),
    /// A move of `moves` or a step of `steps` cannot be played.
    Move {
        /// The move as written.
        text: String,
        /// Why.
        reason: String,
    },
    /// A claim that does not fit the grammar, or names what the figure lacks.
    ClaimSyntax {
        /// The claim.
        claim: String,
        /// What is wrong.
        message: String,
    },
    /// A claim the engine finds false.
    ClaimFalse {
        /// The claim.
        claim: String,
        /// What the engine found instead.
        found: String,
    },
    /// A book directive (`{{#pyramid-table}}`, `{{#margrites-game}}`, `{{#figure}}`)
    /// that cannot be expanded.
    Directive {
        /// The directive's name.
        name: String,
        /// What is wrong.
        message: String,
    },
    /// A puzzle the book shows does not re-prove.
    Puzzle(String),
    /// A claim the solver could not decide within its budget.
    Undecided {
        /// The claim.
        claim: String,
        /// What was tried.
        detail: String,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Yaml(m) => write!(f, "not a figure: {m}"),
            Problem::Field { key, message } => write!(f, "`{key}`: {message}"),
            Problem::Setup(m) => write!(f, "{m}"),
            Problem::Move { text, reason } => write!(f, "move `{text}` cannot be played: {reason}"),
            Problem::ClaimSyntax { claim, message } => {
                write!(f, "claim \"{claim}\": cannot read it: {message}")
            }
            Problem::ClaimFalse { claim, found } => {
                write!(f, "claim \"{claim}\": engine found {found}")
            }
            Problem::Directive { name, message } => write!(f, "{{{{#{name}}}}}: {message}"),
            Problem::Puzzle(m) => write!(f, "the puzzle does not re-prove: {m}"),
            Problem::Undecided { claim, detail } => {
                write!(f, "claim \"{claim}\": undecided within budget ({detail})")
            }
        }
    }
}

/// A problem at a line of a file: `FILE:LINE: ...`.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{file}:{line}: {problem}")]
pub struct Failure {
    /// The file, as shown.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub problem: Problem,
}

/// Every failure of a set of figures, in file and line order.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub struct Failures(pub Vec<Failure>);

impl fmt::Display for Failures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0.len();
        writeln!(
            f,
            "{n} problem{} found in the book:",
            if n == 1 { "" } else { "s" }
        )?;
        for (i, failure) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{failure}")?;
        }
        Ok(())
    }
}

//! The census of the Spargo tablebase (`puzzles/census/spargo.yaml`): how
//! many positions of the whole game make a puzzle, and how many of those show
//! each theme the tablebase can decide.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::theme::Theme;

/// Counts over every position of the tablebase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Census {
    /// The rules (`describe_rules`).
    pub rules: String,
    /// Positions, up to symmetry and colour exchange.
    pub positions: u64,
    /// Positions where the game is over.
    pub finished: u64,
    /// Positions with at least four legal moves of which exactly one wins.
    pub unique_win: u64,
    /// Of those, positions per theme (themes the tablebase can decide).
    pub themes: Vec<(Theme, u64)>,
    /// Themes that need values under other rules (passing, no ko) and are not counted.
    pub not_counted: Vec<Theme>,
}

/// A census file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {reason}")]
pub struct CensusError {
    /// The file.
    pub file: String,
    /// The system's or the parser's message.
    pub reason: String,
}

impl Census {
    /// The census at `path`, `None` when there is no such file.
    ///
    /// # Errors
    /// The file exists but cannot be read or parsed.
    pub fn read(path: &Path) -> Result<Option<Census>, CensusError> {
        if !path.exists() {
            return Ok(None);
        }
        let fail = |reason: String| CensusError {
            file: path.display().to_string(),
            reason,
        };
        let text = std::fs::read_to_string(path).map_err(|e| fail(e.to_string()))?;
        serde_norway::from_str(&text)
            .map(Some)
            .map_err(|e| fail(e.to_string()))
    }

    /// The census as its file holds it.
    ///
    /// # Errors
    /// The serializer's message (never for a census).
    pub fn to_text(&self) -> Result<String, serde_norway::Error> {
        serde_norway::to_string(self)
    }
}

//! The census of the Spargo tablebase (`puzzles/census/spargo.yaml`): how
//! many positions of the whole game make a puzzle, and how many of those show
//! each theme the tablebase can decide.
//!
//! Counting takes the whole tablebase (about half an hour), so the file cannot
//! be recounted on every check. It is trusted only as far as it can be
//! checked:
//! - it ends with a `checksum:` line, the FNV-1a hash of every byte before
//!   it, written by the census run: a count edited by hand no longer matches;
//! - its counts must agree with each other (no part larger than its whole,
//!   every theme of the game named once, counted or not);
//! - `tablebase:` records the checksum of the tablebase file it was counted
//!   from, and `verify --tablebase FILE` recounts it from that file.
//!
//! ```
//! use cannonball::puzzle::Census;
//! let c = Census { positions: 10, finished: 2, unique_win: 3, ..Census::example() };
//! let text = c.to_text().unwrap();
//! assert_eq!(Census::parse(&text, "spargo.yaml").unwrap(), c);
//! let forged = text.replace("unique-win: 3", "unique-win: 4");
//! assert!(Census::parse(&forged, "spargo.yaml").unwrap_err().to_string().contains("checksum"));
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::theme::Theme;
use crate::fnv::fnv1a;
use crate::yaml::top_key_line;

/// Counts over every position of the tablebase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
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
    /// The checksum of the tablebase file counted (`0x` and 16 hex digits),
    /// when the census was made from a file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tablebase: Option<String>,
}

/// A census file that cannot be read or does not hold together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {reason}")]
pub struct CensusError {
    /// The file, with the line when one is to blame (`FILE:LINE`).
    pub file: String,
    /// The system's or the parser's message, or the inconsistency.
    pub reason: String,
}

/// The key of the census file's last line.
const CHECKSUM: &str = "checksum";

impl Census {
    /// The census at `path`, `None` when there is no such file.
    ///
    /// # Errors
    /// The file exists but cannot be read, does not parse, or fails a check
    /// (see [`Census::parse`]).
    pub fn read(path: &Path) -> Result<Option<Census>, CensusError> {
        if !path.exists() {
            return Ok(None);
        }
        let file = path.display().to_string();
        let text = crate::input::read_text(path).map_err(|e| CensusError {
            file: file.clone(),
            reason: e.reason,
        })?;
        Census::parse(&text, &file).map(Some)
    }

    /// Reads a census file's text: its checksum line must match the bytes
    /// before it, the text must be exactly what [`Census::to_text`] writes,
    /// and the counts must agree with each other.
    ///
    /// # Errors
    /// The first problem, at its line of `file`.
    pub fn parse(text: &str, file: &str) -> Result<Census, CensusError> {
        let at = |key: &str, reason: String| CensusError {
            file: match top_key_line(text, key) {
                Some(line) => format!("{file}:{line}"),
                None => file.to_owned(),
            },
            reason,
        };
        let Some((body, stored)) = split_checksum(text) else {
            return Err(at(
                CHECKSUM,
                "the census has no `checksum:` last line: it was not written by a census run \
                 (`forge --game spargo --tablebase FILE --census`)"
                    .into(),
            ));
        };
        if stored != checksum(body) {
            return Err(at(
                CHECKSUM,
                format!(
                    "the checksum {stored} does not match the counts above it ({}): the file \
                     was changed after the census run; recount it",
                    checksum(body)
                ),
            ));
        }
        let census: Census = serde_norway::from_str(body).map_err(|e| CensusError {
            file: file.to_owned(),
            reason: e.to_string(),
        })?;
        if census.body() != body {
            return Err(at(
                "rules",
                "not laid out as a census run writes it (order, spelling or spacing differ)".into(),
            ));
        }
        match census.problems().into_iter().next() {
            Some((key, reason)) => Err(at(key, reason)),
            None => Ok(census),
        }
    }

    /// The census as its file holds it: the counts, then the checksum line.
    ///
    /// # Errors
    /// The serializer's message (never for a census).
    pub fn to_text(&self) -> Result<String, serde_norway::Error> {
        let body = serde_norway::to_string(self)?;
        Ok(format!("{body}{CHECKSUM}: {}\n", checksum(&body)))
    }

    fn body(&self) -> String {
        serde_norway::to_string(self).unwrap_or_default()
    }

    /// Where the counts do not agree with each other: each problem with the
    /// key whose line is to blame.
    #[must_use]
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if self.finished + self.unique_win > self.positions {
            out.push((
                "unique-win",
                format!(
                    "{} finished and {} unique-win positions are more than the {} positions \
                     (a finished position has no winning move)",
                    self.finished, self.unique_win, self.positions
                ),
            ));
        }
        for (theme, n) in &self.themes {
            if *n > self.unique_win {
                out.push((
                    "themes",
                    format!(
                        "{theme}: {n} positions, more than the {} with a unique winning move it \
                         counts among",
                        self.unique_win
                    ),
                ));
            }
        }
        let named: Vec<Theme> = self
            .themes
            .iter()
            .map(|(t, _)| *t)
            .chain(self.not_counted.iter().copied())
            .collect();
        for t in Theme::ALL {
            let times = named.iter().filter(|n| **n == t).count();
            let spargo = t.games().contains(&"spargo");
            if spargo && times != 1 {
                out.push((
                    "themes",
                    format!("{t} is named {times} times (once: counted or not counted)"),
                ));
            } else if !spargo && times > 0 {
                out.push(("themes", format!("{t} is not a Spargo theme")));
            }
        }
        out
    }

    /// Where `self` (the file) and `recount` differ, each with its key.
    #[must_use]
    pub fn differences(&self, recount: &Census) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        let mut compare = |key: &'static str, file: String, engine: String| {
            if file != engine {
                out.push((
                    key,
                    format!("the file says {file} but the recount finds {engine}"),
                ));
            }
        };
        compare("rules", self.rules.clone(), recount.rules.clone());
        compare(
            "positions",
            self.positions.to_string(),
            recount.positions.to_string(),
        );
        compare(
            "finished",
            self.finished.to_string(),
            recount.finished.to_string(),
        );
        compare(
            "unique-win",
            self.unique_win.to_string(),
            recount.unique_win.to_string(),
        );
        compare(
            "themes",
            format!("{:?}", self.themes),
            format!("{:?}", recount.themes),
        );
        compare(
            "not-counted",
            format!("{:?}", self.not_counted),
            format!("{:?}", recount.not_counted),
        );
        out
    }

    /// A small census that holds together, for examples and tests.
    #[must_use]
    pub fn example() -> Census {
        Census {
            rules: "size=4 ko=simple capture-scope=all all-freedoms=false max-height=none".into(),
            positions: 0,
            finished: 0,
            unique_win: 0,
            themes: vec![
                (Theme::ZombieReversal, 0),
                (Theme::OverUnderCut, 0),
                (Theme::StackJoin, 0),
                (Theme::PinnedSuicide, 0),
                (Theme::SurroundCapture, 0),
            ],
            not_counted: vec![Theme::ForcedEyeFilling, Theme::Ko],
            tablebase: None,
        }
    }
}

/// The checksum written for `body`.
fn checksum(body: &str) -> String {
    format!("{:#018x}", fnv1a(body.as_bytes()))
}

/// The text before the last line, and the last line's checksum, when the last
/// line is `checksum: VALUE`.
fn split_checksum(text: &str) -> Option<(&str, &str)> {
    let trimmed = text.strip_suffix('\n').unwrap_or(text);
    let start = trimmed.rfind('\n').map_or(0, |i| i + 1);
    let value = trimmed[start..].strip_prefix(CHECKSUM)?.strip_prefix(':')?;
    Some((&text[..start], value.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Census {
        Census {
            positions: 100,
            finished: 10,
            unique_win: 20,
            themes: Census::example()
                .themes
                .into_iter()
                .map(|(t, _)| (t, 5))
                .collect(),
            tablebase: Some("0x0123456789abcdef".into()),
            ..Census::example()
        }
    }

    #[test]
    fn a_written_census_reads_back() {
        let c = sample();
        let text = c.to_text().unwrap();
        assert!(text.ends_with(&format!("checksum: {}\n", checksum(&c.body()))));
        assert_eq!(Census::parse(&text, "f").unwrap(), c);
    }

    #[test]
    fn an_edited_count_breaks_the_checksum_at_its_line() {
        let text = sample().to_text().unwrap();
        let forged = text.replace("positions: 100", "positions: 9999999999");
        let e = Census::parse(&forged, "census.yaml").unwrap_err();
        let line = forged.lines().count();
        assert_eq!(e.file, format!("census.yaml:{line}"));
        assert!(e.reason.contains("changed after the census run"), "{e}");
        let unsealed = text
            .lines()
            .filter(|l| !l.starts_with("checksum"))
            .collect::<Vec<_>>();
        let e = Census::parse(&(unsealed.join("\n") + "\n"), "f").unwrap_err();
        assert!(e.reason.contains("no `checksum:` last line"), "{e}");
    }

    #[test]
    fn counts_that_do_not_hold_together_are_refused_even_when_sealed() {
        type Case = (fn(&mut Census), &'static str, &'static str);
        let cases: [Case; 5] = [
            (
                |c| c.unique_win = 95,
                "unique-win",
                "more than the 100 positions",
            ),
            (|c| c.themes[0].1 = 21, "themes", "more than the 20"),
            (
                |c| c.not_counted.push(Theme::StackJoin),
                "themes",
                "stack-join is named 2 times",
            ),
            (
                |c| c.not_counted.clear(),
                "themes",
                "forced-eye-filling is named 0 times",
            ),
            (
                |c| c.not_counted.push(Theme::Trap),
                "themes",
                "trap is not a Spargo theme",
            ),
        ];
        for (change, key, why) in cases {
            let mut c = sample();
            change(&mut c);
            let text = c.to_text().unwrap();
            let e = Census::parse(&text, "f").unwrap_err();
            let line = top_key_line(&text, key).unwrap();
            assert_eq!(e.file, format!("f:{line}"), "{why}");
            assert!(e.reason.contains(why), "{e}");
        }
    }

    #[test]
    fn a_census_not_laid_out_as_written_is_refused() {
        let c = sample();
        let body = c.body().replace("positions: 100", "positions:   100");
        let text = format!("{body}checksum: {}\n", checksum(&body));
        let e = Census::parse(&text, "f").unwrap_err();
        assert!(e.reason.contains("not laid out"), "{e}");
    }

    #[test]
    fn differences_name_each_key() {
        let a = sample();
        let mut b = sample();
        b.finished = 11;
        b.themes[1].1 = 4;
        let d = a.differences(&b);
        assert_eq!(
            d.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
            ["finished", "themes"]
        );
        assert!(d[0].1.contains("says 10 but the recount finds 11"));
        assert!(a.differences(&a).is_empty());
    }
}

//! The check report as JSON lines: one object per finding, then a summary.

use serde::{Deserialize, Serialize};

use super::super::check::{Finding, Severity};
use super::super::infer::CheckReport;

/// One departure or warning of a check report.
///
/// `{"line":5,"column":25,"kind":"departure","turn":1,"printed_turn":1,"step":4,"message":"..."}`
/// (`turn`, `printed_turn` and `step` are `null` when the finding is not about one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FindingRecord {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// `"departure"` or `"warning"`.
    pub kind: String,
    /// The turn as replayed.
    pub turn: Option<u16>,
    /// The number the transcript prints for that turn.
    pub printed_turn: Option<u32>,
    /// The 1-based step of the turn.
    pub step: Option<usize>,
    /// What is wrong (without the place, which the fields above give).
    pub message: String,
}

impl From<&Finding> for FindingRecord {
    fn from(f: &Finding) -> FindingRecord {
        FindingRecord {
            line: f.line,
            column: f.column,
            kind: f.severity.name().to_string(),
            turn: f.place.turn,
            printed_turn: f.place.printed,
            step: f.place.step,
            message: f.message.clone(),
        }
    }
}

/// The totals of a check report and its notes about the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SummaryRecord {
    /// The file checked, as named on the command line.
    pub file: String,
    /// Departures found.
    pub departures: usize,
    /// Warnings (notation tolerated though not plain).
    pub warnings: usize,
    /// How the start was found (given, or inferred and how), one note a line.
    pub notes: Vec<String>,
}

/// The last line of a check report: `{"summary": ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SummaryLine {
    /// The summary.
    pub summary: SummaryRecord,
}

/// The report as JSON lines: one [`FindingRecord`] per finding, in the text
/// report's order, then a [`SummaryLine`].
pub fn check_report_lines(file: &str, report: &CheckReport) -> Result<String, serde_json::Error> {
    let mut out = String::new();
    for f in &report.findings {
        out.push_str(&serde_json::to_string(&FindingRecord::from(f))?);
        out.push('\n');
    }
    let departures = report
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Departure)
        .count();
    let summary = SummaryLine {
        summary: SummaryRecord {
            file: file.to_string(),
            departures,
            warnings: report.findings.len() - departures,
            notes: report.notes.clone(),
        },
    };
    out.push_str(&serde_json::to_string(&summary)?);
    out.push('\n');
    Ok(out)
}

/// A file that cannot be read or parsed, as `check --json` and `replay --json`
/// report it on standard output (the text message goes to standard error too).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorRecord {
    /// The file, as named on the command line.
    pub file: String,
    /// 1-based line, when the error is in the text.
    pub line: Option<usize>,
    /// 1-based column, when the error is in the text.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

/// `{"error": ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorLine {
    /// The error.
    pub error: ErrorRecord,
}

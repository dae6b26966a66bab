//! The figure schema: a figure's YAML body read into plain fields, and the lines
//! of the Markdown or YAML file that its keys and claims stand on.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::error::Problem;
use crate::yaml;

/// A YAML scalar read as text (`1`, `true` and `c3` alike).
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum Scalar {
    /// Text.
    Text(String),
    /// A whole number.
    Int(i64),
    /// A number with a fraction.
    Float(f64),
    /// `true` / `false`.
    Bool(bool),
}

impl Scalar {
    /// The scalar as written.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Scalar::Text(s) => s.clone(),
            Scalar::Int(i) => i.to_string(),
            Scalar::Float(f) => f.to_string(),
            Scalar::Bool(b) => b.to_string(),
        }
    }
}

/// A claim as YAML reads it: plain text, or (for `b is illegal: suicide`, where
/// the colon makes YAML see a key and a value) a one-entry mapping.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum ClaimItem {
    /// Text.
    Text(Scalar),
    /// `key: value`, read back as the text `key: value`.
    Pair(BTreeMap<ScalarKey, Scalar>),
}

impl ClaimItem {
    /// The claim's text as written.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            ClaimItem::Text(s) => s.text(),
            ClaimItem::Pair(m) => m
                .iter()
                .map(|(k, v)| format!("{}: {}", k.0, v.text()))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

/// Words given either as one string (`c3 d3 b2+1`) or as a YAML list.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum Words {
    /// A list.
    List(Vec<Scalar>),
    /// One string, split at white space.
    One(Scalar),
}

impl Words {
    /// The words, in order.
    #[must_use]
    pub fn words(&self) -> Vec<String> {
        match self {
            Words::One(s) => s.text().split_whitespace().map(str::to_string).collect(),
            Words::List(v) => v
                .iter()
                .flat_map(|s| {
                    s.text()
                        .split_whitespace()
                        .map(str::to_string)
                        .collect::<Vec<_>>()
                })
                .collect(),
        }
    }
}

/// Labels written on points: label text to point (or square).
pub type Labels = BTreeMap<String, String>;

fn labels_from(raw: Option<BTreeMap<ScalarKey, Scalar>>) -> Labels {
    raw.unwrap_or_default()
        .into_iter()
        .map(|(k, v)| (k.0, v.text()))
        .collect()
}

/// A mapping key read as text (`1:` is the label "1").
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ScalarKey(pub String);

impl<'de> Deserialize<'de> for ScalarKey {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ScalarKey, D::Error> {
        Scalar::deserialize(d).map(|s| ScalarKey(s.text()))
    }
}

/// Highlights of a Margo figure.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Marks {
    /// Points marked as freedoms.
    pub freedom: Option<Words>,
    /// Points whose pieces cut a link (overpasses).
    pub cut: Option<Words>,
    /// Show buried pieces faintly.
    #[serde(default)]
    pub buried_hint: bool,
}

/// A Margo or Spargo figure as written.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MargoSpec {
    /// `margo` or `spargo` (needed only in figure files).
    pub game: Option<String>,
    /// `PRESET [options]`.
    pub rules: Option<String>,
    /// White's points.
    pub white: Option<Words>,
    /// Black's points.
    pub black: Option<Words>,
    /// Grey's points.
    pub grey: Option<Words>,
    /// Red's points.
    pub red: Option<Words>,
    /// The colour to move.
    pub to_move: Option<String>,
    /// Zombies.
    pub zombies: Option<Words>,
    /// The simple-ko point.
    pub ko: Option<String>,
    /// Passes just made.
    pub passes: Option<u8>,
    /// Colours exchanged by a swap.
    #[serde(default)]
    pub swapped: bool,
    /// The player to move may swap.
    #[serde(default)]
    pub swap_available: bool,
    /// Moves played before drawing.
    pub moves: Option<Words>,
    /// Labels.
    #[serde(default, rename = "labels", deserialize_with = "de_labels")]
    pub labels: Labels,
    /// Highlights.
    #[serde(default)]
    pub marks: Marks,
    /// The caption (Markdown).
    pub caption: Option<String>,
    /// The claims, each checked.
    #[serde(default)]
    pub claims: Vec<ClaimItem>,
}

/// Squares shaded in a Margrites figure.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Shade {
    /// Green squares.
    pub legal: Option<Words>,
    /// Red squares.
    pub illegal: Option<Words>,
    /// Yellow squares.
    pub capture: Option<Words>,
}

/// A Margrites figure as written.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MargritesSpec {
    /// `margrites` (needed only in figure files).
    pub game: Option<String>,
    /// Variations in play.
    pub options: Option<Words>,
    /// White's squares.
    pub white: Option<Words>,
    /// Black's squares.
    pub black: Option<Words>,
    /// The side to move (default Black).
    pub to_move: Option<String>,
    /// Standings `B(bc)-W(wc)`.
    pub score: Option<String>,
    /// The turn number.
    pub turn: Option<u16>,
    /// Steps played before drawing.
    pub steps: Option<Words>,
    /// Shaded squares.
    #[serde(default)]
    pub shade: Shade,
    /// Labels.
    #[serde(default, deserialize_with = "de_labels")]
    pub labels: Labels,
    /// The caption (Markdown).
    pub caption: Option<String>,
    /// The claims.
    #[serde(default)]
    pub claims: Vec<ClaimItem>,
}

fn de_labels<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Labels, D::Error> {
    Option::<BTreeMap<ScalarKey, Scalar>>::deserialize(d).map(labels_from)
}

/// Where a figure's body is: the file (as shown in messages) and the line of
/// the file that holds the body's first line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The file, as shown in messages.
    pub file: String,
    /// 1-based line of the body's first line in that file.
    pub first_line: usize,
}

impl Place {
    /// The file line of the body's 1-based line `n`.
    #[must_use]
    pub fn line(&self, n: usize) -> usize {
        self.first_line + n.saturating_sub(1)
    }
}

/// Reads a figure body. A YAML error comes with its body line (1-based), and
/// the lines its message names are turned into lines of the file.
///
/// # Errors
/// The YAML problem and its body line.
pub fn read<T: DeserializeOwned>(body: &str, place: &Place) -> Result<T, (usize, Problem)> {
    serde_norway::from_str(body).map_err(|e| {
        // The message names the parser's problem mark first; `location()` may
        // name a later one.
        let message = e.to_string();
        let line = first_line_number(&message)
            .or_else(|| e.location().map(|l| l.line()))
            .unwrap_or(1);
        (line, Problem::Yaml(file_lines(&message, place)))
    })
}

/// The first `line N` of a parser message.
fn first_line_number(message: &str) -> Option<usize> {
    let at = message.find("line ")? + "line ".len();
    let digits: String = message[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The YAML parser's message with its body lines (`at line 3 column 8`) turned
/// into lines of the file.
fn file_lines(message: &str, place: &Place) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(i) = rest.find("line ") {
        let (head, tail) = rest.split_at(i + "line ".len());
        out.push_str(head);
        let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
        match tail[..digits].parse::<usize>() {
            Ok(n) => out.push_str(&place.line(n).to_string()),
            Err(_) => out.push_str(&tail[..digits]),
        }
        rest = &tail[digits..];
    }
    out.push_str(rest);
    out
}

/// The body lines (1-based) of the claims, in order. Block lists give each item
/// its own line; a flow list gives every claim the line of `claims:`.
#[must_use]
pub fn claim_lines(body: &str, count: usize) -> Vec<usize> {
    let Some(start) = yaml::top_key_line(body, "claims") else {
        return vec![1; count];
    };
    match yaml::list_item_lines(body, "claims") {
        Some(lines) if lines.len() == count => lines,
        _ => vec![start; count],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &str = "rules: margo size=5\nwhite: c3 d3\nlabels: {a: c4, 1: b1}\ncaption: x\nclaims:\n  - a is legal\n  # a comment\n  - b is illegal: suicide\nmoves: c4\n";

    #[test]
    fn reads_fields_and_numeric_labels() {
        let place = Place {
            file: "f.md".into(),
            first_line: 10,
        };
        let spec: MargoSpec = read(BODY, &place).unwrap();
        assert_eq!(spec.white.unwrap().words(), vec!["c3", "d3"]);
        assert_eq!(spec.labels.get("1").map(String::as_str), Some("b1"));
        assert_eq!(spec.claims.len(), 2);
        assert_eq!(spec.claims[1].text(), "b is illegal: suicide");
        assert_eq!(claim_lines(BODY, 2), vec![6, 8]);
        assert_eq!(yaml::top_key_line(BODY, "moves"), Some(9));
    }

    #[test]
    fn yaml_errors_name_the_file_line() {
        let place = Place {
            file: "f.md".into(),
            first_line: 10,
        };
        let err = read::<MargoSpec>("white: c3\nblack: [c4\ncaption: x\n", &place).unwrap_err();
        assert_eq!(err.0, 3, "{err:?}");
        // Both places the parser names are lines of the file.
        assert!(
            matches!(err.1, Problem::Yaml(ref m) if m.contains("line 12 column") && m.contains("line 11 column")),
            "{err:?}"
        );
        let err = read::<MargoSpec>("white: c3\ncolour: red\n", &place).unwrap_err();
        assert_eq!(err.0, 2);
        assert!(
            matches!(err.1, Problem::Yaml(ref m) if m.contains("colour")),
            "{err:?}"
        );
    }

    #[test]
    fn flow_lists_share_the_claims_line() {
        let body = "caption: x\nclaims: [a is legal, b is legal]\n";
        assert_eq!(claim_lines(body, 2), vec![2, 2]);
    }
}

//! The machine form of Margrites (rulings Part C): positions, steps, turns, game
//! records and check reports as JSON, for scripting.
//!
//! The JSON is the serde form of the rules' own types ([`State`], [`Outcome`],
//! [`GameRecord`]'s parts, [`Step`], ...); this module adds the value forms below,
//! the JSON lines of a game and of a check report, and the reading back.
//!
//! Every object has a fixed field order, square lists are in reading order (`a1`,
//! `b1`, ..., `i8`), and reading is strict: unknown fields, malformed squares and
//! inconsistent records are errors, never panics. Errors from [`serde_json`] carry the
//! line and column; a record that reads but does not describe a legal position or a
//! legal game is reported with every reason ([`StateError`]) or with the turn and
//! step where it departs ([`ReplayError`]).
//!
//! # Values
//!
//! | value | JSON |
//! |---|---|
//! | [`Square`] | `"e4"` |
//! | [`Color`] | `"black"`, `"white"` |
//! | [`Step`] | `{"from":"d2","to":"d3"}`, a score `{"from":"e8","score":true}`, a return `{"to":"e8","return":true}` |
//! | [`Tally`](super::Tally) | `{"points":1,"captures":3}` |
//! | [`ByColor`](super::ByColor) | `{"black":...,"white":...}` |
//! | [`Options`] | `["handicap","rebuttal","returning","dancing-limit"]` (those in force, in this order) |
//!
//! # Records
//!
//! A position ([`State`]); on reading, every field but `pieces` may be left
//! out (defaults: turn 1, Black to move, no points, no captures, no variation):
//!
//! ```text
//! {"turn":1,"to_move":"black","phase":"playing",
//!  "pieces":{"black":["a1","b1","c1","d1","e1","f1","d2","e2"],"white":["d7","e7","a8","b8","c8","d8","e8","f8"]},
//!  "score":{"black":{"points":0,"captures":0},"white":{"points":0,"captures":0}},
//!  "exits":{"black":[],"white":[]},"variations":[],"unchanged_turns":0,
//!  "turn_in_progress":null,"result":null}
//! ```
//!
//! A turn ([`TurnRecord`]): each step with the captures it caused, listed round by
//! round, each round in reading order (as the notation prints them), and the score
//! after the turn:
//!
//! ```text
//! {"turn":9,"side":"black","steps":[{"from":"b4","to":"b5","captures":[]},{"from":"b5","to":"a6","captures":[]},{"from":"g3","to":"f4","captures":["e4","g5"]},{"from":"h1","to":"h2","captures":[]}],"forfeit":false,"score":{"black":{"points":0,"captures":2},"white":{"points":0,"captures":0}}}
//! ```
//!
//! A turn with no step is `"steps":[],"forfeit":true`; a resignation (from a
//! transcript's `R` score line) adds `"resigned":"black"`, and a turn a transcript
//! cuts short with `...` adds `"incomplete":true`.
//!
//! A game result ([`Outcome`]): `end` is `no-pieces`, `resignation` (with
//! `resigned`) or `unfinished` (a game stopped at a turn cap, or a record that ends
//! before the game does); `winner` is `null` for a draw and for an unfinished game:
//!
//! ```text
//! {"end":"no-pieces","winner":"black","score":{"black":{"points":2,"captures":2},"white":{"points":0,"captures":6}}}
//! ```
//!
//! # Game records
//!
//! `cannonball margrites selfplay --json` and `cannonball margrites replay FILE --json`
//! print a game as JSON lines ([`GameRecord`]): the starting position, one turn
//! record per turn, then the outcome; several games follow one another. (A start
//! line is needed because Margrites games begin from a setup, not an empty board.)
//! `cannonball margrites replay FILE` reads a transcript or such lines and prints the
//! game in either form: JSON lines with `--json`, a transcript without.
//!
//! ```text
//! {"start":{"turn":1,"to_move":"black",...}}
//! {"turn":1,"side":"black","steps":[...],"forfeit":false,"score":{...}}
//! ...
//! {"outcome":{"end":"unfinished","winner":null,"score":{...}}}
//! ```
//!
//! [`read_games`] reads such lines back and replays them strictly: every step must be
//! legal, every turn must end as the rules say (full movement), and the captures,
//! forfeits, scores and outcome listed must be what the replay gives. A record made
//! from a transcript with departures (`replay` exits 1 then) records the steps as the
//! checker carried them out and so does not read back.
//!
//! # Check reports
//!
//! `cannonball margrites check FILE --json` prints one [`FindingRecord`] per
//! departure or warning, then a [`SummaryRecord`]:
//!
//! ```text
//! {"line":5,"column":25,"kind":"departure","turn":1,"printed_turn":1,"step":4,"message":"illegal step f3>f4: f4 is occupied; not played"}
//! {"summary":{"file":"black-downsizes.txt","departures":53,"warnings":2,"notes":["setup: not given; ...", ...]}}
//! ```
//!
//! A file that cannot be read or parsed gives, on standard output with `--json`,
//! `{"error":{"file":"bad.txt","line":3,"column":17,"message":"..."}}` (`line` and
//! `column` are `null` when the file cannot be read at all); the exit code is 2 as
//! without `--json`.

mod game;
mod report;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::options::Options;
use super::square::{Color, Square};
use super::step::Step;

#[cfg(doc)]
use super::record::{GameRecord, ReplayError, TurnRecord};
#[cfg(doc)]
use super::state::{Outcome, State, StateError};

pub use game::{
    OutcomeLine, ParsedGame, ReadGame, RecordError, StartLine, parse_games, read_games,
};
pub use report::{
    ErrorLine, ErrorRecord, FindingRecord, SummaryLine, SummaryRecord, check_report_lines,
};

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        text.parse()
            .map_err(|e| D::Error::custom(format!("`{text}`: {e}")))
    }
}

impl Serialize for Color {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(color_name(*self))
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        let text = String::deserialize(d)?;
        match text.as_str() {
            "black" => Ok(Color::Black),
            "white" => Ok(Color::White),
            _ => Err(D::Error::custom(format!(
                "`{text}` is not a side (black or white)"
            ))),
        }
    }
}

/// `"black"` or `"white"`.
#[must_use]
pub const fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A step's fields as written: which are present tells the kind of step.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StepShape {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<Square>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    to: Option<Square>,
    #[serde(default, skip_serializing_if = "is_false")]
    score: bool,
    #[serde(default, rename = "return", skip_serializing_if = "is_false")]
    returns: bool,
}

// Serde's `skip_serializing_if` passes a reference.
fn is_false(b: &bool) -> bool {
    !*b
}

impl StepShape {
    fn of(step: Step) -> StepShape {
        match step {
            Step::Move { from, to } => StepShape {
                from: Some(from),
                to: Some(to),
                ..StepShape::default()
            },
            Step::Score { from } => StepShape {
                from: Some(from),
                score: true,
                ..StepShape::default()
            },
            Step::Return { to } => StepShape {
                to: Some(to),
                returns: true,
                ..StepShape::default()
            },
        }
    }

    fn step(&self) -> Result<Step, String> {
        match (self.from, self.to, self.score, self.returns) {
            (_, _, true, true) => Err("a step is a score or a return, not both".into()),
            (Some(from), None, true, false) => Ok(Step::Score { from }),
            (_, _, true, false) => Err("a score has `from` and no `to`".into()),
            (None, Some(to), false, true) => Ok(Step::Return { to }),
            (_, _, false, true) => Err("a return has `to` and no `from`".into()),
            (Some(from), Some(to), false, false) => Ok(Step::Move { from, to }),
            (_, _, false, false) => Err(
                "a step needs `from` and `to` (or `\"score\":true` with `from`, or `\"return\":true` with `to`)"
                    .into(),
            ),
        }
    }
}

impl Serialize for Step {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        StepShape::of(*self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Step, D::Error> {
        StepShape::deserialize(d)?.step().map_err(D::Error::custom)
    }
}

/// The names of the variations in force, in [`Options::names`] order.
impl Serialize for Options {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.names())
    }
}

/// A list of variation names (any order; a name may not repeat).
impl<'de> Deserialize<'de> for Options {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Options, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        let mut seen: Vec<&str> = Vec::new();
        for name in &names {
            if seen.contains(&name.as_str()) {
                return Err(D::Error::custom(format!("variation `{name}` listed twice")));
            }
            seen.push(name);
            if name.contains([',', ' ']) || name.is_empty() {
                return Err(D::Error::custom(format!(
                    "`{name}` is not one variation name"
                )));
            }
        }
        Options::parse_list(&names.join(",")).map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn squares_sides_and_steps() {
        assert_eq!(serde_json::to_string(&sq("e4")).unwrap(), r#""e4""#);
        assert_eq!(
            serde_json::from_str::<Square>(r#""i8""#).unwrap(),
            Square::I8
        );
        // Inside an object (as every record is), serde_json gives the position.
        let err = serde_json::from_str::<Vec<Square>>(r#"["a1", "j9"]"#).unwrap_err();
        assert_eq!(
            err.to_string(),
            "`j9`: not a square of the 9x8 board (a1 to i8) at line 1 column 12"
        );
        assert_eq!(serde_json::to_string(&Color::White).unwrap(), r#""white""#);
        assert!(serde_json::from_str::<Color>(r#""White""#).is_err());
        let cases = [
            (
                Step::Move {
                    from: sq("d2"),
                    to: sq("d3"),
                },
                r#"{"from":"d2","to":"d3"}"#,
            ),
            (
                Step::Score { from: sq("e8") },
                r#"{"from":"e8","score":true}"#,
            ),
            (
                Step::Return { to: sq("e8") },
                r#"{"to":"e8","return":true}"#,
            ),
        ];
        for (step, text) in cases {
            assert_eq!(serde_json::to_string(&step).unwrap(), text);
            assert_eq!(serde_json::from_str::<Step>(text).unwrap(), step);
        }
        for bad in [
            r#"{"from":"d2"}"#,
            r#"{"from":"e8","to":"e7","score":true}"#,
            r#"{"to":"e8","score":true,"return":true}"#,
            r#"{"from":"d2","to":"d3","via":"d4"}"#,
        ] {
            let err = serde_json::from_str::<Vec<Step>>(&format!("[{bad}]")).unwrap_err();
            assert!(err.line() == 1 && err.column() > 0, "{bad}: {err}");
        }
    }

    #[test]
    fn variations_as_names() {
        #[derive(Serialize, Deserialize)]
        struct V {
            v: Options,
        }
        let o = Options::parse_list("rebuttal handicap").unwrap();
        assert_eq!(
            serde_json::to_string(&V { v: o }).unwrap(),
            r#"{"v":["handicap","rebuttal"]}"#
        );
        let back: V = serde_json::from_str(r#"{"v":["rebuttal","handicap"]}"#).unwrap();
        assert_eq!(back.v, o);
        assert!(serde_json::from_str::<V>(r#"{"v":["castling"]}"#).is_err());
        assert!(serde_json::from_str::<V>(r#"{"v":["handicap","handicap"]}"#).is_err());
        assert!(serde_json::from_str::<V>(r#"{"v":["handicap,rebuttal"]}"#).is_err());
    }
}

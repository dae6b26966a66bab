//! The corrections of an annotated Margrites game.
//!
//! Beside a printed transcript `NAME.txt` that cannot be replayed as it
//! stands, `NAME.corrected.txt` is the game the book shows and
//! `NAME.errata.yaml` lists every change from the one to the other with the
//! reason a reader is given:
//!
//! ```yaml
//! - turn: 3              # the turn's number in the corrected transcript
//!   part: moves          # moves | number | score | board | setup
//!   printed: "e4>e5; f4>f5; f2>e3; e3>e4."
//!   corrected: "d4>e5; e4>f5; f2>e3; e3>e4."
//!   why: "Black has no piece on e4 or f4 yet: ..."
//! - turns: 12-16         # one change to several score lines (or numbers, or boards)
//!   part: score
//!   printed: "Black 0 captures"
//!   corrected: "Black 1 capture"
//!   why: "..."
//! ```
//!
//! `variation: N` places an entry in the printed variation from turn N. The
//! list is checked against the two files ([`check`]): every difference
//! between them has exactly one entry, every entry describes a difference
//! that is there, and a single turn's moves, number or score line must be
//! given as the two files write them (spaces aside). Turns are matched by
//! their order in the main line or variation, not by their numbers, so a
//! renumbered turn is a difference too.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::yaml;
use cannonball_rules::margrites::notation::{CaptureText, StepSyntax, TurnBody, TurnText};
use cannonball_rules::margrites::transcript::{TableEntry, Transcript, TurnEntry, Variation};

/// What part of a turn (or of the game) a correction changes.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Part {
    /// The setup lines (or starting diagram).
    Setup,
    /// The number a turn is printed with.
    Number,
    /// A turn's steps and captures.
    Moves,
    /// The score line after a turn.
    Score,
    /// A board table printed after a turn.
    Board,
}

impl Part {
    /// The part as the errata file spells it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Part::Setup => "setup",
            Part::Number => "number",
            Part::Moves => "moves",
            Part::Score => "score",
            Part::Board => "board",
        }
    }
}

/// An errata file that cannot be read, or that does not describe the two
/// transcripts: the file, the line and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {reason}")]
pub struct ErrataError {
    /// The errata file.
    pub file: String,
    /// The 1-based line (the entry's first line).
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// The wire form of one entry.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    turn: Option<u16>,
    turns: Option<String>,
    variation: Option<u16>,
    part: Part,
    printed: String,
    corrected: String,
    why: String,
}

/// One correction.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Erratum {
    /// The line of the errata file it starts at.
    pub line: usize,
    /// The printed variation it belongs to (the turn the variation starts
    /// from), or `None` for the main line.
    pub variation: Option<u16>,
    /// The first and last turn it covers (corrected numbers; 0 for the setup).
    pub first: u16,
    /// The last turn it covers.
    pub last: u16,
    /// What it changes.
    pub part: Part,
    /// The printed text (or a description of it).
    pub printed: String,
    /// The corrected text (or a description of it).
    pub corrected: String,
    /// Why, for the reader.
    pub why: String,
}

impl Erratum {
    /// Whether it covers turn `turn` of line `variation`.
    #[must_use]
    pub fn covers(&self, variation: Option<u16>, turn: u16) -> bool {
        self.variation == variation && (self.first..=self.last).contains(&turn)
    }
}

/// Reads an errata file's text (`file` names it in errors).
///
/// # Errors
/// The YAML is malformed, an entry has neither or both of `turn` and
/// `turns`, a range is not `A-B` with `A < B`, a `moves` entry has a range,
/// or a text is empty.
pub fn parse(text: &str, file: &str) -> Result<Vec<Erratum>, ErrataError> {
    let err = |line: usize, reason: String| ErrataError {
        file: file.to_owned(),
        line,
        reason,
    };
    crate::input::check_yaml_depth(text, file).map_err(|e| err(e.line.unwrap_or(1), e.reason))?;
    let raw: Option<Vec<RawEntry>> = serde_norway::from_str(text)
        .map_err(|e| err(e.location().map_or(1, |l| l.line()), e.to_string()))?;
    let lines = yaml::top_list_item_lines(text);
    let mut out = Vec::new();
    for (i, r) in raw.unwrap_or_default().into_iter().enumerate() {
        let line = lines.get(i).copied().unwrap_or(1);
        let (first, last) = match (r.turn, r.turns.as_deref(), r.part) {
            (None, None, Part::Setup) => (0, 0),
            (Some(t), None, _) => (t, t),
            (None, Some(range), part) if part != Part::Moves && part != Part::Setup => {
                parse_range(range).ok_or_else(|| {
                    err(
                        line,
                        format!("`turns: {range}` is not a range `A-B` with A below B"),
                    )
                })?
            }
            (None, Some(_), Part::Setup) => {
                return Err(err(line, "a `setup` entry has no `turns`".into()));
            }
            (None, Some(_), part) => {
                return Err(err(
                    line,
                    format!("a `{}` entry is about one turn: use `turn`", part.name()),
                ));
            }
            (Some(_), Some(_), _) => {
                return Err(err(line, "give `turn` or `turns`, not both".into()));
            }
            (None, None, part) => {
                return Err(err(
                    line,
                    format!("a `{}` entry needs `turn` or `turns`", part.name()),
                ));
            }
        };
        for (name, value) in [
            ("printed", &r.printed),
            ("corrected", &r.corrected),
            ("why", &r.why),
        ] {
            if value.trim().is_empty() {
                return Err(err(line, format!("`{name}` is empty")));
            }
        }
        out.push(Erratum {
            line,
            variation: r.variation,
            first,
            last,
            part: r.part,
            printed: r.printed.trim().to_owned(),
            corrected: r.corrected.trim().to_owned(),
            why: r.why.trim().to_owned(),
        });
    }
    Ok(out)
}

fn parse_range(s: &str) -> Option<(u16, u16)> {
    let (a, b) = s.split_once('-')?;
    let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (a < b).then_some((a, b))
}

/// One difference between the printed and the corrected transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The variation (the turn it starts from), or `None` for the main line.
    pub variation: Option<u16>,
    /// The turn (its corrected number when it has one; 0 for the setup).
    pub turn: u16,
    /// What differs.
    pub part: Part,
    /// The printed side (`—` when absent).
    pub printed: String,
    /// The corrected side (`—` when absent).
    pub corrected: String,
}

const ABSENT: &str = "—";

/// Every difference between `printed` and `corrected`, in order: the setup,
/// the main line, then each variation (the k-th of one file with the k-th of
/// the other).
#[must_use]
pub fn differences(printed: &Transcript, corrected: &Transcript) -> Vec<Difference> {
    let mut out = Vec::new();
    let (ps, cs) = (setup_text(printed), setup_text(corrected));
    if ps != cs {
        out.push(Difference {
            variation: None,
            turn: 0,
            part: Part::Setup,
            printed: ps,
            corrected: cs,
        });
    }
    turn_differences(None, &printed.main, &corrected.main, &mut out);
    for k in 0..printed.variations.len().max(corrected.variations.len()) {
        let (p, c) = (printed.variations.get(k), corrected.variations.get(k));
        let from = c.or(p).map(|v| v.from_turn);
        if let (Some(p), Some(c)) = (p, c)
            && p.from_turn != c.from_turn
        {
            out.push(Difference {
                variation: Some(c.from_turn),
                turn: 0,
                part: Part::Setup,
                printed: format!("variation from {}", p.from_turn),
                corrected: format!("variation from {}", c.from_turn),
            });
        }
        turn_differences(from, variation_turns(p), variation_turns(c), &mut out);
    }
    out
}

fn variation_turns(v: Option<&Variation>) -> &[TurnEntry] {
    v.map_or(&[], |v| &v.turns)
}

fn turn_differences(
    variation: Option<u16>,
    printed: &[TurnEntry],
    corrected: &[TurnEntry],
    out: &mut Vec<Difference>,
) {
    for i in 0..printed.len().max(corrected.len()) {
        let (p, c) = (printed.get(i), corrected.get(i));
        let Some(turn) = c
            .or(p)
            .map(|e| u16::try_from(e.turn.number).unwrap_or(u16::MAX))
        else {
            continue;
        };
        let mut push = |part: Part, printed: String, corrected: String| {
            if printed != corrected {
                out.push(Difference {
                    variation,
                    turn,
                    part,
                    printed,
                    corrected,
                });
            }
        };
        let number = |e: Option<&TurnEntry>| e.map_or(ABSENT.into(), |e| e.turn.number.to_string());
        if let (Some(p), Some(c)) = (p, c) {
            push(Part::Number, number(Some(p)), number(Some(c)));
        }
        let moves = |e: Option<&TurnEntry>| e.map_or(ABSENT.into(), |e| body_text(&e.turn));
        push(Part::Moves, moves(p), moves(c));
        let score = |e: Option<&TurnEntry>| {
            e.and_then(|e| e.score.as_ref())
                .map_or(ABSENT.into(), |s| s.value.to_string())
        };
        push(Part::Score, score(p), score(c));
        let boards = |e: Option<&TurnEntry>| e.map_or(String::new(), |e| tables_text(&e.tables));
        push(Part::Board, boards(p), boards(c));
    }
}

/// The variations in play, the setup lines (or the starting diagram) as one
/// comparable text.
fn setup_text(t: &Transcript) -> String {
    let mut s = String::new();
    let variations = t.options.names();
    if !variations.is_empty() {
        let _ = write!(s, "variations: {}; ", variations.join(" "));
    }
    for (name, side) in [("black", &t.setup.black), ("white", &t.setup.white)] {
        if let Some(l) = side {
            let squares: Vec<String> = l.value.iter().map(ToString::to_string).collect();
            let _ = write!(s, "setup {name}: {}; ", squares.join(" "));
        }
    }
    if let Some(start) = &t.start {
        let _ = write!(
            s,
            "start: {} to move, {:?}, {}",
            start.to_move,
            start.score.map(|l| l.to_string()),
            start
                .table
                .as_ref()
                .map_or(String::new(), |t| tables_text(std::slice::from_ref(t)))
        );
    }
    if s.is_empty() {
        ABSENT.into()
    } else {
        s.trim_end_matches("; ").to_owned()
    }
}

/// Board tables as one comparable text (their cells and legends, not their
/// lines).
fn tables_text(tables: &[TableEntry]) -> String {
    tables
        .iter()
        .map(|t| format!("{:?} {:?}", t.table, t.legend))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A turn's text as read, without its number: `d5>c4(xb4); c5>b5.`.
#[must_use]
pub fn body_text(t: &TurnText) -> String {
    match &t.body {
        TurnBody::Forfeit => "forfeit.".into(),
        TurnBody::Resignation(line) => format!("{line}."),
        TurnBody::Steps { steps, incomplete } => {
            let parts: Vec<String> = steps
                .iter()
                .map(|s| {
                    let mut out = match s.step {
                        StepSyntax::Move { from, to } => format!("{from}>{to}"),
                        StepSyntax::Score {
                            from: Some(f),
                            color,
                        } => format!("{f}>{}++", color.letter()),
                        StepSyntax::Score { from: None, color } => format!("{}++", color.letter()),
                        StepSyntax::Return { color, to } => format!("{}++>{to}", color.letter()),
                    };
                    if !s.captures.is_empty() {
                        let caps: Vec<String> = s
                            .captures
                            .iter()
                            .map(|c| match c {
                                CaptureText::Square(q) => format!("x{q}"),
                                CaptureText::Unreadable(u) => format!("x{u}"),
                            })
                            .collect();
                        let _ = write!(out, "({})", caps.join(", "));
                    }
                    out
                })
                .collect();
            let end = if *incomplete { " ..." } else { "." };
            format!("{}{end}", parts.join("; "))
        }
    }
}

fn same_text(a: &str, b: &str) -> bool {
    let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    squeeze(a) == squeeze(b)
}

fn place(variation: Option<u16>, turn: u16, part: Part) -> String {
    let at = match (variation, turn) {
        (None, 0) => "the setup".to_owned(),
        (Some(v), 0) => format!("the start of the variation from turn {v}"),
        (None, t) => format!("turn {t}"),
        (Some(v), t) => format!("turn {t} of the variation from turn {v}"),
    };
    format!("{at} ({})", part.name())
}

/// Checks `errata` (read from `file`) against the differences of the two
/// transcripts.
///
/// # Errors
/// The first problem: a difference no entry covers, or that two entries
/// cover; an entry that covers no difference, a range with a turn that does
/// not differ, or a single turn's text that is not what the file writes.
pub fn check(errata: &[Erratum], diffs: &[Difference], file: &str) -> Result<(), ErrataError> {
    let err = |line: usize, reason: String| ErrataError {
        file: file.to_owned(),
        line,
        reason,
    };
    // Entries are keyed by (variation, turn, part): two differences with
    // one key could share an entry and escape the text check.
    for (i, d) in diffs.iter().enumerate() {
        if diffs[..i]
            .iter()
            .any(|e| (e.variation, e.turn, e.part) == (d.variation, d.turn, d.part))
        {
            return Err(err(
                1,
                format!(
                    "two changes at {} cannot be told apart (two variations from one turn, or a turn number used twice): give each its own number",
                    place(d.variation, d.turn, d.part)
                ),
            ));
        }
    }
    for d in diffs {
        let covering: Vec<&Erratum> = errata
            .iter()
            .filter(|e| e.part == d.part && e.covers(d.variation, d.turn))
            .collect();
        match covering[..] {
            [_] => {}
            [] => {
                // Where the entry belongs: after the last one before it.
                let line = errata
                    .iter()
                    .filter(|e| e.variation == d.variation && e.first <= d.turn)
                    .map(|e| e.line)
                    .max()
                    .unwrap_or(1);
                return Err(err(
                    line,
                    format!(
                        "no entry for {}: printed `{}`, corrected `{}`",
                        place(d.variation, d.turn, d.part),
                        d.printed.replace('\n', " "),
                        d.corrected.replace('\n', " ")
                    ),
                ));
            }
            [a, b, ..] => {
                return Err(err(
                    b.line,
                    format!(
                        "{} is covered twice (also by the entry at line {})",
                        place(d.variation, d.turn, d.part),
                        a.line
                    ),
                ));
            }
        }
    }
    for e in errata {
        let mine: Vec<&Difference> = diffs
            .iter()
            .filter(|d| d.part == e.part && e.covers(d.variation, d.turn))
            .collect();
        for turn in e.first..=e.last {
            if !mine.iter().any(|d| d.turn == turn) {
                return Err(err(
                    e.line,
                    format!(
                        "{}: the printed and the corrected transcript do not differ there",
                        place(e.variation, turn, e.part)
                    ),
                ));
            }
        }
        let exact = e.first == e.last && matches!(e.part, Part::Moves | Part::Number | Part::Score);
        if let (true, [d]) = (exact, &mine[..]) {
            for (side, given, actual) in [
                ("printed", &e.printed, &d.printed),
                ("corrected", &e.corrected, &d.corrected),
            ] {
                if !same_text(given, actual) {
                    return Err(err(
                        e.line,
                        format!(
                            "{}: `{side}` says `{given}`, but the {side} transcript has `{actual}`",
                            place(e.variation, e.first, e.part)
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cannonball_rules::margrites::transcript;

    const PRINTED: &str = "1. d2>d3; d3>d4; e2>e3; e3>e4.\n0(0)-0(0)\n\
        2. c7>c6; b7>b6; b6>b5; h7>h6.\n0(0)-0(0)\n";
    const CORRECTED: &str = "1. d2>d3; d3>d4; e2>e3; e3>f4.\n0(0)-0(0)\n\
        2. c7>c6; b7>b6; b6>b5; h7>h6.\n0(0)-0(1)\n";

    fn diffs() -> Vec<Difference> {
        differences(
            &transcript::parse(PRINTED).unwrap(),
            &transcript::parse(CORRECTED).unwrap(),
        )
    }

    #[test]
    fn differences_name_each_changed_part() {
        let d = diffs();
        assert_eq!(d.len(), 2, "{d:?}");
        assert_eq!((d[0].turn, d[0].part), (1, Part::Moves));
        assert_eq!(d[0].printed, "d2>d3; d3>d4; e2>e3; e3>e4.");
        assert_eq!(d[0].corrected, "d2>d3; d3>d4; e2>e3; e3>f4.");
        assert_eq!((d[1].turn, d[1].part), (2, Part::Score));
        assert_eq!(
            (d[1].printed.as_str(), d[1].corrected.as_str()),
            ("0(0)-0(0)", "0(0)-0(1)")
        );
    }

    const GOOD: &str = "- turn: 1\n  part: moves\n  printed: \"d2>d3; d3>d4; e2>e3; e3>e4.\"\n  corrected: \"d2>d3;d3>d4;e2>e3;e3>f4.\"\n  why: A slip.\n\
        - turn: 2\n  part: score\n  printed: 0(0)-0(0)\n  corrected: 0(0)-0(1)\n  why: Counted.\n";

    #[test]
    fn variations_in_play_and_where_a_variation_starts_are_differences() {
        let with = format!("variations: handicap\n{CORRECTED}");
        let d = differences(
            &transcript::parse(PRINTED).unwrap(),
            &transcript::parse(&with).unwrap(),
        );
        assert_eq!((d[0].turn, d[0].part), (0, Part::Setup), "{d:?}");
        assert!(d[0].corrected.contains("variations:"), "{d:?}");
        let var = |from: u16| {
            format!(
                "{PRINTED}variation from {from}\n{from}. c7>c6; b7>b6; b6>b5; h7>h6.\nend variation\n"
            )
        };
        let d = differences(
            &transcript::parse(&var(2)).unwrap(),
            &transcript::parse(&var(4)).unwrap(),
        );
        assert!(
            d.iter().any(|x| x.part == Part::Setup
                && x.variation == Some(4)
                && x.printed == "variation from 2"),
            "{d:?}"
        );
    }

    #[test]
    fn two_changes_with_one_key_are_refused() {
        let twice = Difference {
            variation: Some(5),
            turn: 5,
            part: Part::Moves,
            printed: "a".into(),
            corrected: "b".into(),
        };
        let err = check(&[], &[twice.clone(), twice], "f").unwrap_err();
        assert!(err.reason.contains("cannot be told apart"), "{err}");
    }

    #[test]
    fn a_complete_list_passes() {
        let e = parse(GOOD, "g.errata.yaml").unwrap();
        assert_eq!(e[1].line, 6);
        check(&e, &diffs(), "g.errata.yaml").unwrap();
    }

    #[test]
    fn a_missing_entry_names_the_turn_and_both_texts() {
        let e = parse(GOOD, "g.errata.yaml").unwrap();
        let err = check(&e[..1], &diffs(), "g.errata.yaml").unwrap_err();
        assert!(err.reason.contains("no entry for turn 2 (score)"), "{err}");
        assert!(err.reason.contains("0(0)-0(1)"), "{err}");
    }

    #[test]
    fn a_wrong_text_or_an_entry_without_a_difference_fails_at_its_line() {
        let wrong = GOOD.replace("e3>f4.\"", "e3>e5.\"");
        let err = check(&parse(&wrong, "f").unwrap(), &diffs(), "f").unwrap_err();
        assert_eq!(err.line, 1);
        assert!(err.reason.contains("`corrected` says"), "{err}");
        let extra =
            format!("{GOOD}- turns: 3-4\n  part: score\n  printed: a\n  corrected: b\n  why: c\n");
        let err = check(&parse(&extra, "f").unwrap(), &diffs(), "f").unwrap_err();
        assert_eq!(err.line, 11);
        assert!(err.reason.contains("turn 3 (score)"), "{err}");
    }

    #[test]
    fn a_difference_covered_twice_fails() {
        let twice =
            format!("{GOOD}- turns: 1-2\n  part: score\n  printed: a\n  corrected: b\n  why: c\n");
        let err = check(&parse(&twice, "f").unwrap(), &diffs(), "f").unwrap_err();
        assert!(err.reason.contains("covered twice"), "{err}");
    }

    #[test]
    fn malformed_entries_are_refused_with_their_line() {
        let range_moves = "- turns: 1-2\n  part: moves\n  printed: a\n  corrected: b\n  why: c\n";
        assert!(
            parse(range_moves, "f")
                .unwrap_err()
                .reason
                .contains("use `turn`")
        );
        let both =
            "- turn: 1\n  turns: 1-2\n  part: score\n  printed: a\n  corrected: b\n  why: c\n";
        assert!(parse(both, "f").unwrap_err().reason.contains("not both"));
        let backwards = "- turn: 1\n  part: moves\n  printed: a\n  corrected: b\n  why: c\n- turns: 4-2\n  part: score\n  printed: a\n  corrected: b\n  why: c\n";
        let e = parse(backwards, "f").unwrap_err();
        assert_eq!(e.line, 6, "{e}");
        let setup_range = "- turns: 1-2\n  part: setup\n  printed: a\n  corrected: b\n  why: c\n";
        assert!(
            parse(setup_range, "f")
                .unwrap_err()
                .reason
                .contains("no `turns`")
        );
        let empty_why = "- turn: 1\n  part: moves\n  printed: a\n  corrected: b\n  why: ''\n";
        assert!(
            parse(empty_why, "f")
                .unwrap_err()
                .reason
                .contains("`why` is empty")
        );
        let unknown = "- turn: 1\n  part: colour\n  printed: a\n  corrected: b\n  why: c\n";
        assert_eq!(parse(unknown, "f").unwrap_err().line, 2);
    }
}

//! The claim grammar: a claim's text to a [`Claim`], with no game attached yet.
//!
//! Claims are short English sentences of fixed shapes. Keywords are matched
//! without regard to case; moves, points and labels keep theirs. A MOVE is a
//! label, a point (`c4`, `b2+1`, `1,0,2`), `pass` or `swap` (Margo), or one or
//! more steps (`f6>f5 e5>e4`, `e8>B++`, squares may be labels) for Margrites;
//! POINTS is a list `c3, d3 and e4`; N is a number in digits or words (`no`,
//! `one` ... `twelve`).
//!
//! | form | meaning |
//! |---|---|
//! | `after MOVES, CLAIM` | the moves (separated by spaces; the comma ends them) played in order from the drawn position, then CLAIM there; a Margrites turn whose steps are all made ends |
//! | `MOVE is legal` / `MOVE is illegal` / `MOVE is illegal: REASON` | the engine's legality and its reason (Margo: occupied, unsupported, too high, suicide, ko, swap not allowed, pass not allowed, game over, off the board; Margrites: not a step, off the board, occupied, stalling, martyrdom, no piece, not the mover's piece, turn over, dancing limit, return not allowed, nothing to return, game over) |
//! | `MOVE is not a step` | Margrites: the step goes to no touching square or off a non-scoring edge |
//! | `MOVE captures N [pieces] [and leaves K zombies]` / `MOVE captures nothing` | pieces captured (removed or left as zombies, any colour), and of those the new zombies |
//! | `MOVE removes POINTS` | exactly these points are emptied (Margrites: captured) |
//! | `POINTS is/are [not] buried / zombies / a zombie / alive / captured / removed / empty / occupied` | each point has (or lacks) the property; `captured`/`removed` refer to the last move played (the figure's `moves`/`steps`, or the `after` moves) |
//! | `POINT has freedom` / `POINT has no freedom` | the piece's group has a freedom (Margo) |
//! | `POINTS are [not] connected` | all in one group (Margo; a buried piece is connected to nothing) |
//! | `the link A-B is [not] cut` | the over/under cut of the same-level link (Margo) |
//! | `score is 7-5` / `score is 1(2)-0(7)` | pieces per player in player order (Margo); points(captures), Black first (Margrites) |
//! | `N legal moves` / `N legal steps` | how many legal moves (Margo) or steps (Margrites) there are |
//! | `the game is [not] over` / `the game is a draw` / `COLOUR wins [SCORE]` | the result; Margo SCORE is the winner's pieces then the others' (`9-7`); Margrites SCORE is points, the winner's first (`2-1`), or a score line (`1(2)-0(7)`) |
//! | `the setup is legal` / `the setup is illegal[: REASON]` | Margrites: the figure's pieces as a starting setup (reasons: wrong count, outside home rows, two pieces on a square) |
//! | `COLOUR to play wins / loses / draws` / `... wins by N` / `... loses by N` | the exact solver's value for the side to move (Margo, Spargo) |
//! | `best move is MOVE` / `MOVE is the only winning move` | the solver's values of the moves |
//! | `COLOUR to play can / cannot win / score K / capture K / trap within N turns` | the Margrites solver's answer |
//!
//! The parser only reads; which forms apply to which game, and what the words
//! mean there, is decided by the game's checker.

use std::fmt;

use thiserror::Error;

/// A claim that does not fit the grammar.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{message}")]
pub struct ClaimSyntaxError {
    /// What is wrong, in words.
    pub message: String,
}

fn syntax<T>(message: impl Into<String>) -> Result<T, ClaimSyntaxError> {
    Err(ClaimSyntaxError {
        message: message.into(),
    })
}

/// A property of the pieces on some points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    /// Covered by a piece directly above (Margo).
    Buried,
    /// Captured but still on the board (Margo).
    Zombie,
    /// A piece that is not a zombie.
    Alive,
    /// Captured by the last move (removed or left as a zombie).
    Captured,
    /// Emptied by the last move.
    Removed,
    /// No piece on the point.
    Empty,
    /// A piece on the point.
    Occupied,
}

impl Property {
    /// The word the grammar reads.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Property::Buried => "buried",
            Property::Zombie => "a zombie",
            Property::Alive => "alive",
            Property::Captured => "captured",
            Property::Removed => "removed",
            Property::Empty => "empty",
            Property::Occupied => "occupied",
        }
    }
}

/// What a solver claim says about the value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Wins by exactly this margin.
    WinsBy(u32),
    /// Loses by exactly this margin.
    LosesBy(u32),
    /// Wins (any margin).
    Wins,
    /// Loses (any margin).
    Loses,
    /// Draws.
    Draws,
}

/// A Margrites objective, as in `can score 2 within 3 turns`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Win the game.
    Win,
    /// Score this many more points.
    Score(u8),
    /// Be credited with this many more captures.
    Capture(u8),
    /// Leave the opponent without a legal first step.
    Trap,
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Objective::Win => f.write_str("win"),
            Objective::Score(k) => write!(f, "score {k}"),
            Objective::Capture(k) => write!(f, "capture {k}"),
            Objective::Trap => f.write_str("trap"),
        }
    }
}

/// A move as written: one word for Margo, one or more steps for Margrites.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText(pub Vec<String>);

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.join(" "))
    }
}

/// A parsed claim. Points and moves are kept as written; the game's checker
/// resolves them (labels included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// `after MOVES, CLAIM`.
    After {
        /// Moves played in order from the drawn position.
        moves: Vec<MoveText>,
        /// The claim about the position after them.
        then: Box<Claim>,
    },
    /// `MOVE is legal`.
    Legal(MoveText),
    /// `MOVE is illegal` / `MOVE is illegal: REASON` / `MOVE is not a step`.
    Illegal {
        /// The move.
        mv: MoveText,
        /// The reason as written, lower case.
        reason: Option<String>,
    },
    /// `MOVE captures N [and leaves K zombies]` / `MOVE captures nothing`.
    Captures {
        /// The move.
        mv: MoveText,
        /// Pieces captured.
        count: u32,
        /// New zombies, when stated.
        zombies: Option<u32>,
    },
    /// `MOVE removes POINTS`: exactly these points are emptied.
    Removes {
        /// The move.
        mv: MoveText,
        /// The points.
        points: Vec<String>,
    },
    /// `POINTS is|are [not] PROPERTY`.
    State {
        /// The points.
        points: Vec<String>,
        /// Whether `not` was written.
        negated: bool,
        /// The property.
        property: Property,
    },
    /// `POINT has freedom` / `POINT has no freedom`.
    Freedom {
        /// The point.
        point: String,
        /// Whether it has.
        has: bool,
    },
    /// `POINTS are [not] connected`.
    Connected {
        /// The points (two or more).
        points: Vec<String>,
        /// Whether `not` was written.
        negated: bool,
    },
    /// `the link A-B is [not] cut`.
    LinkCut {
        /// One end.
        a: String,
        /// The other end.
        b: String,
        /// Whether `not` was written.
        negated: bool,
    },
    /// `score is 7-5` / `score is 1(2)-0(7)`.
    Score(String),
    /// `N legal moves` / `N legal steps`.
    LegalMoves(u32),
    /// `the game is [not] over`.
    GameOver(bool),
    /// `WINNER wins [SCORE]` / `the game is a draw`.
    Result {
        /// The winner's colour as written, `None` for a draw.
        winner: Option<String>,
        /// The score as written (`9-7`, `3(0)-2(5)`), when given.
        score: Option<String>,
    },
    /// `COLOUR to play wins|loses [by N]`, `COLOUR to play draws`.
    Value {
        /// The colour as written.
        colour: String,
        /// What is claimed.
        value: Value,
    },
    /// `best move is MOVE`.
    BestMove(MoveText),
    /// `MOVE is the only winning move`.
    OnlyWinningMove(MoveText),
    /// `the setup is legal` / `the setup is illegal[: REASON]` (Margrites: the
    /// pieces as a starting setup, rulings B2).
    Setup {
        /// Whether `legal` was written.
        legal: bool,
        /// The reason as written, lower case.
        reason: Option<String>,
    },
    /// `COLOUR to play can|cannot OBJECTIVE within N turns`.
    Within {
        /// The colour as written.
        colour: String,
        /// `can` (true) or `cannot`.
        can: bool,
        /// The objective.
        objective: Objective,
        /// The turn limit.
        turns: u8,
    },
}

const COLOURS: [&str; 4] = ["white", "black", "grey", "red"];

/// Reads one claim.
///
/// # Errors
/// [`ClaimSyntaxError`] saying what was expected.
///
/// ```
/// use cannonball::figure::claim::{parse, Claim, MoveText};
/// let c = parse("after c4, a is legal").unwrap();
/// assert_eq!(c, Claim::After {
///     moves: vec![MoveText(vec!["c4".into()])],
///     then: Box::new(Claim::Legal(MoveText(vec!["a".into()]))),
/// });
/// assert!(parse("a is purple").is_err());
/// ```
pub fn parse(text: &str) -> Result<Claim, ClaimSyntaxError> {
    let original = tokens(text);
    if original.is_empty() {
        return syntax("the claim is empty");
    }
    let words: Vec<String> = original.iter().map(|w| w.to_ascii_lowercase()).collect();
    let mut claim = parse_words(&words)?;
    restore_case(&mut claim, &original);
    Ok(claim)
}

/// Words are matched without regard to case; moves, points and labels keep the
/// case they were written in (`e8>B++`, a label `A`).
fn restore_case(claim: &mut Claim, original: &[String]) {
    let fix = |w: &mut String| {
        if let Some(o) = original.iter().find(|o| o.eq_ignore_ascii_case(w)) {
            w.clone_from(o);
        }
    };
    let fix_all = |v: &mut Vec<String>| v.iter_mut().for_each(fix);
    match claim {
        Claim::After { moves, then } => {
            moves.iter_mut().for_each(|m| fix_all(&mut m.0));
            restore_case(then, original);
        }
        Claim::Legal(mv)
        | Claim::Illegal { mv, .. }
        | Claim::Captures { mv, .. }
        | Claim::BestMove(mv)
        | Claim::OnlyWinningMove(mv) => fix_all(&mut mv.0),
        Claim::Removes { mv, points } => {
            fix_all(&mut mv.0);
            fix_all(points);
        }
        Claim::State { points, .. } | Claim::Connected { points, .. } => fix_all(points),
        Claim::Freedom { point, .. } => fix(point),
        Claim::LinkCut { a, b, .. } => {
            for end in [a, b] {
                if let Some(o) = original
                    .iter()
                    .filter_map(|o| o.split_once('-'))
                    .flat_map(|(x, y)| [x, y])
                    .find(|o| o.eq_ignore_ascii_case(end))
                {
                    *end = o.to_string();
                }
            }
        }
        Claim::Score(text) => fix(text),
        Claim::Result { score, .. } => {
            if let Some(s) = score {
                fix(s);
            }
        }
        Claim::LegalMoves(_)
        | Claim::GameOver(_)
        | Claim::Value { .. }
        | Claim::Within { .. }
        | Claim::Setup { .. } => {}
    }
}

/// Splits a claim into words: white space separates, and `,` `:` `;` `.` at the
/// end of a word are words of their own (a machine point `1,0,2` stays whole).
fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for raw in text.split_whitespace() {
        let mut word = raw.to_string();
        let mut tail = Vec::new();
        while let Some(last) = word.chars().last() {
            if matches!(last, ',' | ':' | ';' | '.') && !is_number(&word) {
                tail.push(last.to_string());
                word.pop();
            } else {
                break;
            }
        }
        if !word.is_empty() {
            out.push(word);
        }
        out.extend(tail.into_iter().rev());
    }
    out
}

fn is_number(w: &str) -> bool {
    !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit())
}

/// A count written in digits or as a small English number (`no` is zero).
fn number(w: &str) -> Option<u32> {
    if is_number(w) {
        return w.parse().ok();
    }
    const WORDS: [&str; 13] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS.iter().position(|&n| n == w).map(|i| i as u32)
}

fn expect_number(w: Option<&String>, what: &str) -> Result<u32, ClaimSyntaxError> {
    match w {
        Some(w) => number(w).map_or_else(|| syntax(format!("expected {what}, found `{w}`")), Ok),
        None => syntax(format!("expected {what} at the end")),
    }
}

fn parse_words(w: &[String]) -> Result<Claim, ClaimSyntaxError> {
    let s: Vec<&str> = w.iter().map(String::as_str).collect();
    match s.as_slice() {
        ["after", rest @ ..] => parse_after(rest),
        ["best", "move", "is", mv @ ..] => Ok(Claim::BestMove(move_text(mv)?)),
        ["the", "setup", "is", "legal"] => Ok(Claim::Setup {
            legal: true,
            reason: None,
        }),
        ["the", "setup", "is", "illegal"] => Ok(Claim::Setup {
            legal: false,
            reason: None,
        }),
        ["the", "setup", "is", "illegal", ":", reason @ ..] if !reason.is_empty() => {
            Ok(Claim::Setup {
                legal: false,
                reason: Some(reason.join(" ")),
            })
        }
        ["the", "game", "is", "over"] => Ok(Claim::GameOver(true)),
        ["the", "game", "is", "not", "over"] => Ok(Claim::GameOver(false)),
        ["the", "game", "is", "a", "draw"] => Ok(Claim::Result {
            winner: None,
            score: None,
        }),
        ["the", "link", link, "is", rest @ ..] => parse_link(link, rest),
        ["score", "is", score] => Ok(Claim::Score((*score).to_string())),
        [n, "legal", "move" | "moves" | "step" | "steps"] => Ok(Claim::LegalMoves(expect_number(
            Some(&(*n).to_string()),
            "a number",
        )?)),
        [colour, "to", "play", rest @ ..] if COLOURS.contains(colour) => {
            parse_to_play(colour, rest)
        }
        [colour, "wins", score @ ..] if COLOURS.contains(colour) && score.len() <= 1 => {
            Ok(Claim::Result {
                winner: Some((*colour).to_string()),
                score: score.first().map(|s| (*s).to_string()),
            })
        }
        _ => parse_subject(&s),
    }
}

fn parse_after(rest: &[&str]) -> Result<Claim, ClaimSyntaxError> {
    let Some(comma) = rest.iter().position(|&t| t == ",") else {
        return syntax("`after MOVES` needs a comma before the claim");
    };
    let moves = split_moves(&rest[..comma])?;
    if moves.is_empty() {
        return syntax("`after` needs at least one move");
    }
    let then: Vec<String> = rest[comma + 1..].iter().map(|t| (*t).to_string()).collect();
    if then.is_empty() {
        return syntax("nothing is claimed after the moves");
    }
    Ok(Claim::After {
        moves,
        then: Box::new(parse_words(&then)?),
    })
}

/// Moves of an `after` list: separated by spaces, `then` or `;`. Margrites steps
/// of one turn are kept together only by the caller's game; here each word is
/// one move, except that the game may join them.
fn split_moves(words: &[&str]) -> Result<Vec<MoveText>, ClaimSyntaxError> {
    let mut out = Vec::new();
    for &w in words {
        match w {
            "then" | ";" | "and" => {}
            "," | ":" | "." => return syntax(format!("unexpected `{w}` in the move list")),
            _ => out.push(MoveText(vec![w.to_string()])),
        }
    }
    Ok(out)
}

fn move_text(words: &[&str]) -> Result<MoveText, ClaimSyntaxError> {
    let words: Vec<String> = words
        .iter()
        .filter(|w| !matches!(**w, ";" | "then"))
        .map(|w| (*w).to_string())
        .collect();
    if words.is_empty() {
        return syntax("expected a move");
    }
    if let Some(bad) = words.iter().find(|w| matches!(w.as_str(), "," | ":" | ".")) {
        return syntax(format!("unexpected `{bad}` in a move"));
    }
    Ok(MoveText(words))
}

fn parse_link(link: &str, rest: &[&str]) -> Result<Claim, ClaimSyntaxError> {
    let Some((a, b)) = link.split_once('-') else {
        return syntax(format!(
            "expected a link written POINT-POINT, found `{link}`"
        ));
    };
    if a.is_empty() || b.is_empty() {
        return syntax(format!(
            "expected a link written POINT-POINT, found `{link}`"
        ));
    }
    let negated = match rest {
        ["cut"] => false,
        ["not", "cut"] => true,
        _ => return syntax("expected `is cut` or `is not cut` after the link"),
    };
    Ok(Claim::LinkCut {
        a: a.to_string(),
        b: b.to_string(),
        negated,
    })
}

fn parse_to_play(colour: &str, rest: &[&str]) -> Result<Claim, ClaimSyntaxError> {
    let colour = colour.to_string();
    let value = match rest {
        ["wins"] => Value::Wins,
        ["loses"] => Value::Loses,
        ["draws"] => Value::Draws,
        ["wins", "by", n] => Value::WinsBy(expect_number(Some(&(*n).to_string()), "a margin")?),
        ["loses", "by", n] => Value::LosesBy(expect_number(Some(&(*n).to_string()), "a margin")?),
        [can @ ("can" | "cannot"), objective @ ..] => {
            return parse_within(colour, *can == "can", objective);
        }
        _ => {
            return syntax(
                "expected `wins`, `loses`, `draws`, `wins by N`, `loses by N`, `can ... within N turns` or `cannot ... within N turns` after `to play`",
            );
        }
    };
    Ok(Claim::Value { colour, value })
}

fn parse_within(colour: String, can: bool, words: &[&str]) -> Result<Claim, ClaimSyntaxError> {
    let Some(at) = words.iter().position(|&w| w == "within") else {
        return syntax("expected `within N turns`");
    };
    let turns = match &words[at + 1..] {
        [n, "turn" | "turns"] => expect_number(Some(&(*n).to_string()), "a number of turns")?,
        _ => return syntax("expected `within N turns` at the end"),
    };
    let turns = u8::try_from(turns)
        .ok()
        .filter(|&t| t > 0)
        .map_or_else(|| syntax("the number of turns must be from 1 to 255"), Ok)?;
    let count = |w: &str| -> Result<u8, ClaimSyntaxError> {
        let n = expect_number(Some(&w.to_string()), "a count")?;
        u8::try_from(n)
            .ok()
            .filter(|&k| k > 0)
            .map_or_else(|| syntax("the count must be from 1 to 255"), Ok)
    };
    let objective = match &words[..at] {
        ["win"] => Objective::Win,
        ["trap"] => Objective::Trap,
        ["score", k] | ["score", k, "point" | "points"] => Objective::Score(count(k)?),
        ["capture", k] | ["capture", k, "piece" | "pieces"] => Objective::Capture(count(k)?),
        _ => return syntax("expected `win`, `trap`, `score K` or `capture K` before `within`"),
    };
    Ok(Claim::Within {
        colour,
        can,
        objective,
        turns,
    })
}

/// Claims that start with their subject: a move or a list of points.
fn parse_subject(s: &[&str]) -> Result<Claim, ClaimSyntaxError> {
    let Some(verb) = s
        .iter()
        .position(|&w| matches!(w, "is" | "are" | "has" | "captures" | "removes"))
    else {
        return syntax("expected a verb (`is`, `are`, `has`, `captures` or `removes`)");
    };
    if verb == 0 {
        return syntax(format!("`{}` needs a move or points before it", s[0]));
    }
    let (subject, rest) = (&s[..verb], &s[verb + 1..]);
    match (s[verb], rest) {
        ("is", ["legal"]) => Ok(Claim::Legal(move_text(subject)?)),
        ("is", ["illegal"]) => Ok(Claim::Illegal {
            mv: move_text(subject)?,
            reason: None,
        }),
        ("is", ["illegal", ":", reason @ ..]) if !reason.is_empty() => Ok(Claim::Illegal {
            mv: move_text(subject)?,
            reason: Some(reason.join(" ")),
        }),
        ("is", ["not", "a", "step"]) => Ok(Claim::Illegal {
            mv: move_text(subject)?,
            reason: Some("not a step".to_string()),
        }),
        ("is", ["the", "only", "winning", "move" | "step" | "turn"]) => {
            Ok(Claim::OnlyWinningMove(move_text(subject)?))
        }
        ("captures", rest) => parse_captures(move_text(subject)?, rest),
        ("removes", rest) => Ok(Claim::Removes {
            mv: move_text(subject)?,
            points: point_list(rest)?,
        }),
        ("has", ["freedom"]) | ("has", ["a", "freedom"]) => Ok(Claim::Freedom {
            point: single_point(subject)?,
            has: true,
        }),
        ("has", ["no", "freedom"]) => Ok(Claim::Freedom {
            point: single_point(subject)?,
            has: false,
        }),
        ("is" | "are", rest) => parse_state(subject, rest),
        _ => syntax(format!(
            "cannot read `{}` after `{}`",
            rest.join(" "),
            s[verb]
        )),
    }
}

fn parse_captures(mv: MoveText, rest: &[&str]) -> Result<Claim, ClaimSyntaxError> {
    let (count, rest) = match rest {
        ["nothing"] => return Ok(captures(mv, 0, Some(0))),
        [n, rest @ ..] => (expect_number(Some(&(*n).to_string()), "a number")?, rest),
        [] => return syntax("expected a number or `nothing` after `captures`"),
    };
    let rest = match rest {
        ["piece" | "pieces", rest @ ..] => rest,
        _ => rest,
    };
    match rest {
        [] => Ok(captures(mv, count, None)),
        ["and", "leaves", k, "zombie" | "zombies"] => {
            let k = expect_number(Some(&(*k).to_string()), "a number of zombies")?;
            Ok(captures(mv, count, Some(k)))
        }
        _ => syntax(format!(
            "expected `and leaves K zombies` or the end, found `{}`",
            rest.join(" ")
        )),
    }
}

fn captures(mv: MoveText, count: u32, zombies: Option<u32>) -> Claim {
    Claim::Captures { mv, count, zombies }
}

fn parse_state(subject: &[&str], rest: &[&str]) -> Result<Claim, ClaimSyntaxError> {
    let points = point_list(subject)?;
    let (negated, rest) = match rest {
        ["not", rest @ ..] => (true, rest),
        _ => (false, rest),
    };
    if rest == ["connected"] {
        if points.len() < 2 {
            return syntax("`connected` needs two or more points");
        }
        return Ok(Claim::Connected { points, negated });
    }
    let property = match rest {
        ["buried"] => Property::Buried,
        ["zombies" | "zombie"] | ["a", "zombie"] => Property::Zombie,
        ["alive"] => Property::Alive,
        ["captured"] => Property::Captured,
        ["removed"] => Property::Removed,
        ["empty"] => Property::Empty,
        ["occupied"] => Property::Occupied,
        _ => {
            return syntax(format!(
                "expected legal, illegal, buried, zombies, alive, captured, removed, empty, occupied or connected, found `{}`",
                rest.join(" ")
            ));
        }
    };
    Ok(Claim::State {
        points,
        negated,
        property,
    })
}

/// `c3, d3 and e4`: points separated by commas and a final `and`.
fn point_list(words: &[&str]) -> Result<Vec<String>, ClaimSyntaxError> {
    let mut out = Vec::new();
    let mut expect_point = true;
    for &w in words {
        match w {
            "," | "and" if !expect_point => expect_point = true,
            "," | "and" | ":" | ";" | "." => {
                return syntax(format!("unexpected `{w}` in a list of points"));
            }
            _ if expect_point => {
                out.push(w.to_string());
                expect_point = false;
            }
            _ => return syntax(format!("expected `,` or `and` before `{w}`")),
        }
    }
    if out.is_empty() || expect_point {
        return syntax("expected a list of points");
    }
    Ok(out)
}

fn single_point(words: &[&str]) -> Result<String, ClaimSyntaxError> {
    match words {
        [p] => Ok((*p).to_string()),
        _ => syntax("expected one point"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> MoveText {
        MoveText(s.split_whitespace().map(str::to_string).collect())
    }

    #[test]
    fn reads_every_form() {
        let cases: Vec<(&str, Claim)> = vec![
            ("a is legal", Claim::Legal(mv("a"))),
            (
                "b2+1 is illegal",
                Claim::Illegal {
                    mv: mv("b2+1"),
                    reason: None,
                },
            ),
            (
                "b is illegal: suicide",
                Claim::Illegal {
                    mv: mv("b"),
                    reason: Some("suicide".into()),
                },
            ),
            (
                "swap is illegal: swap not allowed",
                Claim::Illegal {
                    mv: mv("swap"),
                    reason: Some("swap not allowed".into()),
                },
            ),
            (
                "f7>d8 is not a step",
                Claim::Illegal {
                    mv: mv("f7>d8"),
                    reason: Some("not a step".into()),
                },
            ),
            (
                "a captures 5 and leaves 2 zombies",
                Claim::Captures {
                    mv: mv("a"),
                    count: 5,
                    zombies: Some(2),
                },
            ),
            (
                "a captures one piece",
                Claim::Captures {
                    mv: mv("a"),
                    count: 1,
                    zombies: None,
                },
            ),
            (
                "c4 captures nothing",
                Claim::Captures {
                    mv: mv("c4"),
                    count: 0,
                    zombies: Some(0),
                },
            ),
            (
                "a removes c3, d3 and 1,0,2",
                Claim::Removes {
                    mv: mv("a"),
                    points: vec!["c3".into(), "d3".into(), "1,0,2".into()],
                },
            ),
            (
                "c3 and d3 are zombies",
                Claim::State {
                    points: vec!["c3".into(), "d3".into()],
                    negated: false,
                    property: Property::Zombie,
                },
            ),
            (
                "b2 is not buried",
                Claim::State {
                    points: vec!["b2".into()],
                    negated: true,
                    property: Property::Buried,
                },
            ),
            (
                "c3 has no freedom",
                Claim::Freedom {
                    point: "c3".into(),
                    has: false,
                },
            ),
            (
                "c3 has freedom",
                Claim::Freedom {
                    point: "c3".into(),
                    has: true,
                },
            ),
            (
                "c3 and d4 are not connected",
                Claim::Connected {
                    points: vec!["c3".into(), "d4".into()],
                    negated: true,
                },
            ),
            (
                "the link c3-d3 is cut",
                Claim::LinkCut {
                    a: "c3".into(),
                    b: "d3".into(),
                    negated: false,
                },
            ),
            ("score is 7-5", Claim::Score("7-5".into())),
            ("Score is 1(2)-0(7)", Claim::Score("1(2)-0(7)".into())),
            ("12 legal moves", Claim::LegalMoves(12)),
            (
                "the setup is legal",
                Claim::Setup {
                    legal: true,
                    reason: None,
                },
            ),
            (
                "the setup is illegal: outside home rows",
                Claim::Setup {
                    legal: false,
                    reason: Some("outside home rows".into()),
                },
            ),
            (
                "after d8>B++, A is empty",
                Claim::After {
                    moves: vec![mv("d8>B++")],
                    then: Box::new(Claim::State {
                        points: vec!["A".into()],
                        negated: false,
                        property: Property::Empty,
                    }),
                },
            ),
            ("the game is over", Claim::GameOver(true)),
            ("the game is not over", Claim::GameOver(false)),
            (
                "White wins 9-7",
                Claim::Result {
                    winner: Some("white".into()),
                    score: Some("9-7".into()),
                },
            ),
            (
                "the game is a draw",
                Claim::Result {
                    winner: None,
                    score: None,
                },
            ),
            (
                "White to play wins by 3",
                Claim::Value {
                    colour: "white".into(),
                    value: Value::WinsBy(3),
                },
            ),
            (
                "Black to play draws",
                Claim::Value {
                    colour: "black".into(),
                    value: Value::Draws,
                },
            ),
            ("best move is c4", Claim::BestMove(mv("c4"))),
            (
                "a is the only winning move",
                Claim::OnlyWinningMove(mv("a")),
            ),
            (
                "White to play can score 2 within 3 turns",
                Claim::Within {
                    colour: "white".into(),
                    can: true,
                    objective: Objective::Score(2),
                    turns: 3,
                },
            ),
            (
                "Black to play cannot trap within 1 turn",
                Claim::Within {
                    colour: "black".into(),
                    can: false,
                    objective: Objective::Trap,
                    turns: 1,
                },
            ),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text), Ok(want), "{text}");
        }
    }

    #[test]
    fn after_takes_moves_up_to_the_first_comma() {
        let c = parse("after c4 d4, c3, d3 and e3 are zombies").unwrap();
        let Claim::After { moves, then } = c else {
            panic!("not an after claim")
        };
        assert_eq!(moves, vec![mv("c4"), mv("d4")]);
        assert!(matches!(*then, Claim::State { ref points, .. } if points.len() == 3));
        let c = parse("after f6>f5, g4 and f4 are captured").unwrap();
        assert!(matches!(c, Claim::After { ref moves, .. } if moves == &vec![mv("f6>f5")]));
    }

    #[test]
    fn errors_say_what_was_expected() {
        for (text, part) in [
            ("", "empty"),
            ("a is purple", "found `purple`"),
            ("after c4 c3 is empty", "comma"),
            ("a captures many", "expected a number"),
            ("c3 d3 are zombies", "expected `,` or `and`"),
            ("the link c3 is cut", "POINT-POINT"),
            ("White to play wins by lots", "a margin"),
            ("White to play can dance within 2 turns", "before `within`"),
            ("is legal", "needs a move"),
        ] {
            let err = parse(text).expect_err(text).to_string();
            assert!(err.contains(part), "{text}: {err}");
        }
    }
}

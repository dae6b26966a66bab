//! Reading a claim: words, then the fixed shapes of the grammar.

use super::{Claim, ClaimSyntaxError, MoveText, Objective, Property, Value};

fn syntax<T>(message: impl Into<String>) -> Result<T, ClaimSyntaxError> {
    Err(ClaimSyntaxError {
        message: message.into(),
    })
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

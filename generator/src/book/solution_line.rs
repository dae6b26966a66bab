//! A puzzle's main line: the key, the strongest defence, the answer to it,
//! ..., then the best line the file gives where the tree stops (an end text
//! `verdict: moves`). The booklet writes it out; a Margo or Spargo puzzle
//! page draws a short one with the move numbers on the board.

use cannonball_rules::margo::{Move as MargoMove, notation};

use super::puzzles::{position_figure, quoted, side};
use crate::figure::html::markdown_text;
use crate::puzzle::{Line, Position, Puzzle};

/// The longest line drawn with numbers on the board.
pub const SHORT: usize = 6;

/// The main line: each move as the puzzle's notation writes it, and the
/// verdict where the tree stops (empty when there is none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MainLine {
    /// The moves, the key first.
    pub moves: Vec<String>,
    /// `black removes 8`, `game over: ...`, or empty.
    pub verdict: String,
}

/// Whether `w` reads as a Margo move (`c3`, `b2+1`, `pass`) on some board:
/// for end texts read without a position.
pub(super) fn is_margo_move(w: &str) -> bool {
    let mut chars = w.chars();
    let file = chars.next().is_some_and(|c| c.is_ascii_lowercase());
    let rest: String = chars.collect();
    let (rank, level) = rest.split_once('+').unwrap_or((&rest, "1"));
    w == "pass"
        || (file
            && !rank.is_empty()
            && rank.bytes().all(|b| b.is_ascii_digit())
            && !level.is_empty()
            && level.bytes().all(|b| b.is_ascii_digit()))
}

/// A tree's end text as a reader reads it: colours capitalised, `black
/// removes 3` as `Black takes 3 pieces off`, `the last move: ...` as `after
/// the last move allowed, ...`, `objective reached: standings S` as `goal
/// reached, score S`. A best line after the last `: ` is kept as it is.
#[must_use]
pub fn reader_end(end: &str) -> String {
    let (verdict, line) = match end.rsplit_once(": ") {
        Some((v, tail)) if tail.split_whitespace().all(is_margo_move) => (v, Some(tail)),
        _ => (end, None),
    };
    let mut words: Vec<String> = Vec::new();
    let mut it = verdict.split(' ').peekable();
    while let Some(w) = it.next() {
        let colour = match w {
            "black" => Some("Black"),
            "white" => Some("White"),
            _ => None,
        };
        match (colour, it.peek().copied()) {
            (Some(c), Some("removes"))
                if it
                    .clone()
                    .nth(1)
                    .is_some_and(|n| n.starts_with(|ch: char| ch.is_ascii_digit())) =>
            {
                it.next();
                let n = it.next().unwrap_or("");
                let (count, rest) =
                    n.split_at(n.find(|ch: char| !ch.is_ascii_digit()).unwrap_or(n.len()));
                let pieces = match count {
                    "0" => "no piece".to_owned(),
                    "1" => "1 piece".to_owned(),
                    k => format!("{k} pieces"),
                };
                words.push(format!("{c} takes {pieces} off{rest}"));
            }
            (Some(c), _) => words.push(c.to_owned()),
            (None, _) => words.push(w.to_owned()),
        }
    }
    let verdict = words
        .join(" ")
        .replace("the last move: ", "after the last move allowed, ")
        .replace("objective reached: standings ", "goal reached, score ")
        .replace(", game over", ", and the game is over");
    match line {
        Some(moves) => format!("{verdict}: {moves}"),
        None => verdict,
    }
}

/// The puzzle's main line.
#[must_use]
pub fn main_line(p: &Puzzle) -> MainLine {
    let mut moves = Vec::new();
    let mut line: &Line = &p.solution;
    let end = loop {
        moves.push(p.notation(&line.mv));
        let Some(reply) = line.replies.first() else {
            break line.end.clone();
        };
        moves.push(p.notation(&reply.mv));
        match &reply.answer {
            Some(next) => line = next,
            None => break reply.end.clone(),
        }
    };
    if let (Position::Margo(pos), Some((verdict, tail))) = (&p.position, end.rsplit_once(": ")) {
        let words: Vec<&str> = tail.split_whitespace().collect();
        let is_move = |w: &str| notation::parse_move(pos.geometry(), w).is_ok();
        if !words.is_empty() && words.iter().all(|w| is_move(w)) {
            moves.extend(words.iter().map(|w| (*w).to_owned()));
            return MainLine {
                moves,
                verdict: verdict.to_owned(),
            };
        }
    }
    MainLine {
        moves,
        verdict: end,
    }
}

/// The line as text: numbered moves with their colours (a Margrites turn
/// carries its own number), then the verdict.
#[must_use]
pub fn line_text(p: &Puzzle, line: &MainLine) -> String {
    let moves: Vec<String> = line
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| match &p.position {
            Position::Margo(_) => format!("{}. {} {m}", i + 1, side(p, i)),
            Position::Margrites(_) => m.clone(),
        })
        .collect();
    let mut out = moves.join(" ");
    if !line.verdict.is_empty() {
        out.push_str(" — ");
        out.push_str(&reader_end(&line.verdict));
    }
    out
}

/// The figure of a short Margo or Spargo main line, each move's number on
/// its point: `None` when the line is a single move or longer than
/// [`SHORT`], passes, plays a point twice, or buries a numbered piece (its
/// number would sit under another piece).
#[must_use]
pub fn numbered_figure(p: &Puzzle) -> Option<String> {
    let Position::Margo(start) = &p.position else {
        return None;
    };
    let line = main_line(p);
    if !(2..=SHORT).contains(&line.moves.len()) {
        return None;
    }
    let geo = start.geometry();
    let mut pos = start.clone();
    let mut points = Vec::new();
    for text in &line.moves {
        let MargoMove::Place(pt) = notation::parse_move(geo, text).ok()? else {
            return None;
        };
        if points.contains(&pt) {
            return None;
        }
        pos.play(MargoMove::Place(pt)).ok()?;
        points.push(pt);
    }
    let hidden = points.iter().any(|&pt| {
        geo.directly_above(pt)
            .is_some_and(|up| pos.color_at(up).is_some())
    });
    if hidden {
        return None;
    }
    let claim = if pos.outcome().is_some() {
        "the game is over".to_owned()
    } else {
        format!("{} legal moves", pos.legal_moves().len())
    };
    let labels: Vec<String> = line
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!("'{}': {m}", i + 1))
        .collect();
    let caption = format!(
        "The main line, each move's number on its point: {}.",
        markdown_text(&line_text(p, &line))
    );
    Some(position_figure(
        p,
        &[
            format!("moves: {}", line.moves.join(" ")),
            format!("labels: {{{}}}", labels.join(", ")),
            format!("caption: {}", quoted(&caption)),
            "claims:".to_owned(),
            format!("  - {}", quoted(&claim)),
        ],
    ))
}

#[cfg(test)]
mod tests {
    use super::{is_margo_move, reader_end};

    #[test]
    fn end_texts_read_as_sentences() {
        for (file, page) in [
            ("black removes 8: a5", "Black takes 8 pieces off: a5"),
            ("white removes 1: b5 c4", "White takes 1 piece off: b5 c4"),
            (
                "the last move: black removes 0",
                "after the last move allowed, Black takes no piece off",
            ),
            ("white wins: a1+2 c2+1 d4", "White wins: a1+2 c2+1 d4"),
            ("black wins", "Black wins"),
            (
                "objective reached: standings 1(0)-0(4), game over",
                "goal reached, score 1(0)-0(4), and the game is over",
            ),
            (
                "3 more defences, all proved to fail",
                "3 more defences, all proved to fail",
            ),
            ("black removes", "Black removes"),
        ] {
            assert_eq!(reader_end(file), page);
        }
    }

    #[test]
    fn margo_moves_are_told_from_words() {
        for w in ["a1", "c3", "b2+1", "g7+3", "pass"] {
            assert!(is_margo_move(w), "{w}");
        }
        for w in ["", "removes", "8", "a", "a+1", "b2+", "A1", "c3+x"] {
            assert!(!is_margo_move(w), "{w}");
        }
    }
}

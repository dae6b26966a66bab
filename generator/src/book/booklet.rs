//! A game's printable puzzle booklet (`puzzles/booklet/GAME.md`): every
//! puzzle's question and diagram in number order, then the answers at the
//! back, so that a printed copy can be solved without seeing them. The
//! diagrams are the puzzle pages' own figures, checked by the same claims.

use std::path::PathBuf;

use serde::Serialize;

use super::pages::Pages;
use super::puzzles::{Page, PuzzlePagesError, game_value_text, key_steps, numbered, side};
use crate::figure::html::markdown_text;
use crate::puzzle::{Line, Position, Puzzle};
use cannonball_rules::Game;

/// The folder of the booklets under the book's source (kept out of the
/// search index in `book.toml`).
pub const FOLDER: &str = "puzzles/booklet";

#[derive(Serialize)]
struct Question {
    number: u32,
    figure: String,
}

#[derive(Serialize)]
struct Answer {
    number: u32,
    key: String,
    line: String,
    game_value: String,
}

#[derive(Serialize)]
struct BookletView {
    game: &'static str,
    game_title: &'static str,
    questions: Vec<Question>,
    answers: Vec<Answer>,
}

/// Whether `w` reads as a Margo move (`c3`, `b2+1`, `pass`).
fn is_margo_move(w: &str) -> bool {
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

/// The main line of the solution, in Markdown: the key, the strongest
/// defence, the answer to it, ..., then the best line where the tree stops
/// (an end text `verdict: moves`), each move numbered with its colour, and
/// the verdict.
fn main_line(p: &Puzzle) -> String {
    let mut moves = Vec::new();
    let mut line: &Line = &p.solution;
    let mut ply = 0;
    let end = loop {
        moves.push(numbered(p, &line.mv, ply));
        let Some(reply) = line.replies.first() else {
            ply += 1;
            break line.end.clone();
        };
        moves.push(numbered(p, &reply.mv, ply + 1));
        match &reply.answer {
            Some(next) => {
                line = next;
                ply += 2;
            }
            None => {
                ply += 2;
                break reply.end.clone();
            }
        }
    };
    let mut verdict = end.as_str();
    if let (Position::Margo(_), Some((v, tail))) = (&p.position, end.rsplit_once(": ")) {
        let words: Vec<&str> = tail.split_whitespace().collect();
        if !words.is_empty() && words.iter().all(|w| is_margo_move(w)) {
            for (i, w) in words.iter().enumerate() {
                moves.push(format!("{}. {} {w}", ply + i + 1, side(p, ply + i)));
            }
            verdict = v;
        }
    }
    let mut out = markdown_text(&moves.join(" "));
    if !verdict.is_empty() {
        out.push_str(" — ");
        out.push_str(&markdown_text(verdict));
    }
    out
}

/// The figure of a question in the booklet: the puzzle's position with its
/// number and question as the caption, and the claim that the key is legal.
fn question_figure(p: &Puzzle, number: u32) -> String {
    let caption = format!(
        "{} {number}: {}",
        p.game.title(),
        markdown_text(&p.question)
    );
    super::puzzles::position_figure(
        p,
        &[
            format!("caption: {}", super::puzzles::quoted(&caption)),
            "claims:".to_owned(),
            format!(
                "  - {}",
                super::puzzles::quoted(&format!("{} is legal", key_steps(p)))
            ),
        ],
    )
}

/// The booklet of `game`'s puzzles, given in number order.
///
/// # Errors
/// The template cannot be rendered.
pub fn booklet(
    game: Game,
    numbered_puzzles: &[(u32, &Puzzle)],
    pages: &Pages,
) -> Result<Page, PuzzlePagesError> {
    let view = BookletView {
        game: game.slug(),
        game_title: game.title(),
        questions: numbered_puzzles
            .iter()
            .map(|&(n, p)| Question {
                number: n,
                figure: question_figure(p, n),
            })
            .collect(),
        answers: numbered_puzzles
            .iter()
            .map(|&(n, p)| Answer {
                number: n,
                key: markdown_text(&p.notation(&p.key)),
                line: main_line(p),
                game_value: game_value_text(p),
            })
            .collect(),
    };
    Ok(Page {
        name: format!("{} puzzle booklet", game.title()),
        path: PathBuf::from(format!("{FOLDER}/{}.md", game.slug())),
        content: pages.render("puzzle-booklet.md.tera", &view)?,
    })
}

#[cfg(test)]
mod tests {
    use super::is_margo_move;

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

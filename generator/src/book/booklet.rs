//! A game's printable puzzle booklet (`puzzles/booklet/GAME.md`): every
//! puzzle's question and diagram in number order, then the answers at the
//! back, so that a printed copy can be solved without seeing them. The
//! diagrams are the puzzle pages' own figures, checked by the same claims.

use std::path::PathBuf;

use serde::Serialize;

use super::pages::Pages;
use super::puzzles::{Page, PuzzlePagesError, capitalise, game_value_text, key_steps};
use super::solution_line::{line_text, main_line, reader_end};
use crate::figure::html::markdown_text;
use crate::puzzle::Puzzle;
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
    /// Who wins whoever moves next (Markdown, escaped), when asked.
    verdict: String,
}

#[derive(Serialize)]
struct BookletView {
    game: &'static str,
    game_title: &'static str,
    questions: Vec<Question>,
    answers: Vec<Answer>,
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
    let mut verdicts = Vec::new();
    for &(_, p) in numbered_puzzles {
        let v = super::verdict::answer(p).map_err(|reason| PuzzlePagesError::Page {
            game: game.slug(),
            id: p.id.clone(),
            reason,
        })?;
        verdicts.push(v.unwrap_or_default());
    }
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
            .zip(verdicts)
            .map(|(&(n, p), verdict)| {
                let line = main_line(p);
                // A line of the key alone says only where it stops.
                let text = if line.moves.len() > 1 {
                    line_text(p, &line)
                } else {
                    // It starts a sentence.
                    capitalise(&reader_end(&line.verdict))
                };
                Answer {
                    number: n,
                    key: p.notation(&p.key).trim_end_matches('.').to_owned(),
                    line: markdown_text(text.trim_end_matches('.')),
                    game_value: game_value_text(p),
                    verdict,
                }
            })
            .collect(),
    };
    Ok(Page {
        name: format!("{} puzzle booklet", game.title()),
        path: PathBuf::from(format!("{FOLDER}/{}.md", game.slug())),
        content: pages.render("puzzle-booklet.md.tera", &view)?,
    })
}

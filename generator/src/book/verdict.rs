//! The answer to "who wins, whoever moves next?" (a Margo or Spargo `win`
//! puzzle with an `other-to-move` half), as the puzzle page and the booklet
//! write it: the winner, why the opponent moving first looked good for it,
//! and its line replayed by the engine to where it stops.

use crate::figure::html::markdown_text;
use crate::puzzle::{Move, Position, Puzzle};
use cannonball_rules::margo::Color;

use super::puzzles::capitalise;

/// A colour as a sentence writes it (`Black`).
fn title(c: Color) -> String {
    capitalise(&c.to_string())
}

/// The answer as Markdown (the file's words escaped), or `None` when the
/// puzzle does not ask it. The line is replayed: an illegal move is an
/// error naming it.
///
/// # Errors
/// The position is not a Margo one, the opponent to move is not a legal
/// position, or a move of the line is illegal.
pub fn answer(p: &Puzzle) -> Result<Option<String>, String> {
    let Some(other) = &p.other_to_move else {
        return Ok(None);
    };
    let Position::Margo(pos) = &p.position else {
        return Err("other-to-move: not a Margo position".into());
    };
    let winner = pos.to_move();
    let loser = winner.next(2);
    let mut cur = pos
        .other_to_move()
        .map_err(|e| format!("other-to-move: {e}"))?;
    let mut moves = Vec::new();
    for (i, mv) in other.line.iter().enumerate() {
        let Move::Margo(m) = mv else {
            return Err("other-to-move: a line move is not a Margo move".into());
        };
        let side = title(cur.to_move());
        cur.play(*m).map_err(|e| {
            format!(
                "other-to-move: line move {} ({}): {e}",
                i + 1,
                p.notation(mv)
            )
        })?;
        moves.push(format!("{}. {side} {}", i + 1, p.notation(mv)));
    }
    let end = match cur.outcome() {
        Some(o) => {
            // Players are numbered in move order; puzzles are between two.
            let w_index = pos.player_to_move();
            let score = |i: usize| o.scores.get(i).copied().unwrap_or(0);
            let (w, l) = (score(w_index), score((w_index + 1) % 2));
            if w > l {
                format!("the game is over: {} wins by {}", title(winner), w - l)
            } else {
                return Err(format!(
                    "other-to-move: the line ends the game without a win for {}",
                    title(winner)
                ));
            }
        }
        None => format!("{} keeps the win", title(winner)),
    };
    Ok(Some(format!(
        "**{w} wins, whoever moves next.** With {w} to move, the key wins. \
         With {l} to move, {why}, yet every {l} move loses; for example {line}, and {end}.",
        w = title(winner),
        l = title(loser),
        why = markdown_text(&other.why),
        line = markdown_text(&moves.join(" ")),
    )))
}

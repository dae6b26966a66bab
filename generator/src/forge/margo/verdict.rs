//! "Who wins, whoever moves next?": the other half of a Margo or Spargo
//! `win` puzzle. The side to move wins (with its one winning move); the same
//! board with the opponent to move is lost for the opponent as well, although
//! moving first looks good for it: it can capture at once, or it has more
//! pieces on the board. Without such a reason the verdict surprises nobody,
//! and the puzzle does not ask it.

use crate::puzzle::{self, OtherToMove, Value};
use crate::solve::Wld;
use crate::solve::margo::Mode;
use cannonball_rules::margo::{AnyPosition, Move};

use super::ForgeError;
use super::players::{balance, captures};
use super::solving::Exact;

/// `piece` or `pieces`.
fn noun(n: u64) -> &'static str {
    if n == 1 { "piece" } else { "pieces" }
}

/// The least lead on the board, or the fewest pieces one move captures, that
/// makes moving first look good: one piece either way tempts nobody.
pub const TEMPTING: u64 = 2;

/// Why the opponent moving first in `other` (the opponent to move) looks
/// good for it, and the move that shows it: its biggest capture, when that
/// takes at least [`TEMPTING`] pieces. `None` when nothing makes it look
/// good (it leads by fewer than [`TEMPTING`] pieces and captures fewer).
fn temptation(other: &AnyPosition) -> Option<(String, Option<Move>)> {
    let me = super::capitalise(&other.to_move().to_string());
    let mut biggest: Option<(Move, u64)> = None;
    for m in other.legal_moves() {
        let n = u64::try_from(captures(other, m)).unwrap_or(u64::MAX);
        if n >= TEMPTING && biggest.is_none_or(|b| n > b.1) {
            biggest = Some((m, n));
        }
    }
    let mut why = Vec::new();
    if let Some(n) = u64::try_from(balance(other))
        .ok()
        .filter(|&n| n >= TEMPTING)
    {
        why.push(format!("{me} has {n} more {} on the board", noun(n)));
    }
    if let Some((_, n)) = biggest {
        why.push(format!("{me} can capture {n} {} at once", noun(n)));
    }
    (!why.is_empty()).then(|| (why.join(" and "), biggest.map(|b| b.0)))
}

/// The other half of a "who wins, whoever moves next?" question on `pos`
/// (whose side to move wins): the same board with the opponent to move,
/// proven lost for the opponent, with why moving first looks good for it
/// and a line from its most tempting move (its biggest capture, else the
/// first of its moves in the solver's order). `None` when the position has
/// a ko point (the question would depend on it), when the opponent to move
/// is not a legal position or does not lose, when nothing makes moving first
/// look good, or when the budget cannot settle it.
///
/// # Errors
/// The solver cannot run.
pub fn other_side(pos: &AnyPosition, exact: &mut Exact) -> Result<Option<OtherToMove>, ForgeError> {
    if pos.ko_point().is_some() {
        return Ok(None);
    }
    let Ok(other) = pos.other_to_move() else {
        return Ok(None);
    };
    if other.outcome().is_some() {
        return Ok(None);
    }
    let Some((why, capture)) = temptation(&other) else {
        return Ok(None);
    };
    let Some(sol) = exact.solve(&other, Mode::Wld)? else {
        return Ok(None);
    };
    if sol.moves.iter().any(|m| m.bounds.wld() != Some(Wld::Loss)) {
        return Ok(None);
    }
    let Some(first) = capture.or_else(|| sol.moves.first().map(|m| m.mv)) else {
        return Ok(None);
    };
    let mut after = other.clone();
    after.play_unchecked(first);
    let mut line = vec![first];
    if after.outcome().is_none() {
        let Some(rest) = exact.solve(&after, Mode::Wld)? else {
            return Ok(None);
        };
        line.extend(rest.pv.iter().copied());
    }
    Ok(Some(OtherToMove {
        why,
        value: Value::Result(Wld::Loss),
        line: line.into_iter().map(puzzle::Move::Margo).collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forge::margo::spargo_position as spargo;
    use cannonball_rules::margo::notation;

    #[test]
    fn nothing_tempts_on_an_even_board_without_captures() {
        let p = spargo("black a1; white d4; to-move white");
        assert_eq!(temptation(&p), None);
    }

    #[test]
    fn a_lead_and_a_capture_of_two_tempt() {
        // White to move leads by two and can take b1 by playing c1: the
        // lead tempts, the capture of one does not.
        let p = spargo("black b1; white a1 b2 d4; to-move white");
        let (why, capture) = temptation(&p).unwrap();
        assert_eq!(why, "White has 2 more pieces on the board");
        assert_eq!(capture, None);
        // A lead of one and a capture of one: nothing.
        let p = spargo("black b1 d3; white a1 b2 d4; to-move white");
        assert_eq!(temptation(&p), None);
        // Two Black pieces in the corner, taken by one move: a capture of two.
        let p = spargo("black a1 b1; white a2 b2 d4; to-move white");
        let (why, capture) = temptation(&p).unwrap();
        assert_eq!(why, "White can capture 2 pieces at once");
        assert_eq!(
            capture.map(|m| notation::human(p.geometry(), m)),
            Some("c1".to_owned())
        );
    }

    /// Spargo 88's position (`spargo-c8f9dc6fb763`): Black to move wins
    /// with a1+1; White, moving first instead, leads by two and still loses.
    const LEAD: &str = "black c1 b2 c2 d3 b4 b1+1 a2+1 b2+1 c2+1; \
        white a1 b1 a2 d2 a3 b3 c3 a4 c4 a3+1 b3+1; zombies b4; to-move black";

    #[test]
    fn the_opponent_moving_first_loses_too() {
        let p = spargo(LEAD);
        let mut exact = Exact::new(50_000);
        let o = other_side(&p, &mut exact).unwrap().unwrap();
        assert_eq!(o.why, "White has 2 more pieces on the board");
        assert_eq!(o.value, Value::Result(Wld::Loss));
        // The line is legal from the board with White to move, and ends the
        // game with Black ahead.
        let mut cur = p.other_to_move().unwrap();
        for m in &o.line {
            let puzzle::Move::Margo(m) = m else {
                panic!("a Margo move")
            };
            cur.play(*m).unwrap();
        }
        let end = cur.outcome().expect("the line ends the game");
        assert_eq!(end.winners, vec![p.player_to_move()]);
    }

    #[test]
    fn no_verdict_with_the_side_to_move_exchanged() {
        // White to move in the same position wins nothing by the question:
        // Black, moving first instead, wins; and a ko point makes the
        // question depend on it.
        let white = spargo(&LEAD.replace("to-move black", "to-move white"));
        let mut exact = Exact::new(50_000);
        assert_eq!(other_side(&white, &mut exact).unwrap(), None);
    }
}

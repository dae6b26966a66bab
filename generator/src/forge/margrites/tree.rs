//! The solution tree of a puzzle, from the solver's proof of the key.
//!
//! After the key (and after each of the attacker's answers), the defences are
//! the opponent's distinct turns, the strongest first (those that hold out the
//! longest, as the solver ranks them). Every defence is proved to fail; the
//! file keeps all of them when there are at most [`TOP_DEFENCES`] after the key
//! and [`DEEP_DEFENCES`] deeper down, else the strongest that many, and the
//! parent's `end` says how many more were proved. Each attacker answer is the
//! solver's choice, marked `only` when it is the one distinct turn that still
//! reaches the objective in the turns left (checked by a solve of its own).

use crate::puzzle::margrites::play_turn;
use crate::puzzle::{Line, Objective, Reply};
use crate::solve::margrites::ProofTurn;
use cannonball_rules::margrites::Position;
use cannonball_rules::margrites::notation::standings_text;

use super::ForgeError;
use super::analyse::{Runner, remaining, turn, unique};

/// Defences kept after the key.
pub const TOP_DEFENCES: usize = 30;
/// Defences kept after the attacker's later answers.
pub const DEEP_DEFENCES: usize = 3;

/// `objective reached: standings 0(7)-0(5)`, with `, game over` when it is.
fn reached(p: &Position) -> String {
    let over = if p.is_over() { ", game over" } else { "" };
    format!(
        "objective reached: standings {}{over}",
        standings_text(&p.standings())
    )
}

/// The solution tree from the key's proof; `Ok(Err(reason))` when the proof is
/// incomplete.
///
/// # Errors
/// A proof turn that does not replay, or the solver refusing a position.
pub(crate) fn solution(
    run: &mut Runner,
    start: &Position,
    objective: Objective,
    turns: u8,
    proof: &ProofTurn,
) -> Result<Result<Line, String>, ForgeError> {
    build(run, start, start, objective, turns, proof, true, 0)
}

#[allow(clippy::too_many_arguments)]
fn build(
    run: &mut Runner,
    start: &Position,
    before: &Position,
    objective: Objective,
    left: u8,
    proof: &ProofTurn,
    only: bool,
    depth: usize,
) -> Result<Result<Line, String>, ForgeError> {
    if proof.truncated {
        return Ok(Err("the proof budget ran out".into()));
    }
    let (_, after) = play_turn(before, &proof.turn.notation)?;
    let mut line = Line {
        mv: turn(&proof.turn.notation)?,
        only,
        replies: Vec::new(),
        end: String::new(),
    };
    if proof.reaches {
        line.end = reached(&after);
        return Ok(Ok(line));
    }
    let breadth = if depth == 0 {
        TOP_DEFENCES
    } else {
        DEEP_DEFENCES
    };
    for d in proof.defences.iter().take(breadth) {
        let (_, after_reply) = play_turn(&after, &d.reply.notation)?;
        let mut reply = Reply {
            mv: turn(&d.reply.notation)?,
            answer: None,
            end: String::new(),
        };
        match &d.answer {
            None if d.holds_out == 0 => reply.end = reached(&after_reply),
            None => return Ok(Err("a defence without an answer".into())),
            Some(answer) => {
                let turns_left = left - 1;
                let Some(goal) = remaining(objective, start, &after_reply) else {
                    return Ok(Err("an answer after the objective was reached".into()));
                };
                let r = run.solve(&after_reply, goal, turns_left, false)?;
                let next = build(
                    run,
                    start,
                    &after_reply,
                    objective,
                    turns_left,
                    answer,
                    unique(&r),
                    depth + 1,
                )?;
                match next {
                    Ok(l) => reply.answer = Some(Box::new(l)),
                    Err(e) => return Ok(Err(e)),
                }
            }
        }
        line.replies.push(reply);
    }
    let shown = line.replies.len() as u64;
    if proof.replies > shown {
        line.end = format!(
            "{} more defences, all proved to fail",
            proof.replies - shown
        );
    }
    Ok(Ok(line))
}

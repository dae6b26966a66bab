//! Proof trees for winning turns and refutation lines for failing ones, built
//! after the search from the same proven results (most come from the table).
//!
//! A proof shows, for a winning turn, the opponent's replies that hold out
//! longest (the most of the side's turns still needed after them; ties: the
//! least promising for the side), each with the side's answer and its own
//! proof, to the turn limit. A refutation follows one line: the opponent's
//! refuting reply, the side's most promising next try, its refutation, and so on.

use cannonball_rules::margrites::Position;
use cannonball_rules::margrites::turngen::DistinctTurn;

use super::report::{Defence, ProofTurn, TurnLine};
use super::search::{Searcher, Value, replay_turn};

/// The proof that `turn` (the side's, from `before`) reaches the objective with
/// `left` of the side's turns to come.
pub(crate) fn prove(
    s: &mut Searcher<'_>,
    before: &Position,
    turn: &DistinctTurn,
    left: u8,
    breadth: usize,
) -> ProofTurn {
    let mut proof = ProofTurn {
        turn: TurnLine::new(before, &turn.steps),
        reaches: false,
        replies: 0,
        defences: Vec::new(),
        truncated: false,
    };
    let after = turn.after;
    if s.goal.reached_after_own_turn(&after) {
        proof.reaches = true;
        return proof;
    }
    let m = if s.goal.rebuttal_pending(&after) {
        0
    } else {
        left
    };
    let replies = s.all_turns(&after);
    proof.replies = replies.len() as u64;
    let mut ranked = Vec::with_capacity(replies.len());
    for (index, reply) in replies.iter().enumerate() {
        let Some(holds) = holds_out(s, &reply.after, m) else {
            proof.truncated = true;
            return proof;
        };
        let promise = s.goal.promise(&reply.after);
        ranked.push((std::cmp::Reverse(holds), promise, index));
    }
    ranked.sort_unstable();
    for &(std::cmp::Reverse(holds), _, index) in ranked.iter().take(breadth) {
        let reply = &replies[index];
        let answer = if holds == 0 {
            None
        } else {
            match answer_to(s, &reply.after, holds) {
                Some(t) => Some(prove(s, &reply.after, &t, holds - 1, breadth)),
                None => {
                    proof.truncated = true;
                    None
                }
            }
        };
        proof.defences.push(Defence {
            reply: TurnLine::new(&after, &reply.steps),
            holds_out: holds,
            answer,
        });
    }
    proof
}

/// The fewest of the side's turns (at most `m`) that suffice after a reply;
/// `None` when the budget runs out.
fn holds_out(s: &mut Searcher<'_>, after_reply: &Position, m: u8) -> Option<u8> {
    for j in 0..m {
        match s.after_reply(after_reply, j, 1) {
            Value::Yes => return Some(j),
            Value::No => {}
            Value::Unknown => return None,
        }
    }
    (!s.stopped()).then_some(m)
}

/// The side's most promising turn that reaches the objective within `n` turns.
fn answer_to(s: &mut Searcher<'_>, pos: &Position, n: u8) -> Option<DistinctTurn> {
    let turns = s.own_turns(pos, n);
    for t in s.by_promise(turns) {
        match s.after_own_turn(&t.after, n - 1, 1) {
            Value::Yes => return Some(t),
            Value::No => {}
            Value::Unknown => return None,
        }
    }
    None
}

/// The refutation line of the side's failing `turn`, with `left` of the side's
/// turns to come.
pub(crate) fn refute(s: &mut Searcher<'_>, turn: &DistinctTurn, mut left: u8) -> Vec<TurnLine> {
    let mut line = Vec::new();
    let mut pos = turn.after;
    loop {
        if pos.is_over() {
            break;
        }
        let m = if s.goal.rebuttal_pending(&pos) {
            0
        } else if left == 0 {
            break;
        } else {
            left
        };
        let Ok(Some(steps)) = s.refutation(&pos, m, 1) else {
            break;
        };
        let Some(reply) = replay_turn(&pos, &steps) else {
            break;
        };
        line.push(TurnLine::new(&pos, &steps));
        if m == 0 || reply.is_over() {
            break;
        }
        let tries = s.own_turns(&reply, left);
        let Some(next) = s.by_promise(tries).into_iter().next() else {
            break;
        };
        line.push(TurnLine::new(&reply, &next.steps));
        pos = next.after;
        left -= 1;
    }
    line
}

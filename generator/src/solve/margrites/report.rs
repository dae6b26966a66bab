//! What a solve returns: the answer, every winning first turn, proof trees for
//! the first few, refutations of the most promising failing tries and the
//! counters, as plain data (serialisable to JSON) and as text.

use std::fmt::Write as _;

use serde::Serialize;

use cannonball_rules::margrites::capture::Cascade;
use cannonball_rules::margrites::notation::{format_turn, standings_text};
use cannonball_rules::margrites::{Position, Step};

use super::search::SearchStats;

/// The answer to "can the side to move reach the objective within N turns?".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    /// Yes, whatever the opponent does.
    Yes,
    /// No: the opponent can prevent it.
    No,
    /// The budget ran out before a proof either way.
    Unknown,
}

impl Answer {
    /// `yes`, `no` or `unknown`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Answer::Yes => "yes",
            Answer::No => "no",
            Answer::Unknown => "unknown",
        }
    }
}

/// One turn as played, in the rule book's notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnLine {
    /// The side that played it (`Black` or `White`).
    pub side: String,
    /// The turn: `1. d5>d6; d6>d7(xe5); d7>d8; d8>B++.`.
    pub notation: String,
    /// Squares emptied by captures during the turn (both colours), in the order
    /// the notation lists them.
    pub captured: Vec<String>,
    /// Points the side scored in the turn.
    pub scored: u8,
    /// Standings after the turn, `B(bc)-W(wc)`: points and captures, Black first.
    pub standings: String,
    /// Whether the game is over after it (a game that ends during Black's turn
    /// with White's rebuttal to come is over after the rebuttal).
    pub game_over: bool,
}

impl TurnLine {
    /// Describes the turn `steps` played from `before` (the steps must be legal
    /// there, as a generated turn's are).
    #[must_use]
    pub fn new(before: &Position, steps: &[Step]) -> TurnLine {
        let side = before.to_move();
        let mut p = *before;
        let mut played: Vec<(Step, Cascade)> = Vec::with_capacity(steps.len());
        let mut captured = Vec::new();
        for &step in steps {
            let report = p.play_step_unchecked(step);
            captured.extend(report.cascade.in_notation_order().map(|s| s.to_string()));
            played.push((step, report.cascade));
        }
        if !p.is_over() {
            p.end_turn_unchecked();
        }
        let scored = p
            .standings()
            .get(side)
            .points
            .saturating_sub(before.standings().get(side).points);
        TurnLine {
            side: side.name().to_string(),
            notation: format_turn(before.turn(), &played),
            captured,
            scored,
            standings: standings_text(&p.standings()),
            game_over: p.is_over(),
        }
    }

    fn summary(&self) -> String {
        let over = if self.game_over { ", game over" } else { "" };
        format!("{}  [{}{over}]", self.notation, self.standings)
    }
}

/// A winning turn of the side pursuing the objective, with the opponent's best
/// defences against it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProofTurn {
    /// The turn.
    pub turn: TurnLine,
    /// Whether the objective is reached with this turn (no defence needed).
    pub reaches: bool,
    /// The opponent's distinct replies to it (all of them lose).
    pub replies: u64,
    /// The replies shown: those that hold out longest, each with the answer.
    pub defences: Vec<Defence>,
    /// Whether the tree was cut short here (the proof budget ran out).
    pub truncated: bool,
}

/// One of the opponent's defences, and how the side answers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Defence {
    /// The reply.
    pub reply: TurnLine,
    /// The side's turns still needed after it (0: the reply itself gives the
    /// objective away, e.g. by ending the game).
    pub holds_out: u8,
    /// The side's answer, with its own proof.
    pub answer: Option<ProofTurn>,
}

/// A first turn that reaches the objective.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WinningTurn {
    /// The turn.
    pub turn: TurnLine,
    /// The fewest of the side's turns (this one included) that suffice after it.
    pub within: u8,
    /// The proof tree, for the first few winning turns.
    pub proof: Option<ProofTurn>,
}

/// A first turn that does not reach the objective, and how the opponent stops it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FailedTry {
    /// The turn.
    pub turn: TurnLine,
    /// The refutation: the opponent's refuting reply, the side's most promising
    /// next try, the opponent's refutation of that, ... (empty with one turn).
    pub refutation: Vec<TurnLine>,
}

/// The position solved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionInfo {
    /// The number of the turn about to be played.
    pub turn: u16,
    /// The side to move.
    pub to_move: String,
    /// Standings, `B(bc)-W(wc)`.
    pub standings: String,
    /// Variations in play.
    pub variations: Vec<String>,
    /// The board: `B` Black, `W` White, `.` empty, row 8 first.
    pub board: String,
}

/// The result of a solve.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The objective as given (`score:2`).
    pub objective: String,
    /// The objective in words.
    pub description: String,
    /// The side pursuing it (the side to move).
    pub side: String,
    /// The turn limit: the side's own turns.
    pub turns: u8,
    /// The position.
    pub position: PositionInfo,
    /// The answer.
    pub answer: Answer,
    /// The side's distinct first turns examined (those the bounds left open).
    pub first_turns: u64,
    /// Whether a bound proved the answer no before any turn was generated.
    pub proved_by_bound: bool,
    /// Every winning first turn, deduplicated by resulting position: fewest turns
    /// needed first, then most promising, then generation order.
    pub winning: Vec<WinningTurn>,
    /// Whether `winning` is the complete list (false when the budget ran out).
    pub winning_complete: bool,
    /// First turns whose fate is unknown because the budget ran out.
    pub unknown_first_turns: u64,
    /// The most promising first turns that fail, with their refutations.
    pub failing: Vec<FailedTry>,
    /// Search counters (search and proof phases together).
    pub stats: SearchStats,
    /// Wall-clock time, milliseconds.
    pub millis: u64,
}

/// Winning first turns listed in the text form before "... and N more".
pub const TEXT_LIST_LIMIT: usize = 24;

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Report {
    /// The report as text.
    #[must_use]
    pub fn render_text(&self) -> String {
        let mut out = String::new();
        let p = &self.position;
        let vars = if p.variations.is_empty() {
            String::new()
        } else {
            format!(", variations: {}", p.variations.join(", "))
        };
        let _ = writeln!(
            out,
            "position: turn {}, {} to move, {}{vars}",
            p.turn, p.to_move, p.standings
        );
        out.push_str(&p.board);
        let _ = writeln!(
            out,
            "objective: {} to {} within {} ({})",
            self.side,
            self.description,
            plural(u64::from(self.turns), "turn", "turns"),
            self.objective
        );
        self.render_answer(&mut out);
        self.render_winning(&mut out);
        self.render_failing(&mut out);
        let s = &self.stats;
        let _ = writeln!(
            out,
            "searched: {} examined, {} nodes, {} positions, {} table hits, {} bound cuts, {:.3} s",
            plural(self.first_turns, "first turn", "first turns"),
            s.nodes,
            s.positions,
            s.table_hits,
            s.bound_cuts,
            self.millis as f64 / 1000.0
        );
        out
    }

    fn render_answer(&self, out: &mut String) {
        let n = self.winning.len() as u64;
        let detail = match self.answer {
            Answer::Yes if self.winning_complete => {
                plural(n, "winning first turn", "winning first turns")
            }
            Answer::Yes => format!(
                "{} found; the budget ran out before the list was complete",
                plural(n, "winning first turn", "winning first turns")
            ),
            Answer::No if self.proved_by_bound => {
                "a bound proves no line can reach it in time".to_string()
            }
            Answer::No if self.first_turns == 0 => {
                "bounds cut every first turn before it was complete".to_string()
            }
            Answer::No => format!(
                "every first turn fails ({} examined)",
                plural(self.first_turns, "turn", "turns")
            ),
            Answer::Unknown => format!(
                "the budget ran out: {} of {} first turns undecided",
                self.unknown_first_turns, self.first_turns
            ),
        };
        let _ = writeln!(out, "answer: {}: {detail}", self.answer.as_str());
    }

    fn render_winning(&self, out: &mut String) {
        if self.winning.is_empty() {
            return;
        }
        let _ = writeln!(out, "winning first turns:");
        for w in self.winning.iter().take(TEXT_LIST_LIMIT) {
            let within = if self.turns > 1 {
                format!("  within {}", plural(u64::from(w.within), "turn", "turns"))
            } else {
                String::new()
            };
            let _ = writeln!(out, "  {}{within}", w.turn.summary());
        }
        if self.winning.len() > TEXT_LIST_LIMIT {
            let _ = writeln!(
                out,
                "  ... and {} more (see --json)",
                self.winning.len() - TEXT_LIST_LIMIT
            );
        }
        for w in &self.winning {
            if let Some(proof) = &w.proof {
                if proof.reaches {
                    continue;
                }
                let _ = writeln!(out, "proof:");
                render_proof(out, proof, 1);
            }
        }
    }

    fn render_failing(&self, out: &mut String) {
        if self.failing.is_empty() {
            return;
        }
        let _ = writeln!(out, "most promising failing tries:");
        for f in &self.failing {
            let _ = writeln!(out, "  {}", f.turn.summary());
            for (i, t) in f.refutation.iter().enumerate() {
                let role = if i % 2 == 0 { "refuted by" } else { "then" };
                let _ = writeln!(out, "    {role} {}", t.summary());
            }
        }
    }
}

fn render_proof(out: &mut String, proof: &ProofTurn, depth: usize) {
    let pad = "  ".repeat(depth);
    let tail = if proof.reaches { "  reaches it" } else { "" };
    let _ = writeln!(out, "{pad}{}{tail}", proof.turn.summary());
    if proof.reaches {
        return;
    }
    for d in &proof.defences {
        let holds = if d.holds_out == 0 {
            "gives it away".to_string()
        } else {
            format!(
                "holds out {}",
                plural(u64::from(d.holds_out), "turn", "turns")
            )
        };
        let _ = writeln!(out, "{pad}  {}  ({holds})", d.reply.summary());
        if let Some(answer) = &d.answer {
            render_proof(out, answer, depth + 2);
        }
    }
    let shown = proof.defences.len() as u64;
    if proof.replies > shown {
        let _ = writeln!(
            out,
            "{pad}  ... {} more",
            plural(proof.replies - shown, "reply loses", "replies lose")
        );
    }
    if proof.truncated {
        let _ = writeln!(out, "{pad}  ... (proof budget ran out here)");
    }
}

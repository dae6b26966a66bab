//! What an interactive Margrites puzzle page plays: the proved tree of the
//! file, as for Margo ([`super::play`]), and for each of the reader's turns the
//! graph of its half-made turns, so that the reader makes a turn step by step
//! (pick a piece, then where it goes) and the page's script still knows no
//! rules: every legal step of every half-made turn, the captures it causes and
//! the drawing it leads to come from the engine.
//!
//! A finished turn that leaves the same position as a turn the file names (the
//! key, the tree's answer, a try) carries that turn's name, so the page judges
//! it as the file does, whatever order its steps were made in.

use std::collections::BTreeMap;

use cannonball_rules::margrites::notation::{format_step, standings_text};
use cannonball_rules::margrites::stepgraph::{StepTarget, step_graph};
use cannonball_rules::margrites::{Color, Position, Square, Step as MgStep, StepReport};
use serde::Serialize;

use super::play::{
    Defence, Drawings, Node, PlayData, PlayError, Step, Verdict, hint, verdict_kind,
};
use crate::puzzle::{self, Line, Puzzle, Turn, Value};
use crate::render::MargritesDiagram;

/// Most half-made turns one of the reader's turns may have.
const MAX_HALF_TURNS: usize = 1_000_000;

/// Most half-made turns on the way to the named turns of one decision.
const MAX_KEPT: u32 = 2000;

/// Defences kept per decision in any case: the strongest, and the eight the
/// page offers after the puzzle is solved.
const KEPT_DEFENCES: usize = 9;

/// One legal step of a half-made turn, as the page offers it. The page reads
/// the squares from the step's text and moves the drawing's pieces itself.
#[derive(Clone, Debug, Serialize)]
pub struct TurnStep {
    /// The step (`d3>c4`, `a8>B++`).
    pub s: String,
    /// The captures it causes, as the notation writes them (`(xd5)`), or empty.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub x: String,
    /// The half-made turn it leads to; none when the turn is over or the
    /// step is `off`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub n: Option<u32>,
    /// For a step that ends the turn where a turn the file names ends (the
    /// key, an answer, a try): that turn's name.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub done: String,
    /// The step leaves every turn the file names here behind.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub off: bool,
}

/// A half-made turn on the way to a turn the file names.
#[derive(Clone, Debug, Serialize)]
pub struct HalfTurn {
    /// The standings so far (`1(6)-0(5)`), for the drawing's score line.
    pub score: String,
    /// Every legal step.
    pub steps: Vec<TurnStep>,
}

/// A turn's name on the page: its steps without the turn number
/// (`d3>c4; e3>d4(xd5)`).
pub(super) fn turn_name(t: &Turn) -> String {
    t.written_steps()
}

/// Whether two finished turns leave the same position.
fn same_outcome(a: &Position, b: &Position) -> bool {
    a.board() == b.board()
        && a.standings() == b.standings()
        && a.phase() == b.phase()
        && a.to_move() == b.to_move()
        && Color::ALL.iter().all(|&c| a.exits(c) == b.exits(c))
}

/// The defences of `line` a page keeps, by their place in the file: the
/// strongest [`KEPT_DEFENCES`], and every other defence whose answer differs
/// from all those before it (the page asks the reader to answer each of
/// those, so none may be left out).
#[must_use]
pub fn kept_defences(line: &Line) -> Vec<usize> {
    let mut answers: Vec<Option<&puzzle::Move>> = Vec::new();
    let mut kept = Vec::new();
    for (i, r) in line.replies.iter().enumerate() {
        let answer = r.answer.as_ref().map(|a| &a.mv);
        let new_answer = !answers.contains(&answer);
        if new_answer {
            answers.push(answer);
        }
        if i < KEPT_DEFENCES || new_answer {
            kept.push(i);
        }
    }
    kept
}

/// What a turn did: pieces captured (by colour and square), points scored,
/// the end of the game.
fn note(reports: &[StepReport], after: &Position) -> String {
    let mut parts = Vec::new();
    for c in Color::ALL {
        let squares: Vec<String> = reports
            .iter()
            .flat_map(|r| *r.cascade.removed().get(c))
            .map(|sq| sq.to_string())
            .collect();
        match squares.len() {
            0 => {}
            1 => parts.push(format!("the {c} piece on {} is captured", squares[0])),
            _ => parts.push(format!(
                "the {c} pieces on {} are captured",
                squares.join(", ")
            )),
        }
    }
    let scored = reports
        .iter()
        .filter(|r| matches!(r.step, MgStep::Score { .. }))
        .count();
    if scored > 0 {
        parts.push(format!(
            "scores {scored} {}",
            if scored == 1 { "point" } else { "points" }
        ));
    }
    if after.is_over() {
        parts.push(format!(
            "the game is over (Black–White {})",
            standings_text(&after.standings())
        ));
    }
    parts.join("; ")
}

/// Plays the file's turns and draws what they reach.
struct Player {
    drawings: Drawings,
    nodes: Vec<Node>,
    turns: Vec<HalfTurn>,
}

impl Player {
    /// Draws `pos`, with `steps` as arrows.
    fn draw(&mut self, pos: &Position, steps: &[MgStep]) -> Result<u32, PlayError> {
        let mut d = MargritesDiagram::new(pos, self.drawings.prefix());
        d.steps = steps.to_vec();
        Ok(self.drawings.store(&d.render()?))
    }

    /// Plays turn `t` from `pos`: the step and the position after it.
    fn step(
        &mut self,
        pos: &Position,
        t: &Turn,
        history: &str,
    ) -> Result<(Step, Position), PlayError> {
        let name = turn_name(t);
        let (steps, after) = t.play(pos).map_err(|e| PlayError::Move {
            mv: name.clone(),
            before: if history.is_empty() {
                "the puzzle's position".to_owned()
            } else {
                history.to_owned()
            },
            reason: e.reason,
        })?;
        let mut replay = *pos;
        let reports: Vec<StepReport> = steps
            .iter()
            .map(|&s| replay.play_step_unchecked(s))
            .collect();
        let step = Step {
            who: pos.to_move().to_string(),
            pos: self.draw(&after, &steps)?,
            note: note(&reports, &after),
            mv: name,
        };
        Ok((step, after))
    }

    /// The turns of a file's line, played out; empty if any cannot be.
    fn line(&mut self, pos: &Position, turns: &[&Turn]) -> Vec<Step> {
        let mut out = Vec::new();
        let mut pos = *pos;
        for t in turns {
            match self.step(&pos, t, "") {
                Ok((s, after)) => {
                    out.push(s);
                    pos = after;
                }
                Err(_) => return Vec::new(),
            }
        }
        out
    }

    /// The reader's turn at `pos`, step by step: the half-made turns on the
    /// way to the turns the file names there (`named`, with the positions
    /// they leave), each with every legal step, those that leave all the
    /// named turns behind marked `off`. Returns the number of its start in
    /// [`Player::turns`].
    fn half_turns(
        &mut self,
        pos: &Position,
        named: &[(String, Position)],
    ) -> Result<u32, PlayError> {
        let graph = step_graph(pos, MAX_HALF_TURNS)?;
        let name_of = |after: &Position| {
            named
                .iter()
                .find(|(_, p)| same_outcome(p, after))
                .map(|(name, _)| name.clone())
        };
        // Which half-made turns can still become a named turn. A step adds one
        // step made, and the graph is numbered breadth first, so every step
        // leads to a later node: one backward pass settles it.
        let mut reach = vec![false; graph.nodes.len()];
        for k in (0..graph.nodes.len()).rev() {
            reach[k] = k == 0
                || graph.nodes[k].steps.iter().any(|e| match e.target {
                    StepTarget::Node(c) => reach[c as usize],
                    StepTarget::Finished(after) => name_of(&after).is_some(),
                });
        }
        let base = self.turns.len() as u32;
        let mut number = vec![None; graph.nodes.len()];
        let mut next = base;
        for (k, r) in reach.iter().enumerate() {
            if *r {
                number[k] = Some(next);
                next += 1;
            }
        }
        if next - base > MAX_KEPT {
            return Err(PlayError::TooManyWays(MAX_KEPT));
        }
        for (k, node) in graph.nodes.iter().enumerate() {
            if !reach[k] {
                continue;
            }
            let steps = node
                .steps
                .iter()
                .map(|e| {
                    let full = format_step(e.step, &e.cascade);
                    let plain = e.step.to_string();
                    let (n, done) = match e.target {
                        StepTarget::Node(c) => (number[c as usize], String::new()),
                        StepTarget::Finished(after) => (None, name_of(&after).unwrap_or_default()),
                    };
                    TurnStep {
                        x: full[plain.len()..].to_owned(),
                        s: plain,
                        off: n.is_none() && done.is_empty(),
                        n,
                        done,
                    }
                })
                .collect();
            self.turns.push(HalfTurn {
                score: standings_text(&node.position.standings()),
                steps,
            });
        }
        Ok(base)
    }

    /// The node for the reader's turn at `pos`, whose tree is `line`; `tries`
    /// are the other turns the file names there. Returns its number.
    fn node(
        &mut self,
        pos: &Position,
        line: &Line,
        tries: &[(String, Position)],
        history: &str,
    ) -> Result<u32, PlayError> {
        let puzzle::Move::Margrites(t) = &line.mv else {
            return Err(PlayError::OtherGame);
        };
        let number = self.nodes.len() as u32;
        let kept = kept_defences(line);
        let at = self.draw(pos, &[])?;
        let (after, after_pos) = self.step(pos, t, history)?;
        let mut named = vec![(after.mv.clone(), after_pos)];
        named.extend(tries.iter().cloned());
        let turn = self.half_turns(pos, &named)?;
        let history = format!("{history} {}", after.mv).trim().to_owned();
        self.nodes.push(Node {
            pos: at,
            legal: Vec::new(),
            answer: after.mv.clone(),
            only: line.only,
            after,
            end: if line.replies.is_empty() {
                super::solution_line::reader_end(&line.end)
            } else {
                String::new()
            },
            replies: Vec::new(),
            turn: Some(turn),
            more: line.replies.len() - kept.len() + untold(&line.end),
        });
        let mut replies = Vec::new();
        for r in kept.iter().map(|&i| &line.replies[i]) {
            let puzzle::Move::Margrites(rt) = &r.mv else {
                return Err(PlayError::OtherGame);
            };
            let (step, q) = self.step(&after_pos, rt, &history)?;
            let h = format!("{history} {}", step.mv);
            let next = match &r.answer {
                Some(a) => Some(self.node(&q, a, &[], &h)?),
                None => None,
            };
            replies.push(Defence {
                step,
                next,
                end: super::solution_line::reader_end(&r.end),
                line: Vec::new(),
            });
        }
        self.nodes[number as usize].replies = replies;
        Ok(number)
    }
}

/// The data of the Margrites puzzle `p`, whose position is `start`.
pub(super) fn play_data(
    p: &Puzzle,
    start: &Position,
    value_words: impl Fn(Value) -> String,
) -> Result<PlayData, PlayError> {
    let mut player = Player {
        drawings: Drawings::new(&p.id),
        nodes: Vec::new(),
        turns: Vec::new(),
    };
    // Every first turn the file values, with the position it leaves.
    let mut named = Vec::new();
    for v in &p.values {
        if v.mv != p.key {
            let t = turn_of(&v.mv)?;
            named.push((turn_name(t), player.step(start, t, "")?.1));
        }
    }
    for tr in &p.tries {
        let t = turn_of(&tr.mv)?;
        let name = turn_name(t);
        if !named.iter().any(|(n, _)| *n == name) {
            named.push((name, player.step(start, t, "")?.1));
        }
    }
    // Where each square is drawn: the page puts its targets there. Every
    // drawing it moves pieces on has no arrows, so the layout is the start's.
    let d = MargritesDiagram::new(start, player.drawings.prefix());
    for sq in Square::all() {
        let at = d.centre(sq);
        player.drawings.point(sq.to_string(), at);
    }
    player.node(start, &p.solution, &named, "")?;
    let key_value = p.values.iter().find(|v| v.mv == p.key).map(|v| v.value);
    let mut first = BTreeMap::new();
    let valued = p
        .values
        .iter()
        .filter(|v| v.mv != p.key)
        .map(|v| (&v.mv, v.value))
        .chain(p.tries.iter().map(|t| (&t.mv, t.value)));
    for (mv, value) in valued {
        let t = turn_of(mv)?;
        let name = turn_name(t);
        if first.contains_key(&name) {
            continue;
        }
        let tried = p.tries.iter().find(|tr| tr.mv == *mv);
        let line = match tried {
            Some(tr) => {
                let mut turns = vec![t];
                for r in &tr.refutation {
                    turns.push(turn_of(r)?);
                }
                player.line(start, &turns)
            }
            None => Vec::new(),
        };
        first.insert(
            name,
            Verdict {
                kind: key_value.map_or("wrong", |k| verdict_kind(p.objective, k, value)),
                value: value_words(value),
                tempting: tried.map(|t| t.tempting.clone()).unwrap_or_default(),
                line,
            },
        );
    }
    let Player {
        drawings,
        nodes,
        turns,
    } = player;
    let (lines, positions, points) = drawings.into_parts();
    Ok(PlayData {
        id: p.id.clone(),
        game: p.game.slug(),
        attacker: start.to_move().to_string(),
        lines,
        positions,
        points,
        nodes,
        first,
        hint: hint(p),
        turns,
    })
}

/// Whether the turn `name` can be made step by step from half-made turn `h`
/// of `data`, ending where the page names it.
pub(super) fn can_make(data: &PlayData, h: u32, name: &str) -> bool {
    let steps: Vec<&str> = name.split("; ").collect();
    let mut at = h;
    for (i, written) in steps.iter().enumerate() {
        let Some(half) = data.turns.get(at as usize) else {
            return false;
        };
        let Some(s) = half
            .steps
            .iter()
            .find(|s| format!("{}{}", s.s, s.x) == *written)
        else {
            return false;
        };
        match s.n {
            Some(next) if i + 1 < steps.len() => at = next,
            None if i + 1 == steps.len() => return s.done == name,
            _ => return false,
        }
    }
    false
}

/// The defences a tree's end text says it left out (`617 more defences, all
/// proved to fail`), or 0.
pub(super) fn untold(end: &str) -> usize {
    end.strip_suffix(" more defences, all proved to fail")
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The turn of a Margrites move.
fn turn_of(m: &puzzle::Move) -> Result<&Turn, PlayError> {
    match m {
        puzzle::Move::Margrites(t) => Ok(t),
        puzzle::Move::Margo(_) => Err(PlayError::OtherGame),
    }
}

//! What an interactive puzzle page plays: the proved tree of a Margo or
//! Spargo puzzle file, with every position the reader can reach drawn by the
//! diagram renderer, as one JSON object that the page's script
//! (`book/theme/puzzle.js`) reads. Nothing here is written by hand and
//! nothing is decided here: the moves, the defences (best first), the values
//! of every first move and the refutations of the tries all come from the
//! file, and the engine only plays them out to draw the positions and name
//! what each move removes.
//!
//! The drawings share most of their lines (the board, the coordinates, the
//! pieces that do not move), so each distinct SVG line is stored once and a
//! position is the list of its lines' numbers.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use cannonball_rules::margo::{AnyPosition, Color, Move, notation};
use serde::Serialize;

use crate::puzzle::{self, Line, Objective, Puzzle, Value};
use crate::render::MargoDiagram;
use crate::solve::Wld;

/// One move as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct Step {
    /// The move (`c4`, `a2+1`, `pass`).
    pub mv: String,
    /// Who plays it (`Black`).
    pub who: String,
    /// The position after it (a number of [`PlayData::positions`]).
    pub pos: u32,
    /// What it did: pieces removed, zombies made, the game's end.
    pub note: String,
}

/// A defence of the tree and what follows it.
#[derive(Clone, Debug, Serialize)]
pub struct Defence {
    /// The defender's move.
    pub step: Step,
    /// The attacker's next decision (a number of [`PlayData::nodes`]), if the
    /// tree goes on.
    pub next: Option<u32>,
    /// Where the tree stops: the proven result.
    pub end: String,
    /// The best line that follows, when the file gives one.
    pub line: Vec<Step>,
}

/// A position where the attacker (the reader) is to move.
#[derive(Clone, Debug, Serialize)]
pub struct Node {
    /// The position.
    pub pos: u32,
    /// Every legal move there.
    pub legal: Vec<String>,
    /// The move the tree plays.
    pub answer: String,
    /// Whether it is the only move that keeps the value.
    pub only: bool,
    /// The answer played.
    pub after: Step,
    /// Where the tree stops right after the answer (no defence to it).
    pub end: String,
    /// Every defence, the strongest first.
    pub replies: Vec<Defence>,
    /// For a Margrites turn: the half-made turn it starts from (a number of
    /// [`PlayData::turns`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
    /// Defences of the tree left out of the page (the strongest are kept).
    #[serde(skip_serializing_if = "is_zero")]
    pub more: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// What a first move is worth, for the reader who plays it.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// `best` (as good as the key), `good` (reaches the goal, but less than
    /// the key) or `wrong`.
    pub kind: &'static str,
    /// The value in words (`loses`, `forces only 1 off`).
    pub value: String,
    /// Why the move tempts, for a listed try.
    pub tempting: String,
    /// Its refutation, for a listed try.
    pub line: Vec<Step>,
}

/// Everything one puzzle page plays.
#[derive(Clone, Debug, Serialize)]
pub struct PlayData {
    /// The puzzle's id.
    pub id: String,
    /// `spargo` or `margo`.
    pub game: &'static str,
    /// The side the reader plays (`Black`).
    pub attacker: String,
    /// The distinct lines of every drawing.
    pub lines: Vec<String>,
    /// Each position's drawing, as line numbers.
    pub positions: Vec<Vec<u32>>,
    /// Where each move the reader can make is drawn (diagram units).
    pub points: BTreeMap<String, (f64, f64)>,
    /// The attacker's decisions; the first is the puzzle's position.
    pub nodes: Vec<Node>,
    /// Every legal first move but the key, with its value.
    pub first: BTreeMap<String, Verdict>,
    /// The themes, shown by the hint button.
    pub hint: String,
    /// For Margrites: the half-made turns the reader steps through.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<super::play_margrites::HalfTurn>,
}

/// Why a puzzle cannot be played on its page.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// A move of the file cannot be played from where the tree has it.
    #[error("move {mv} after {before}: {reason}")]
    Move {
        /// The move.
        mv: String,
        /// The moves before it.
        before: String,
        /// Why.
        reason: String,
    },
    /// A position cannot be drawn.
    #[error("drawing: {0}")]
    Render(#[from] crate::render::RenderError),
    /// A move of one game in another game's puzzle.
    #[error("a move of another game in the tree")]
    OtherGame,
    /// The page's tree is not the file's (a bug in the page's data).
    #[error("the page's tree differs from the file's at {at}: {reason}")]
    Differs {
        /// Where: the moves from the puzzle's position.
        at: String,
        /// What differs.
        reason: String,
    },
    /// A Margrites turn with too many ways to make the file's turns.
    #[error("more than {0} half-made turns lead to the turns the file names")]
    TooManyWays(u32),
    /// A Margrites turn with too many half-made turns to walk.
    #[error(transparent)]
    TooManySteps(#[from] cannonball_rules::margrites::stepgraph::TooManySteps),
}

/// Where each named point or square is drawn (diagram units).
type Points = BTreeMap<String, (f64, f64)>;

/// The drawings, each SVG line once.
pub(super) struct Drawings {
    prefix: String,
    lines: Vec<String>,
    line_numbers: HashMap<String, u32>,
    positions: Vec<Vec<u32>>,
    known: HashMap<Vec<u32>, u32>,
    points: Points,
}

impl Drawings {
    pub(super) fn new(id: &str) -> Drawings {
        Drawings {
            prefix: format!("play-{id}"),
            lines: Vec::new(),
            line_numbers: HashMap::new(),
            positions: Vec::new(),
            known: HashMap::new(),
            points: BTreeMap::new(),
        }
    }

    /// The number of the drawing of `pos`, with the move that led to it from
    /// `before` marked (its ring and the pieces it removed).
    fn draw(
        &mut self,
        pos: &AnyPosition,
        before: Option<(&AnyPosition, Move)>,
    ) -> Result<u32, PlayError> {
        let mut d = MargoDiagram::new(pos, &self.prefix);
        d.playable_hints = true;
        if let Some((b, m)) = before {
            d.mark_move(b, m);
        }
        Ok(self.store(&d.render()?))
    }

    /// The number of the drawing `svg` (stored once).
    pub(super) fn store(&mut self, svg: &str) -> u32 {
        let numbers: Vec<u32> = svg
            .lines()
            .map(|l| {
                let next = self.lines.len() as u32;
                *self.line_numbers.entry(l.to_owned()).or_insert_with(|| {
                    self.lines.push(l.to_owned());
                    next
                })
            })
            .collect();
        let next = self.positions.len() as u32;
        *self.known.entry(numbers.clone()).or_insert_with(|| {
            self.positions.push(numbers);
            next
        })
    }

    /// The distinct lines, each drawing's line numbers, and the points.
    pub(super) fn into_parts(self) -> (Vec<String>, Vec<Vec<u32>>, Points) {
        (self.lines, self.positions, self.points)
    }

    /// The id prefix of every drawing.
    pub(super) fn prefix(&self) -> &str {
        &self.prefix
    }

    /// Records where `name` is drawn (diagram units).
    pub(super) fn point(&mut self, name: String, (x, y): (f64, f64)) {
        // Two decimals are exact for the renderers' grids.
        let round = |v: f64| (v * 100.0).round() / 100.0;
        self.points.insert(name, (round(x), round(y)));
    }

    /// Records where the legal placements of `pos` are drawn; returns every
    /// legal move's name.
    fn legal(&mut self, pos: &AnyPosition) -> Vec<String> {
        let d = MargoDiagram::new(pos, &self.prefix);
        pos.legal_moves()
            .into_iter()
            .map(|m| {
                let name = notation::human(pos.geometry(), m);
                if let Move::Place(p) = m {
                    self.point(name.clone(), d.centre(p));
                }
                name
            })
            .collect()
    }
}

fn counted(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what} piece")
    } else {
        format!("{n} {what} pieces")
    }
}

/// What playing `m` did: the pieces it took off (by colour), the zombies it
/// made, and the end of the game.
fn note(
    before: &AnyPosition,
    after: &AnyPosition,
    removed: &[cannonball_rules::margo::Point],
    zombies: &[cannonball_rules::margo::Point],
) -> String {
    let mut parts = Vec::new();
    for c in [Color::Black, Color::White, Color::Grey, Color::Red] {
        let n = removed
            .iter()
            .filter(|&&p| before.color_at(p) == Some(c))
            .count();
        if n > 0 {
            parts.push(format!("takes {} off", counted(n, c.title())));
        }
        let z = zombies
            .iter()
            .filter(|&&p| after.color_at(p) == Some(c))
            .count();
        if z > 0 {
            let verb = if z == 1 {
                "becomes a zombie"
            } else {
                "become zombies"
            };
            parts.push(format!("{} {verb}", counted(z, c.title())));
        }
    }
    if after.outcome().is_some() {
        let scores = after.scores();
        let score = |c: Color| scores.get(after.player_of(c)).copied().unwrap_or(0);
        parts.push(format!(
            "the game is over (Black {}, White {})",
            score(Color::Black),
            score(Color::White)
        ));
    }
    parts.join("; ")
}

/// Plays the file's moves and draws what they reach.
struct Player {
    drawings: Drawings,
    nodes: Vec<Node>,
}

impl Player {
    /// Plays `m` from `pos`: the step and the position after it.
    fn step(
        &mut self,
        pos: &AnyPosition,
        m: Move,
        history: &str,
    ) -> Result<(Step, AnyPosition), PlayError> {
        let mv = notation::human(pos.geometry(), m);
        let mut after = pos.clone();
        let report = after.play(m).map_err(|e| PlayError::Move {
            mv: mv.clone(),
            before: if history.is_empty() {
                "the puzzle's position".to_owned()
            } else {
                history.to_owned()
            },
            reason: e.to_string(),
        })?;
        let step = Step {
            who: pos.to_move().title().to_owned(),
            pos: self.drawings.draw(&after, Some((pos, m)))?,
            note: note(pos, &after, &report.removed, &report.zombies),
            mv,
        };
        Ok((step, after))
    }

    /// The moves of a file's line, played out; empty if any cannot be.
    fn line(&mut self, pos: &AnyPosition, moves: &[Move], history: &str) -> Vec<Step> {
        let mut out = Vec::new();
        let mut pos = pos.clone();
        let mut history = history.to_owned();
        for &m in moves {
            match self.step(&pos, m, &history) {
                Ok((s, after)) => {
                    history.push(' ');
                    history.push_str(&s.mv);
                    out.push(s);
                    pos = after;
                }
                Err(_) => return Vec::new(),
            }
        }
        out
    }

    /// The best line an `end` text gives (`black wins: a2 a4 a2`): the moves
    /// after its last colon, when every word is a move that can be played.
    fn end_line(&mut self, pos: &AnyPosition, end: &str, history: &str) -> Vec<Step> {
        let Some((_, tail)) = end.rsplit_once(": ") else {
            return Vec::new();
        };
        let moves: Option<Vec<Move>> = tail
            .split_whitespace()
            .map(|w| notation::parse_move(pos.geometry(), w).ok())
            .collect();
        match moves {
            Some(ms) if !ms.is_empty() => self.line(pos, &ms, history),
            _ => Vec::new(),
        }
    }

    /// The node for the attacker's decision at `pos`, whose tree is `line`;
    /// returns its number.
    fn node(&mut self, pos: &AnyPosition, line: &Line, history: &str) -> Result<u32, PlayError> {
        let number = self.nodes.len() as u32;
        let at = self.drawings.draw(pos, None)?;
        let legal = self.drawings.legal(pos);
        let puzzle::Move::Margo(m) = line.mv else {
            return Err(PlayError::OtherGame);
        };
        let (after, after_pos) = self.step(pos, m, history)?;
        let history = format!("{history} {}", after.mv).trim().to_owned();
        self.nodes.push(Node {
            pos: at,
            legal,
            answer: after.mv.clone(),
            only: line.only,
            after,
            end: super::solution_line::reader_end(&line.end),
            replies: Vec::new(),
            turn: None,
            more: 0,
        });
        let mut replies = Vec::new();
        for r in &line.replies {
            let puzzle::Move::Margo(rm) = r.mv else {
                return Err(PlayError::OtherGame);
            };
            let (step, q) = self.step(&after_pos, rm, &history)?;
            let h = format!("{history} {}", step.mv);
            let next = match &r.answer {
                Some(a) => Some(self.node(&q, a, &h)?),
                None => None,
            };
            let line = if next.is_none() {
                self.end_line(&q, &r.end, &h)
            } else {
                Vec::new()
            };
            replies.push(Defence {
                step,
                next,
                end: super::solution_line::reader_end(&r.end),
                line,
            });
        }
        self.nodes[number as usize].replies = replies;
        Ok(number)
    }
}

/// Whether a first move's value reaches the goal at all, and how it compares
/// with the key's.
pub(super) fn verdict_kind(objective: Objective, key: Value, v: Value) -> &'static str {
    if v == key {
        return "best";
    }
    let good = match (objective, v) {
        (Objective::Capture(k), Value::Pieces(n)) => n >= k.into(),
        (_, Value::Margin(m)) => m > 0,
        (_, Value::ByCapture(Wld::Win) | Value::Result(Wld::Win)) => true,
        _ => false,
    };
    if good { "good" } else { "wrong" }
}

/// The data of `p`'s page; `value_words` says a value in words.
///
/// # Errors
/// Not a Margo-family puzzle, a move of the file that cannot be played, or a
/// drawing that cannot be made.
pub fn play_data(p: &Puzzle, value_words: impl Fn(Value) -> String) -> Result<PlayData, PlayError> {
    let start = match &p.position {
        puzzle::Position::Margo(start) => start,
        puzzle::Position::Margrites(start) => {
            return super::play_margrites::play_data(p, start, value_words);
        }
    };
    let mut player = Player {
        drawings: Drawings::new(&p.id),
        nodes: Vec::new(),
    };
    player.node(start, &p.solution, "")?;
    let key_value = p.values.iter().find(|v| v.mv == p.key).map(|v| v.value);
    let mut first = BTreeMap::new();
    for v in &p.values {
        if v.mv == p.key {
            continue;
        }
        let name = p.notation(&v.mv);
        let t = p.tries.iter().find(|t| t.mv == v.mv);
        let line = match (t, &v.mv) {
            (Some(t), puzzle::Move::Margo(m)) => {
                let moves: Vec<Move> = std::iter::once(*m)
                    .chain(t.refutation.iter().filter_map(|r| match r {
                        puzzle::Move::Margo(r) => Some(*r),
                        puzzle::Move::Margrites(_) => None,
                    }))
                    .collect();
                player.line(start, &moves, "")
            }
            _ => Vec::new(),
        };
        first.insert(
            name,
            Verdict {
                kind: key_value.map_or("wrong", |k| verdict_kind(p.objective, k, v.value)),
                value: value_words(v.value),
                tempting: t.map(|t| t.tempting.clone()).unwrap_or_default(),
                line,
            },
        );
    }
    let hint = hint(p);
    let attacker = start.to_move().title().to_owned();
    let Player { drawings, nodes } = player;
    Ok(PlayData {
        id: p.id.clone(),
        game: p.game.slug(),
        attacker,
        lines: drawings.lines,
        positions: drawings.positions,
        points: drawings.points,
        nodes,
        first,
        hint,
        turns: Vec::new(),
    })
}

/// What the hint button says: the puzzle's themes.
pub(super) fn hint(p: &Puzzle) -> String {
    if p.themes.is_empty() {
        "No theme: look for the move that does most.".to_owned()
    } else {
        let names: Vec<&str> = p.themes.iter().map(|t| t.title()).collect();
        format!("Themes: {}.", names.join(", "))
    }
}

/// `data` as JSON that is safe inside a `<script>` element of a Markdown
/// page: no `<`, `>` or `&` (escaped as `\u003c` ...), and no `{{#` (which an
/// mdBook preprocessor would read as a directive).
///
/// # Errors
/// Serialising fails (it cannot for these types).
pub fn script_json(data: &PlayData) -> Result<String, serde_json::Error> {
    let json = serde_json::to_string(data)?;
    Ok(json
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
        .replace("{{", "{\\u007b"))
}

/// A move's name on the page.
fn page_name(p: &Puzzle, m: &puzzle::Move) -> String {
    match m {
        puzzle::Move::Margrites(t) => super::play_margrites::turn_name(t),
        puzzle::Move::Margo(_) => p.notation(m),
    }
}

/// Checks that `data` plays exactly `p`'s proved tree: each of the reader's
/// decisions has the file's answer (legal there, and for Margrites made step
/// by step through the half-made turns), the file's defences in its order
/// (for Margrites the strongest, with the count of the others), the same
/// ends, and no node outside the tree. The build runs it on every page.
///
/// # Errors
/// [`PlayError::Differs`], naming the place and the difference.
pub fn check_tree(p: &Puzzle, data: &PlayData) -> Result<(), PlayError> {
    fn node(
        p: &Puzzle,
        data: &PlayData,
        n: u32,
        line: &Line,
        at: &str,
        seen: &mut BTreeSet<u32>,
    ) -> Result<(), PlayError> {
        let differs = |reason: String| PlayError::Differs {
            at: if at.is_empty() {
                "the puzzle's position".to_owned()
            } else {
                at.to_owned()
            },
            reason,
        };
        let node_data = data
            .nodes
            .get(n as usize)
            .ok_or_else(|| differs(format!("no node {n}")))?;
        if !seen.insert(n) {
            return Err(differs(format!("node {n} is reached twice")));
        }
        let answer = page_name(p, &line.mv);
        if node_data.answer != answer || node_data.after.mv != answer {
            return Err(differs(format!(
                "the answer is {} and not {answer}",
                node_data.answer
            )));
        }
        if node_data.only != line.only {
            return Err(differs(format!("{answer} marked only: {}", node_data.only)));
        }
        match node_data.turn {
            None if !node_data.legal.contains(&answer) => {
                return Err(differs(format!("{answer} is not among the legal moves")));
            }
            Some(h) if !super::play_margrites::can_make(data, h, &answer) => {
                return Err(differs(format!("{answer} cannot be made step by step")));
            }
            _ => {}
        }
        let kept: Vec<usize> = if node_data.turn.is_some() {
            super::play_margrites::kept_defences(line)
        } else {
            (0..line.replies.len()).collect()
        };
        if node_data.replies.len() != kept.len() {
            return Err(differs(format!(
                "{} defences to {answer} instead of {}",
                node_data.replies.len(),
                kept.len()
            )));
        }
        let untold = super::play_margrites::untold(&line.end);
        if node_data.more != line.replies.len() - kept.len() + untold {
            return Err(differs(format!(
                "{} defences to {answer} said to be left out",
                node_data.more
            )));
        }
        if line.replies.is_empty() && node_data.end != super::solution_line::reader_end(&line.end) {
            return Err(differs(format!(
                "the end after {answer} is {:?}",
                node_data.end
            )));
        }
        for (d, r) in node_data
            .replies
            .iter()
            .zip(kept.iter().map(|&i| &line.replies[i]))
        {
            let name = page_name(p, &r.mv);
            if d.step.mv != name {
                return Err(differs(format!("defence {} instead of {name}", d.step.mv)));
            }
            if d.end != super::solution_line::reader_end(&r.end) {
                return Err(differs(format!("the end after {name} is {:?}", d.end)));
            }
            let here = format!("{at} {answer} {name}").trim().to_owned();
            match (&r.answer, d.next) {
                (Some(a), Some(next)) => node(p, data, next, a, &here, seen)?,
                (None, None) => {}
                _ => {
                    return Err(differs(format!(
                        "the tree goes on after {name} in one only"
                    )));
                }
            }
        }
        Ok(())
    }
    let mut seen = BTreeSet::new();
    node(p, data, 0, &p.solution, "", &mut seen)?;
    if seen.len() != data.nodes.len() {
        return Err(PlayError::Differs {
            at: "the whole tree".to_owned(),
            reason: format!(
                "{} nodes on the page, {} in the file",
                data.nodes.len(),
                seen.len()
            ),
        });
    }
    // Every listed try has its verdict and refutation, and a Margrites try
    // can be made step by step from the puzzle's position.
    for t in &p.tries {
        let name = page_name(p, &t.mv);
        let differs = |reason: String| PlayError::Differs {
            at: "the puzzle's position".to_owned(),
            reason,
        };
        let v = data
            .first
            .get(&name)
            .ok_or_else(|| differs(format!("no verdict for the try {name}")))?;
        if v.tempting != t.tempting || v.line.len() != t.refutation.len() + 1 {
            return Err(differs(format!("the try {name} is not the file's")));
        }
        if let Some(h) = data.nodes[0].turn
            && !super::play_margrites::can_make(data, h, &name)
        {
            return Err(differs(format!(
                "the try {name} cannot be made step by step"
            )));
        }
    }
    Ok(())
}

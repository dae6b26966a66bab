//! Finding the starting setups of a transcript that does not give them (the rule
//! book's annotated games list only moves).
//!
//! First a propagation pass follows the written steps: a step from a home-row
//! square nothing has reached yet proves a piece started there; a step onto such a
//! square proves it started empty; a listed capture or a board-table glyph on one
//! proves a piece. Steps that cannot be followed (an erratum, whatever the setup)
//! are passed over. The squares left open are then filled in every way that gives
//! each side eight pieces, and each candidate is replayed by the checker. The
//! consistent setups are those with the fewest departures.

use std::fmt::Write as _;

use super::check::{self, Finding, Place, ReplayedTurn, Severity};
use super::notation::{CaptureText, StepSyntax, TurnBody};
use super::position::Position;
use super::setup::{PIECES_PER_SIDE, Setup};
use super::square::{ByColor, Color, Square};
use super::squareset::SquareSet;
use super::table::Glyph;
use super::transcript::Transcript;

/// The most candidate setups replayed before giving up.
pub const CANDIDATE_LIMIT: u64 = 2_000_000;

/// What the transcript proves about the setup, and the setups consistent with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inference {
    /// Squares proven to hold a piece at the start.
    pub forced: ByColor<SquareSet>,
    /// Home squares proven empty at the start.
    pub forced_empty: ByColor<SquareSet>,
    /// Candidate setups replayed.
    pub candidates: u64,
    /// The fewest departures any candidate gives.
    pub departures: usize,
    /// Every candidate with that many departures, in order.
    pub best: Vec<ByColor<SquareSet>>,
}

/// Why no setup could be inferred.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InferError {
    /// More pieces are proven than a side has.
    #[error(
        "the transcript needs {count} {color} pieces at the start, more than {PIECES_PER_SIDE}"
    )]
    TooManyForced {
        /// The side.
        color: Color,
        /// Pieces proven.
        count: u32,
    },
    /// The open squares leave too many candidates.
    #[error("{0} candidate setups are open, more than {CANDIDATE_LIMIT}: give setup lines")]
    TooMany(u64),
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Cell {
    Unknown,
    Empty,
    Piece(Color),
}

struct Propagation {
    cells: [Cell; Square::COUNT],
    forced: ByColor<SquareSet>,
    forced_empty: ByColor<SquareSet>,
}

impl Propagation {
    fn home_color(sq: Square) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.is_home(sq))
    }

    fn needs_piece(&mut self, sq: Square, color: Color) -> bool {
        match self.cells[sq.index()] {
            Cell::Piece(c) => c == color,
            Cell::Empty => false,
            Cell::Unknown => {
                if Propagation::home_color(sq) != Some(color) {
                    return false;
                }
                self.cells[sq.index()] = Cell::Piece(color);
                *self.forced.get_mut(color) = self.forced.get(color).with(sq);
                true
            }
        }
    }

    fn needs_empty(&mut self, sq: Square) -> bool {
        match self.cells[sq.index()] {
            Cell::Piece(_) => false,
            Cell::Empty => true,
            Cell::Unknown => {
                self.cells[sq.index()] = Cell::Empty;
                if let Some(c) = Propagation::home_color(sq) {
                    *self.forced_empty.get_mut(c) = self.forced_empty.get(c).with(sq);
                }
                true
            }
        }
    }

    fn step(
        &mut self,
        step: StepSyntax,
        mover: Color,
        previous_to: Option<Square>,
    ) -> Option<Square> {
        match step {
            StepSyntax::Move { from, to } => {
                let (from, to) = (from.square()?, to.square()?);
                if !from.touches(to) || !self.needs_piece(from, mover) || !self.needs_empty(to) {
                    return None;
                }
                self.cells[from.index()] = Cell::Empty;
                self.cells[to.index()] = Cell::Piece(mover);
                Some(to)
            }
            StepSyntax::Score { from, .. } => {
                let from = match from {
                    Some(c) => c.square()?,
                    None => previous_to?,
                };
                if self.needs_piece(from, mover) {
                    self.cells[from.index()] = Cell::Empty;
                }
                None
            }
            StepSyntax::Return { .. } => None,
        }
    }

    fn capture(&mut self, sq: Square) {
        match self.cells[sq.index()] {
            Cell::Unknown => {
                if let Some(c) = Propagation::home_color(sq) {
                    self.needs_piece(sq, c);
                    self.cells[sq.index()] = Cell::Empty;
                }
            }
            Cell::Piece(_) => self.cells[sq.index()] = Cell::Empty,
            Cell::Empty => {}
        }
    }
}

fn propagate(t: &Transcript, given: &ByColor<Option<SquareSet>>) -> Propagation {
    let mut p = Propagation {
        cells: [Cell::Empty; Square::COUNT],
        forced: ByColor::default(),
        forced_empty: ByColor::default(),
    };
    for sq in Square::all() {
        if let Some(c) = Propagation::home_color(sq) {
            p.cells[sq.index()] = match given.get(c) {
                Some(set) if set.contains(sq) => Cell::Piece(c),
                Some(_) => Cell::Empty,
                None => Cell::Unknown,
            };
        }
    }
    let mut mover = Color::Black;
    for entry in &t.main {
        if let TurnBody::Steps { steps, .. } = &entry.turn.body {
            let mut previous_to = None;
            for st in steps {
                previous_to = p.step(st.step, mover, previous_to);
                for c in &st.captures {
                    if let CaptureText::Square(coord) = c {
                        if let Some(sq) = coord.square() {
                            p.capture(sq);
                        }
                    }
                }
            }
        }
        for table in &entry.tables {
            let (shown, any) = table.table.pieces(&table.legend);
            for sq in Square::all() {
                let glyph = if shown.black.contains(sq) {
                    Some(Glyph::Piece(Color::Black))
                } else if shown.white.contains(sq) {
                    Some(Glyph::Piece(Color::White))
                } else {
                    any.contains(sq).then_some(Glyph::AnyPiece)
                };
                match (glyph, Propagation::home_color(sq)) {
                    (Some(Glyph::Piece(c)), _) => {
                        p.needs_piece(sq, c);
                    }
                    (Some(Glyph::AnyPiece), Some(home)) => {
                        p.needs_piece(sq, home);
                    }
                    _ => {}
                }
            }
        }
        mover = mover.other();
    }
    p
}

/// `n` choose `k`, saturating.
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// Every way to pick `k` squares of `open`, in lexicographic order of reading order.
fn combinations(open: &[Square], k: usize) -> Vec<SquareSet> {
    fn walk(open: &[Square], k: usize, from: usize, acc: SquareSet, out: &mut Vec<SquareSet>) {
        if k == 0 {
            out.push(acc);
            return;
        }
        for i in from..=open.len() - k {
            walk(open, k - 1, i + 1, acc.with(open[i]), out);
        }
    }
    let mut out = Vec::new();
    if k <= open.len() {
        walk(open, k, 0, SquareSet::EMPTY, &mut out);
    }
    out
}

fn home(color: Color) -> SquareSet {
    Square::all().filter(|&s| color.is_home(s)).collect()
}

/// Infers the starting setups of `t`, keeping the sides whose setup lines are given.
pub fn infer_setups(t: &Transcript) -> Result<Inference, InferError> {
    let given = ByColor::new_with(|c| {
        t.setup
            .get(c)
            .as_ref()
            .map(|l| l.value.iter().copied().collect::<SquareSet>())
    });
    let p = propagate(t, &given);
    let mut choices = ByColor::<Vec<SquareSet>>::default();
    let mut total = 1u64;
    for color in Color::ALL {
        if let Some(set) = given.get(color) {
            *choices.get_mut(color) = vec![*set];
            continue;
        }
        let forced = *p.forced.get(color);
        if forced.len() > u32::from(PIECES_PER_SIDE) {
            return Err(InferError::TooManyForced {
                color,
                count: forced.len(),
            });
        }
        let open: Vec<Square> = home(color)
            .minus(forced)
            .minus(*p.forced_empty.get(color))
            .collect();
        let k = usize::from(PIECES_PER_SIDE) - forced.len() as usize;
        total = total.saturating_mul(choose(open.len() as u64, k as u64));
        if total > CANDIDATE_LIMIT {
            return Err(InferError::TooMany(total));
        }
        *choices.get_mut(color) = combinations(&open, k)
            .into_iter()
            .map(|c| c.union(forced))
            .collect();
    }
    let mut best = Vec::new();
    let mut fewest = usize::MAX;
    let mut candidates = 0;
    for &black in &choices.black {
        for &white in &choices.white {
            candidates += 1;
            let setup = Setup::from_sets(ByColor { black, white });
            let Ok(start) = Position::new(&setup, t.options) else {
                continue;
            };
            let d = check::departures(&check::check_from(t, &start));
            if d < fewest {
                fewest = d;
                best.clear();
            }
            if d == fewest {
                best.push(ByColor { black, white });
            }
        }
    }
    Ok(Inference {
        forced: p.forced,
        forced_empty: p.forced_empty,
        candidates,
        departures: fewest,
        best,
    })
}

/// A check report: how the start was found, and the findings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// Lines about the start (setup given, or inferred and how).
    pub notes: Vec<String>,
    /// Findings of the replay.
    pub findings: Vec<Finding>,
}

impl CheckReport {
    /// Departures found (setup problems included).
    #[must_use]
    pub fn departures(&self) -> usize {
        check::departures(&self.findings)
    }

    /// The report as text: notes, findings, summary.
    #[must_use]
    pub fn render(&self, name: &str) -> String {
        let mut out = String::new();
        for note in &self.notes {
            let _ = writeln!(out, "{name}: {note}");
        }
        out.push_str(&check::render(name, &self.findings));
        out
    }
}

/// Writes a side's squares as a setup line would.
#[must_use]
pub fn setup_line(color: Color, set: SquareSet) -> String {
    let squares: Vec<String> = set.map(|s| s.to_string()).collect();
    format!(
        "setup {}: {}",
        color.name().to_lowercase(),
        squares.join(" ")
    )
}

/// Checks a transcript from its setup, its start diagram, or, failing both, the
/// setups inferred for it (the first consistent one is replayed).
pub fn check_transcript(t: &Transcript) -> Result<CheckReport, InferError> {
    Ok(check_and_replay(t)?.0)
}

/// As [`check_transcript`], also giving the position after each turn (see
/// [`check::replay`]).
pub fn check_and_replay(
    t: &Transcript,
) -> Result<(CheckReport, Vec<(usize, Position)>), InferError> {
    let (report, start) = check_start(t)?;
    let (findings, after) = match start {
        Ok(pos) => check::replay(t, &pos),
        Err(findings) => (findings, Vec::new()),
    };
    Ok((with_findings(report, findings), after))
}

/// A replayed transcript: the check report, the starting position (`None` when the
/// setup is illegal or none could be inferred) and the turns played (see
/// [`check::replay_turns`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedGame {
    /// The check report.
    pub report: CheckReport,
    /// The position the replay started from.
    pub start: Option<Position>,
    /// The turns played, main line first, then each variation.
    pub turns: Vec<ReplayedTurn>,
}

/// As [`check_transcript`], also giving the start and every turn played with its
/// steps and captures.
pub fn check_and_replay_turns(t: &Transcript) -> Result<ReplayedGame, InferError> {
    let (report, start) = check_start(t)?;
    let (findings, turns, start) = match start {
        Ok(pos) => {
            let (findings, turns) = check::replay_turns(t, &pos);
            (findings, turns, Some(pos))
        }
        Err(findings) => (findings, Vec::new(), None),
    };
    Ok(ReplayedGame {
        report: with_findings(report, findings),
        start,
        turns,
    })
}

fn with_findings(mut report: CheckReport, findings: Vec<Finding>) -> CheckReport {
    report.findings = findings;
    report
}

/// The notes about the start and the starting position, or the findings that say
/// why there is none.
fn check_start(
    t: &Transcript,
) -> Result<(CheckReport, Result<Position, Vec<Finding>>), InferError> {
    let mut notes = Vec::new();
    let start = if let Some(start) = check::start_position(t) {
        notes.push("start: the diagram given".to_string());
        start.map_err(|e| (t.start.as_ref().map_or(1, |s| s.line), e))
    } else if let (Some(b), Some(w)) = (&t.setup.black, &t.setup.white) {
        notes.push("setup: given".to_string());
        let setup = Setup {
            black: b.value.clone(),
            white: w.value.clone(),
        };
        Position::new(&setup, t.options).map_err(|e| (b.line.min(w.line), e))
    } else {
        let inference = infer_setups(t)?;
        notes.extend(describe(&inference));
        let Some(first) = inference.best.first() else {
            return Ok((
                CheckReport {
                    notes,
                    findings: Vec::new(),
                },
                Err(Vec::new()),
            ));
        };
        Position::new(&Setup::from_sets(*first), t.options).map_err(|e| (1, e))
    };
    let start = start.map_err(|(line, e)| {
        e.problems
            .iter()
            .map(|p| Finding {
                line,
                column: 1,
                severity: Severity::Departure,
                place: Place::NONE,
                message: format!("illegal setup: {p}"),
            })
            .collect()
    });
    Ok((
        CheckReport {
            notes,
            findings: Vec::new(),
        },
        start,
    ))
}

/// Lines describing an inference.
#[must_use]
pub fn describe(inf: &Inference) -> Vec<String> {
    let mut notes = vec!["setup: not given; inferred from the moves and board tables".to_string()];
    for color in Color::ALL {
        let list = |s: SquareSet| s.map(|q| q.to_string()).collect::<Vec<_>>().join(" ");
        notes.push(format!(
            "{} proven to start on: {}; proven empty: {}",
            color,
            list(*inf.forced.get(color)),
            list(*inf.forced_empty.get(color))
        ));
    }
    let uniqueness = if inf.best.len() == 1 {
        "unique"
    } else {
        "not unique"
    };
    notes.push(format!(
        "{} candidate setups replayed; {} with the fewest departures ({}): {uniqueness}",
        inf.candidates,
        inf.best.len(),
        inf.departures
    ));
    for (i, s) in inf.best.iter().enumerate().take(20) {
        notes.push(format!(
            "setup {}: {}; {}",
            i + 1,
            setup_line(Color::Black, s.black),
            setup_line(Color::White, s.white)
        ));
    }
    if inf.best.len() > 20 {
        notes.push(format!("... and {} more", inf.best.len() - 20));
    }
    if inf.best.len() > 1 {
        notes.push("replayed with setup 1".to_string());
    }
    notes
}

//! Replaying a transcript and listing every departure from the rules and from the
//! transcript's own claims (rulings B7): illegal steps and why, captures listed that
//! did not happen, captures that happened but are not listed, wrong score lines and
//! results, wrong turn numbers, board tables that disagree, turns that stop while a
//! legal step is left. Replay never stops at the first departure: an illegal step
//! that can be carried out (the mover's piece on its square, the target empty) is
//! carried out as written, and one that cannot is skipped.

use std::fmt;
use std::fmt::Write as _;

use super::capture::Cascade;
use super::notation::{CaptureText, Claim, ScoreLine, StepText, TurnBody};
use super::position::{Ending, Phase, Position, StepReport};
use super::setup::Diagram;
use super::square::{ByColor, Color, Square};
use super::squareset::SquareSet;
use super::step::{IllegalEnd, IllegalStep, Step};
use super::table::Legend;
use super::transcript::{TableEntry, Transcript, TurnEntry};
use super::written::{self, StepError};

/// How serious a finding is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// A departure from the rules or from the transcript's own claims.
    Departure,
    /// Notation tolerated though not plain (`&gt;`, `:` for `;`, ...).
    Warning,
}

impl Severity {
    /// `"departure"` or `"warning"`, as the report prints it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Severity::Departure => "departure",
            Severity::Warning => "warning",
        }
    }
}

/// Where in the game a finding is: a turn (as replayed, and as printed), and a step
/// of it; all `None` for a finding about the file rather than a turn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The turn as replayed (1 is Black's first).
    pub turn: Option<u16>,
    /// The number the transcript prints for that turn.
    pub printed: Option<u32>,
    /// The 1-based step within the turn.
    pub step: Option<usize>,
}

impl Place {
    /// No place in the game.
    pub const NONE: Place = Place {
        turn: None,
        printed: None,
        step: None,
    };

    /// Turn `actual`, printed as `printed`.
    #[must_use]
    pub const fn turn(actual: u16, printed: u32) -> Place {
        Place {
            turn: Some(actual),
            printed: Some(printed),
            step: None,
        }
    }

    /// The same turn, step `step` (1-based).
    #[must_use]
    pub const fn with_step(self, step: usize) -> Place {
        Place {
            step: Some(step),
            ..self
        }
    }

    /// Whether the finding is about no turn.
    #[must_use]
    pub const fn is_none(&self) -> bool {
        self.turn.is_none()
    }
}

/// `turn 17 (printed 16), step 2`; empty for no place.
impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(turn) = self.turn else {
            return Ok(());
        };
        write!(f, "turn {turn}")?;
        if let Some(printed) = self.printed.filter(|&p| p != u32::from(turn)) {
            write!(f, " (printed {printed})")?;
        }
        if let Some(step) = self.step {
            write!(f, ", step {step}")?;
        }
        Ok(())
    }
}

/// One finding, located in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// Departure or warning.
    pub severity: Severity,
    /// Where in the game (printed as `turn 17 (printed 16), step 2`), if anywhere.
    pub place: Place,
    /// What is wrong.
    pub message: String,
}

/// A turn as the replay played it: the steps carried out, each with the captures
/// it caused, and the position after the turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedTurn {
    /// 1-based line of the turn.
    pub line: usize,
    /// Whether the turn is on the main line (not in a variation).
    pub main: bool,
    /// The turn as replayed (1 is Black's first).
    pub number: u16,
    /// The side whose turn it was.
    pub side: Color,
    /// The steps carried out (skipped steps left out), with their cascades.
    pub steps: Vec<(Step, Cascade)>,
    /// The side that resigned in this turn, if one did.
    pub resigned: Option<Color>,
    /// Whether the turn was cut short with `...` (the rest not given).
    pub incomplete: bool,
    /// The position after the turn.
    pub after: Position,
}

/// Replays `transcript` from `start` and returns every finding (parse quirks
/// included), sorted by line and column.
#[must_use]
pub fn check_from(transcript: &Transcript, start: &Position) -> Vec<Finding> {
    replay(transcript, start).0
}

/// Replays `transcript` from `start`: the findings (as [`check_from`]) and the
/// position after each turn, with the turn's line, in replay order (main line,
/// then each variation).
#[must_use]
pub fn replay(transcript: &Transcript, start: &Position) -> (Vec<Finding>, Vec<(usize, Position)>) {
    let (findings, after, _) = replay_all(transcript, start);
    (findings, after)
}

/// Replays `transcript` from `start`: the findings (as [`check_from`]) and every
/// turn played, with its steps and cascades, in replay order (main line, then each
/// variation). Turns written after the game ended, and after a turn cut short with
/// `...`, are not played and not listed.
#[must_use]
pub fn replay_turns(
    transcript: &Transcript,
    start: &Position,
) -> (Vec<Finding>, Vec<ReplayedTurn>) {
    let (findings, _, log) = replay_all(transcript, start);
    (findings, log)
}

type ReplayOutput = (Vec<Finding>, Vec<(usize, Position)>, Vec<ReplayedTurn>);

fn replay_all(transcript: &Transcript, start: &Position) -> ReplayOutput {
    let mut r = Replay {
        findings: Vec::new(),
        before: Vec::new(),
        after: Vec::new(),
        log: Vec::new(),
        quit: None,
    };
    let main_first = start.turn();
    r.line(*start, &transcript.main, u32::from(main_first), true);
    for v in &transcript.variations {
        let index = usize::from(v.from_turn.saturating_sub(main_first));
        match r
            .before
            .get(index)
            .copied()
            .filter(|p| p.turn() == v.from_turn)
        {
            Some(pos) => r.line(pos, &v.turns, u32::from(v.from_turn), false),
            None => r.push(
                v.line,
                1,
                Place::NONE,
                format!(
                    "variation from turn {}: the main line never reaches that turn",
                    v.from_turn
                ),
            ),
        }
    }
    for (line, q) in &transcript.quirks {
        r.findings.push(Finding {
            line: *line,
            column: q.column,
            severity: Severity::Warning,
            place: Place::NONE,
            message: q.kind.to_string(),
        });
    }
    r.findings.sort_by_key(|f| (f.line, f.column, f.severity));
    (r.findings, r.after, r.log)
}

/// The number of departures among `findings`.
#[must_use]
pub fn departures(findings: &[Finding]) -> usize {
    findings
        .iter()
        .filter(|f| f.severity == Severity::Departure)
        .count()
}

/// Writes findings one a line as `NAME:LINE:COL: departure: turn T, step S: message`,
/// then a summary line.
#[must_use]
pub fn render(name: &str, findings: &[Finding]) -> String {
    let mut out = String::new();
    for f in findings {
        let kind = f.severity.name();
        let place = if f.place.is_none() {
            String::new()
        } else {
            format!("{}: ", f.place)
        };
        let _ = writeln!(
            out,
            "{name}:{}:{}: {kind}: {place}{}",
            f.line, f.column, f.message
        );
    }
    let d = departures(findings);
    let _ = writeln!(
        out,
        "{name}: {d} departure{}, {} warning{}",
        plural(d),
        findings.len() - d,
        plural(findings.len() - d)
    );
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The starting position of a transcript that begins with `start:`.
pub fn start_position(
    transcript: &Transcript,
) -> Option<Result<Position, super::setup::SetupError>> {
    let start = transcript.start.as_ref()?;
    let mut pieces = ByColor::<Vec<Square>>::default();
    if let Some(t) = &start.table {
        let (by_color, _) = t.table.pieces(&t.legend);
        pieces = by_color.map(Iterator::collect);
    }
    let mut diagram = Diagram::with_missing_captured(pieces, start.to_move);
    if let Some(score) = start.score {
        diagram.standings = score.tallies;
    }
    if let Some(first) = transcript.main.first() {
        diagram.turn = u16::try_from(first.turn.number).unwrap_or(u16::MAX);
    }
    Some(Position::from_diagram(&diagram, transcript.options))
}

struct Replay {
    findings: Vec<Finding>,
    /// Main line: the position before each turn, from the first.
    before: Vec<Position>,
    after: Vec<(usize, Position)>,
    log: Vec<ReplayedTurn>,
    quit: Option<usize>,
}

impl Replay {
    fn push(&mut self, line: usize, column: usize, place: Place, message: String) {
        self.findings.push(Finding {
            line,
            column,
            severity: Severity::Departure,
            place,
            message,
        });
    }

    fn line(&mut self, mut pos: Position, turns: &[TurnEntry], first: u32, main: bool) {
        self.quit = None;
        let mut expected = first;
        for (i, entry) in turns.iter().enumerate() {
            if main {
                self.before.push(pos);
            }
            if let Some(line) = self.quit {
                let message = format!(
                    "turns after the turn cut short with `...` (line {line}) are not checked"
                );
                self.findings.push(Finding {
                    line: entry.line,
                    column: 1,
                    severity: Severity::Warning,
                    place: Place::NONE,
                    message,
                });
                return;
            }
            let printed = entry.turn.number;
            let place = Place::turn(pos.turn(), printed);
            if printed != expected {
                let why = if i > 0 && printed + 1 == expected {
                    "repeats the previous turn's number".to_string()
                } else {
                    format!("should be {expected}")
                };
                self.push(
                    entry.line,
                    entry.turn.column,
                    place,
                    format!("turn number {printed} {why}"),
                );
            }
            expected = printed + 1;
            let before = pos;
            if let Some(steps) = self.turn(&mut pos, entry, place) {
                self.log.push(ReplayedTurn {
                    line: entry.line,
                    main,
                    number: before.turn(),
                    side: before.to_move(),
                    steps,
                    resigned: match entry.turn.body {
                        TurnBody::Resignation(score) => score.resigned,
                        _ => None,
                    },
                    incomplete: matches!(
                        entry.turn.body,
                        TurnBody::Steps {
                            incomplete: true,
                            ..
                        }
                    ),
                    after: pos,
                });
            }
            self.after.push((entry.line, pos));
            self.after_turn(&pos, entry, place);
        }
    }

    /// Plays one turn; returns the steps carried out, or `None` when the game was
    /// already over and nothing was played.
    fn turn(
        &mut self,
        pos: &mut Position,
        entry: &TurnEntry,
        place: Place,
    ) -> Option<Vec<(Step, Cascade)>> {
        let (line, column) = (entry.line, entry.turn.column);
        if pos.is_over() {
            self.push(
                line,
                column,
                place,
                "turn played after the game ended".into(),
            );
            return None;
        }
        let mut played = Vec::new();
        match &entry.turn.body {
            TurnBody::Forfeit => {
                if let Err(IllegalEnd::FullMovement { example, .. }) = pos.end_turn() {
                    self.push(
                        line,
                        column,
                        place,
                        format!("forfeit, but {example} is a legal step"),
                    );
                    pos.end_turn_unchecked();
                }
            }
            TurnBody::Resignation(score) => {
                if let Some(loser) = score.resigned {
                    pos.resign(loser);
                }
            }
            TurnBody::Steps { steps, incomplete } => {
                let mut previous_to = None;
                for (k, st) in steps.iter().enumerate() {
                    let at = place.with_step(k + 1);
                    if pos.is_over() {
                        self.push(
                            line,
                            st.column,
                            at,
                            "step played after the game ended".into(),
                        );
                        break;
                    }
                    if let Some((step, cascade)) = self.step(pos, st, line, at, previous_to) {
                        played.push((step, cascade));
                        previous_to = step.to();
                    }
                }
                if *incomplete {
                    self.quit = Some(line);
                } else if !pos.is_over() {
                    if let Err(IllegalEnd::FullMovement {
                        made,
                        allowed,
                        example,
                    }) = pos.end_turn()
                    {
                        let message = format!(
                            "full movement: the turn stops after {made} of {allowed} steps, but {example} is a legal step"
                        );
                        self.push(line, column, place, message);
                        pos.end_turn_unchecked();
                    }
                }
            }
        }
        Some(played)
    }

    /// Plays one written step; returns the step carried out and its cascade, or
    /// `None` when it was skipped.
    fn step(
        &mut self,
        pos: &mut Position,
        st: &StepText,
        line: usize,
        at: Place,
        previous_to: Option<Square>,
    ) -> Option<(Step, Cascade)> {
        let report = match written::play_step(pos, &st.step, previous_to) {
            Ok(report) => report,
            Err(StepError::Unresolved(reason)) => {
                self.push(
                    line,
                    st.column,
                    at,
                    format!("illegal step: {reason}; not played"),
                );
                return None;
            }
            Err(StepError::Illegal { step, reason }) => {
                self.carry_out(pos, step, &reason, (line, st.column, at))?
            }
        };
        self.captures(st, &report.cascade, line, at);
        Some((report.step, report.cascade))
    }

    /// Carries out an illegal step as the transcript has it, if it can be: a
    /// martyrdom with the piece kept, another step whose piece and empty target
    /// exist as written; `None` when it cannot.
    fn carry_out(
        &mut self,
        pos: &mut Position,
        step: Step,
        reason: &IllegalStep,
        (line, column, at): (usize, usize, Place),
    ) -> Option<StepReport> {
        if let IllegalStep::Martyrdom(_) = reason {
            let message =
                format!("illegal step {step}: {reason}; played as written, the piece kept");
            self.push(line, column, at, message);
            Some(pos.play_step_sparing_mover(step))
        } else if carried_out(pos, step) {
            self.push(
                line,
                column,
                at,
                format!("illegal step {step}: {reason}; played as written"),
            );
            Some(pos.play_step_unchecked(step))
        } else {
            self.push(
                line,
                column,
                at,
                format!("illegal step {step}: {reason}; not played"),
            );
            None
        }
    }

    fn captures(&mut self, st: &StepText, cascade: &Cascade, line: usize, at: Place) {
        let happened = cascade.all();
        let mut unmatched = happened;
        let mut unnamed = Vec::new();
        for c in &st.captures {
            match c {
                CaptureText::Square(coord) => match coord.square() {
                    Some(sq) if happened.contains(sq) => unmatched = unmatched.without(sq),
                    Some(sq) => self.push(
                        line,
                        st.column,
                        at,
                        format!("capture x{sq} listed but did not happen"),
                    ),
                    None => self.push(
                        line,
                        st.column,
                        at,
                        format!("capture x{coord} listed, off the board"),
                    ),
                },
                CaptureText::Unreadable(text) => unnamed.push(text),
            }
        }
        let order: Vec<Square> = cascade
            .in_notation_order()
            .filter(|s| unmatched.contains(*s))
            .collect();
        let mut left = order.into_iter();
        for text in unnamed {
            match left.next() {
                Some(sq) => self.push(
                    line,
                    st.column,
                    at,
                    format!("capture `{text}` names no square; the capture was x{sq}"),
                ),
                None => self.push(
                    line,
                    st.column,
                    at,
                    format!("capture `{text}` listed but no other capture happened"),
                ),
            }
        }
        for sq in left {
            self.push(
                line,
                st.column,
                at,
                format!("capture x{sq} happened but is not listed"),
            );
        }
    }

    fn after_turn(&mut self, pos: &Position, entry: &TurnEntry, place: Place) {
        if let Some(score) = &entry.score {
            self.score_line(pos, &score.value, score.line, score.column, place);
        }
        if let TurnBody::Resignation(score) = &entry.turn.body {
            self.score_line(pos, score, entry.line, entry.turn.column, place);
        }
        for table in &entry.tables {
            self.table(pos, table, place);
        }
    }

    fn score_line(
        &mut self,
        pos: &Position,
        score: &ScoreLine,
        line: usize,
        column: usize,
        place: Place,
    ) {
        let actual = pos.standings();
        for color in Color::ALL {
            let (w, a) = (score.tallies.get(color), actual.get(color));
            if w != a {
                let message = format!(
                    "score line gives {color} {}({}), the replay gives {}({})",
                    w.points, w.captures, a.points, a.captures
                );
                self.push(line, column, place, message);
            }
        }
        let resigned = match pos.phase() {
            Phase::Over(Ending::Resignation(c)) => Some(c),
            _ => None,
        };
        if score.resigned != resigned {
            let name = |c: Option<Color>| c.map_or("no one".to_string(), |c| c.name().to_string());
            let message = format!(
                "score line marks {} as resigned, the replay has {}",
                name(score.resigned),
                name(resigned)
            );
            self.push(line, column, place, message);
        }
        if let Some(claim) = score.claim {
            let message = match pos.result() {
                None => Some("score line claims a result, but the game is not over".to_string()),
                Some(result) => {
                    let actual = result.winner.map_or(Claim::Draw, Claim::Wins);
                    (actual != claim).then(|| {
                        format!(
                            "score line claims {}, the result is {}",
                            claim_text(claim),
                            claim_text(actual)
                        )
                    })
                }
            };
            if let Some(message) = message {
                self.push(line, column, place, message);
            }
        }
    }

    fn table(&mut self, pos: &Position, entry: &TableEntry, place: Place) {
        for (sq, shown, actual) in table_mismatches(pos.board(), entry) {
            let found = actual.map_or("it is empty".to_string(), |c| format!("{c} is there"));
            let message = format!("board table shows {shown} on {sq}, but {found}");
            let line = entry.line + 7 - usize::from(sq.rank());
            self.push(line, 1, place, message);
        }
    }
}

/// Squares where a table disagrees with a board: (square, what the table shows,
/// what is there).
#[must_use]
pub fn table_mismatches(
    board: ByColor<SquareSet>,
    entry: &TableEntry,
) -> Vec<(Square, String, Option<Color>)> {
    let legend: &Legend = &entry.legend;
    let (shown, any) = entry.table.pieces(legend);
    let at = |sq: Square| Color::ALL.into_iter().find(|&c| board.get(c).contains(sq));
    let mut out = Vec::new();
    for sq in Square::all() {
        let actual = at(sq);
        let wanted = if shown.black.contains(sq) {
            Some((Some(Color::Black), "a Black piece"))
        } else if shown.white.contains(sq) {
            Some((Some(Color::White), "a White piece"))
        } else if any.contains(sq) {
            Some((None, "a piece"))
        } else {
            None
        };
        match wanted {
            Some((Some(c), text)) if actual != Some(c) => out.push((sq, text.to_string(), actual)),
            Some((None, text)) if actual.is_none() => out.push((sq, text.to_string(), actual)),
            None if legend.blanks_empty
                && entry.table.covered().contains(sq)
                && actual.is_some() =>
            {
                out.push((sq, "no piece".to_string(), actual));
            }
            _ => {}
        }
    }
    out
}

fn claim_text(claim: Claim) -> String {
    match claim {
        Claim::Wins(c) => format!("{c} wins"),
        Claim::Draw => "a draw".to_string(),
    }
}

/// Whether an illegal step can still be carried out as written.
fn carried_out(pos: &Position, step: Step) -> bool {
    if pos.is_over() {
        return false;
    }
    let mover = pos.to_move();
    let empty = |sq: Square| pos.piece_at(sq).is_none();
    match step {
        Step::Move { from, to } => pos.piece_at(from) == Some(mover) && empty(to),
        Step::Score { from } => {
            pos.piece_at(from) == Some(mover) && from.rank() == mover.scoring_rank()
        }
        Step::Return { .. } => false,
    }
}

//! Positions as written by people or files, and the one checked way to turn
//! them into a [`Position`].
//!
//! A setup can also be written as text, clauses separated by `;`:
//!
//! ```text
//! white a1 b2 b1+1; black c3 c2; to-move black; ko d4
//! ```
//!
//! Clauses: a colour name followed by its points (either notation), `to-move
//! COLOUR`, `ko POINT` (under simple ko: the placement forbidden now), `zombies
//! POINTS` (pieces captured earlier that stayed; pieces without freedom are
//! zombies anyway), `passes N`, `swapped` (the first two players have exchanged
//! colours), `swap-available`.
//!
//! ```
//! use cannonball_rules::margo::{Position, Preset, Setup};
//! let setup = Setup::parse(Preset::Spargo.rules(), "white b2 c2 b3; black c3; to-move black").unwrap();
//! let pos = Position::<1>::from_setup(&setup).unwrap();
//! assert_eq!(pos.scores(), vec![3, 1]);
//! ```

use std::collections::HashMap;
use std::fmt;

use thiserror::Error;

use super::capture;
use super::ko::History;
use super::position::{Position, PositionError};
use super::{Bitboard, Board, CaptureScope, Color, Coords, Geometry, Ko, Rules, RulesError};

/// An unvalidated position: plain fields, as a file or a user wrote them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The game being played (size and options).
    pub rules: Rules,
    /// The pieces, in any order.
    pub pieces: Vec<(Coords, Color)>,
    /// The colour to move.
    pub to_move: Color,
    /// Whether the first two players have exchanged colours by a swap.
    pub swapped: bool,
    /// Whether the player to move may swap (only right after the first move).
    pub swap_available: bool,
    /// Under simple ko: the point where a placement is forbidden now.
    pub ko_point: Option<Coords>,
    /// Pieces captured earlier that stayed on the board. Pieces whose group has
    /// no freedom are zombies whether listed or not.
    pub zombies: Vec<Coords>,
    /// Passes made in succession just before now (needs `can_pass`).
    pub passes: u8,
}

impl Setup {
    /// The empty board under `rules`, White to move.
    #[must_use]
    pub fn empty(rules: Rules) -> Setup {
        Setup {
            rules,
            pieces: Vec::new(),
            to_move: Color::White,
            swapped: false,
            swap_available: false,
            ko_point: None,
            zombies: Vec::new(),
            passes: 0,
        }
    }
}

/// One reason a setup is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// An option is out of range.
    Rules(RulesError),
    /// The board is too large for the chosen representation.
    TooLarge(String),
    /// A piece stands on a point the board does not have.
    MissingPoint(Coords),
    /// Several pieces on one point: the point and how many times it is listed
    /// (reported once per point, however often it is repeated).
    Duplicate(Coords, usize),
    /// A piece of a colour no player of this game has.
    ColorNotInGame(Coords, Color),
    /// A piece at or above the height limit.
    AboveMaxHeight(Coords),
    /// A stacked piece without all four pieces under it.
    Floating(Coords, Vec<Coords>),
    /// The colour to move is not in the game.
    ToMoveNotInGame(Color),
    /// A group without freedom holds pieces nothing rests on: it would have been
    /// captured and those pieces removed.
    Uncaptured(Color, Vec<Coords>),
    /// The ko point is given but is not an empty playable point, or the ko rule
    /// is not simple ko.
    KoPoint(Coords, &'static str),
    /// Swap availability or ownership that no game could reach.
    Swap(&'static str),
    /// Passes without the `can_pass` option, or more than the players.
    Passes(u8),
    /// A zombie label on a point without a piece.
    ZombieWithoutPiece(Coords),
    /// A zombie label on a piece nothing can rest on (no point above it, or
    /// above the height limit): a zombie is a captured piece that stayed
    /// because something rested on it (rulings A5), so a piece there is never
    /// one. (A zombie whose group has freedom again is possible: it keeps its
    /// status when a removal next to it frees a point.)
    ZombieNeverPinned(Coords),
}

fn list(points: &[Coords]) -> String {
    points
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::Rules(e) => write!(f, "{e}"),
            SetupProblem::TooLarge(e) => write!(f, "{e}"),
            SetupProblem::MissingPoint(c) => write!(
                f,
                "piece on {c} ({}), a point the board does not have",
                c.machine()
            ),
            SetupProblem::Duplicate(c, 2) => write!(f, "two pieces on {c}"),
            SetupProblem::Duplicate(c, n) => write!(f, "{n} pieces on {c}"),
            SetupProblem::ColorNotInGame(c, col) => {
                write!(
                    f,
                    "{col} piece on {c}, but {col} is not a colour of this game"
                )
            }
            SetupProblem::AboveMaxHeight(c) => write!(f, "piece on {c} is above the height limit"),
            SetupProblem::Floating(c, missing) => {
                write!(f, "piece on {c} is floating: nothing on {}", list(missing))
            }
            SetupProblem::ToMoveNotInGame(c) => {
                write!(f, "{c} to move, but {c} is not in this game")
            }
            SetupProblem::Uncaptured(c, pts) => write!(
                f,
                "{c} group without freedom was not captured: nothing rests on {}",
                list(pts)
            ),
            SetupProblem::KoPoint(c, why) => write!(f, "ko point {c} {why}"),
            SetupProblem::Swap(why) => write!(f, "{why}"),
            SetupProblem::Passes(n) => write!(f, "{n} passes in succession cannot have happened"),
            SetupProblem::ZombieWithoutPiece(c) => {
                write!(f, "zombie listed on {c}, which holds no piece")
            }
            SetupProblem::ZombieNeverPinned(c) => write!(
                f,
                "zombie listed on {c}, but nothing can rest on that point, so a capture there \
                 always removes the piece"
            ),
        }
    }
}

/// Every reason a setup is not a legal position.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub struct SetupError(pub Vec<SetupProblem>);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        write!(f, "impossible setup: {}", parts.join("; "))
    }
}

impl<const W: usize> Position<W> {
    /// The one checked way from a setup to a position. Every reason the setup is
    /// impossible is reported, not only the first.
    ///
    /// # Errors
    /// [`SetupError`] listing every problem.
    pub fn from_setup(setup: &Setup) -> Result<Position<W>, SetupError> {
        let rules = setup.rules;
        let t = match Position::<W>::tables_for(&rules) {
            Ok(t) => t,
            Err(PositionError::Rules(e)) => return Err(SetupError(vec![SetupProblem::Rules(e)])),
            Err(e) => return Err(SetupError(vec![SetupProblem::TooLarge(e.to_string())])),
        };
        let geo = t.geo;
        let mut problems = Vec::new();
        let board = place_pieces(t, &rules, &setup.pieces, &mut problems);
        check_support(geo, &board, &mut problems);
        if setup.to_move.index() >= rules.players() {
            problems.push(SetupProblem::ToMoveNotInGame(setup.to_move));
        }
        // Only the default capture scope guarantees that every group without
        // freedom is made of pinned zombies (rulings A5, invariant).
        if rules.capture_scope == CaptureScope::All && problems.is_empty() {
            check_captures_resolved(t, &rules, &board, &mut problems);
        }
        let ko_point = setup
            .ko_point
            .and_then(|c| check_ko_point(t, setup, &board, c, &mut problems));
        check_turn_state(setup, &board, &mut problems);
        let mut zombies = Bitboard::EMPTY;
        for &c in &setup.zombies {
            let pinnable = |p| {
                !geo.rested_on_by(p).is_empty() && rules.level_allowed(usize::from(c.level) + 1)
            };
            match geo.point(c) {
                Some(p) if board.occupied().contains(p) && !pinnable(p) => {
                    problems.push(SetupProblem::ZombieNeverPinned(c));
                }
                Some(p) if board.occupied().contains(p) => zombies.insert(p),
                _ => problems.push(SetupProblem::ZombieWithoutPiece(c)),
            }
        }
        if !problems.is_empty() {
            return Err(SetupError(problems));
        }
        let board_hash = Position::<W>::compute_board_hash(t, &board);
        let history = if rules.ko.is_superko() {
            let situational = rules.ko == Ko::SituationalSuperko;
            History::default().with(&board, board_hash, setup.to_move, situational)
        } else {
            History::default()
        };
        Ok(Position {
            t,
            rules,
            board,
            to_move: setup.to_move,
            swapped: setup.swapped,
            opening: false,
            swap_available: setup.swap_available,
            passes: setup.passes,
            winner: None,
            ko_point,
            zombies: zombies | capture::all_dead(t, &rules, &board),
            history,
            board_hash,
            ply: 0,
        })
    }

    /// The setup that gives back this position (up to superko history, which a
    /// setup starts afresh).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let geo = self.t.geo;
        let mut pieces = Vec::new();
        for p in self.board.occupied() {
            if let Some(c) = self.board.color_at(p) {
                pieces.push((geo.coords(p), c));
            }
        }
        Setup {
            rules: self.rules,
            pieces,
            to_move: self.to_move,
            swapped: self.swapped,
            swap_available: self.swap_available,
            ko_point: self.ko_point.map(|p| geo.coords(p)),
            zombies: self.zombies.iter().map(|p| geo.coords(p)).collect(),
            passes: self.passes,
        }
    }
}

fn place_pieces<const W: usize>(
    t: &super::tables::Tables<W>,
    rules: &Rules,
    pieces: &[(Coords, Color)],
    problems: &mut Vec<SetupProblem>,
) -> Board<W> {
    let mut board = Board::default();
    // How often each point is listed; repeated points in order of first repeat.
    let mut listed: HashMap<Coords, usize> = HashMap::new();
    let mut repeated: Vec<Coords> = Vec::new();
    for &(c, color) in pieces {
        let n = listed.entry(c).or_insert(0);
        *n += 1;
        if *n > 1 {
            if *n == 2 {
                repeated.push(c);
            }
            continue;
        }
        let Some(p) = t.geo.point(c) else {
            problems.push(SetupProblem::MissingPoint(c));
            continue;
        };
        if color.index() >= rules.players() {
            problems.push(SetupProblem::ColorNotInGame(c, color));
        }
        if !rules.level_allowed(c.level as usize) {
            problems.push(SetupProblem::AboveMaxHeight(c));
        }
        board.place(t, p, color);
    }
    problems.extend(
        repeated
            .into_iter()
            .map(|c| SetupProblem::Duplicate(c, listed[&c])),
    );
    board
}

fn check_support<const W: usize>(
    geo: &Geometry,
    board: &Board<W>,
    problems: &mut Vec<SetupProblem>,
) {
    for p in board.occupied() {
        let missing: Vec<Coords> = geo
            .rests_on(p)
            .iter()
            .filter(|&&q| !board.occupied().contains(q))
            .map(|&q| geo.coords(q))
            .collect();
        if !missing.is_empty() {
            problems.push(SetupProblem::Floating(geo.coords(p), missing));
        }
    }
}

fn check_captures_resolved<const W: usize>(
    t: &super::tables::Tables<W>,
    rules: &Rules,
    board: &Board<W>,
    problems: &mut Vec<SetupProblem>,
) {
    let a = capture::analyse(t, rules, board);
    for c in Color::ALL.into_iter().take(rules.players()) {
        let dead = capture::dead(t, board, &a, c);
        let unpinned: Vec<Coords> = dead
            .iter()
            .filter(|p| !t.up[p.index()].intersects(&board.occupied()))
            .map(|p| t.geo.coords(p))
            .collect();
        if !unpinned.is_empty() {
            problems.push(SetupProblem::Uncaptured(c, unpinned));
        }
    }
}

fn check_ko_point<const W: usize>(
    t: &super::tables::Tables<W>,
    setup: &Setup,
    board: &Board<W>,
    c: Coords,
    problems: &mut Vec<SetupProblem>,
) -> Option<super::Point> {
    let rules = &setup.rules;
    if rules.ko != Ko::Simple {
        problems.push(SetupProblem::KoPoint(
            c,
            "is given but the ko rule is not simple ko",
        ));
        return None;
    }
    let Some(p) = t.geo.point(c) else {
        problems.push(SetupProblem::KoPoint(c, "is not on the board"));
        return None;
    };
    if !capture::playable(t, rules, board).contains(p) {
        problems.push(SetupProblem::KoPoint(c, "is not an empty playable point"));
        return None;
    }
    if setup.passes > 0 {
        problems.push(SetupProblem::KoPoint(
            c,
            "is given but the last move was a pass",
        ));
        return None;
    }
    // Captures are simulated only on a board that is otherwise sound.
    if problems.is_empty() && !ko_capture_fits(t, rules, board, setup.to_move, p) {
        problems.push(SetupProblem::KoPoint(
            c,
            "is given but no last move could have made it: that move must have captured \
             a single piece there, which retaking would give back",
        ));
        return None;
    }
    Some(p)
}

/// Whether the last move can have been a capture that makes `k` the ko point
/// for `mover` (rulings A6: retaking on `k` would give back the board before
/// that move): placing on `k` now removes exactly one piece `q`, of the
/// player who moved last, and on the board before (`q` empty, `mover`'s piece
/// back on `k`) placing `q` removes exactly the piece on `k`.
fn ko_capture_fits<const W: usize>(
    t: &super::tables::Tables<W>,
    rules: &Rules,
    board: &Board<W>,
    mover: Color,
    k: super::Point,
) -> bool {
    let players = rules.players();
    let Some(last) = Color::ALL
        .into_iter()
        .take(players)
        .find(|c| c.next(players) == mover)
    else {
        return false;
    };
    let mut retaken = *board;
    let q = match capture::place_and_resolve(t, rules, &mut retaken, mover, k) {
        Ok(r) if r.removed.len() == 1 => r.removed.first_point(),
        _ => None,
    };
    let Some(q) = q.filter(|&q| board.color_at(q) == Some(last)) else {
        return false;
    };
    let mut before = *board;
    before.clear(t, Bitboard::from_point(q));
    before.place(t, k, mover);
    matches!(
        capture::place_and_resolve(t, rules, &mut before, last, q),
        Ok(r) if r.removed == Bitboard::from_point(k)
    )
}

fn check_turn_state<const W: usize>(
    setup: &Setup,
    board: &Board<W>,
    problems: &mut Vec<SetupProblem>,
) {
    let rules = &setup.rules;
    if setup.swapped && !rules.swap {
        problems.push(SetupProblem::Swap(
            "colours are swapped but the swap rule is off",
        ));
    }
    if setup.swap_available {
        // Right after the first move: White's first piece, or a pass.
        let first_move_made = board.occupied() == board.pieces(Color::White)
            && board.occupied().len() <= 1
            && (board.occupied().len() == 1 || setup.passes == 1);
        if !rules.swap || setup.swapped || !first_move_made || setup.to_move != Color::Black {
            problems.push(SetupProblem::Swap(
                "swap is only available with the swap rule, right after the first move",
            ));
        }
    }
    // As many passes as players is a game that ended by passing.
    let passes_ok =
        setup.passes == 0 || (rules.can_pass && usize::from(setup.passes) <= rules.players());
    if !passes_ok {
        problems.push(SetupProblem::Passes(setup.passes));
    }
}

/// Text that is not a setup.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("column {column}: {message}")]
pub struct SetupSyntaxError {
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl Setup {
    /// Reads the text form (see the module documentation) for `rules`. Only the
    /// syntax is checked here; [`Position::from_setup`] checks the position.
    ///
    /// # Errors
    /// The first clause that cannot be read, with its column.
    pub fn parse(rules: Rules, text: &str) -> Result<Setup, SetupSyntaxError> {
        let mut setup = Setup::empty(rules);
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut start = 0;
        // The clauses that say one thing of the whole position, once each.
        let mut once: Vec<&str> = Vec::new();
        for clause in text.split(';') {
            let clause_start = start;
            start += clause.len() + 1;
            let words: Vec<(usize, &str)> = words_with_columns(clause, clause_start);
            let Some(&(col, head)) = words.first() else {
                continue;
            };
            let err = |column: usize, message: String| SetupSyntaxError { column, message };
            let arg = |i: usize| words.get(i).copied();
            let key = head.to_ascii_lowercase();
            if let Some(&k) = ["to-move", "ko", "passes"].iter().find(|&&k| k == key) {
                if once.contains(&k) {
                    return Err(err(col, format!("{k} is given twice")));
                }
                once.push(k);
            }
            match key.as_str() {
                "to-move" => {
                    let (c, w) = arg(1).ok_or_else(|| err(col, "to-move needs a colour".into()))?;
                    setup.to_move = w.parse().map_err(|e| err(c, format!("{e}")))?;
                }
                "ko" => {
                    let (c, w) = arg(1).ok_or_else(|| err(col, "ko needs a point".into()))?;
                    setup.ko_point = Some(
                        w.parse()
                            .map_err(|e: super::NotationError| err(c + e.column - 1, e.message))?,
                    );
                }
                "passes" => {
                    let (c, w) = arg(1).ok_or_else(|| err(col, "passes needs a number".into()))?;
                    setup.passes = w
                        .parse()
                        .map_err(|_| err(c, format!("'{w}' is not a number of passes")))?;
                }
                "zombies" => {
                    for &(c, w) in &words[1..] {
                        let coords: Coords = w
                            .parse()
                            .map_err(|e: super::NotationError| err(c + e.column - 1, e.message))?;
                        setup.zombies.push(coords);
                    }
                }
                "swapped" => setup.swapped = true,
                "swap-available" => setup.swap_available = true,
                _ => {
                    let color: Color = head.parse().map_err(|_| {
                        err(
                            col,
                            format!("expected a colour, to-move, ko, zombies, passes, swapped or swap-available, found '{head}'"),
                        )
                    })?;
                    for &(c, w) in &words[1..] {
                        let coords: Coords = w
                            .parse()
                            .map_err(|e: super::NotationError| err(c + e.column - 1, e.message))?;
                        setup.pieces.push((coords, color));
                    }
                }
            }
        }
        Ok(setup)
    }

    /// The text form, pieces sorted by colour then point.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut clauses = Vec::new();
        for color in Color::ALL {
            let mut pts: Vec<Coords> = self
                .pieces
                .iter()
                .filter(|(_, c)| *c == color)
                .map(|(p, _)| *p)
                .collect();
            if pts.is_empty() {
                continue;
            }
            pts.sort_by_key(|c| (c.level, c.y, c.x));
            clauses.push(format!("{color} {}", list(&pts)));
        }
        clauses.push(format!("to-move {}", self.to_move));
        if let Some(k) = self.ko_point {
            clauses.push(format!("ko {k}"));
        }
        if !self.zombies.is_empty() {
            let mut z = self.zombies.clone();
            z.sort_by_key(|c| (c.level, c.y, c.x));
            clauses.push(format!("zombies {}", list(&z)));
        }
        if self.passes > 0 {
            clauses.push(format!("passes {}", self.passes));
        }
        if self.swapped {
            clauses.push("swapped".into());
        }
        if self.swap_available {
            clauses.push("swap-available".into());
        }
        clauses.join("; ")
    }
}

fn words_with_columns(clause: &str, offset: usize) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut pos = 0;
    for w in clause.split_whitespace() {
        let at = clause[pos..].find(w).map_or(pos, |i| pos + i);
        pos = at + w.len();
        out.push((offset + at + 1, w));
    }
    out
}

/// The set of points of `coords` on `geo` (points off the board are skipped).
#[must_use]
pub fn point_set<const W: usize>(geo: &Geometry, coords: &[Coords]) -> Bitboard<W> {
    coords.iter().filter_map(|&c| geo.point(c)).collect()
}

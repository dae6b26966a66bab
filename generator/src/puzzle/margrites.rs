//! The Margrites puzzle position as a file writes it, read back strictly, and
//! its canonical orientation; turns as files write them ([`Turn`]) and played
//! ([`play_turn`]).
//!
//! # Symmetries
//!
//! Margrites is the same game after mirroring the board across its centre file
//! (`a` to `i`): the rules never name a file. It is also the same game after
//! turning the board half a turn and exchanging the colours (with the standings
//! and the side to move), because Black and White differ only in who moves
//! first, and a puzzle starts from a given side to move. The one-sided
//! variations (Black's handicap, White's rebuttal) break that second symmetry,
//! so with either of them only the mirror is used.
//!
//! Of the two or four images, the canonical one has Black to move when colour
//! exchange is allowed (so every standard puzzle reads "Black to play"), then
//! the smallest [`canonical_text`]. The puzzle id hashes that text.
//!
//! A position read from a file starts a turn: turn 1 when Black is to move
//! (turn 3 with Black's handicap, so that the short first turn is not
//! replayed), turn 2 when White is.

use std::fmt;

use cannonball_rules::margrites::fields::DiagramFields;
use cannonball_rules::margrites::notation::standings_text;
use cannonball_rules::margrites::notation::{
    CaptureText, Coord, StepSyntax, TurnBody, parse_turn_str,
};
use cannonball_rules::margrites::written;
use cannonball_rules::margrites::{Color, Options, Position, Square, Step};

use super::position::{MargritesPosition, PositionError};

/// The shape of the turn `steps` from `pos`, a Margrites puzzle's motif (see
/// [`crate::forge::margrites::motif`] for how it is written).
#[must_use]
pub fn key_shape(pos: &Position, steps: &[Step]) -> String {
    let enemy = pos.to_move().other();
    let mut p = *pos;
    let mut captured = Vec::new();
    for &s in steps {
        let before = p.pieces(enemy).len();
        p.play_step_unchecked(s);
        captured.push(before - p.pieces(enemy).len());
    }
    let origin = steps.first().map(|s| match *s {
        Step::Move { from, .. } | Step::Score { from } => from,
        Step::Return { to } => to,
    });
    let Some(origin) = origin else {
        return "forfeit".into();
    };
    // Ranks are counted towards the mover's scoring edge, so that the same
    // manoeuvre by either colour is one motif.
    let forward = if pos.to_move().scoring_rank() == 0 {
        -1
    } else {
        1
    };
    let write = |flip: i32| {
        let rel = |sq: Square| {
            let df = (i32::from(sq.file()) - i32::from(origin.file())) * flip;
            let dr = (i32::from(sq.rank()) - i32::from(origin.rank())) * forward;
            (df, dr)
        };
        steps
            .iter()
            .zip(&captured)
            .map(|(s, x)| {
                let body = match *s {
                    Step::Move { from, to } => {
                        let ((f0, r0), (f1, r1)) = (rel(from), rel(to));
                        format!("{f0:+}{r0:+}>{:+}{:+}", f1 - f0, r1 - r0)
                    }
                    Step::Score { from } => {
                        let (f, r) = rel(from);
                        format!("{f:+}{r:+}>out")
                    }
                    Step::Return { to } => {
                        let (f, r) = rel(to);
                        format!("in>{f:+}{r:+}")
                    }
                };
                if *x > 0 { format!("{body}x{x}") } else { body }
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (a, b) = (write(1), write(-1));
    a.min(b)
}

/// The position as a puzzle file writes it: squares in reading order (a1, b1,
/// ..., i8), standings `B(bc)-W(wc)`, variations by name.
#[must_use]
pub fn position_spec(pos: &Position) -> MargritesPosition {
    let squares = |c: Color| {
        pos.pieces(c)
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    MargritesPosition {
        options: pos.options().names().join(" "),
        black: squares(Color::Black),
        white: squares(Color::White),
        score: standings_text(&pos.standings()),
        to_move: pos.to_move().name().to_ascii_lowercase(),
    }
}

/// The text the puzzle id hashes: one `key: value` line per field of
/// [`position_spec`], in a fixed order.
#[must_use]
pub fn canonical_text(spec: &MargritesPosition) -> String {
    format!(
        "options: {}\nblack: {}\nwhite: {}\nscore: {}\nto-move: {}",
        spec.options, spec.black, spec.white, spec.score, spec.to_move
    )
}

/// Reads a puzzle file's position into an engine position.
///
/// # Errors
/// A [`PositionError`] naming the first field that is wrong: an unknown
/// variation, a word that is no square, a malformed score line, a side that is
/// neither `black` nor `white`, or pieces and standings that do not add up.
pub fn parse_position(spec: &MargritesPosition) -> Result<Position, PositionError> {
    DiagramFields {
        variations: &spec.options,
        black: &spec.black,
        white: &spec.white,
        score: Some(&spec.score),
        to_move: Some(&spec.to_move),
        turn: None,
    }
    .position()
    .map_err(|e| {
        let first = &e.errors[0];
        PositionError {
            field: first.field.name(),
            reason: first.problem.to_string(),
        }
    })
}

/// Whether exchanging the colours is a symmetry under these variations.
#[must_use]
pub fn colour_exchange_allowed(options: Options) -> bool {
    !options.black_handicap && !options.white_rebuttal
}

/// The canonical image of a position at the start of a turn (see the module
/// docs), rebuilt from its file form so that the turn number is the one a file
/// gives.
///
/// # Errors
/// Only if the position cannot be written as a file position (a turn in
/// progress, or a game over).
pub fn canonical(pos: &Position) -> Result<Position, PositionError> {
    let mut images = vec![*pos, pos.mirrored()];
    if colour_exchange_allowed(pos.options()) {
        let x = pos.color_exchanged();
        images.push(x);
        images.push(x.mirrored());
    }
    let best = images
        .iter()
        .map(|p| {
            let spec = position_spec(p);
            let rank = usize::from(colour_exchange_allowed(p.options()) && spec.to_move != "black");
            (rank, canonical_text(&spec), spec)
        })
        .min_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)))
        .map(|(_, _, spec)| spec)
        .ok_or_else(|| PositionError {
            field: "black",
            reason: "no image".into(),
        })?;
    parse_position(&best)
}

/// The position as a puzzle shows it: the [canonical] image, with the
/// colours exchanged (the board turned half a turn) for about half of the
/// puzzles whose variations allow it, those whose canonical text hashes to an
/// odd number, so that White is to play in those. The choice depends only on
/// the position, so a puzzle always looks the same and its id (from the
/// canonical text) does not change.
///
/// # Errors
/// As [`canonical`].
pub fn presented(pos: &Position) -> Result<Position, PositionError> {
    let base = canonical(pos)?;
    if !colour_exchange_allowed(base.options()) {
        return Ok(base);
    }
    let text = canonical_text(&position_spec(&base));
    if crate::fnv::fnv1a(text.as_bytes()) % 2 == 0 {
        return Ok(base);
    }
    // Rebuilt from the file form, as `canonical` does, so the turn number is
    // the one a file gives.
    parse_position(&position_spec(&base.color_exchanged()))
}

/// A turn written in a line cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("turn `{text}`: {reason}")]
pub struct TurnError {
    /// The turn as written.
    pub text: String,
    /// Why it cannot be read or played.
    pub reason: String,
}

/// Plays a turn written in the rule book's notation (`3. d5>d6; d6>d7(xe5).` or
/// `3. forfeit.`) from `pos`, every step checked, and ends it.
///
/// # Errors
/// A [`TurnError`] when the text does not parse or a step is illegal.
pub fn play_turn(pos: &Position, text: &str) -> Result<(Vec<Step>, Position), TurnError> {
    written::play_whole_turn(pos, text)
        .map(|t| (t.steps.iter().map(|r| r.step).collect(), t.after))
        .map_err(|e| TurnError {
            text: text.to_string(),
            reason: e.to_string(),
        })
}

/// One step of a written turn and the squares its captures emptied, in the
/// order the notation lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnStep {
    /// The step.
    pub step: Step,
    /// The squares emptied by the captures it caused.
    pub captures: Vec<Square>,
}

/// A Margrites turn as puzzle files write it, in the rule book's plain
/// notation: `1. a5>b5; c5>b6(xa6); b5>c6; b6>a7.`, or `7. forfeit.` (no
/// steps).
///
/// ```
/// use cannonball::puzzle::Turn;
/// let text = "1. a5>b5; c5>b6(xa6, xb7); e8>B++.";
/// let turn: Turn = text.parse().unwrap();
/// assert_eq!(turn.number, 1);
/// assert_eq!(turn.steps.len(), 3);
/// assert_eq!(turn.to_string(), text);
/// assert_eq!(turn.steps_text(), "a5>b5 c5>b6 e8>B++");
/// assert!("1. a5>b5".parse::<Turn>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The turn's number.
    pub number: u32,
    /// Its steps; none for a forfeit turn.
    pub steps: Vec<TurnStep>,
}

impl Turn {
    /// The steps alone, as a figure plays them: `b7>c7 c7>d8` (`forfeit`
    /// for a turn without steps).
    #[must_use]
    pub fn steps_text(&self) -> String {
        if self.steps.is_empty() {
            return "forfeit".into();
        }
        let words: Vec<String> = self.steps.iter().map(|s| s.step.to_string()).collect();
        words.join(" ")
    }

    /// Plays the turn from `pos`, every step checked, and ends it.
    ///
    /// # Errors
    /// A step is illegal in `pos`.
    pub fn play(&self, pos: &Position) -> Result<(Vec<Step>, Position), TurnError> {
        play_turn(pos, &self.to_string())
    }
}

impl Turn {
    /// The steps with their captures, as the turn is written but without its
    /// number and stop: `a5>b5; c5>b6(xa6, xb7)` (`forfeit` for a turn
    /// without steps).
    #[must_use]
    pub fn written_steps(&self) -> String {
        if self.steps.is_empty() {
            return "forfeit".into();
        }
        let words: Vec<String> = self
            .steps
            .iter()
            .map(|s| {
                if s.captures.is_empty() {
                    s.step.to_string()
                } else {
                    let caps: Vec<String> = s.captures.iter().map(|c| format!("x{c}")).collect();
                    format!("{}({})", s.step, caps.join(", "))
                }
            })
            .collect();
        words.join("; ")
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}. {}.", self.number, self.written_steps())
    }
}

impl std::str::FromStr for Turn {
    type Err = TurnError;

    /// Reads a turn in the plain notation the forge writes (every step with
    /// its square, every capture a square); anything else is refused, so that
    /// a turn read is written back as it was.
    fn from_str(text: &str) -> Result<Turn, TurnError> {
        let fail = |reason: String| TurnError {
            text: text.to_string(),
            reason,
        };
        let (written, _) = parse_turn_str(text).map_err(|e| fail(e.message))?;
        let steps = match written.body {
            TurnBody::Steps {
                steps,
                incomplete: false,
            } => steps,
            TurnBody::Forfeit => Vec::new(),
            _ => return Err(fail("not a whole turn".into())),
        };
        let square = |c: Coord| {
            c.square()
                .ok_or_else(|| fail(format!("{c} is off the board")))
        };
        let mut out = Vec::new();
        for s in &steps {
            let step = match s.step {
                StepSyntax::Move { from, to } => Step::Move {
                    from: square(from)?,
                    to: square(to)?,
                },
                StepSyntax::Score {
                    from: Some(from), ..
                } => Step::Score {
                    from: square(from)?,
                },
                StepSyntax::Score { from: None, .. } => {
                    return Err(fail("a score step names its square".into()));
                }
                StepSyntax::Return { to, .. } => Step::Return { to: square(to)? },
            };
            let captures = s
                .captures
                .iter()
                .map(|c| match c {
                    CaptureText::Square(c) => square(*c),
                    CaptureText::Unreadable(t) => Err(fail(format!("`x{t}` is no square"))),
                })
                .collect::<Result<Vec<Square>, TurnError>>()?;
            out.push(TurnStep { step, captures });
        }
        let turn = Turn {
            number: written.number,
            steps: out,
        };
        if turn.to_string() != text {
            return Err(fail(format!("not written as `{turn}`")));
        }
        Ok(turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(black: &str, white: &str, score: &str, to_move: &str) -> MargritesPosition {
        MargritesPosition {
            options: String::new(),
            black: black.into(),
            white: white.into(),
            score: score.into(),
            to_move: to_move.into(),
        }
    }

    #[test]
    fn turns_read_back_as_written_and_refuse_other_spellings() {
        for text in [
            "1. a5>b5; c5>b6(xa6); b5>c6; b6>a7.",
            "2. c2>b1(xa1, xc1); b1>W++.",
            "7. forfeit.",
        ] {
            let t: Turn = text.parse().unwrap();
            assert_eq!(t.to_string(), text);
        }
        assert_eq!(
            "7. forfeit.".parse::<Turn>().unwrap().steps_text(),
            "forfeit"
        );
        for bad in ["1. a5>b5", "1. a5>b5;c5>b6.", "1. a5>z9.", "1. a5>b5(xq)."] {
            assert!(bad.parse::<Turn>().is_err(), "{bad}");
        }
    }

    #[test]
    fn file_positions_round_trip() {
        let s = spec("a1 e5 c2", "i8 d6", "1(4)-2(4)", "white");
        let pos = parse_position(&s).unwrap();
        let back = position_spec(&pos);
        // Reading order: a1, c2, e5.
        assert_eq!(back.black, "a1 c2 e5");
        assert_eq!(back.white, "d6 i8");
        assert_eq!(back.score, "1(4)-2(4)");
        assert_eq!(back.to_move, "white");
        assert_eq!(pos.turn(), 2);
    }

    #[test]
    fn bad_fields_are_named() {
        let field = |s: &MargritesPosition| match parse_position(s) {
            Err(PositionError { field, .. }) => field,
            other => panic!("{other:?}"),
        };
        assert_eq!(field(&spec("a1 z9", "i8", "0(7)-0(7)", "black")), "black");
        assert_eq!(field(&spec("a1", "i8 q", "0(7)-0(7)", "black")), "white");
        assert_eq!(field(&spec("a1", "i8", "0(7)-0(7", "black")), "score");
        assert_eq!(field(&spec("a1", "i8", "0(7)-0(7)", "red")), "to-move");
        // Pieces and standings must add up to eight a side.
        assert!(parse_position(&spec("a1", "i8", "0(6)-0(7)", "black")).is_err());
        let mut o = spec("a1", "i8", "0(7)-0(7)", "black");
        o.options = "castling".into();
        assert_eq!(field(&o), "options");
    }

    #[test]
    fn symmetric_images_share_one_canonical_form() {
        let a = parse_position(&spec("b2 c3", "h7 g6 g5", "1(5)-0(5)", "black")).unwrap();
        let images = [
            a,
            a.mirrored(),
            a.color_exchanged(),
            a.color_exchanged().mirrored(),
        ];
        let texts: Vec<String> = images
            .iter()
            .map(|p| canonical_text(&position_spec(&canonical(p).unwrap())))
            .collect();
        assert!(texts.windows(2).all(|w| w[0] == w[1]), "{texts:?}");
        // Black is to move in the canonical image, even from White's side.
        assert!(texts[0].ends_with("to-move: black"));
        // A different position does not collapse onto it.
        let b = parse_position(&spec("b2 c4", "h7 g6 g5", "1(5)-0(5)", "black")).unwrap();
        assert_ne!(
            canonical_text(&position_spec(&canonical(&b).unwrap())),
            texts[0]
        );
    }

    #[test]
    fn presented_positions_keep_their_canonical_text_and_about_half_show_white() {
        let mut white = 0;
        let files = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];
        for (n, f) in files.iter().enumerate() {
            let black = format!("{f}2 {f}3");
            let w = format!("{}7 e6", files[(n + 3) % 9]);
            let pos = parse_position(&spec(&black, &w, "0(6)-0(6)", "black")).unwrap();
            let shown = presented(&pos).unwrap();
            let canon = |p: &Position| canonical_text(&position_spec(&canonical(p).unwrap()));
            assert_eq!(canon(&shown), canon(&pos), "{black} / {w}");
            assert_eq!(
                presented(&shown).unwrap(),
                shown,
                "presenting twice changes it"
            );
            white += usize::from(shown.to_move() == Color::White);
        }
        assert!((2..=7).contains(&white), "{white} of 9 show White to play");
        // One-sided variations never exchange the colours.
        let mut s = spec("b2 c3", "h7 g6 g5", "1(5)-0(5)", "black");
        s.options = "rebuttal".into();
        let pos = parse_position(&s).unwrap();
        assert_eq!(presented(&pos).unwrap(), canonical(&pos).unwrap());
    }

    #[test]
    fn one_sided_variations_keep_the_colours() {
        let mut s = spec("b2 c3", "h7 g6 g5", "1(5)-0(5)", "white");
        s.options = "rebuttal".into();
        let pos = parse_position(&s).unwrap();
        let c = position_spec(&canonical(&pos).unwrap());
        assert_eq!(c.to_move, "white");
        assert_eq!(c.options, "rebuttal");
    }
}

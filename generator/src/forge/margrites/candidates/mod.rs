//! Candidate positions: a deterministic stream per seed.
//!
//! Indices 0, 4, 8, ... are **self-play** positions: a random legal setup, then
//! both sides play a cheap greedy step player (below) with seeded noise until
//! few pieces are left (a seeded threshold of 5 to 9 on the board) and the
//! position is taken at the start of the next turn. The others are
//! **constructed endgames**, one to four pieces a side, no piece standing
//! capturable, the missing pieces accounted for as points (one in four) or
//! captures by the opponent:
//!
//! - index 1 mod 4: all pieces around a seeded centre (so that they meet);
//! - index 2 mod 4: one or two pieces of the side not to move on edge squares
//!   near a seeded edge square (a corner half the time), where pieces have
//!   fewer ways out, and two to four of the side to move within two squares of
//!   them (traps);
//! - index 3 mod 4: the side not to move as a chain of touching pieces, the
//!   side to move within two squares of it (chain captures).
//!
//! For these two layouts the hunters (the side placed near the hemmed-in
//! pieces or the chain) are the side to move; for the first layout the side
//! to move is drawn once, at random.
//!
//! Midgame positions are not used: with eight pieces a side a position has
//! tens of thousands of distinct turns, far beyond the per-candidate budget.
//!
//! The other streams, asked for by the forge for the themes that need one
//! (or by name: `forge --stream`), give one layout only:
//!
//! - [`Stream::Race`] and [`Stream::LongRace`]: races to the scoring edges
//!   ([`race`]);
//! - [`Stream::Chain`] and [`Stream::ChainSetup`]: chains of the side not to
//!   move, with hunters about them ([`chain`]).

pub mod chain;
pub mod race;

use cannonball_rules::margrites::capture::capture_round;
use cannonball_rules::margrites::setup::PIECES_PER_SIDE;
use cannonball_rules::margrites::square::{FILES, RANKS};
use cannonball_rules::margrites::{
    ByColor, Color, Diagram, Options, Position, Square, SquareSet, Step, Tally, selfplay,
};
use cannonball_rules::rng::Rng;

/// A candidate position and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The position, at the start of a turn.
    pub position: Position,
    /// How it was made, e.g. `selfplay greedy-steps game 4 turn 31` or
    /// `endgame 3v2 around e5`.
    pub source: String,
}

/// Which candidates a forge run draws.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Stream {
    /// Self-play and the three constructed layouts, in turn (the default).
    #[default]
    Mixed,
    /// Race endgames only ([`race`]).
    Race,
    /// Long races only ([`race`]).
    LongRace,
    /// Edge chains only ([`chain`]).
    Chain,
    /// Chain set-ups only ([`chain`]).
    ChainSetup,
}

impl Stream {
    /// Every stream, in the order `forge --stream` lists them.
    pub const ALL: [Stream; 5] = [
        Stream::Mixed,
        Stream::Race,
        Stream::LongRace,
        Stream::Chain,
        Stream::ChainSetup,
    ];

    /// The stream's name on the command line and in the forge's records.
    #[must_use]
    pub fn slug(self) -> &'static str {
        match self {
            Stream::Mixed => "mixed",
            Stream::Race => "race",
            Stream::LongRace => "long-race",
            Stream::Chain => "edge-chain",
            Stream::ChainSetup => "chain-setup",
        }
    }
}

impl std::str::FromStr for Stream {
    type Err = String;

    fn from_str(s: &str) -> Result<Stream, String> {
        Stream::ALL
            .into_iter()
            .find(|t| t.slug() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Stream::ALL.iter().map(|t| t.slug()).collect();
                format!("no stream {s:?}; the streams are {}", names.join(", "))
            })
    }
}

/// The `index`-th candidate of `seed`'s stream; `None` when that draw gives no
/// usable position (the self-play game ended, or hit the turn cap first).
#[must_use]
pub fn candidate(seed: u64, index: u64) -> Option<Candidate> {
    candidate_in(Stream::Mixed, seed, index)
}

/// The `index`-th candidate of `seed` in `stream`.
#[must_use]
pub fn candidate_in(stream: Stream, seed: u64, index: u64) -> Option<Candidate> {
    let mut rng = Rng::seed_from(seed).fork(index);
    match stream {
        Stream::Race => return race::race_candidate(&mut rng),
        Stream::LongRace => return race::long_race_candidate(&mut rng),
        Stream::Chain => return chain::edge_chain_candidate(&mut rng),
        Stream::ChainSetup => return chain::chain_setup_candidate(&mut rng),
        Stream::Mixed => {}
    }
    match index % 4 {
        0 => selfplay_candidate(&mut rng, index / 4),
        1 => endgame_candidate(&mut rng, Layout::Around),
        2 => endgame_candidate(&mut rng, Layout::Edge),
        _ => endgame_candidate(&mut rng, Layout::Chain),
    }
}

/// The greedy step player's value of `step` for the side to move (higher is
/// better): enemy pieces captured minus own pieces lost, ten each; a score,
/// eight; one for each row gained towards the scoring edge.
#[must_use]
pub fn step_value(pos: &Position, step: Step) -> i32 {
    let me = pos.to_move();
    let mut after = *pos;
    let report = after.play_step_unchecked(step);
    let removed = report.cascade.removed();
    let gained = removed.get(me.other()).len() as i32;
    let lost = removed.get(me).len() as i32;
    let advance = match step {
        Step::Move { from, to } => {
            let goal = i32::from(me.scoring_rank());
            (i32::from(from.rank()) - goal).abs() - (i32::from(to.rank()) - goal).abs()
        }
        Step::Score { .. } => 8,
        Step::Return { .. } => -8,
    };
    10 * (gained - lost) + advance
}

/// One step of the noisy greedy player: the best step by [`step_value`], ties
/// and one step in eight chosen at random.
fn greedy_step(pos: &Position, rng: &mut Rng) -> Option<Step> {
    if rng.below(8) == 0 {
        return selfplay::random_step(pos, rng);
    }
    let steps = pos.legal_steps();
    let best = steps.iter().map(|&s| step_value(pos, s)).max()?;
    let top: Vec<Step> = steps
        .into_iter()
        .filter(|&s| step_value(pos, s) == best)
        .collect();
    top.get(rng.index(top.len())).copied()
}

fn selfplay_candidate(rng: &mut Rng, game: u64) -> Option<Candidate> {
    let setup = selfplay::random_setup(rng);
    let mut pos = Position::new(&setup, Options::STANDARD).ok()?;
    let threshold = 5 + rng.below(5) as u32;
    while !pos.is_over() && pos.turn() <= 400 {
        if pos.occupied().len() <= threshold {
            return Some(Candidate {
                position: pos,
                source: format!("selfplay greedy-steps game {game} turn {}", pos.turn()),
            });
        }
        while let Some(step) = greedy_step(&pos, rng) {
            pos.play_step_unchecked(step);
        }
        if !pos.is_over() {
            pos.end_turn_unchecked();
        }
    }
    None
}

/// How a constructed endgame places its pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Layout {
    Around,
    Edge,
    Chain,
}

/// Black or White, at random.
fn draw_color(rng: &mut Rng) -> Color {
    if rng.below(2) == 0 {
        Color::Black
    } else {
        Color::White
    }
}

fn within(a: Square, b: Square, r: u8) -> bool {
    a.file().abs_diff(b.file()) <= r && a.rank().abs_diff(b.rank()) <= r
}

/// The side the layout places as the hunters (Edge: two to four pieces near
/// the hemmed-in ones; Chain: the pieces near the chain) and the pieces per
/// side: one to four each, or for Edge two to four hunters and one or two
/// hemmed in.
fn draw_counts(rng: &mut Rng, layout: Layout) -> (Color, ByColor<usize>) {
    let hunters = draw_color(rng);
    let mut counts = ByColor {
        black: 1 + rng.below(4) as usize,
        white: 1 + rng.below(4) as usize,
    };
    if layout == Layout::Edge {
        *counts.get_mut(hunters) = 2 + rng.below(3) as usize;
        *counts.get_mut(hunters.other()) = 1 + rng.below(2) as usize;
    }
    (hunters, counts)
}

fn on_edge(s: Square) -> bool {
    s.file() == 0 || s.file() == FILES - 1 || s.rank() == 0 || s.rank() == RANKS - 1
}

/// The square the pieces gather around (Edge: a corner half the time, else
/// an edge square) and the radius.
fn draw_centre(rng: &mut Rng, layout: Layout) -> Option<(Square, u8)> {
    let mut centre = Square::from_coords(
        rng.below(u64::from(FILES)) as u8,
        rng.below(u64::from(RANKS)) as u8,
    )?;
    if layout == Layout::Edge && rng.below(2) == 0 {
        let corners = [Square::A1, Square::I1, Square::A8, Square::I8];
        centre = corners[rng.index(4)];
    } else if layout == Layout::Edge {
        let edges: Vec<Square> = Square::all().filter(|&s| on_edge(s)).collect();
        centre = edges[rng.index(edges.len())];
    }
    let radius = 1 + rng.below(if layout == Layout::Edge { 2 } else { 3 }) as u8;
    Some((centre, radius))
}

/// Places the pieces one at a time, each on a random free square the layout
/// allows; `None` when a piece has nowhere to go.
fn place(
    rng: &mut Rng,
    layout: Layout,
    hunters: Color,
    counts: &ByColor<usize>,
    (centre, radius): (Square, u8),
) -> Option<ByColor<SquareSet>> {
    let mut pieces = ByColor::<SquareSet>::default();
    let defender = hunters.other();
    let order = if layout != Layout::Around {
        [defender, hunters]
    } else {
        [Color::Black, Color::White]
    };
    for color in order {
        for _ in 0..*counts.get(color) {
            let taken = pieces.black.union(pieces.white);
            let near: Vec<Square> = Square::all()
                .filter(|&s| !taken.contains(s))
                .filter(|&s| match layout {
                    Layout::Chain if color == defender => {
                        let mut own = *pieces.get(defender);
                        if own.is_empty() {
                            s == centre
                        } else {
                            own.any(|o| o.touches(s))
                        }
                    }
                    Layout::Chain | Layout::Edge if color == hunters => {
                        let mut own = *pieces.get(defender);
                        own.any(|o| within(s, o, 2))
                    }
                    Layout::Edge => on_edge(s) && within(s, centre, radius),
                    _ => within(s, centre, radius),
                })
                .collect();
            if near.is_empty() {
                return None;
            }
            let sq = near[rng.index(near.len())];
            *pieces.get_mut(color) = pieces.get(color).with(sq);
        }
    }
    Some(pieces)
}

/// The standings that account for the missing pieces: each one scored by its
/// side (one in four) or captured by the opponent.
fn draw_standings(rng: &mut Rng, pieces: &ByColor<SquareSet>) -> ByColor<Tally> {
    let mut standings = ByColor::<Tally>::default();
    for color in Color::ALL {
        let missing = PIECES_PER_SIDE - pieces.get(color).len() as u8;
        for _ in 0..missing {
            if rng.below(4) == 0 {
                standings.get_mut(color).points += 1;
            } else {
                standings.get_mut(color.other()).captures += 1;
            }
        }
    }
    standings
}

/// The constructed position of `pieces` with `to_move` to move at the start
/// of its turn and standings drawn for the missing pieces; `None` when a
/// piece stands capturable (a diagram shows a position after captures) or
/// the position is not a live one.
fn live_position(rng: &mut Rng, pieces: &ByColor<SquareSet>, to_move: Color) -> Option<Position> {
    let standings = draw_standings(rng, pieces);
    position_with(pieces, to_move, standings)
}

/// The position of `pieces` with `to_move` to move at the start of its turn
/// and `standings`; `None` when a piece stands capturable (a diagram shows a
/// position after captures), or that is no legal diagram or no live position.
fn position_with(
    pieces: &ByColor<SquareSet>,
    to_move: Color,
    standings: ByColor<Tally>,
) -> Option<Position> {
    if !capture_round(pieces).is_empty() {
        return None;
    }
    let diagram = Diagram {
        pieces: (*pieces).map(Iterator::collect),
        to_move,
        turn: if to_move == Color::Black { 1 } else { 2 },
        standings,
    };
    let position = Position::from_diagram(&diagram, Options::STANDARD).ok()?;
    (!position.is_over() && position.has_legal_step()).then_some(position)
}

fn endgame_candidate(rng: &mut Rng, layout: Layout) -> Option<Candidate> {
    let (hunters, counts) = draw_counts(rng, layout);
    let (centre, radius) = draw_centre(rng, layout)?;
    let pieces = place(rng, layout, hunters, &counts, (centre, radius))?;
    // The hunters move: for Around the draw in `draw_counts` is simply the
    // side to move.
    let position = live_position(rng, &pieces, hunters)?;
    Some(Candidate {
        position,
        source: format!(
            "endgame {}v{} {} {centre}{}",
            counts.black,
            counts.white,
            match layout {
                Layout::Around => "around",
                Layout::Edge => "at the edge by",
                Layout::Chain => "chain from",
            },
            if layout == Layout::Chain {
                String::new()
            } else {
                format!(" radius {radius}")
            },
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_deterministic_and_varied() {
        let a: Vec<Option<Candidate>> = (0..12).map(|i| candidate(5, i)).collect();
        let b: Vec<Option<Candidate>> = (0..12).map(|i| candidate(5, i)).collect();
        assert_eq!(a, b);
        let c: Vec<Option<Candidate>> = (0..12).map(|i| candidate(6, i)).collect();
        assert_ne!(a, c);
        let made = a.iter().flatten().count();
        assert!(made >= 4, "only {made} of 12 candidates usable");
    }

    #[test]
    fn candidates_are_small_live_positions_at_a_turn_start() {
        for i in 0..30 {
            let Some(c) = candidate(1, i) else { continue };
            let p = c.position;
            assert!(!p.is_over(), "{}", c.source);
            assert_eq!(p.steps_made(), 0, "{}", c.source);
            assert!(
                p.occupied().len() <= 9,
                "{}: {} pieces",
                c.source,
                p.occupied().len()
            );
            assert!(capture_round(&p.board()).is_empty(), "{}", c.source);
            let kind = if i % 4 == 0 { "selfplay" } else { "endgame" };
            assert!(c.source.starts_with(kind), "{}", c.source);
        }
    }

    /// Edge and chain candidates have the hunters to move: every piece of the
    /// side not to move is on an edge (Edge) or the side not to move is one
    /// chain of touching pieces (Chain), and the side to move is near it.
    #[test]
    fn the_hunters_are_to_move() {
        let mut seen = [0, 0];
        for i in 0..200 {
            let Some(c) = candidate(3, i) else { continue };
            let p = c.position;
            let hunted = p.pieces(p.to_move().other());
            let hunters = p.pieces(p.to_move());
            let near = |h: Square| {
                let mut set = hunted;
                set.any(|o| within(h, o, 2))
            };
            match i % 4 {
                2 => {
                    seen[0] += 1;
                    assert!(hunted.len() <= 2, "{}", c.source);
                    let mut set = hunted;
                    assert!(set.all(on_edge), "{}", c.source);
                }
                3 => seen[1] += 1,
                _ => continue,
            }
            let mut set = hunters;
            assert!(set.all(near), "{}: a hunter far from the hunted", c.source);
        }
        assert!(seen[0] >= 5 && seen[1] >= 5, "{seen:?}");
    }

    /// The usable candidates among the first `n` of `seed` in `stream`, at
    /// least `least` of them, each checked: drawn again it is the same, its
    /// source starts with `prefix`, and it is a live position at a turn start
    /// with no piece capturable.
    pub(super) fn drawn(
        stream: Stream,
        seed: u64,
        n: u64,
        prefix: &str,
        least: usize,
    ) -> Vec<Candidate> {
        let mut out = Vec::new();
        for i in 0..n {
            let Some(c) = candidate_in(stream, seed, i) else {
                continue;
            };
            assert_eq!(Some(&c), candidate_in(stream, seed, i).as_ref());
            assert!(c.source.starts_with(prefix), "{}", c.source);
            let p = c.position;
            assert!(!p.is_over() && p.has_legal_step(), "{}", c.source);
            assert!(capture_round(&p.board()).is_empty(), "{}", c.source);
            assert_eq!(p.steps_made(), 0, "{}", c.source);
            out.push(c);
        }
        let k = out.len();
        assert!(k >= least, "only {k} of {n} {prefix}candidates usable");
        out
    }

    /// Every stream is named by its slug, and an unknown name lists them.
    #[test]
    fn streams_parse_from_their_names() {
        for s in Stream::ALL {
            assert_eq!(s.slug().parse::<Stream>(), Ok(s));
        }
        let err = "chains".parse::<Stream>().unwrap_err();
        assert!(err.contains("\"chains\"") && err.contains("edge-chain, chain-setup"));
    }

    #[test]
    fn the_greedy_value_prefers_captures_and_scores() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        // Black's b4 step completes the pair against a5? Use a lone White piece on
        // b5 touched by a5: a step to a4/b4/c4 adds the second enemy.
        let d = Diagram::with_missing_captured(
            ByColor {
                black: vec![sq("a5"), sq("c3"), sq("e8")],
                white: vec![sq("b5"), sq("i1")],
            },
            Color::Black,
        );
        let pos = Position::from_diagram(&d, Options::STANDARD).unwrap();
        let capture = step_value(
            &pos,
            Step::Move {
                from: sq("c3"),
                to: sq("c4"),
            },
        );
        let quiet = step_value(
            &pos,
            Step::Move {
                from: sq("c3"),
                to: sq("d3"),
            },
        );
        let score = step_value(&pos, Step::Score { from: sq("e8") });
        assert_eq!(capture, 11);
        assert_eq!(quiet, 0);
        assert_eq!(score, 8);
    }
}

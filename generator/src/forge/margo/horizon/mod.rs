//! Capture puzzles (objective `capture:K` with `turns: N`): the side to move
//! can force at least K of the opponent's pieces off the board within its next
//! N moves, whatever the opponent answers, with exactly one first move, and
//! every other first move forces fewer.
//!
//! The values come from [`CaptureSearch`], an exact search to the horizon of
//! N attacker moves (see its documentation for what is counted: pieces
//! removed, not pieces left as zombies, since zombies still score). A whole
//! Margo game on 5x5 to 7x7 is too long for the win/draw/loss solver to
//! settle from the middlegame; a horizon of two or three moves is settled in
//! milliseconds, so these puzzles can come from anywhere in a game.
//!
//! A position makes a capture puzzle when, for the smallest N in [`TURNS`]
//! that works:
//!
//! - it has at least [`MIN_MOVES`] legal moves and the best first move's value
//!   K is at least 1 and reached by that move only;
//! - the puzzle needs the look-ahead: K is more than any single move removes,
//!   or the key itself removes less at once than some other move does (so
//!   taking the most pieces now is not the answer).

use crate::margo::{AnyPosition, Color, Move, notation};
use crate::puzzle::{
    Game, Line, Minimality, MoveValue, Objective, PositionSpec, Provenance, Puzzle, Reply, Try,
    puzzle_id,
};
use crate::rng::Rng;
use crate::solve::margo::{CaptureSearch, Score, plies_of};

use super::analyse::{Limits, MIN_MOVES, Question, difficulty};
use super::candidates::{self, Candidate};
use super::players::{Player, captures};
use super::{ForgeError, capitalise, minimal, spec, themes};

/// The horizons tried, in order: a puzzle uses the smallest that works.
pub const TURNS: [u8; 2] = [2, 3];

/// The capture count as a [`Score`] (the theme detectors compare scores).
fn as_score(n: u32) -> Score {
    Score::margin(i32::try_from(n).unwrap_or(i32::MAX))
}

fn count_of(s: Score) -> u32 {
    s.margin_value()
        .and_then(|m| u32::try_from(m).ok())
        .unwrap_or(0)
}

fn unsettled(what: &str) -> ForgeError {
    ForgeError::Unsettled(what.to_owned())
}

/// The capture question `pos` answers with `turns` moves, when it makes a
/// puzzle (see the module documentation); `None` when it does not or the
/// budget cannot settle it.
///
/// # Errors
/// Never at present; the signature matches the other questions.
pub fn question(
    pos: &AnyPosition,
    turns: u8,
    search: &mut CaptureSearch,
) -> Result<Option<Question>, ForgeError> {
    if turns == 0 || pos.outcome().is_some() || pos.legal_moves().len() < MIN_MOVES {
        return Ok(None);
    }
    let Ok(values) = search.first_moves(pos, turns) else {
        return Ok(None);
    };
    let Some(best) = values.iter().map(|v| v.1).max().filter(|&b| b > 0) else {
        return Ok(None);
    };
    let at_best: Vec<Move> = values.iter().filter(|v| v.1 == best).map(|v| v.0).collect();
    let &[key] = at_best.as_slice() else {
        return Ok(None);
    };
    if matches!(key, Move::Pass | Move::Swap) {
        return Ok(None);
    }
    let Ok(now) = search.first_moves(pos, 1) else {
        return Ok(None);
    };
    let most_now = now.iter().map(|v| v.1).max().unwrap_or(0);
    let key_now = now.iter().find(|v| v.0 == key).map_or(0, |v| v.1);
    if best <= most_now && key_now >= most_now {
        return Ok(None);
    }
    let Ok(line) = search.line(pos, plies_of(turns)) else {
        return Ok(None);
    };
    if line.first() != Some(&key) {
        return Ok(None);
    }
    Ok(Some(Question {
        objective: Objective::Capture(u8::try_from(best).unwrap_or(u8::MAX)),
        key,
        values: values.into_iter().map(|(m, v)| (m, as_score(v))).collect(),
        line,
    }))
}

/// The first capture question of `pos` over [`TURNS`], with its turns.
///
/// # Errors
/// As [`question`].
pub fn first_question(
    pos: &AnyPosition,
    search: &mut CaptureSearch,
) -> Result<Option<(Question, u8)>, ForgeError> {
    for turns in TURNS {
        if let Some(q) = question(pos, turns, search)? {
            return Ok(Some((q, turns)));
        }
    }
    Ok(None)
}

fn same_answer(a: &Question, b: Option<&Question>) -> bool {
    b.is_some_and(|b| b.objective == a.objective && b.key == a.key)
}

/// Takes away pieces one at a time while the answer (objective and key) stays
/// the same, at most `rounds` pieces.
///
/// # Errors
/// As [`question`].
pub fn minimise(
    pos: &AnyPosition,
    q: &Question,
    turns: u8,
    search: &mut CaptureSearch,
    rounds: usize,
) -> Result<AnyPosition, ForgeError> {
    let mut cur = pos.clone();
    'outer: for _ in 0..rounds {
        for (_, smaller) in minimal::removable(&cur) {
            if same_answer(q, question(&smaller, turns, search)?.as_ref()) {
                cur = smaller;
                continue 'outer;
            }
        }
        break;
    }
    Ok(cur)
}

/// Whether no piece can go: the pieces whose removal keeps the answer.
///
/// # Errors
/// As [`question`].
fn check_minimal(
    pos: &AnyPosition,
    q: &Question,
    turns: u8,
    search: &mut CaptureSearch,
) -> Result<Minimality, ForgeError> {
    let geo = pos.geometry();
    let mut superfluous = Vec::new();
    let mut unsettled = Vec::new();
    for (p, smaller) in minimal::removable(pos) {
        let name = geo.coords(p).to_string();
        if smaller.outcome().is_some() || smaller.legal_moves().len() < MIN_MOVES {
            continue;
        }
        if search.first_moves(&smaller, turns).is_err() {
            unsettled.push(name);
        } else if same_answer(q, question(&smaller, turns, search)?.as_ref()) {
            superfluous.push(name);
        }
    }
    Ok(Minimality {
        minimal: superfluous.is_empty() && unsettled.is_empty(),
        note: if !superfluous.is_empty() {
            format!("the answer stays without {}", superfluous.join(", "))
        } else if !unsettled.is_empty() {
            format!(
                "without {} the search could not settle the position within its budget",
                unsettled.join(", ")
            )
        } else {
            String::new()
        },
    })
}

/// Pieces of `color` that `m` removes from `pos`.
fn removed_by(pos: &AnyPosition, m: Move, color: Color) -> (AnyPosition, u32) {
    let mut after = pos.clone();
    let removed = after.play_unchecked(m);
    let n = removed
        .iter()
        .filter(|&&p| pos.color_at(p) == Some(color))
        .count();
    (after, u32::try_from(n).unwrap_or(u32::MAX))
}

fn moves_text(pos: &AnyPosition, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| notation::human(pos.geometry(), m))
        .collect::<Vec<_>>()
        .join(" ")
}

fn removes_text(me: Color, n: u32) -> String {
    format!("{me} removes {n}")
}

/// The tree below the attacker's move `mv` from `before`, with `plies` left
/// before it is played and `removed` of the defender's pieces taken off
/// earlier on the line: every defence, best first, each with the attacker's
/// answer (while `depth` lasts) or the total it still forces and a best line.
fn tree(
    before: &AnyPosition,
    mv: Move,
    only: bool,
    plies: u32,
    removed: u32,
    depth: u8,
    search: &mut CaptureSearch,
) -> Result<Line, ForgeError> {
    let me = before.to_move();
    let them = other(me);
    let text = notation::human(before.geometry(), mv);
    let (after, gained) = removed_by(before, mv, them);
    let total = removed + gained;
    if after.outcome().is_some() || plies == 1 {
        let why = if after.outcome().is_some() {
            "game over"
        } else {
            "the last move"
        };
        return Ok(Line {
            mv: text,
            only,
            replies: Vec::new(),
            end: format!("{why}: {}", removes_text(me, total)),
        });
    }
    let mut replies: Vec<(u32, Reply)> = Vec::new();
    for r in after.legal_moves() {
        let rtext = notation::human(after.geometry(), r);
        let (q, lost) = removed_by(&after, r, them);
        let so_far = total + lost;
        if q.outcome().is_some() {
            replies.push((
                so_far,
                Reply {
                    mv: rtext,
                    answer: None,
                    end: format!("game over: {}", removes_text(me, so_far)),
                },
            ));
            continue;
        }
        let left = plies - 2;
        let values = search
            .move_values(&q, left)
            .map_err(|_| unsettled(&format!("after {text} {rtext}")))?;
        let best = values.iter().map(|v| v.1).max().unwrap_or(0);
        let keeping: Vec<Move> = values.iter().filter(|v| v.1 == best).map(|v| v.0).collect();
        let value = so_far + best;
        let reply = match keeping.first() {
            Some(&answer) if depth > 1 => Reply {
                mv: rtext,
                answer: Some(Box::new(tree(
                    &q,
                    answer,
                    keeping.len() == 1,
                    left,
                    so_far,
                    depth - 1,
                    search,
                )?)),
                end: String::new(),
            },
            _ => {
                let line = search
                    .line(&q, left)
                    .map_err(|_| unsettled(&format!("after {text} {rtext}")))?;
                Reply {
                    mv: rtext,
                    answer: None,
                    end: format!("{}: {}", removes_text(me, value), moves_text(&q, &line)),
                }
            }
        };
        replies.push((value, reply));
    }
    replies.sort_by_key(|r| r.0);
    Ok(Line {
        mv: text,
        only,
        replies: replies.into_iter().map(|r| r.1).collect(),
        end: String::new(),
    })
}

fn other(c: Color) -> Color {
    if c == Color::Black {
        Color::White
    } else {
        Color::Black
    }
}

/// Up to three tempting wrong first moves, refuted by the defender's best
/// line: the greedy and two-ply players' choices, then the moves that capture
/// most, then the ones closest to the key.
fn tries(
    pos: &AnyPosition,
    q: &Question,
    turns: u8,
    search: &mut CaptureSearch,
) -> Result<Vec<Try>, ForgeError> {
    let mut picked: Vec<(Move, String)> = Vec::new();
    for (player, why) in [
        (Player::Greedy, "the greedy player's choice"),
        (Player::TwoPly, "the two-ply player's choice"),
    ] {
        if let Some(m) = player.first_choice(pos) {
            if m != q.key && !picked.iter().any(|p| p.0 == m) {
                picked.push((m, why.to_owned()));
            }
        }
    }
    let mut rest: Vec<(usize, Score, usize, Move)> = q
        .values
        .iter()
        .enumerate()
        .filter(|(_, v)| v.0 != q.key && !picked.iter().any(|p| p.0 == v.0))
        .map(|(i, v)| (captures(pos, v.0), v.1, i, v.0))
        .collect();
    rest.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    for (n, _, _, m) in rest {
        let why = if n > 0 {
            format!("captures {n}")
        } else {
            "the closest to the key's value".to_owned()
        };
        picked.push((m, why));
    }
    let them = other(pos.to_move());
    let mut out = Vec::new();
    for (m, why) in picked.into_iter().take(3) {
        let value = q
            .values
            .iter()
            .find(|v| v.0 == m)
            .map(|v| count_of(v.1))
            .ok_or_else(|| ForgeError::Solve("a try is not a legal move".into()))?;
        let n = captures(pos, m);
        let tempting = if n > 0 && !why.starts_with("captures") {
            format!("{why}, captures {n}")
        } else {
            why
        };
        let (after, _) = removed_by(pos, m, them);
        let refutation = search
            .line(&after, plies_of(turns) - 1)
            .map_err(|_| unsettled("a try's refutation"))?;
        out.push(Try {
            mv: notation::human(pos.geometry(), m),
            tempting,
            value: value.to_string(),
            refutation: refutation
                .iter()
                .map(|&r| notation::human(pos.geometry(), r))
                .collect(),
        });
    }
    Ok(out)
}

/// The capture puzzle for `pos` (in canonical orientation) with `turns`, or
/// `None` when it asks no such question.
///
/// # Errors
/// A position of the tree or the tries is not settled within the budget.
pub fn analyse_position(
    game: Game,
    pos: &AnyPosition,
    turns: u8,
    mut provenance: Provenance,
    limits: &Limits,
) -> Result<Option<Puzzle>, ForgeError> {
    let mut search = CaptureSearch::new(limits.nodes);
    let Some(q) = question(pos, turns, &mut search)? else {
        return Ok(None);
    };
    let solution = tree(
        pos,
        q.key,
        true,
        plies_of(turns),
        0,
        limits.depth,
        &mut search,
    )?;
    let tries = tries(pos, &q, turns, &mut search)?;
    if tries.len() < 3 {
        return Ok(None);
    }
    let minimality = check_minimal(pos, &q, turns, &mut search)?;
    let themes = themes::of_capture(pos, &q, turns, limits.nodes);
    let difficulty = difficulty(pos, &q, &solution);
    let (_, canonical) = spec::canonical(pos);
    let me = pos.to_move();
    let k = count_of(
        q.values
            .iter()
            .find(|v| v.0 == q.key)
            .map_or(Score::DRAW, |v| v.1),
    );
    let question = format!(
        "{} to play and take {k} {} piece{} off the board within {turns} moves.",
        capitalise(&me.to_string()),
        capitalise(&other(me).to_string()),
        if k == 1 { "" } else { "s" }
    );
    provenance.solver_nodes = search.nodes;
    Ok(Some(Puzzle {
        id: puzzle_id(game, q.objective, turns, &canonical),
        game,
        question,
        objective: q.objective,
        turns,
        position: PositionSpec::Margo(spec::spec_of(game, pos)),
        key: notation::human(pos.geometry(), q.key),
        values: q
            .values
            .iter()
            .map(|&(m, v)| MoveValue {
                mv: notation::human(pos.geometry(), m),
                value: count_of(v).to_string(),
            })
            .collect(),
        first_turns: 0,
        solution,
        tries,
        minimality,
        themes,
        difficulty,
        provenance,
    }))
}

/// Pieces the forge may take away from a capture candidate.
const MAX_REMOVALS: usize = 40;

/// Plies of a game after which capture candidates are looked for at most.
const SCAN: usize = 24;

/// The `index`-th capture candidate of `seed` made into a puzzle, or `None`.
///
/// The candidate comes from a self-play game ([`candidates::game`]): from a
/// ply drawn in the last three quarters of the game, the first of the next
/// [`SCAN`] positions that asks a capture question.
///
/// # Errors
/// The solver cannot run.
pub fn forge_one(
    game: Game,
    seed: u64,
    index: u64,
    limits: &Limits,
) -> Result<Option<Puzzle>, ForgeError> {
    let Some((seen, source)) = candidates::game(game, seed, index) else {
        return Ok(None);
    };
    let mut rng = Rng::seed_from(seed ^ 0x4341_5054).fork(index);
    let start = seen.len() / 4 + rng.index((seen.len() * 3 / 4).max(1));
    for (ply, pos) in seen.iter().enumerate().skip(start).take(SCAN) {
        let mut search = CaptureSearch::new(limits.nodes);
        if first_question(pos, &mut search)?.is_some() {
            let c = Candidate {
                position: pos.clone(),
                source: format!("{source} ply {ply}"),
            };
            return forge_candidate(game, c, seed, index, limits);
        }
    }
    Ok(None)
}

/// A given candidate made into a capture puzzle, or `None`.
///
/// # Errors
/// The solver cannot run.
pub fn forge_candidate(
    game: Game,
    c: Candidate,
    seed: u64,
    index: u64,
    limits: &Limits,
) -> Result<Option<Puzzle>, ForgeError> {
    let mut search = CaptureSearch::new(limits.nodes);
    let (pos, _) = spec::canonical(&c.position);
    let Some((q, turns)) = first_question(&pos, &mut search)? else {
        return Ok(None);
    };
    let smaller = minimise(&pos, &q, turns, &mut search, MAX_REMOVALS)?;
    let (pos, _) = spec::canonical(&smaller);
    let provenance = Provenance {
        generator: format!("cannonball {}", env!("CARGO_PKG_VERSION")),
        source: c.source,
        seed,
        candidate: index,
        solver_nodes: 0,
        budget: (limits.nodes != Limits::default().nodes).then_some(limits.nodes),
    };
    // The final analysis starts from a fresh table, as `verify` does.
    match analyse_position(game, &pos, turns, provenance, limits) {
        Ok(p) => Ok(p.map(|mut p| {
            p.provenance.solver_nodes += search.nodes;
            p
        })),
        Err(ForgeError::Unsettled(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::margo::{Preset, Setup};

    fn pos(text: &str) -> AnyPosition {
        let mut r = Preset::Margo.rules();
        r.size = 5;
        r.swap = false;
        AnyPosition::from_setup(&Setup::parse(r, text).unwrap()).unwrap()
    }

    fn provenance() -> Provenance {
        Provenance {
            generator: "test".into(),
            source: "test".into(),
            seed: 0,
            candidate: 0,
            solver_nodes: 0,
            budget: None,
        }
    }

    #[test]
    fn a_lone_corner_piece_is_taken_in_three_moves_by_one_move_only() {
        let p = pos("white a1; to-move black");
        let mut s = CaptureSearch::new(1_000_000);
        assert!(
            question(&p, 2, &mut s).unwrap().is_none(),
            "two moves are not enough"
        );
        let q = question(&p, 3, &mut s).unwrap().unwrap();
        assert_eq!(q.objective, Objective::Capture(1));
        assert_eq!(notation::human(p.geometry(), q.key), "b2");
        let keys = q.values.iter().filter(|v| count_of(v.1) >= 1).count();
        assert_eq!(keys, 1);
        assert_eq!(q.values.len(), p.legal_moves().len());
        assert_eq!(first_question(&p, &mut s).unwrap().map(|x| x.1), Some(3));
    }

    #[test]
    fn taking_the_most_at_once_is_no_puzzle() {
        // c1 takes both White pieces at once and nothing takes more later.
        let p = pos("black a2 b2 c2 d1; white a1 b1; to-move black");
        let mut s = CaptureSearch::new(1_000_000);
        for turns in TURNS {
            assert!(question(&p, turns, &mut s).unwrap().is_none(), "{turns}");
        }
    }

    #[test]
    fn the_puzzle_covers_every_defence_and_refutes_three_tries() {
        let p = pos("black b3; white a2; to-move black");
        let puzzle = analyse_position(Game::Margo, &p, 3, provenance(), &Limits::default())
            .unwrap()
            .unwrap();
        assert_eq!(puzzle.objective, Objective::Capture(1));
        assert_eq!(puzzle.turns, 3);
        assert_eq!(
            puzzle.question,
            "Black to play and take 1 White piece off the board within 3 moves."
        );
        let mut after = p.clone();
        after
            .play(notation::parse_move(p.geometry(), &puzzle.key).unwrap())
            .unwrap();
        assert_eq!(puzzle.solution.replies.len(), after.legal_moves().len());
        assert!(
            puzzle
                .solution
                .replies
                .iter()
                .all(|r| r.end.starts_with("black removes ") || r.end.starts_with("game over"))
        );
        assert_eq!(puzzle.tries.len(), 3);
        assert!(puzzle.tries.iter().all(|t| t.value == "0"));
        assert!(puzzle.provenance.solver_nodes > 0);
    }

    #[test]
    fn minimising_keeps_the_answer() {
        // The corner puzzle with a far piece added: wherever the answer
        // stays, minimising takes the piece away again.
        let mut s = CaptureSearch::new(1_000_000);
        let mut shrunk = 0;
        for extra in [
            "black e5", "black e4", "white e5", "white e4", "black d5", "white d5",
        ] {
            let p = pos(&format!("white a1; {extra}; to-move black"));
            let Some(q) = question(&p, 3, &mut s).unwrap() else {
                continue;
            };
            let smaller = minimise(&p, &q, 3, &mut s, 10).unwrap();
            let q2 = question(&smaller, 3, &mut s).unwrap().unwrap();
            assert_eq!((q2.objective, q2.key), (q.objective, q.key), "{extra}");
            if smaller.occupied().len() < p.occupied().len() {
                shrunk += 1;
            }
        }
        assert!(shrunk >= 1);
    }
}

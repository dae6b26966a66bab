//! Margo self-play annotated by the exact solver: a greedy player against a
//! two-ply lookahead, each breaking ties by the seed, and every position valued
//! by [`crate::solve::margo`] within a node budget (exact where it settles,
//! proven bounds or unknown elsewhere).

use super::{AnnotateError, AnnotatedGame, Header, Judged, PlayerRecord, Value, assemble};
use crate::solve::margo::{Bounds, Mode, Options, Progress, Score, Solution, Solver};
use cannonball_rules::Game;
use cannonball_rules::margo::{AnyPosition, Color, Move, Rules};
use cannonball_rules::rng::Rng;

/// How the game is played and valued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MargoOptions {
    /// Solver nodes per position.
    pub nodes: u64,
    /// Transposition table size (`2^table_bits` entries).
    pub table_bits: u32,
    /// Stop after this many moves.
    pub max_plies: usize,
    /// Going back from the end, once this many positions in a row have
    /// nothing proven (not even win, draw or loss), the earlier ones are
    /// not searched (recorded unknown): each would spend the whole budget,
    /// twice, to the same end.
    pub give_up_after: Option<usize>,
}

impl Default for MargoOptions {
    fn default() -> Self {
        MargoOptions {
            nodes: 2_000_000,
            table_bits: 22,
            max_plies: 300,
            give_up_after: None,
        }
    }
}

/// The two players: which looks ahead how far.
const PLAYERS: [(&str, &str, u32); 2] = [
    (
        "Greedy",
        "plays the move that leaves it furthest ahead in pieces right after the move; ties broken by the seed",
        1,
    ),
    (
        "Lookahead",
        "plays the move whose worst reply (over every reply) leaves it furthest ahead in pieces; ties broken by the seed",
        2,
    ),
];

/// The mover's pieces minus the opponent's (player order).
fn lead(pos: &AnyPosition, player: usize) -> i32 {
    let s = pos.scores();
    let mine = s.get(player).copied().unwrap_or(0) as i32;
    let theirs: i32 = s
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != player)
        .map(|(_, &v)| v as i32)
        .sum();
    mine - theirs
}

/// `player`'s lead after `depth` plies of minimax on the piece count.
fn lookahead(pos: &AnyPosition, player: usize, depth: u32) -> i32 {
    if depth == 0 {
        return lead(pos, player);
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return lead(pos, player);
    }
    let mine = pos.player_to_move() == player;
    let vals = moves.into_iter().map(|m| {
        let mut next = pos.clone();
        next.play_unchecked(m);
        lookahead(&next, player, depth - 1)
    });
    if mine {
        vals.max().unwrap_or(0)
    } else {
        vals.min().unwrap_or(0)
    }
}

/// The move a player looking `depth` plies ahead chooses, ties by `rng`.
fn choose(pos: &AnyPosition, depth: u32, rng: &mut Rng) -> Option<Move> {
    let player = pos.player_to_move();
    let scored: Vec<(Move, i32)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            (m, lookahead(&next, player, depth - 1))
        })
        .collect();
    let top = scored.iter().map(|&(_, v)| v).max()?;
    let best: Vec<Move> = scored
        .iter()
        .filter(|&&(_, v)| v == top)
        .map(|&(m, _)| m)
        .collect();
    Some(best[rng.index(best.len())])
}

/// A solver's bounds as a recorded value.
#[must_use]
pub fn bounds_value(b: Bounds, rules: &Rules) -> Value {
    if let Some(v) = b.value() {
        return Value::margin(v.raw());
    }
    if b == Bounds::unknown(rules) {
        return Value::Unknown;
    }
    Value::Bounds {
        lower: b.lower.raw(),
        upper: b.upper.raw(),
    }
}

/// What the solver's answer for the position before a move says about the
/// move `m` played in it.
#[must_use]
pub fn judge(sol: &Solution, m: Move, rules: &Rules) -> Judged {
    let before = bounds_value(sol.bounds, rules);
    let move_bounds = |x: Move| sol.moves.iter().find(|v| v.mv == x).map(|v| v.bounds);
    let after = move_bounds(m).map_or(Value::Unknown, |b| bounds_value(b, rules));
    let (best, only_move) = match sol.value() {
        Some(v) => {
            let best: Vec<Move> = sol
                .moves
                .iter()
                .filter(|x| x.bounds.value() == Some(v))
                .map(|x| x.mv)
                .collect();
            let others_worse = sol
                .moves
                .iter()
                .filter(|x| x.mv != m)
                .all(|x| x.bounds.upper < v);
            let only = sol.moves.len() > 1 && best == [m] && others_worse;
            (best, only)
        }
        None => (Vec::new(), false),
    };
    Judged {
        before,
        after,
        best,
        only_move,
    }
}

/// The solver options used for annotation and for re-proving at book build:
/// one thread (reproducible node counts), a node budget.
#[must_use]
pub fn solver_options(nodes: u64, table_bits: u32) -> Options {
    Options {
        nodes: Some(nodes),
        table_bits,
        threads: 1,
        principal_variation: false,
        ..Options::default()
    }
}

/// Plays a self-play game from the empty board under `rules` (Greedy first,
/// Lookahead second) and values every position with the solver: the exact
/// value, or when the budget runs out before even win, draw or loss is proven,
/// a second search for win, draw or loss alone (null windows around 0) whose
/// bounds are combined with the first. The same
/// rules, options and seed give the same record.
///
/// # Errors
/// Rules the engine or the solver cannot use.
pub fn annotate(
    rules: Rules,
    opts: &MargoOptions,
    seed: u64,
) -> Result<AnnotatedGame, AnnotateError> {
    let start = AnyPosition::new(rules).map_err(|e| AnnotateError::Setup(e.to_string()))?;
    let root = Rng::seed_from(seed);
    let mut rngs = [root.fork(0), root.fork(1)];
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut positions = Vec::new();
    while moves.len() < opts.max_plies {
        let player = pos.player_to_move().min(1);
        let Some(m) = choose(&pos, PLAYERS[player].2, &mut rngs[player]) else {
            break;
        };
        positions.push(pos.clone());
        pos.play_unchecked(m);
        moves.push(m);
    }
    // Value from the end backwards: the table filled near the end helps earlier.
    let mut solver = Solver::new(solver_options(opts.nodes, opts.table_bits));
    let mut wld = Solver::new(Options {
        mode: Mode::Wld,
        ..solver_options(opts.nodes, opts.table_bits)
    });
    let mut judged = Vec::with_capacity(moves.len());
    let mut unsettled = 0;
    for (p, &m) in positions.iter().zip(&moves).rev() {
        if opts.give_up_after.is_some_and(|k| unsettled >= k) {
            judged.push(Judged {
                before: Value::Unknown,
                after: Value::Unknown,
                best: Vec::new(),
                only_move: false,
            });
            continue;
        }
        let mut sol = solver.solve(p, &Progress::default())?;
        if sol.result().is_none() {
            // Win, draw or loss alone is often proven where the margin is not.
            let w = wld.solve(p, &Progress::default())?;
            sol.bounds = sol.bounds.intersect(&w.bounds);
            for mv in &mut sol.moves {
                if let Some(x) = w.moves.iter().find(|x| x.mv == mv.mv) {
                    mv.bounds = mv.bounds.intersect(&x.bounds);
                }
            }
        }
        let j = judge(&sol, m, &rules);
        unsettled = if j.before == Value::Unknown {
            unsettled + 1
        } else {
            0
        };
        judged.push(j);
    }
    judged.reverse();
    let players = PLAYERS
        .iter()
        .enumerate()
        .map(|(i, (name, description, _))| PlayerRecord {
            name: (*name).to_string(),
            color: Color::from_index(i)
                .unwrap_or(Color::White)
                .name()
                .to_string(),
            description: (*description).to_string(),
        })
        .collect();
    let header = Header {
        game: Game::Margo,
        players,
        seed,
        values: values_line(opts),
    };
    assemble(header, &start, &moves, &judged)
}

/// The header's account of how the values were found.
fn values_line(opts: &MargoOptions) -> String {
    let mut s = format!(
        "exact solver, {} nodes per position, one thread, table shared from the last position back",
        opts.nodes
    );
    if opts.table_bits != MargoOptions::default().table_bits {
        s += &format!(", 2^{} table entries", opts.table_bits);
    }
    if let Some(k) = opts.give_up_after {
        s += &format!(", positions before {k} in a row with nothing proven not searched");
    }
    s
}

/// The score of a recorded exact value, for comparison with the solver's.
#[must_use]
pub fn value_score(v: &Value) -> Option<Score> {
    v.exact().map(Score::margin)
}

//! Spargo from the complete tablebase: candidates drawn from every reachable
//! position, and the census of positions per kind and theme.
//!
//! The tablebase knows every position's exact value, so it picks positions
//! with exactly one winning move (and at least three others) directly; the
//! puzzle itself is then proved by the search solver like any other (so
//! `cannonball verify` needs no tablebase), and a candidate the search cannot
//! settle within its budget is dropped.

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use crate::forge::margo::themes::{MargoCase, Oracle, has_pinned_suicide, margo_themes};
use crate::puzzle::{Census, Theme};
use crate::solve::Wld;
use crate::solve::margo::Score;
use crate::solve::spargo::{Entry, Tablebase};
use cannonball_rules::margo::{AnyPosition, Move};
use cannonball_rules::rng::Rng;

use super::margo::Candidate;
use super::margo::analyse::MIN_MOVES;
use super::margo::players::{balance, best_capture};

/// Tries per candidate index to find a position with a unique winning move.
const DRAWS: usize = 200;

fn unique_win(tb: &Tablebase, rank: u32) -> Option<(AnyPosition, Vec<(Move, Entry)>)> {
    let p = tb.position(rank);
    let values = tb.move_values(&p).ok()?;
    if values.len() < MIN_MOVES || values.iter().filter(|v| v.1.wld == Wld::Win).count() != 1 {
        return None;
    }
    Some((AnyPosition::Small(p), values))
}

/// The `index`-th candidate of `seed`: the first of up to 200 positions drawn
/// at random from the tablebase that has exactly one winning move.
#[must_use]
pub fn candidate(tb: &Tablebase, seed: u64, index: u64) -> Option<Candidate> {
    let draw = Draw {
        salt: 0x5441_424c,
        draws: DRAWS,
        label: "",
        verdict: false,
    };
    draw.first(tb, seed, index, |rank| unique_win(tb, rank).map(|(p, _)| p))
}

/// How a kind of candidate is drawn from the tablebase.
struct Draw {
    /// Mixed into the seed, one per kind, so kinds draw apart.
    salt: u64,
    /// Positions drawn per candidate index at most.
    draws: usize,
    /// What the provenance adds after the rank (` (best margin)`).
    label: &'static str,
    /// Whether the puzzle asks who wins whoever moves next.
    verdict: bool,
}

impl Draw {
    /// The first position drawn for `index` of `seed` that `pick` takes.
    fn first(
        &self,
        tb: &Tablebase,
        seed: u64,
        index: u64,
        pick: impl Fn(u32) -> Option<AnyPosition>,
    ) -> Option<Candidate> {
        let mut rng = Rng::seed_from(seed ^ self.salt).fork(index);
        let n = tb.len() as u64;
        for _ in 0..self.draws {
            let rank = u32::try_from(rng.below(n)).ok()?;
            if let Some(position) = pick(rank) {
                return Some(Candidate {
                    position,
                    source: format!("spargo tablebase position {rank}{}", self.label),
                    verdict: self.verdict,
                });
            }
        }
        None
    }
}

/// The longest the game may last after a best-margin candidate's best move
/// (plies, as the tablebase counts them: the winner hurrying, the loser
/// delaying). The search settles a best move's exact margin only near the
/// end of the game, and `verify` must settle it again without the tablebase:
/// a few thousand candidates further from the end gave almost no question
/// the search could settle within its budget.
const MARGIN_DISTANCE: u8 = 2;

/// Tries per best-margin candidate index: such positions are rarer.
const MARGIN_DRAWS: usize = 20_000;

/// Whether the position at `rank` asks for the best margin: at least four
/// legal moves, not exactly one winning move, and one move whose margin is
/// better than every other's, which ends the game within
/// [`MARGIN_DISTANCE`] plies. With `winning` the best move wins (several
/// moves do); without, nothing wins and the best move draws or loses least.
fn unique_best_margin(tb: &Tablebase, rank: u32, winning: bool) -> Option<AnyPosition> {
    let p = tb.position(rank);
    let values = tb.move_values(&p).ok()?;
    let wins = values.iter().filter(|v| v.1.wld == Wld::Win).count();
    if values.len() < MIN_MOVES || wins == 1 || (wins > 1) != winning {
        return None;
    }
    let best = values.iter().map(|v| v.1.margin).max()?;
    let at_best: Vec<&(Move, Entry)> = values.iter().filter(|v| v.1.margin == best).collect();
    (at_best.len() == 1 && at_best[0].1.distance.is_some_and(|d| d <= MARGIN_DISTANCE))
        .then_some(AnyPosition::Small(p))
}

/// The `index`-th best-margin candidate of `seed`: the first of up to
/// [`MARGIN_DRAWS`]
/// positions drawn at random from the tablebase where one move has the best
/// margin and no single move wins ([`unique_best_margin`]). Even indices take positions where nothing
/// wins (the answer draws or loses least), odd ones positions where several
/// moves win (the answer wins by most).
#[must_use]
pub fn best_margin_candidate(tb: &Tablebase, seed: u64, index: u64) -> Option<Candidate> {
    let winning = index % 2 == 1;
    let draw = Draw {
        salt: 0x4d41_5247,
        draws: MARGIN_DRAWS,
        label: " (best margin)",
        verdict: false,
    };
    draw.first(tb, seed, index, |rank| {
        unique_best_margin(tb, rank, winning)
    })
}

/// Tries per verdict candidate index: such positions are rarer.
const VERDICT_DRAWS: usize = 20_000;

/// The longest the game may last, with either side to move, in a verdict
/// candidate (plies, as the tablebase counts them): the search must prove
/// both halves again within its budget, without the tablebase.
const VERDICT_DISTANCE: u8 = 12;

/// Whether the position at `rank` asks who wins whoever moves next, as far
/// as the tablebase can say: exactly one winning move ([`unique_win`]), no
/// ko point, the game over within [`VERDICT_DISTANCE`] plies after every
/// first move of either side, and with the opponent to move every move loses although moving
/// first looks good for it (it can capture two pieces or more at once, or
/// it has two pieces more on the board or more). The forge proves the second half again with the search
/// ([`super::margo::verdict`]).
fn verdict_position(tb: &Tablebase, rank: u32) -> Option<AnyPosition> {
    let near = |e: &Entry| e.distance.is_some_and(|d| d <= VERDICT_DISTANCE);
    let (pos, values) = unique_win(tb, rank)?;
    if pos.ko_point().is_some() || !values.iter().all(|v| near(&v.1)) {
        return None;
    }
    let other = pos.other_to_move().ok()?;
    let AnyPosition::Small(o) = &other else {
        return None;
    };
    let others = tb.move_values(o).ok()?;
    if others.is_empty() || others.iter().any(|v| v.1.wld != Wld::Loss || !near(&v.1)) {
        return None;
    }
    let tempting = super::margo::verdict::TEMPTING;
    let capture = u64::try_from(best_capture(&other)).unwrap_or(u64::MAX);
    (capture >= tempting || balance(&other) >= i64::try_from(tempting).unwrap_or(i64::MAX))
        .then_some(pos)
}

/// The `index`-th verdict candidate of `seed`: the first of up to
/// [`VERDICT_DRAWS`] positions drawn at random from the tablebase where
/// the side to move has one winning move and the opponent, moving first
/// instead, would lose too ([`verdict_position`]).
#[must_use]
pub fn verdict_candidate(tb: &Tablebase, seed: u64, index: u64) -> Option<Candidate> {
    let draw = Draw {
        salt: 0x5645_5244,
        draws: VERDICT_DRAWS,
        label: " (whoever moves)",
        verdict: true,
    };
    draw.first(tb, seed, index, |rank| verdict_position(tb, rank))
}

/// Whether `x` is an eye of `color`: an empty board-level point all of whose
/// orthogonal neighbours hold pieces of that colour (no groups looked at).
fn is_eye(
    p: &AnyPosition,
    x: cannonball_rules::margo::Point,
    color: cannonball_rules::margo::Color,
) -> bool {
    let geo = p.geometry();
    p.color_at(x).is_none()
        && geo.level(x) == 0
        && geo
            .neighbours(x)
            .iter()
            .all(|&n| p.color_at(n) == Some(color))
}

/// The eyes of `color`, counted cheaply.
fn eyes(p: &AnyPosition, color: cannonball_rules::margo::Color) -> usize {
    p.geometry()
        .level_points(0)
        .filter(|&x| is_eye(p, x, color))
        .count()
}

/// Whether `x` is an eye of the player to move in `pos`.
fn own_eye(pos: &AnyPosition, x: cannonball_rules::margo::Point) -> bool {
    is_eye(pos, x, pos.to_move())
}

/// Whether, somewhere along `line` (played from `pos`), the player to move can
/// do nothing but fill one of their own eyes, or the line ends because the
/// player to move has no legal move while the other player has some: where
/// passing would change the game, as far as the tablebase can see.
fn forced_to_fill_eye(pos: &AnyPosition, line: &[Move]) -> bool {
    let mut cur = pos.clone();
    for &m in line {
        let moves = cur.legal_moves();
        if !moves.is_empty()
            && moves
                .iter()
                .all(|&mv| matches!(mv, Move::Place(x) if own_eye(&cur, x)))
        {
            return true;
        }
        cur.play_unchecked(m);
    }
    if cur.outcome().is_none() {
        return false;
    }
    cur.other_to_move()
        .is_ok_and(|other| !other.legal_moves().is_empty())
}

/// Whether the position at `rank` is a candidate for `theme`: at least four
/// legal moves of which exactly one wins, and the theme as far as the
/// tablebase can judge it. Stack-join, surround capture, over/under cut and
/// zombie reversal are judged by their detectors (with the tablebase's
/// values); forced eye-filling, ko and pinned suicide need values under other
/// rules, which the tablebase (built under one set of rules) cannot give, so
/// the scan looks for their sign instead (along the best line, up to 40
/// plies, a player's every legal move fills one of their own eyes, or the
/// line ends with the player to move stuck while the other could still move;
/// a move of the first six leaves a ko point; a capture on an enemy group's
/// last freedom that is suicide because a piece it would capture is pinned,
/// see [`has_pinned_suicide`]) and the forge's detectors decide.
fn is_theme_candidate(tb: &Tablebase, rank: u32, theme: Theme) -> bool {
    let p = AnyPosition::Small(tb.position(rank));
    let quick = match theme {
        Theme::StackJoin => eyes(&p, p.to_move()) >= 2,
        Theme::ForcedEyeFilling => {
            eyes(&p, cannonball_rules::margo::Color::Black)
                + eyes(&p, cannonball_rules::margo::Color::White)
                > 0
        }
        Theme::PinnedSuicide => has_pinned_suicide(&p),
        _ => true,
    };
    if !quick {
        return false;
    }
    let Some((pos, values)) = unique_win(tb, rank) else {
        return false;
    };
    let Some(key) = winning_move(&values) else {
        return false;
    };
    match theme {
        Theme::ForcedEyeFilling => forced_to_fill_eye(&pos, &best_line(tb, &pos, key, 40)),
        Theme::PinnedSuicide => true,
        Theme::Ko => {
            let mut cur = pos.clone();
            best_line(tb, &pos, key, 6)
                .into_iter()
                .any(|m| cur.play(m).is_ok() && cur.ko_point().is_some())
        }
        _ => tablebase_themes(tb, &pos, key, &values).contains(&theme),
    }
}

/// The one winning move among `values`.
fn winning_move(values: &[(Move, Entry)]) -> Option<Move> {
    values.iter().find(|v| v.1.wld == Wld::Win).map(|v| v.0)
}

/// The themes the detectors find for `pos` with `key`, judged with the
/// tablebase's values (`values`: every move's entry) and its best line.
fn tablebase_themes(
    tb: &Tablebase,
    pos: &AnyPosition,
    key: Move,
    values: &[(Move, Entry)],
) -> Vec<Theme> {
    let scores: Vec<(Move, Score)> = values
        .iter()
        .map(|v| (v.0, Score::margin(i32::from(v.1.margin))))
        .collect();
    let line = best_line(tb, pos, key, 6);
    let case = MargoCase {
        position: pos,
        key,
        values: &scores,
        line: &line,
        horizon: None,
    };
    margo_themes(&case, &TablebaseOracle(tb))
}

/// Tablebase ranks that are candidates for `theme` (see
/// [`is_theme_candidate`]), at most `limit` of them: the positions are visited
/// in an order fixed by `seed` (a stride through all ranks), a block at a time
/// in parallel, so the same seed gives the same list. `progress` is called
/// with the positions visited so far.
#[must_use]
pub fn theme_ranks(
    tb: &Tablebase,
    theme: Theme,
    seed: u64,
    limit: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Vec<u32> {
    const BLOCK: u64 = 1 << 20;
    let n = tb.len() as u64;
    if n == 0 {
        return Vec::new();
    }
    let visit = visit_order(n, seed);
    let mut found = Vec::new();
    let mut k = 0;
    while k < n && found.len() < limit {
        let end = (k + BLOCK).min(n);
        let mut block: Vec<u32> = (k..end)
            .into_par_iter()
            .filter_map(|j| {
                let rank = u32::try_from(visit(j)).ok()?;
                is_theme_candidate(tb, rank, theme).then_some(rank)
            })
            .collect();
        found.append(&mut block);
        k = end;
        progress(k);
    }
    found.truncate(limit);
    found
}

/// The order a scan of `n` ranks visits them in: the `k`-th visit (k < n)
/// is rank `(start + k * step) mod n`, with `start` and `step` drawn from
/// `seed` and `step` coprime with `n`, so every rank is visited once.
fn visit_order(n: u64, seed: u64) -> impl Fn(u64) -> u64 + Sync {
    let mut rng = Rng::seed_from(seed ^ 0x5343_414e);
    let start = rng.below(n);
    let mut step = (n / 2 + rng.below(n / 2 + 1)) | 1;
    while gcd(step, n) != 1 {
        step += 2;
    }
    move |k| (start + u128_mul_mod(k, step, n)) % n
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn u128_mul_mod(a: u64, b: u64, n: u64) -> u64 {
    u64::try_from(u128::from(a) * u128::from(b) % u128::from(n)).unwrap_or(0)
}

/// The `index`-th of `ranks` (a [`theme_ranks`] list) as a candidate.
#[must_use]
pub fn ranked_candidate(
    tb: &Tablebase,
    ranks: &[u32],
    theme: Theme,
    index: u64,
) -> Option<Candidate> {
    let rank = *ranks.get(usize::try_from(index).ok()?)?;
    Some(Candidate {
        position: AnyPosition::Small(tb.position(rank)),
        source: format!(
            "spargo tablebase position {rank} (scan for {})",
            theme.slug()
        ),
        verdict: false,
    })
}

/// The tablebase as an [`Oracle`]: exact values of positions it holds.
struct TablebaseOracle<'a>(&'a Tablebase);

impl Oracle for TablebaseOracle<'_> {
    fn value(&self, pos: &AnyPosition) -> Option<Score> {
        let AnyPosition::Small(p) = pos else {
            return None;
        };
        if p.rules() != self.0.rules() {
            return None;
        }
        self.0
            .probe(p)
            .ok()
            .map(|e| Score::margin(i32::from(e.margin)))
    }
}

/// Screens every position of `tb`; `progress` is called with positions done.
#[must_use]
pub fn census(tb: &Tablebase, progress: &(dyn Fn(u64) + Sync)) -> Census {
    // The themes whose detectors need no values under other rules: the
    // others are decided by what changes when a rule is switched off, which
    // the tablebase (built under one set of rules) cannot say.
    let counted = [Theme::StackJoin, Theme::SurroundCapture];
    let slots: Vec<AtomicU64> = (0..counted.len() + 2).map(|_| AtomicU64::new(0)).collect();
    let done = AtomicU64::new(0);
    let n = u32::try_from(tb.len()).unwrap_or(u32::MAX);
    (0..n)
        .into_par_iter()
        .with_min_len(1 << 14)
        .for_each(|rank| {
            let d = done.fetch_add(1, Ordering::Relaxed);
            if d % (1 << 20) == 0 {
                progress(d);
            }
            let p = tb.position(rank);
            if !p.has_legal_move() {
                slots[0].fetch_add(1, Ordering::Relaxed);
                return;
            }
            let Some((pos, values)) = unique_win(tb, rank) else {
                return;
            };
            slots[1].fetch_add(1, Ordering::Relaxed);
            let Some(key) = winning_move(&values) else {
                return;
            };
            let found = tablebase_themes(tb, &pos, key, &values);
            for (i, t) in counted.iter().enumerate() {
                if found.contains(t) {
                    slots[i + 2].fetch_add(1, Ordering::Relaxed);
                }
            }
        });
    Census {
        rules: crate::solve::spargo::describe_rules(tb.rules()),
        positions: tb.len() as u64,
        finished: slots[0].load(Ordering::Relaxed),
        unique_win: slots[1].load(Ordering::Relaxed),
        themes: counted
            .iter()
            .enumerate()
            .map(|(i, t)| (*t, slots[i + 2].load(Ordering::Relaxed)))
            .collect(),
        not_counted: vec![
            Theme::ZombieReversal,
            Theme::ForcedEyeFilling,
            Theme::OverUnderCut,
            Theme::PinnedSuicide,
            Theme::Ko,
        ],
        tablebase: Some(format!("{:#018x}", tb.checksum())),
    }
}

/// The key, then best moves (the first of the tablebase's best in legal-move
/// order), at most `plies` moves.
fn best_line(tb: &Tablebase, pos: &AnyPosition, key: Move, plies: usize) -> Vec<Move> {
    let mut line = vec![key];
    let AnyPosition::Small(p) = pos else {
        return line;
    };
    let mut cur = p.clone();
    cur.play_unchecked(key);
    while line.len() < plies {
        let Some(m) = tb.best_moves(&cur).ok().and_then(|b| b.first().copied()) else {
            break;
        };
        cur.play_unchecked(m);
        line.push(m);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forge::margo::spargo_position as spargo;
    use cannonball_rules::margo::{Color, Preset};

    #[test]
    fn a_scan_visits_every_rank_once_in_an_order_fixed_by_the_seed() {
        for n in [1u64, 2, 3, 10, 97, 1000, 4096, 109_934_302 % 5000] {
            for seed in [1, 2, 3] {
                let visit = visit_order(n, seed);
                let mut seen: Vec<u64> = (0..n).map(&visit).collect();
                let again: Vec<u64> = (0..n).map(visit_order(n, seed)).collect();
                assert_eq!(seen, again, "n {n} seed {seed}");
                seen.sort_unstable();
                assert_eq!(seen, (0..n).collect::<Vec<_>>(), "n {n} seed {seed}");
            }
            if n > 10 {
                let a: Vec<u64> = (0..n).map(visit_order(n, 1)).collect();
                let b: Vec<u64> = (0..n).map(visit_order(n, 2)).collect();
                assert_ne!(a, b, "n {n}: two seeds, one order");
            }
        }
    }

    /// Black's wall with two eyes (a1, d4); White has no piece and no move.
    const TWO_EYES: &str = "black b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4; to-move white";

    #[test]
    fn eyes_are_counted_per_colour() {
        let p = spargo(TWO_EYES);
        assert_eq!(eyes(&p, Color::Black), 2);
        assert_eq!(eyes(&p, Color::White), 0);
        assert!(own_eye(
            &spargo(&TWO_EYES.replace("white", "black")),
            p.geometry().level_points(0).next().unwrap()
        ));
        let open = spargo("black b1 a2; white d4; to-move black");
        assert_eq!(eyes(&open, Color::Black), 1);
        assert_eq!(eyes(&open, Color::White), 0);
    }

    #[test]
    fn the_sign_of_forced_eye_filling() {
        // White is stuck while Black could still move: passing would change it.
        let stuck = spargo(TWO_EYES);
        assert!(stuck.outcome().is_some());
        assert!(forced_to_fill_eye(&stuck, &[]));
        // The empty board, and a position with free moves for both: no sign.
        let empty = AnyPosition::new(Preset::Spargo.rules()).unwrap();
        assert!(!forced_to_fill_eye(&empty, &[]));
        let open = spargo("black b1 a2; white d4; to-move black");
        let line: Vec<Move> = open.legal_moves().into_iter().take(1).collect();
        assert!(!forced_to_fill_eye(&open, &line));
    }
}

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
use serde::{Deserialize, Serialize};

use crate::forge::theme::margo::{MargoCase, Oracle, margo_themes};
use crate::margo::{AnyPosition, Move};
use crate::rng::Rng;
use crate::solve::margo::Score;
use crate::solve::spargo::{Tablebase, Wld};

use super::margo::Candidate;
use super::margo::analyse::MIN_MOVES;

/// Tries per candidate index to find a position with a unique winning move.
const DRAWS: usize = 200;

fn unique_win(
    tb: &Tablebase,
    rank: u32,
) -> Option<(AnyPosition, Vec<(Move, crate::solve::spargo::Entry)>)> {
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
    let mut rng = Rng::seed_from(seed ^ 0x5441_424c).fork(index);
    let n = tb.len() as u64;
    for _ in 0..DRAWS {
        let rank = u32::try_from(rng.below(n)).ok()?;
        if let Some((position, _)) = unique_win(tb, rank) {
            return Some(Candidate {
                position,
                source: format!("spargo tablebase position {rank}"),
            });
        }
    }
    None
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

/// Counts over every position of the tablebase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Census {
    /// The rules (`describe_rules`).
    pub rules: String,
    /// Positions, up to symmetry and colour exchange.
    pub positions: u64,
    /// Positions where the game is over.
    pub finished: u64,
    /// Positions with at least four legal moves of which exactly one wins.
    pub unique_win: u64,
    /// Of those, positions per theme (themes the tablebase can decide).
    pub themes: Vec<(String, u64)>,
    /// Themes that need values under other rules (passing, no ko) and are not counted.
    pub not_counted: Vec<String>,
}

/// Screens every position of `tb`; `progress` is called with positions done.
#[must_use]
pub fn census(tb: &Tablebase, progress: &(dyn Fn(u64) + Sync)) -> Census {
    use crate::forge::theme::Theme;
    let oracle = TablebaseOracle(tb);
    let counted = [
        Theme::ZombieReversal,
        Theme::OverUnderCut,
        Theme::StackJoin,
        Theme::PinnedSuicide,
        Theme::SurroundCapture,
    ];
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
            let key = values.iter().find(|v| v.1.wld == Wld::Win).map(|v| v.0);
            let Some(key) = key else { return };
            let scores: Vec<(Move, Score)> = values
                .iter()
                .map(|v| (v.0, Score::margin(i32::from(v.1.margin))))
                .collect();
            let line = best_line(tb, &pos, key, 6);
            let case = MargoCase {
                position: &pos,
                key,
                values: &scores,
                line: &line,
            };
            let found = margo_themes(&case, &oracle);
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
            .map(|(i, t)| (t.slug().to_owned(), slots[i + 2].load(Ordering::Relaxed)))
            .collect(),
        not_counted: vec![
            Theme::ForcedEyeFilling.slug().into(),
            Theme::Ko.slug().into(),
        ],
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

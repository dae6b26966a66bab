//! The complete solution of a small Margo board: every position reachable from
//! the roots, each with its exact value.

use std::time::{Duration, Instant};

use thiserror::Error;

use std::sync::atomic::{AtomicI8, AtomicU8, Ordering};

use rayon::prelude::*;

use super::graph::{Graph, TooMany, enumerate, terminals};
use super::index::{EMPTY_SLOT, SortedIndex};
use super::key::{Key, Keyer};
use super::retro::{NO_DISTANCE, Solution, solve_margins, solve_win_loss};
use super::spill::WordSpill;
use cannonball_rules::margo::{CaptureScope, Ko, Move, Position, Rules};

use crate::solve::Wld;

/// Why a tablebase cannot be made or used.
#[derive(Debug, Error)]
pub enum TablebaseError {
    /// The rules carry state a tablebase key does not record.
    #[error(
        "tablebases support 3x3 and 4x4 boards, two players, no swap, no passing, no single capture, and simple or no ko; these rules have {0}"
    )]
    UnsupportedRules(String),
    /// The position was not reached from the tablebase's roots.
    #[error("the position is not in this tablebase")]
    NotFound,
    /// The position's rules differ from the tablebase's.
    #[error("the position's rules differ from the tablebase's ({0})")]
    OtherRules(String),
    /// More positions are reachable than the build allows.
    #[error(transparent)]
    TooMany(#[from] TooMany),
    /// Reading or writing a tablebase file failed.
    #[error("{path}: {reason}")]
    File {
        /// The file.
        path: String,
        /// What went wrong.
        reason: String,
    },
}

/// A position's exact value, from the point of view of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// Win, draw or loss.
    pub wld: Wld,
    /// The final margin both sides can force (mover's pieces minus opponent's).
    pub margin: i8,
    /// Moves to the end when the winner hurries and the loser delays (wins and
    /// losses only).
    pub distance: Option<u8>,
}

impl Entry {
    fn new(margin: i8, distance: u8) -> Entry {
        Entry {
            wld: match margin.signum() {
                1 => Wld::Win,
                -1 => Wld::Loss,
                _ => Wld::Draw,
            },
            margin,
            distance: (distance != NO_DISTANCE).then_some(distance),
        }
    }
}

/// How to build a tablebase.
#[derive(Clone, Copy, Debug)]
pub struct BuildOptions {
    /// Compute exact margins as well as win/loss/draw and distances.
    pub margins: bool,
    /// Give up when more positions than this are reachable.
    pub max_positions: usize,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            margins: true,
            max_positions: u32::MAX as usize - 1,
        }
    }
}

/// What a build did and how long each phase took.
#[derive(Clone, Debug, Default)]
pub struct BuildStats {
    /// Positions enumerated (after symmetry and colour reduction).
    pub positions: usize,
    /// Moves in the graph (distinct canonical children summed over positions).
    pub moves: usize,
    /// Enumeration time.
    pub enumerate: Duration,
    /// Turning the moves around into the backward graph.
    pub graph: Duration,
    /// Win/loss/draw and distance time.
    pub win_loss: Duration,
    /// Exact margin time (zero when skipped).
    pub margins: Duration,
    /// Numbering the positions in the order of their keys (the file's order).
    pub numbering: Duration,
}

impl BuildStats {
    /// The time of each phase, for reports.
    #[must_use]
    pub fn phases(&self) -> String {
        format!(
            "enumerate {:.1} s, graph {:.1} s, win/loss/draw {:.1} s, margins {:.1} s, numbering {:.1} s",
            self.enumerate.as_secs_f64(),
            self.graph.as_secs_f64(),
            self.win_loss.as_secs_f64(),
            self.margins.as_secs_f64(),
            self.numbering.as_secs_f64(),
        )
    }
}

/// A solved set of positions.
#[derive(Debug)]
pub struct Tablebase {
    pub(crate) rules: Rules,
    pub(crate) index: SortedIndex,
    pub(crate) solution: Solution,
    pub(crate) roots: Vec<Key>,
    pub(crate) margins_exact: bool,
    /// [`Tablebase::checksum`], once computed.
    pub(crate) checksum: std::sync::OnceLock<u64>,
    keyer: Keyer,
    template: Position<1>,
}

/// Checks that `rules` leave nothing out of the key.
///
/// # Errors
/// [`TablebaseError::UnsupportedRules`].
pub fn check_rules(rules: &Rules) -> Result<(), TablebaseError> {
    let problem = if !(3..=4).contains(&rules.size) {
        Some(format!("size {}", rules.size))
    } else if rules.players != 2 {
        Some(format!("{} players", rules.players))
    } else if rules.swap {
        Some("swap on".to_owned())
    } else if rules.can_pass {
        Some("passing".to_owned())
    } else if rules.single_capture {
        Some("single capture".to_owned())
    } else if rules.ko.is_superko() {
        Some(format!("ko {}", rules.ko.name()))
    } else {
        None
    };
    problem.map_or(Ok(()), |p| Err(TablebaseError::UnsupportedRules(p)))
}

impl Tablebase {
    /// Solves every position reachable from `roots` (all under `rules`).
    ///
    /// # Errors
    /// Unsupported rules, or more positions than the options allow.
    pub fn build(
        rules: Rules,
        roots: &[Position<1>],
        options: BuildOptions,
    ) -> Result<(Tablebase, BuildStats), TablebaseError> {
        let margins = options.margins;
        check_rules(&rules)?;
        let template =
            Position::new(rules).map_err(|e| TablebaseError::UnsupportedRules(e.to_string()))?;
        let keyer = Keyer::for_geometry(template.geometry());
        let mut root_keys = Vec::new();
        for r in roots {
            if *r.rules() != rules {
                return Err(TablebaseError::OtherRules(format!("{:?}", r.rules())));
            }
            root_keys.push(keyer.key(r));
        }
        let expected =
            if rules.size == 4 && root_keys.len() == 1 && roots[0].board().occupied().is_empty() {
                // 109,934,302 under simple ko: the key set gets a third more
                // slots than that (1.2 GB) and never has to start again.
                110_000_000
            } else {
                1 << 16
            };
        let mut stats = BuildStats::default();
        let t = Instant::now();
        let found = enumerate(
            &keyer,
            &template,
            &root_keys,
            expected,
            options.max_positions,
        )?;
        stats.positions = found.set.len();
        stats.moves = found.edges as usize;
        stats.enumerate = t.elapsed();
        let t = Instant::now();
        // The finished games' margins, then the keys out of memory until the
        // end: the graph needs the room.
        let slots = found.set.into_slots();
        let terminals = terminals(&slots, &found.out_degree);
        let keys = WordSpill::write(&slots)?;
        drop(slots);
        let graph = Graph::from_moves(found.out_degree, found.moves, found.edges)?;
        stats.graph = t.elapsed();
        let t = Instant::now();
        let mut solution = solve_win_loss(&graph, &terminals);
        stats.win_loss = t.elapsed();
        if margins {
            let t = Instant::now();
            solve_margins(&graph, &terminals, &mut solution);
            stats.margins = t.elapsed();
        }
        drop(graph);
        let t = Instant::now();
        let (index, solution) = by_rank(&keys.read()?, &solution);
        stats.numbering = t.elapsed();
        Ok((
            Tablebase {
                rules,
                index,
                solution,
                roots: root_keys,
                margins_exact: margins,
                checksum: std::sync::OnceLock::new(),
                keyer,
                template,
            },
            stats,
        ))
    }

    pub(crate) fn assemble(
        rules: Rules,
        index: SortedIndex,
        solution: Solution,
        roots: Vec<Key>,
        margins_exact: bool,
    ) -> Result<Tablebase, TablebaseError> {
        check_rules(&rules)?;
        let template =
            Position::new(rules).map_err(|e| TablebaseError::UnsupportedRules(e.to_string()))?;
        let keyer = Keyer::for_geometry(template.geometry());
        Ok(Tablebase {
            rules,
            index,
            solution,
            roots,
            margins_exact,
            checksum: std::sync::OnceLock::new(),
            keyer,
            template,
        })
    }

    /// The rules the tablebase was built for.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Number of positions (classes under symmetry and colour exchange).
    #[must_use]
    pub fn len(&self) -> usize {
        self.index.len()
    }

    /// Whether it holds no positions.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// Whether margins are exact (otherwise only their sign is).
    #[must_use]
    pub fn margins_exact(&self) -> bool {
        self.margins_exact
    }

    /// The positions the tablebase was enumerated from.
    #[must_use]
    pub fn roots(&self) -> Vec<Position<1>> {
        self.roots
            .iter()
            .map(|k| k.position_like(&self.template))
            .collect()
    }

    /// The value of `pos`.
    ///
    /// # Errors
    /// When the rules differ or the position was not reached from the roots.
    pub fn probe(&self, pos: &Position<1>) -> Result<Entry, TablebaseError> {
        if *pos.rules() != self.rules {
            return Err(TablebaseError::OtherRules(format!("{:?}", pos.rules())));
        }
        let r = self
            .index
            .rank(self.keyer.key(pos))
            .ok_or(TablebaseError::NotFound)?;
        Ok(self.entry(r))
    }

    /// The entry of the position numbered `rank`.
    #[must_use]
    pub fn entry(&self, rank: u32) -> Entry {
        Entry::new(
            self.solution.margin[rank as usize],
            self.solution.distance[rank as usize],
        )
    }

    /// The canonical position numbered `rank` (the player to move is White).
    #[must_use]
    pub fn position(&self, rank: u32) -> Position<1> {
        self.index.key(rank).position_like(&self.template)
    }

    /// Every legal move of `pos` with its value for the player making it: the
    /// margin and result that move secures.
    ///
    /// # Errors
    /// As [`Tablebase::probe`].
    pub fn move_values(&self, pos: &Position<1>) -> Result<Vec<(Move, Entry)>, TablebaseError> {
        let mut out = Vec::new();
        let mut missing = false;
        pos.for_each_child(|m, child| match self.probe(&child) {
            Ok(e) => out.push((m, flip(e))),
            Err(_) => missing = true,
        });
        if missing {
            return Err(TablebaseError::NotFound);
        }
        Ok(out)
    }

    /// The moves that keep the position's value: the best margin, and among those
    /// the fastest win or the slowest loss.
    ///
    /// # Errors
    /// As [`Tablebase::probe`].
    pub fn best_moves(&self, pos: &Position<1>) -> Result<Vec<Move>, TablebaseError> {
        let values = self.move_values(pos)?;
        let best = values.iter().map(|(_, e)| rank_key(e)).max();
        Ok(values
            .iter()
            .filter(|(_, e)| Some(rank_key(e)) == best)
            .map(|(m, _)| *m)
            .collect())
    }

    /// How many positions have each margin, from the mover's point of view.
    #[must_use]
    pub fn margin_counts(&self) -> Vec<(i8, usize)> {
        let mut counts = std::collections::BTreeMap::new();
        for &m in &self.solution.margin {
            *counts.entry(m).or_insert(0usize) += 1;
        }
        counts.into_iter().collect()
    }
}

/// The index of the keys held in `slots`, and the solution (numbered by slot)
/// renumbered by the index.
fn by_rank(slots: &[u64], by_slot: &Solution) -> (SortedIndex, Solution) {
    let index = SortedIndex::new(
        slots
            .par_iter()
            .copied()
            .filter(|&k| k != EMPTY_SLOT)
            .collect(),
    );
    let margin: Vec<AtomicI8> = (0..index.len()).map(|_| AtomicI8::new(0)).collect();
    let distance: Vec<AtomicU8> = (0..index.len()).map(|_| AtomicU8::new(0)).collect();
    slots.par_iter().enumerate().for_each(|(i, &k)| {
        if k == EMPTY_SLOT {
            return;
        }
        if let Some(r) = index.rank(Key(k)) {
            margin[r as usize].store(by_slot.margin[i], Ordering::Relaxed);
            distance[r as usize].store(by_slot.distance[i], Ordering::Relaxed);
        }
    });
    let solution = Solution {
        margin: margin.into_iter().map(AtomicI8::into_inner).collect(),
        distance: distance.into_iter().map(AtomicU8::into_inner).collect(),
    };
    (index, solution)
}

/// The value of a move for its maker, given the child's value for its mover.
fn flip(e: Entry) -> Entry {
    Entry {
        wld: e.wld.flipped(),
        margin: -e.margin,
        distance: e.distance.map(|d| d.saturating_add(1)),
    }
}

/// Orders move values: higher margin first; then quicker wins, slower losses.
fn rank_key(e: &Entry) -> (i8, i16) {
    let d = i16::from(e.distance.unwrap_or(0));
    (e.margin, if e.margin > 0 { -d } else { d })
}

/// Rules in a short text form, for messages and file headers.
#[must_use]
pub fn describe_rules(r: &Rules) -> String {
    format!(
        "size={} ko={} capture-scope={} all-freedoms={} max-height={}",
        r.size,
        r.ko.name(),
        match r.capture_scope {
            CaptureScope::All => "all",
            CaptureScope::Adjacent => "adjacent",
        },
        r.all_freedoms,
        r.max_height.map_or("none".to_owned(), |h| h.to_string()),
    )
}

/// The ko rules a tablebase supports.
pub const KO_RULES: [Ko; 2] = [Ko::Simple, Ko::None];

//! Retrograde analysis: values from the ends of the game backwards.
//!
//! A position's value is the final margin (the mover's pieces minus the
//! opponent's when the game ends) that the player to move can force, both sides
//! maximising their own margin; play that can go on for ever counts as a draw
//! with margin 0. For each threshold `t >= 1` two sets are computed together:
//! `X_t`, where the mover can force a margin of at least `t`, and `U_t`, where
//! the opponent can force the mover's margin down to `-t` or less. A position is
//! in `X_t` when one of its moves leads into `U_t`, and in `U_t` when the game is
//! over with margin `<= -t` or every move leads into `X_t`; both are the least
//! sets closed under these rules, found by counting from the ends. The value is
//! `t` for the largest `t` with the position in `X_t`, `-t` likewise with `U_t`,
//! and 0 otherwise. Threshold 1 is win/loss/draw; its pass also measures the
//! distance to the end (the winner hurrying, the loser delaying).

use rayon::prelude::*;

use super::graph::Graph;
use super::progress::Phase;
use super::stretch::Room;

/// Distance value meaning "no end is forced" (draws).
pub const NO_DISTANCE: u8 = u8::MAX;

const OPEN: u32 = 0;
const IN_X: u32 = 1;
const IN_U: u32 = 2;

/// Everything a pass knows of one position, in one word, so that following a
/// move touches one place in memory: the number of children not yet known to
/// be in `X` (bits 0–7), the state (bits 8–9) and the distance or value found
/// (bits 16–23).
#[derive(Clone, Copy)]
struct Word(u32);

impl Word {
    fn decided(state: u32, value: u8) -> Word {
        Word(state << 8 | u32::from(value) << 16)
    }

    fn state(self) -> u32 {
        self.0 >> 8 & 3
    }

    fn count(self) -> u32 {
        self.0 & 0xFF
    }

    fn value(self) -> u8 {
        (self.0 >> 16) as u8
    }
}

/// Positions just decided: those now in `X` and those now in `U`.
#[derive(Default)]
struct Layer {
    x: Vec<u32>,
    u: Vec<u32>,
}

impl Layer {
    fn len(&self) -> usize {
        self.x.len() + self.u.len()
    }

    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The positions' words, one per position of the graph, split into one range
/// of positions per thread: a step's threads each change only the positions
/// of their own range, so no word is shared and no atomic operation is needed.
struct Words {
    words: Vec<u32>,
    part: usize,
    /// How a step takes its moves: [`GRAIN`] but in tests.
    grain: Grain,
    /// Each thread's buffers, kept from one piece to the next.
    room: Vec<Room<u32>>,
}

/// How a step takes its moves: `piece` children's parents gathered at once,
/// changed by stretches of `1 << stretch_bits` slots.
#[derive(Clone, Copy, Debug)]
struct Grain {
    piece: usize,
    stretch_bits: u32,
}

/// Children whose parents a step gathers at once (about 3.6 parents each,
/// some 60 MB, twice), in stretches of a quarter of a megabyte of words.
const GRAIN: Grain = Grain {
    piece: 1 << 22,
    stretch_bits: 16,
};

impl Words {
    fn new(graph: &Graph, grain: Grain) -> Words {
        let n = graph.len();
        let part = n.div_ceil(rayon::current_num_threads().max(1)).max(1);
        Words {
            words: graph.out_degree.par_iter().map(|&d| u32::from(d)).collect(),
            part,
            grain,
            room: (0..n.div_ceil(part)).map(|_| Room::default()).collect(),
        }
    }

    /// Decides the finished games among `seeds` (slot, margin) whose margin
    /// is `pick`ed, with the value each is given.
    fn seed(
        &mut self,
        seeds: &[(u32, i8)],
        pick: impl Fn(i8) -> bool,
        value: impl Fn(i8) -> u8,
    ) -> Layer {
        let mut layer = Layer::default();
        for &(i, m) in seeds.iter().filter(|&&(_, m)| pick(m)) {
            let state = if m > 0 { IN_X } else { IN_U };
            self.words[i as usize] = Word::decided(state, value(m)).0;
            if m > 0 {
                layer.x.push(i);
            } else {
                layer.u.push(i);
            }
        }
        layer
    }

    /// Follows every move into the positions of `layer` backwards: the parents
    /// of a position in `U` go into `X` with `x_value`; a parent all of whose
    /// children are now in `X` goes into `U` with `u_value`. Returns the
    /// positions decided.
    ///
    /// The order in which a step's moves are followed does not matter (no
    /// position has one child in `X` and another in `U` and yet all its
    /// children in `X`), so they are taken in pieces, and each piece's parents
    /// are put in order by stretches of slots ([`Room`]) before their
    /// words are changed, not taken at random all over a table far bigger than
    /// the caches. The lists come out in that order too, which is the order
    /// in which the next step best gathers their parents.
    fn step(&mut self, graph: &Graph, layer: &Layer, x_value: u8, u_value: u8) -> Layer {
        let mut next = Layer::default();
        for (children, to_x) in [(&layer.u, true), (&layer.x, false)] {
            for piece in children.chunks(self.grain.piece.max(1)) {
                let found = self.follow(graph, piece, to_x, x_value, u_value);
                for f in found {
                    next.x.extend(f.x);
                    next.u.extend(f.u);
                }
            }
        }
        next
    }

    /// Follows the moves from `children` into children in `U` (`to_x`) or in
    /// `X`; each thread gathers the parents of its own range and changes their
    /// words stretch by stretch.
    fn follow(
        &mut self,
        graph: &Graph,
        children: &[u32],
        to_x: bool,
        x_value: u8,
        u_value: u8,
    ) -> Vec<Layer> {
        let (part, bits) = (self.part, self.grain.stretch_bits);
        self.words
            .par_chunks_mut(part)
            .zip(self.room.par_iter_mut())
            .enumerate()
            .map(|(k, (words, room))| {
                let (lo, len) = (k * part, words.len());
                let parents = children
                    .iter()
                    .flat_map(|&c| graph.parents(c).iter().copied());
                room.gather(parents, lo, len, bits);
                let mut next = Layer::default();
                for &i in &room.ordered {
                    let p = (lo + i as usize) as u32;
                    let w = &mut words[i as usize];
                    let word = Word(*w);
                    if word.state() != OPEN {
                        continue;
                    }
                    if to_x {
                        *w = Word::decided(IN_X, x_value).0;
                        next.x.push(p);
                    } else if word.count() == 1 {
                        *w = Word::decided(IN_U, u_value).0;
                        next.u.push(p);
                    } else {
                        *w -= 1;
                    }
                }
                next
            })
            .collect()
    }
}

/// Values of every position of a graph.
#[derive(Debug, Clone)]
pub struct Solution {
    /// Exact final margin from the mover's point of view.
    pub margin: Vec<i8>,
    /// Moves to the end under win/loss play, [`NO_DISTANCE`] for draws.
    pub distance: Vec<u8>,
}

/// Win/loss/draw with distances: the threshold-1 pass. `terminals` are the
/// finished games with their margins.
#[must_use]
pub fn solve_win_loss(graph: &Graph, terminals: &[(u32, i8)]) -> Solution {
    win_loss_in_pieces(graph, terminals, GRAIN)
}

fn win_loss_in_pieces(graph: &Graph, terminals: &[(u32, i8)], grain: Grain) -> Solution {
    let mut words = Words::new(graph, grain);
    let phase = Phase::spinner("win/loss/draw");
    let mut layer = words.seed(terminals, |m| m != 0, |_| 0);
    let mut depth: u8 = 0;
    while !layer.is_empty() {
        let d = depth.saturating_add(1).min(NO_DISTANCE - 1);
        layer = words.step(graph, &layer, d, d);
        depth = d;
        phase.message(&format!("{depth} moves from the end"));
    }
    phase.finish("win/loss/draw solved");
    let (margin, distance) = words
        .words
        .into_par_iter()
        .map(|w| {
            let w = Word(w);
            match w.state() {
                IN_X => (1, w.value()),
                IN_U => (-1, w.value()),
                _ => (0, NO_DISTANCE),
            }
        })
        .unzip();
    Solution { margin, distance }
}

/// Sets every margin to its exact value in one sweep over the thresholds from
/// the largest down.
///
/// The rules that build `X_t` and `U_t` are the same for every threshold; only
/// the seeds (finished games with margin `>= t` or `<= -t`) differ, and they
/// grow as `t` falls. So the sets for `t` are the closure of the sets for
/// `t + 1` with the new seeds added: propagation continues where it stopped,
/// move counters are never reset, and each move is followed at most once into
/// `X` and once into `U` over the whole sweep (about two passes over the
/// graph, instead of one pass per threshold). A position first reached at
/// threshold `t` has the value `t` (in `X`) or `-t` (in `U`); positions never
/// reached are draws.
pub fn solve_margins(graph: &Graph, terminals: &[(u32, i8)], solution: &mut Solution) {
    margins_in_pieces(graph, terminals, solution, GRAIN);
}

fn margins_in_pieces(
    graph: &Graph,
    terminals: &[(u32, i8)],
    solution: &mut Solution,
    grain: Grain,
) {
    let phase = Phase::spinner("exact margins");
    let mut words = Words::new(graph, grain);
    let top = terminals
        .iter()
        .map(|&(_, m)| m.unsigned_abs())
        .max()
        .unwrap_or(0);
    for t in (1..=top).rev() {
        let t = t as i8;
        let mut work = words.seed(
            terminals,
            |m| m.unsigned_abs() == t.unsigned_abs(),
            |m| m as u8,
        );
        let mut reached = 0usize;
        while !work.is_empty() {
            reached += work.len();
            work = words.step(graph, &work, t as u8, (-t) as u8);
        }
        phase.message(&format!("margin {t}: {reached} positions reached"));
    }
    solution.margin = words
        .words
        .into_par_iter()
        .map(|w| {
            let w = Word(w);
            if w.state() == OPEN {
                0
            } else {
                w.value() as i8
            }
        })
        .collect();
    phase.finish("margins solved");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::spargo::graph::{empty_three_by_three, enumerate, terminals};
    use crate::solve::spargo::key::Keyer;

    /// The order and the pieces in which a step follows its moves change
    /// nothing: the 3x3 board (simple ko) solved seven children's parents at
    /// a time, in stretches of 4 slots, gives the values of one piece a step
    /// in the order gathered.
    #[test]
    fn pieces_and_stretches_change_no_value() {
        let root = empty_three_by_three();
        let keyer = Keyer::for_geometry(root.geometry());
        let found = enumerate(&keyer, &root, &[keyer.key(&root)], 1 << 12, usize::MAX).unwrap();
        let terminals = terminals(&found.set.into_slots(), &found.out_degree);
        let graph = Graph::from_moves(found.out_degree, found.moves, found.edges).unwrap();
        let whole = |piece, stretch_bits| {
            let grain = Grain {
                piece,
                stretch_bits,
            };
            let mut s = win_loss_in_pieces(&graph, &terminals, grain);
            let wl = s.margin.clone();
            margins_in_pieces(&graph, &terminals, &mut s, grain);
            (wl, s)
        };
        let (wl, one) = whole(usize::MAX, 31);
        let (wl7, seven) = whole(7, 2);
        assert_eq!(wl, wl7);
        assert_eq!(one.margin, seven.margin);
        assert_eq!(one.distance, seven.distance);
        // Not a trivial table: wins, losses and draws, and margins beyond 1.
        for v in [-1, 0, 1] {
            assert!(wl.contains(&v));
        }
        assert!(one.margin.iter().any(|m| m.abs() > 1));
    }
}

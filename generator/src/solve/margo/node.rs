//! Search nodes: a position with its two keys, and the generation of children.
//!
//! The *exact key* identifies the position itself (board, colour to move, ko
//! state, swap availability, passes, a capture win, and under
//! `single_capture` the zombie labels): it finds repetitions on the search
//! path. The *table key* is the least exact key over the eight symmetries of
//! the board, so that a position and its mirror images share one table entry;
//! the node remembers which symmetry gave it, to carry best moves into and out
//! of that common frame. Under superko the position also carries the set of
//! earlier boards, which the symmetries do not map, so the table key is then
//! the engine's hash and symmetry is not used.
//!
//! The board part of the key is kept for every symmetry at once and updated
//! from the parent's by the pieces a move adds and removes.

use cannonball_rules::margo::{Bitboard, Color, Geometry, Move, Point, Position, Symmetry};
use cannonball_rules::rng::splitmix64;

/// Zobrist keys of the search (independent of the engine's).
#[derive(Debug)]
pub(crate) struct Keys {
    geo: &'static Geometry,
    /// `piece[p][c][s]`: a piece of colour `c` on the image of `p` under `s`.
    piece: Vec<[[u64; 8]; 2]>,
    /// `ko[p][s]`: the simple-ko point on the image of `p` under `s`.
    ko: Vec<[u64; 8]>,
    /// `zombie[p][s]`: a zombie label on the image of `p` under `s`.
    zombie: Vec<[u64; 8]>,
    to_move: [u64; 2],
    swap_available: u64,
    swap_next: u64,
    passes: [u64; 4],
    winner: [u64; 2],
    /// Whether table keys are canonical under the symmetries.
    symmetric: bool,
    superko: bool,
    single_capture: bool,
}

/// A position in the search, with its keys.
#[derive(Clone, Debug)]
pub(crate) struct Node<const W: usize> {
    pub pos: Position<W>,
    /// Board key under each symmetry, in [`Symmetry::ALL`] order.
    pub board: [u64; 8],
    /// Exact key.
    pub key: u64,
    /// Table key.
    pub tt_key: u64,
    /// The symmetry taking this position to the frame of its table key.
    pub sym: Symmetry,
    /// The move that led here from the parent.
    pub mv: Option<Move>,
    /// Pieces the move gained for its player, net: the change of that
    /// player's margin.
    pub gain: i32,
    /// Move-ordering score, set by the searcher.
    pub order: i32,
}

impl Keys {
    /// Keys for a board of `geo`; `symmetric` asks for canonical table keys.
    pub fn new(
        geo: &'static Geometry,
        symmetric: bool,
        superko: bool,
        single_capture: bool,
    ) -> Keys {
        let mut seed = 0x536F_6C76_6572_0000 ^ geo.size() as u64;
        let mut next = || splitmix64(&mut seed);
        let n = geo.len();
        let base_piece: Vec<[u64; 2]> = (0..n).map(|_| [next(), next()]).collect();
        let base_ko: Vec<u64> = (0..n).map(|_| next()).collect();
        let base_zombie: Vec<u64> = (0..n).map(|_| next()).collect();
        let image = |p: Point, s: usize| geo.transform(Symmetry::ALL[s], p).index();
        let piece = geo
            .points()
            .map(|p| {
                let of = |c: usize| std::array::from_fn(|s| base_piece[image(p, s)][c]);
                [of(0), of(1)]
            })
            .collect();
        let per_sym = |base: &[u64]| -> Vec<[u64; 8]> {
            geo.points()
                .map(|p| std::array::from_fn(|s| base[image(p, s)]))
                .collect()
        };
        Keys {
            geo,
            piece,
            ko: per_sym(&base_ko),
            zombie: per_sym(&base_zombie),
            to_move: [next(), next()],
            swap_available: next(),
            swap_next: next(),
            passes: [0, next(), next(), next()],
            winner: [next(), next()],
            symmetric: symmetric && !superko,
            superko,
            single_capture,
        }
    }

    /// The board's geometry.
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    fn toggle(&self, board: &mut [u64; 8], p: Point, c: Color) {
        let k = &self.piece[p.index()][c.index() & 1];
        for (b, k) in board.iter_mut().zip(k) {
            *b ^= k;
        }
    }

    /// The search node of `pos`, keys computed from scratch.
    pub fn root<const W: usize>(&self, pos: Position<W>) -> Node<W> {
        let mut board = [0; 8];
        for c in [Color::White, Color::Black] {
            for p in pos.board().pieces(c) {
                self.toggle(&mut board, p, c);
            }
        }
        self.node(pos, board, None, 0)
    }

    fn node<const W: usize>(
        &self,
        pos: Position<W>,
        board: [u64; 8],
        mv: Option<Move>,
        gain: i32,
    ) -> Node<W> {
        let mut fixed =
            self.to_move[pos.to_move().index() & 1] ^ self.passes[usize::from(pos.passes()).min(3)];
        if pos.swap_available() {
            fixed ^= self.swap_available;
        }
        if pos.swap_comes_next() {
            fixed ^= self.swap_next;
        }
        if let Some(w) = pos.winner() {
            fixed ^= self.winner[w.index() & 1];
        }
        let in_frame = |s: usize| {
            let mut h = board[s];
            if let Some(k) = pos.ko_point() {
                h ^= self.ko[k.index()][s];
            }
            if self.single_capture {
                for z in pos.zombies() {
                    h ^= self.zombie[z.index()][s];
                }
            }
            h ^ fixed
        };
        let (key, tt_key, sym) = if self.superko {
            let k = pos.hash() ^ fixed;
            (k, k, Symmetry::Identity)
        } else {
            let key = in_frame(0);
            let (mut best, mut sym) = (key, 0);
            if self.symmetric {
                for s in 1..8 {
                    let h = in_frame(s);
                    if h < best {
                        best = h;
                        sym = s;
                    }
                }
            }
            (key, best, Symmetry::ALL[sym])
        };
        Node {
            pos,
            board,
            key,
            tt_key,
            sym,
            mv,
            gain,
            order: 0,
        }
    }

    /// Every child of `node`, in the order of [`Position::legal_moves`]
    /// (placements by point, then pass, then swap), into `out`.
    pub fn children<const W: usize>(&self, node: &Node<W>, out: &mut Vec<Node<W>>) {
        out.clear();
        let pos = &node.pos;
        if pos.ended_by_state() {
            return;
        }
        let before = margin(pos);
        pos.for_each_child_with(|m, child, removed| {
            out.push(self.child(node, m, child, removed, before));
        });
    }

    /// The child `child` reached by `m`, which emptied `removed`; `before` is
    /// the node's [`margin`].
    fn child<const W: usize>(
        &self,
        node: &Node<W>,
        m: Move,
        child: Position<W>,
        removed: Bitboard<W>,
        before: i32,
    ) -> Node<W> {
        let pos = &node.pos;
        let mut board = node.board;
        if let Move::Place(p) = m {
            self.toggle(&mut board, p, pos.to_move());
            for q in removed {
                if let Some(c) = pos.color_at(q) {
                    self.toggle(&mut board, q, c);
                }
            }
        }
        let gain = -margin(&child) - before;
        self.node(child, board, Some(m), gain)
    }

    /// `m` seen in the table's frame of a node whose symmetry is `s`.
    pub fn to_frame(&self, s: Symmetry, m: Move) -> Move {
        match m {
            Move::Place(p) => Move::Place(self.geo.transform(s, p)),
            other => other,
        }
    }

    /// A move of the table's frame seen from a node whose symmetry is `s`.
    #[allow(
        clippy::wrong_self_convention,
        reason = "the inverse of `to_frame`, not a constructor"
    )]
    pub fn from_frame(&self, s: Symmetry, m: Move) -> Move {
        self.to_frame(s.inverse(), m)
    }
}

/// The margin now for the colour to move: its pieces minus the other colour's
/// (two players).
pub(crate) fn margin<const W: usize>(pos: &Position<W>) -> i32 {
    let c = pos.to_move();
    pos.count(c) as i32 - pos.count(c.next(2)) as i32
}

/// The value of a finished game for the player to move: a capture win or loss,
/// or the margin.
pub(crate) fn terminal_score<const W: usize>(pos: &Position<W>) -> i32 {
    match pos.winner() {
        Some(w) if w == pos.to_move() => super::value::Score::CAPTURE_WIN.raw(),
        Some(_) => super::value::Score::CAPTURE_LOSS.raw(),
        None => margin(pos),
    }
}

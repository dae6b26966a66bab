//! A deliberately simple, slow reference implementation of the Margo rules
//! (`RULINGS.md` Part A), written from the rulings alone, for differential tests
//! against the fast engine.
//!
//! Everything here is written the plainest way: the board is a flat vector of
//! optional colours indexed by point, groups are found by breadth-first search,
//! and each rule is a loop written straight from the ruling's sentence, which is
//! quoted beside it. Nothing is cached and nothing is optimised.
//!
//! Orientation: a point is `(level, x, y)`, `x` the column and `y` the row,
//! 0-based within the level. Colours are indices: 0 White, 1 Black, 2 Grey, 3 Red.
//!
//! The module is included by several test crates (`mod margo_reference;`); each
//! uses only part of it.

#![allow(
    dead_code,
    reason = "included by several test crates, each of which uses a different part"
)]

pub mod fixture;
pub mod runner;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A point `(level, x, y)`.
pub type Point = (usize, usize, usize);

/// Colour names in colour-index order.
pub const COLOUR_NAMES: [&str; 4] = ["white", "black", "grey", "red"];

/// Every reason [`RefGame::illegal_reason`] can give, in the order they are tested.
pub const ILLEGAL_REASONS: [&str; 9] = [
    "game over",
    "pass not allowed",
    "swap not allowed now",
    "off board",
    "occupied",
    "above max height",
    "unsupported",
    "suicide",
    "ko",
];

/// The ko rule (ruling A6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RefKo {
    /// No ko restriction at all.
    None,
    /// A placement may not produce the board that existed just before the most
    /// recent move.
    Simple,
    /// A placement may not produce any board that has existed in this game.
    PositionalSuperko,
    /// A placement may not produce any (board, colour to move next) pair that has
    /// existed in this game.
    SituationalSuperko,
}

/// The rule options of one game (rulings A2, A4, A5, A6, A7).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RefRules {
    /// Board size n (level 0 is n x n).
    pub size: usize,
    /// Number of players, 2 to 4.
    pub players: usize,
    /// The ko rule.
    pub ko: RefKo,
    /// Whether the second move of a game from the empty board may be a swap.
    pub swap: bool,
    /// Points at a level `>= max_height` are never playable.
    pub max_height: Option<usize>,
    /// Whether passing is a legal move.
    pub can_pass: bool,
    /// Whether pieces on every level give freedom (pbmserv `-all_freedoms`).
    pub all_freedoms: bool,
    /// Whether the first capture of a non-zombie enemy piece wins at once.
    pub single_capture: bool,
    /// Whether captures look only at groups adjacent to the placed piece.
    pub capture_scope_adjacent: bool,
}

impl RefRules {
    /// The preset for a board size: Spargo (no swap) on 4x4, Margo (swap) otherwise;
    /// two players, simple ko, no other option.
    #[must_use]
    pub fn preset(size: usize) -> RefRules {
        RefRules {
            size,
            players: 2,
            ko: RefKo::Simple,
            swap: size != 4,
            max_height: None,
            can_pass: false,
            all_freedoms: false,
            single_capture: false,
            capture_scope_adjacent: false,
        }
    }
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RefMove {
    /// Place a piece of the mover's colour at `(level, x, y)`.
    Place {
        /// Level of the point.
        level: usize,
        /// Column within the level.
        x: usize,
        /// Row within the level.
        y: usize,
    },
    /// Pass (only with `can_pass`).
    Pass,
    /// Swap colours (only as the second move from the empty board, with `swap`).
    Swap,
}

impl RefMove {
    /// The placement at point `p`.
    #[must_use]
    pub fn at(p: Point) -> RefMove {
        RefMove::Place {
            level: p.0,
            x: p.1,
            y: p.2,
        }
    }
}

/// What one move did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RefOutcome {
    /// Points emptied by the move, sorted.
    pub removed: Vec<Point>,
    /// Pieces captured in some round of the move that are still on the board at the
    /// end of it and were not zombies already, sorted: the new zombies.
    pub zombies: Vec<Point>,
    /// Whether the move won at once under `single_capture`.
    pub winning_capture: bool,
}

// ---------------------------------------------------------------------------
// The board and its geometry (ruling A1).
// ---------------------------------------------------------------------------

/// Which colour occupies each point; `None` is empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Board {
    size: usize,
    cells: Vec<Option<usize>>,
}

impl Board {
    fn empty(size: usize) -> Board {
        // "The number of points is the square pyramidal number n(n+1)(2n+1)/6."
        let count = size * (size + 1) * (2 * size + 1) / 6;
        Board {
            size,
            cells: vec![None; count],
        }
    }

    /// "Level L has (n-L) x (n-L) points. Name a point (L, x, y) with 0 <= x, y < n-L."
    fn contains(&self, p: Point) -> bool {
        let (level, x, y) = p;
        level < self.size && x < self.size - level && y < self.size - level
    }

    fn index(&self, p: Point) -> usize {
        let (level, x, y) = p;
        let below: usize = (0..level).map(|l| (self.size - l) * (self.size - l)).sum();
        below + y * (self.size - level) + x
    }

    fn get(&self, p: Point) -> Option<usize> {
        if self.contains(p) {
            self.cells[self.index(p)]
        } else {
            None
        }
    }

    fn set(&mut self, p: Point, colour: Option<usize>) {
        let i = self.index(p);
        self.cells[i] = colour;
    }

    fn occupied(&self, p: Point) -> bool {
        self.get(p).is_some()
    }

    /// Every point of the board, sorted by (level, x, y).
    fn points(&self) -> Vec<Point> {
        let mut all = Vec::new();
        for level in 0..self.size {
            for x in 0..self.size - level {
                for y in 0..self.size - level {
                    all.push((level, x, y));
                }
            }
        }
        all
    }

    /// Every occupied point, sorted.
    fn pieces(&self) -> Vec<Point> {
        self.points()
            .into_iter()
            .filter(|&p| self.occupied(p))
            .collect()
    }

    /// Orthogonal neighbours on the same level.
    fn neighbours(&self, p: Point) -> Vec<Point> {
        let (level, x, y) = p;
        let mut out = Vec::new();
        if x > 0 {
            out.push((level, x - 1, y));
        }
        if y > 0 {
            out.push((level, x, y - 1));
        }
        out.push((level, x + 1, y));
        out.push((level, x, y + 1));
        out.into_iter().filter(|&q| self.contains(q)).collect()
    }

    /// "(L, x, y) for L >= 1 rests on the four points (L-1, x..x+1, y..y+1)."
    fn supports(&self, p: Point) -> Vec<Point> {
        let (level, x, y) = p;
        if level == 0 {
            return Vec::new();
        }
        vec![
            (level - 1, x, y),
            (level - 1, x + 1, y),
            (level - 1, x, y + 1),
            (level - 1, x + 1, y + 1),
        ]
    }

    /// The points that rest on `p` (those whose supports include `p`).
    fn points_resting_on(&self, p: Point) -> Vec<Point> {
        let (level, x, y) = p;
        let mut out = Vec::new();
        for ax in [x.checked_sub(1), Some(x)].into_iter().flatten() {
            for ay in [y.checked_sub(1), Some(y)].into_iter().flatten() {
                let q = (level + 1, ax, ay);
                if self.contains(q) {
                    out.push(q);
                }
            }
        }
        out
    }

    /// Whether some piece rests on `p`.
    fn something_rests_on(&self, p: Point) -> bool {
        self.points_resting_on(p)
            .into_iter()
            .any(|q| self.occupied(q))
    }

    /// "(L, x, y) lies directly above (L-2, x+1, y+1)": the point that would bury `p`.
    fn point_directly_above(&self, p: Point) -> Option<Point> {
        let (level, x, y) = p;
        if x == 0 || y == 0 {
            return None;
        }
        let q = (level + 2, x - 1, y - 1);
        self.contains(q).then_some(q)
    }

    // -----------------------------------------------------------------------
    // Visibility, connection, groups (ruling A3).
    // -----------------------------------------------------------------------

    /// "A piece is buried when a piece occupies the point directly above it."
    fn is_buried(&self, p: Point) -> bool {
        self.occupied(p)
            && self
                .point_directly_above(p)
                .is_some_and(|q| self.occupied(q))
    }

    /// "Every other piece is visible."
    fn is_visible(&self, p: Point) -> bool {
        self.occupied(p) && !self.is_buried(p)
    }

    /// Over/under cut of the same-level link between `a` and `b` of colour `colour`.
    ///
    /// "The same-level link between (L, x, y) and (L, x+1, y) is cut when both
    /// (L+1, x, y-1) and (L+1, x, y) hold pieces, each of a colour other than the
    /// link's colour; the link between (L, x, y) and (L, x, y+1) is cut when both
    /// (L+1, x-1, y) and (L+1, x, y) hold such pieces. [...] A cut needs both points
    /// to exist: links on the outer row or column of a level can never be cut."
    fn link_is_cut(&self, a: Point, b: Point, colour: usize) -> bool {
        let (first, second) = if a <= b { (a, b) } else { (b, a) };
        let (level, x, y) = first;
        let cutters: Option<(Point, Point)> = if second == (level, x + 1, y) {
            // Horizontal link: cutters above it in the next level's column x.
            y.checked_sub(1)
                .map(|ym1| ((level + 1, x, ym1), (level + 1, x, y)))
        } else if second == (level, x, y + 1) {
            // Vertical link: cutters above it in the next level's row y.
            x.checked_sub(1)
                .map(|xm1| ((level + 1, xm1, y), (level + 1, x, y)))
        } else {
            None
        };
        let Some((c1, c2)) = cutters else {
            return false;
        };
        if !self.contains(c1) || !self.contains(c2) {
            return false;
        }
        let other_colour = |c: Point| self.get(c).is_some_and(|k| k != colour);
        other_colour(c1) && other_colour(c2)
    }

    /// "Two visible pieces of the same colour are linked when they are on the same
    /// level and orthogonally adjacent, and the link is not cut; or one rests on the
    /// other."
    fn directly_linked(&self, a: Point, b: Point) -> bool {
        if !self.is_visible(a) || !self.is_visible(b) || self.get(a) != self.get(b) {
            return false;
        }
        let colour = self.get(a).expect("visible pieces are occupied");
        if a.0 == b.0 && self.neighbours(a).contains(&b) {
            return !self.link_is_cut(a, b, colour);
        }
        self.supports(a).contains(&b) || self.supports(b).contains(&a)
    }

    /// Points that could be linked to `p`: same-level neighbours, the points it rests
    /// on and the points that rest on it.
    fn link_candidates(&self, p: Point) -> Vec<Point> {
        let mut out = self.neighbours(p);
        out.extend(self.supports(p));
        out.extend(self.points_resting_on(p));
        out
    }

    /// "A group is a maximal set of visible pieces of one colour joined by links."
    /// Empty when `p` holds no visible piece.
    fn group(&self, p: Point) -> BTreeSet<Point> {
        let mut group = BTreeSet::new();
        if !self.is_visible(p) {
            return group;
        }
        let mut queue = VecDeque::from([p]);
        group.insert(p);
        while let Some(q) = queue.pop_front() {
            for r in self.link_candidates(q) {
                if !group.contains(&r) && self.directly_linked(q, r) {
                    group.insert(r);
                    queue.push_back(r);
                }
            }
        }
        group
    }

    /// Every group on the board, in order of their smallest point.
    fn groups(&self) -> Vec<BTreeSet<Point>> {
        let mut seen = BTreeSet::new();
        let mut all = Vec::new();
        for p in self.pieces() {
            if self.is_visible(p) && !seen.contains(&p) {
                let g = self.group(p);
                seen.extend(g.iter().copied());
                all.push(g);
            }
        }
        all
    }

    // -----------------------------------------------------------------------
    // Freedom (ruling A4).
    // -----------------------------------------------------------------------

    /// "A move places one piece [...] on an empty point that is either on level 0 or
    /// whose four resting points are all occupied", and "points at level >=
    /// max_height are never playable". Ko and suicide are not considered.
    fn is_playable_point(&self, p: Point, rules: &RefRules) -> bool {
        self.contains(p)
            && !self.occupied(p)
            && rules.max_height.is_none_or(|h| p.0 < h)
            && self.supports(p).into_iter().all(|q| self.occupied(q))
    }

    /// "A group has freedom when one of its level-0 pieces is orthogonally adjacent
    /// to an empty level-0 point (default). Upper-level pieces never give freedom."
    /// "Option all_freedoms: a piece on any level also gives freedom through an
    /// orthogonally adjacent empty point of its own level that is playable now."
    fn group_has_freedom(&self, group: &BTreeSet<Point>, rules: &RefRules) -> bool {
        group.iter().any(|&p| {
            self.neighbours(p).into_iter().any(|q| {
                if rules.all_freedoms {
                    self.is_playable_point(q, rules)
                } else {
                    p.0 == 0 && !self.occupied(q)
                }
            })
        })
    }

    /// Visible pieces whose group has no freedom (zombies by position).
    fn zombies(&self, rules: &RefRules) -> BTreeSet<Point> {
        let mut out = BTreeSet::new();
        for g in self.groups() {
            if !self.group_has_freedom(&g, rules) {
                out.extend(g);
            }
        }
        out
    }

    /// Pieces of every group without freedom whose colour passes `wanted`.
    fn freedomless_pieces(
        &self,
        rules: &RefRules,
        wanted: impl Fn(usize) -> bool,
    ) -> BTreeSet<Point> {
        let mut out = BTreeSet::new();
        for g in self.groups() {
            let colour = self
                .get(*g.first().expect("groups are never empty"))
                .expect("group pieces are occupied");
            if wanted(colour) && !self.group_has_freedom(&g, rules) {
                out.extend(g);
            }
        }
        out
    }

    /// Rule 2: "Captured pieces are removed from the top down: a captured piece is
    /// removed unless a piece still rests on it; repeat until nothing more can be
    /// removed." Returns whether anything was removed.
    fn remove_top_down(
        &mut self,
        captured: &BTreeSet<Point>,
        removed: &mut BTreeSet<Point>,
    ) -> bool {
        let mut removed_any = false;
        loop {
            let mut removed_now = false;
            for &p in captured {
                if self.occupied(p) && !self.something_rests_on(p) {
                    self.set(p, None);
                    removed.insert(p);
                    removed_now = true;
                    removed_any = true;
                }
            }
            if !removed_now {
                return removed_any;
            }
        }
    }
}

/// The board after a placement and its captures, before the legality checks.
struct Resolution {
    board: Board,
    removed: BTreeSet<Point>,
    /// Every piece captured in some round, with its colour.
    captured: BTreeMap<Point, usize>,
}

/// Places `colour` at `placed` and resolves captures (ruling A5).
fn resolve_placement(rules: &RefRules, before: &Board, colour: usize, placed: Point) -> Resolution {
    let mut board = before.clone();
    board.set(placed, Some(colour));
    let mut removed = BTreeSet::new();
    let mut captured = BTreeMap::new();
    let mut note = |board: &Board, pieces: &BTreeSet<Point>| {
        for &p in pieces {
            captured.insert(p, board.get(p).expect("captured pieces are on the board"));
        }
    };

    if rules.capture_scope_adjacent {
        // "Option capture_scope = adjacent: round 1 looks only at groups that contain
        // a piece orthogonally adjacent to, resting on, or rested on by the placed
        // piece; the mover's own groups are never captured and there are no further
        // rounds." (Nothing can rest on a piece just placed.)
        let mut near: BTreeSet<Point> = board.neighbours(placed).into_iter().collect();
        near.extend(board.supports(placed));
        let mut enemies = BTreeSet::new();
        for g in board.groups() {
            let c = board.get(*g.first().expect("non-empty")).expect("occupied");
            if c != colour
                && g.iter().any(|p| near.contains(p))
                && !board.group_has_freedom(&g, rules)
            {
                enemies.extend(g);
            }
        }
        note(&board, &enemies);
        board.remove_top_down(&enemies, &mut removed);
        return Resolution {
            board,
            removed,
            captured,
        };
    }

    loop {
        let mut removed_this_round = false;
        // 1. "Every group of every colour other than the mover's that has no freedom
        //    is captured, all at once."
        let enemies = board.freedomless_pieces(rules, |c| c != colour);
        note(&board, &enemies);
        // 2. "Captured pieces are removed from the top down [...]"
        removed_this_round |= board.remove_top_down(&enemies, &mut removed);
        // 3. "Then, on the board as it now stands (groups and freedoms judged afresh),
        //    every group of the mover's colour that has no freedom is captured and
        //    removed the same way."
        let own = board.freedomless_pieces(rules, |c| c == colour);
        note(&board, &own);
        removed_this_round |= board.remove_top_down(&own, &mut removed);
        // 4. "Repeat 1-3 until a whole round removes nothing."
        if !removed_this_round {
            break;
        }
    }
    Resolution {
        board,
        removed,
        captured,
    }
}

// ---------------------------------------------------------------------------
// The game.
// ---------------------------------------------------------------------------

/// A game of Margo under [`RefRules`], with its history.
#[derive(Clone, Debug)]
pub struct RefGame {
    rules: RefRules,
    board: Board,
    /// The colour to move.
    to_move: usize,
    /// `owner[colour]` is the player (0-based, in initial move order) owning it.
    owner: Vec<usize>,
    /// Moves made so far.
    ply: usize,
    /// Whether the game started from the empty board with [`RefGame::new`].
    started_empty: bool,
    /// Consecutive passes just made.
    passes: usize,
    /// Every (board, colour to move) of the game, the start included, in order.
    history: Vec<(Board, usize)>,
    /// The player who won by `single_capture`.
    capture_winner: Option<usize>,
    /// The zombies: "Captured pieces that stay are zombies" (A5). A piece keeps
    /// the label until it leaves the board (the project's reading: the rulings
    /// do not say a zombie ever stops being one).
    zombies: BTreeSet<Point>,
}

impl RefGame {
    /// An empty board, White (colour 0) to move, ply 0.
    #[must_use]
    pub fn new(rules: RefRules) -> RefGame {
        let board = Board::empty(rules.size);
        RefGame {
            owner: (0..rules.players).collect(),
            history: vec![(board.clone(), 0)],
            board,
            rules,
            to_move: 0,
            ply: 0,
            started_empty: true,
            passes: 0,
            capture_winner: None,
            zombies: BTreeSet::new(),
        }
    }

    /// A position from pieces `((level, x, y), colour)` with `to_move` to move. No swap
    /// is available and the ko history holds only this start board.
    ///
    /// # Panics
    /// On a point off the board, a point given twice, or a colour or `to_move` that is
    /// not below `rules.players`.
    #[must_use]
    pub fn from_pieces(rules: RefRules, pieces: &[(Point, usize)], to_move: usize) -> RefGame {
        assert!(
            to_move < rules.players,
            "colour to move {to_move} out of range"
        );
        let mut board = Board::empty(rules.size);
        for &(p, colour) in pieces {
            assert!(board.contains(p), "piece {p:?} is off the board");
            assert!(!board.occupied(p), "point {p:?} given twice");
            assert!(colour < rules.players, "colour {colour} out of range");
            board.set(p, Some(colour));
        }
        // A piece without freedom in a legal position can only be a captured
        // piece that stayed.
        let zombies = board.zombies(&rules);
        RefGame {
            owner: (0..rules.players).collect(),
            history: vec![(board.clone(), to_move)],
            board,
            rules,
            to_move,
            ply: 0,
            started_empty: false,
            passes: 0,
            capture_winner: None,
            zombies,
        }
    }

    /// The rules of this game.
    #[must_use]
    pub fn rules(&self) -> &RefRules {
        &self.rules
    }

    /// Every point of the board, sorted.
    #[must_use]
    pub fn points(&self) -> Vec<Point> {
        self.board.points()
    }

    /// Every piece on the board with its colour, sorted by point.
    #[must_use]
    pub fn pieces(&self) -> Vec<(Point, usize)> {
        self.board
            .pieces()
            .into_iter()
            .map(|p| (p, self.board.get(p).expect("occupied")))
            .collect()
    }

    /// The colour at `p`, or `None` when empty (or off the board).
    #[must_use]
    pub fn colour_at(&self, p: Point) -> Option<usize> {
        self.board.get(p)
    }

    /// The colour to move.
    #[must_use]
    pub fn colour_to_move(&self) -> usize {
        self.to_move
    }

    /// The player to move: always the owner of the colour to move.
    #[must_use]
    pub fn player_to_move(&self) -> usize {
        self.owner[self.to_move]
    }

    /// The player owning `colour`.
    #[must_use]
    pub fn owner_of(&self, colour: usize) -> usize {
        self.owner[colour]
    }

    /// Moves made so far.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// "Each player's score is the number of their pieces on the board, buried and
    /// zombie pieces included." Indexed by player.
    #[must_use]
    pub fn scores(&self) -> Vec<usize> {
        let mut scores = vec![0; self.rules.players];
        for (_, colour) in self.pieces() {
            scores[self.owner[colour]] += 1;
        }
        scores
    }

    /// Whether the game is over: after a `single_capture` win, after `players`
    /// consecutive passes, or when the player to move has no legal move.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.ended_by_rule() || !self.has_any_legal_move()
    }

    /// The winners: the `single_capture` winner, or the players with the top score
    /// (several make a draw among them). Meaningful only when the game is over.
    #[must_use]
    pub fn winners(&self) -> Vec<usize> {
        if let Some(w) = self.capture_winner {
            return vec![w];
        }
        let scores = self.scores();
        let top = scores.iter().copied().max().unwrap_or(0);
        (0..scores.len()).filter(|&p| scores[p] == top).collect()
    }

    /// Whether the piece at `p` is buried (false for an empty point).
    #[must_use]
    pub fn is_buried(&self, p: Point) -> bool {
        self.board.is_buried(p)
    }

    /// Whether `a` and `b` hold visible pieces of the same group.
    #[must_use]
    pub fn linked(&self, a: Point, b: Point) -> bool {
        self.board.group(a).contains(&b)
    }

    /// Whether `p` holds a visible piece whose group has freedom.
    #[must_use]
    pub fn group_has_freedom(&self, p: Point) -> bool {
        let g = self.board.group(p);
        !g.is_empty() && self.board.group_has_freedom(&g, &self.rules)
    }

    /// Whether `p` holds a zombie: a piece some move captured that stayed.
    #[must_use]
    pub fn is_zombie(&self, p: Point) -> bool {
        self.zombies.contains(&p)
    }

    /// Whether `p` holds a visible piece whose group has no freedom.
    #[must_use]
    pub fn is_without_freedom(&self, p: Point) -> bool {
        let g = self.board.group(p);
        !g.is_empty() && !self.board.group_has_freedom(&g, &self.rules)
    }

    /// Every group on the board (sets of visible pieces), in order of smallest point.
    #[must_use]
    pub fn groups(&self) -> Vec<BTreeSet<Point>> {
        self.board.groups()
    }

    /// Whether some piece rests on `p`.
    #[must_use]
    pub fn something_rests_on(&self, p: Point) -> bool {
        self.board.something_rests_on(p)
    }

    /// Every legal move, sorted; empty when the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<RefMove> {
        if self.ended_by_rule() {
            return Vec::new();
        }
        self.candidate_moves()
            .into_iter()
            .filter(|&m| self.reason_ignoring_end(m).is_none())
            .collect()
    }

    /// `None` when `m` is legal; otherwise why not (see [`ILLEGAL_REASONS`]).
    #[must_use]
    pub fn illegal_reason(&self, m: RefMove) -> Option<&'static str> {
        if self.ended_by_rule() {
            return Some("game over");
        }
        let reason = self.reason_ignoring_end(m)?;
        // A legal move exists iff the game goes on, so only an illegal move needs
        // the (slow) search for any legal move.
        if self.has_any_legal_move() {
            Some(reason)
        } else {
            Some("game over")
        }
    }

    /// Whether `m` is legal. The same as `illegal_reason(m).is_none()`, but without
    /// looking for another legal move when `m` is illegal (so cheaper).
    #[must_use]
    pub fn is_legal(&self, m: RefMove) -> bool {
        !self.ended_by_rule() && self.reason_ignoring_end(m).is_none()
    }

    /// Plays `m`, or says why it is illegal and leaves the game unchanged.
    ///
    /// # Errors
    /// The reason `m` is illegal, as [`RefGame::illegal_reason`] gives it.
    pub fn play(&mut self, m: RefMove) -> Result<RefOutcome, &'static str> {
        if let Some(reason) = self.illegal_reason(m) {
            return Err(reason);
        }
        let next_colour = (self.to_move + 1) % self.rules.players;
        let outcome = match m {
            RefMove::Pass => {
                self.passes += 1;
                self.to_move = next_colour;
                RefOutcome::default()
            }
            RefMove::Swap => {
                // "colours are exchanged between the players, the board is unchanged,
                // and the player who now owns the colour that has not yet moved places
                // next": the colour to move stays.
                self.owner.swap(0, 1);
                self.passes = 0;
                RefOutcome::default()
            }
            RefMove::Place { level, x, y } => {
                let (board, outcome) = self
                    .try_place((level, x, y))
                    .expect("legality was checked above");
                if outcome.winning_capture {
                    self.capture_winner = Some(self.owner[self.to_move]);
                }
                self.zombies.retain(|&q| board.occupied(q));
                self.zombies.extend(outcome.zombies.iter().copied());
                self.board = board;
                self.passes = 0;
                self.to_move = next_colour;
                outcome
            }
        };
        self.ply += 1;
        self.history.push((self.board.clone(), self.to_move));
        Ok(outcome)
    }

    // -----------------------------------------------------------------------
    // Legality.
    // -----------------------------------------------------------------------

    /// The game ended by a rule other than "no legal move".
    fn ended_by_rule(&self) -> bool {
        // "Option single_capture: the first player to make a legal move that captures
        // at least one enemy piece that was not already a zombie [...] wins at once."
        // "Option can_pass: [...] the game then also ends when every player has passed
        // in succession."
        self.capture_winner.is_some() || self.passes >= self.rules.players
    }

    /// "The game ends when the player to move has no legal move."
    fn has_any_legal_move(&self) -> bool {
        self.candidate_moves()
            .into_iter()
            .any(|m| self.reason_ignoring_end(m).is_none())
    }

    /// Every move worth testing, sorted: every empty point, pass and swap.
    fn candidate_moves(&self) -> Vec<RefMove> {
        let mut moves: Vec<RefMove> = self
            .board
            .points()
            .into_iter()
            .filter(|&p| !self.board.occupied(p))
            .map(RefMove::at)
            .collect();
        moves.push(RefMove::Pass);
        moves.push(RefMove::Swap);
        moves.sort();
        moves
    }

    fn reason_ignoring_end(&self, m: RefMove) -> Option<&'static str> {
        match m {
            RefMove::Pass => (!self.rules.can_pass).then_some("pass not allowed"),
            RefMove::Swap => {
                // "On the second move of the game the second player may answer
                // "swap" instead of placing."
                let allowed = self.rules.swap && self.started_empty && self.ply == 1;
                (!allowed).then_some("swap not allowed now")
            }
            RefMove::Place { level, x, y } => self.try_place((level, x, y)).err(),
        }
    }

    /// The board and outcome of placing at `p`, or why it is illegal.
    fn try_place(&self, p: Point) -> Result<(Board, RefOutcome), &'static str> {
        let rules = &self.rules;
        if !self.board.contains(p) {
            return Err("off board");
        }
        if self.board.occupied(p) {
            return Err("occupied");
        }
        // "Option max_height: points at level >= max_height are never playable."
        if rules.max_height.is_some_and(|h| p.0 >= h) {
            return Err("above max height");
        }
        // "[...] an empty point that is either on level 0 or whose four resting
        // points are all occupied (by any colours)."
        if !self
            .board
            .supports(p)
            .into_iter()
            .all(|q| self.board.occupied(q))
        {
            return Err("unsupported");
        }
        let mover = self.to_move;
        let zombies_before = &self.zombies;
        let res = resolve_placement(rules, &self.board, mover, p);

        // "Suicide: a move is illegal when the piece just placed is removed at any
        // point of the resolution." With capture_scope = adjacent: "the move is
        // illegal when the placed piece's group has no freedom after the enemy
        // removals".
        let suicide = if rules.capture_scope_adjacent {
            !res.board.group_has_freedom(&res.board.group(p), rules)
        } else {
            !res.board.occupied(p)
        };
        if suicide {
            return Err("suicide");
        }
        if self.ko_forbids(&res.board) {
            return Err("ko");
        }

        let zombies: Vec<Point> = res
            .captured
            .keys()
            .copied()
            .filter(|&q| res.board.occupied(q) && !zombies_before.contains(&q))
            .collect();
        // A capture of "at least one enemy piece that was not already a zombie
        // (removing it or making it a zombie)".
        let winning_capture = rules.single_capture
            && res
                .captured
                .iter()
                .any(|(q, &c)| c != mover && !zombies_before.contains(q));
        let outcome = RefOutcome {
            removed: res.removed.into_iter().collect(),
            zombies,
            winning_capture,
        };
        Ok((res.board, outcome))
    }

    /// Whether the ko rule forbids a placement that produces `after` (ruling A6).
    fn ko_forbids(&self, after: &Board) -> bool {
        match self.rules.ko {
            RefKo::None => false,
            // "a move may not produce the board that existed just before the most
            // recent move". Boards are compared point by point, colours included.
            RefKo::Simple => {
                let n = self.history.len();
                n >= 2 && self.history[n - 2].0 == *after
            }
            // "no board that has existed before in this game"
            RefKo::PositionalSuperko => self.history.iter().any(|(b, _)| b == after),
            // "no board with the same player to move as before": the pair (board,
            // colour to move next) may not repeat.
            RefKo::SituationalSuperko => {
                let next = (self.to_move + 1) % self.rules.players;
                self.history.iter().any(|(b, c)| b == after && *c == next)
            }
        }
    }
}

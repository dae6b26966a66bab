//! The rule options of one game: ko, swap, passing, height and the capture
//! variants (rulings A2, A4, A5, A6, A7).

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

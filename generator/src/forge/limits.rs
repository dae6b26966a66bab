//! How far the forge searches: one node budget and one reach in turns, with
//! each game's defaults.

use cannonball_rules::Game;

/// The forge's limits for one candidate or one puzzle file.
///
/// `nodes` bounds every solve (nodes only, so results do not depend on the
/// machine): Margo and Spargo allow that many solver nodes per position,
/// Margrites that many per `solve::margrites` call (its proof phase gets the
/// same again). `turns` is how many of the attacker's turns the forge looks
/// ahead: Margo and Spargo show that many attacker moves in the solution tree
/// (the key counts as one; below that, each defence ends with its proven
/// value and a best line), Margrites tries objectives within 1 to `turns`
/// turns (1 to 3 are practical).
///
/// ```
/// use cannonball::forge::Limits;
/// use cannonball_rules::Game;
/// assert_eq!(Limits::of(Game::Margo), Limits { nodes: 50_000, turns: 1 });
/// assert_eq!(Limits::of(Game::Margrites), Limits { nodes: 200_000, turns: 2 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Solver nodes per position (Margo) or per solve (Margrites).
    pub nodes: u64,
    /// Attacker moves in the solution tree (Margo), or the most turns an
    /// objective may take (Margrites).
    pub turns: u8,
}

impl Limits {
    /// Margo and Spargo: 50 000 nodes a position, a tree of the key's replies.
    pub const MARGO: Limits = Limits {
        nodes: 50_000,
        turns: 1,
    };

    /// Margrites: 200 000 nodes a solve, objectives within 1 or 2 turns.
    pub const MARGRITES: Limits = Limits {
        nodes: 200_000,
        turns: 2,
    };

    /// The defaults of `game`.
    #[must_use]
    pub const fn of(game: Game) -> Limits {
        match game {
            Game::Spargo | Game::Margo => Limits::MARGO,
            Game::Margrites => Limits::MARGRITES,
        }
    }
}

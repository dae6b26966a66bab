//! A plain, slow reference of the Margrites step rules, written from the rulings
//! (B3, B4) with a 2-D array and no bitsets, for differential tests of the engine.

use cannonball_rules::margrites::Color;

/// `board[rank][file]`, rank 0 = row 1.
pub type Board = [[Option<Color>; 9]; 8];

/// A square as (file, rank).
pub type Sq = (i32, i32);

fn on_board((f, r): Sq) -> bool {
    (0..9).contains(&f) && (0..8).contains(&r)
}

fn at(b: &Board, (f, r): Sq) -> Option<Color> {
    if on_board((f, r)) {
        b[r as usize][f as usize]
    } else {
        None
    }
}

fn neighbours((f, r): Sq) -> Vec<Sq> {
    let mut v = Vec::new();
    for dr in -1..=1 {
        for df in -1..=1 {
            if (df, dr) != (0, 0) && on_board((f + df, r + dr)) {
                v.push((f + df, r + dr));
            }
        }
    }
    v
}

/// One capture round: every piece with E >= 2(A+1), in reading order.
pub fn round(b: &Board) -> Vec<Sq> {
    let mut out = Vec::new();
    for r in 0..8 {
        for f in 0..9 {
            let Some(me) = at(b, (f, r)) else { continue };
            let mut allies = 0;
            let mut enemies = 0;
            for n in neighbours((f, r)) {
                match at(b, n) {
                    Some(c) if c == me => allies += 1,
                    Some(_) => enemies += 1,
                    None => {}
                }
            }
            if enemies >= 2 * (allies + 1) {
                out.push((f, r));
            }
        }
    }
    out
}

/// Removes captured pieces round after round; returns the rounds.
pub fn resolve(b: &mut Board) -> Vec<Vec<Sq>> {
    let mut rounds = Vec::new();
    loop {
        let gone = round(b);
        if gone.is_empty() {
            return rounds;
        }
        for &(f, r) in &gone {
            b[r as usize][f as usize] = None;
        }
        rounds.push(gone);
    }
}

/// Where a target leads: a square, or off the board (a score).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A square.
    To(Sq),
    /// Off the edge.
    Off,
}

/// Whether a step is legal by rulings B3: the mover's piece, a touching empty
/// target (or off the opponent's home edge), not its start-of-turn square, and not
/// removed by the capture resolution that follows. `start` is where the piece
/// began the turn.
pub fn legal(b: &Board, mover: Color, from: Sq, target: Target, start: Sq) -> bool {
    if at(b, from) != Some(mover) {
        return false;
    }
    match target {
        Target::Off => {
            let edge = if mover == Color::Black { 7 } else { 0 };
            from.1 == edge
        }
        Target::To(to) => {
            let touching = (to.0 - from.0).abs() <= 1 && (to.1 - from.1).abs() <= 1 && to != from;
            if !on_board(to) || !touching || at(b, to).is_some() || to == start {
                return false;
            }
            let mut after = *b;
            after[from.1 as usize][from.0 as usize] = None;
            after[to.1 as usize][to.0 as usize] = Some(mover);
            let rounds = resolve(&mut after);
            !rounds.iter().any(|r| r.contains(&to))
        }
    }
}

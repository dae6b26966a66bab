//! Text diagrams of positions for terminals: every level drawn as its own grid,
//! side by side when they fit.
//!
//! ```text
//! Margo 4x4, Black to move (player 2), ply 3; scores 2 1
//!   level 0       level 1     level 2   level 3
//! 4 . . . .     3 . . .     2    .    1  .
//! ```
//!
//! Symbols: `W B G R` pieces, lower case when buried, `*` after a zombie, `.` an
//! empty point that can be played, blank an empty point without support, `k`
//! the ko point.

use super::{Color, Position};

const MAX_WIDTH: usize = 100;

impl<const W: usize> Position<W> {
    /// The position as a text diagram.
    #[must_use]
    pub fn diagram(&self) -> String {
        let geo = self.geometry();
        let n = geo.size();
        let occupied = self.board().occupied();
        let top_used = occupied
            .iter()
            .map(|p| geo.level(p))
            .max()
            .map_or(0, |l| l + 1);
        let levels = (top_used + 1).min(n);
        let playable = self.playable();
        let zombies = self.zombies();
        let buried = self.buried();
        let blocks: Vec<Vec<String>> = (0..levels)
            .map(|level| {
                let side = n - level;
                let mut lines = vec![format!("  level {level}")];
                for y in (0..side).rev() {
                    let mut line = format!("{:>2} ", y + 1);
                    for p in geo.level_points(level).skip(y * side).take(side) {
                        let (sym, mark) = match self.color_at(p) {
                            Some(c) if buried.contains(p) => (c.letter().to_ascii_lowercase(), ' '),
                            Some(c) => (c.letter(), if zombies.contains(p) { '*' } else { ' ' }),
                            None if self.ko_point() == Some(p) => ('k', ' '),
                            None if playable.contains(p) => ('.', ' '),
                            None => (' ', ' '),
                        };
                        line.push(sym);
                        line.push(mark);
                    }
                    lines.push(line);
                }
                let letters: String = (0..side)
                    .map(|x| format!("{} ", char::from(b'a' + x as u8)))
                    .collect();
                lines.push(format!("   {letters}"));
                lines
            })
            .collect();
        let mut out = self.headline();
        out.push('\n');
        let widths: Vec<usize> = blocks
            .iter()
            .map(|b| b.iter().map(|l| l.chars().count()).max().unwrap_or(0) + 3)
            .collect();
        if widths.iter().sum::<usize>() <= MAX_WIDTH {
            let height = blocks.iter().map(Vec::len).max().unwrap_or(0);
            for row in 0..height {
                let mut line = String::new();
                for (b, w) in blocks.iter().zip(&widths) {
                    // Shorter (higher) levels are aligned at the bottom.
                    let offset = height - b.len();
                    let text = if row == 0 {
                        b[0].as_str()
                    } else if row > offset {
                        b[row - offset].as_str()
                    } else {
                        ""
                    };
                    line.push_str(&format!("{text:<w$}"));
                }
                out.push_str(line.trim_end());
                out.push('\n');
            }
        } else {
            for b in &blocks {
                for l in b {
                    out.push_str(l.trim_end());
                    out.push('\n');
                }
            }
        }
        out
    }

    fn headline(&self) -> String {
        let n = self.geometry().size();
        let scores: Vec<String> = self.scores().iter().map(ToString::to_string).collect();
        let mover = self.to_move();
        let name = |c: Color| {
            let mut s = c.name().to_owned();
            s[..1].make_ascii_uppercase();
            s
        };
        format!(
            "{n}x{n}, {} to move (player {}), ply {}; scores by player {}",
            name(mover),
            self.player_of(mover) + 1,
            self.ply(),
            scores.join(" ")
        )
    }
}

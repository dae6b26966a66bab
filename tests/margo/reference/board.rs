//! The board and its geometry (ruling A1): points, colours, and which points
//! neighbour, support and lie above which.

/// A point `(level, x, y)`.
pub type Point = (usize, usize, usize);

/// Colour names in colour-index order.
pub const COLOUR_NAMES: [&str; 4] = ["white", "black", "grey", "red"];

/// Which colour occupies each point; `None` is empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Board {
    size: usize,
    cells: Vec<Option<usize>>,
}

impl Board {
    pub(super) fn empty(size: usize) -> Board {
        // "The number of points is the square pyramidal number n(n+1)(2n+1)/6."
        let count = size * (size + 1) * (2 * size + 1) / 6;
        Board {
            size,
            cells: vec![None; count],
        }
    }

    /// "Level L has (n-L) x (n-L) points. Name a point (L, x, y) with 0 <= x, y < n-L."
    pub(super) fn contains(&self, p: Point) -> bool {
        let (level, x, y) = p;
        level < self.size && x < self.size - level && y < self.size - level
    }

    fn index(&self, p: Point) -> usize {
        let (level, x, y) = p;
        let below: usize = (0..level).map(|l| (self.size - l) * (self.size - l)).sum();
        below + y * (self.size - level) + x
    }

    pub(super) fn get(&self, p: Point) -> Option<usize> {
        if self.contains(p) {
            self.cells[self.index(p)]
        } else {
            None
        }
    }

    pub(super) fn set(&mut self, p: Point, colour: Option<usize>) {
        let i = self.index(p);
        self.cells[i] = colour;
    }

    pub(super) fn occupied(&self, p: Point) -> bool {
        self.get(p).is_some()
    }

    /// Every point of the board, sorted by (level, x, y).
    pub(super) fn points(&self) -> Vec<Point> {
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
    pub(super) fn pieces(&self) -> Vec<Point> {
        self.points()
            .into_iter()
            .filter(|&p| self.occupied(p))
            .collect()
    }

    /// Orthogonal neighbours on the same level.
    pub(super) fn neighbours(&self, p: Point) -> Vec<Point> {
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
    pub(super) fn supports(&self, p: Point) -> Vec<Point> {
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
    pub(super) fn points_resting_on(&self, p: Point) -> Vec<Point> {
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
    pub(super) fn something_rests_on(&self, p: Point) -> bool {
        self.points_resting_on(p)
            .into_iter()
            .any(|q| self.occupied(q))
    }

    /// "(L, x, y) lies directly above (L-2, x+1, y+1)": the point that would bury `p`.
    pub(super) fn point_directly_above(&self, p: Point) -> Option<Point> {
        let (level, x, y) = p;
        if x == 0 || y == 0 {
            return None;
        }
        let q = (level + 2, x - 1, y - 1);
        self.contains(q).then_some(q)
    }
}

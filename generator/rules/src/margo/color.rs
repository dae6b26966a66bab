//! The colours of the pieces and per-colour data.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A piece colour. Two-player games use White and Black (White moves first);
/// three and four players add Grey and then Red, moving in this order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Color {
    /// Moves first.
    White = 0,
    /// Moves second.
    Black = 1,
    /// The third colour (three or four players).
    Grey = 2,
    /// The fourth colour (four players).
    Red = 3,
}

impl Color {
    /// All colours in move order.
    pub const ALL: [Color; 4] = [Color::White, Color::Black, Color::Grey, Color::Red];

    /// The colour with this move-order index (0..4).
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Color> {
        match i {
            0 => Some(Color::White),
            1 => Some(Color::Black),
            2 => Some(Color::Grey),
            3 => Some(Color::Red),
            _ => None,
        }
    }

    /// Index in move order.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour that moves after this one among `players` colours.
    #[must_use]
    pub const fn next(self, players: usize) -> Color {
        match Color::from_index((self as usize + 1) % players) {
            Some(c) => c,
            None => Color::White,
        }
    }

    /// The name as it starts a sentence: `White`, `Black`, `Grey`, `Red`.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
            Color::Grey => "Grey",
            Color::Red => "Red",
        }
    }

    /// One-letter symbol used in diagrams and setups: `W`, `B`, `G`, `R`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
            Color::Grey => 'G',
            Color::Red => 'R',
        }
    }

    /// The colour written as a letter (either case).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Color> {
        match c.to_ascii_uppercase() {
            'W' => Some(Color::White),
            'B' => Some(Color::Black),
            'G' => Some(Color::Grey),
            'R' => Some(Color::Red),
            _ => None,
        }
    }

    /// Lower-case name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
            Color::Grey => "grey",
            Color::Red => "red",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A colour name that is not one of white, black, grey, red (or W, B, G, R).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("unknown colour '{0}' (expected white, black, grey or red)")]
pub struct ParseColorError(pub String);

impl FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        let lower = s.to_ascii_lowercase();
        match lower.as_str() {
            "white" | "w" => Ok(Color::White),
            "black" | "b" => Ok(Color::Black),
            "grey" | "gray" | "g" => Ok(Color::Grey),
            "red" | "r" => Ok(Color::Red),
            _ => Err(ParseColorError(s.to_owned())),
        }
    }
}

/// One value per colour (all four colours; games with fewer players leave the
/// rest unused).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByColor<T>([T; 4]);

impl<T> ByColor<T> {
    /// Builds each colour's value from the colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor(Color::ALL.map(&mut f))
    }

    /// The value of `c`.
    #[inline]
    pub fn get(&self, c: Color) -> &T {
        &self.0[c as usize]
    }

    /// The value of `c`, mutably.
    #[inline]
    pub fn get_mut(&mut self, c: Color) -> &mut T {
        &mut self.0[c as usize]
    }

    /// Colour and value pairs in move order.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        Color::ALL.into_iter().zip(self.0.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_order_cycles_over_the_players() {
        assert_eq!(Color::White.next(2), Color::Black);
        assert_eq!(Color::Black.next(2), Color::White);
        assert_eq!(Color::Black.next(3), Color::Grey);
        assert_eq!(Color::Grey.next(3), Color::White);
        assert_eq!(Color::Red.next(4), Color::White);
    }

    #[test]
    fn names_and_letters_parse() {
        for c in Color::ALL {
            assert_eq!(c.name().parse::<Color>(), Ok(c));
            assert_eq!(Color::from_letter(c.letter()), Some(c));
        }
        assert!("purple".parse::<Color>().is_err());
    }

    #[test]
    fn by_color_holds_one_value_each() {
        let mut counts = ByColor::new_with(|c| c.index() * 10);
        *counts.get_mut(Color::Grey) += 1;
        assert_eq!(*counts.get(Color::Grey), 21);
        assert_eq!(counts.iter().map(|(_, v)| *v).sum::<usize>(), 61);
    }
}

//! Margrites: a movement-and-capture game on a 9x8 board (rulings Part B).

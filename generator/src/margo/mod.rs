//! Margo and Spargo: the marble-stacking Go family (rulings Part A).

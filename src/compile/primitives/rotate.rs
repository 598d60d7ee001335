//! `rotate`: a square region of the board turns a quarter or a half, with every piece on it.

use crate::check::rotate::TurnedSquare;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rotate {
    /// The squares a move may turn, each with where its cells go on a quarter turn clockwise.
    pub squares: Vec<TurnedSquare>,
    /// Bits of [`crate::check::rotate::CLOCKWISE`], `ANTICLOCKWISE` and `HALF`.
    pub turns: u8,
}

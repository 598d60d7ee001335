//! `line_step`: a line of `min` to `max` own pieces moving one cell together, along its own line
//! (pushing a weaker enemy line when `push_if` allows) or sideways.

use crate::compile::CodeRange;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineStep {
    /// The direction set, an index into [`Board::direction_sets`](crate::compile::Board).
    pub dirs: u16,
    pub min: u8,
    pub max: u8,
    /// The line moves beside itself, every piece onto an empty cell, instead of along itself.
    pub sideways: bool,
    /// `push_if:`, run with the line's length and the enemy run's as its variables; none, the
    /// line pushes nothing.
    pub push_if: Option<CodeRange>,
    /// Per direction of the board, the direction of the opposite step (255 for none).
    pub opposite: Vec<u8>,
}

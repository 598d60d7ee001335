//! `line`: a contiguous run of own pieces (at least `min`) moving along its own line, up to its
//! length.

use crate::check::LineCapture;
use crate::compile::CodeRange;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// The direction set, an index into [`Board::direction_sets`](crate::compile::Board).
    pub dirs: u16,
    pub min: u8,
    pub capture: LineCapture,
    /// `capture_if:`, run with the line's length and the enemy run's as its variables.
    pub capture_if: Option<CodeRange>,
}

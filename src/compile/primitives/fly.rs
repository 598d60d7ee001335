//! `fly`: a piece of the mover (on a cell of `from`) goes to any empty cell (of `at`).

use crate::compile::{CodeRange, RegionRef};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fly {
    /// The region a piece may fly to (every cell if `None`).
    pub at: Option<RegionRef>,
    /// A set program for `at:` worked out in the position.
    pub at_cells: Option<CodeRange>,
    /// A set program for `from:`, the cells whose pieces may fly.
    pub from_cells: Option<CodeRange>,
}

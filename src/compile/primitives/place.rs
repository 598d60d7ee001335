//! `place`: a new piece of the mover, of the rule's kind, on an empty cell.

use crate::compile::{CodeRange, RegionRef};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The region a piece may be placed in (every cell if `None`).
    pub at: Option<RegionRef>,
    /// A set program for `at:` worked out in the position.
    pub at_cells: Option<CodeRange>,
    /// The hand slot its pieces come from, or none (the supply); [`NO_HAND`](crate::compile::NO_HAND)
    /// for a kind nobody holds in hand.
    pub hand_slot: Option<u8>,
}

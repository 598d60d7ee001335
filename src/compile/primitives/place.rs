//! `place`: a new piece of the mover, of the rule's kind (or one of its kinds), on an empty cell.

use crate::compile::{CodeRange, RegionRef};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// A choice of kinds (a bit per kind): an action per kind, the kind in the action's path
    /// (kind + 1); 0 for the rule's one kind.
    pub choices: u64,
    /// The region a piece may be placed in (every cell if `None`).
    pub at: Option<RegionRef>,
    /// A set program for `at:` worked out in the position.
    pub at_cells: Option<CodeRange>,
    /// The hand slot its pieces come from, or none (the supply); [`NO_HAND`](crate::compile::NO_HAND)
    /// for a kind nobody holds in hand.
    pub hand_slot: Option<u8>,
}

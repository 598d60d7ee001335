//! `sow`: the pieces of one of the mover's pits are dropped one by one along a loop.

use super::super::RegionRef;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sow {
    /// The loop, an index into [`Game::paths`](crate::compile::Game): the mover's copy.
    pub path: u16,
    /// The pits: the mover's cells of the region (each on the mover's copy of the path).
    pub from: RegionRef,
    /// A lap passes over the pit sown from.
    pub skip_start: bool,
}

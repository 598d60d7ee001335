//! `die_move`: one piece moves along the mover's copy of a path by the pips of one die.

use crate::check::Landing;
use crate::compile::RegionRef;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DieMove {
    /// The path, an index into [`Game::paths`](crate::compile::Game).
    pub path: u16,
    /// Where all the mover's pieces must stand before one may be borne off.
    pub bear_off: Option<RegionRef>,
    /// `Empty` when an enemy piece blocks, `EmptyOrEnemy` when a lone one is hit.
    pub to: Landing,
    /// Pieces on the bar enter first.
    pub enter: bool,
    /// A lone enemy piece landed on is pinned, not sent to the bar (`hit: pin`).
    pub pin: bool,
}

//! `groups(player, dirs)`: how many groups a player's pieces form, each group the pieces joined
//! through neighbours along the directions (Lines of Action's win: `groups(mover) == 1`). A
//! flood per group over bit sets (see [`super::groups`]).

use crate::compile::{CellSet, Game};
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// The number of `player`'s groups: 0 without pieces.
    pub(crate) fn groups(&self, state: &State<W>, player: u8, dirs: u16) -> i32 {
        let dirs = self.directions_of(dirs, player);
        let mut left = *state.pieces_of(player);
        let mut count = 0;
        while let Some(seed) = left.last() {
            let mut group = CellSet::default();
            group.insert(seed);
            left = left.and_not(&self.flood(group, &left, dirs));
            count += 1;
        }
        count
    }
}

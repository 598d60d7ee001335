//! `in_row` through no particular cell, faster than stepping the pieces along every direction
//! ([`crate::compile::fast::row_masks`], [`crate::model::board::Board::opposites`]); each is
//! tested against the general path in `tests/fast_paths.rs`.

use crate::compile::Game;
use crate::model::board::{CellSet, NO_DIRECTION};
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// Whether `player` has `length` pieces in a row along the directions, where a fast form
    /// answers: the board's rows listed as sets, else one direction of each opposite pair.
    pub(in crate::engine) fn in_row_fast(
        &self,
        state: &State<W>,
        player: u8,
        length: u8,
        dirs: u16,
    ) -> Option<bool> {
        let listed = (self.row_masks.iter()).find(|r| r.length == length && r.dirs == dirs);
        if let Some(masks) = listed {
            let own = state.pieces_of(player);
            let rows = &masks.per_player[player as usize];
            let owned = |row: &CellSet<W>| row.and_not(own).is_empty();
            // Fewer pieces than a row: no row, without looking at any. Else every row is tested,
            // without stopping at the first found: a loop without an exit runs several rows at a
            // time, and has no branch to mispredict.
            return Some(
                own.len() >= u32::from(length)
                    && rows.iter().fold(false, |found, row| found | owned(row)),
            );
        }
        if self.board.opposites.is_empty() {
            return None;
        }
        // A row along a direction is one along its opposite: a direction whose opposite was
        // looked along is skipped (Pentago's rows of five: half the directions).
        let mut looked = 0u64;
        Some(self.directions_of(dirs, player).iter().any(|&dir| {
            let back = self.board.opposites[dir as usize];
            if back != NO_DIRECTION && looked >> (back & 63) & 1 != 0 {
                return false;
            }
            looked |= 1 << (dir & 63);
            !self.row_ends(state, player, length, dir).is_empty()
        }))
    }
}

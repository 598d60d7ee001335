//! `in_row` and `rows`, faster than stepping the pieces along every direction
//! ([`crate::compile::fast::row_masks`], [`crate::model::board::Board::opposites`]); each is
//! tested against the general path in `tests/fast_paths.rs`.

use crate::compile::Game;
use crate::compile::fast::row_masks::RowMasks;
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
        if let Some(rows) = self.listed_rows(player, length, dirs) {
            let own = state.pieces_of(player);
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

    /// The board's rows of `length` along the directions, as sets, where they are listed.
    #[inline]
    fn listed_rows(&self, player: u8, length: u8, dirs: u16) -> Option<&[CellSet<W>]> {
        (self.row_masks_of(length, dirs)).map(|masks| &masks.per_player[player as usize][..])
    }

    /// The listed rows of one shape, if they are listed.
    #[inline]
    fn row_masks_of(&self, length: u8, dirs: u16) -> Option<&RowMasks<W>> {
        (self.row_masks.iter()).find(|r| r.length == length && r.dirs == dirs)
    }

    /// `in_row` through `cell`, where the rows are listed: one of the rows holding the cell
    /// lies within the player's pieces.
    pub(in crate::engine) fn in_row_through_fast(
        &self,
        state: &State<W>,
        player: u8,
        length: u8,
        dirs: u16,
        cell: u16,
    ) -> Option<bool> {
        let masks = self.row_masks_of(length, dirs)?;
        let rows = masks.through[player as usize].get(cell as usize)?;
        let own = state.pieces_of(player);
        Some(own.contains(cell) && rows.iter().any(|row| row.and_not(own).is_empty()))
    }

    /// `rows`, where the rows are listed: the union of those within the player's pieces.
    pub(in crate::engine) fn rows_fast(
        &self,
        state: &State<W>,
        player: u8,
        length: u8,
        dirs: u16,
    ) -> Option<CellSet<W>> {
        let rows = self.listed_rows(player, length, dirs)?;
        let own = state.pieces_of(player);
        Some(rows.iter().fold(
            CellSet::default(),
            |covered, row| match row.and_not(own).is_empty() {
                true => covered.or(row),
                false => covered,
            },
        ))
    }
}

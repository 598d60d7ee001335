//! `beyond(cell, through)`: the cell one step past `through` on the line that runs from `cell`
//! through it, that is `through`'s neighbour along the direction whose step leads from `cell` to
//! `through`. None when no direction of the board leads from one to the other in a step (or
//! either is none, or the line ends at `through`). Fanorona's "not twice in the same direction":
//! `to != beyond(previous_from, previous_to)`.

use super::cells::NO_CELL_VALUE;
use crate::compile::Game;

impl<const W: usize> Game<W> {
    /// [`beyond`](self): the direction is looked for among the board's; the first that leads from
    /// `cell` to `through` decides.
    pub(crate) fn beyond(&self, cell: i32, through: i32) -> i32 {
        let on_board = |c: i32| {
            u16::try_from(c)
                .ok()
                .filter(|&c| (c as usize) < self.board.cells)
        };
        let (Some(cell), Some(through)) = (on_board(cell), on_board(through)) else {
            return NO_CELL_VALUE;
        };
        (0..self.board.directions as u8)
            .find(|&dir| self.board.neighbour(cell, dir) == through)
            .map_or(NO_CELL_VALUE, |dir| {
                super::cells::cell_value(self.board.neighbour(through, dir))
            })
    }
}

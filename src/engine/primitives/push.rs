//! Pushing: a line moving along its own way displaces the enemy line in front of it by one cell,
//! when the rule's `push_if` allows (`line_step`). The enemy line is every piece not of the
//! mover's from the cell in front onward; it must be followed by an empty cell or the board's
//! edge, over which its last piece is pushed off the board. An own piece behind it, or a locked
//! piece in it, blocks the push.

use crate::compile::{CodeRange, CompiledMove, Game, NO_CELL};
use crate::engine::eval::Frame;
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// Whether a line of `moving` pieces may push the enemy line starting on `front` along `dir`:
    /// the number of pieces it pushes off the board (0 or 1), or none if it may not.
    pub(in crate::engine) fn push_allowed(
        &self,
        rule: &CompiledMove,
        frame: &mut Frame<'_, W>,
        push_if: CodeRange,
        moving: u8,
        front: u16,
        dir: u8,
    ) -> Option<u8> {
        let state = frame.state;
        let me = state.to_move;
        let mut enemy_run = 0u8;
        let mut cell = front;
        while cell != NO_CELL && state.owner(cell).is_some_and(|o| o != me) {
            if self.locked(rule, state, cell) {
                return None;
            }
            enemy_run = enemy_run.saturating_add(1);
            cell = self.board.neighbour(cell, dir);
        }
        // Followed by an own piece: nothing gives way.
        if cell != NO_CELL && state.cell(cell) != 0 {
            return None;
        }
        frame.vars = [i32::from(moving), i32::from(enemy_run)];
        self.eval_bool(push_if, frame)
            .then_some(u8::from(cell == NO_CELL))
    }

    /// Pushes the line of pieces from `front` along `dir` one cell on, up to the first empty cell;
    /// the last piece leaves the board if the edge comes first.
    pub(in crate::engine) fn push_enemy_line(&self, state: &mut State<W>, front: u16, dir: u8) {
        let mut cells = Vec::new();
        let mut cell = front;
        while cell != NO_CELL && state.cell(cell) != 0 {
            cells.push(cell);
            cell = self.board.neighbour(cell, dir);
        }
        for &from in cells.iter().rev() {
            match self.board.neighbour(from, dir) {
                NO_CELL => state.clear(from),
                to => state.move_piece(from, to),
            }
        }
    }
}

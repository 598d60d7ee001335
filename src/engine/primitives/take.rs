//! `take`: an enemy piece leaves the board.

use crate::compile::{CompiledMove, Game};
use crate::engine::eval::Frame;
use crate::model::action::{Action, ActionKind};

impl<const W: usize> Game<W> {
    /// `take`: each enemy piece (of the rule's kind) may leave the board; `to` is its cell.
    #[inline(never)]
    pub(in crate::engine) fn takes(
        &self,
        index: u8,
        rule: &CompiledMove,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let enemies = state.occupied().and_not(state.pieces_of(state.to_move));
        for cell in enemies.iter() {
            let kind_fits = rule
                .piece
                .is_none_or(|k| state.piece(cell).is_some_and(|(_, kind)| kind == k));
            if kind_fits {
                let action = Action::new(ActionKind::Take, index, 0, cell, 0, 0, 0, 1);
                self.push_if_legal(rule, frame, action, out);
            }
        }
    }
}

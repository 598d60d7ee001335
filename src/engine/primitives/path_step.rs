//! `path_step`: one piece steps to the next cell of its path.

use crate::compile::primitives::PathStep;
use crate::compile::{CompiledMove, Game, NO_CELL};
use crate::engine::eval::Frame;
use crate::model::action::{Action, ActionKind};

impl<const W: usize> Game<W> {
    /// `path_step`: every piece of the rule one cell on along its path.
    pub(in crate::engine) fn path_steps(
        &self,
        index: u8,
        rule: &CompiledMove,
        path_step: &PathStep,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let own = *state.pieces_of(me);
        let path = &self.paths[path_step.path as usize];
        for from in own.iter() {
            if !self.moves_piece(rule, state, from) {
                continue;
            }
            let to = path.next[me as usize][from as usize];
            if to == NO_CELL {
                continue;
            }
            if let Some(captured) = self.landing(path_step.to, state, to) {
                let action = Action::new(ActionKind::Hop, index, from, to, 0, 1, 0, captured);
                self.push_if_legal(rule, frame, action, out);
            }
        }
    }
}

//! `path_step`: one piece steps to the next cell of its path, or `by` cells on, or off its end.

use crate::compile::primitives::PathStep;
use crate::compile::{CompiledMove, Game};
use crate::engine::eval::Frame;
use crate::model::action::{Action, ActionKind, OFF_BOARD};

impl<const W: usize> Game<W> {
    /// `path_step`: every piece of the rule `by` cells on along its path (one without `by`,
    /// worked out once for the position); one past the end bears it off where the rule says so.
    pub(in crate::engine) fn path_steps(
        &self,
        index: u8,
        rule: &CompiledMove,
        path_step: &PathStep,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let by = match path_step.by {
            Some(code) => self.eval_int(code, frame),
            None => 1,
        };
        if by <= 0 {
            return;
        }
        let state = frame.state;
        let me = state.to_move as usize;
        let path = &self.paths[path_step.path as usize];
        let (cells, indexes) = (&path.cells[me], &path.index[me]);
        for from in state.pieces_of(state.to_move).iter() {
            let at = indexes[from as usize];
            if at == u8::MAX || !self.moves_piece(rule, state, from) {
                continue;
            }
            let target = usize::from(at) + by as usize;
            let action = match cells.get(target) {
                Some(&to) => match self.landing(path_step.to, state, to) {
                    Some(captured) => {
                        Action::new(ActionKind::Hop, index, from, to, 0, 1, 0, captured)
                    }
                    None => continue,
                },
                None if path_step.bear_off && target == cells.len() => {
                    Action::new(ActionKind::Off, index, from, OFF_BOARD, 0, 1, 0, 0)
                }
                None => continue,
            };
            self.push_if_legal(rule, frame, action, out);
        }
    }
}

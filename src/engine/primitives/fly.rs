//! `fly`: a piece of the mover goes to any empty cell.

use crate::compile::primitives::Fly;
use crate::compile::{CompiledMove, Game};
use crate::engine::eval::Frame;
use crate::model::action::{Action, ActionKind};

impl<const W: usize> Game<W> {
    /// `fly`: each piece of the mover (of the rule's kind, on a cell of `from`) may go to any
    /// empty cell (of `at`).
    #[inline(never)]
    pub(in crate::engine) fn flights(
        &self,
        index: u8,
        rule: &CompiledMove,
        fly: &Fly,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let mut movers = *state.pieces_of(me);
        if let Some(from) = fly.from_cells {
            movers = movers.and(&self.eval_set(from, frame));
            if movers.is_empty() {
                return;
            }
        }
        let targets = self.landing_cells_of(fly.at, fly.at_cells, frame);
        for from in movers.iter() {
            let kind_fits = state
                .piece(from)
                .is_some_and(|(_, kind)| rule.moves_kind(kind));
            if !kind_fits {
                continue;
            }
            for to in targets.iter() {
                let action = Action::new(ActionKind::Hop, index, from, to, 0, 1, 0, 0);
                self.push_if_legal(rule, frame, action, out);
            }
        }
    }
}

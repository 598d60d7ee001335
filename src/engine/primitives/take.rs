//! `take`: an enemy piece leaves the board (a capture), or with `of: own` one of the mover's
//! (the opening removals of some jumping games), or with `of: any` anyone's.

use crate::check::TakeOf;
use crate::compile::{CompiledMove, Game};
use crate::engine::eval::Frame;
use crate::model::action::{Action, ActionKind};

impl<const W: usize> Game<W> {
    /// `take`: each enemy piece (or own, or any, as `of` says; of the rule's kind) may leave the
    /// board; `to` is its cell. Only an enemy piece taken is a capture.
    #[inline(never)]
    pub(in crate::engine) fn takes(
        &self,
        index: u8,
        rule: &CompiledMove,
        of: TakeOf,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let mine = state.pieces_of(state.to_move);
        let cells = match of {
            TakeOf::Enemy => state.occupied().and_not(mine),
            TakeOf::Own => *mine,
            TakeOf::Any => state.occupied(),
        };
        for cell in cells.iter() {
            let kind_fits = state
                .piece(cell)
                .is_some_and(|(_, kind)| rule.moves_kind(kind));
            if kind_fits {
                let captured = u8::from(!mine.contains(cell));
                let action = Action::new(ActionKind::Take, index, 0, cell, 0, 0, 0, captured);
                self.push_if_legal(rule, frame, action, out);
            }
        }
    }
}

//! One piece at a time off a stack (`stacks = true`): a `step`, `slide`, `fly`, `path_step` or
//! `jump` moves the top piece of its stack and the rest stay; what it captures, by landing or by
//! jumping, is the whole stack there, as a `take` or a `remove` takes a whole stack. (`die_move`,
//! `sow` and `gather` work with stacks themselves.)

use crate::compile::Game;
use crate::model::action::{Action, ActionKind};
use crate::model::state::State;

/// The pieces a moving piece left on its stack, set aside while it moves.
pub(super) struct StackLeft {
    from: u16,
    piece: u8,
    rest: u8,
}

impl<const W: usize> Game<W> {
    /// Before an action of one piece moves on a board with stacks: the rest of its stack is set
    /// aside, and an enemy stack on its landing (or taken) loses all but its top piece, which is
    /// captured as on any board.
    pub(super) fn before_stacked_move(
        &self,
        state: &mut State<W>,
        action: &Action,
    ) -> Option<StackLeft> {
        match action.kind() {
            ActionKind::Move | ActionKind::Jump | ActionKind::Hop => {
                let from = action.from_cell();
                let piece = state.cell(from);
                let rest = state.set_aside_rest(from);
                state.set_aside_rest(action.to_cell());
                Some(StackLeft { from, piece, rest })
            }
            ActionKind::Take => {
                state.set_aside_rest(action.to_cell());
                None
            }
            // The top piece leaves the board; the rest of its stack stays.
            ActionKind::Off => {
                let from = action.from_cell();
                let piece = state.cell(from);
                let rest = state.set_aside_rest(from);
                Some(StackLeft { from, piece, rest })
            }
            _ => None,
        }
    }

    /// Once the piece has moved: what it left on its stack stands there again, and every cell the
    /// action emptied holds no stack.
    pub(super) fn after_stacked_move(&self, state: &mut State<W>, left: StackLeft) {
        state.forget_emptied_stacks();
        state.restore_rest(left.from, left.piece, left.rest);
    }
}

//! `place`: a new piece of the mover on an empty cell, and the cells of an action as the rules'
//! values (`to`, `from`).

use super::action::{Action, ActionKind};
use super::cells::NO_CELL_VALUE;
use super::eval::Frame;
use crate::compile::{CompiledMove, Game};

impl Action {
    /// A piece placed on `to` by move rule `rule`.
    #[inline]
    pub fn place(rule: u8, to: u16) -> Action {
        Action::new(ActionKind::Place, rule, 0, to as u8, 0, 0, 0, 0)
    }
}

impl Game {
    /// The placements of a rule: one per empty cell (of its `at` region), in cell order. Kept out
    /// of the move generator's body, which the games that move pieces run.
    #[inline(never)]
    pub(super) fn placements(
        &self,
        index: u8,
        rule: &CompiledMove,
        frame: &mut Frame,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let mut cells = self.board.all_cells.and_not(&state.occupied());
        if let Some(at) = rule.at {
            cells = cells.and(self.region_of(at, state.to_move));
        }
        if let Some(mask) = &rule.landing_mask {
            cells = cells.and(&self.cell_mask(mask, state));
        }
        if let Some(at) = rule.at_cells {
            cells = cells.and(&self.eval_set(at, frame));
        }
        for cell in cells.iter() {
            self.push_if_legal(rule, frame, Action::place(index, cell), out);
        }
    }

    /// The cell the action's piece lands on, as `to` reads it (-1 if none: a pass, a roll).
    pub(crate) fn action_to(&self, action: &Action) -> i32 {
        match action.kind() {
            ActionKind::Move | ActionKind::Jump | ActionKind::Hop | ActionKind::Place => {
                i32::from(action.to_cell())
            }
            ActionKind::Die if action.to() != super::dice::OFF => i32::from(action.to_cell()),
            _ => NO_CELL_VALUE,
        }
    }

    /// The cell the action's piece leaves, as `from` reads it (-1 for a placement).
    pub(crate) fn action_from(&self, action: &Action) -> i32 {
        match action.kind() {
            ActionKind::Move | ActionKind::Jump | ActionKind::Hop => i32::from(action.from_cell()),
            ActionKind::Die if action.from() != super::dice::BAR => i32::from(action.from_cell()),
            _ => NO_CELL_VALUE,
        }
    }
}

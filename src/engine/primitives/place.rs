//! `place`: a new piece of the mover on an empty cell.

use crate::compile::primitives::Place;
use crate::compile::{CellSet, CodeRange, CompiledMove, Game, RegionRef};
use crate::engine::action::{Action, ActionKind};
use crate::engine::eval::Frame;

impl Action {
    /// A piece placed on `to` by move rule `rule`.
    #[inline]
    pub fn place(rule: u8, to: u16) -> Action {
        Action::new(ActionKind::Place, rule, 0, to, 0, 0, 0, 0)
    }
}

impl<const W: usize> Game<W> {
    /// The placements of a rule: one per empty cell (of its `at` region), in cell order. Kept out
    /// of the move generator's body, which the games that move pieces run.
    #[inline(never)]
    pub(in crate::engine) fn placements(
        &self,
        index: u8,
        rule: &CompiledMove,
        place: &Place,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        if let Some(slot) = place.hand_slot {
            // From the hand: none left (or a kind no one holds), no placement.
            let held = state.hand[state.to_move as usize & 3].get(slot as usize);
            if held.is_none_or(|&n| n == 0) {
                return;
            }
        }
        let mut cells = self.landing_cells_of(place.at, place.at_cells, frame);
        if let Some(mask) = &rule.landing_mask {
            cells = cells.and(&self.cell_mask(mask, state));
        }
        for cell in cells.iter() {
            self.push_if_legal(rule, frame, Action::place(index, cell), out);
        }
    }

    /// The empty cells a `place` or `fly` rule may put a piece on: of its `at:`, if any.
    pub(in crate::engine) fn landing_cells_of(
        &self,
        at: Option<RegionRef>,
        at_cells: Option<CodeRange>,
        frame: &mut Frame<'_, W>,
    ) -> CellSet<W> {
        let state = frame.state;
        let mut cells = self.board.all_cells.and_not(&state.occupied());
        if let Some(at) = at {
            cells = cells.and(self.region_of(at, state.to_move));
        }
        if let Some(at) = at_cells {
            cells = cells.and(&self.eval_set(at, frame));
        }
        cells
    }
}

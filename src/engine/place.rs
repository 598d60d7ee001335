//! `place`: a new piece of the mover on an empty cell, and the cells of an action as the rules'
//! values (`to`, `from`).

use super::action::{Action, ActionKind};
use super::cells::NO_CELL_VALUE;
use super::eval::Frame;
use crate::compile::primitives::{Fly, Place};
use crate::compile::{CellSet, CodeRange, CompiledMove, Game, RegionRef};

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
    pub(super) fn placements(
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
    fn landing_cells_of(
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

    /// `take`: each enemy piece (of the rule's kind) may leave the board; `to` is its cell.
    #[inline(never)]
    pub(super) fn takes(
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

    /// `fly`: each piece of the mover (of the rule's kind, on a cell of `from`) may go to any
    /// empty cell (of `at`).
    #[inline(never)]
    pub(super) fn flights(
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
            let kind_fits = rule
                .piece
                .is_none_or(|k| state.piece(from).is_some_and(|(_, kind)| kind == k));
            if !kind_fits {
                continue;
            }
            for to in targets.iter() {
                let action = Action::new(ActionKind::Hop, index, from, to, 0, 1, 0, 0);
                self.push_if_legal(rule, frame, action, out);
            }
        }
    }

    /// The cell the action's piece lands on, as `to` reads it (-1 if none: a pass, a roll).
    pub(crate) fn action_to(&self, action: &Action) -> i32 {
        match action.kind() {
            ActionKind::Move
            | ActionKind::Jump
            | ActionKind::Hop
            | ActionKind::Place
            | ActionKind::Take => i32::from(action.to_cell()),
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

//! `sow`: the pieces of a pit, lifted and dropped one by one on the cells after it along a loop.

use crate::compile::primitives::Sow;
use crate::compile::{CompiledMove, Game};
use crate::engine::eval::Frame;
use crate::model::action::{Action, ActionKind};
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// `sow`: one action per pit of the mover holding pieces (of the rule's kind), landing where
    /// its last piece would be dropped.
    pub(in crate::engine) fn sowings(
        &self,
        index: u8,
        rule: &CompiledMove,
        sow: &Sow,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let path = &self.paths[sow.path as usize];
        let cells = &path.cells[me as usize];
        let pits = self.region_of(sow.from, me).and(&state.occupied());
        for pit in pits.iter() {
            let kind = (state.cell(pit) >> 2) - 1;
            if !rule.moves_kind(kind) {
                continue;
            }
            let start = path.index[me as usize][pit as usize] as usize;
            let mut steps = state.height(pit) as usize;
            // Divisions only for the rare pits that hold a lap or more: they are slow.
            if sow.skip_start && cells.len() > 1 && steps >= cells.len() {
                // A lap passes over the pit: one step more for each full lap of the others.
                steps += (steps - 1) / (cells.len() - 1);
            }
            let mut at = start + steps;
            if at >= cells.len() {
                at -= cells.len();
                if at >= cells.len() {
                    at %= cells.len();
                }
            }
            let last = cells[at];
            let action = Action::new(ActionKind::Sow, index, pit, last, 0, 1, 0, 0);
            self.push_if_legal(rule, frame, action, out);
        }
    }

    /// Plays a sowing: the pit's pieces are lifted and dropped one on each cell that follows it
    /// on the mover's copy of the loop, round and round, the pit itself included.
    pub(in crate::engine) fn sow(&self, state: &mut State<W>, action: &Action) {
        let Some(crate::compile::Primitive::Sow(sow)) = self
            .moves
            .get(action.rule() as usize)
            .map(|rule| &rule.primitive)
        else {
            return;
        };
        let me = state.to_move as usize;
        let path = &self.paths[sow.path as usize];
        let cells = &path.cells[me];
        let pit = action.from_cell();
        let (piece, height) = state.lift(pit);
        let mut at = path.index[me][pit as usize] as usize;
        let start = at;
        for _ in 0..height {
            at = if at + 1 == cells.len() { 0 } else { at + 1 };
            if sow.skip_start && at == start && cells.len() > 1 {
                at = if at + 1 == cells.len() { 0 } else { at + 1 };
            }
            state.drop_pieces(cells[at], piece, 1);
        }
    }
}

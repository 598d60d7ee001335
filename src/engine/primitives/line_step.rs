//! `line_step`: a line of `min` to `max` own pieces moves one cell together. Along its own line
//! the line is every own piece from its rear to the front of its run (a longer run does not
//! move), and its front may push an enemy line ([`super::push`]); sideways, the line is any
//! `min` to `max` own pieces in a row, each moving onto an empty cell.

use crate::compile::primitives::LineStep;
use crate::compile::{CompiledMove, Game, NO_CELL};
use crate::engine::eval::Frame;
use crate::model::action::Action;
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// `line_step`: every line of the rule's pieces, by its rear, and each way it may move.
    pub(in crate::engine) fn line_steps(
        &self,
        index: u8,
        rule: &CompiledMove,
        step: &LineStep,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let dirs = self.directions(step.dirs, me);
        let own = *state.pieces_of(me);
        for rear in own.iter() {
            if !self.moves_piece(rule, state, rear) {
                continue;
            }
            for &dir in dirs {
                if step.sideways {
                    self.sideways_steps(index, rule, step, frame, rear, dir, out);
                } else {
                    self.inline_step(index, rule, step, frame, rear, dir, out);
                }
            }
        }
    }

    /// Whether the piece on `cell` may be part of a moving line of the rule: the mover's, of the
    /// rule's kind, not locked.
    fn in_line(&self, rule: &CompiledMove, state: &State<W>, cell: u16) -> bool {
        state
            .piece(cell)
            .is_some_and(|(p, k)| p == state.to_move && rule.piece.is_none_or(|want| want == k))
            && !self.locked(rule, state, cell)
    }

    /// The line from `rear` to the front of its run moves one cell along `dir`, onto an empty
    /// cell or pushing the enemy line in front of it.
    #[allow(clippy::too_many_arguments)]
    fn inline_step(
        &self,
        index: u8,
        rule: &CompiledMove,
        step: &LineStep,
        frame: &mut Frame<'_, W>,
        rear: u16,
        dir: u8,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let mut count = 1u8;
        let mut head = rear;
        loop {
            let next = self.board.neighbour(head, dir);
            if next == NO_CELL || !self.in_line(rule, state, next) {
                break;
            }
            if count == step.max {
                // A longer line than the rule moves: its pieces block it.
                return;
            }
            head = next;
            count += 1;
        }
        let to = self.board.neighbour(head, dir);
        if count < step.min || to == NO_CELL || self.avoided(rule, me, to) {
            return;
        }
        let action = |off| Action::line_step(index, rear, to, dir, dir, count, off);
        match state.owner(to) {
            None => self.push_if_legal(rule, frame, action(0), out),
            Some(owner) if owner == me => {}
            Some(_) => {
                if let Some(off) = step
                    .push_if
                    .and_then(|code| self.push_allowed(rule, frame, code, count, to, dir))
                {
                    self.push_if_legal(rule, frame, action(off), out);
                }
            }
        }
    }

    /// The lines of 2 or more pieces from `rear` along each axis of the rule's directions that
    /// crosses `dir`, moving one cell along `dir`, every piece onto an empty cell. Of two opposite
    /// axes only the first is walked, so that each line is one action.
    #[allow(clippy::too_many_arguments)]
    fn sideways_steps(
        &self,
        index: u8,
        rule: &CompiledMove,
        step: &LineStep,
        frame: &mut Frame<'_, W>,
        rear: u16,
        dir: u8,
        out: &mut Vec<Action>,
    ) {
        let me = frame.state.to_move;
        let dirs = self.directions(step.dirs, me);
        let opposite = |d: u8| step.opposite.get(d as usize).copied().unwrap_or(u8::MAX);
        for &axis in dirs {
            let back = opposite(axis);
            if axis == dir || back == dir || (back < axis && dirs.contains(&back)) {
                continue;
            }
            let mut cell = rear;
            for count in 1..=step.max {
                let state = frame.state;
                let to = self.board.neighbour(cell, dir);
                if to == NO_CELL || state.cell(to) != 0 || self.avoided(rule, me, to) {
                    break;
                }
                if count >= step.min {
                    let action = Action::line_step(index, rear, to, dir, axis, count, 0);
                    self.push_if_legal(rule, frame, action, out);
                }
                cell = self.board.neighbour(cell, axis);
                if cell == NO_CELL || !self.in_line(rule, frame.state, cell) {
                    break;
                }
            }
        }
    }

    /// Plays a line step: the enemy line in front is pushed one cell on (its last piece off the
    /// board if the edge is there), then every piece of the line moves one cell.
    pub(in crate::engine) fn apply_line_step(&self, state: &mut State<W>, action: &Action) {
        let (dir, axis) = (action.dir(), action.axis());
        if dir == axis {
            self.push_enemy_line(state, action.to_cell(), dir);
        }
        // From the front back along the axis: a line along its way moves into its own cells.
        let mut cells = [NO_CELL; 64];
        let count = (action.count() as usize).min(cells.len());
        let mut cell = action.from_cell();
        for slot in cells.iter_mut().take(count) {
            *slot = cell;
            if cell != NO_CELL {
                cell = self.board.neighbour(cell, axis);
            }
        }
        for &from in cells[..count].iter().rev() {
            let to = match from {
                NO_CELL => NO_CELL,
                _ => self.board.neighbour(from, dir),
            };
            if to != NO_CELL {
                state.move_piece(from, to);
            }
        }
    }

    /// The cells where the pieces of a line step end, from its rear.
    pub(in crate::engine) fn line_step_landings(&self, action: &Action) -> Vec<u16> {
        let mut cells = Vec::with_capacity(action.count() as usize);
        let mut cell = action.from_cell();
        for _ in 0..action.count() {
            if cell == NO_CELL {
                break;
            }
            cells.push(self.board.neighbour(cell, action.dir()));
            cell = self.board.neighbour(cell, action.axis());
        }
        cells
    }

    /// The token of a line step: the line's cells, rear first (`c3..e3`, one cell alone), `>`,
    /// the direction's name, and `*` when a piece is pushed off the board: `a1..c1>e*`.
    pub(crate) fn line_step_token(&self, action: &Action) -> String {
        let name = |cell: u16| self.board.cell_name(cell);
        let mut front = action.from_cell();
        for _ in 1..action.count() {
            if front == NO_CELL {
                break;
            }
            front = self.board.neighbour(front, action.axis());
        }
        let mut token = name(action.from_cell());
        if action.count() > 1 && front != NO_CELL {
            token.push_str("..");
            token.push_str(&name(front));
        }
        token.push('>');
        let dir = self.board.direction_names.get(action.dir() as usize);
        token.push_str(dir.map_or("?", |d| d.as_str()));
        if action.captured() > 0 {
            token.push('*');
        }
        token
    }
}

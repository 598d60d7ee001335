//! `jump`: one piece jumps over adjacent enemy pieces, with `chain` on and on while it can.

use crate::compile::primitives::Jump;
use crate::compile::{CompiledMove, Game, NO_CELL};
use crate::engine::action::{Action, ActionKind};
use crate::engine::eval::Frame;
use crate::engine::state::State;

impl<const W: usize> Game<W> {
    /// `jump`: the jumps of every piece of the rule.
    pub(in crate::engine) fn jumps(
        &self,
        index: u8,
        rule: &CompiledMove,
        jump: &Jump,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let dirs = self.directions(jump.dirs, me);
        let own = *state.pieces_of(me);
        for from in own.iter() {
            if !self.moves_piece(rule, state, from) {
                continue;
            }
            self.jumps_from(index, rule, jump, frame, from, dirs, out);
        }
    }

    /// Whether a piece on `from` could make a first jump along `dir` (before copying any position).
    #[inline]
    fn can_jump(
        &self,
        rule: &CompiledMove,
        jump: &Jump,
        state: &State<W>,
        from: u16,
        dir: u8,
    ) -> bool {
        let me = state.to_move;
        let over = self.board.neighbour(from, dir);
        if over == NO_CELL {
            return false;
        }
        let v = state.cell(over);
        if v == 0
            || v & 3 == me
            || jump.over_piece.is_some_and(|k| k != (v >> 2) - 1)
            || self.locked(rule, state, over)
        {
            return false;
        }
        let land = self.board.neighbour(over, dir);
        land != NO_CELL
            && state.cell(land) == 0
            && !self.avoided(rule, me, land)
            && self.follows_lines(jump.along, from, dir)
            && self.follows_lines(jump.along, over, dir)
    }

    /// Jumps over an adjacent enemy piece to the empty cell beyond, and with `chain` on and on while
    /// possible. Jumped pieces leave at once, so none is jumped twice.
    #[allow(clippy::too_many_arguments)]
    fn jumps_from(
        &self,
        index: u8,
        rule: &CompiledMove,
        jump: &Jump,
        frame: &mut Frame<'_, W>,
        from: u16,
        dirs: &[u8],
        out: &mut Vec<Action>,
    ) {
        // Most pieces cannot jump at all: look before copying the position.
        if !dirs
            .iter()
            .any(|&dir| self.can_jump(rule, jump, frame.state, from, dir))
        {
            return;
        }
        let mut scratch = *frame.state;
        let piece = scratch.cell(from);
        scratch.clear(from);
        let start = Action::new(ActionKind::Jump, index, from, from, 0, 1, 0, 0);
        self.jump_on(rule, jump, frame, &mut scratch, piece, dirs, start, out);
    }

    #[allow(clippy::too_many_arguments)]
    fn jump_on(
        &self,
        rule: &CompiledMove,
        jump: &Jump,
        frame: &mut Frame<'_, W>,
        scratch: &mut State<W>,
        piece: u8,
        dirs: &[u8],
        so_far: Action,
        out: &mut Vec<Action>,
    ) {
        let mut extended = false;
        if so_far.captured() < self.board.max_jumps {
            for &dir in dirs {
                if !self.can_jump(rule, jump, scratch, so_far.to_cell(), dir) {
                    continue;
                }
                let over = self.board.neighbour(so_far.to_cell(), dir);
                let land = self.board.neighbour(over, dir);
                extended = true;
                let first_dir = if so_far.captured() == 0 {
                    dir
                } else {
                    so_far.dir()
                };
                let next = so_far
                    .with_to(land)
                    .with_dir(first_dir)
                    .with_captured(so_far.captured() + 1)
                    .with_path(
                        so_far.path()
                            | (dir as u64) << (self.board.jump_bits * so_far.captured() as u32),
                    );
                if !jump.chain || self.promotes(rule, scratch.to_move, piece, land) {
                    self.push_if_legal(rule, frame, next, out);
                    continue;
                }
                let jumped = scratch.cell(over);
                if jump.remove_at_end {
                    // Left standing until the end, the piece still blocks a landing; a piece of the
                    // jumper's own side there keeps it from being jumped twice.
                    scratch.set(over, crate::engine::state::encode(scratch.to_move, 0));
                } else {
                    scratch.clear(over);
                }
                self.jump_on(rule, jump, frame, scratch, piece, dirs, next, out);
                scratch.set(over, jumped);
            }
        }
        if !extended && so_far.captured() > 0 {
            self.push_if_legal(rule, frame, so_far, out);
        }
    }
}

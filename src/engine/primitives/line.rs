//! `line`: a run of own pieces moving along its own line, up to its length, maybe capturing.

use crate::check::LineCapture;
use crate::compile::primitives::Line;
use crate::compile::{CellSet, CompiledMove, Game, NO_CELL};
use crate::engine::eval::Frame;
use crate::model::action::Action;

/// The most directions for which [`Game::line_moves`] looks up the rears of lines in advance.
const LINE_DIRS: usize = 8;

impl<const W: usize> Game<W> {
    /// `line`: every line of the rule's pieces, by its rear.
    pub(in crate::engine) fn line_moves(
        &self,
        index: u8,
        rule: &CompiledMove,
        line: &Line,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let dirs = self.directions(line.dirs, me);
        if line.min >= 2 && dirs.len() <= LINE_DIRS {
            return self.lines_of_two(index, rule, line, frame, dirs, out);
        }
        let own = *state.pieces_of(me);
        for from in own.iter() {
            if !self.moves_piece(rule, state, from) {
                continue;
            }
            self.lines_from(index, rule, line, frame, from, dirs, out);
        }
    }

    /// The lines of a rule whose lines have two or more pieces. A line starts from a piece with
    /// one of its own next to it that way: these are found for all pieces at once, so that most
    /// pieces skip the walk. Same actions in the same order as the loop of [`Game::line_moves`].
    fn lines_of_two(
        &self,
        index: u8,
        rule: &CompiledMove,
        line: &Line,
        frame: &mut Frame<'_, W>,
        dirs: &[u8],
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let own = *state.pieces_of(state.to_move);
        let mut rears = [CellSet::default(); LINE_DIRS];
        for (rear, &dir) in rears.iter_mut().zip(dirs) {
            let offset = self.board.offsets[dir as usize];
            *rear = own
                .and(&self.board.has_neighbour[dir as usize])
                .and(&own.shifted(-offset));
        }
        for from in own.iter() {
            if !self.moves_piece(rule, state, from) {
                continue;
            }
            for (rear, &dir) in rears.iter().zip(dirs) {
                if rear.contains(from) {
                    self.line(index, rule, line, frame, from, dir, out);
                }
            }
        }
    }

    /// The lines with their rear on `from`, in every direction of the rule (kept out of line, so
    /// that the loop over the pieces stays small).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn lines_from(
        &self,
        index: u8,
        rule: &CompiledMove,
        line: &Line,
        frame: &mut Frame<'_, W>,
        from: u16,
        dirs: &[u8],
        out: &mut Vec<Action>,
    ) {
        for &dir in dirs {
            self.line(index, rule, line, frame, from, dir, out);
        }
    }

    /// A run of own pieces from `rear` to the front of its line along `dir` moves up to its length.
    /// Inlined in both its callers: called for most pieces, it is a loop body.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn line(
        &self,
        index: u8,
        rule: &CompiledMove,
        line: &Line,
        frame: &mut Frame<'_, W>,
        rear: u16,
        dir: u8,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        // A locked piece of one's own is not part of a moving line: it stops the line like an obstacle.
        let own = |cell: u16| {
            state
                .piece(cell)
                .is_some_and(|(p, k)| p == me && rule.moves_kind(k))
                && !self.locked(rule, state, cell)
        };
        let mut count = 1u8;
        let mut head = rear;
        loop {
            let next = self.board.neighbour(head, dir);
            if next == NO_CELL || !own(next) {
                break;
            }
            head = next;
            count += 1;
        }
        if count < line.min {
            return;
        }
        let mut to = head;
        let template = Action::moving(index, rear, 0, dir, count, 0, 0);
        for distance in 1..=count {
            to = self.board.neighbour(to, dir);
            if to == NO_CELL || self.avoided(rule, me, to) {
                return;
            }
            let action = |captured| template.landing(to, distance, captured);
            match state.owner(to) {
                None => self.push_if_legal(rule, frame, action(0), out),
                Some(owner) if owner == me => return,
                Some(_) => {
                    if line.capture != LineCapture::None && !self.locked(rule, state, to) {
                        let mut enemy_run = 0u8;
                        let mut cell = to;
                        while cell != NO_CELL && state.owner(cell).is_some_and(|o| o != me) {
                            enemy_run += 1;
                            cell = self.board.neighbour(cell, dir);
                        }
                        let allowed = match line.capture_if {
                            Some(code) => {
                                frame.vars = [count as i32, enemy_run as i32];
                                self.eval_bool(code, frame)
                            }
                            None => true,
                        };
                        if allowed {
                            let captured = if line.capture == LineCapture::Run {
                                enemy_run
                            } else {
                                1
                            };
                            self.push_if_legal(rule, frame, action(captured), out);
                        }
                    }
                    return;
                }
            }
        }
    }
}

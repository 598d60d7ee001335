//! `slide`: one piece, any number of steps over empty cells in one direction.

use crate::compile::primitives::Slide;
use crate::compile::{CompiledMove, Game, NO_CELL};
use crate::engine::action::Action;
use crate::engine::eval::Frame;

impl<const W: usize> Game<W> {
    /// `slide`: every piece of the rule, in every direction.
    pub(in crate::engine) fn slides(
        &self,
        index: u8,
        rule: &CompiledMove,
        slide: &Slide,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let dirs = self.directions(slide.dirs, me);
        let own = *state.pieces_of(me);
        for from in own.iter() {
            if !self.moves_piece(rule, state, from) {
                continue;
            }
            for &dir in dirs {
                self.slide_from(index, rule, slide, frame, from, dir, out);
            }
        }
    }

    /// The slides of the piece on `from` along `dir`.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn slide_from(
        &self,
        index: u8,
        rule: &CompiledMove,
        slide: &Slide,
        frame: &mut Frame<'_, W>,
        from: u16,
        dir: u8,
        out: &mut Vec<Action>,
    ) {
        let me = frame.state.to_move;
        let mut to = from;
        let template = Action::moving(index, from, 0, dir, 1, 0, 0);
        let mut screens = slide.screens;
        for distance in 1..=slide.max.min(255) {
            if !self.follows_lines(slide.along, to, dir) {
                return;
            }
            // A marked line is crossed only by a move of that one step.
            let crosses = slide
                .crossing
                .is_some_and(|l| self.lines[l as usize].leaving[dir as usize].contains(to));
            if crosses && distance > 1 && !slide.crossing_stop_after {
                return;
            }
            to = self.board.neighbour(to, dir);
            if to == NO_CELL || self.avoided(rule, me, to) {
                return;
            }
            if screens > 0 {
                // Not a landing yet: the slide goes on over empty cells and its screens.
                screens -= u8::from(frame.state.cell(to) != 0);
                continue;
            }
            if let Some(captured) = self
                .landing(slide.to, frame.state, to)
                .filter(|_| !self.locked(rule, frame.state, to))
            {
                let action = template.landing(to, distance as u8, captured);
                self.push_if_legal(rule, frame, action, out);
            }
            if frame.state.cell(to) != 0 || crosses {
                return;
            }
        }
    }
}

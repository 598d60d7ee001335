//! `step`: one piece, one step, generated for all pieces at once as shifted bit sets.

use crate::check::Landing;
use crate::compile::primitives::Step;
use crate::compile::{CompiledMove, Game};
use crate::engine::eval::Frame;
use crate::model::action::{Action, StepTemplate};

impl<const W: usize> Game<W> {
    /// All single steps of a rule at once: per direction, the movable pieces shifted one cell, kept
    /// where they may land.
    pub(in crate::engine) fn steps(
        &self,
        index: u8,
        rule: &CompiledMove,
        step: &Step,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        if step.capture.any() {
            return self.remote_steps(index, rule, step, frame, out);
        }
        let dirs = self.directions(step.dirs, frame.state.to_move);
        if self.board.cells <= 64 && self.board.all_uniform() {
            return self.steps_in_one_word(index, rule, step, frame, dirs, out);
        }
        let state = frame.state;
        let me = state.to_move;
        let own = *state.pieces_of(me);
        let occupied = state.occupied();
        let locked = self.locked_pieces(rule, state);
        let movers = self.movers(rule, frame).and_not(&locked);
        let mut allowed = match step.to {
            Landing::Empty => self.board.all_cells.and_not(&occupied),
            Landing::Enemy => occupied.and_not(&own),
            Landing::EmptyOrEnemy => self.board.all_cells.and_not(&own),
            Landing::Any => self.board.all_cells,
        }
        .and_not(&locked);
        if let Some(avoid) = rule.avoid {
            allowed = allowed.and_not(self.region_of(avoid, me));
        }
        for &dir in dirs {
            let offset = self.board.offsets[dir as usize];
            let mut sources = movers.and(&self.board.has_neighbour[dir as usize]);
            if let Some(l) = step.along {
                sources = sources.and(&self.lines[l as usize].leaving[dir as usize]);
            }
            if !self.board.uniform[dir as usize] || self.board.has_legs[dir as usize] {
                // Links of a board of points, or legs to look at: each step on its own.
                for from in sources.iter() {
                    let to = self.board.neighbour(from, dir);
                    if allowed.contains(to) && self.board.legs_clear(from, dir, &occupied) {
                        let captured = u8::from(occupied.contains(to));
                        let action = Action::moving(index, from, to, dir, 1, 1, captured);
                        self.push_if_legal(rule, frame, action, out);
                    }
                }
                continue;
            }
            let template = StepTemplate::new(index, dir, offset);
            for to in sources.shifted(offset).and(&allowed).iter() {
                let captured = u64::from(occupied.contains(to));
                self.push_if_legal(rule, frame, template.to(u32::from(to), captured), out);
            }
        }
    }

    /// [`Game::steps`] on a board of at most 64 cells: every set is one machine word, shifted as a
    /// bitboard engine would.
    fn steps_in_one_word(
        &self,
        index: u8,
        rule: &CompiledMove,
        step: &Step,
        frame: &mut Frame<'_, W>,
        dirs: &[u8],
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let own = state.pieces_of(me).word(0);
        let occupied = (0..4).fold(0, |all, p| all | state.pieces_of(p).word(0));
        let locked = if rule.locked.is_some() {
            self.locked_pieces(rule, state).word(0)
        } else {
            0
        };
        let movers = self.movers(rule, frame).word(0) & !locked;
        let all_cells = self.board.all_cells.word(0);
        let mut allowed = match step.to {
            Landing::Empty => all_cells & !occupied,
            Landing::Enemy => occupied & !own,
            Landing::EmptyOrEnemy => all_cells & !own,
            Landing::Any => all_cells,
        } & !locked;
        if let Some(avoid) = rule.avoid {
            allowed &= !self.region_of(avoid, me).word(0);
        }
        for &dir in dirs {
            let offset = self.board.offsets[dir as usize];
            let mut sources = movers & self.board.has_neighbour[dir as usize].word(0);
            if let Some(l) = step.along {
                sources &= self.lines[l as usize].leaving[dir as usize].word(0);
            }
            if self.board.has_legs[dir as usize] {
                let occupied = state.occupied();
                let mut blocked = 0u64;
                let mut each = sources;
                while each != 0 {
                    let from = each.trailing_zeros() as u16;
                    each &= each - 1;
                    if !self.board.legs_clear(from, dir, &occupied) {
                        blocked |= 1 << from;
                    }
                }
                sources &= !blocked;
            }
            let mut targets = if offset > 0 {
                sources << offset
            } else {
                sources >> -offset
            } & allowed;
            let template = StepTemplate::new(index, dir, offset);
            let step = |to: u16| template.to(u32::from(to), occupied >> to & 1);
            if rule.unchecked {
                // The commonest rule has no filter to run: a plain loop.
                while targets != 0 {
                    let to = targets.trailing_zeros() as u16;
                    targets &= targets - 1;
                    out.push(step(to));
                }
                continue;
            }
            while targets != 0 {
                let to = targets.trailing_zeros() as u16;
                targets &= targets - 1;
                self.push_if_legal(rule, frame, step(to), out);
            }
        }
    }
}

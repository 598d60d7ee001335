//! Perft: the number of action sequences of a given length, as the rulings define it.

use super::action::Action;
use super::state::State;
use crate::compile::Game;

impl Game {
    pub fn perft(&self, state: &State, depth: u32) -> u64 {
        let mut buffers = vec![Vec::with_capacity(256); depth as usize + 1];
        self.perft_with(state, depth, &mut buffers)
    }

    /// Perft split by first action: (token, count), sorted by token.
    pub fn perft_divide(&self, state: &State, depth: u32) -> Vec<(String, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut actions = Vec::new();
        self.legal_actions(state, &mut actions);
        let mut buffers = vec![Vec::with_capacity(256); depth as usize];
        let mut rows: Vec<(String, u64)> = actions
            .iter()
            .map(|a| {
                (
                    self.action_token(a),
                    self.perft_with(&self.after(state, a), depth - 1, &mut buffers),
                )
            })
            .collect();
        rows.sort();
        rows
    }

    fn perft_with(&self, state: &State, depth: u32, buffers: &mut [Vec<Action>]) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (mine, rest) = buffers.split_first_mut().expect("one buffer per level");
        self.legal_actions(state, mine);
        if depth == 1 {
            return mine.len() as u64;
        }
        let mut total = 0;
        for action in mine.iter() {
            total += self.perft_with(&self.after(state, action), depth - 1, rest);
        }
        total
    }
}

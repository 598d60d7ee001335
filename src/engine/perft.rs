//! Perft: the number of action sequences of a given length, as the rulings define it.

use crate::compile::Game;
use crate::model::action::Action;
use crate::model::state::State;

impl<const W: usize> Game<W> {
    pub fn perft(&self, state: &State<W>, depth: u32) -> u64 {
        self.perft_with_history(state, &[], depth)
    }

    /// [`Game::perft`] from a position reached after the positions whose keys are `history` (see
    /// [`Game::legal_actions_with_history`]); a line ends where `repetitions` ends the game.
    pub fn perft_with_history(&self, state: &State<W>, history: &[u64], depth: u32) -> u64 {
        let mut buffers = vec![Vec::with_capacity(256); self.levels(depth)];
        let mut keys = self.history_stack(history, depth);
        self.perft_with(state, depth, &mut buffers, &mut keys)
    }

    /// Perft split by first action: (token, count), sorted by token.
    pub fn perft_divide(&self, state: &State<W>, depth: u32) -> Vec<(String, u64)> {
        self.perft_divide_with_history(state, &[], depth)
    }

    /// [`Game::perft_divide`] with the keys of the earlier positions.
    pub fn perft_divide_with_history(
        &self,
        state: &State<W>,
        history: &[u64],
        depth: u32,
    ) -> Vec<(String, u64)> {
        let mut rows: Vec<(String, u64)> = self.perft_rows(state, history, depth).collect();
        rows.sort();
        rows
    }

    /// The rows of [`Game::perft_divide_with_history`] one at a time, in the order the first
    /// actions are generated: each count is computed when its row is asked for, so that a caller
    /// can report progress between rows while the recursion below stays as it is. None at depth 0.
    pub fn perft_rows(&self, state: &State<W>, history: &[u64], depth: u32) -> PerftRows<'_, W> {
        let mut actions = Vec::new();
        if depth > 0 {
            self.legal_actions_with_history(state, history, &mut actions);
        }
        let mut keys = self.history_stack(history, depth);
        self.note_position(&mut keys, state);
        // The outcomes of a chance event use no depth (rulings' perft convention).
        let next = if self.is_chance(state) {
            depth
        } else {
            depth.saturating_sub(1)
        };
        PerftRows {
            game: self,
            state: *state,
            actions,
            done: 0,
            next,
            buffers: vec![Vec::with_capacity(256); self.levels(depth)],
            keys,
        }
    }

    /// Move lists the recursion needs: one per level, and in dice games one more per chance event,
    /// which can come before every level.
    fn levels(&self, depth: u32) -> usize {
        // A set-up drawn by lot is one more chance event, before the first level.
        let levels = depth as usize + 1 + usize::from(self.shuffle.is_some());
        if self.dice.is_some() || self.roll.is_some() || self.has_turn_effects() {
            2 * levels
        } else {
            levels
        }
    }

    /// The keys the recursion starts from, with room for one more per level; none at all when no
    /// rule reads them.
    fn history_stack(&self, history: &[u64], depth: u32) -> Vec<u64> {
        if !self.uses_history {
            return Vec::new();
        }
        let mut keys = Vec::with_capacity(history.len() + depth as usize + 1);
        keys.extend_from_slice(history);
        keys
    }

    /// `keys` holds the keys of the positions before `state` on this line; it is as it was on return.
    fn perft_with(
        &self,
        state: &State<W>,
        depth: u32,
        buffers: &mut [Vec<Action>],
        keys: &mut Vec<u64>,
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (mine, rest) = buffers.split_first_mut().expect("one buffer per level");
        self.legal_actions_with_history(state, keys, mine);
        if self.is_chance(state) {
            // Each distinct outcome once, unweighted, without using depth.
            return mine
                .iter()
                .map(|roll| self.perft_with(&self.after(state, roll), depth, rest, keys))
                .sum();
        }
        if depth == 1 {
            return mine.len() as u64;
        }
        if self.uses_history {
            keys.push(self.position_key(state));
        }
        let mut total = 0;
        for action in mine.iter() {
            total += self.perft_with(&self.after(state, action), depth - 1, rest, keys);
        }
        if self.uses_history {
            keys.pop();
        }
        total
    }
}

/// The divide rows of a perft, `(token, count)`, computed one per `next`: see [`Game::perft_rows`].
pub struct PerftRows<'a, const W: usize = 4> {
    game: &'a Game<W>,
    state: State<W>,
    actions: Vec<Action>,
    /// How many rows have been counted.
    done: usize,
    /// The depth left after a first action.
    next: u32,
    buffers: Vec<Vec<Action>>,
    keys: Vec<u64>,
}

impl<const W: usize> Iterator for PerftRows<'_, W> {
    type Item = (String, u64);

    fn next(&mut self) -> Option<(String, u64)> {
        let action = *self.actions.get(self.done)?;
        self.done += 1;
        let after = self.game.after(&self.state, &action);
        let count = self
            .game
            .perft_with(&after, self.next, &mut self.buffers, &mut self.keys);
        Some((self.game.action_token(&action), count))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.actions.len() - self.done;
        (left, Some(left))
    }
}

impl<const W: usize> ExactSizeIterator for PerftRows<'_, W> {}

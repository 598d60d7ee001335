//! `estimate` rules: how well each player stands in a position, by the game's own measure. The
//! search judges a playout it cuts short by it (by material where a game gives none), and
//! `analyze` counts a change of the player ahead by it.

use super::eval::Frame;
use crate::compile::Game;
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// Each player's standing by the `estimate` rules (their terms added up), or `None` when the
    /// game has none.
    pub fn estimated_standing(&self, state: &State<W>) -> Option<[i64; 4]> {
        if self.estimates.is_empty() {
            return None;
        }
        let mut frame = Frame::position(state);
        let mut standing = [0i64; 4];
        for &(player, value) in &self.estimates {
            let p = self.eval_int(player, &mut frame);
            if let Some(s) = usize::try_from(p).ok().and_then(|p| standing.get_mut(p)) {
                *s += i64::from(self.eval_int(value, &mut frame));
            }
        }
        Some(standing)
    }
}

//! Seeded random playouts, the measure of speed used by `tabula bench`, and the generators of
//! `tabula play`.

use super::deferred_forbids::Drawn;
use super::movegen::Outcome;
use crate::compile::Game;
use crate::model::action::Action;
use crate::model::state::State;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;
use std::cell::RefCell;

/// The recorded RNG: portable and seedable, so a seed gives the same game everywhere.
pub type GameRng = Pcg64;

pub fn seeded_rng(seed: u64) -> GameRng {
    Pcg64::seed_from_u64(seed)
}

/// The generator of chance (dice, face-down pieces turned up) that goes with `seeded_rng(seed)`
/// when a game is to replay from its seed: the same stream 2^64 draws on, so the two never meet.
pub fn seeded_chance_rng(seed: u64) -> GameRng {
    let mut rng = seeded_rng(seed);
    rng.advance(1 << 64);
    rng
}

/// A generator seeded by the operating system, for chance that no player may predict: a known
/// seed would tell every roll and every face-down piece in advance. Its seed is never shown.
pub fn os_seeded_rng() -> Result<GameRng, rand::rngs::SysError> {
    Pcg64::try_from_rng(&mut rand::rngs::SysRng)
}

pub struct Playout {
    pub actions: u64,
    pub outcome: Option<Outcome>,
}

thread_local! {
    /// The keys of the positions of the current playout, for games that read `repetitions`: kept
    /// from one playout to the next so that it stops allocating once it has grown.
    static PLAYOUT_HISTORY: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
}

impl<const W: usize> Game<W> {
    /// Plays uniformly random actions until the game ends or `max_actions` are played.
    /// `buffer` is reused so that a playout allocates nothing once it has grown.
    pub fn random_playout(
        &self,
        rng: &mut GameRng,
        buffer: &mut Vec<Action>,
        max_actions: u64,
    ) -> Playout {
        self.random_playout_from(&self.initial, rng, buffer, max_actions)
    }

    /// [`Game::random_playout`] from `start` (the positions before it unknown).
    pub fn random_playout_from(
        &self,
        start: &State<W>,
        rng: &mut GameRng,
        buffer: &mut Vec<Action>,
        max_actions: u64,
    ) -> Playout {
        let mut state = *start;
        self.random_playout_in_place(&mut state, rng, buffer, max_actions)
    }

    /// [`Game::random_playout_from`] that leaves `state` where the playout stopped, for a caller
    /// that judges a playout cut short by its last position.
    pub fn random_playout_in_place(
        &self,
        state: &mut State<W>,
        rng: &mut GameRng,
        buffer: &mut Vec<Action>,
        max_actions: u64,
    ) -> Playout {
        if !self.uses_history {
            return self.playout_with(state, rng, buffer, max_actions, None);
        }
        PLAYOUT_HISTORY.with(|history| match history.try_borrow_mut() {
            Ok(mut history) => {
                self.playout_with(state, rng, buffer, max_actions, Some(&mut history))
            }
            Err(_) => self.playout_with(state, rng, buffer, max_actions, Some(&mut Vec::new())),
        })
    }

    /// The playout; `history`, given when the game reads `repetitions`, collects the keys of the
    /// positions played through.
    fn playout_with(
        &self,
        state: &mut State<W>,
        rng: &mut GameRng,
        buffer: &mut Vec<Action>,
        max_actions: u64,
        mut history: Option<&mut Vec<u64>>,
    ) -> Playout {
        if let Some(history) = history.as_deref_mut() {
            history.clear();
        }
        let mut actions = 0;
        while actions < max_actions {
            let earlier = history.as_deref().map_or(&[][..], Vec::as_slice);
            let mut key = None;
            let pick = match self.draw_legal_action(state, earlier, &mut key, buffer, rng) {
                Drawn::Over(outcome) => {
                    return Playout {
                        actions,
                        outcome: Some(outcome),
                    };
                }
                Drawn::Chance => {
                    // Chance is not an action: the dice are thrown with their real odds, other
                    // events (a face-down piece turned up) have equally likely outcomes.
                    let outcome = if self.is_roll_due(state) {
                        self.sample_roll(rng)
                    } else {
                        buffer[rng.random_range(0..buffer.len())]
                    };
                    self.apply(state, &outcome);
                    continue;
                }
                Drawn::Action(pick) => pick,
            };
            if let Some(history) = history.as_deref_mut() {
                self.remember(history, state, &pick, key);
            }
            self.apply(state, &pick);
            actions += 1;
        }
        Playout {
            actions,
            outcome: None,
        }
    }

    /// Adds `state`, about to be left by `pick`, to a playout's history (`key` is its key if
    /// already worked out), or forgets the history when no position in it can come back.
    #[inline(never)]
    fn remember(&self, history: &mut Vec<u64>, state: &State<W>, pick: &Action, key: Option<u64>) {
        match &self.irreversible {
            // No position so far can come back: none is worth keeping.
            Some(irreversible) if irreversible.resets(state, pick) => history.clear(),
            // Worked out already if a rule read `repetitions` with history to look in.
            _ => history.push(key.unwrap_or_else(|| self.position_key(state))),
        }
    }

    /// A uniformly random legal action, or `None` when the game is over.
    pub fn random_action(&self, state: &State<W>, rng: &mut GameRng) -> Option<Action> {
        self.random_action_with_history(state, &[], rng)
    }

    /// [`Game::random_action`] with the keys of the earlier positions.
    pub fn random_action_with_history(
        &self,
        state: &State<W>,
        history: &[u64],
        rng: &mut GameRng,
    ) -> Option<Action> {
        let mut buffer = Vec::new();
        self.legal_actions_with_history(state, history, &mut buffer);
        if buffer.is_empty() {
            return None;
        }
        if self.is_roll_due(state) {
            return Some(self.sample_roll(rng));
        }
        Some(buffer[rng.random_range(0..buffer.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    fn first_draws(rng: &mut GameRng) -> [u64; 4] {
        std::array::from_fn(|_| rng.next_u64())
    }

    /// Issue 12: chance that no player may predict comes from the operating system, not a constant.
    #[test]
    fn os_seeded_generators_differ() {
        let mut a = os_seeded_rng().expect("the OS gives a seed");
        let mut b = os_seeded_rng().expect("the OS gives a seed");
        // Four equal 64-bit draws by chance would take 2^256 tries.
        assert_ne!(first_draws(&mut a), first_draws(&mut b));
    }

    /// A seed gives its chance generator back every time, apart from the players' generator.
    #[test]
    fn seeded_chance_is_reproducible_and_apart_from_the_players() {
        let chance = first_draws(&mut seeded_chance_rng(7));
        assert_eq!(chance, first_draws(&mut seeded_chance_rng(7)));
        assert_ne!(chance, first_draws(&mut seeded_rng(7)));
        assert_ne!(chance, first_draws(&mut seeded_chance_rng(8)));
    }
}

//! Seeded random playouts, the measure of speed used by `tabula bench`.

use super::action::Action;
use super::movegen::Outcome;
use super::state::State;
use crate::compile::Game;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

/// The recorded RNG: portable and seedable, so a seed gives the same game everywhere.
pub type GameRng = Pcg64;

pub fn seeded_rng(seed: u64) -> GameRng {
    Pcg64::seed_from_u64(seed)
}

pub struct Playout {
    pub actions: u64,
    pub outcome: Option<Outcome>,
}

impl Game {
    /// Plays uniformly random actions until the game ends or `max_actions` are played.
    /// `buffer` is reused so that a playout allocates nothing once it has grown.
    pub fn random_playout(
        &self,
        rng: &mut GameRng,
        buffer: &mut Vec<Action>,
        max_actions: u64,
    ) -> Playout {
        let mut state = self.initial;
        let mut actions = 0;
        while actions < max_actions {
            if let Some(outcome) = self.legal_actions(&state, buffer) {
                return Playout {
                    actions,
                    outcome: Some(outcome),
                };
            }
            let pick = buffer[rng.random_range(0..buffer.len())];
            self.apply(&mut state, &pick);
            actions += 1;
        }
        Playout {
            actions,
            outcome: None,
        }
    }

    /// A uniformly random legal action, or `None` when the game is over.
    pub fn random_action(&self, state: &State, rng: &mut GameRng) -> Option<Action> {
        let mut buffer = Vec::new();
        self.legal_actions(state, &mut buffer);
        (!buffer.is_empty()).then(|| buffer[rng.random_range(0..buffer.len())])
    }
}

//! Games between players chosen by specification, played from a seed and kept as a record that
//! replays exactly: the material for `tournament` and `analyze`.

use super::spec::PlayerSpec;
use crate::compile::Game;
use crate::engine::movegen::Outcome;
use crate::engine::playout::{seeded_chance_rng, seeded_rng};
use crate::model::state::State;

/// One game as played: enough to replay it (`tabula show GAME --after TOKENS`) and to measure it.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub seed: u64,
    /// Each seat's player specification, in seating order.
    pub players: Vec<String>,
    /// Every action, chance outcomes (`roll:6-4`, `reveal:3`) included.
    pub tokens: Vec<String>,
    /// `None` when the game was cut by the length limit.
    pub outcome: Option<Outcome>,
    /// The players' decisions, and the legal actions they chose among in all.
    pub decisions: u64,
    pub choices: u64,
    /// How often the leader changed: the player who stands best by the game's `estimate` rules,
    /// or where it has none, the player with the most material, when one has more than every
    /// other. Material is a player's pieces in play (on the board, in hand, on the bar, borne off),
    /// borne-off pieces counted twice so that a race shows its progress.
    pub lead_changes: u32,
}

impl GameRecord {
    pub fn cut(&self) -> bool {
        self.outcome.is_none()
    }

    /// The players' actions (chance outcomes are not counted).
    pub fn length(&self) -> u64 {
        self.decisions
    }
}

impl<const W: usize> Game<W> {
    /// Plays one game from the initial position: `seats[p]` chooses for player `p` (a `human`
    /// seat is played as `random`), chance is drawn from the seed's chance generator, and the game
    /// is cut after `max_actions` actions. `games_at_once` games are being played at the same
    /// time (see [`PlayerSpec::sharing_cores`]).
    pub fn self_play(
        &self,
        given: &[PlayerSpec],
        seed: u64,
        max_actions: u64,
        games_at_once: usize,
    ) -> GameRecord {
        let seats: Vec<PlayerSpec> = given
            .iter()
            .map(|s| s.sharing_cores(games_at_once))
            .collect();
        let mut players_rng = seeded_rng(seed);
        let mut chance_rng = seeded_chance_rng(seed);
        let mut state = self.initial;
        let mut history = Vec::new();
        let mut legal = Vec::new();
        let mut record = GameRecord {
            seed,
            // As given: how the cores were shared changes no move of an iteration budget.
            players: given.iter().map(|s| s.to_string()).collect(),
            tokens: Vec::new(),
            outcome: None,
            decisions: 0,
            choices: 0,
            lead_changes: 0,
        };
        let mut leader = self.leader(&state);
        for _ in 0..max_actions {
            if let Some(outcome) = self.legal_actions_with_history(&state, &history, &mut legal) {
                record.outcome = Some(outcome);
                return record;
            }
            let action = if self.is_roll_due(&state) {
                self.sample_roll(&mut chance_rng)
            } else if self.is_chance(&state) {
                legal[rand::RngExt::random_range(&mut chance_rng, 0..legal.len())]
            } else {
                record.decisions += 1;
                record.choices += legal.len() as u64;
                let seat = seats.get(state.to_move as usize).copied();
                match seat.unwrap_or(PlayerSpec::Random) {
                    PlayerSpec::Mcts(mut config) => {
                        // A seed of its own for every decision, fixed by the game's seed.
                        config.seed ^= seed
                            .wrapping_mul(0x2545_F491_4F6C_DD1D)
                            .wrapping_add(record.decisions);
                        match self.mcts(&state, &history, &config) {
                            Some(found) => found.action,
                            None => legal[0],
                        }
                    }
                    PlayerSpec::Random | PlayerSpec::Human => {
                        legal[rand::RngExt::random_range(&mut players_rng, 0..legal.len())]
                    }
                }
            };
            record.tokens.push(self.action_token(&action));
            if !self.is_chance(&state) {
                self.note_position(&mut history, &state);
            }
            self.apply(&mut state, &action);
            let now = self.leader(&state);
            if let (Some(before), Some(after)) = (leader, now)
                && before != after
            {
                record.lead_changes += 1;
            }
            leader = now.or(leader);
        }
        if let Some(outcome) = self.legal_actions_with_history(&state, &history, &mut legal) {
            record.outcome = Some(outcome);
        }
        record
    }

    /// The player who stands best by the game's `estimate`, else by material (see
    /// [`GameRecord::lead_changes`]), if one stands better than every other.
    fn leader(&self, state: &State<W>) -> Option<u8> {
        let players = self.players.len() as u8;
        let estimated = self.estimated_standing(state);
        let material = |p: u8| match estimated {
            Some(standing) => standing[p as usize & 3],
            None => i64::from(state.pieces_in_play(p)) + i64::from(state.off[p as usize & 3]),
        };
        let best = (0..players).max_by_key(|&p| material(p))?;
        let unique = (0..players).all(|p| p == best || material(p) < material(best));
        unique.then_some(best)
    }
}

/// One game to play: its seats and seed.
#[derive(Clone, Debug)]
pub struct Job {
    pub seats: Vec<PlayerSpec>,
    pub seed: u64,
}

impl<const W: usize> Game<W> {
    /// Plays the jobs on `threads` threads; the records come back in the jobs' order, each the
    /// same whatever the number of threads. `done` is called with each game's index and record as
    /// it ends (for a progress bar, or to keep the record at once).
    pub fn play_many(
        &self,
        jobs: &[Job],
        threads: usize,
        max_actions: u64,
        done: &(dyn Fn(usize, &GameRecord) + Sync),
    ) -> Vec<GameRecord> {
        use std::sync::Mutex;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let next = AtomicUsize::new(0);
        let games = threads.clamp(1, jobs.len().max(1));
        let records: Mutex<Vec<Option<GameRecord>>> = Mutex::new(vec![None; jobs.len()]);
        std::thread::scope(|scope| {
            for _ in 0..games {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else { break };
                        let record = self.self_play(&job.seats, job.seed, max_actions, games);
                        done(i, &record);
                        if let Ok(mut records) = records.lock() {
                            records[i] = Some(record);
                        }
                    }
                });
            }
        });
        let records = records.into_inner().unwrap_or_default();
        records.into_iter().flatten().collect()
    }
}

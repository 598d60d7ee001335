//! What `analyze` measures of a game's self-play records: wins per seat with their 95%
//! intervals, draws, games cut, game length, branching factor and lead changes. The command line
//! and the Python package (which may gather the records from many machines) report the same.

use super::selfplay::GameRecord;
use super::stats::wilson;
use crate::compile::Game;
use crate::engine::movegen::Outcome;
use serde_json::{Value, json};

/// What `analyze` measures of one game.
pub struct Measures {
    pub name: String,
    pub players: Vec<String>,
    pub games: usize,
    /// Wins per seat, draws, cut games.
    pub wins: Vec<u64>,
    pub draws: u64,
    pub cut: u64,
    pub lengths: Vec<u64>,
    pub branching: f64,
    pub lead_changes: f64,
}

/// The measures of `records`, games of `game`.
pub fn measure<const W: usize>(game: &Game<W>, records: &[GameRecord]) -> Measures {
    let mut wins = vec![0; game.players.len()];
    let (mut draws, mut cut) = (0, 0);
    for r in records {
        match r.outcome {
            Some(Outcome::Win(p, _)) => wins[p as usize] += 1,
            Some(Outcome::Draw) => draws += 1,
            None => cut += 1,
        }
    }
    let mut lengths: Vec<u64> = records.iter().map(GameRecord::length).collect();
    lengths.sort_unstable();
    let (decisions, choices) = records
        .iter()
        .fold((0, 0), |(d, c), r| (d + r.decisions, c + r.choices));
    Measures {
        name: game.name.clone(),
        players: game.players.clone(),
        games: records.len(),
        wins,
        draws,
        cut,
        lengths,
        branching: choices as f64 / decisions.max(1) as f64,
        lead_changes: records
            .iter()
            .map(|r| f64::from(r.lead_changes))
            .sum::<f64>()
            / records.len().max(1) as f64,
    }
}

impl Measures {
    pub fn mean(&self) -> f64 {
        self.lengths.iter().sum::<u64>() as f64 / self.lengths.len().max(1) as f64
    }
    pub fn median(&self) -> f64 {
        let n = self.lengths.len();
        match n {
            0 => 0.0,
            _ if n % 2 == 1 => self.lengths[n / 2] as f64,
            _ => (self.lengths[n / 2 - 1] + self.lengths[n / 2]) as f64 / 2.0,
        }
    }
    pub fn spread(&self) -> f64 {
        let mean = self.mean();
        let n = self.lengths.len().max(2) as f64;
        (self
            .lengths
            .iter()
            .map(|&l| (l as f64 - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0))
            .sqrt()
    }

    /// The measures as `analyze --format json` writes each game: seats with wins, win percent and
    /// the 95% interval, draws, cut, length mean, median and spread, branching, lead changes.
    pub fn to_json(&self) -> Value {
        let games = self.games.max(1) as f64;
        let seats: Vec<Value> = (self.players.iter().zip(&self.wins))
            .map(|(p, &w)| {
                let (lo, hi) = wilson(w as f64, self.games as f64);
                json!({
                    "player": p, "wins": w, "win_percent": 100.0 * w as f64 / games,
                    "ci95": [100.0 * lo, 100.0 * hi],
                })
            })
            .collect();
        json!({
            "game": self.name, "games": self.games, "seats": seats, "draws": self.draws,
            "cut": self.cut, "length_mean": self.mean(), "length_median": self.median(),
            "length_sd": self.spread(), "branching": self.branching,
            "lead_changes": self.lead_changes,
        })
    }
}

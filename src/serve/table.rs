//! A game being played on the server: the position, who sits where, and what each seat may
//! see. The generic [`TableOf`] is kept behind the [`Table`] trait so that the server holds
//! games of every board size alike.

use crate::ai::{MctsConfig, PlayerSpec};
use crate::compile::Game;
use crate::engine::playout::GameRng;
use crate::engine::state::State;
use crate::record::Record;
use serde_json::{Value, json};
use std::sync::Arc;

/// What a game needs next.
pub enum Next {
    /// A person's move: the seat's number.
    Person(usize),
    /// The game is over.
    Over,
    /// Chance or the random player moved: play on.
    Played,
    /// A search must think: run this away from the table, then give its token to
    /// [`Table::play_machine`] with the number of actions played when it began.
    Think(usize, Think<String>),
}

/// A game on the server, whatever its board's size.
pub trait Table: Send {
    /// Actions played so far (chance included).
    fn actions(&self) -> usize;
    /// What `seat` sees (a spectator with `None`): the position from its view, the moves played,
    /// its legal moves when it is to move, the result.
    fn view(&self, seat: Option<usize>) -> Value;
    /// What a spectator saw after the first `at` actions (`None` past the last).
    fn view_at(&self, at: usize) -> Option<Value>;
    /// A person's move from `seat`; the reason when it is not legal or not the seat's turn.
    fn play(&mut self, seat: usize, typed: &str) -> Result<(), String>;
    /// Takes the next step that is not a person's.
    fn next(&mut self) -> Next;
    /// A search's move, thought from the position after `at` actions; ignored if the game has
    /// moved on since.
    fn play_machine(&mut self, at: usize, token: &str) -> bool;
    /// The record of the game so far.
    fn record(&self) -> &Record;
    /// The board as a picture ([`Game::geometry`]).
    fn geometry(&self) -> Value;
    /// A search for `seat`'s move, to run away from the table: the action it would choose and
    /// its prospects. Only on the seat's turn, and from what the seat may see.
    fn hint(&self, seat: usize, config: MctsConfig) -> Result<Think<Value>, String>;
}

/// Work to run away from the table (a search), giving its result.
pub type Think<T> = Box<dyn FnOnce() -> Option<T> + Send>;

pub struct TableOf<const W: usize> {
    game: Arc<Game<W>>,
    state: State<W>,
    history: Vec<u64>,
    seats: Vec<PlayerSpec>,
    /// Chance and the random players: seeded by the operating system, so that no one can know
    /// a die or a reveal before it happens.
    rng: GameRng,
    record: Record,
    /// The cells the last move (not chance) left and reached, to mark.
    last_cells: Vec<u16>,
}

impl<const W: usize> TableOf<W> {
    /// A table for `game` with `seats` (by player number) and a record to keep (its tokens are
    /// played first: a game the server resumes).
    pub fn new(
        game: Game<W>,
        seats: Vec<PlayerSpec>,
        rng: GameRng,
        record: Record,
    ) -> Result<Self, String> {
        let mut table = TableOf {
            state: game.initial,
            game: Arc::new(game),
            history: Vec::new(),
            seats,
            rng,
            last_cells: Vec::new(),
            record: Record {
                tokens: Vec::new(),
                token_spans: Vec::new(),
                ..record.clone()
            },
        };
        for token in &record.tokens {
            let action = table
                .game
                .parse_action_with_history(&table.state, &table.history, token)
                .map_err(|e| format!("the record's action `{token}` is not legal: {e}"))?;
            table.apply(action);
        }
        Ok(table)
    }

    fn apply(&mut self, action: crate::Action) {
        self.record.tokens.push(self.game.action_token(&action));
        let cells = self.game.action_cells(&action);
        if !cells.is_empty() {
            self.last_cells = cells;
        }
        self.game.note_position(&mut self.history, &self.state);
        self.game.apply(&mut self.state, &action);
        let outcome =
            self.game
                .legal_actions_with_history(&self.state, &self.history, &mut Vec::new());
        self.record.result = outcome.map(|o| self.game.describe_outcome(o));
    }

    /// What `seat` (a spectator with `None`) is shown of `seen`, a position everyone may see
    /// reached by the first `at` actions: its pieces, what is beside the board, the moves, the
    /// last move's cells, the seat's legal moves if it is to move, the result.
    fn describe(
        &self,
        seen: &State<W>,
        history: &[u64],
        at: usize,
        last: &[u16],
        seat: Option<usize>,
    ) -> Value {
        let game = &self.game;
        let cells: Vec<Value> = (0..game.board.cells as u16)
            .filter_map(|cell| {
                let (owner, kind) = seen.piece(cell)?;
                let piece = &game.pieces[kind as usize];
                Some(json!({
                    "cell": cell,
                    "owner": owner,
                    "kind": piece.name,
                    "symbol": piece.symbol(owner).to_string(),
                    "height": seen.height(cell),
                    "face_down": !piece.hides.is_empty(),
                    "pinned": seen.pinned(cell).map(|(p, k)| json!({
                        "owner": p,
                        "symbol": game.pieces[k as usize].symbol(p).to_string(),
                    })),
                }))
            })
            .collect();
        let mut actions = Vec::new();
        let outcome = game.legal_actions_with_history(seen, history, &mut actions);
        let chance = outcome.is_none() && game.is_chance(seen);
        let mover = seen.to_move as usize;
        let yours = outcome.is_none() && !chance && seat == Some(mover);
        let legal: Vec<Value> = match yours {
            true => actions
                .iter()
                .map(|a| json!({ "token": game.action_token(a), "cells": game.action_cells(a) }))
                .collect(),
            false => Vec::new(),
        };
        json!({
            "game": game.name,
            "players": game.players,
            "seats": self.seats.iter().map(|s| match s {
                PlayerSpec::Human => "person".to_string(),
                other => other.to_string(),
            }).collect::<Vec<_>>(),
            "you": seat,
            "to_move": (outcome.is_none() && !chance).then_some(mover),
            "ply": seen.ply,
            "cells": cells,
            "beside": game.beside_board(seen),
            // Men on the bar and borne off, each player's, in a dice game.
            "bar": game.dice.map(|_| seen.bar[..game.players.len()].to_vec()),
            "off": game.dice.map(|_| seen.off[..game.players.len()].to_vec()),
            "moves": self.record.tokens[..at],
            "at": at,
            "last": last,
            "legal": legal,
            "result": outcome.map(|o| game.describe_outcome(o)),
        })
    }

    /// The position as everyone may see it: nothing hidden in it.
    fn seen(&self) -> State<W> {
        self.game.player_view(&self.state, self.state.to_move)
    }
}

impl<const W: usize> Table for TableOf<W> {
    fn actions(&self) -> usize {
        self.record.tokens.len()
    }

    fn view(&self, seat: Option<usize>) -> Value {
        let seen = self.seen();
        self.describe(&seen, &self.history, self.actions(), &self.last_cells, seat)
    }

    fn view_at(&self, at: usize) -> Option<Value> {
        if at > self.actions() {
            return None;
        }
        let game = &self.game;
        let mut state = game.initial;
        let mut history = Vec::new();
        let mut last = Vec::new();
        for token in &self.record.tokens[..at] {
            let action = game
                .parse_action_with_history(&state, &history, token)
                .ok()?;
            let cells = game.action_cells(&action);
            if !cells.is_empty() {
                last = cells;
            }
            game.note_position(&mut history, &state);
            game.apply(&mut state, &action);
        }
        let seen = game.player_view(&state, state.to_move);
        Some(self.describe(&seen, &history, at, &last, None))
    }

    fn play(&mut self, seat: usize, typed: &str) -> Result<(), String> {
        let seen = self.seen();
        if self.record.result.is_some() {
            return Err("the game is over".into());
        }
        if self.game.is_chance(&seen) || seen.to_move as usize != seat {
            return Err(format!(
                "it is not {}'s turn",
                self.game
                    .players
                    .get(seat)
                    .map_or("this seat", |p| p.as_str())
            ));
        }
        if self.seats.get(seat) != Some(&PlayerSpec::Human) {
            return Err("a machine plays this seat".into());
        }
        let action = self.game.read_typed_action(&seen, &self.history, typed)?;
        // The move is made on the position itself, as the token reads there.
        let token = self.game.action_token(&action);
        let action = self
            .game
            .parse_action_with_history(&self.state, &self.history, &token)?;
        self.apply(action);
        Ok(())
    }

    fn next(&mut self) -> Next {
        let mut actions = Vec::new();
        if self
            .game
            .legal_actions_with_history(&self.state, &self.history, &mut actions)
            .is_some()
        {
            return Next::Over;
        }
        if self.game.is_chance(&self.state) {
            let action = if self.game.is_roll_due(&self.state) {
                Some(self.game.sample_roll(&mut self.rng))
            } else {
                self.game
                    .random_action_with_history(&self.state, &self.history, &mut self.rng)
            };
            return match action {
                Some(a) => {
                    self.apply(a);
                    Next::Played
                }
                None => Next::Over,
            };
        }
        let mover = self.state.to_move as usize;
        match self.seats.get(mover).copied().unwrap_or(PlayerSpec::Random) {
            PlayerSpec::Human => Next::Person(mover),
            PlayerSpec::Random => {
                match self.game.random_action_with_history(
                    &self.state,
                    &self.history,
                    &mut self.rng,
                ) {
                    Some(a) => {
                        self.apply(a);
                        Next::Played
                    }
                    None => Next::Over,
                }
            }
            PlayerSpec::Mcts(config) => {
                let (game, state, history) = (self.game.clone(), self.state, self.history.clone());
                Next::Think(
                    self.actions(),
                    Box::new(move || {
                        game.mcts(&state, &history, &config)
                            .map(|found| game.action_token(&found.action))
                    }),
                )
            }
        }
    }

    fn play_machine(&mut self, at: usize, token: &str) -> bool {
        if at != self.actions() {
            return false;
        }
        match self
            .game
            .parse_action_with_history(&self.state, &self.history, token)
        {
            Ok(action) => {
                self.apply(action);
                true
            }
            Err(_) => false,
        }
    }

    fn record(&self) -> &Record {
        &self.record
    }

    fn geometry(&self) -> Value {
        serde_json::to_value(self.game.geometry()).unwrap_or(Value::Null)
    }

    fn hint(&self, seat: usize, config: MctsConfig) -> Result<Think<Value>, String> {
        let over = self
            .game
            .legal_actions_with_history(&self.state, &self.history, &mut Vec::new())
            .is_some();
        if over || self.game.is_chance(&self.state) || self.state.to_move as usize != seat {
            return Err("a hint is for the player to move, on their turn".into());
        }
        let (game, state, history) = (self.game.clone(), self.state, self.history.clone());
        // The search starts from the mover's view (`Game::mcts`): a hint tells the seat nothing
        // it could not see.
        Ok(Box::new(move || {
            game.mcts(&state, &history, &config).map(|found| {
                json!({
                    "action": game.action_token(&found.action),
                    "win_rate": found.win_rate,
                    "prospects": found.prospects(),
                })
            })
        }))
    }
}

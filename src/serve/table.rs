//! A game being played on the server: the position, who sits where, and what each seat may
//! see. The generic [`TableOf`] is kept behind the [`Table`] trait so that the server holds
//! games of every board size alike.
//!
//! An action is first prepared ([`Table::prepare`]: checked, and how the game stands after it
//! worked out), then stored by the server, and only then committed here: the position never
//! holds an action the store does not.

use super::store::Status;
use crate::ai::{Limit, MctsConfig, PlayerSpec};
use crate::compile::{AnyGame, Game};
use crate::engine::playout::{GameRng, seeded_rng};
use crate::model::state::State;
use crate::record::Record;
use rand::Rng;
use serde_json::{Value, json};
use std::sync::Arc;

/// How many of the last moves a view carries; earlier ones are read a page at a time.
pub const MOVES_SHOWN: usize = 200;
/// The most moves one page of the move list holds.
pub const MOVES_PAGE: usize = 1000;
/// A position is kept every this many actions, so that looking back replays at most this many.
const CHECKPOINT_EVERY: usize = 256;

/// Work to run away from the table (a search, a random move, a die), stopped early when its
/// limit says so; `None` when it has nothing to give.
pub type Think<T> = Box<dyn FnOnce(&Limit) -> Option<T> + Send>;

/// Work copied out of the table, to finish once its lock is let go.
pub type Later<T> = Box<dyn FnOnce() -> Option<T> + Send>;

/// What a game needs next.
pub enum Next {
    /// A person's move: the seat's number.
    Person(usize),
    /// Nothing: the game is over or closed.
    Over,
    /// A machine's action (chance, a random player or a search), thought away from the table
    /// on `weight` threads; its token is then prepared at `at`.
    Work {
        at: usize,
        weight: usize,
        work: Think<String>,
    },
}

/// An action checked against the position after `at` actions, ready to store.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub at: usize,
    pub token: String,
    /// The action the token reads as there: committed without reading it again.
    pub action: crate::Action,
    /// How the game stands after it.
    pub status: Status,
    pub result: Option<String>,
}

/// A game compiled once and shared by every table that plays it.
#[derive(Clone)]
pub enum SharedGame {
    One(Arc<Game<1>>),
    Two(Arc<Game<2>>),
    Four(Arc<Game<4>>),
    Eight(Arc<Game<8>>),
}

impl From<AnyGame> for SharedGame {
    fn from(game: AnyGame) -> Self {
        match game {
            AnyGame::One(g) => SharedGame::One(Arc::new(g)),
            AnyGame::Two(g) => SharedGame::Two(Arc::new(g)),
            AnyGame::Four(g) => SharedGame::Four(Arc::new(g)),
            AnyGame::Eight(g) => SharedGame::Eight(Arc::new(g)),
        }
    }
}

/// Runs `$body` with `$game` bound to the `Arc<Game<W>>` inside a [`SharedGame`].
macro_rules! with_shared {
    ($shared:expr, $game:ident => $body:expr) => {
        match $shared {
            SharedGame::One($game) => $body,
            SharedGame::Two($game) => $body,
            SharedGame::Four($game) => $body,
            SharedGame::Eight($game) => $body,
        }
    };
}

impl SharedGame {
    pub fn players(&self) -> Vec<String> {
        with_shared!(self, g => g.players.clone())
    }

    /// A table for this game with `seats` (by player number) and a record to keep (its tokens
    /// are played first: a game the server resumes).
    pub fn table(
        &self,
        seats: Vec<PlayerSpec>,
        record: Record,
        status: Status,
        max_actions: usize,
    ) -> Result<Box<dyn Table>, String> {
        let rng = crate::engine::playout::os_seeded_rng()
            .map_err(|e| format!("no randomness from the operating system: {e}"))?;
        Ok(with_shared!(self, g => Box::new(TableOf::new(
            g.clone(), seats, rng, record, status, max_actions,
        )?)))
    }
}

/// A game on the server, whatever its board's size.
pub trait Table: Send {
    /// Actions played so far (chance included).
    fn actions(&self) -> usize;
    fn status(&self) -> Status;
    /// What `seat` sees (a spectator with `None`): the position from its view, the last moves
    /// played, its legal moves when it is to move, the result.
    fn view(&self, seat: Option<usize>) -> Value;
    /// What a spectator saw after the first `at` actions (`None` past the last), made away from
    /// the table: at most a checkpoint's worth of actions is copied, and replayed by the caller.
    fn view_at(&self, at: usize) -> Option<Later<Value>>;
    /// Up to `count` moves from index `from`.
    fn moves(&self, from: usize, count: usize) -> Vec<String>;
    /// A person's move from `seat`: the reason when it is not legal or not the seat's turn.
    fn prepare_person(&mut self, seat: usize, typed: &str) -> Result<Step, String>;
    /// Any other action (a machine's, or one another server stored) at `at`.
    fn prepare(&mut self, at: usize, token: &str) -> Result<Step, String>;
    /// Plays a prepared action, once it is stored (on the position it was prepared on).
    fn commit(&mut self, step: &Step);
    /// Ends a live game without a result (abandoned, or stopped by another server).
    fn close(&mut self, status: Status);
    /// What is needed next; a search's threads capped at `max_threads`.
    fn next(&mut self, max_threads: usize) -> Next;
    /// Whether chance or a machine is to act next in a live game.
    fn next_is_machine(&self) -> bool;
    /// The record of the game so far.
    fn record(&self) -> Record;
    /// The board as a picture ([`Game::geometry`]).
    fn geometry(&self) -> Value;
    /// A search for `seat`'s move, to run away from the table: the action it would choose and
    /// its prospects. Only on the seat's turn, and from what the seat may see.
    fn hint(&self, seat: usize, config: MctsConfig) -> Result<Think<Value>, String>;
}

pub struct TableOf<const W: usize> {
    game: Arc<Game<W>>,
    state: State<W>,
    history: Vec<u64>,
    seats: Vec<PlayerSpec>,
    /// Chance and the random players: seeded by the operating system, so that no one can know
    /// a die or a reveal before it happens.
    rng: GameRng,
    record: Record,
    status: Status,
    /// The most actions a game may have on this server.
    max_actions: usize,
    /// The cells the last move (not chance) left and reached, to mark.
    last_cells: Vec<u16>,
    /// The position after every `CHECKPOINT_EVERY` actions, with the last move's cells then.
    checkpoints: Vec<(State<W>, Vec<u16>)>,
}

impl<const W: usize> TableOf<W> {
    pub fn new(
        game: Arc<Game<W>>,
        seats: Vec<PlayerSpec>,
        rng: GameRng,
        record: Record,
        status: Status,
        max_actions: usize,
    ) -> Result<Self, String> {
        let mut table = TableOf {
            state: game.initial,
            checkpoints: vec![(game.initial, Vec::new())],
            game,
            history: Vec::new(),
            seats,
            rng,
            last_cells: Vec::new(),
            record: Record {
                tokens: Vec::new(),
                token_spans: Vec::new(),
                ..record.clone()
            },
            status: Status::Live,
            // What was stored is played back whatever today's limit.
            max_actions: usize::MAX,
        };
        for (at, token) in record.tokens.iter().enumerate() {
            let step = table
                .prepare(at, token)
                .map_err(|e| format!("the stored action {at} `{token}` is not legal: {e}"))?;
            table.commit(&step);
        }
        table.max_actions = max_actions;
        if status != Status::Live {
            table.close(status);
        }
        Ok(table)
    }

    /// The position as everyone may see it: nothing hidden in it.
    fn seen(&self) -> State<W> {
        self.game.player_view(&self.state, self.state.to_move)
    }

    /// How the game stands after `action`, played from the position now.
    fn after(&mut self, at: usize, action: &crate::Action) -> (Status, Option<String>) {
        let mut state = self.state;
        let before = self.history.len();
        self.game.note_position(&mut self.history, &self.state);
        self.game.apply(&mut state, action);
        let outcome = self
            .game
            .legal_actions_with_history(&state, &self.history, &mut Vec::new());
        self.history.truncate(before);
        match outcome {
            Some(o) => (Status::Finished, Some(self.game.describe_outcome(o))),
            None if at + 1 >= self.max_actions => (Status::Cut, None),
            None => (Status::Live, None),
        }
    }

    fn step(&mut self, at: usize, action: crate::Action) -> Step {
        let token = self.game.action_token(&action);
        let (status, result) = self.after(at, &action);
        Step {
            at,
            token,
            action,
            status,
            result,
        }
    }

    fn seat_name(&self, seat: usize) -> &str {
        self.game
            .players
            .get(seat)
            .map_or("this seat", |p| p.as_str())
    }

    fn view_parts(&self) -> ViewParts<W> {
        ViewParts {
            game: self.game.clone(),
            seats: self
                .seats
                .iter()
                .map(|s| match s {
                    PlayerSpec::Human => "person".to_string(),
                    other => other.to_string(),
                })
                .collect(),
            moves: Vec::new(),
            moves_from: 0,
            closed: closed_reason(self.status),
        }
    }
}

/// Why a game stopped without a result, for its views.
fn closed_reason(status: Status) -> Option<&'static str> {
    match status {
        Status::Abandoned => Some("abandoned: no one moved for too long"),
        Status::Cut => Some("stopped at the server's limit on a game's actions"),
        Status::Live | Status::Finished => None,
    }
}

/// What a view needs besides the position, copied so that it is made away from the table.
struct ViewParts<const W: usize> {
    game: Arc<Game<W>>,
    seats: Vec<String>,
    /// The last moves before the position, from index `moves_from`.
    moves: Vec<String>,
    moves_from: usize,
    closed: Option<&'static str>,
}

impl<const W: usize> ViewParts<W> {
    /// What `seat` (a spectator with `None`) is shown of `seen`, a position everyone may see
    /// reached by the first `at` actions: its pieces, what is beside the board, the last moves,
    /// the last move's cells, the seat's legal moves if it is to move, the result.
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
        let open = outcome.is_none() && self.closed.is_none();
        let chance = open && game.is_chance(seen);
        let mover = seen.to_move as usize;
        let yours = open && !chance && seat == Some(mover);
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
            "seats": self.seats,
            "you": seat,
            "to_move": (open && !chance).then_some(mover),
            "ply": seen.ply,
            "cells": cells,
            "beside": game.beside_board(seen),
            // Men on the bar and borne off, each player's, in a dice game.
            "bar": game.dice.map(|_| seen.bar[..game.players.len()].to_vec()),
            "off": game.bears_off().then(|| seen.off[..game.players.len()].to_vec()),
            "moves": self.moves,
            "moves_from": self.moves_from,
            "at": at,
            "last": last,
            "legal": legal,
            "result": outcome.map(|o| game.describe_outcome(o)),
            "closed": self.closed,
        })
    }
}

impl<const W: usize> Table for TableOf<W> {
    fn actions(&self) -> usize {
        self.record.tokens.len()
    }

    fn status(&self) -> Status {
        self.status
    }

    fn view(&self, seat: Option<usize>) -> Value {
        let seen = self.seen();
        let at = self.actions();
        let mut parts = self.view_parts();
        parts.moves_from = at.saturating_sub(MOVES_SHOWN);
        parts.moves = self.record.tokens[parts.moves_from..].to_vec();
        parts.describe(&seen, &self.history, at, &self.last_cells, seat)
    }

    fn view_at(&self, at: usize) -> Option<Later<Value>> {
        if at > self.actions() {
            return None;
        }
        if at == self.actions() {
            // The position now: its result too, which may depend on the whole history.
            let view = self.view(None);
            return Some(Box::new(move || Some(view)));
        }
        let (start, last) = self.checkpoints[at / CHECKPOINT_EVERY].clone();
        let from = at / CHECKPOINT_EVERY * CHECKPOINT_EVERY;
        let tokens = self.record.tokens[from..at].to_vec();
        let mut parts = self.view_parts();
        parts.closed = None;
        parts.moves_from = at.saturating_sub(MOVES_SHOWN);
        parts.moves = self.record.tokens[parts.moves_from..at].to_vec();
        Some(Box::new(move || {
            let game = parts.game.clone();
            let (mut state, mut last) = (start, last);
            for token in &tokens {
                let action = game.parse_action_with_history(&state, &[], token).ok()?;
                let cells = game.action_cells(&action);
                if !cells.is_empty() {
                    last = cells;
                }
                game.apply(&mut state, &action);
            }
            let seen = game.player_view(&state, state.to_move);
            // A position before the end was not the end: no history is needed to say so.
            Some(parts.describe(&seen, &[], at, &last, None))
        }))
    }

    fn moves(&self, from: usize, count: usize) -> Vec<String> {
        let tokens = &self.record.tokens;
        let from = from.min(tokens.len());
        tokens[from..(from + count.min(MOVES_PAGE)).min(tokens.len())].to_vec()
    }

    fn prepare_person(&mut self, seat: usize, typed: &str) -> Result<Step, String> {
        let seen = self.seen();
        if self.status != Status::Live {
            return Err("the game is over".into());
        }
        if self.game.is_chance(&seen) || seen.to_move as usize != seat {
            return Err(format!("it is not {}'s turn", self.seat_name(seat)));
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
        Ok(self.step(self.actions(), action))
    }

    fn prepare(&mut self, at: usize, token: &str) -> Result<Step, String> {
        if at != self.actions() {
            return Err(format!("the game has {} actions, not {at}", self.actions()));
        }
        if self.status != Status::Live {
            return Err("the game is over".into());
        }
        let action = self
            .game
            .parse_action_with_history(&self.state, &self.history, token)?;
        Ok(self.step(at, action))
    }

    fn commit(&mut self, step: &Step) {
        // Prepared for another position: never, under the game's writer lock.
        if step.at != self.actions() {
            return;
        }
        let action = step.action;
        self.record.tokens.push(step.token.clone());
        let cells = self.game.action_cells(&action);
        if !cells.is_empty() {
            self.last_cells = cells;
        }
        self.game.note_position(&mut self.history, &self.state);
        self.game.apply(&mut self.state, &action);
        self.record.result = step.result.clone();
        self.status = step.status;
        if self.actions().is_multiple_of(CHECKPOINT_EVERY) {
            self.checkpoints.push((self.state, self.last_cells.clone()));
        }
    }

    fn close(&mut self, status: Status) {
        if self.status == Status::Live {
            self.status = status;
        }
    }

    fn next(&mut self, max_threads: usize) -> Next {
        if self.status != Status::Live {
            return Next::Over;
        }
        let (game, state, at) = (self.game.clone(), self.state, self.actions());
        let chance = self.game.is_chance(&state);
        let mover = state.to_move as usize;
        let spec = match chance {
            true => PlayerSpec::Random,
            false => self.seats.get(mover).copied().unwrap_or(PlayerSpec::Random),
        };
        let history = match spec {
            PlayerSpec::Human => return Next::Person(mover),
            _ => self.history.clone(),
        };
        let work: Think<String> = match spec {
            PlayerSpec::Mcts(mut config) => {
                config.threads = config.threads_to_use().clamp(1, max_threads.max(1));
                let weight = config.threads;
                return Next::Work {
                    at,
                    weight,
                    work: Box::new(move |limit| {
                        game.mcts_limited(&state, &history, &config, limit)
                            .map(|found| game.action_token(&found.action))
                    }),
                };
            }
            _ => {
                // A generator of its own, seeded from the table's: unknowable as the table's is.
                let mut rng = seeded_rng(self.rng.next_u64());
                Box::new(move |_| {
                    let action = match chance && game.is_roll_due(&state) {
                        true => Some(game.sample_roll(&mut rng)),
                        false => game.random_action_with_history(&state, &history, &mut rng),
                    };
                    action.map(|a| game.action_token(&a))
                })
            }
        };
        Next::Work {
            at,
            weight: 1,
            work,
        }
    }

    fn next_is_machine(&self) -> bool {
        if self.status != Status::Live {
            return false;
        }
        let mover = self.state.to_move as usize;
        self.game.is_chance(&self.state) || self.seats.get(mover) != Some(&PlayerSpec::Human)
    }

    fn record(&self) -> Record {
        self.record.clone()
    }

    fn geometry(&self) -> Value {
        serde_json::to_value(self.game.geometry()).unwrap_or(Value::Null)
    }

    fn hint(&self, seat: usize, config: MctsConfig) -> Result<Think<Value>, String> {
        let over = self.status != Status::Live
            || self
                .game
                .legal_actions_with_history(&self.state, &self.history, &mut Vec::new())
                .is_some();
        if over || self.game.is_chance(&self.state) || self.state.to_move as usize != seat {
            return Err("a hint is for the player to move, on their turn".into());
        }
        let (game, state, history) = (self.game.clone(), self.state, self.history.clone());
        // The search starts from the mover's view (`Game::mcts`): a hint tells the seat nothing
        // it could not see.
        Ok(Box::new(move |limit| {
            game.mcts_limited(&state, &history, &config, limit)
                .map(|found| {
                    json!({
                        "action": game.action_token(&found.action),
                        "win_rate": found.win_rate,
                        "prospects": found.prospects(),
                    })
                })
        }))
    }
}

//! `tabula._tabula`: the engine from Python, in the shape of OpenSpiel's API. A game is loaded
//! by name or path with options; a state gives the player to move, its legal actions as stable
//! integer ids and as tokens, chance outcomes with their probabilities, the returns, clones, the
//! record's tokens, and each player's observation (nothing hidden from that player in it).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;
use tabula::ai::{GameRecord, PlayerSpec};
use tabula::compile::{AnyGame, Game};
use tabula::engine::movegen::Outcome;
use tabula::{Action, State};

/// OpenSpiel's player ids for a chance node and a terminal state.
const CHANCE_PLAYER: i64 = -1;
const TERMINAL_PLAYER: i64 = -4;

/// A game of any board size, shared by its states.
#[derive(Clone)]
enum Shared {
    One(Arc<Game<1>>),
    Two(Arc<Game<2>>),
    Four(Arc<Game<4>>),
    Eight(Arc<Game<8>>),
}

/// A position with its history and record, of any board size. One lives in each Python state
/// object, so the size of the largest board costs nothing worth a box.
#[derive(Clone)]
#[allow(clippy::large_enum_variant)]
enum Position {
    One(Play<1>),
    Two(Play<2>),
    Four(Play<4>),
    Eight(Play<8>),
}

macro_rules! each {
    ($value:expr, $p:ident => $body:expr) => {
        match $value {
            Position::One($p) => $body,
            Position::Two($p) => $body,
            Position::Four($p) => $body,
            Position::Eight($p) => $body,
        }
    };
}

macro_rules! each_game {
    ($value:expr, $g:ident => $body:expr) => {
        match $value {
            Shared::One($g) => $body,
            Shared::Two($g) => $body,
            Shared::Four($g) => $body,
            Shared::Eight($g) => $body,
        }
    };
}

#[derive(Clone)]
struct Play<const W: usize> {
    game: Arc<Game<W>>,
    state: State<W>,
    history: Vec<u64>,
    tokens: Vec<String>,
}

fn error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

impl<const W: usize> Play<W> {
    fn new(game: Arc<Game<W>>) -> Self {
        Play {
            state: game.initial,
            game,
            history: Vec::new(),
            tokens: Vec::new(),
        }
    }

    /// The legal actions, or the outcome when the game is over.
    fn legal(&self) -> (Vec<Action>, Option<Outcome>) {
        let mut actions = Vec::new();
        let outcome =
            self.game
                .legal_actions_with_history(&self.state, &self.history, &mut actions);
        if outcome.is_some() {
            actions.clear();
        }
        (actions, outcome)
    }

    fn current_player(&self) -> i64 {
        match self.legal() {
            (_, Some(_)) => TERMINAL_PLAYER,
            _ if self.game.is_chance(&self.state) => CHANCE_PLAYER,
            _ => i64::from(self.state.to_move),
        }
    }

    fn apply(&mut self, action: Action) {
        self.tokens.push(self.game.action_token(&action));
        self.game.note_position(&mut self.history, &self.state);
        self.game.apply(&mut self.state, &action);
    }

    fn apply_id(&mut self, id: u128) -> PyResult<()> {
        let (actions, _) = self.legal();
        match actions.into_iter().find(|a| a.id() == id) {
            Some(action) => {
                self.apply(action);
                Ok(())
            }
            None => Err(error(format!("action {id} is not legal here"))),
        }
    }

    fn apply_token(&mut self, token: &str) -> PyResult<()> {
        let action = self
            .game
            .parse_action_with_history(&self.state, &self.history, token)
            .map_err(error)?;
        self.apply(action);
        Ok(())
    }

    fn chance_outcomes(&self) -> Vec<(u128, f64)> {
        if self.current_player() != CHANCE_PLAYER {
            return Vec::new();
        }
        let (actions, _) = self.legal();
        if self.game.is_roll_due(&self.state) {
            let mut rolls = Vec::new();
            self.game.roll_actions(&mut rolls);
            return rolls
                .iter()
                .map(|r| {
                    let (ways, of) = self.game.roll_weight(r);
                    (r.id(), f64::from(ways) / f64::from(of))
                })
                .collect();
        }
        // Any other chance event (a reveal) takes each of its outcomes alike.
        let n = actions.len() as f64;
        actions.iter().map(|a| (a.id(), 1.0 / n)).collect()
    }

    fn returns(&self) -> Vec<f64> {
        let players = self.game.players.len();
        match self.legal().1 {
            Some(Outcome::Win(winner, score)) => {
                let score = f64::from(score);
                let others = (players.max(2) - 1) as f64;
                (0..players)
                    .map(|p| match p == winner as usize {
                        true => score,
                        false => -score / others,
                    })
                    .collect()
            }
            _ => vec![0.0; players],
        }
    }

    /// The player's observation: a plane (one value per cell) for each piece kind and owner,
    /// the height of the stack where a board has stacks, then the scalars: who is to move, the
    /// ply, the counters, the men borne off and on the bar, the dice left.
    fn observation(&self, player: u8) -> Vec<f32> {
        let game = &self.game;
        let seen = game.player_view(&self.state, player);
        let (cells, kinds, players) = (game.board.cells, game.pieces.len(), game.players.len());
        let mut out = vec![0f32; cells * kinds * players];
        for cell in 0..cells as u16 {
            if let Some((owner, kind)) = seen.piece(cell)
                && (owner as usize) < players
            {
                let plane = kind as usize * players + owner as usize;
                out[plane * cells + cell as usize] = f32::from(seen.height(cell));
            }
        }
        out.push(f32::from(seen.to_move));
        out.push(seen.ply as f32);
        out.extend(seen.counters.iter().map(|&c| c as f32));
        out.extend(seen.off[..players].iter().map(|&n| f32::from(n)));
        out.extend(seen.bar[..players].iter().map(|&n| f32::from(n)));
        let mut pips = [0f32; 4];
        for (slot, &pip) in pips.iter_mut().zip(seen.pips()) {
            *slot = f32::from(pip);
        }
        out.extend(pips);
        out
    }
}

/// A game loaded from `games/` or a file, with its options.
#[pyclass(module = "tabula._tabula", frozen)]
struct GameHandle {
    shared: Shared,
    /// The name or path it was loaded by, and its options: what a record names.
    id: String,
    options: Vec<(String, String)>,
}

/// A position of a game, with its history.
#[pyclass(module = "tabula._tabula")]
#[derive(Clone)]
struct StateHandle {
    position: Position,
}

#[pymethods]
impl GameHandle {
    /// Loads a game by its name in `games/` or the path of its file, with `options` as
    /// `{name: value}`.
    #[staticmethod]
    #[pyo3(signature = (name, options = None))]
    fn load(name: &str, options: Option<Vec<(String, String)>>) -> PyResult<Self> {
        let options = options.unwrap_or_default();
        let (game, _, _) = tabula::Catalog::default()
            .load_any(name, &options)
            .map_err(error)?;
        Ok(GameHandle {
            id: name.to_string(),
            options,
            shared: match game {
                AnyGame::One(g) => Shared::One(Arc::new(g)),
                AnyGame::Two(g) => Shared::Two(Arc::new(g)),
                AnyGame::Four(g) => Shared::Four(Arc::new(g)),
                AnyGame::Eight(g) => Shared::Eight(Arc::new(g)),
            },
        })
    }

    /// The names of the games in `games/`.
    #[staticmethod]
    fn names() -> Vec<String> {
        (tabula::Catalog::default().list().into_iter())
            .map(|l| l.id)
            .collect()
    }

    #[getter]
    fn name(&self) -> String {
        each_game!(&self.shared, g => g.name.clone())
    }

    #[getter]
    fn players(&self) -> Vec<String> {
        each_game!(&self.shared, g => g.players.clone())
    }

    #[getter]
    fn num_cells(&self) -> usize {
        each_game!(&self.shared, g => g.board.cells)
    }

    /// The names of the piece kinds, in the order of the observation's planes.
    #[getter]
    fn piece_kinds(&self) -> Vec<String> {
        each_game!(&self.shared, g => g.pieces.iter().map(|p| p.name.clone()).collect())
    }

    /// Each cell's name, by number.
    #[getter]
    fn cell_names(&self) -> Vec<String> {
        each_game!(&self.shared, g => (0..g.board.cells as u16).map(|c| g.board.cell_name(c)).collect())
    }

    /// The state after `tokens` from the start (a record's tokens); a ValueError at the first
    /// that is not legal, with its place.
    fn replay(&self, tokens: Vec<String>) -> PyResult<StateHandle> {
        let mut state = self.new_initial_state();
        for (i, token) in tokens.iter().enumerate() {
            state
                .apply_token(token)
                .map_err(|e| error(format!("action {} `{token}`: {e}", i + 1)))?;
        }
        Ok(state)
    }

    /// A state's record in the format of `tabula play --save` (TOML): the game, its options,
    /// the tokens and the result.
    fn record(&self, state: &StateHandle) -> String {
        let (tokens, result) = each!(&state.position, p => (
            p.tokens.clone(),
            p.legal().1.map(|o| p.game.describe_outcome(o)),
        ));
        tabula::record::Record {
            game: self.id.clone(),
            date: tabula::record::today(),
            options: self.options.iter().cloned().collect(),
            tokens,
            result,
            ..Default::default()
        }
        .to_text()
    }

    /// The state a record (TOML, as `record` writes it) reaches, its tokens played from the
    /// start; a ValueError for a record of another game or an illegal token.
    fn state_from_record(&self, text: &str) -> PyResult<StateHandle> {
        let record = tabula::record::Record::parse(text, tabula::span::FileId(0))
            .map_err(|d| error(d.kind))?;
        if record.game != self.id {
            return Err(error(format!(
                "the record is a game of `{}`, not `{}`",
                record.game, self.id
            )));
        }
        self.replay(record.tokens)
    }

    /// The state a position file describes (the format of `tabula show` and `to_position`).
    fn state_from_position(&self, text: &str) -> PyResult<StateHandle> {
        let mut sources = tabula::span::Sources::default();
        macro_rules! read {
            ($g:expr, $variant:ident) => {{
                let state = $g
                    .read_position(&mut sources, "position.toml", text)
                    .map_err(|d| error(d.render(&sources)))?;
                let mut play = Play::new($g.clone());
                play.state = state;
                Position::$variant(play)
            }};
        }
        let position = match &self.shared {
            Shared::One(g) => read!(g, One),
            Shared::Two(g) => read!(g, Two),
            Shared::Four(g) => read!(g, Four),
            Shared::Eight(g) => read!(g, Eight),
        };
        Ok(StateHandle { position })
    }

    fn new_initial_state(&self) -> StateHandle {
        StateHandle {
            position: match &self.shared {
                Shared::One(g) => Position::One(Play::new(g.clone())),
                Shared::Two(g) => Position::Two(Play::new(g.clone())),
                Shared::Four(g) => Position::Four(Play::new(g.clone())),
                Shared::Eight(g) => Position::Eight(Play::new(g.clone())),
            },
        }
    }

    /// Random playouts from the start, in Rust with the interpreter free: `(games, actions,
    /// wins per player, draws)`.
    #[pyo3(signature = (playouts, seed = 1, max_actions = 100_000))]
    fn random_playouts(
        &self,
        py: Python<'_>,
        playouts: u64,
        seed: u64,
        max_actions: u64,
    ) -> (u64, u64, Vec<u64>, u64) {
        let shared = self.shared.clone();
        py.detach(move || {
            each_game!(&shared, g => {
                let mut rng = tabula::engine::playout::seeded_rng(seed);
                let mut buffer = Vec::new();
                let (mut actions, mut draws) = (0, 0);
                let mut wins = vec![0u64; g.players.len()];
                for _ in 0..playouts {
                    let played = g.random_playout(&mut rng, &mut buffer, max_actions);
                    actions += played.actions;
                    match played.outcome {
                        Some(Outcome::Win(p, _)) => wins[p as usize] += 1,
                        _ => draws += 1,
                    }
                }
                (playouts, actions, wins, draws)
            })
        })
    }

    /// One game between `players` (specifications: `random`, `mcts:iterations=N`, ...) from
    /// `seed`, as `tabula analyze` and `tournament` play game `seed`: its record as a dictionary.
    #[pyo3(signature = (players, seed, max_actions = 2000))]
    fn self_play(
        &self,
        py: Python<'_>,
        players: Vec<String>,
        seed: u64,
        max_actions: u64,
    ) -> PyResult<Py<PyDict>> {
        let seats = (players.iter())
            .map(|p| PlayerSpec::parse(p).map_err(error))
            .collect::<PyResult<Vec<_>>>()?;
        let count = each_game!(&self.shared, g => g.players.len());
        if seats.len() != count {
            return Err(error(format!("{count} players, not {}", seats.len())));
        }
        let shared = self.shared.clone();
        let record =
            py.detach(move || each_game!(&shared, g => g.self_play(&seats, seed, max_actions, 1)));
        record_to_python(py, &record)
    }

    /// What `tabula analyze --format json` reports of these records (games of this game), as
    /// JSON text: the same totals wherever the records were played.
    fn measure(&self, records: Vec<Bound<'_, PyDict>>) -> PyResult<String> {
        let records = (records.iter())
            .map(record_from_python)
            .collect::<PyResult<Vec<_>>>()?;
        Ok(
            each_game!(&self.shared, g => tabula::ai::analysis::measure(&**g, &records).to_json().to_string()),
        )
    }
}

/// A self-play record as a plain dictionary, so that it can travel between processes (Ray).
fn record_to_python(py: Python<'_>, r: &GameRecord) -> PyResult<Py<PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seed", r.seed)?;
    d.set_item("players", r.players.clone())?;
    d.set_item("tokens", r.tokens.clone())?;
    let outcome: Option<(String, Option<u8>, i32)> = r.outcome.map(|o| match o {
        Outcome::Win(p, score) => ("win".to_string(), Some(p), score),
        Outcome::Draw => ("draw".to_string(), None, 0),
    });
    d.set_item("outcome", outcome)?;
    d.set_item("decisions", r.decisions)?;
    d.set_item("choices", r.choices)?;
    d.set_item("lead_changes", r.lead_changes)?;
    Ok(d.unbind())
}

fn record_from_python(d: &Bound<'_, PyDict>) -> PyResult<GameRecord> {
    let get = |key: &str| {
        d.get_item(key)?
            .ok_or_else(|| error(format!("a record has no `{key}`")))
    };
    let outcome: Option<(String, Option<u8>, i32)> = get("outcome")?.extract()?;
    Ok(GameRecord {
        seed: get("seed")?.extract()?,
        players: get("players")?.extract()?,
        tokens: get("tokens")?.extract()?,
        outcome: match outcome {
            None => None,
            Some((kind, Some(p), score)) if kind == "win" => Some(Outcome::Win(p, score)),
            Some((kind, _, _)) if kind == "draw" => Some(Outcome::Draw),
            Some((kind, _, _)) => return Err(error(format!("`{kind}` is not an outcome"))),
        },
        decisions: get("decisions")?.extract()?,
        choices: get("choices")?.extract()?,
        lead_changes: get("lead_changes")?.extract()?,
    })
}

#[pymethods]
impl StateHandle {
    /// The player to move; -1 at a chance node, -4 once the game is over (OpenSpiel's ids).
    fn current_player(&self) -> i64 {
        each!(&self.position, p => p.current_player())
    }

    fn is_terminal(&self) -> bool {
        self.current_player() == TERMINAL_PLAYER
    }

    fn is_chance_node(&self) -> bool {
        self.current_player() == CHANCE_PLAYER
    }

    /// The legal actions as integer ids, the same for an action in every position.
    fn legal_actions(&self) -> Vec<u128> {
        each!(&self.position, p => p.legal().0.iter().map(Action::id).collect())
    }

    /// The legal actions as tokens, in the order of `legal_actions`.
    fn legal_tokens(&self) -> Vec<String> {
        each!(&self.position, p => p.legal().0.iter().map(|a| p.game.action_token(a)).collect())
    }

    /// An action's token here.
    fn action_to_string(&self, action: u128) -> PyResult<String> {
        each!(&self.position, p => p.legal().0.iter()
            .find(|a| a.id() == action)
            .map(|a| p.game.action_token(a))
            .ok_or_else(|| error(format!("action {action} is not legal here"))))
    }

    /// Plays an action by its id; a ValueError if it is not legal.
    fn apply_action(&mut self, action: u128) -> PyResult<()> {
        each!(&mut self.position, p => p.apply_id(action))
    }

    /// Plays an action by its token (`e2-e4`, `roll:3-1`); a ValueError with the reason if it is
    /// not legal.
    fn apply_token(&mut self, token: &str) -> PyResult<()> {
        each!(&mut self.position, p => p.apply_token(token))
    }

    /// The search's choice for the player to move, with `spec` as `tabula play` takes it
    /// (`mcts:iterations=2000`, `solver:time=1s`): `(action, token, estimated win rate)`. Runs in
    /// Rust with the interpreter free; sees only what the mover may see.
    #[pyo3(signature = (spec = "mcts:iterations=2000"))]
    fn mcts_action(&self, py: Python<'_>, spec: &str) -> PyResult<(u128, String, f64)> {
        let config = match PlayerSpec::parse(spec).map_err(error)? {
            PlayerSpec::Mcts(config) => config,
            _ => {
                return Err(error(format!(
                    "`{spec}` is not a search: give `mcts:...` or `solver:...`"
                )));
            }
        };
        let position = self.position.clone();
        py.detach(move || {
            each!(&position, p => p.game.mcts(&p.state, &p.history, &config)
                .map(|found| (found.action.id(), p.game.action_token(&found.action), found.win_rate)))
        })
        .ok_or_else(|| error("no search here: the game is over or chance is to move"))
    }

    /// At a chance node, each outcome's id and probability.
    fn chance_outcomes(&self) -> Vec<(u128, f64)> {
        each!(&self.position, p => p.chance_outcomes())
    }

    /// Each player's result: a win's score for the winner, its opposite shared by the others,
    /// 0 for a draw or an unfinished game.
    fn returns(&self) -> Vec<f64> {
        each!(&self.position, p => p.returns())
    }

    /// The tokens played from the start: the record's `tokens`.
    fn history_tokens(&self) -> Vec<String> {
        each!(&self.position, p => p.tokens.clone())
    }

    /// The position in the format of a position file.
    fn to_position(&self) -> String {
        each!(&self.position, p => p.game.write_position(&p.game.player_view(&p.state, p.state.to_move)))
    }

    /// The flat observation of `player` (see the Python `observation_tensor`).
    fn observation(&self, player: u8) -> PyResult<Vec<f32>> {
        each!(&self.position, p => {
            if player as usize >= p.game.players.len() {
                return Err(error(format!("there is no player {player}")));
            }
            Ok(p.observation(player))
        })
    }

    /// The board as text, as `tabula show` draws it.
    fn __str__(&self) -> String {
        each!(&self.position, p => p.game.diagram(&p.game.player_view(&p.state, p.state.to_move)))
    }

    fn clone(&self) -> StateHandle {
        Clone::clone(self)
    }

    fn __copy__(&self) -> StateHandle {
        Clone::clone(self)
    }
}

#[pymodule]
fn _tabula(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GameHandle>()?;
    m.add_class::<StateHandle>()?;
    Ok(())
}

//! The games a server holds in memory: made from their stored rows, found by id or by a seat's
//! key (read from the store when not in memory), and let go when finished and no longer looked
//! at.

use super::store::{GameRow, Status, StoredGame, key_hash};
use super::table::{SharedGame, Table};
use super::{ApiError, Server};
use crate::ai::PlayerSpec;
use crate::record::Record;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::broadcast;

/// A game being played: its table, who may play which seat, and who is told of a change.
pub struct Match {
    pub id: String,
    /// The game's name in the catalog.
    pub game: String,
    /// Each seat's key hash, for seats played by a person.
    pub seat_hashes: Vec<Option<String>>,
    /// No person plays: it moves only while someone watches.
    pub unattended: bool,
    table: Mutex<Box<dyn Table>>,
    pub changed: broadcast::Sender<()>,
    /// One writer at a time: an action is prepared, stored and committed under it.
    pub writing: tokio::sync::Mutex<()>,
    /// A driver is playing the machines' and chance's actions.
    pub driving: AtomicBool,
    /// Event streams open on the game.
    pub watchers: AtomicUsize,
    /// When (seconds since 1970) it was last looked at, and when it last had an action.
    pub viewed: AtomicI64,
    pub acted: AtomicI64,
}

impl Match {
    pub fn table(&self) -> MutexGuard<'_, Box<dyn Table>> {
        // A panic while a table was held leaves it as it was between actions: keep serving it.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn status(&self) -> Status {
        self.table().status()
    }

    /// Someone has an event stream open, or looked in the last seconds.
    pub fn watched(&self) -> bool {
        self.watchers.load(Ordering::Relaxed) > 0
            || super::store::now() - self.viewed.load(Ordering::Relaxed) <= WATCHED_SECONDS
    }

    pub fn touch(&self) {
        self.viewed.store(super::store::now(), Ordering::Relaxed);
    }
}

/// The most games (by name and options) kept compiled.
const MAX_COMPILED: usize = 256;
/// How long a look at a game counts as watching it.
const WATCHED_SECONDS: i64 = 10;
/// How long a finished game stays in memory after it was last looked at.
const FINISHED_KEPT_SECONDS: i64 = 600;

/// Whether `text` can be a game's id or a seat's key: the hex of [`super::handlers::secret`].
pub fn is_secret(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

impl Server {
    /// The game compiled with these options, from the cache or the catalog: compiled once
    /// however many ask at the same moment (a file edited later needs the server restarted).
    pub(super) fn compiled(
        &self,
        game: &str,
        options: &BTreeMap<String, String>,
    ) -> Result<SharedGame, String> {
        let key = (
            game.to_string(),
            options.clone().into_iter().collect::<Vec<_>>(),
        );
        let compile = || {
            let (any, _, _) = self
                .catalog
                .load_any(game, &key.1)
                .map_err(|e| e.to_string())?;
            Ok(SharedGame::from(any))
        };
        let slot = {
            let mut cache = self.compiled.lock().unwrap_or_else(|e| e.into_inner());
            if cache.len() >= MAX_COMPILED && !cache.contains_key(&key) {
                // So many options asked for: this one is compiled for its game alone.
                drop(cache);
                return compile();
            }
            cache.entry(key.clone()).or_default().clone()
        };
        let compiled = slot.get_or_init(compile).clone();
        if compiled.is_err() {
            // A mistake is not kept: asking again says it again, and costs no memory.
            (self.compiled.lock().unwrap_or_else(|e| e.into_inner())).remove(&key);
        }
        compiled
    }

    /// A game from its stored form: compiled with its options, its actions played again.
    pub(super) fn open(&self, stored: StoredGame) -> Result<Arc<Match>, String> {
        let row = stored.row;
        let shared = self
            .compiled(&row.game, &row.options)
            .map_err(|e| format!("{}: {e}", row.id))?;
        let players = shared.players();
        let mut specs = Vec::new();
        for player in &players {
            let text = row.players.get(player).map_or("human", |s| s);
            specs.push(PlayerSpec::parse(text).map_err(|e| format!("{}: {e}", row.id))?);
        }
        let mut seat_hashes = vec![None; players.len()];
        for (seat, hash) in &row.seats {
            if let Some(slot) = seat_hashes.get_mut(*seat) {
                *slot = Some(hash.clone());
            }
        }
        let unattended = !specs.contains(&PlayerSpec::Human);
        let record = Record {
            game: row.game.clone(),
            date: row.date.clone(),
            options: row.options.clone(),
            players: row.players.clone(),
            tokens: stored.tokens,
            result: row.result.clone(),
            ..Default::default()
        };
        let table = shared
            .table(specs, record, row.status, self.settings.max_actions)
            .map_err(|e| format!("{}: {e}", row.id))?;
        let (changed, _) = broadcast::channel(16);
        Ok(Arc::new(Match {
            id: row.id,
            game: row.game,
            seat_hashes,
            unattended,
            table: Mutex::new(table),
            changed,
            writing: tokio::sync::Mutex::new(()),
            driving: AtomicBool::new(false),
            watchers: AtomicUsize::new(0),
            viewed: AtomicI64::new(0),
            acted: AtomicI64::new(row.updated),
        }))
    }

    /// Holds `m` in memory, or the same game already there (two requests read it at once).
    pub(super) fn add(&self, m: Arc<Match>) -> Arc<Match> {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(there) = games.get(&m.id) {
            return there.clone();
        }
        games.insert(m.id.clone(), m.clone());
        drop(games);
        let mut seats = self.seats.lock().unwrap_or_else(|e| e.into_inner());
        for (seat, hash) in m.seat_hashes.iter().enumerate() {
            if let Some(hash) = hash {
                seats.insert(hash.clone(), (m.clone(), seat));
            }
        }
        m
    }

    /// Lets go of a game held in memory (it stays in the store).
    pub(super) fn forget(&self, m: &Match) {
        (self.games.lock().unwrap_or_else(|e| e.into_inner())).remove(&m.id);
        let mut seats = self.seats.lock().unwrap_or_else(|e| e.into_inner());
        for hash in m.seat_hashes.iter().flatten() {
            seats.remove(hash);
        }
    }

    pub(super) fn held(&self) -> Vec<Arc<Match>> {
        (self.games.lock().unwrap_or_else(|e| e.into_inner()))
            .values()
            .cloned()
            .collect()
    }

    /// The live games held: what `max_games` counts.
    pub(super) fn live_games(&self) -> usize {
        self.held()
            .iter()
            .filter(|m| m.status() == Status::Live)
            .count()
    }

    /// The game `id`, from memory or the store.
    pub(super) async fn find(&self, id: &str) -> Result<Arc<Match>, ApiError> {
        let held = (self.games.lock().unwrap_or_else(|e| e.into_inner()))
            .get(id)
            .cloned();
        if let Some(m) = held {
            return Ok(m);
        }
        let missing = || ApiError::not_found(format!("no game `{id}`"));
        if !is_secret(id) {
            return Err(missing());
        }
        let stored = self.store.load(id).await?.ok_or_else(missing)?;
        let server_error = |e: String| ApiError(axum::http::StatusCode::INTERNAL_SERVER_ERROR, e);
        let m = tokio::task::block_in_place(|| self.open(stored)).map_err(server_error)?;
        let m = self.add(m);
        if self.store.is_shared() {
            // What another server stored after the read, and announced before the game was
            // held here, would be missed otherwise.
            self.catch_up(&m).await?;
        }
        Ok(m)
    }

    /// The game and seat number of a seat's key.
    pub(super) async fn seat(&self, key: &str) -> Result<(Arc<Match>, usize), ApiError> {
        let missing = || ApiError::not_found("no seat has this key");
        if !is_secret(key) {
            return Err(missing());
        }
        let hash = key_hash(key);
        let held = (self.seats.lock().unwrap_or_else(|e| e.into_inner()))
            .get(&hash)
            .cloned();
        if let Some(found) = held {
            return Ok(found);
        }
        let (id, seat) = self.store.seat(&hash).await?.ok_or_else(missing)?;
        Ok((self.find(&id).await?, seat))
    }

    /// Loads every live game of the store, before serving (a store no other server shares).
    pub(super) fn load_live(&self) -> Result<(), String> {
        let ids = self.store.live_blocking().map_err(|e| e.to_string())?;
        for id in ids {
            match self.store.load_blocking(&id) {
                Ok(Some(stored)) => match self.open(stored) {
                    Ok(m) => {
                        self.add(m);
                    }
                    Err(e) => eprintln!("tabula serve: game {e}"),
                },
                Ok(None) => {}
                Err(e) => return Err(e.to_string()),
            }
        }
        Ok(())
    }

    /// Lets go of the finished games no one looked at lately.
    pub(super) fn forget_finished(&self) {
        let now = super::store::now();
        for m in self.held() {
            let looked = m
                .viewed
                .load(Ordering::Relaxed)
                .max(m.acted.load(Ordering::Relaxed));
            if m.status() != Status::Live
                && m.watchers.load(Ordering::Relaxed) == 0
                && now - looked > FINISHED_KEPT_SECONDS
            {
                self.forget(&m);
            }
        }
    }
}

/// A new game's row: `players` by name, the people's seats given keys (returned in seat
/// order, `None` for a machine's seat) of which only the hashes are kept.
pub fn new_row(
    id: String,
    game: &str,
    options: BTreeMap<String, String>,
    players: BTreeMap<String, String>,
    keys: &[Option<String>],
) -> GameRow {
    let now = super::store::now();
    GameRow {
        id,
        game: game.to_string(),
        options,
        players,
        date: crate::record::today(),
        created: now,
        updated: now,
        status: Status::Live,
        result: None,
        seats: keys
            .iter()
            .enumerate()
            .filter_map(|(seat, key)| key.as_deref().map(|k| (seat, key_hash(k))))
            .collect(),
    }
}

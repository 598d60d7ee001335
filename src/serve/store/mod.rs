//! Where the server keeps its games: a table of games (game, options, players, when made, how
//! it ended) and an append-only table of their actions, one row per action, chance outcomes
//! included. SQLite in the data folder by default; PostgreSQL (`postgres://...`) when several
//! servers share the games.
//!
//! - One thread owns the database connection and takes requests from a queue. What has queued
//!   while it worked runs as one transaction, each request in a savepoint of its own, so a commit
//!   (and its sync to disk) serves many requests at once and one request's failure undoes only
//!   its own writes.
//! - An action is stored at the index its game expects: a row already there (another server
//!   played first) or a game no longer live is a [`StoreError::Conflict`], never an overwrite.
//! - A reply comes after the commit: what the caller acknowledges is on disk.

mod import;
mod postgres;
mod sql;
mod sqlite;

pub use import::import_json_folder;
pub use postgres::EVERYTHING;

use std::collections::BTreeMap;
use std::sync::{Mutex, mpsc};
use tokio::sync::oneshot;

/// How a game stands in the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Being played.
    Live,
    /// Ended by its rules: the result says how.
    Finished,
    /// Unfinished and idle past the server's limit: kept, no longer played.
    Abandoned,
    /// Unfinished at the server's limit on a game's actions: kept, no longer played.
    Cut,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Live => "live",
            Status::Finished => "finished",
            Status::Abandoned => "abandoned",
            Status::Cut => "cut",
        }
    }

    fn parse(text: &str) -> Result<Status, StoreError> {
        match text {
            "live" => Ok(Status::Live),
            "finished" => Ok(Status::Finished),
            "abandoned" => Ok(Status::Abandoned),
            "cut" => Ok(Status::Cut),
            other => Err(StoreError::Failed(format!(
                "a game's status is `{other}`, which this version does not know"
            ))),
        }
    }
}

/// How hard a commit is made durable before the server answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// Synced to disk at every commit: an acknowledged action survives a power failure.
    Full,
    /// Survives the server's crash but not the machine's (SQLite `synchronous=NORMAL` in WAL
    /// mode; PostgreSQL `synchronous_commit=off`): faster on slow disks.
    Normal,
}

impl std::str::FromStr for Durability {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "full" => Ok(Durability::Full),
            "normal" => Ok(Durability::Normal),
            _ => Err(format!("`{text}` is not a durability: `full` or `normal`")),
        }
    }
}

/// A game's row: everything but its actions.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: String,
    /// Its name in the catalog.
    pub game: String,
    pub options: BTreeMap<String, String>,
    /// Each player's specification (`human`, `random`, `mcts:...`).
    pub players: BTreeMap<String, String>,
    /// The day it began, `YYYY-MM-DD` (the record's `date`).
    pub date: String,
    /// Seconds since 1970 when it was made, and when it last changed.
    pub created: i64,
    pub updated: i64,
    pub status: Status,
    pub result: Option<String>,
    /// The seats played by people: the seat's number and the SHA-256 of its key (never the key).
    pub seats: Vec<(usize, String)>,
}

/// A game with its actions.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    pub row: GameRow,
    pub tokens: Vec<String>,
}

/// An action to store at index `at` of game `id`, and how the game stands after it.
#[derive(Clone, Debug)]
pub struct Append {
    pub id: String,
    pub at: usize,
    pub token: String,
    pub status: Status,
    pub result: Option<String>,
    pub now: i64,
}

/// The actions of a game from some index on, and how it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Since {
    pub tokens: Vec<String>,
    pub status: Status,
    pub result: Option<String>,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum StoreError {
    /// The game moved on or was closed elsewhere: read it again and decide anew.
    #[error("the game changed meanwhile: {0}")]
    Conflict(String),
    /// The store could not do it (a full disk, a read-only file, a lost connection): nothing
    /// was stored.
    #[error("the games cannot be stored: {0}")]
    Failed(String),
}

enum Request {
    Create(GameRow),
    Append(Append),
    Close {
        id: String,
        status: Status,
        now: i64,
    },
    Import(StoredGame),
    Load(String),
    Seat(String),
    Since {
        id: String,
        from: usize,
    },
    Live,
    Claim(String),
    Release(String),
}

impl Request {
    fn writes(&self) -> bool {
        matches!(
            self,
            Request::Create(_) | Request::Append(_) | Request::Close { .. } | Request::Import(_)
        )
    }
}

enum Reply {
    Done,
    Game(Option<StoredGame>),
    Seat(Option<(String, usize)>),
    Since(Option<Since>),
    Ids(Vec<String>),
    Claimed(bool),
}

type Outcome = Result<Reply, StoreError>;

struct Job {
    request: Request,
    reply: oneshot::Sender<Outcome>,
}

/// What runs a batch of requests in one transaction: a database behind [`sql::Batch`].
trait Backend: Send + 'static {
    fn run(&mut self, batch: &[Request]) -> Vec<Outcome>;
}

/// The most requests one transaction takes: a long queue is served in several commits.
const MAX_BATCH: usize = 512;

/// The store: a queue to the thread that owns the database.
pub struct Store {
    sender: Mutex<Option<mpsc::Sender<Job>>>,
    thread: Mutex<Option<std::thread::JoinHandle<()>>>,
    /// What the store is, for messages: the database file, or the PostgreSQL server.
    pub description: String,
    /// Games another server changed (PostgreSQL only): their ids, as they are announced.
    notices: Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<String>>>,
    listener: Option<postgres::Listener>,
}

/// Where a store is: a SQLite file or a PostgreSQL address.
pub fn is_postgres(address: &str) -> bool {
    address.starts_with("postgres://") || address.starts_with("postgresql://")
}

impl Store {
    /// Opens the store at `address` (a `postgres://` address, else a SQLite file's path),
    /// creating its tables. A SQLite file is locked for this process alone, private to its
    /// owner, and must be writable.
    pub fn open(address: &str, durability: Durability) -> Result<Store, String> {
        if is_postgres(address) {
            let (backend, listener, notices) = postgres::open(address, durability)?;
            let description = format!("the PostgreSQL database {}", postgres::shown(address));
            Ok(Store::start(
                Box::new(backend),
                description,
                Some(listener),
                Some(notices),
            ))
        } else {
            let path = std::path::Path::new(address);
            let backend = sqlite::open(path, durability)?;
            Ok(Store::start(
                Box::new(backend),
                format!("`{}`", path.display()),
                None,
                None,
            ))
        }
    }

    fn start(
        mut backend: Box<dyn Backend>,
        description: String,
        listener: Option<postgres::Listener>,
        notices: Option<tokio::sync::mpsc::UnboundedReceiver<String>>,
    ) -> Store {
        let (sender, receiver) = mpsc::channel::<Job>();
        let thread = std::thread::Builder::new()
            .name("tabula-store".into())
            .spawn(move || {
                while let Ok(first) = receiver.recv() {
                    let mut jobs = vec![first];
                    while jobs.len() < MAX_BATCH {
                        match receiver.try_recv() {
                            Ok(job) => jobs.push(job),
                            Err(_) => break,
                        }
                    }
                    let (requests, replies): (Vec<_>, Vec<_>) =
                        jobs.into_iter().map(|j| (j.request, j.reply)).unzip();
                    let outcomes = backend.run(&requests);
                    for (reply, outcome) in replies.into_iter().zip(outcomes) {
                        let _ = reply.send(outcome);
                    }
                }
            })
            .ok();
        Store {
            sender: Mutex::new(Some(sender)),
            thread: Mutex::new(thread),
            description,
            notices: Mutex::new(notices),
            listener,
        }
    }

    fn send(&self, request: Request) -> oneshot::Receiver<Outcome> {
        let (reply, answer) = oneshot::channel();
        let sender = self.sender.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(sender) = sender.as_ref() {
            // A send fails only when the thread is gone; the dropped reply then says so.
            let _ = sender.send(Job { request, reply });
        }
        answer
    }

    async fn call(&self, request: Request) -> Outcome {
        self.send(request)
            .await
            .unwrap_or_else(|_| Err(StoreError::Failed("the store has stopped".into())))
    }

    /// For the server's start, before any runtime: waits on the thread.
    fn call_blocking(&self, request: Request) -> Outcome {
        self.send(request)
            .blocking_recv()
            .unwrap_or_else(|_| Err(StoreError::Failed("the store has stopped".into())))
    }

    pub async fn create(&self, row: GameRow) -> Result<(), StoreError> {
        self.call(Request::Create(row)).await.map(|_| ())
    }

    pub async fn append(&self, append: Append) -> Result<(), StoreError> {
        self.call(Request::Append(append)).await.map(|_| ())
    }

    /// Ends a live game without a result (`Abandoned` or `Cut`).
    pub async fn close(&self, id: &str, status: Status, now: i64) -> Result<(), StoreError> {
        let id = id.to_string();
        self.call(Request::Close { id, status, now })
            .await
            .map(|_| ())
    }

    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        match self.call(Request::Load(id.to_string())).await? {
            Reply::Game(game) => Ok(game),
            _ => Err(unexpected()),
        }
    }

    pub fn load_blocking(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        match self.call_blocking(Request::Load(id.to_string()))? {
            Reply::Game(game) => Ok(game),
            _ => Err(unexpected()),
        }
    }

    /// The game and seat whose key has this hash.
    pub async fn seat(&self, key_hash: &str) -> Result<Option<(String, usize)>, StoreError> {
        match self.call(Request::Seat(key_hash.to_string())).await? {
            Reply::Seat(seat) => Ok(seat),
            _ => Err(unexpected()),
        }
    }

    /// The actions of game `id` from index `from` on; `None` when there is no such game.
    pub async fn since(&self, id: &str, from: usize) -> Result<Option<Since>, StoreError> {
        let id = id.to_string();
        match self.call(Request::Since { id, from }).await? {
            Reply::Since(since) => Ok(since),
            _ => Err(unexpected()),
        }
    }

    /// The ids of the live games, oldest first.
    pub fn live_blocking(&self) -> Result<Vec<String>, StoreError> {
        match self.call_blocking(Request::Live)? {
            Reply::Ids(ids) => Ok(ids),
            _ => Err(unexpected()),
        }
    }

    /// Claims the playing of a game's machines for this server: `false` when another server
    /// sharing the store holds the claim (it is let go when that server stops, however it
    /// stops). A store of one server's own always grants it.
    pub async fn claim(&self, id: &str) -> Result<bool, StoreError> {
        match self.call(Request::Claim(id.to_string())).await? {
            Reply::Claimed(claimed) => Ok(claimed),
            _ => Err(unexpected()),
        }
    }

    /// Lets go of a claim.
    pub async fn release(&self, id: &str) -> Result<(), StoreError> {
        self.call(Request::Release(id.to_string()))
            .await
            .map(|_| ())
    }

    /// Stores a whole game at once, unless a game of its id is stored already.
    pub fn import_blocking(&self, game: StoredGame) -> Result<(), StoreError> {
        self.call_blocking(Request::Import(game)).map(|_| ())
    }

    /// The announcements of games changed by other servers, for the one task that follows them
    /// (`None` for a store no other server shares, or once taken).
    pub fn take_notices(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<String>> {
        self.notices
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
    }

    /// Whether other servers may share this store's games.
    pub fn is_shared(&self) -> bool {
        self.listener.is_some()
    }
}

fn unexpected() -> StoreError {
    StoreError::Failed("the store answered another question".into())
}

impl Drop for Store {
    /// Waits for the queue to be served and the database closed (and a SQLite file's lock let
    /// go), so that a server started next finds it free.
    fn drop(&mut self) {
        drop(self.sender.lock().unwrap_or_else(|e| e.into_inner()).take());
        if let Some(thread) = self.thread.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = thread.join();
        }
    }
}

/// The SHA-256 of a seat's key, as hex: what the store keeps instead of the key.
pub fn key_hash(key: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(key.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Seconds since 1970, as the store counts time.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

//! `tabula serve`: every game on a web board, against the AI or another person.
//!
//! - The page (plain JavaScript modules and SVG) ships inside the binary; nothing is fetched from
//!   elsewhere.
//! - A JSON API: the games and their options, a new game with a player for each seat, each
//!   seat's view (`GET`), its moves (`POST`), a hint on its turn (`POST`), a stream of its views
//!   as the game goes (server-sent events), the move list a page at a time.
//! - Each seat played by a person gets a secret link, and the game a public link to watch it.
//!   Every message is built from what its reader may see ([`crate::Game::player_view`]); dice
//!   and reveals are drawn here, from the operating system's randomness. The store keeps only
//!   a hash of each key.
//! - An action acknowledged is an action kept: it is committed to the store ([`store`]: SQLite,
//!   or PostgreSQL shared by several servers) before it is played in memory, shown to anyone or
//!   answered; a commit that fails is a 503 and changes nothing.
//! - Machine work (dice, random moves, searches, hints) runs on a bounded pool ([`pool`]),
//!   capped in time and threads, below the priority of people's requests; a game only machines
//!   play moves at a bounded pace, and only while someone watches it.
//! - Limits: requests per seat or game and per address, connections in all and per address,
//!   slow headers and idle connections, live games, a game's length, idle games abandoned.

mod games;
mod handlers;
mod limit;
mod listen;
mod play;
pub mod pool;
pub mod store;
pub mod table;

use crate::catalog::Catalog;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use games::Match;
use serde_json::json;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
pub use store::Durability;

/// The largest request body: a move or a new game is a few hundred bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// The server's settings; [`Settings::new`] gives the defaults `tabula serve` documents.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The data folder: the SQLite database unless `database` says otherwise, and the JSON
    /// files of earlier versions to import.
    pub data: PathBuf,
    /// A `postgres://` address, or a SQLite file; `None`: `tabula.sqlite3` in `data`.
    pub database: Option<String>,
    pub durability: Durability,
    /// Requests per second (and at once) about one seat or game.
    pub requests_per_second: f64,
    pub burst: f64,
    /// Requests per second (and at once) from one address.
    pub address_requests_per_second: f64,
    pub address_burst: f64,
    /// Unfinished games this server holds; a new game past it is refused.
    pub max_games: usize,
    /// An unfinished game with no action for this long is abandoned.
    pub expire_after: Duration,
    /// The most actions a game may have here; it is stopped at that.
    pub max_actions: usize,
    /// Threads for machine work, at most (a search's own threads included).
    pub machine_threads: usize,
    /// The longest any machine work (a search, a hint) may think.
    pub max_think: Duration,
    /// The shortest time between two actions of a game that only machines play.
    pub machine_pace: Duration,
    /// How long a hint thinks.
    pub hint_time: Duration,
    pub max_connections: usize,
    pub max_connections_per_address: usize,
    pub header_timeout: Duration,
    pub idle_timeout: Duration,
}

impl Settings {
    pub fn new(data: PathBuf) -> Settings {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Settings {
            data,
            database: None,
            durability: Durability::Full,
            requests_per_second: 50.0,
            burst: 200.0,
            address_requests_per_second: 500.0,
            address_burst: 2000.0,
            max_games: 10_000,
            expire_after: Duration::from_secs(7 * 24 * 3600),
            max_actions: 100_000,
            machine_threads: cores,
            max_think: Duration::from_secs(10),
            machine_pace: Duration::from_millis(200),
            hint_time: Duration::from_secs(1),
            max_connections: 4096,
            max_connections_per_address: 256,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
        }
    }

    /// Where the games are stored.
    pub fn database(&self) -> String {
        self.database.clone().unwrap_or_else(|| {
            self.data
                .join("tabula.sqlite3")
                .to_string_lossy()
                .into_owned()
        })
    }
}

/// Everything the handlers share.
pub struct Server {
    settings: Settings,
    catalog: Catalog,
    store: store::Store,
    /// The games held in memory, by id: the live ones, and finished ones looked at lately.
    games: Mutex<HashMap<String, Arc<Match>>>,
    /// A seat key's hash to its game and seat number, for the games in memory.
    seats: Mutex<HashMap<String, (Arc<Match>, usize)>>,
    /// Each game compiled once, by name and options.
    compiled: Mutex<HashMap<CompiledKey, Arc<Compiling>>>,
    /// The answer of `/api/games`, made once.
    listing: OnceLock<serde_json::Value>,
    limiter: limit::Limiter,
    address_limiter: limit::Limiter,
    pool: pool::Pool,
}

type Shared = Arc<Server>;

/// A game's name and options: what a compiled game is kept under.
type CompiledKey = (String, Vec<(String, String)>);
/// A game compiled, or being compiled (those who ask meanwhile wait for it), or its error.
type Compiling = OnceLock<Result<table::SharedGame, String>>;

/// An error as the API returns it: a status and `{"error": "..."}`.
pub struct ApiError(StatusCode, String);

impl ApiError {
    fn bad(message: impl Into<String>) -> Self {
        ApiError(StatusCode::BAD_REQUEST, message.into())
    }
    fn not_found(message: impl Into<String>) -> Self {
        ApiError(StatusCode::NOT_FOUND, message.into())
    }
    fn conflict(message: impl Into<String>) -> Self {
        ApiError(StatusCode::CONFLICT, message.into())
    }
    /// The store could not keep it: nothing changed, and the client may try again later.
    fn unavailable(message: impl Into<String>) -> Self {
        ApiError(StatusCode::SERVICE_UNAVAILABLE, message.into())
    }
}

impl From<store::StoreError> for ApiError {
    fn from(e: store::StoreError) -> Self {
        ApiError::unavailable(e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

impl Server {
    /// A server over the catalog's games: the store opened (made, locked and checked writable),
    /// the JSON files of earlier versions imported, and the live games of a store of its own
    /// loaded. An error says why it cannot start.
    pub fn new(settings: Settings, catalog: Catalog) -> Result<Shared, String> {
        let database = settings.database();
        if !store::is_postgres(&database) {
            use std::os::unix::fs::DirBuilderExt;
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(&settings.data)
                .map_err(|e| {
                    format!(
                        "cannot make the data folder `{}`: {e}",
                        settings.data.display()
                    )
                })?;
        }
        let store = store::Store::open(&database, settings.durability)?;
        let (imported, problems) = store::import_json_folder(&settings.data, &store);
        for problem in problems {
            eprintln!("tabula serve: {problem}");
        }
        if imported > 0 {
            eprintln!(
                "tabula serve: {imported} game(s) imported from the JSON files of `{}` into {}",
                settings.data.display(),
                store.description
            );
        }
        let server = Arc::new(Server {
            limiter: limit::Limiter::new(settings.requests_per_second, settings.burst),
            address_limiter: limit::Limiter::new(
                settings.address_requests_per_second,
                settings.address_burst,
            ),
            pool: pool::Pool::new(settings.machine_threads, settings.max_think),
            settings,
            catalog,
            store,
            games: Mutex::new(HashMap::new()),
            seats: Mutex::new(HashMap::new()),
            compiled: Mutex::new(HashMap::new()),
            listing: OnceLock::new(),
        });
        // Another server sharing the store holds games too: they are read when asked for.
        if !server.store.is_shared() {
            server.load_live()?;
        }
        Ok(server)
    }

    /// What the store is, for the server's first words.
    pub fn store_description(&self) -> &str {
        &self.store.description
    }
}

/// The server's routes.
pub fn router(server: Shared) -> Router {
    use handlers::*;
    Router::new()
        .route("/", get(|| async { page_file("index.html") }))
        .route("/seat/{key}", get(|| async { page_file("index.html") }))
        .route("/watch/{id}", get(|| async { page_file("index.html") }))
        .route("/page/{file}", get(page))
        .route("/api/games", get(list_games))
        .route("/api/matches", post(new_match))
        .route("/api/match/{id}", get(watch_view))
        .route("/api/match/{id}/board", get(board))
        .route("/api/match/{id}/record", get(record))
        .route("/api/match/{id}/at/{at}", get(view_at))
        .route("/api/match/{id}/moves", get(moves))
        .route("/api/match/{id}/events", get(watch_events))
        .route("/api/seat/{key}", get(seat_view))
        .route("/api/seat/{key}/move", post(seat_move))
        .route("/api/seat/{key}/hint", post(seat_hint))
        .route("/api/seat/{key}/events", get(seat_events))
        .layer(axum::middleware::from_fn_with_state(
            server.clone(),
            limit::limit,
        ))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(server)
}

/// Serves on `listener` until stopped: the games of a store of its own that a machine is to
/// move go on, idle games are abandoned, and another server's changes are followed.
pub async fn serve(server: Shared, listener: tokio::net::TcpListener) -> std::io::Result<()> {
    server.clone().start_background();
    let limits = listen::Connections {
        max: server.settings.max_connections,
        max_per_address: server.settings.max_connections_per_address,
        header_timeout: server.settings.header_timeout,
        idle_timeout: server.settings.idle_timeout,
    };
    listen::accept(listener, router(server), limits).await;
    Ok(())
}

pub use listen::raise_open_files_limit;

//! `tabula serve`: every game on a web board, against the AI or another person.
//!
//! - The page (plain JavaScript modules and SVG) ships inside the binary; nothing is fetched from
//!   elsewhere.
//! - A JSON API: the games and their options, a new game with a player for each seat, each
//!   seat's view (`GET`), its moves (`POST`), a hint on its turn (`POST`) and a stream of its
//!   views as the game goes (server-sent events).
//! - Each seat played by a person gets a secret link, and the game a public link to watch it.
//!   Every message is built from what its reader may see ([`crate::Game::player_view`]); dice
//!   and reveals are drawn here, from the operating system's randomness.
//! - Games are stored as they are played, one file each in the data folder, and a restarted
//!   server resumes them all.
//! - A request too large, malformed, for the wrong seat, or one too many from one address gets a
//!   clear error and changes nothing.

mod limit;
mod store;
pub mod table;

use crate::ai::{Budget, PlayerSpec};
use crate::catalog::Catalog;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use table::{Next, Table};
use tokio::sync::broadcast;
use tokio_stream::StreamExt;

/// The largest request body: a move or a new game is a few hundred bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// The longest a search may think per move when a web game asks for one.
const MAX_THINK_SECONDS: f64 = 10.0;
/// The most iterations a search may take per move when a web game asks for one.
const MAX_ITERATIONS: u64 = 2_000_000;

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Where games are stored, one file each.
    pub data: PathBuf,
    /// Requests one address may make per second, on average.
    pub requests_per_second: f64,
    /// Requests one address may make at once before the average applies.
    pub burst: f64,
}

/// A game being played: its table, who may play which seat, and who is told of a change.
pub struct Match {
    pub id: String,
    /// The game's name in the catalog.
    pub game: String,
    pub options: BTreeMap<String, String>,
    /// Each seat's secret, for seats played by a person.
    pub seat_secrets: Vec<Option<String>>,
    table: Mutex<Box<dyn Table>>,
    changed: broadcast::Sender<()>,
    /// One driver at a time plays chance and the machines' moves.
    driving: tokio::sync::Mutex<()>,
}

impl Match {
    fn table(&self) -> std::sync::MutexGuard<'_, Box<dyn Table>> {
        // A panic while a table was held leaves it as it was between actions: keep serving it.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Everything the handlers share.
pub struct Server {
    settings: Settings,
    catalog: Catalog,
    matches: Mutex<HashMap<String, Arc<Match>>>,
    /// A seat's secret to its game and seat number.
    seats: Mutex<HashMap<String, (Arc<Match>, usize)>>,
    limiter: limit::Limiter,
}

type Shared = Arc<Server>;

/// An error as the API returns it: a status and `{"error": "..."}`.
pub struct ApiError(StatusCode, String);

impl ApiError {
    fn bad(message: impl Into<String>) -> Self {
        ApiError(StatusCode::BAD_REQUEST, message.into())
    }
    fn not_found(message: impl Into<String>) -> Self {
        ApiError(StatusCode::NOT_FOUND, message.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

/// A request body read as JSON, with a clear error when it is not.
struct Body<T>(T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> axum::extract::FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(ApiError(rejection.status(), rejection.body_text())),
        }
    }
}

/// A random secret of 128 bits, as hex: the name of a game or a seat's key.
fn secret() -> Result<String, ApiError> {
    use rand::TryRng;
    let mut bytes = [0u8; 16];
    rand::rngs::SysRng.try_fill_bytes(&mut bytes).map_err(|e| {
        ApiError(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("no randomness from the operating system: {e}"),
        )
    })?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl Server {
    /// A server over the shipped games, with the games stored in `settings.data` resumed.
    pub fn new(settings: Settings, catalog: Catalog) -> Result<Shared, String> {
        std::fs::create_dir_all(&settings.data).map_err(|e| {
            format!(
                "cannot make the data folder `{}`: {e}",
                settings.data.display()
            )
        })?;
        let server = Arc::new(Server {
            limiter: limit::Limiter::new(settings.requests_per_second, settings.burst),
            settings,
            catalog,
            matches: Mutex::new(HashMap::new()),
            seats: Mutex::new(HashMap::new()),
        });
        for stored in store::read_all(&server.settings.data) {
            match stored {
                Ok(stored) => match server.open(stored) {
                    Ok(m) => server.add(m),
                    Err(e) => eprintln!("{e}"),
                },
                Err(e) => eprintln!("{e}"),
            }
        }
        Ok(server)
    }

    fn add(&self, m: Arc<Match>) {
        let mut seats = self.seats.lock().unwrap_or_else(|e| e.into_inner());
        for (seat, key) in m.seat_secrets.iter().enumerate() {
            if let Some(key) = key {
                seats.insert(key.clone(), (m.clone(), seat));
            }
        }
        (self.matches.lock().unwrap_or_else(|e| e.into_inner())).insert(m.id.clone(), m);
    }

    /// A game from its stored form: the game loaded with its options, its record played again.
    fn open(&self, stored: store::Stored) -> Result<Arc<Match>, String> {
        let options: Vec<(String, String)> = stored.record.options.clone().into_iter().collect();
        let (game, _, _) = self
            .catalog
            .load_any(&stored.record.game, &options)
            .map_err(|e| format!("{}: {e}", stored.id))?;
        let mut specs = Vec::new();
        let players = crate::with_game!(&game, g => g.players.clone());
        for player in &players {
            let text = stored.record.players.get(player).map_or("human", |s| s);
            specs.push(PlayerSpec::parse(text).map_err(|e| format!("{}: {e}", stored.id))?);
        }
        let rng = crate::engine::playout::os_seeded_rng()
            .map_err(|e| format!("no randomness from the operating system: {e}"))?;
        let table: Box<dyn Table> = crate::with_game!(game, g => Box::new(
            table::TableOf::new(g, specs, rng, stored.record.clone())
                .map_err(|e| format!("{}: {e}", stored.id))?
        ));
        let (changed, _) = broadcast::channel(16);
        Ok(Arc::new(Match {
            id: stored.id,
            game: stored.record.game.clone(),
            options: stored.record.options.clone(),
            seat_secrets: stored.seat_secrets,
            table: Mutex::new(table),
            changed,
            driving: tokio::sync::Mutex::new(()),
        }))
    }

    fn save(&self, m: &Match) {
        let record = m.table().record().clone();
        if let Err(e) = store::write(&self.settings.data, &m.id, &record, &m.seat_secrets) {
            eprintln!("{e}");
        }
    }

    fn find(&self, id: &str) -> Result<Arc<Match>, ApiError> {
        (self.matches.lock().unwrap_or_else(|e| e.into_inner()))
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::not_found(format!("no game `{id}`")))
    }

    fn seat(&self, key: &str) -> Result<(Arc<Match>, usize), ApiError> {
        (self.seats.lock().unwrap_or_else(|e| e.into_inner()))
            .get(key)
            .cloned()
            .ok_or_else(|| ApiError::not_found("no seat has this key"))
    }

    /// Plays chance and the machines' moves until a person is to move or the game is over,
    /// storing and announcing each.
    async fn drive(self: Arc<Self>, m: Arc<Match>) {
        let _one = m.driving.lock().await;
        loop {
            let next = m.table().next();
            match next {
                Next::Person(_) | Next::Over => break,
                Next::Played => {}
                Next::Think(at, think) => {
                    let Ok(Some(token)) = tokio::task::spawn_blocking(think).await else {
                        break;
                    };
                    if !m.table().play_machine(at, &token) {
                        continue;
                    }
                }
            }
            self.save(&m);
            let _ = m.changed.send(());
        }
    }
}

/// The page and its modules, inside the binary.
const PAGE: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("page/index.html"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("page/app.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("page/board.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("page/style.css"),
    ),
];

fn page_file(name: &str) -> Response {
    match PAGE.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => ApiError::not_found(format!("no file `{name}`")).into_response(),
    }
}

/// The server's routes.
pub fn router(server: Shared) -> Router {
    Router::new()
        .route("/", get(|| async { page_file("index.html") }))
        .route("/seat/{key}", get(|| async { page_file("index.html") }))
        .route("/watch/{id}", get(|| async { page_file("index.html") }))
        .route(
            "/page/{file}",
            get(|Path(file): Path<String>| async move { page_file(&file) }),
        )
        .route("/api/games", get(list_games))
        .route("/api/matches", post(new_match))
        .route("/api/match/{id}", get(watch_view))
        .route("/api/match/{id}/board", get(board))
        .route("/api/match/{id}/record", get(record))
        .route("/api/match/{id}/at/{at}", get(view_at))
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

/// Serves on `address` until stopped.
pub async fn serve(server: Shared, listener: tokio::net::TcpListener) -> std::io::Result<()> {
    // Games stored with a machine to move go on.
    let all: Vec<Arc<Match>> = (server.matches.lock().unwrap_or_else(|e| e.into_inner()))
        .values()
        .cloned()
        .collect();
    for m in all {
        tokio::spawn(server.clone().drive(m));
    }
    axum::serve(
        listener,
        router(server).into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .await
}

async fn list_games(State(server): State<Shared>) -> Json<Value> {
    let games: Vec<Value> = server
        .catalog
        .list()
        .into_iter()
        .filter_map(|listing| {
            let (game, _, _) = server.catalog.load_any(&listing.id, &[]).ok()?;
            Some(crate::with_game!(&game, g => json!({
                "id": listing.id,
                "name": g.name,
                "summary": g.summary,
                "players": g.players,
                "options": g.options.iter().map(|o| {
                    let choices = match &o.kind {
                        crate::check::OptionKind::Choice(c) => json!(c),
                        crate::check::OptionKind::Bool => json!(["false", "true"]),
                        crate::check::OptionKind::Int { min, max } => json!({ "min": min, "max": max }),
                    };
                    json!({
                        "name": o.name,
                        "default": o.display_value(o.default),
                        "choices": choices,
                        "doc": o.doc,
                    })
                }).collect::<Vec<_>>(),
            })))
        })
        .collect();
    Json(json!({ "games": games }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewMatch {
    game: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    /// Who plays each player: `human`, `random`, `mcts:...`; a player left out is a person.
    #[serde(default)]
    seats: BTreeMap<String, String>,
}

async fn new_match(
    State(server): State<Shared>,
    Body(asked): Body<NewMatch>,
) -> Result<Json<Value>, ApiError> {
    // Only the catalog's games: a name, never a path to a file on the server.
    if !server.catalog.list().iter().any(|l| l.id == asked.game) {
        return Err(ApiError::bad(format!("no game `{}`", asked.game)));
    }
    let options: Vec<(String, String)> = asked.options.clone().into_iter().collect();
    let (game, _, _) = server
        .catalog
        .load_any(&asked.game, &options)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let players = crate::with_game!(&game, g => g.players.clone());
    if let Some(unknown) = asked.seats.keys().find(|s| !players.contains(s)) {
        return Err(ApiError::bad(format!(
            "`{unknown}` is not a player of `{}`: {}",
            asked.game,
            players.join(", ")
        )));
    }
    let mut specs = BTreeMap::new();
    let mut secrets = Vec::new();
    for player in &players {
        let text = asked.seats.get(player).map_or("human", |s| s.as_str());
        let spec = PlayerSpec::parse(text).map_err(ApiError::bad)?;
        if let PlayerSpec::Mcts(config) = &spec {
            let too_long = match config.budget {
                Budget::Time(t) => t.as_secs_f64() > MAX_THINK_SECONDS,
                Budget::Iterations(n) => n > MAX_ITERATIONS,
            };
            if too_long {
                return Err(ApiError::bad(format!(
                    "`{text}` thinks too long: at most {MAX_THINK_SECONDS} s or {MAX_ITERATIONS} iterations a move"
                )));
            }
        }
        secrets.push(match spec {
            PlayerSpec::Human => Some(secret()?),
            _ => None,
        });
        specs.insert(player.clone(), spec.to_string());
    }
    let record = crate::record::Record {
        game: asked.game.clone(),
        date: crate::record::today(),
        options: asked.options.clone(),
        players: specs,
        ..Default::default()
    };
    let stored = store::Stored {
        id: secret()?,
        record,
        seat_secrets: secrets,
    };
    let m = server
        .open(stored)
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    server.save(&m);
    server.add(m.clone());
    tokio::spawn(server.clone().drive(m.clone()));
    Ok(Json(json!({
        "id": m.id,
        "watch": format!("/watch/{}", m.id),
        "seats": players.iter().zip(&m.seat_secrets).map(|(player, key)| json!({
            "player": player,
            "link": key.as_ref().map(|k| format!("/seat/{k}")),
        })).collect::<Vec<_>>(),
    })))
}

/// A view with the game's name and the links a reader may use.
fn view_of(m: &Match, seat: Option<usize>) -> Value {
    let mut view = m.table().view(seat);
    view["id"] = json!(m.id);
    view
}

async fn watch_view(
    State(server): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let m = server.find(&id)?;
    Ok(Json(view_of(&m, None)))
}

/// The position after the first `at` actions, as a spectator saw it: the move list's navigation.
async fn view_at(
    State(server): State<Shared>,
    Path((id, at)): Path<(String, usize)>,
) -> Result<Json<Value>, ApiError> {
    let m = server.find(&id)?;
    let mut view = m.table().view_at(at).ok_or_else(|| {
        ApiError::not_found(format!("the game has no position after {at} actions"))
    })?;
    view["id"] = json!(m.id);
    Ok(Json(view))
}

async fn seat_view(
    State(server): State<Shared>,
    Path(key): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let (m, seat) = server.seat(&key)?;
    Ok(Json(view_of(&m, Some(seat))))
}

async fn board(
    State(server): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let m = server.find(&id)?;
    let geometry = m.table().geometry();
    Ok(Json(geometry))
}

async fn record(
    State(server): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let m = server.find(&id)?;
    let text = m.table().record().to_text();
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/toml; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{}-{}.toml\"", m.game, &m.id[..8]),
            ),
        ],
        text,
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Move {
    action: String,
}

async fn seat_move(
    State(server): State<Shared>,
    Path(key): Path<String>,
    Body(asked): Body<Move>,
) -> Result<Json<Value>, ApiError> {
    let (m, seat) = server.seat(&key)?;
    if asked.action.len() > 200 {
        return Err(ApiError::bad("an action is a short token, such as `e2-e4`"));
    }
    m.table()
        .play(seat, asked.action.trim())
        .map_err(|e| ApiError(StatusCode::CONFLICT, e))?;
    server.save(&m);
    let _ = m.changed.send(());
    tokio::spawn(server.clone().drive(m.clone()));
    Ok(Json(view_of(&m, Some(seat))))
}

/// How long a hint thinks: a second on one thread, so that hints do not crowd out the machines'
/// moves; the solver proves what it can in that time.
fn hint_search() -> crate::ai::MctsConfig {
    crate::ai::MctsConfig {
        budget: Budget::Time(std::time::Duration::from_secs(1)),
        threads: 1,
        solver: true,
        ..crate::ai::MctsConfig::default()
    }
}

/// The search's choice for the seat to move, with its prospects (the seat's own view only).
async fn seat_hint(
    State(server): State<Shared>,
    Path(key): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let (m, seat) = server.seat(&key)?;
    let think = m
        .table()
        .hint(seat, hint_search())
        .map_err(|e| ApiError(StatusCode::CONFLICT, e))?;
    match tokio::task::spawn_blocking(think).await {
        Ok(Some(hint)) => Ok(Json(hint)),
        _ => Err(ApiError(
            StatusCode::CONFLICT,
            "no hint here: the position has no choice to make".into(),
        )),
    }
}

/// The reader's view now, then again after every change.
fn events(
    m: Arc<Match>,
    seat: Option<usize>,
) -> Sse<impl tokio_stream::Stream<Item = Result<Event, std::convert::Infallible>>> {
    let changes = tokio_stream::wrappers::BroadcastStream::new(m.changed.subscribe());
    let first = view_of(&m, seat);
    let stream = tokio_stream::once(first)
        .chain(changes.map(move |_| view_of(&m, seat)))
        .map(|view| Ok(Event::default().event("view").data(view.to_string())));
    Sse::new(stream).keep_alive(KeepAlive::default())
}

async fn watch_events(
    State(server): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let m = server.find(&id)?;
    Ok(events(m, None).into_response())
}

async fn seat_events(
    State(server): State<Shared>,
    Path(key): Path<String>,
) -> Result<Response, ApiError> {
    let (m, seat) = server.seat(&key)?;
    Ok(events(m, Some(seat)).into_response())
}

//! The HTTP API's handlers and the page's files.

use super::games::{Match, new_row};
use super::pool::Priority;
use super::store::StoredGame;
use super::table::MOVES_PAGE;
use super::{ApiError, Shared};
use crate::ai::{Budget, PlayerSpec};
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::{Json, extract::FromRequest};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tokio_stream::StreamExt;

/// The most iterations a search may be asked for per move in a web game (it stops at the
/// server's time cap in any case).
const MAX_ITERATIONS: u64 = 2_000_000;

/// A request body read as JSON, with a clear error when it is not.
pub struct Body<T>(T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(ApiError(rejection.status(), rejection.body_text())),
        }
    }
}

/// A random secret of 128 bits, as hex: the name of a game or a seat's key.
pub fn secret() -> Result<String, ApiError> {
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

pub fn page_file(name: &str) -> Response {
    match PAGE.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => ApiError::not_found(format!("no file `{name}`")).into_response(),
    }
}

pub async fn page(Path(file): Path<String>) -> Response {
    page_file(&file)
}

fn listing(server: &Shared) -> Value {
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
    json!({ "games": games })
}

/// The catalog's games and their options: read once, when first asked for.
pub async fn list_games(State(server): State<Shared>) -> Json<Value> {
    let listed = tokio::task::block_in_place(|| server.listing.get_or_init(|| listing(&server)));
    Json(listed.clone())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewMatch {
    game: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    /// Who plays each player: `human`, `random`, `mcts:...`; a player left out is a person.
    #[serde(default)]
    seats: BTreeMap<String, String>,
}

/// A seat's player, within what the server allows a machine.
fn seat_spec(server: &Shared, text: &str) -> Result<PlayerSpec, ApiError> {
    let spec = PlayerSpec::parse(text).map_err(ApiError::bad)?;
    if let PlayerSpec::Mcts(config) = &spec {
        let cap = server.settings.max_think;
        let too_long = match config.budget {
            Budget::Time(t) => t > cap,
            Budget::Iterations(n) => n > MAX_ITERATIONS,
        };
        if too_long {
            return Err(ApiError::bad(format!(
                "`{text}` thinks too long: at most {} s or {MAX_ITERATIONS} iterations a move",
                cap.as_secs_f64()
            )));
        }
    }
    Ok(spec)
}

pub async fn new_match(
    State(server): State<Shared>,
    Body(asked): Body<NewMatch>,
) -> Result<Json<Value>, ApiError> {
    // Only the catalog's games: a name, never a path to a file on the server.
    if !server.catalog.list().iter().any(|l| l.id == asked.game) {
        return Err(ApiError::bad(format!("no game `{}`", asked.game)));
    }
    let live = server.live_games();
    if live >= server.settings.max_games {
        return Err(ApiError::unavailable(format!(
            "the server holds {live} unfinished games, its limit: try again later"
        )));
    }
    let compiled = tokio::task::block_in_place(|| server.compiled(&asked.game, &asked.options))
        .map_err(ApiError::bad)?;
    let players = compiled.players();
    if let Some(unknown) = asked.seats.keys().find(|s| !players.contains(s)) {
        return Err(ApiError::bad(format!(
            "`{unknown}` is not a player of `{}`: {}",
            asked.game,
            players.join(", ")
        )));
    }
    let mut specs = BTreeMap::new();
    let mut keys = Vec::new();
    for player in &players {
        let text = asked.seats.get(player).map_or("human", |s| s.as_str());
        let spec = seat_spec(&server, text)?;
        keys.push(match spec {
            PlayerSpec::Human => Some(secret()?),
            _ => None,
        });
        specs.insert(player.clone(), spec.to_string());
    }
    let row = new_row(secret()?, &asked.game, asked.options, specs, &keys);
    let stored = StoredGame {
        row: row.clone(),
        tokens: Vec::new(),
    };
    let m = tokio::task::block_in_place(|| server.open(stored))
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    server.store.create(row).await?;
    let m = server.add(m);
    server.looked_at(&m);
    Ok(Json(json!({
        "id": m.id,
        "watch": format!("/watch/{}", m.id),
        "seats": players.iter().zip(&keys).map(|(player, key)| json!({
            "player": player,
            "link": key.as_ref().map(|k| format!("/seat/{k}")),
        })).collect::<Vec<_>>(),
    })))
}

/// A view with the game's name.
fn view_of(m: &Match, seat: Option<usize>) -> Value {
    let mut view = m.table().view(seat);
    view["id"] = json!(m.id);
    view
}

pub async fn watch_view(
    State(server): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let m = server.find(&id).await?;
    server.looked_at(&m);
    Ok(Json(view_of(&m, None)))
}

/// The position after the first `at` actions, as a spectator saw it: the move list's navigation.
pub async fn view_at(
    State(server): State<Shared>,
    Path((id, at)): Path<(String, usize)>,
) -> Result<Json<Value>, ApiError> {
    let m = server.find(&id).await?;
    let missing = || ApiError::not_found(format!("the game has no position after {at} actions"));
    let make = m.table().view_at(at).ok_or_else(missing)?;
    let mut view = make().ok_or_else(missing)?;
    view["id"] = json!(m.id);
    Ok(Json(view))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    #[serde(default)]
    from: usize,
    count: Option<usize>,
}

/// The move list, a page at a time: `?from=N&count=C` (at most 1,000 a page).
pub async fn moves(
    State(server): State<Shared>,
    Path(id): Path<String>,
    page: Result<Query<Page>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(page) = page.map_err(|e| ApiError(e.status(), e.body_text()))?;
    let m = server.find(&id).await?;
    let table = m.table();
    let count = page.count.unwrap_or(MOVES_PAGE).min(MOVES_PAGE);
    Ok(Json(json!({
        "from": page.from,
        "moves": table.moves(page.from, count),
        "total": table.actions(),
    })))
}

pub async fn seat_view(
    State(server): State<Shared>,
    Path(key): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let (m, seat) = server.seat(&key).await?;
    server.looked_at(&m);
    Ok(Json(view_of(&m, Some(seat))))
}

pub async fn board(
    State(server): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let m = server.find(&id).await?;
    let geometry = m.table().geometry();
    Ok(Json(geometry))
}

pub async fn record(
    State(server): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let m = server.find(&id).await?;
    let record = m.table().record();
    let text = record.to_text();
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
pub struct Move {
    action: String,
    /// The number of actions the client saw when it chose: a move meant for an earlier position
    /// is refused rather than played in a later one.
    #[serde(default)]
    at: Option<usize>,
}

pub async fn seat_move(
    State(server): State<Shared>,
    Path(key): Path<String>,
    Body(asked): Body<Move>,
) -> Result<Json<Value>, ApiError> {
    let (m, seat) = server.seat(&key).await?;
    if asked.action.len() > 200 {
        return Err(ApiError::bad("an action is a short token, such as `e2-e4`"));
    }
    server
        .person_moves(&m, seat, asked.action.trim(), asked.at)
        .await?;
    m.touch();
    Ok(Json(view_of(&m, Some(seat))))
}

/// The search's choice for the seat to move, with its prospects (the seat's own view only):
/// the solver for the server's hint time, on one thread of the pool; it stops if the client
/// leaves.
pub async fn seat_hint(
    State(server): State<Shared>,
    Path(key): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let (m, seat) = server.seat(&key).await?;
    let config = crate::ai::MctsConfig {
        budget: Budget::Time(server.settings.hint_time),
        threads: 1,
        solver: true,
        ..crate::ai::MctsConfig::default()
    };
    let think = m.table().hint(seat, config).map_err(ApiError::conflict)?;
    match server.pool.run(1, Priority::Person, think).await {
        Some(hint) => Ok(Json(hint)),
        None => Err(ApiError::conflict(
            "no hint here: the position has no choice to make",
        )),
    }
}

/// Counts an event stream among a game's watchers while it is open.
struct Watching(Arc<Match>);

impl Drop for Watching {
    fn drop(&mut self) {
        self.0.watchers.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The reader's view now, then again after every change.
fn events(
    server: &Shared,
    m: Arc<Match>,
    seat: Option<usize>,
) -> Sse<impl tokio_stream::Stream<Item = Result<Event, std::convert::Infallible>> + use<>> {
    m.watchers.fetch_add(1, Ordering::Relaxed);
    let watching = Watching(m.clone());
    server.looked_at(&m);
    let changes = tokio_stream::wrappers::BroadcastStream::new(m.changed.subscribe());
    let first = view_of(&m, seat);
    let stream = tokio_stream::once(first)
        .chain(changes.map(move |_| view_of(&watching.0, seat)))
        .map(|view| Ok(Event::default().event("view").data(view.to_string())));
    Sse::new(stream).keep_alive(KeepAlive::default())
}

pub async fn watch_events(
    State(server): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let m = server.find(&id).await?;
    Ok(events(&server, m, None).into_response())
}

pub async fn seat_events(
    State(server): State<Shared>,
    Path(key): Path<String>,
) -> Result<Response, ApiError> {
    let (m, seat) = server.seat(&key).await?;
    Ok(events(&server, m, Some(seat)).into_response())
}

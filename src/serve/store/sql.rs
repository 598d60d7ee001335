//! The store's requests in SQL that SQLite and PostgreSQL both read, over the little each
//! database must provide ([`Sql`]): statements with `$N` parameters, rows of integers and text,
//! and which errors mean "someone else was first".

use super::{
    Append, Backend, GameRow, Outcome, Reply, Request, Since, Status, StoreError, StoredGame,
};
use std::collections::BTreeMap;

/// A value passed to a statement or read from a row.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(i64),
    Text(String),
    Null,
}

impl Value {
    fn text(&self) -> Result<&str, StoreError> {
        match self {
            Value::Text(t) => Ok(t),
            other => Err(StoreError::Failed(format!("text expected, not {other:?}"))),
        }
    }

    fn int(&self) -> Result<i64, StoreError> {
        match self {
            Value::Int(n) => Ok(*n),
            other => Err(StoreError::Failed(format!(
                "a number expected, not {other:?}"
            ))),
        }
    }

    fn optional_text(&self) -> Result<Option<String>, StoreError> {
        match self {
            Value::Null => Ok(None),
            other => other.text().map(|t| Some(t.to_string())),
        }
    }
}

fn text(t: &str) -> Value {
    Value::Text(t.to_string())
}

/// A database's error: whether it means that another writer was first (a key taken, a
/// deadlock broken), and what it says.
#[derive(Debug)]
pub struct DbError {
    pub conflict: bool,
    pub message: String,
}

impl From<DbError> for StoreError {
    fn from(e: DbError) -> StoreError {
        match e.conflict {
            true => StoreError::Conflict(e.message),
            false => StoreError::Failed(e.message),
        }
    }
}

/// What a database gives the requests.
pub trait Sql: Send + 'static {
    /// Runs a statement; the rows it changed.
    fn exec(&mut self, sql: &str, params: &[Value]) -> Result<u64, DbError>;
    /// Runs a query; its rows.
    fn rows(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Vec<Value>>, DbError>;
    /// Before a batch: the connection made again if it was lost.
    fn ready(&mut self) -> Result<(), DbError>;
    /// The statement beginning a transaction that writes.
    fn begin_writing(&self) -> &'static str;
    /// Whether a transaction is still open (a database may end one itself on a grave error).
    fn in_transaction(&self) -> bool;
    /// Tells other servers that game `id` changed, when the transaction commits.
    fn announce(&mut self, id: &str) -> Result<(), DbError>;
    /// Takes the claim on game `id` for this connection, unless another holds it; it lasts
    /// until let go or until the connection ends.
    fn claim(&mut self, id: &str) -> Result<bool, DbError>;
    fn release(&mut self, id: &str) -> Result<(), DbError>;
}

/// The tables, in statements both databases take.
pub const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        players TEXT NOT NULL,
        date TEXT NOT NULL,
        created BIGINT NOT NULL,
        updated BIGINT NOT NULL,
        status TEXT NOT NULL,
        result TEXT
    )",
    "CREATE INDEX IF NOT EXISTS games_by_status ON games (status, created)",
    "CREATE TABLE IF NOT EXISTS seats (
        game_id TEXT NOT NULL REFERENCES games (id),
        seat BIGINT NOT NULL,
        key_hash TEXT NOT NULL UNIQUE,
        PRIMARY KEY (game_id, seat)
    )",
    "CREATE TABLE IF NOT EXISTS actions (
        game_id TEXT NOT NULL REFERENCES games (id),
        n BIGINT NOT NULL,
        token TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    )",
];

/// The version of the tables, kept in `meta`: a later version may change them.
pub const SCHEMA_VERSION: &str = "1";

/// Creates the tables where they are missing, and checks that the database can be written.
pub fn prepare(db: &mut dyn Sql) -> Result<(), DbError> {
    for statement in SCHEMA {
        db.exec(statement, &[])?;
    }
    let found = db.rows("SELECT value FROM meta WHERE key = 'schema'", &[])?;
    match found.first().and_then(|row| row.first()) {
        Some(Value::Text(v)) if v != SCHEMA_VERSION => {
            return Err(DbError {
                conflict: false,
                message: format!(
                    "its tables are of version {v}; this server knows version {SCHEMA_VERSION}"
                ),
            });
        }
        Some(_) => {}
        None => {
            db.exec(
                "INSERT INTO meta (key, value) VALUES ('schema', $1) ON CONFLICT (key) DO NOTHING",
                &[text(SCHEMA_VERSION)],
            )?;
        }
    }
    // A write that every start makes: a read-only database is found now, not at a move.
    db.exec(
        "INSERT INTO meta (key, value) VALUES ('opened', $1)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        &[text(&super::now().to_string())],
    )?;
    Ok(())
}

/// Runs each batch as one transaction over a database.
pub struct Batch<S: Sql>(pub S);

impl<S: Sql> Backend for Batch<S> {
    fn run(&mut self, batch: &[Request]) -> Vec<Outcome> {
        let db = &mut self.0;
        let all_failed = |message: String| {
            batch
                .iter()
                .map(|_| Err(StoreError::Failed(message.clone())))
                .collect()
        };
        if let Err(e) = db.ready() {
            return all_failed(e.message);
        }
        let begin = match batch.iter().any(Request::writes) {
            true => db.begin_writing(),
            false => "BEGIN",
        };
        if let Err(e) = db.exec(begin, &[]) {
            return all_failed(e.message);
        }
        let mut outcomes = Vec::with_capacity(batch.len());
        for request in batch {
            let outcome = db
                .exec("SAVEPOINT request", &[])
                .map_err(StoreError::from)
                .and_then(|_| perform(db, request));
            let closed = match outcome {
                Ok(_) => db.exec("RELEASE SAVEPOINT request", &[]),
                Err(_) => db
                    .exec("ROLLBACK TO SAVEPOINT request", &[])
                    .and_then(|_| db.exec("RELEASE SAVEPOINT request", &[])),
            };
            if let Err(e) = closed.and_then(|_| match db.in_transaction() {
                true => Ok(0),
                false => Err(DbError {
                    conflict: false,
                    message: "the database ended the transaction".into(),
                }),
            }) {
                // The transaction is broken (a full disk makes SQLite roll it back): nothing
                // of it is stored, and nothing more may run outside it.
                let _ = db.exec("ROLLBACK", &[]);
                return all_failed(e.message);
            }
            outcomes.push(outcome);
        }
        if let Err(e) = db.exec("COMMIT", &[]) {
            let _ = db.exec("ROLLBACK", &[]);
            return all_failed(e.message);
        }
        outcomes
    }
}

fn perform(db: &mut dyn Sql, request: &Request) -> Outcome {
    match request {
        Request::Create(row) => insert_game(db, row).map(|_| Reply::Done),
        Request::Append(append) => store_action(db, append).map(|_| Reply::Done),
        Request::Close { id, status, now } => {
            db.exec(
                "UPDATE games SET status = $2, updated = $3 WHERE id = $1 AND status = 'live'",
                &[text(id), text(status.as_str()), Value::Int(*now)],
            )?;
            db.announce(id)?;
            Ok(Reply::Done)
        }
        Request::Import(game) => import(db, game).map(|_| Reply::Done),
        Request::Load(id) => load(db, id).map(Reply::Game),
        Request::Seat(hash) => {
            let rows = db.rows(
                "SELECT game_id, seat FROM seats WHERE key_hash = $1",
                &[text(hash)],
            )?;
            let seat = match rows.first() {
                Some(row) => Some((row[0].text()?.to_string(), row[1].int()? as usize)),
                None => None,
            };
            Ok(Reply::Seat(seat))
        }
        Request::Since { id, from } => since(db, id, *from).map(Reply::Since),
        Request::Live => {
            let rows = db.rows(
                "SELECT id FROM games WHERE status = 'live' ORDER BY created, id",
                &[],
            )?;
            let ids = rows
                .iter()
                .map(|row| row[0].text().map(String::from))
                .collect::<Result<_, _>>()?;
            Ok(Reply::Ids(ids))
        }
        Request::Claim(id) => Ok(Reply::Claimed(db.claim(id)?)),
        Request::Release(id) => db.release(id).map(|()| Reply::Done).map_err(Into::into),
    }
}

fn json_text(map: &BTreeMap<String, String>) -> Value {
    Value::Text(serde_json::to_string(map).unwrap_or_else(|_| "{}".into()))
}

fn insert_game(db: &mut dyn Sql, row: &GameRow) -> Result<(), StoreError> {
    db.exec(
        "INSERT INTO games (id, game, options, players, date, created, updated, status, result)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        &[
            text(&row.id),
            text(&row.game),
            json_text(&row.options),
            json_text(&row.players),
            text(&row.date),
            Value::Int(row.created),
            Value::Int(row.updated),
            text(row.status.as_str()),
            row.result.as_deref().map_or(Value::Null, text),
        ],
    )?;
    for (seat, hash) in &row.seats {
        db.exec(
            "INSERT INTO seats (game_id, seat, key_hash) VALUES ($1, $2, $3)",
            &[text(&row.id), Value::Int(*seat as i64), text(hash)],
        )?;
    }
    Ok(())
}

/// Stores an action where its game expects the next one, and how the game stands after it.
fn store_action(db: &mut dyn Sql, append: &Append) -> Result<(), StoreError> {
    let id = text(&append.id);
    let status = db.rows(
        "SELECT status FROM games WHERE id = $1",
        std::slice::from_ref(&id),
    )?;
    let Some(row) = status.first() else {
        return Err(StoreError::Failed(format!("no game `{}`", append.id)));
    };
    let status = Status::parse(row[0].text()?)?;
    if status != Status::Live {
        return Err(StoreError::Conflict(format!(
            "the game is {}",
            status.as_str()
        )));
    }
    let next = db.rows(
        "SELECT COALESCE(MAX(n) + 1, 0) FROM actions WHERE game_id = $1",
        std::slice::from_ref(&id),
    )?;
    let next = next.first().map_or(Ok(0), |row| row[0].int())? as usize;
    if next != append.at {
        return Err(StoreError::Conflict(format!(
            "action {} was to be stored, but the game has {next}",
            append.at
        )));
    }
    db.exec(
        "INSERT INTO actions (game_id, n, token) VALUES ($1, $2, $3)",
        &[
            id.clone(),
            Value::Int(append.at as i64),
            text(&append.token),
        ],
    )?;
    db.exec(
        "UPDATE games SET updated = $2, status = $3, result = $4 WHERE id = $1",
        &[
            id,
            Value::Int(append.now),
            text(append.status.as_str()),
            append.result.as_deref().map_or(Value::Null, text),
        ],
    )?;
    db.announce(&append.id)?;
    Ok(())
}

fn import(db: &mut dyn Sql, game: &StoredGame) -> Result<(), StoreError> {
    let known = db.rows("SELECT 1 FROM games WHERE id = $1", &[text(&game.row.id)])?;
    if !known.is_empty() {
        return Ok(());
    }
    insert_game(db, &game.row)?;
    for (n, token) in game.tokens.iter().enumerate() {
        db.exec(
            "INSERT INTO actions (game_id, n, token) VALUES ($1, $2, $3)",
            &[text(&game.row.id), Value::Int(n as i64), text(token)],
        )?;
    }
    Ok(())
}

fn tokens(db: &mut dyn Sql, id: &str, from: usize) -> Result<Vec<String>, StoreError> {
    db.rows(
        "SELECT token FROM actions WHERE game_id = $1 AND n >= $2 ORDER BY n",
        &[text(id), Value::Int(from as i64)],
    )?
    .iter()
    .map(|row| row[0].text().map(String::from))
    .collect()
}

fn parse_map(value: &Value) -> Result<BTreeMap<String, String>, StoreError> {
    serde_json::from_str(value.text()?)
        .map_err(|e| StoreError::Failed(format!("a stored map is not JSON: {e}")))
}

fn load(db: &mut dyn Sql, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let rows = db.rows(
        "SELECT game, options, players, date, created, updated, status, result
         FROM games WHERE id = $1",
        &[text(id)],
    )?;
    let Some(row) = rows.first() else {
        return Ok(None);
    };
    let seats = db
        .rows(
            "SELECT seat, key_hash FROM seats WHERE game_id = $1 ORDER BY seat",
            &[text(id)],
        )?
        .iter()
        .map(|r| Ok((r[0].int()? as usize, r[1].text()?.to_string())))
        .collect::<Result<_, StoreError>>()?;
    let row = GameRow {
        id: id.to_string(),
        game: row[0].text()?.to_string(),
        options: parse_map(&row[1])?,
        players: parse_map(&row[2])?,
        date: row[3].text()?.to_string(),
        created: row[4].int()?,
        updated: row[5].int()?,
        status: Status::parse(row[6].text()?)?,
        result: row[7].optional_text()?,
        seats,
    };
    let tokens = tokens(db, id, 0)?;
    Ok(Some(StoredGame { row, tokens }))
}

fn since(db: &mut dyn Sql, id: &str, from: usize) -> Result<Option<Since>, StoreError> {
    let rows = db.rows(
        "SELECT status, result FROM games WHERE id = $1",
        &[text(id)],
    )?;
    let Some(row) = rows.first() else {
        return Ok(None);
    };
    let (status, result) = (Status::parse(row[0].text()?)?, row[1].optional_text()?);
    Ok(Some(Since {
        tokens: tokens(db, id, from)?,
        status,
        result,
    }))
}

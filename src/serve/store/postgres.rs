//! The store in PostgreSQL, shared by several servers: the same tables as SQLite's, an action's
//! row key (game, index) deciding which server's action is stored when two race, and each stored
//! change announced (`NOTIFY tabula_actions`, its payload the game's id) to every server, which
//! reads the new actions and tells its watchers.

use super::Durability;
use super::sql::{Batch, DbError, Sql, Value};
use postgres::fallible_iterator::FallibleIterator;
use postgres::types::{ToSql, Type};
use postgres::{Client, NoTls, Statement};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The channel of the announcements.
const CHANNEL: &str = "tabula_actions";
/// An announcement that says "anything may have changed": sent after the listener lost its
/// connection, when announcements may have been missed.
pub const EVERYTHING: &str = "*";

pub struct Postgres {
    address: String,
    durability: Durability,
    client: Option<Client>,
    statements: HashMap<String, Statement>,
}

/// The address with its password hidden, for messages.
pub fn shown(address: &str) -> String {
    let Some(scheme_end) = address.find("://").map(|i| i + 3) else {
        return address.to_string();
    };
    let rest = &address[scheme_end..];
    let authority_end = rest.find('/').unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => match rest[..at].find(':') {
            Some(colon) => format!(
                "{}{}:***{}",
                &address[..scheme_end],
                &rest[..colon],
                &rest[at..]
            ),
            None => address.to_string(),
        },
        None => address.to_string(),
    }
}

fn error(e: postgres::Error) -> DbError {
    use postgres::error::SqlState;
    let conflict = e.code().is_some_and(|code| {
        [
            SqlState::UNIQUE_VIOLATION,
            SqlState::T_R_DEADLOCK_DETECTED,
            SqlState::T_R_SERIALIZATION_FAILURE,
        ]
        .contains(code)
    });
    let message = match e.as_db_error() {
        Some(db) => db.message().to_string(),
        None => e.to_string(),
    };
    DbError { conflict, message }
}

fn connect(address: &str, durability: Durability) -> Result<Client, DbError> {
    let mut client = Client::connect(address, NoTls).map_err(error)?;
    let synchronous = match durability {
        Durability::Full => "on",
        Durability::Normal => "off",
    };
    client
        .batch_execute(&format!("SET synchronous_commit = {synchronous}"))
        .map_err(error)?;
    Ok(client)
}

/// Follows the announcements on a connection of its own, until dropped.
pub struct Listener {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn listen(
    address: String,
    stop: Arc<AtomicBool>,
    notices: tokio::sync::mpsc::UnboundedSender<String>,
) {
    let mut client: Option<Client> = None;
    while !stop.load(Ordering::Relaxed) {
        let Some(connected) = client.as_mut() else {
            match Client::connect(&address, NoTls)
                .and_then(|mut c| c.batch_execute(&format!("LISTEN {CHANNEL}")).map(|()| c))
            {
                Ok(c) => {
                    client = Some(c);
                    // Announcements made while no one listened are lost: look at everything.
                    let _ = notices.send(EVERYTHING.to_string());
                }
                Err(e) => {
                    eprintln!("tabula serve: cannot listen to PostgreSQL: {e}");
                    std::thread::sleep(Duration::from_secs(1));
                }
            }
            continue;
        };
        let mut lost = false;
        {
            let mut notifications = connected.notifications();
            let mut iter = notifications.timeout_iter(Duration::from_millis(500));
            loop {
                match iter.next() {
                    Ok(Some(note)) => {
                        if notices.send(note.payload().to_string()).is_err() {
                            return;
                        }
                    }
                    Ok(None) => break,
                    Err(_) => {
                        lost = true;
                        break;
                    }
                }
            }
        }
        if lost || connected.is_closed() {
            client = None;
        }
    }
}

type Opened = (
    Batch<Postgres>,
    Listener,
    tokio::sync::mpsc::UnboundedReceiver<String>,
);

/// Connects, makes the tables if they are missing, and starts listening.
pub fn open(address: &str, durability: Durability) -> Result<Opened, String> {
    let shown_address = shown(address);
    let client = connect(address, durability)
        .map_err(|e| format!("cannot connect to {shown_address}: {}", e.message))?;
    let mut db = Postgres {
        address: address.to_string(),
        durability,
        client: Some(client),
        statements: HashMap::new(),
    };
    // Servers starting together make the tables one at a time.
    let prepared = db
        .exec("SELECT pg_advisory_lock(7154)", &[])
        .and_then(|_| super::sql::prepare(&mut db));
    let _ = db.exec("SELECT pg_advisory_unlock(7154)", &[]);
    prepared.map_err(|e| format!("{shown_address} cannot be used: {}", e.message))?;
    let (sender, notices) = tokio::sync::mpsc::unbounded_channel();
    let stop = Arc::new(AtomicBool::new(false));
    let thread = {
        let (address, stop) = (address.to_string(), stop.clone());
        std::thread::Builder::new()
            .name("tabula-listen".into())
            .spawn(move || listen(address, stop, sender))
            .map_err(|e| format!("cannot start listening: {e}"))?
    };
    let listener = Listener {
        stop,
        thread: Some(thread),
    };
    Ok((Batch(db), listener, notices))
}

/// The advisory lock's key of a game: its id's first 64 bits.
fn lock_key(id: &str) -> i64 {
    u64::from_str_radix(id.get(..16).unwrap_or(id), 16).unwrap_or(0) as i64
}

fn params(values: &[Value]) -> Vec<Box<dyn ToSql + Sync>> {
    values
        .iter()
        .map(|v| -> Box<dyn ToSql + Sync> {
            match v {
                Value::Int(n) => Box::new(*n),
                Value::Text(t) => Box::new(t.clone()),
                Value::Null => Box::new(None::<String>),
            }
        })
        .collect()
}

impl Postgres {
    fn client(&mut self) -> Result<&mut Client, DbError> {
        self.client.as_mut().ok_or_else(|| DbError {
            conflict: false,
            message: "no connection to PostgreSQL".into(),
        })
    }

    fn statement(&mut self, sql: &str) -> Result<Statement, DbError> {
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client()?.prepare(sql).map_err(error)?;
        self.statements.insert(sql.to_string(), statement.clone());
        Ok(statement)
    }
}

impl Sql for Postgres {
    fn exec(&mut self, sql: &str, values: &[Value]) -> Result<u64, DbError> {
        if values.is_empty() {
            return self.client()?.batch_execute(sql).map(|()| 0).map_err(error);
        }
        let statement = self.statement(sql)?;
        let boxed = params(values);
        let refs: Vec<&(dyn ToSql + Sync)> = boxed.iter().map(|b| b.as_ref()).collect();
        self.client()?.execute(&statement, &refs).map_err(error)
    }

    fn rows(&mut self, sql: &str, values: &[Value]) -> Result<Vec<Vec<Value>>, DbError> {
        let statement = self.statement(sql)?;
        let boxed = params(values);
        let refs: Vec<&(dyn ToSql + Sync)> = boxed.iter().map(|b| b.as_ref()).collect();
        let rows = self.client()?.query(&statement, &refs).map_err(error)?;
        Ok(rows
            .iter()
            .map(|row| {
                (0..row.len())
                    .map(|i| {
                        let kind = row.columns()[i].type_().clone();
                        let int = |n: Option<i64>| n.map_or(Value::Null, Value::Int);
                        match kind {
                            Type::INT8 => int(row.try_get::<_, Option<i64>>(i).ok().flatten()),
                            Type::INT4 => int(row
                                .try_get::<_, Option<i32>>(i)
                                .ok()
                                .flatten()
                                .map(i64::from)),
                            Type::BOOL => row
                                .try_get::<_, Option<bool>>(i)
                                .ok()
                                .flatten()
                                .map_or(Value::Null, |b| Value::Int(i64::from(b))),
                            Type::TEXT | Type::VARCHAR | Type::NAME => row
                                .try_get::<_, Option<String>>(i)
                                .ok()
                                .flatten()
                                .map_or(Value::Null, Value::Text),
                            _ => Value::Null,
                        }
                    })
                    .collect()
            })
            .collect())
    }

    fn ready(&mut self) -> Result<(), DbError> {
        if self.client.as_ref().is_some_and(|c| !c.is_closed()) {
            return Ok(());
        }
        self.client = None;
        self.statements.clear();
        self.client = Some(connect(&self.address, self.durability)?);
        Ok(())
    }

    fn begin_writing(&self) -> &'static str {
        "BEGIN"
    }

    fn in_transaction(&self) -> bool {
        self.client.as_ref().is_some_and(|c| !c.is_closed())
    }

    /// A session-level advisory lock: PostgreSQL lets it go when the connection ends, so a
    /// server that dies frees its games at once.
    fn claim(&mut self, id: &str) -> Result<bool, DbError> {
        let rows = self.rows(
            "SELECT pg_try_advisory_lock($1)",
            &[Value::Int(lock_key(id))],
        )?;
        Ok(matches!(rows.first().map(|r| &r[0]), Some(Value::Int(1))))
    }

    fn release(&mut self, id: &str) -> Result<(), DbError> {
        self.rows("SELECT pg_advisory_unlock($1)", &[Value::Int(lock_key(id))])
            .map(|_| ())
    }

    fn announce(&mut self, id: &str) -> Result<(), DbError> {
        self.exec(
            "SELECT pg_notify($1, $2)",
            &[Value::Text(CHANNEL.into()), Value::Text(id.into())],
        )
        .map(|_| ())
    }
}

//! The store in a SQLite file (the bundled SQLite: nothing to install): WAL mode, synced at
//! every commit unless told otherwise, private to its owner, and locked so that one server alone
//! uses it.

use super::Durability;
use super::sql::{Batch, DbError, Sql, Value};
use rusqlite::types::ValueRef;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

pub struct Sqlite {
    connection: rusqlite::Connection,
    /// Held while the server runs: a second server on the same file cannot take it.
    _lock: File,
}

fn error(e: rusqlite::Error) -> DbError {
    let conflict = matches!(
        e.sqlite_error_code(),
        Some(rusqlite::ErrorCode::ConstraintViolation)
    );
    DbError {
        conflict,
        message: e.to_string(),
    }
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Takes the lock beside the database, or says which process holds it.
fn lock(path: &Path) -> Result<File, String> {
    let lock_path = with_suffix(path, ".lock");
    let shown = lock_path.display();
    let mut file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .mode(0o600)
        .open(&lock_path)
        .map_err(|e| format!("cannot open the lock `{shown}`: {e}"))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let holder = std::fs::read_to_string(&lock_path).unwrap_or_default();
            let holder = match holder.trim() {
                "" => String::new(),
                pid => format!(" (process {pid})"),
            };
            return Err(format!(
                "another `tabula serve`{holder} is using the database `{}`: stop it, or give this \
                 one another `--data` or `--database` (several servers share games only in \
                 PostgreSQL)",
                path.display()
            ));
        }
        Err(std::fs::TryLockError::Error(e)) => {
            return Err(format!("cannot lock `{shown}`: {e}"));
        }
    }
    let _ = file.set_len(0);
    let _ = write!(file, "{}", std::process::id());
    Ok(file)
}

/// Opens (or makes) the database at `path` for this process alone.
pub fn open(path: &Path, durability: Durability) -> Result<Batch<Sqlite>, String> {
    let shown = path.display();
    if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(folder)
            .map_err(|e| format!("cannot make the folder `{}`: {e}", folder.display()))?;
    }
    let lock = lock(path)?;
    // Made private before SQLite opens it; its journal files take the same permissions.
    OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .mode(0o600)
        .open(path)
        .map_err(|e| format!("cannot open the database `{shown}`: {e}"))?;
    for file in [
        path.to_path_buf(),
        with_suffix(path, "-wal"),
        with_suffix(path, "-shm"),
    ] {
        if file.exists() {
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600))
                .map_err(|e| format!("cannot make `{}` private: {e}", file.display()))?;
        }
    }
    let connection = rusqlite::Connection::open(path)
        .map_err(|e| format!("cannot open the database `{shown}`: {e}"))?;
    let synchronous = match durability {
        Durability::Full => "FULL",
        Durability::Normal => "NORMAL",
    };
    let mode: String = connection
        .query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))
        .map_err(|e| format!("cannot use the database `{shown}`: {e}"))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(format!(
            "the database `{shown}` cannot be put in WAL mode (it is in `{mode}` mode)"
        ));
    }
    connection
        .execute_batch(&format!(
            "PRAGMA synchronous = {synchronous}; PRAGMA foreign_keys = ON;"
        ))
        .and_then(|()| connection.busy_timeout(std::time::Duration::from_secs(5)))
        .map_err(|e| format!("cannot use the database `{shown}`: {e}"))?;
    let mut db = Sqlite {
        connection,
        _lock: lock,
    };
    super::sql::prepare(&mut db)
        .map_err(|e| format!("the database `{shown}` cannot be written: {}", e.message))?;
    Ok(Batch(db))
}

fn bind(params: &[Value]) -> Vec<rusqlite::types::Value> {
    params
        .iter()
        .map(|p| match p {
            Value::Int(n) => rusqlite::types::Value::Integer(*n),
            Value::Text(t) => rusqlite::types::Value::Text(t.clone()),
            Value::Null => rusqlite::types::Value::Null,
        })
        .collect()
}

/// The statement with PostgreSQL's `$N` parameters written as SQLite's `?N`: to SQLite `$N` is a
/// name, numbered in the order names first appear, not by `N`.
fn numbered(sql: &str) -> String {
    sql.replace('$', "?")
}

impl Sql for Sqlite {
    fn exec(&mut self, sql: &str, params: &[Value]) -> Result<u64, DbError> {
        let mut statement = self
            .connection
            .prepare_cached(&numbered(sql))
            .map_err(error)?;
        statement
            .execute(rusqlite::params_from_iter(bind(params)))
            .map(|n| n as u64)
            .map_err(error)
    }

    fn rows(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Vec<Value>>, DbError> {
        let mut statement = self
            .connection
            .prepare_cached(&numbered(sql))
            .map_err(error)?;
        let columns = statement.column_count();
        let mut rows = statement
            .query(rusqlite::params_from_iter(bind(params)))
            .map_err(error)?;
        let mut found = Vec::new();
        while let Some(row) = rows.next().map_err(error)? {
            let values = (0..columns)
                .map(|i| match row.get_ref(i) {
                    Ok(ValueRef::Integer(n)) => Value::Int(n),
                    Ok(ValueRef::Text(t)) => Value::Text(String::from_utf8_lossy(t).into_owned()),
                    _ => Value::Null,
                })
                .collect();
            found.push(values);
        }
        Ok(found)
    }

    fn ready(&mut self) -> Result<(), DbError> {
        Ok(())
    }

    fn begin_writing(&self) -> &'static str {
        // The write lock at once: a busy database waits here, not half-way through.
        "BEGIN IMMEDIATE"
    }

    fn in_transaction(&self) -> bool {
        !self.connection.is_autocommit()
    }

    fn announce(&mut self, _id: &str) -> Result<(), DbError> {
        Ok(())
    }

    /// One server alone uses the file: every claim is its own.
    fn claim(&mut self, _id: &str) -> Result<bool, DbError> {
        Ok(true)
    }

    fn release(&mut self, _id: &str) -> Result<(), DbError> {
        Ok(())
    }
}

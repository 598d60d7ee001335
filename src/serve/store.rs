//! Games stored as they are played: one file per game in the data folder, its record (the
//! format of `play --save`) and the secrets of its seats, rewritten whole after every action (to
//! a temporary file renamed over it).

use crate::record::Record;
use crate::span::FileId;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A game as stored.
pub struct Stored {
    pub id: String,
    pub record: Record,
    pub seat_secrets: Vec<Option<String>>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    record: String,
    seats: Vec<Option<String>>,
}

/// Whether `id` can name a stored file: the hex of [`super::secret`].
fn is_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

pub fn write(
    dir: &Path,
    id: &str,
    record: &Record,
    seats: &[Option<String>],
) -> Result<(), String> {
    if !is_id(id) {
        return Err(format!("`{id}` is not a game's name"));
    }
    let file = File {
        record: record.to_text(),
        seats: seats.to_vec(),
    };
    let text = serde_json::to_string(&file).map_err(|e| e.to_string())?;
    let path = dir.join(format!("{id}.json"));
    let temporary = dir.join(format!("{id}.json.tmp"));
    std::fs::write(&temporary, text)
        .and_then(|()| std::fs::rename(&temporary, &path))
        .map_err(|e| format!("cannot store game `{id}` in `{}`: {e}", dir.display()))
}

/// Every game stored in `dir`; one that cannot be read is an error of its own.
pub fn read_all(dir: &Path) -> Vec<Result<Stored, String>> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .filter_map(|path| {
            let id = path.file_stem()?.to_str()?.to_string();
            is_id(&id).then(|| read(&path, id))
        })
        .collect()
}

fn read(path: &Path, id: String) -> Result<Stored, String> {
    let shown = path.display();
    let text = crate::input::read_text(path).map_err(|e| format!("cannot read `{shown}`: {e}"))?;
    let file: File =
        serde_json::from_str(&text).map_err(|e| format!("`{shown}` is not a stored game: {e}"))?;
    let record = Record::parse(&file.record, FileId(0))
        .map_err(|e| format!("`{shown}`: its record: {}", e.kind))?;
    Ok(Stored {
        id,
        record,
        seat_secrets: file.seats,
    })
}

//! The data folders of earlier versions, one JSON file per game (its record and its seats'
//! keys), imported into the store on the first start: each game stored whole, its keys as
//! hashes, then its file moved into `imported/` (private to the server's owner) so that it is
//! not read again.

use super::{GameRow, Status, Store, StoredGame, key_hash};
use crate::record::Record;
use crate::span::FileId;
use serde::Deserialize;
use std::fs::Permissions;
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    record: String,
    seats: Vec<Option<String>>,
}

/// Whether `id` names a game: the 32 hex digits of the server's secrets.
fn is_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

fn read(path: &Path, id: &str) -> Result<StoredGame, String> {
    let shown = path.display();
    let text = crate::input::read_text(path).map_err(|e| format!("cannot read `{shown}`: {e}"))?;
    let file: File =
        serde_json::from_str(&text).map_err(|e| format!("`{shown}` is not a stored game: {e}"))?;
    let record = Record::parse(&file.record, FileId(0))
        .map_err(|e| format!("`{shown}`: its record: {}", e.kind))?;
    let modified = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or_else(super::now, |d| d.as_secs() as i64);
    let status = match record.result {
        Some(_) => Status::Finished,
        None => Status::Live,
    };
    Ok(StoredGame {
        row: GameRow {
            id: id.to_string(),
            game: record.game,
            options: record.options,
            players: record.players,
            date: record.date,
            created: modified,
            updated: modified,
            status,
            result: record.result,
            seats: file
                .seats
                .iter()
                .enumerate()
                .filter_map(|(seat, key)| key.as_deref().map(|k| (seat, key_hash(k))))
                .collect(),
        },
        tokens: record.tokens,
    })
}

/// Imports every game file of `folder` into `store`; the number imported, and a message for
/// each file that could not be.
pub fn import_json_folder(folder: &Path, store: &Store) -> (usize, Vec<String>) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return (0, Vec::new());
    };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    let done = folder.join("imported");
    let (mut imported, mut problems) = (0, Vec::new());
    for path in paths {
        let Some(id) = path.file_stem().and_then(|s| s.to_str()).map(String::from) else {
            continue;
        };
        if !is_id(&id) {
            continue;
        }
        let stored = match read(&path, &id) {
            Ok(stored) => stored,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        if let Err(e) = store.import_blocking(stored) {
            problems.push(format!("`{}` was not imported: {e}", path.display()));
            continue;
        }
        let moved = std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&done)
            .and_then(|()| std::fs::set_permissions(&path, Permissions::from_mode(0o600)))
            .and_then(|()| std::fs::rename(&path, done.join(format!("{id}.json"))));
        if let Err(e) = moved {
            problems.push(format!(
                "`{}` was imported but not moved into `{}`: {e}",
                path.display(),
                done.display()
            ));
        }
        imported += 1;
    }
    (imported, problems)
}

//! The limits of `tabula serve`, each with a small setting: idle games abandoned, a game
//! stopped at the most actions, live games capped, slow and idle connections closed, connections
//! per address capped; and the JSON data folders of earlier versions imported.

use crate::serve_support::{scratch, seat_path, start};
use serde_json::json;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

fn data_args(test: &str) -> (std::path::PathBuf, Vec<String>) {
    let data = scratch(test);
    let args = vec!["--data".to_string(), data.to_string_lossy().into_owned()];
    (data, args)
}

fn with<'a>(args: &'a [String], more: &[&'a str]) -> Vec<&'a str> {
    args.iter()
        .map(String::as_str)
        .chain(more.iter().copied())
        .collect()
}

#[test]
fn an_idle_game_is_abandoned_kept_and_no_longer_played() {
    let (_, args) = data_args("expire");
    let server = start(&with(&args, &["--expire-after", "1s"]));
    let made = server.new_game("breakthrough", json!({}));
    let (id, white) = (made["id"].as_str().unwrap(), seat_path(&made, 0).unwrap());
    let until = Instant::now() + Duration::from_secs(20);
    let view = loop {
        let view = server.json(&format!("/api/match/{id}"));
        if !view["closed"].is_null() || Instant::now() > until {
            break view;
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(
        view["closed"].as_str().unwrap().starts_with("abandoned"),
        "{view}"
    );
    assert_eq!(view["to_move"], json!(null));
    let (status, answer) = server
        .post(&format!("{white}/move"), &json!({ "action": "a2-a3" }))
        .unwrap();
    assert_eq!(status, 409, "{answer}");
    // Kept: a restarted server still shows it, abandoned.
    server.kill();
    let server = start(&with(&args, &["--expire-after", "1s"]));
    let view = server.json(&format!("/api/match/{id}"));
    assert!(
        view["closed"].as_str().unwrap().starts_with("abandoned"),
        "{view}"
    );
}

#[test]
fn a_game_is_stopped_at_the_most_actions_and_its_record_replays() {
    let (data, args) = data_args("max-actions");
    let server = start(&with(&args, &["--max-actions", "5"]));
    let made = server.new_game("breakthrough", json!({ "black": "random" }));
    let (id, white) = (made["id"].as_str().unwrap(), seat_path(&made, 0).unwrap());
    for _ in 0..3 {
        let view = wait_turn(&server, &white);
        if view["legal"].as_array().unwrap().is_empty() {
            break;
        }
        let token = view["legal"][0]["token"].clone();
        let (status, answer) = server
            .post(&format!("{white}/move"), &json!({ "action": token }))
            .unwrap();
        assert_eq!(status, 200, "{answer}");
    }
    let view = server.json(&format!("/api/match/{id}"));
    assert_eq!(view["at"], 5);
    assert!(view["closed"].as_str().unwrap().contains("limit"), "{view}");
    assert_eq!(view["result"], json!(null));
    server.replays(id, &data);
}

/// The seat's view once it is the seat's turn or the game stopped (a bounded wait).
fn wait_turn(server: &crate::serve_support::Instance, seat: &str) -> serde_json::Value {
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        let view = server.json(seat);
        let waiting = view["legal"].as_array().unwrap().is_empty()
            && view["closed"].is_null()
            && view["result"].is_null();
        if !waiting || Instant::now() > until {
            return view;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn past_the_most_live_games_a_new_game_is_refused() {
    let (_, args) = data_args("max-games");
    let server = start(&with(&args, &["--max-games", "2"]));
    server.new_game("tic-tac-toe", json!({}));
    server.new_game("tic-tac-toe", json!({}));
    let (status, answer) = server
        .post("/api/matches", &json!({ "game": "tic-tac-toe" }))
        .unwrap();
    assert_eq!(status, 503, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("limit"),
        "{answer}"
    );
}

/// Whether the server closes `stream` within `within` (reads end or fail).
fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    stream
        .set_read_timeout(Some(within))
        .expect("a read timeout");
    let mut buffer = [0u8; 1024];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e) => {
                return !matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                );
            }
        }
    }
}

#[test]
fn slow_headers_and_idle_connections_are_closed() {
    let (_, args) = data_args("timeouts");
    let server = start(&with(
        &args,
        &["--header-timeout", "1s", "--idle-timeout", "2s"],
    ));
    let address = server.base.trim_start_matches("http://").to_string();
    // Nothing sent, part of a header sent (a slow client), a kept-alive connection left idle.
    let mut silent = TcpStream::connect(&address).unwrap();
    let mut slow = TcpStream::connect(&address).unwrap();
    slow.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    let mut idle = TcpStream::connect(&address).unwrap();
    idle.write_all(b"GET /page/style.css HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    for (name, stream) in [
        ("silent", &mut silent),
        ("slow", &mut slow),
        ("idle", &mut idle),
    ] {
        assert!(
            closed_within(stream, Duration::from_secs(5)),
            "the {name} connection stayed open"
        );
    }
    // Meanwhile the server answers.
    server.json("/api/games");
}

#[test]
fn connections_from_one_address_are_capped() {
    let (_, args) = data_args("per-address");
    let server = start(&with(&args, &["--max-connections-per-address", "4"]));
    let address = server.base.trim_start_matches("http://").to_string();
    let open: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(&address).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut fifth = TcpStream::connect(&address).unwrap();
    let _ = fifth.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n");
    assert!(
        closed_within(&mut fifth, Duration::from_secs(5)),
        "a fifth connection was served"
    );
    drop(open);
    std::thread::sleep(Duration::from_millis(200));
    server.json("/api/games");
}

#[test]
fn a_data_folder_of_json_files_is_imported_on_the_first_start() {
    let (data, args) = data_args("import");
    let (id, key) = (
        "0123456789abcdef0123456789abcdef",
        "fedcba9876543210fedcba9876543210",
    );
    let record = "game = \"tic-tac-toe\"\ndate = \"2026-11-01\"\ntokens = '''\nb2 a1\n'''\n\n\
                  [players]\nx = \"human\"\no = \"random\"\n";
    let file = json!({ "record": record, "seats": [key, null] });
    std::fs::write(data.join(format!("{id}.json")), file.to_string()).unwrap();
    std::fs::write(data.join("not-a-game.json"), "{").unwrap();
    let server = start(&with(&args, &[]));
    let view = server.json(&format!("/api/seat/{key}"));
    assert_eq!(view["moves"], json!(["b2", "a1"]));
    assert_eq!(view["you"], 0);
    assert!(!data.join(format!("{id}.json")).exists());
    assert!(data.join("imported").join(format!("{id}.json")).exists());
    // A move on the imported game is kept like any other.
    let (status, answer) = server
        .post(&format!("/api/seat/{key}/move"), &json!({ "action": "c3" }))
        .unwrap();
    assert_eq!(status, 200, "{answer}");
    server.kill();
    let server = start(&with(&args, &[]));
    let moves = server.all_moves(id);
    assert_eq!(moves[..3], ["b2", "a1", "c3"]);
}

/// What the store holds, read from the SQLite file itself: a finished game's row says how it
/// ended, its actions are its rows in order, and its seats hold hashes, not keys.
#[test]
fn the_store_holds_each_game_its_actions_and_its_end() {
    let (data, args) = data_args("rows");
    let server = start(&with(&args, &[]));
    let made = server.new_game("tic-tac-toe", json!({ "o": "random" }));
    let (id, x) = (
        made["id"].as_str().unwrap().to_string(),
        seat_path(&made, 0).unwrap(),
    );
    let key = x.rsplit('/').next().unwrap().to_string();
    let view = loop {
        let view = wait_turn(&server, &x);
        if !view["result"].is_null() {
            break view;
        }
        let token = view["legal"][0]["token"].clone();
        server
            .post(&format!("{x}/move"), &json!({ "action": token }))
            .unwrap();
    };
    let moves = server.all_moves(&id);
    server.kill();
    let db = rusqlite::Connection::open(data.join("tabula.sqlite3")).unwrap();
    let (status, result, players): (String, String, String) = db
        .query_row(
            "SELECT status, result, players FROM games WHERE id = ?1",
            [&id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!(status, "finished");
    assert_eq!(json!(result), view["result"]);
    assert_eq!(players, r#"{"o":"random","x":"human"}"#);
    let mut rows = db
        .prepare("SELECT n, token FROM actions WHERE game_id = ?1 ORDER BY n")
        .unwrap();
    let stored: Vec<(i64, String)> = rows
        .query_map([&id], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        stored.iter().map(|(_, t)| t.clone()).collect::<Vec<_>>(),
        moves
    );
    assert!(stored.iter().enumerate().all(|(i, (n, _))| *n == i as i64));
    let hashes: Vec<String> = db
        .prepare("SELECT key_hash FROM seats WHERE game_id = ?1")
        .unwrap()
        .query_map([&id], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(hashes.len(), 1, "one seat is a person's");
    assert_eq!(hashes[0].len(), 64);
    assert_ne!(hashes[0], key);
}

/// A hint's client that leaves frees the machine's thread at once: with one thread, a second
/// hint asked next takes its own time, not the rest of the first one's too.
#[test]
fn a_hint_stops_when_its_client_leaves() {
    let (_, args) = data_args("hint-left");
    let server = start(&with(
        &args,
        &["--machine-threads", "1", "--hint-time", "3s"],
    ));
    let first = seat_path(&server.new_game("breakthrough", json!({})), 0).unwrap();
    let second = seat_path(&server.new_game("breakthrough", json!({})), 0).unwrap();
    let address = server.base.trim_start_matches("http://").to_string();
    let mut leaving = TcpStream::connect(&address).unwrap();
    write!(
        leaving,
        "POST {first}/hint HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n"
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    drop(leaving);
    let started = Instant::now();
    let (status, hint) = server.post(&format!("{second}/hint"), &json!({})).unwrap();
    let took = started.elapsed();
    assert_eq!(status, 200, "{hint}");
    assert!(
        took < Duration::from_millis(5000),
        "the second hint waited for the first: {took:?}"
    );
}

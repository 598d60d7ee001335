//! `tabula serve` under faults, run as a process of its own: killed with `kill -9` at random
//! moments while people play against random play and a search, its disk filled, its database
//! made read-only, a second server started on its database. What it acknowledged is kept; what
//! it could not keep it refused.

use crate::serve_support::{Instance, learn, scratch, seat_path, start, try_start};
use rand::RngExt;
use serde_json::{Value, json};
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The games of the kill test: a person (the first seat) against random play, chance or a
/// search.
const OPPONENTS: &[(&str, &str, &str)] = &[
    ("backgammon", "black", "random"),
    ("backgammon", "black", "random"),
    ("breakthrough", "black", "mcts:iterations=300,threads=1"),
    ("breakthrough", "black", "random"),
    ("connect-four", "yellow", "mcts:iterations=200,threads=1"),
    ("kalah", "north", "random"),
];

/// A game of the test: how it was made, and every action an answer has shown of it.
struct Played {
    kind: usize,
    id: String,
    seat: String,
    known: Vec<String>,
    over: bool,
}

fn new_game(server: &Instance, kind: usize) -> Played {
    let (game, machine, spec) = OPPONENTS[kind];
    let made = server.new_game(game, json!({ machine: spec }));
    Played {
        kind,
        id: made["id"].as_str().expect("an id").to_string(),
        seat: seat_path(&made, 0).expect("a person's seat"),
        known: Vec::new(),
        over: false,
    }
}

/// A person playing `game` as fast as answers come, until the server stops answering or `stop`
/// is raised. A move is sometimes sent at once after the last one, while the machine's reply is
/// being stored: it is refused (409) or played, never lost. Returns the moves acknowledged.
fn person(server: &Instance, game: &Mutex<Played>, stop: &AtomicBool, seed: u64) -> usize {
    let mut rng = tabula::engine::playout::seeded_rng(seed);
    let seat = game.lock().unwrap().seat.clone();
    let mut acknowledged = 0;
    let mut last_legal: Vec<String> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let Some((status, body)) = server.get(&seat) else {
            return acknowledged;
        };
        assert_eq!(status, 200, "{body}");
        let view: Value = serde_json::from_str(&body).expect("JSON");
        let mut played = game.lock().unwrap();
        learn(&mut played.known, &view);
        if !view["result"].is_null() || !view["closed"].is_null() {
            played.over = true;
            return acknowledged;
        }
        drop(played);
        let legal: Vec<String> = view["legal"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| a["token"].as_str().map(String::from))
            .collect();
        let racing = legal.is_empty() && !last_legal.is_empty() && rng.random_range(0..3) == 0;
        let choices = if racing { &last_legal } else { &legal };
        if choices.is_empty() {
            std::thread::sleep(Duration::from_millis(rng.random_range(0..3)));
            continue;
        }
        let token = &choices[rng.random_range(0..choices.len())];
        let Some((status, answer)) =
            server.post(&format!("{seat}/move"), &json!({ "action": token }))
        else {
            return acknowledged;
        };
        match status {
            200 => {
                learn(&mut game.lock().unwrap().known, &answer);
                acknowledged += 1;
            }
            409 => {}
            other => panic!("a move answered {other}: {answer}"),
        }
        last_legal = legal;
    }
    acknowledged
}

/// What a game holds, which must begin with every action acknowledged of it.
fn stored_after(server: &Instance, played: &Played) -> Vec<String> {
    let stored = server.all_moves(&played.id);
    assert!(
        stored.len() >= played.known.len() && stored[..played.known.len()] == played.known[..],
        "game {}: acknowledged {:?}, stored {:?}",
        played.id,
        played.known,
        stored
    );
    stored
}

/// After a restart: every game holds every action acknowledged before, and its record replays.
fn check_kept(server: &Instance, games: &[Arc<Mutex<Played>>], folder: &Path) -> usize {
    let mut kept = 0;
    for game in games {
        let mut played = game.lock().unwrap();
        let stored = stored_after(server, &played);
        kept += played.known.len();
        played.known = stored;
        server.replays(&played.id, folder);
    }
    kept
}

/// Kills the server `rounds` times, each after a random moment of play, and checks what it
/// kept after each restart; the kills and the actions checked.
fn kill_and_restart(store: &[&str], rounds: usize, folder: &Path) -> (usize, usize) {
    let mut rng = tabula::engine::playout::seeded_rng(34);
    let mut games: Vec<Arc<Mutex<Played>>> = Vec::new();
    let (mut kills, mut checked) = (0, 0);
    for round in 0..rounds {
        let server = Arc::new(start(store));
        if round > 0 {
            checked += check_kept(&server, &games, folder);
        }
        // Finished games make way for new ones of the same kind.
        for game in &mut games {
            let kind = game.lock().unwrap().kind;
            if game.lock().unwrap().over {
                *game = Arc::new(Mutex::new(new_game(&server, kind)));
            }
        }
        if games.is_empty() {
            games = (0..OPPONENTS.len())
                .map(|kind| Arc::new(Mutex::new(new_game(&server, kind))))
                .collect();
        }
        let stop = Arc::new(AtomicBool::new(false));
        let players: Vec<_> = games
            .iter()
            .enumerate()
            .map(|(i, game)| {
                let (server, game, stop) = (server.clone(), game.clone(), stop.clone());
                let seed = (round * 100 + i) as u64;
                std::thread::spawn(move || person(&server, &game, &stop, seed))
            })
            .collect();
        std::thread::sleep(Duration::from_millis(rng.random_range(300..1500)));
        // kill -9: no chance to finish anything.
        let pid = server.pid;
        Command::new("kill")
            .args(["-9", &pid.to_string()])
            .status()
            .expect("kill");
        kills += 1;
        stop.store(true, Ordering::Relaxed);
        for player in players {
            player.join().expect("a player");
        }
        drop(server);
    }
    let server = start(store);
    checked += check_kept(&server, &games, folder);
    (kills, checked)
}

#[test]
fn kill_nine_at_random_moments_loses_no_acknowledged_action() {
    let data = scratch("kill");
    let (kills, checked) = kill_and_restart(&["--data", data.to_str().unwrap()], 8, &data);
    eprintln!("SQLite: {kills} kills, {checked} acknowledged actions checked, all kept");
    assert!(checked > 50, "too little was played to tell: {checked}");
}

#[test]
fn kill_nine_loses_nothing_with_postgresql_either() {
    let Some(database) = crate::serve_support::PostgresDatabase::create("kill") else {
        return;
    };
    let folder = scratch("kill-postgres");
    let (kills, checked) = kill_and_restart(
        &[
            "--data",
            folder.to_str().unwrap(),
            "--database",
            &database.address,
        ],
        6,
        &folder,
    );
    eprintln!("PostgreSQL: {kills} kills, {checked} acknowledged actions checked, all kept");
    assert!(checked > 50, "too little was played to tell: {checked}");
}

#[test]
fn a_second_server_on_the_same_database_refuses_to_start() {
    let data = scratch("second");
    let first = start(&["--data", data.to_str().unwrap()]);
    let made = first.new_game("tic-tac-toe", json!({}));
    let refused = try_start(&["--data", data.to_str().unwrap()])
        .err()
        .expect("the second server refuses");
    assert!(refused.contains("exit status: 1"), "{refused}");
    assert!(refused.contains("another `tabula serve`"), "{refused}");
    assert!(
        refused.contains(&format!("process {}", first.pid)),
        "{refused}"
    );
    // The first goes on serving.
    let id = made["id"].as_str().unwrap();
    first.json(&format!("/api/match/{id}"));
}

#[test]
fn the_database_is_private_and_keeps_no_key_in_the_clear() {
    use std::os::unix::fs::PermissionsExt;
    let data = scratch("private").join("data");
    let server = start(&["--data", data.to_str().unwrap()]);
    let made = server.new_game("breakthrough", json!({}));
    let key = made["seats"][0]["link"]
        .as_str()
        .unwrap()
        .trim_start_matches("/seat/")
        .to_string();
    server.kill();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&data), 0o700);
    for entry in std::fs::read_dir(&data).unwrap() {
        let path = entry.unwrap().path();
        assert_eq!(mode(&path), 0o600, "{}", path.display());
        let bytes = std::fs::read(&path).unwrap();
        assert!(
            !bytes.windows(key.len()).any(|w| w == key.as_bytes()),
            "{} holds a seat's key",
            path.display()
        );
    }
}

/// Mounts a tmpfs of `size` at `dir` (as root); `None` with a message where it cannot.
fn tmpfs(dir: &Path, size: &str) -> Option<()> {
    let mounted = Command::new("mount")
        .args([
            "-t",
            "tmpfs",
            "-o",
            &format!("size={size},mode=0700"),
            "tmpfs",
        ])
        .arg(dir)
        .output();
    match mounted {
        Ok(out) if out.status.success() => Some(()),
        Ok(out) => {
            eprintln!(
                "skipped: cannot mount a tmpfs here (the test needs root): {}",
                String::from_utf8_lossy(&out.stderr).trim()
            );
            None
        }
        Err(e) => {
            eprintln!("skipped: no `mount`: {e}");
            None
        }
    }
}

fn remount(dir: &Path, options: &str) {
    let status = Command::new("mount")
        .args(["-o", &format!("remount,{options}")])
        .arg(dir)
        .status()
        .expect("mount");
    assert!(status.success(), "remount {options}");
}

struct Unmount<'a>(&'a Path);

impl Drop for Unmount<'_> {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.0).status();
    }
}

/// Plays people's games (each against random play) until `until` answers a move; every move is
/// either acknowledged (and learnt) or refused with 503 and a JSON error.
fn play_until(
    server: &Instance,
    games: &mut Vec<Played>,
    game: &str,
    mut until: impl FnMut(u16) -> bool,
) -> (usize, usize) {
    let mut rng = tabula::engine::playout::seeded_rng(7);
    let (mut acknowledged, mut refused, mut idle) = (0, 0, 0);
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if games.last().is_none_or(|g| g.over) {
            match server.post(
                "/api/matches",
                &json!({ "game": game, "seats": { "black": "random" } }),
            ) {
                Some((200, made)) => games.push(Played {
                    kind: 0,
                    id: made["id"].as_str().unwrap().to_string(),
                    seat: seat_path(&made, 0).unwrap(),
                    known: Vec::new(),
                    over: false,
                }),
                Some((503, error)) => {
                    assert!(error["error"].is_string(), "{error}");
                    refused += 1;
                    if until(503) {
                        break;
                    }
                    continue;
                }
                other => panic!("a new game answered {other:?}"),
            }
        }
        let played = games.last_mut().unwrap();
        let view = server.json(&played.seat);
        learn(&mut played.known, &view);
        if !view["result"].is_null() {
            played.over = true;
            continue;
        }
        let legal = view["legal"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            // The machine's reply may be waiting for room on the disk: a new game then asks.
            idle += 1;
            if idle >= 25 {
                played.over = true;
                idle = 0;
            }
            std::thread::sleep(Duration::from_millis(2));
            continue;
        }
        idle = 0;
        let token = legal[rng.random_range(0..legal.len())]["token"].clone();
        let (status, answer) = server
            .post(
                &format!("{}/move", played.seat),
                &json!({ "action": token }),
            )
            .expect("an answer");
        match status {
            200 => {
                learn(&mut played.known, &answer);
                acknowledged += 1;
            }
            503 => {
                assert!(answer["error"].is_string(), "{answer}");
                refused += 1;
            }
            other => panic!("a move answered {other}: {answer}"),
        }
        if until(status) {
            break;
        }
    }
    (acknowledged, refused)
}

#[test]
fn a_full_disk_acknowledges_nothing_it_did_not_store() {
    let dir = scratch("full-disk");
    let Some(()) = tmpfs(&dir, "600k") else {
        return;
    };
    let _unmount = Unmount(&dir);
    let data = dir.join("data");
    let args = ["--data", data.to_str().unwrap()];
    let server = start(&args);
    let mut games = Vec::new();
    // Until the disk is full, then some more: every answer after is a 503 or a kept move.
    let mut refusals = 0;
    let (acknowledged, refused) = play_until(&server, &mut games, "backgammon", |status| {
        refusals += usize::from(status == 503);
        refusals >= 20
    });
    assert!(
        refused >= 20,
        "the disk never filled: {acknowledged} moves acknowledged"
    );
    server.kill();
    remount(&dir, "size=64m");
    let server = start(&args);
    let mut kept = 0;
    for played in &games {
        stored_after(&server, played);
        kept += played.known.len();
        server.replays(&played.id, &dir);
    }
    eprintln!(
        "full disk: {acknowledged} moves acknowledged and kept ({kept} actions in {} games), {refused} refused with 503",
        games.len()
    );
}

/// Makes `view` a read-only view of `data`: a read-only bind mount as root (who may write any
/// file), else the files' write permissions taken away (and `view` is `data`). The undoing.
fn read_only_view(data: &Path, view: &Path) -> Box<dyn FnOnce()> {
    use std::os::unix::fs::PermissionsExt;
    let bound = Command::new("mount")
        .arg("--bind")
        .arg(data)
        .arg(view)
        .status();
    if bound.is_ok_and(|s| s.success()) {
        remount(view, "bind,ro");
        let view = view.to_path_buf();
        return Box::new(move || {
            let _ = Command::new("umount").arg(&view).status();
        });
    }
    let files: Vec<_> = std::fs::read_dir(data)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    for file in &files {
        std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o400)).unwrap();
    }
    std::fs::set_permissions(data, std::fs::Permissions::from_mode(0o500)).unwrap();
    std::fs::remove_dir(view).unwrap();
    std::os::unix::fs::symlink(data, view).unwrap();
    let data = data.to_path_buf();
    Box::new(move || {
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o700)).unwrap();
        for file in &files {
            std::fs::set_permissions(file, std::fs::Permissions::from_mode(0o600)).unwrap();
        }
    })
}

#[test]
fn a_server_will_not_start_on_a_read_only_database_and_it_is_left_as_it_was() {
    let dir = scratch("read-only");
    let (data, view) = (dir.join("data"), dir.join("view"));
    std::fs::create_dir_all(&view).unwrap();
    let server = start(&["--data", data.to_str().unwrap()]);
    let mut games = Vec::new();
    let mut moves = 0;
    let (acknowledged, _) = play_until(&server, &mut games, "backgammon", |_| {
        moves += 1;
        moves >= 10
    });
    server.kill();
    let undo = read_only_view(&data, &view);
    let said = try_start(&["--data", view.to_str().unwrap()]).err();
    undo();
    let said = said.expect("no server on a read-only database");
    assert!(said.contains("exit status: 1"), "{said}");
    assert!(said.contains("tabula.sqlite3"), "{said}");
    let server = start(&["--data", data.to_str().unwrap()]);
    for played in &games {
        stored_after(&server, played);
        server.replays(&played.id, &dir);
    }
    eprintln!("read-only: {acknowledged} moves kept; the server refused to start: {said}");
}

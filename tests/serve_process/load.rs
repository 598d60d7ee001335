//! A load test of `tabula serve` over loopback (ignored: minutes long; run it with `cargo test
//! --release --test serve_process load -- --ignored --nocapture`).
//!
//! `TABULA_LOAD_GAMES` (default 500) games at once, each played by a client thread through the
//! API (a random legal move each turn, both seats), `TABULA_LOAD_MACHINES` (default 20) of them
//! against a search on the server; a new game as each ends, for `TABULA_LOAD_SECONDS` (default
//! 60). Prints requests per second, p50 and p99 of each kind of request, and the server's
//! memory; then checks that every acknowledged action of every game was stored and that every
//! finished game's record replays to its result. The second test does the same with two servers
//! on one PostgreSQL database (`TABULA_TEST_POSTGRES`), each request sent to either.

use crate::serve_support::{Instance, PostgresDatabase, learn, scratch, start};
use rand::RngExt;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

const GAMES: &[&str] = &[
    "tic-tac-toe",
    "breakthrough",
    "connect-four",
    "hex-7",
    "backgammon",
    "english-draughts",
];

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A game a client played: its id, what it acknowledged, and its result if it ended.
struct Finished {
    game: usize,
    id: String,
    known: Vec<String>,
    result: Value,
}

type Latencies = BTreeMap<&'static str, Vec<f64>>;

/// One client: games one after another until `until`, each request timed by kind.
fn client(
    servers: &[Arc<Instance>],
    players: &BTreeMap<String, Vec<String>>,
    worker: u64,
    machine: bool,
    until: Instant,
) -> (Latencies, Vec<Finished>) {
    let mut rng = tabula::engine::playout::seeded_rng(worker);
    let mut latencies = Latencies::new();
    let mut finished = Vec::new();
    let mut timed = |kind: &'static str, f: &mut dyn FnMut() -> Option<(u16, Value)>| {
        let started = Instant::now();
        let answer = f();
        latencies
            .entry(kind)
            .or_default()
            .push(started.elapsed().as_secs_f64());
        answer
    };
    while Instant::now() < until {
        let game = rng.random_range(0..GAMES.len());
        let seats = match machine {
            true => json!({ players[GAMES[game]][1].clone(): "mcts:iterations=200,threads=1" }),
            false => json!({}),
        };
        let server = &servers[rng.random_range(0..servers.len())];
        let made = timed("new game", &mut || {
            server.post(
                "/api/matches",
                &json!({ "game": GAMES[game], "seats": seats }),
            )
        })
        .expect("an answer");
        assert_eq!(made.0, 200, "{}", made.1);
        let id = made.1["id"].as_str().unwrap().to_string();
        let keys: Vec<Option<String>> = (0..2)
            .map(|s| crate::serve_support::seat_path(&made.1, s))
            .collect();
        let mut known = Vec::new();
        let result = loop {
            assert!(
                Instant::now() < until + Duration::from_secs(120),
                "game {id} did not end"
            );
            let server = &servers[rng.random_range(0..servers.len())];
            let view = timed("watch view", &mut || {
                server
                    .get(&format!("/api/match/{id}"))
                    .map(|(s, t)| (s, serde_json::from_str(&t).unwrap_or(Value::Null)))
            })
            .expect("an answer")
            .1;
            learn(&mut known, &view);
            if !view["result"].is_null() {
                break view["result"].clone();
            }
            let key = view["to_move"]
                .as_u64()
                .and_then(|mover| keys[mover as usize].clone());
            let Some(key) = key else {
                // Chance, or the search is thinking.
                std::thread::sleep(Duration::from_millis(5));
                continue;
            };
            let seat = timed("seat view", &mut || {
                server
                    .get(&key)
                    .map(|(s, t)| (s, serde_json::from_str(&t).unwrap_or(Value::Null)))
            })
            .expect("an answer")
            .1;
            let legal = seat["legal"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                continue;
            }
            let token = legal[rng.random_range(0..legal.len())]["token"].clone();
            let at = seat["at"].clone();
            let mut failure = String::new();
            let (status, answer) = timed("move", &mut || {
                server
                    .try_post(
                        &format!("{key}/move"),
                        &json!({ "action": token, "at": at }),
                    )
                    .map_err(|e| failure = e)
                    .ok()
            })
            .unwrap_or_else(|| panic!("no answer to a move: {failure}"));
            match status {
                200 => learn(&mut known, &answer),
                409 => {}
                other => panic!("a move answered {other}: {answer}"),
            }
        };
        finished.push(Finished {
            game,
            id,
            known,
            result,
        });
    }
    (latencies, finished)
}

fn run(servers: Vec<Instance>, label: &str) {
    let (games, seconds, machines) = (
        setting("TABULA_LOAD_GAMES", 500),
        setting("TABULA_LOAD_SECONDS", 60),
        setting("TABULA_LOAD_MACHINES", 20),
    );
    let servers: Vec<Arc<Instance>> = servers.into_iter().map(Arc::new).collect();
    let players: BTreeMap<String, Vec<String>> = servers[0].json("/api/games")["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let names = g["players"].as_array().unwrap().iter();
            let names = names.map(|p| p.as_str().unwrap().to_string()).collect();
            (g["id"].as_str().unwrap().to_string(), names)
        })
        .collect();
    let players = Arc::new(players);
    let until = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let clients: Vec<_> = (0..games)
        .map(|worker| {
            let (servers, players) = (servers.clone(), players.clone());
            std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || client(&servers, &players, worker, worker < machines, until))
                .expect("a client thread")
        })
        .collect();
    let mut latencies = Latencies::new();
    let mut finished = Vec::new();
    let mut peak = 0;
    for client in clients {
        let (l, f) = client.join().expect("a client");
        for (kind, mut times) in l {
            latencies.entry(kind).or_default().append(&mut times);
        }
        finished.extend(f);
        peak = peak.max(servers.iter().map(|s| s.memory_kib().1).max().unwrap_or(0));
    }
    let elapsed = started.elapsed().as_secs_f64();
    let requests: usize = latencies.values().map(Vec::len).sum();
    println!(
        "{label}: {games} games at once ({machines} against a search) for {elapsed:.0} s: {} games \
         finished, {requests} requests, {:.0} a second",
        finished.len(),
        requests as f64 / elapsed
    );
    for (kind, times) in &mut latencies {
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize] * 1000.0;
        println!(
            "  {kind:<12} {:>8} requests  p50 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms",
            times.len(),
            at(0.5),
            at(0.99),
            at(1.0)
        );
    }
    for server in &servers {
        let (now, high) = server.memory_kib();
        println!(
            "  server {}: memory {} MiB now, {} MiB at most",
            server.pid,
            now / 1024,
            high / 1024
        );
    }
    // Nothing lost: every acknowledged action stored, every record replays to its result.
    let catalog = tabula::Catalog::default();
    let compiled: Vec<_> = GAMES
        .iter()
        .map(|n| catalog.load_any(n, &[]).expect("a game").0)
        .collect();
    let mut actions = 0;
    for game in &finished {
        // Every server holds every action, another server's within moments.
        let mut stored = Vec::new();
        for server in &servers {
            let until = Instant::now() + Duration::from_secs(10);
            stored = server.all_moves(&game.id);
            while stored != game.known && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(50));
                stored = server.all_moves(&game.id);
            }
            assert_eq!(stored, game.known, "game {} on {}", game.id, server.base);
        }
        actions += stored.len();
        tabula::with_game!(&compiled[game.game], g => {
            let replayed = g.replay_tokens(&stored, |_, _, _| {}).expect("legal");
            let end = replayed.outcome.map(|o| g.describe_outcome(o));
            assert_eq!(json!(end), game.result, "game {} replays to its result", game.id);
        });
    }
    println!(
        "  nothing lost: {} finished games, {actions} actions, all stored and replayed",
        finished.len()
    );
}

fn load_args(data: &std::path::Path) -> Vec<String> {
    [
        "--data",
        data.to_str().unwrap(),
        "--max-connections",
        "4000",
        "--max-connections-per-address",
        "4000",
    ]
    .map(String::from)
    .to_vec()
}

#[test]
#[ignore = "long: a load test of a minute or more"]
fn load_five_hundred_games_on_sqlite() {
    let args = load_args(&scratch("load-sqlite"));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run(vec![start(&args)], "SQLite, one server");
}

#[test]
#[ignore = "long: a load test of a minute or more"]
fn load_five_hundred_games_on_two_servers_and_postgresql() {
    let Some(database) = PostgresDatabase::create("load") else {
        return;
    };
    let servers = ["a", "b"]
        .iter()
        .map(|name| {
            let mut args = load_args(&scratch(&format!("load-postgres-{name}")));
            args.extend(["--database".to_string(), database.address.clone()]);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            start(&args)
        })
        .collect();
    run(servers, "PostgreSQL, two servers");
}

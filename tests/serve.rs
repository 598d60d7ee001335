//! `tabula serve` through its HTTP API: games played to their end, bad requests refused with
//! nothing changed, a flood refused, games resumed by a restarted server, and Hold pley's hidden
//! numbers never sent before they are revealed.

use serde_json::{Value, json};
use serve_support::{agent, scratch};
use std::path::Path;
use tabula::serve::{Server, Settings};

mod serve_support;

/// A server on a free port of this machine, its games in `data`; stopped when dropped.
struct Running {
    base: String,
    _runtime: tokio::runtime::Runtime,
    task: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.task.abort();
    }
}

fn start(data: &Path, requests_per_second: f64) -> Running {
    let mut settings = Settings::new(data.to_path_buf());
    settings.requests_per_second = requests_per_second;
    settings.burst = requests_per_second;
    let server = Server::new(settings, tabula::Catalog::default()).expect("a server");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("a port");
    let base = format!("http://{}", listener.local_addr().expect("an address"));
    let task = runtime.spawn(tabula::serve::serve(server, listener));
    Running {
        base,
        _runtime: runtime,
        task,
    }
}

impl Running {
    /// `GET path`: the status and the body.
    fn get(&self, path: &str) -> (u16, String) {
        let mut response = agent()
            .get(&format!("{}{path}", self.base))
            .call()
            .expect("an answer");
        let status = response.status().as_u16();
        (status, response.body_mut().read_to_string().expect("text"))
    }

    /// `POST path` with `body`: the status and the body as JSON.
    fn post(&self, path: &str, body: &str) -> (u16, Value) {
        let mut response = agent()
            .post(&format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .send(body)
            .expect("an answer");
        let status = response.status().as_u16();
        let text = response.body_mut().read_to_string().expect("text");
        (status, serde_json::from_str(&text).unwrap_or(json!(text)))
    }

    fn json(&self, path: &str) -> Value {
        let (status, body) = self.get(path);
        assert_eq!(status, 200, "GET {path}: {body}");
        serde_json::from_str(&body).expect("JSON")
    }

    /// A new game; its answer (`id`, `watch`, `seats` with their links).
    fn new_game(&self, game: &str, seats: Value) -> Value {
        let (status, made) = self.post(
            "/api/matches",
            &json!({ "game": game, "seats": seats }).to_string(),
        );
        assert_eq!(status, 200, "{made}");
        made
    }

    /// The API path of a seat's link (`/seat/KEY` -> `/api/seat/KEY`).
    fn seat(made: &Value, seat: usize) -> String {
        format!(
            "/api{}",
            made["seats"][seat]["link"].as_str().expect("a link")
        )
    }

    /// Waits (a bounded time) until the view at `path` satisfies `done`.
    fn wait_for(&self, path: &str, done: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..500 {
            let view = self.json(path);
            if done(&view) {
                return view;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        panic!("{path} never reached what was awaited: {}", self.json(path));
    }
}

fn first_legal(view: &Value) -> String {
    view["legal"][0]["token"]
        .as_str()
        .expect("a legal move")
        .to_string()
}

#[test]
fn a_person_against_random_play_plays_a_game_to_its_end_and_its_record_replays() {
    let server = start(&scratch("to_the_end"), 1000.0);
    let made = server.new_game("tic-tac-toe", json!({ "o": "random" }));
    let seat = Running::seat(&made, 0);
    assert!(
        made["seats"][1]["link"].is_null(),
        "a machine's seat has no link"
    );
    let view = loop {
        let view = server.wait_for(&seat, |v| !v["result"].is_null() || v["to_move"] == 0);
        if !view["result"].is_null() {
            break view;
        }
        let (status, after) = server.post(
            &format!("{seat}/move"),
            &json!({ "action": first_legal(&view) }).to_string(),
        );
        assert_eq!(status, 200, "{after}");
    };
    let id = made["id"].as_str().expect("an id");
    // Each position of the game can be looked at again, and none after the last.
    let moves = view["moves"].as_array().expect("moves").len();
    assert_eq!(
        server.json(&format!("/api/match/{id}/at/0"))["cells"],
        json!([])
    );
    let first = server.json(&format!("/api/match/{id}/at/1"));
    assert_eq!(first["cells"].as_array().expect("cells").len(), 1);
    assert!(
        first["legal"].as_array().expect("legal").is_empty(),
        "looking back plays nothing"
    );
    let end = server.json(&format!("/api/match/{id}/at/{moves}"));
    assert_eq!(end["cells"], view["cells"]);
    assert_eq!(
        server.get(&format!("/api/match/{id}/at/{}", moves + 1)).0,
        404
    );
    let (status, text) = server.get(&format!("/api/match/{id}/record"));
    assert_eq!(status, 200);
    let record = tabula::record::Record::parse(&text, tabula::span::FileId(0)).expect("a record");
    assert_eq!(record.players["o"], "random");
    assert_eq!(json!(record.tokens), view["moves"]);
    let (game, _, _) = tabula::Catalog::default()
        .load_any("tic-tac-toe", &[])
        .expect("the game");
    tabula::with_game!(&game, g => {
        let replayed = g.replay_tokens(&record.tokens, |_, _, _| {}).expect("legal");
        let end = replayed.outcome.map(|o| g.describe_outcome(o));
        assert_eq!(end.as_deref(), record.result.as_deref());
        assert_eq!(json!(end), view["result"]);
    });
}

#[test]
fn bad_requests_get_clear_errors_and_change_nothing() {
    let server = start(&scratch("bad_requests"), 1000.0);
    let made = server.new_game("breakthrough", json!({}));
    let (white, black) = (Running::seat(&made, 0), Running::seat(&made, 1));
    let before = server.json(&white);
    let moved = |seat: &str, body: &str| server.post(&format!("{seat}/move"), body);
    // Not black's turn.
    let (status, error) = moved(&black, r#"{"action": "a7-a6"}"#);
    assert_eq!(status, 409, "{error}");
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("not black's turn"),
        "{error}"
    );
    // Not a legal move.
    let (status, error) = moved(&white, r#"{"action": "a2-a5"}"#);
    assert_eq!(status, 409, "{error}");
    assert!(
        error["error"].as_str().unwrap().contains("a2-a5"),
        "{error}"
    );
    // Not JSON, not the right fields, far too large.
    for body in ["{", r#"{"move": "a2-a3"}"#, r#"{"action": 3}"#] {
        let (status, error) = moved(&white, body);
        assert!((400..500).contains(&status), "{body}: {status}");
        assert!(error["error"].is_string(), "{body}: {error}");
    }
    let huge = format!(r#"{{"action": "{}"}}"#, "a".repeat(100_000));
    assert_eq!(moved(&white, &huge).0, 413);
    // Keys that are no seat's.
    assert_eq!(
        moved(
            "/api/seat/00000000000000000000000000000000",
            r#"{"action": "a2-a3"}"#
        )
        .0,
        404
    );
    assert_eq!(server.get("/api/match/nothing").0, 404);
    // A game that is not in the catalog, or a path to a file.
    for game in ["no-such-game", "../Cargo.toml", "/etc/passwd"] {
        let (status, error) = server.post("/api/matches", &json!({ "game": game }).to_string());
        assert_eq!(status, 400, "{game}: {error}");
    }
    let (status, error) = server.post(
        "/api/matches",
        &json!({ "game": "chess", "seats": { "white": "mcts:time=100s" } }).to_string(),
    );
    assert_eq!(status, 400, "{error}");
    assert_eq!(server.json(&white), before, "nothing changed");
}

/// A seat asks for a hint on its turn and gets one of its legal moves with its prospects; not on
/// the other seat's turn, and not with a key that is no seat's.
#[test]
fn a_hint_is_a_legal_move_of_the_seat_to_move() {
    let server = start(&scratch("hint"), 1000.0);
    let made = server.new_game("breakthrough", json!({}));
    let (white, black) = (Running::seat(&made, 0), Running::seat(&made, 1));
    let before = server.json(&white);
    let (status, hint) = server.post(&format!("{white}/hint"), "");
    assert_eq!(status, 200, "{hint}");
    let legal: Vec<&str> = before["legal"]
        .as_array()
        .expect("legal moves")
        .iter()
        .map(|m| m["token"].as_str().expect("a token"))
        .collect();
    assert!(
        legal.contains(&hint["action"].as_str().expect("an action")),
        "{hint}"
    );
    let rate = hint["win_rate"].as_f64().expect("a win rate");
    assert!((0.0..=1.0).contains(&rate), "{hint}");
    assert!(hint["prospects"].is_string(), "{hint}");
    let (status, error) = server.post(&format!("{black}/hint"), "");
    assert_eq!(status, 409, "{error}");
    assert!(
        error["error"].as_str().unwrap().contains("on their turn"),
        "{error}"
    );
    let (status, _) = server.post("/api/seat/00000000000000000000000000000000/hint", "");
    assert_eq!(status, 404);
    assert_eq!(server.json(&white), before, "a hint plays nothing");
}

#[test]
fn a_flood_of_requests_from_one_address_is_refused() {
    // A request answered at once (no such game), so that the bucket barely refills while the
    // flood lasts, however slow and busy the machine: loading the games' list for each request
    // once let a loaded machine refill it as fast as it emptied.
    let server = start(&scratch("flood"), 2.0);
    let statuses: Vec<u16> = (0..40)
        .map(|_| server.get("/api/match/nothing").0)
        .collect();
    assert!(statuses.contains(&429), "{statuses:?}");
    assert_eq!(statuses[0], 404);
}

#[test]
fn a_restarted_server_resumes_every_game() {
    let data = scratch("restart");
    let (made, seat, view) = {
        let server = start(&data, 1000.0);
        let made = server.new_game("backgammon", json!({ "black": "random" }));
        let seat = Running::seat(&made, 0);
        let view = server.wait_for(&seat, |v| v["to_move"] == 0);
        let (status, _) = server.post(
            &format!("{seat}/move"),
            &json!({ "action": first_legal(&view) }).to_string(),
        );
        assert_eq!(status, 200);
        let view = server.wait_for(&seat, |v| v["to_move"] == 0);
        (made, seat, view)
    };
    let server = start(&data, 1000.0);
    assert_eq!(server.json(&seat), view);
    let id = made["id"].as_str().expect("an id");
    assert_eq!(
        server.json(&format!("/api/match/{id}"))["moves"],
        view["moves"]
    );
}

/// Hold pley between two people, in two games made the same way: every byte the plain seat
/// and a spectator are sent is the same in both until a reveal differs (the reveals are drawn
/// by the server when they happen, so before then nothing sent can depend on them).
#[test]
fn hold_pley_sends_nothing_that_depends_on_an_unrevealed_number() {
    let server = start(&scratch("hidden"), 1000.0);
    let games: Vec<Value> = (0..2)
        .map(|_| server.new_game("hold-pley", json!({})))
        .collect();
    let mut differed = false;
    for _ in 0..40 {
        let mut seen = Vec::new();
        // A reveal is played by the server after the move that turns a piece up: both games
        // are read once it is done, or one would be read a reveal behind the other.
        for made in &games {
            let id = made["id"].as_str().unwrap();
            server.wait_for(&format!("/api/match/{id}"), |v| {
                !v["to_move"].is_null() || !v["result"].is_null()
            });
        }
        for made in &games {
            let id = made["id"].as_str().unwrap();
            let numbered = Running::seat(made, 0);
            let plain = Running::seat(made, 1);
            // What the other seat, a spectator and anyone may read, the game's name taken out.
            let texts: Vec<String> = [
                server.get(&plain).1,
                server.get(&format!("/api/match/{id}")).1,
                server.get(&format!("/api/match/{id}/board")).1,
                server.get(&format!("/api/match/{id}/record")).1,
            ]
            .into_iter()
            .map(|t| t.replace(id, "ID").replace(&id[..8], "ID"))
            .collect();
            let view = server.json(&numbered);
            seen.push((texts, view));
        }
        let reveals = |v: &Value| -> Vec<String> {
            v["moves"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|m| {
                    m.as_str()
                        .filter(|m| m.starts_with("reveal:"))
                        .map(String::from)
                })
                .collect()
        };
        if reveals(&seen[0].1) != reveals(&seen[1].1) {
            differed = true;
            break;
        }
        // Hidden numbers never appear in what is sent: every face-down piece is shown as such.
        for (texts, _) in &seen {
            assert_eq!(texts, &seen[0].0, "the same bytes in both games");
        }
        // Both games move on the same way: the first legal move of whoever is to move.
        let mover = seen[0].1["to_move"].as_u64().expect("a mover") as usize;
        for made in &games {
            let seat = Running::seat(made, mover);
            let view = server.json(&seat);
            let (status, after) = server.post(
                &format!("{seat}/move"),
                &json!({ "action": first_legal(&view) }).to_string(),
            );
            assert_eq!(status, 200, "{after}");
        }
    }
    // With eight numbers, two games' reveals part sooner or later: the comparison ran up to
    // the moment there was something to hide.
    assert!(differed, "the reveals never differed in 40 moves");
}

//! Several `tabula serve` processes on one PostgreSQL database (`TABULA_TEST_POSTGRES`; the
//! tests say they are skipped without it): any server takes any seat's move, each server's
//! watchers see the moves made on the others, and a move sent to two servers at once is played
//! once.

use crate::serve_support::{Instance, PostgresDatabase, scratch, seat_path, start};
use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn two_servers(test: &str, database: &PostgresDatabase) -> (Instance, Instance) {
    let folder = scratch(test);
    let args = |name: &str| {
        vec![
            "--data".to_string(),
            folder.join(name).to_string_lossy().into_owned(),
            "--database".to_string(),
            database.address.clone(),
        ]
    };
    let (a, b) = (args("a"), args("b"));
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let b: Vec<&str> = b.iter().map(String::as_str).collect();
    (start(&a), start(&b))
}

/// The views an event stream sends, as they come.
fn events(server: &Instance, path: &str) -> mpsc::Receiver<Value> {
    let (sender, views) = mpsc::channel();
    let url = format!("{}{path}", server.base);
    std::thread::spawn(move || {
        let agent: ureq::Agent = ureq::Agent::config_builder().build().into();
        let Ok(response) = agent.get(&url).call() else {
            return;
        };
        let reader = BufReader::new(response.into_body().into_reader());
        for line in reader.lines() {
            let Ok(line) = line else { return };
            if let Some(data) = line.strip_prefix("data:")
                && let Ok(view) = serde_json::from_str(data.trim())
                && sender.send(view).is_err()
            {
                return;
            }
        }
    });
    views
}

/// Waits, a bounded time, for a view with `at` actions from the stream.
fn seen_at(views: &mpsc::Receiver<Value>, at: u64) -> Value {
    let until = Instant::now() + Duration::from_secs(20);
    let mut last = Value::Null;
    while let Some(left) = until.checked_duration_since(Instant::now()) {
        match views.recv_timeout(left) {
            Ok(view) if view["at"].as_u64() >= Some(at) => return view,
            Ok(view) => last = view,
            Err(_) => break,
        }
    }
    panic!(
        "no view with {at} actions came; the last had {}",
        last["at"]
    );
}

#[test]
fn two_servers_share_games_and_each_tells_its_watchers() {
    let Some(database) = PostgresDatabase::create("share") else {
        return;
    };
    let (a, b) = two_servers("share", &database);
    let made = a.new_game("tic-tac-toe", json!({}));
    let id = made["id"].as_str().unwrap();
    let (x, o) = (seat_path(&made, 0).unwrap(), seat_path(&made, 1).unwrap());
    let on_a = events(&a, &format!("/api/match/{id}/events"));
    let on_b = events(&b, &format!("/api/match/{id}/events"));
    // Each seat plays on the other server in turn; both servers' watchers see every move.
    let moves = ["b2", "a1", "c3", "a3", "a2"];
    for (i, token) in moves.iter().enumerate() {
        let (server, seat) = match i % 2 {
            0 => (if i % 4 == 0 { &a } else { &b }, &x),
            _ => (if i % 4 == 1 { &b } else { &a }, &o),
        };
        let (status, answer) = server
            .post(&format!("{seat}/move"), &json!({ "action": token }))
            .expect("an answer");
        assert_eq!(status, 200, "{token} on {}: {answer}", server.base);
        let at = i as u64 + 1;
        for views in [&on_a, &on_b] {
            let view = seen_at(views, at);
            assert_eq!(view["moves"].as_array().unwrap().len(), i + 1);
            assert_eq!(view["moves"][i], json!(token));
        }
    }
    for server in [&a, &b] {
        assert_eq!(server.all_moves(id), moves);
        server.replays(id, &scratch("share-records"));
    }
}

#[test]
fn a_move_sent_to_both_servers_at_once_is_played_once() {
    let Some(database) = PostgresDatabase::create("race") else {
        return;
    };
    let (a, b) = two_servers("race", &database);
    let mut played = 0;
    for _ in 0..10 {
        let made = a.new_game("breakthrough", json!({ "black": "random" }));
        let id = made["id"].as_str().unwrap().to_string();
        let white = seat_path(&made, 0).unwrap();
        // Both servers know the game before the race.
        b.json(&white);
        let view = a.json(&white);
        let first = view["legal"][0]["token"].clone();
        let second = view["legal"][1]["token"].clone();
        let answers: Vec<u16> = std::thread::scope(|scope| {
            let racing: Vec<_> = [(&a, &first), (&b, &second)]
                .into_iter()
                .map(|(server, token)| {
                    let white = &white;
                    scope.spawn(move || {
                        server
                            .post(
                                &format!("{white}/move"),
                                &json!({ "action": token, "at": 0 }),
                            )
                            .expect("an answer")
                            .0
                    })
                })
                .collect();
            racing.into_iter().map(|r| r.join().unwrap()).collect()
        });
        let mut sorted = answers.clone();
        sorted.sort();
        assert_eq!(sorted, [200, 409], "one move is played, the other refused");
        let stored = a.all_moves(&id);
        let winner = if answers[0] == 200 { &first } else { &second };
        assert_eq!(json!(stored[0]), *winner);
        assert_eq!(b.all_moves(&id)[..1], stored[..1]);
        played += 1;
    }
    assert_eq!(played, 10);
}

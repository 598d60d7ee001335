//! Machine work never starves a person: while ten games of random against random play as fast
//! as the server lets them (each watched, so that they play) and two searches ask for 256
//! threads each, a person's requests are answered within half a second.

mod serve_support;

use serde_json::{Value, json};
use serve_support::{scratch, seat_path, start};
use std::io::Read;
use std::time::{Duration, Instant};

#[test]
fn a_person_is_answered_within_half_a_second_while_machines_work() {
    let data = scratch("busy");
    let server = start(&["--data", data.to_str().unwrap(), "--machine-pace", "1ms"]);
    let mut watching = Vec::new();
    let mut machine_games = Vec::new();
    for i in 0..10 {
        let game = ["chess", "hold-pley"][i % 2];
        let players = match game {
            "chess" => json!({ "white": "random", "black": "random" }),
            _ => json!({ "numbered": "random", "plain": "random" }),
        };
        let made = server.new_game(game, players);
        let id = made["id"].as_str().unwrap().to_string();
        // An open event stream: a game only machines play moves while someone watches it.
        let url = format!("{}/api/match/{id}/events", server.base);
        watching.push(std::thread::spawn(move || {
            let agent: ureq::Agent = ureq::Agent::config_builder()
                .timeout_global(Some(Duration::from_secs(30)))
                .build()
                .into();
            if let Ok(response) = agent.get(&url).call() {
                let mut body = response.into_body().into_reader();
                let mut buffer = [0u8; 4096];
                while matches!(body.read(&mut buffer), Ok(n) if n > 0) {}
            }
        }));
        machine_games.push(id);
    }
    let searching: Vec<String> = (0..2)
        .map(|_| {
            let made = server.new_game(
                "breakthrough",
                json!({ "white": "mcts:time=10s,threads=256" }),
            );
            made["id"].as_str().unwrap().to_string()
        })
        .collect();
    let began = Instant::now();
    let made = server.new_game("breakthrough", json!({}));
    let seats = [seat_path(&made, 0).unwrap(), seat_path(&made, 1).unwrap()];
    let mut slowest = Duration::ZERO;
    let mut timed = |f: &mut dyn FnMut() -> (u16, Value)| {
        let started = Instant::now();
        let (status, body) = f();
        slowest = slowest.max(started.elapsed());
        assert_eq!(status, 200, "{body}");
        body
    };
    let mut requests = 0;
    for turn in 0..20 {
        let seat = &seats[turn % 2];
        let view = timed(&mut || {
            let (status, text) = server.get(seat).expect("an answer");
            (status, serde_json::from_str(&text).expect("JSON"))
        });
        let token = view["legal"][0]["token"].clone();
        timed(&mut || {
            server
                .post(&format!("{seat}/move"), &json!({ "action": token }))
                .expect("an answer")
        });
        requests += 2;
        std::thread::sleep(Duration::from_millis(100));
    }
    let played: u64 = machine_games
        .iter()
        .map(|id| {
            server.json(&format!("/api/match/{id}"))["at"]
                .as_u64()
                .unwrap()
        })
        .sum();
    eprintln!(
        "{requests} requests of a person, the slowest answered in {:.0} ms, while the machine \
         games played {played} actions",
        slowest.as_secs_f64() * 1000.0
    );
    assert!(played > 0, "the machine games did not play");
    // The searches think for ten seconds each, one after the other on the server's two
    // threads: while the person played, they were thinking.
    if began.elapsed() < Duration::from_secs(9) {
        for id in &searching {
            let view = server.json(&format!("/api/match/{id}"));
            assert_eq!(view["at"], 0, "a search had already moved");
        }
    }
    assert!(
        slowest < Duration::from_millis(500),
        "a person waited {slowest:?}"
    );
    drop(server);
    for watcher in watching {
        let _ = watcher.join();
    }
}

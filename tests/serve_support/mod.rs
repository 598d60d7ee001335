//! `tabula serve` run as a process of its own, for the tests that kill it, fill its disk, start
//! two of it, or load it: starting it, talking to it over HTTP, and reading what it stored.
#![allow(dead_code)]

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const BINARY: &str = env!("CARGO_BIN_EXE_tabula");

/// A folder of this test's own, emptied first.
pub fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("serve-process")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A running `tabula serve`; killed when dropped.
pub struct Instance {
    pub child: Child,
    pub base: String,
    pub pid: u32,
    /// Connections kept alive between requests, as a browser keeps them.
    agent: ureq::Agent,
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `tabula serve --port 0 ARGS`; its address once it serves, or what it said when it
/// stopped instead.
pub fn try_start(args: &[&str]) -> Result<Instance, String> {
    let mut child = Command::new(BINARY)
        .args([
            "serve",
            "--port",
            "0",
            "--rate",
            "100000",
            "--address-rate",
            "1000000",
        ])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula serve starts");
    let mut stdout = BufReader::new(child.stdout.take().expect("its output"));
    let mut line = String::new();
    let _ = stdout.read_line(&mut line);
    // Read on, so that the server never writes to a closed pipe.
    std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
    match line.split("serving on ").nth(1) {
        Some(rest) => {
            let base = rest
                .split_whitespace()
                .next()
                .unwrap_or("")
                .trim_end_matches('/')
                .to_string();
            // What it says later (a store that fails) goes to the test's own output.
            let mut stderr = child.stderr.take().expect("its errors");
            std::thread::spawn(move || {
                let mut text = String::new();
                let _ = stderr.read_to_string(&mut text);
                if !text.is_empty() {
                    eprintln!("[tabula serve] {}", text.trim_end());
                }
            });
            let pid = child.id();
            Ok(Instance {
                child,
                base,
                pid,
                agent: agent(),
            })
        }
        None => {
            let status = child.wait().expect("it ends");
            let mut said = String::new();
            if let Some(mut stderr) = child.stderr.take() {
                let _ = stderr.read_to_string(&mut said);
            }
            Err(format!("{status}: {said}"))
        }
    }
}

pub fn start(args: &[&str]) -> Instance {
    try_start(args).unwrap_or_else(|e| panic!("tabula serve did not start: {e}"))
}

pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .max_idle_connections(4096)
        .max_idle_connections_per_host(4096)
        // Below the server's header timeout, which closes a connection idle longer.
        .max_idle_age(Duration::from_secs(5))
        .build()
        .into()
}

impl Instance {
    /// `GET path`: the status and body, or `None` when the server did not answer.
    pub fn get(&self, path: &str) -> Option<(u16, String)> {
        let mut response = self
            .agent
            .get(&format!("{}{path}", self.base))
            .call()
            .ok()?;
        let status = response.status().as_u16();
        Some((status, response.body_mut().read_to_string().ok()?))
    }

    /// `POST path` with a JSON body: the status and the answer as JSON.
    pub fn post(&self, path: &str, body: &Value) -> Option<(u16, Value)> {
        self.try_post(path, body).ok()
    }

    /// [`Instance::post`], saying why there is no answer.
    pub fn try_post(&self, path: &str, body: &Value) -> Result<(u16, Value), String> {
        let mut response = self
            .agent
            .post(&format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .send(body.to_string())
            .map_err(|e| e.to_string())?;
        let status = response.status().as_u16();
        let text = response
            .body_mut()
            .read_to_string()
            .map_err(|e| e.to_string())?;
        Ok((status, serde_json::from_str(&text).unwrap_or(json!(text))))
    }

    pub fn json(&self, path: &str) -> Value {
        let (status, body) = self.get(path).expect("an answer");
        assert_eq!(status, 200, "GET {path}: {body}");
        serde_json::from_str(&body).expect("JSON")
    }

    /// A new game; its answer (`id`, `seats` with their links).
    pub fn new_game(&self, game: &str, seats: Value) -> Value {
        let (status, made) = self
            .post("/api/matches", &json!({ "game": game, "seats": seats }))
            .expect("an answer");
        assert_eq!(status, 200, "{made}");
        made
    }

    /// Every move of game `id`, read a page at a time.
    pub fn all_moves(&self, id: &str) -> Vec<String> {
        let mut moves = Vec::new();
        loop {
            let page = self.json(&format!("/api/match/{id}/moves?from={}", moves.len()));
            let tokens = page["moves"].as_array().expect("moves");
            if tokens.is_empty() {
                return moves;
            }
            moves.extend(
                tokens
                    .iter()
                    .map(|t| t.as_str().expect("a token").to_string()),
            );
        }
    }

    /// Checks game `id`'s record with `tabula replay --check`.
    pub fn replays(&self, id: &str, folder: &Path) {
        let (status, text) = self
            .get(&format!("/api/match/{id}/record"))
            .expect("an answer");
        assert_eq!(status, 200, "{text}");
        let file = folder.join(format!("{id}.toml"));
        std::fs::write(&file, &text).expect("the record written");
        let checked = Command::new(BINARY)
            .args(["replay", "--check"])
            .arg(&file)
            .output()
            .expect("replay runs");
        assert!(
            checked.status.success(),
            "the record of {id} does not replay: {}\n{text}",
            String::from_utf8_lossy(&checked.stderr)
        );
    }

    /// Waits, a bounded time, until the server answers again.
    pub fn wait_ready(&self) {
        let until = Instant::now() + Duration::from_secs(20);
        while Instant::now() < until {
            if self.get("/api/match/nothing").is_some() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("the server never answered");
    }

    /// Kills the process at once, as a crash or `kill -9` would.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// The server's resident memory now and at its peak, in KiB (Linux).
    pub fn memory_kib(&self) -> (u64, u64) {
        let status =
            std::fs::read_to_string(format!("/proc/{}/status", self.pid)).unwrap_or_default();
        let field = |name: &str| {
            status
                .lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
                .unwrap_or(0)
        };
        (field("VmRSS:"), field("VmHWM:"))
    }
}

/// The API path of a seat's link (`/seat/KEY` -> `/api/seat/KEY`), `None` for a machine's.
pub fn seat_path(made: &Value, seat: usize) -> Option<String> {
    made["seats"][seat]["link"]
        .as_str()
        .map(|link| format!("/api{link}"))
}

/// The moves a view shows, placed into what is known of the game: what it acknowledges.
pub fn learn(known: &mut Vec<String>, view: &Value) {
    let (Some(from), Some(moves)) = (view["moves_from"].as_u64(), view["moves"].as_array()) else {
        return;
    };
    let from = from as usize;
    if from > known.len() {
        return;
    }
    for (i, token) in moves.iter().enumerate() {
        let token = token.as_str().unwrap_or_default().to_string();
        match known.get(from + i) {
            Some(there) => assert_eq!(there, &token, "an acknowledged action changed"),
            None => known.push(token),
        }
    }
}

/// A PostgreSQL database of the test's own, dropped when done: from `TABULA_TEST_POSTGRES`
/// (an address whose role may create databases), or `None` with a message when it is not set.
pub struct PostgresDatabase {
    admin: String,
    name: String,
    pub address: String,
}

impl PostgresDatabase {
    pub fn create(test: &str) -> Option<PostgresDatabase> {
        let Ok(admin) = std::env::var("TABULA_TEST_POSTGRES") else {
            eprintln!(
                "{test}: skipped: set TABULA_TEST_POSTGRES to a PostgreSQL address whose role may \
                 create databases (`.ci/run` does) to run it"
            );
            return None;
        };
        let name = format!("tabula_test_{}_{test}", std::process::id());
        let mut client = postgres::Client::connect(&admin, postgres::NoTls)
            .unwrap_or_else(|e| panic!("TABULA_TEST_POSTGRES={admin}: {e}"));
        for statement in [
            format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
            format!("CREATE DATABASE {name}"),
        ] {
            client
                .batch_execute(&statement)
                .expect("a database of the test's own");
        }
        let (base, _) = admin
            .rsplit_once('/')
            .expect("an address ending in /DATABASE");
        let address = format!("{base}/{name}");
        Some(PostgresDatabase {
            admin,
            name,
            address,
        })
    }
}

impl Drop for PostgresDatabase {
    fn drop(&mut self) {
        if let Ok(mut client) = postgres::Client::connect(&self.admin, postgres::NoTls) {
            let _ = client.batch_execute(&format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.name
            ));
        }
    }
}

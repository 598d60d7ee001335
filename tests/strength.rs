//! Strength, measured: the search against random play on every shipped game, and four times the
//! budget against one time. These take long, so they are ignored; run them with
//!
//! ```text
//! cargo test --release --test strength -- --ignored --nocapture
//! ```
//!
//! Settings, from the environment:
//! - `TABULA_STRENGTH_SCALE` (default 1): the fraction of one second's iterations each move gets;
//!   at 1 every game is played at its budget, at most what `mcts:time=1s` reaches on the
//!   reference machine's two cores (docs/STRENGTH.md, "Budget").
//! - `TABULA_STRENGTH_GAMES` (default 100): games per game, half with each seating.
//! - `TABULA_STRENGTH_ONLY`: a comma-separated list of games to play, instead of all of them.
//! - `TABULA_STRENGTH_THREADS` (default every core): games played at once, each search on one
//!   thread (iteration budgets give the same moves on any number).
//! - `TABULA_STRENGTH_SEED` (default 1): the seed of the first game; game i uses seed + i, so a
//!   hundred games may be played in parts (`GAMES=10`, then `GAMES=90 SEED=11`) and added up.
//! - `TABULA_STRENGTH_RECORDS`: a folder; each game's record is appended, as the game ends, to
//!   `GAME-against-random.jsonl` (or `GAME-4x-against-1x.jsonl`) there, so a lost game can be
//!   replayed (`tabula replay FILE --game N`, or `--check` for all) and a run stopped half-way
//!   keeps the games it finished.
//!
//! Budgets are iterations, not time, so a run replays exactly on any machine.

use std::process::Command;

/// The iterations a short search reached in a second on one core of the reference machine (a
/// 2-core CI VM), from `tabula bench GAME --mcts mcts:iterations=2000`, rounded down. A full
/// search of that many is slower per iteration; `mcts:time=1s` on both cores reaches 1.24 to 3.6
/// times each (docs/STRENGTH.md, "Iterations per second").
const ONE_SECOND: &[(&str, u64)] = &[
    ("amazons", 2_900),
    ("backgammon", 10_000),
    ("blue-and-gray", 7_300),
    ("blue-and-gray-orthogonal", 6_500),
    ("brandubh", 11_000),
    ("breakthrough", 250_000),
    ("chess", 5_000),
    ("connect-four", 470_000),
    ("crossings", 9_900),
    ("english-draughts", 160_000),
    ("epaminondas", 2_800),
    ("epaminondas-8x8", 8_800),
    ("fanorona", 22_000),
    ("gioul", 26_000),
    ("gioul-same-direction", 24_000),
    ("gioul-transfer-always", 27_000),
    ("go", 6_600),
    ("go-19", 1_400),
    ("hex", 57_000),
    ("hex-7", 270_000),
    ("hex-9", 100_000),
    ("hold-pley", 10_000),
    ("international-draughts", 29_000),
    ("kalah", 110_000),
    ("lines-of-action", 5_600),
    ("nine-mens-morris", 4_100),
    ("plakoto", 6_900),
    ("reversi", 68_000),
    ("shogi", 1_000),
    ("tic-tac-toe", 1_700_000),
    ("xiangqi", 3_500),
];

fn setting<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v} is not a valid setting")),
        Err(_) => default,
    }
}

fn chosen(game: &str) -> bool {
    match std::env::var("TABULA_STRENGTH_ONLY") {
        Ok(list) => list.split(',').any(|g| g.trim() == game),
        Err(_) => true,
    }
}

/// One player's line of a tournament: wins, draws, losses, games cut by the length limit.
struct Line {
    wins: u64,
    draws: u64,
    losses: u64,
    cut: u64,
    games: u64,
    /// Wins in the first seat and in the second, each of half the games.
    seat_wins: [u64; 2],
}

impl Line {
    /// Prints the line as a table row; the game and its win rate when it is below `bar`%.
    fn report(
        &self,
        game: &str,
        iterations: u64,
        started: std::time::Instant,
        bar: f64,
    ) -> Option<String> {
        let rate = 100.0 * self.wins as f64 / self.games as f64;
        println!(
            "| {game} | {iterations} | {} | {} | {} | {} | {} | {} | {} | {rate:.0} |  ({:.0} s)",
            self.games,
            self.wins,
            self.draws,
            self.losses,
            self.cut,
            self.seat_wins[0],
            self.seat_wins[1],
            started.elapsed().as_secs_f64()
        );
        (rate < bar).then(|| format!("{game}: {rate:.0}%"))
    }
}

/// Plays `games` games (half in each seating) between two players and returns the first's line;
/// the records, if kept, go to `GAME-RUN.jsonl`.
fn tournament(game: &str, run: &str, first: &str, second: &str, games: u64) -> Line {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads: usize = setting("TABULA_STRENGTH_THREADS", cores);
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args([
            "tournament",
            game,
            "--players",
            first,
            second,
            "--format",
            "json",
        ])
        .args(["--games", &(games / 2).max(1).to_string()])
        .args(["--threads", &threads.to_string()])
        .args(["--seed", &setting("TABULA_STRENGTH_SEED", 1u64).to_string()])
        // Hold pley's random games run to about 9,000 actions: a search against random play
        // needs room to finish.
        .args(["--max-actions", "20000"])
        .args(
            std::env::var("TABULA_STRENGTH_RECORDS").map_or(Vec::new(), |folder| {
                let file = std::path::Path::new(&folder).join(format!("{game}-{run}.jsonl"));
                vec!["--records".to_string(), file.display().to_string()]
            }),
        )
        .output()
        .expect("tabula runs");
    assert!(
        output.status.success(),
        "{game}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let line = &report["players"][0];
    assert_eq!(line["player"], first, "{game}: the first player's line");
    let n = |key: &str| {
        line[key]
            .as_u64()
            .unwrap_or_else(|| panic!("{game}: {key}"))
    };
    Line {
        wins: n("wins"),
        draws: n("draws"),
        losses: n("losses"),
        cut: n("cut"),
        games: n("games"),
        seat_wins: [0, 1].map(|s| {
            line["seats"][s]["wins"]
                .as_u64()
                .unwrap_or_else(|| panic!("{game}: seat {s}'s wins"))
        }),
    }
}

#[test]
#[ignore = "long: plays 100 games of every shipped game"]
fn a_one_second_search_wins_nineteen_games_in_twenty_against_random_play() {
    let scale: f64 = setting("TABULA_STRENGTH_SCALE", 1.0);
    let games: u64 = setting("TABULA_STRENGTH_GAMES", 100);
    println!(
        "| game | iterations | games | wins | draws | losses | cut | wins, first seat | wins, second seat | win % |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut weak = Vec::new();
    for &(game, per_second) in ONE_SECOND.iter().filter(|(g, _)| chosen(g)) {
        let iterations = ((per_second as f64 * scale) as u64).max(1);
        let search = format!("mcts:iterations={iterations},threads=1");
        let started = std::time::Instant::now();
        let line = tournament(game, "against-random", &search, "random", games);
        if let Some(short) = line.report(game, iterations, started, 95.0) {
            weak.push(short);
        }
    }
    assert!(weak.is_empty(), "below 95%: {weak:?}");
}

#[test]
#[ignore = "long: plays 100 games of each of four games between two searches"]
fn four_times_the_budget_wins_three_games_in_five() {
    let scale: f64 = setting("TABULA_STRENGTH_SCALE", 1.0);
    let games: u64 = setting("TABULA_STRENGTH_GAMES", 100);
    println!(
        "| game | iterations (1x) | games | 4x wins | draws | 4x losses | cut | 4x wins, first seat | 4x wins, second seat | 4x win % |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut weak = Vec::new();
    for game in ["breakthrough", "epaminondas-8x8", "blue-and-gray", "gioul"] {
        if !chosen(game) {
            continue;
        }
        let per_second = ONE_SECOND
            .iter()
            .find(|(g, _)| *g == game)
            .map(|(_, n)| *n)
            .expect("a budget");
        let one = ((per_second as f64 * scale) as u64).max(1);
        let started = std::time::Instant::now();
        let line = tournament(
            game,
            "4x-against-1x",
            &format!("mcts:iterations={},threads=1", 4 * one),
            &format!("mcts:iterations={one},threads=1"),
            games,
        );
        if let Some(short) = line.report(game, one, started, 60.0) {
            weak.push(short);
        }
    }
    assert!(weak.is_empty(), "below 60%: {weak:?}");
}

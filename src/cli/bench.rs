//! `tabula bench`: random playouts and perft, timed.

use std::io::Write;
use std::time::{Duration, Instant};
use tabula::engine::playout::seeded_rng;

#[derive(clap::Args)]
pub struct BenchArgs {
    /// A game name from `games/` or a path to a game file.
    game: String,
    /// How long to run the playouts.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Perft depth to time from the initial position.
    #[arg(long, default_value_t = 3)]
    depth: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Set a game option: `--option max_plies=200`. Repeatable.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
}

/// A playout longer than this is cut (a game without a length cap could otherwise run forever).
const MAX_PLAYOUT_ACTIONS: u64 = 100_000;

pub fn bench(args: BenchArgs) -> Result<(), String> {
    if !(args.seconds > 0.0 && args.seconds.is_finite()) {
        return Err("error: `--seconds` must be a positive number".into());
    }
    let game = super::load(&args.game, &args.options)?;
    let mut rng = seeded_rng(args.seed);
    let mut buffer = Vec::with_capacity(512);
    let budget = Duration::from_secs_f64(args.seconds);
    let started = Instant::now();
    let mut last_report = started;
    let (mut playouts, mut actions, mut cut) = (0u64, 0u64, 0u64);
    let show_progress = std::io::IsTerminal::is_terminal(&std::io::stderr());
    while started.elapsed() < budget {
        let p = game.random_playout(&mut rng, &mut buffer, MAX_PLAYOUT_ACTIONS);
        playouts += 1;
        actions += p.actions;
        cut += u64::from(p.outcome.is_none());
        if show_progress && last_report.elapsed() >= Duration::from_millis(250) {
            last_report = Instant::now();
            eprint!(
                "\rplayouts: {playouts} ({:.0}%)",
                100.0 * started.elapsed().as_secs_f64() / args.seconds
            );
            let _ = std::io::stderr().flush();
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    if show_progress {
        eprint!("\r\x1b[K");
    }
    let perft_started = Instant::now();
    let nodes = game.perft(&game.initial, args.depth);
    let perft_elapsed = perft_started.elapsed().as_secs_f64().max(1e-9);
    println!("game: {}", game.name);
    println!("state size: {} bytes", std::mem::size_of::<tabula::State>());
    println!("playouts: {playouts} in {elapsed:.2} s ({cut} cut at {MAX_PLAYOUT_ACTIONS} actions)");
    println!("playouts/s: {:.1}", playouts as f64 / elapsed);
    println!("actions/s: {:.0}", actions as f64 / elapsed);
    println!(
        "average game length: {:.1} actions",
        actions as f64 / playouts.max(1) as f64
    );
    println!(
        "perft({}): {nodes} nodes in {perft_elapsed:.3} s",
        args.depth
    );
    println!("perft nodes/s: {:.0}", nodes as f64 / perft_elapsed);
    Ok(())
}

//! `tabula bench`: uniformly random playouts and perft, timed the way published game-system
//! benchmarks are: each step generates the full legal list, picks one uniformly, applies it.
//! `--sample` times random play's own sampler instead, which judges a candidate's `forbid`
//! rules only once it is drawn.

use std::io::Write;
use std::time::{Duration, Instant};
use tabula::Game;
use tabula::engine::playout::seeded_rng;

#[derive(clap::Args)]
pub struct BenchArgs {
    /// A game name from `games/` or a path to a game file.
    game: String,
    /// How long to run the playouts.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Perft depth to time from the initial position (0 skips perft).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: u32,
    /// Seed of the first thread; thread i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop each thread after this many playouts instead of after `--seconds` (repeatable counts for
    /// profilers such as callgrind).
    #[arg(long)]
    playouts: Option<u64>,
    /// Independent playout threads; the figures are their total.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Draw each action as random play does: the candidates listed with their `forbid` rules
    /// left unjudged, and only the one drawn judged (another drawn if it is forbidden). Each
    /// legal action is as likely, and games with costly `forbid`s (go's suicide and ko) run
    /// faster; without it every ply lists every legal action, as perft and the search need.
    #[arg(long)]
    sample: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Set a game option: `--option max_plies=200`. Repeatable.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Also time one search of this player from the initial position and report its iterations
    /// per second: `--mcts mcts:iterations=20000,threads=2`.
    #[arg(long, value_name = "SPEC", value_parser = mcts_spec)]
    mcts: Option<tabula::ai::MctsConfig>,
}

/// `--mcts`: a player specification that is a search.
fn mcts_spec(text: &str) -> Result<tabula::ai::MctsConfig, String> {
    match tabula::ai::PlayerSpec::parse(text)? {
        tabula::ai::PlayerSpec::Mcts(config) => Ok(config),
        other => Err(format!(
            "`{other}` does not search: give `mcts:iterations=N`"
        )),
    }
}

/// A playout longer than this is cut (a game without a length cap could otherwise run forever).
const MAX_PLAYOUT_ACTIONS: u64 = 100_000;

#[derive(Default, Clone, Copy)]
struct Tally {
    playouts: u64,
    actions: u64,
    cut: u64,
}

fn run_playouts<const W: usize>(
    game: &Game<W>,
    seed: u64,
    budget: Duration,
    limit: Option<u64>,
    progress: bool,
) -> Tally {
    let mut rng = seeded_rng(seed);
    let mut buffer = Vec::with_capacity(512);
    let started = Instant::now();
    let mut last_report = started;
    let mut tally = Tally::default();
    while limit.map_or(started.elapsed() < budget, |n| tally.playouts < n) {
        let p = game.random_playout(&mut rng, &mut buffer, MAX_PLAYOUT_ACTIONS);
        tally.playouts += 1;
        tally.actions += p.actions;
        tally.cut += u64::from(p.outcome.is_none());
        if progress && last_report.elapsed() >= Duration::from_millis(250) {
            last_report = Instant::now();
            let done = 100.0 * started.elapsed().as_secs_f64() / budget.as_secs_f64();
            eprint!("\rplayouts: {} ({done:.0}%)", tally.playouts);
            let _ = std::io::stderr().flush();
        }
    }
    tally
}

pub fn bench(args: BenchArgs) -> super::CliResult {
    use super::CliError;
    if !(args.seconds > 0.0 && args.seconds <= 1e7) {
        return Err(CliError::usage(format!(
            "`--seconds {}`: give a number of seconds more than 0 and at most 10000000",
            args.seconds
        )));
    }
    if !(1..=256).contains(&args.threads) {
        return Err(CliError::usage(format!(
            "`--threads {}`: give a number of threads from 1 to 256",
            args.threads
        )));
    }
    tabula::with_game!(super::load(&args.game, &args.options)?, game => bench_game(&game, &args))
}

fn bench_game<const W: usize>(game: &Game<W>, args: &BenchArgs) -> super::CliResult {
    let mut listed = game.clone();
    // Random play defers `forbid`s where the game allows it; the full list judges them all.
    listed.defers_forbids &= args.sample;
    let game = &listed;
    let legal_list = if game.defers_forbids {
        "sampled"
    } else {
        "full"
    };
    let budget = Duration::from_secs_f64(args.seconds);
    let progress = !args.json && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let started = Instant::now();
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..args.threads)
            .map(|i| {
                let seed = args.seed.wrapping_add(i as u64);
                let limit = args.playouts;
                scope.spawn(move || run_playouts(game, seed, budget, limit, progress && i == 0))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let elapsed = started.elapsed().as_secs_f64();
    if progress {
        eprint!("\r\x1b[K");
    }
    let total = tallies.iter().fold(Tally::default(), |a, t| Tally {
        playouts: a.playouts + t.playouts,
        actions: a.actions + t.actions,
        cut: a.cut + t.cut,
    });
    let (nodes, perft_seconds) = if args.depth > 0 {
        let t = Instant::now();
        let nodes = game.perft(&game.initial, args.depth);
        (nodes, t.elapsed().as_secs_f64().max(1e-9))
    } else {
        (0, 0.0)
    };
    let playouts_per_s = total.playouts as f64 / elapsed;
    let actions_per_s = total.actions as f64 / elapsed;
    let length = total.actions as f64 / total.playouts.max(1) as f64;
    let nodes_per_s = if perft_seconds > 0.0 {
        nodes as f64 / perft_seconds
    } else {
        0.0
    };
    let state_bytes = std::mem::size_of::<tabula::State<W>>();
    // One search from the start: (iterations, seconds, threads).
    let search = args.mcts.map(|config| {
        // From the first decision: a game that starts with a roll has its dice thrown first.
        let mut start = game.initial;
        let mut rng = seeded_rng(args.seed);
        while game.is_chance(&start) {
            match game.random_action(&start, &mut rng) {
                Some(outcome) => game.apply(&mut start, &outcome),
                None => break,
            }
        }
        let t = Instant::now();
        let found = game.mcts(&start, &[], &config);
        let seconds = t.elapsed().as_secs_f64().max(1e-9);
        let threads = match config.budget {
            tabula::ai::Budget::Iterations(_) => config.threads_to_use().min(config.trees),
            tabula::ai::Budget::Time(_) => config.threads_to_use(),
        };
        (found.map_or(0, |f| f.iterations), seconds, threads)
    });
    let search_json = search.map_or(String::new(), |(n, s, threads)| {
        format!(
            ",\"mcts_iterations\":{n},\"mcts_seconds\":{s:.4},\"mcts_threads\":{threads},\"mcts_iterations_per_s\":{:.0}",
            n as f64 / s
        )
    });
    if args.json {
        outln!(
            "{{\"game\":{:?},\"legal_list\":\"{legal_list}\",\"threads\":{},\"seconds\":{elapsed:.3},\"playouts\":{},\"cut\":{},\"playouts_per_s\":{playouts_per_s:.1},\"actions_per_s\":{actions_per_s:.0},\"average_length\":{length:.2},\"perft_depth\":{},\"perft_nodes\":{nodes},\"perft_seconds\":{perft_seconds:.4},\"perft_nodes_per_s\":{nodes_per_s:.0},\"state_bytes\":{state_bytes}{search_json}}}",
            game.name,
            args.threads,
            total.playouts,
            total.cut,
            args.depth
        );
        return Ok(());
    }
    outln!("game: {}", game.name);
    outln!("state size: {state_bytes} bytes");
    outln!("legal list: {legal_list}");
    outln!("threads: {}", args.threads);
    outln!(
        "playouts: {} in {elapsed:.2} s ({} cut at {MAX_PLAYOUT_ACTIONS} actions)",
        total.playouts,
        total.cut
    );
    outln!("playouts/s: {playouts_per_s:.1}");
    outln!("actions/s: {actions_per_s:.0}");
    outln!("average game length: {length:.1} actions");
    if args.depth > 0 {
        outln!(
            "perft({}): {nodes} nodes in {perft_seconds:.3} s",
            args.depth
        );
        outln!("perft nodes/s: {nodes_per_s:.0}");
    }
    if let Some((n, seconds, threads)) = search {
        outln!("mcts: {n} iterations in {seconds:.3} s on {threads} threads");
        outln!("mcts iterations/s: {:.0}", n as f64 / seconds);
    }
    Ok(())
}

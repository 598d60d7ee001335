//! `tabula serve`: the web board (see the library's `serve` module).

use super::CliError;
use std::time::Duration;
use tabula::serve::{Durability, Server, Settings};

/// A length of time: a number and a unit (`250ms`, `90s`, `30m`, `12h`, `7d`); a bare number
/// is seconds.
fn duration(text: &str) -> Result<Duration, String> {
    let seconds = tabula::ai::spec::parse_seconds(text)
        .ok_or_else(|| format!("`{text}` is not a time such as 90s, 30m, 12h or 7d"))?;
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 1e9) {
        return Err(format!("`{text}` is not a time above zero"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

fn positive(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(format!("`{text}` is not a whole number above 0")),
    }
}

fn rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(r) if r > 0.0 && r.is_finite() => Ok(r),
        _ => Err(format!("`{text}` is not a number of requests above 0")),
    }
}

#[derive(clap::Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on: the default serves this machine only; `0.0.0.0` serves the
    /// network.
    #[arg(long, default_value = "127.0.0.1")]
    host: std::net::IpAddr,
    /// The data folder: the games' database `tabula.sqlite3` (unless `--database` says
    /// otherwise), and any JSON game files of earlier versions, imported on the first start.
    #[arg(long, default_value = "tabula-data")]
    data: std::path::PathBuf,
    /// Where the games are stored: a SQLite file, or `postgres://USER:PASSWORD@HOST/DATABASE`
    /// to share the games between several servers.
    #[arg(long, value_name = "FILE|URL")]
    database: Option<String>,
    /// `full`: every acknowledged action is synced to disk first; `normal`: it survives the
    /// server's crash but not a power failure (faster on slow disks).
    #[arg(long, default_value = "full", value_parser = |t: &str| t.parse::<Durability>())]
    durability: Durability,
    /// Requests per second about one seat or one game, on average (a flood beyond it is
    /// refused); four times as many at once.
    #[arg(long, default_value = "50", value_parser = rate)]
    rate: f64,
    /// Requests per second from one address, on average (many people behind one proxy share
    /// it); four times as many at once.
    #[arg(long, default_value = "500", value_parser = rate)]
    address_rate: f64,
    /// Unfinished games held at once; a new game past it is refused (503).
    #[arg(long, default_value = "10000", value_parser = positive)]
    max_games: usize,
    /// An unfinished game without an action for this long is abandoned (kept, no longer
    /// played).
    #[arg(long, default_value = "7d", value_parser = duration)]
    expire_after: Duration,
    /// The most actions a game may have; one that reaches it unfinished is stopped.
    #[arg(long, default_value = "100000", value_parser = positive)]
    max_actions: usize,
    /// Threads for machine work at most (searches, random moves, dice, hints); the default is
    /// the number of cores.
    #[arg(long, value_parser = positive)]
    machine_threads: Option<usize>,
    /// The longest a machine may think for one move, an iteration budget included.
    #[arg(long, default_value = "10s", value_parser = duration)]
    max_think: Duration,
    /// The shortest time between two actions in a game that only machines play (such a game
    /// moves only while someone watches it).
    #[arg(long, default_value = "200ms", value_parser = duration)]
    machine_pace: Duration,
    /// How long a hint thinks.
    #[arg(long, default_value = "1s", value_parser = duration)]
    hint_time: Duration,
    /// Connections open at once, at most (the default: as many as the file limit allows, up
    /// to 4,096).
    #[arg(long, value_parser = positive)]
    max_connections: Option<usize>,
    /// Connections open at once from one address.
    #[arg(long, default_value = "256", value_parser = positive)]
    max_connections_per_address: usize,
    /// A request's headers must arrive within this; a kept-alive connection idle between
    /// requests is closed after it.
    #[arg(long, default_value = "10s", value_parser = duration)]
    header_timeout: Duration,
    /// A connection on which nothing moves either way for this long is closed (an event
    /// stream sends a keep-alive every 15 seconds).
    #[arg(long, default_value = "60s", value_parser = duration)]
    idle_timeout: Duration,
}

fn settings(args: &ServeArgs, open_files: u64) -> Settings {
    let mut settings = Settings::new(args.data.clone());
    settings.database = args.database.clone();
    settings.durability = args.durability;
    settings.requests_per_second = args.rate;
    settings.burst = (args.rate * 4.0).max(20.0);
    settings.address_requests_per_second = args.address_rate;
    settings.address_burst = (args.address_rate * 4.0).max(20.0);
    settings.max_games = args.max_games;
    settings.expire_after = args.expire_after;
    settings.max_actions = args.max_actions;
    if let Some(threads) = args.machine_threads {
        settings.machine_threads = threads;
    }
    settings.max_think = args.max_think;
    settings.machine_pace = args.machine_pace;
    settings.hint_time = args.hint_time.min(args.max_think);
    // Descriptors for the database, its journal and the listener besides the connections.
    let allowed = open_files.saturating_sub(64).clamp(16, 4096) as usize;
    settings.max_connections = args.max_connections.unwrap_or(allowed);
    settings.max_connections_per_address = args.max_connections_per_address;
    settings.header_timeout = args.header_timeout;
    settings.idle_timeout = args.idle_timeout;
    settings
}

pub fn serve(args: ServeArgs) -> super::CliResult {
    let open_files = tabula::serve::raise_open_files_limit();
    let settings = settings(&args, open_files);
    let server = Server::new(settings, tabula::Catalog::default()).map_err(CliError::input)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::input(format!("cannot start the server: {e}")))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((args.host, args.port))
            .await
            .map_err(|e| {
                CliError::input(format!("cannot listen on {}:{}: {e}", args.host, args.port))
            })?;
        let address = listener
            .local_addr()
            .map_err(|e| CliError::input(e.to_string()))?;
        outln!(
            "serving on http://{address}/ (Ctrl-C stops); games stored in {}",
            server.store_description()
        );
        tabula::serve::serve(server, listener)
            .await
            .map_err(|e| CliError::input(format!("the server stopped: {e}")))
    })
}

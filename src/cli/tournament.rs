//! `tabula tournament` and `tabula analyze`: many seeded games between players given by
//! specification, played in parallel, each kept as a record that replays exactly.

use super::CliError;
use std::io::Write;
use tabula::Game;
use tabula::ai::analysis::{Measures, measure};
use tabula::ai::selfplay::Job;
use tabula::ai::stats::{elo, wilson};
use tabula::ai::{GameRecord, PlayerSpec};
use tabula::engine::movegen::Outcome;

#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    Text,
    Json,
    Csv,
}

/// What both commands share: how many games, seeds, threads, limits, output.
#[derive(clap::Args)]
pub struct Common {
    /// Seed of the first game; game i uses seed + i, so any game can be replayed alone.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    /// A game still going after this many actions is cut (and counted apart).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    max_actions: u64,
    /// `text` (a table), `json` or `csv`.
    #[arg(long, value_enum, default_value = "text")]
    format: ReportFormat,
    /// Append every game's record (seed, players, tokens, result) to this file, one JSON object a
    /// line, in the games' order as they end (a run stopped half-way keeps its games): `tabula
    /// replay FILE --game N` steps through any of them, `--check` checks them all.
    #[arg(long, value_name = "FILE")]
    records: Option<std::path::PathBuf>,
    /// Set a game option: `--option max_plies=200`. Repeatable.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
}

#[derive(clap::Args)]
pub struct TournamentArgs {
    /// A game name from `games/` or a path to a game file.
    game: String,
    /// The players, two or more: `random`, `mcts:iterations=1000`, `mcts:time=1s`.
    #[arg(long, num_args = 2.., required = true, value_parser = spec)]
    players: Vec<PlayerSpec>,
    /// Games of each pair of players in each seating order.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    #[command(flatten)]
    common: Common,
}

#[derive(clap::Args)]
pub struct AnalyzeArgs {
    /// The games to compare, side by side: names from `games/` or paths (a game and its variants).
    #[arg(required = true, num_args = 1..)]
    games_to_compare: Vec<String>,
    /// Who plays every seat: `random`, `mcts:iterations=1000`, ...
    #[arg(long, default_value = "random", value_parser = spec)]
    players: PlayerSpec,
    /// Self-play games of each.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    #[command(flatten)]
    common: Common,
}

/// A player that plays by itself: not `human`.
fn spec(text: &str) -> Result<PlayerSpec, String> {
    match PlayerSpec::parse(text)? {
        PlayerSpec::Human => {
            Err("`human` cannot play unattended: give `random` or `mcts:...`".into())
        }
        other => Ok(other),
    }
}

/// Plays the jobs with a progress bar on a terminal (text output only), writing each record to
/// `--records` as soon as it and every game before it are over, so that a long run stopped
/// half-way keeps what it played.
fn play_jobs<const W: usize>(
    game: &Game<W>,
    jobs: &[Job],
    common: &Common,
    name: &str,
) -> Result<Vec<GameRecord>, CliError> {
    // Opened before the first game: a path that cannot be written is said at once, not after
    // hours of play.
    let writer = match &common.records {
        Some(path) => Some(std::sync::Mutex::new(RecordWriter {
            file: std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?,
            path: path.clone(),
            waiting: std::collections::BTreeMap::new(),
            next: 0,
            error: None,
        })),
        None => None,
    };
    let show =
        common.format == ReportFormat::Text && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let bar = if show {
        indicatif::ProgressBar::new(jobs.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, {eta} left")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let done = |i: usize, record: &GameRecord| {
        if let Some(mut writer) = writer.as_ref().and_then(|w| w.lock().ok()) {
            let line = record_line(game, record, common, name);
            writer.keep(i, line);
        }
        bar.inc(1)
    };
    let records = game.play_many(jobs, common.threads as usize, common.max_actions, &done);
    bar.finish_and_clear();
    let error = writer
        .and_then(|w| w.into_inner().ok())
        .and_then(|w| w.error);
    match error {
        Some(e) => Err(CliError::input(e)),
        None => Ok(records),
    }
}

/// The `--records` file, written in the games' order as they end.
struct RecordWriter {
    file: std::fs::File,
    path: std::path::PathBuf,
    /// Lines of games over before some earlier game: written once it is.
    waiting: std::collections::BTreeMap<usize, String>,
    /// The index of the next game to write.
    next: usize,
    /// The first failure to write, reported once the games are over.
    error: Option<String>,
}

impl RecordWriter {
    fn keep(&mut self, index: usize, line: String) {
        self.waiting.insert(index, line);
        while let Some(line) = self.waiting.remove(&self.next) {
            self.next += 1;
            if self.error.is_none()
                && let Err(e) = writeln!(self.file, "{line}").and_then(|()| self.file.flush())
            {
                self.error = Some(format!("cannot write {}: {e}", self.path.display()));
            }
        }
    }
}

fn outcome_json<const W: usize>(game: &Game<W>, outcome: Option<Outcome>) -> serde_json::Value {
    match outcome {
        Some(Outcome::Win(p, score)) => {
            serde_json::json!({ "winner": game.players[p as usize], "score": score })
        }
        Some(Outcome::Draw) => serde_json::json!("draw"),
        None => serde_json::json!("cut"),
    }
}

/// One game's line of `--records`.
fn record_line<const W: usize>(
    game: &Game<W>,
    r: &GameRecord,
    common: &Common,
    name: &str,
) -> String {
    serde_json::json!({
        "game": name,
        "options": common.options,
        "seed": r.seed,
        "players": r.players,
        "tokens": r.tokens.join(" "),
        "result": outcome_json(game, r.outcome),
    })
    .to_string()
}

pub fn tournament(args: TournamentArgs) -> super::CliResult {
    tabula::with_game!(super::load(&args.game, &args.common.options)?, game => run_tournament(&game, &args))
}

fn run_tournament<const W: usize>(game: &Game<W>, args: &TournamentArgs) -> super::CliResult {
    if game.players.len() != 2 {
        return Err(CliError::input(format!(
            "{} has {} players: a tournament pairs two players a game",
            game.name,
            game.players.len()
        )));
    }
    let (jobs, pairs) = schedule(args);
    let records = play_jobs(game, &jobs, &args.common, &args.game)?;
    let standings = Standings::of(&records, &pairs, &args.players);
    let seat_names = [&game.players[0], &game.players[1]];
    match args.common.format {
        ReportFormat::Json => report_json(game, args, records.len(), &standings, seat_names),
        ReportFormat::Csv => report_csv(&standings),
        ReportFormat::Text => report_text(game, args, records.len(), &standings, seat_names),
    }
    Ok(())
}

/// Every pair of players, both seating orders, `games` each: the games to play, and the players
/// (by index) in each game's seats.
fn schedule(args: &TournamentArgs) -> (Vec<Job>, Vec<(usize, usize)>) {
    let n = args.players.len();
    let mut jobs = Vec::new();
    let mut pairs = Vec::new();
    for i in 0..n {
        for j in 0..n {
            if i == j {
                continue;
            }
            for _ in 0..args.games {
                let seed = args.common.seed.wrapping_add(jobs.len() as u64);
                jobs.push(Job {
                    seats: vec![args.players[i], args.players[j]],
                    seed,
                });
                pairs.push((i, j));
            }
        }
    }
    (jobs, pairs)
}

/// The players of a tournament, their results and their ratings.
struct Standings {
    names: Vec<String>,
    /// Each player's results in all, and in each seat apart: with one seat stronger (the first
    /// move, a head start), a player's totals alone hide where it wins and where it loses.
    tally: Vec<SeatTally>,
    by_seat: Vec<[SeatTally; 2]>,
    /// Each player's Elo rating and the half-width of its 95% interval.
    ratings: Vec<(f64, f64)>,
}

impl Standings {
    /// The standings after the games `records`, played by the players `pairs` (by index).
    fn of(records: &[GameRecord], pairs: &[(usize, usize)], players: &[PlayerSpec]) -> Standings {
        let n = players.len();
        let mut score = vec![vec![0.0; n]; n];
        let mut played = vec![vec![0.0; n]; n];
        let mut tally = vec![SeatTally::default(); n];
        let mut by_seat = vec![[SeatTally::default(); 2]; n];
        for (r, &(a, b)) in records.iter().zip(pairs) {
            let seat = [a, b];
            for (s, &p) in seat.iter().enumerate() {
                let result = match r.outcome {
                    Some(Outcome::Win(w, points)) if w as usize == s => SeatResult::Won(points),
                    Some(Outcome::Win(_, points)) => SeatResult::Lost(points),
                    Some(Outcome::Draw) => SeatResult::Drawn,
                    None => SeatResult::Cut,
                };
                tally[p].add(result);
                by_seat[p][s].add(result);
            }
            match r.outcome {
                Some(Outcome::Win(w, _)) => {
                    score[seat[w as usize & 1]][seat[1 - (w as usize & 1)]] += 1.0
                }
                Some(Outcome::Draw) | None => {
                    score[a][b] += 0.5;
                    score[b][a] += 0.5;
                }
            }
            played[a][b] += 1.0;
            played[b][a] += 1.0;
        }
        Standings {
            names: players.iter().map(|p| p.to_string()).collect(),
            tally,
            by_seat,
            ratings: elo(&score, &played),
        }
    }
}

/// `--format json`: the tournament as one object, a player's results in each seat within it.
fn report_json<const W: usize>(
    game: &Game<W>,
    args: &TournamentArgs,
    games: usize,
    standings: &Standings,
    seat_names: [&String; 2],
) {
    let Standings {
        names,
        tally,
        by_seat,
        ratings,
    } = standings;
    let players: Vec<_> = (0..names.len())
        .map(|p| {
            let t = &tally[p];
            let seats: Vec<_> = (0..2)
                .map(|s| {
                    let t = &by_seat[p][s];
                    serde_json::json!({
                        "seat": seat_names[s], "games": t.games, "wins": t.wins,
                        "draws": t.draws, "losses": t.losses, "cut": t.cut, "points": t.points,
                    })
                })
                .collect();
            serde_json::json!({
                "player": names[p], "games": t.games, "wins": t.wins,
                "draws": t.draws, "losses": t.losses, "cut": t.cut,
                "points": t.points, "elo": ratings[p].0,
                "elo_95": if ratings[p].1.is_finite() { serde_json::json!(ratings[p].1) } else { serde_json::Value::Null },
                "seats": seats,
            })
        })
        .collect();
    let report = serde_json::json!({
        "game": game.name, "games": games, "seed": args.common.seed, "players": players,
    });
    outln!("{report}");
}

/// `--format csv`: a line per player, the seats' columns after the totals.
fn report_csv(standings: &Standings) {
    let Standings {
        names,
        tally,
        by_seat,
        ratings,
    } = standings;
    // The seats' columns are named by their order, so a script reads every game alike.
    outln!(
        "player,games,wins,draws,losses,cut,points,elo,elo_95,{},{}",
        SeatTally::CSV_COLUMNS.replace("SEAT", "seat1"),
        SeatTally::CSV_COLUMNS.replace("SEAT", "seat2")
    );
    for p in 0..names.len() {
        let t = &tally[p];
        outln!(
            "{},{},{:.1},{:.1},{},{}",
            names[p],
            t.csv(),
            ratings[p].0,
            ratings[p].1,
            by_seat[p][0].csv(),
            by_seat[p][1].csv()
        );
    }
}

/// The text report: a table of the totals and ratings, then one of the results by seat.
fn report_text<const W: usize>(
    game: &Game<W>,
    args: &TournamentArgs,
    games: usize,
    standings: &Standings,
    seat_names: [&String; 2],
) {
    let Standings {
        names,
        tally,
        by_seat,
        ratings,
    } = standings;
    let n = names.len();
    outln!(
        "{}: {} games ({} per pair and seating order), seeds {} to {}",
        game.name,
        games,
        args.games,
        args.common.seed,
        args.common.seed.wrapping_add(games as u64 - 1)
    );
    // The player column fits the longest specification, so the numbers stay aligned.
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    outln!(
        "{:<width$} {:>6} {:>6} {:>6} {:>6} {:>5} {:>7} {:>6} {:>8}",
        "player",
        "games",
        "wins",
        "draws",
        "losses",
        "cut",
        "points",
        "Elo",
        "±95%"
    );
    for p in 0..n {
        let t = &tally[p];
        let interval = if ratings[p].1.is_finite() {
            format!("±{:.0}", ratings[p].1)
        } else {
            "-".into()
        };
        outln!(
            "{:<width$} {:>6} {:>6} {:>6} {:>6} {:>5} {:>7} {:>+6.0} {:>8}",
            names[p],
            t.games,
            t.wins,
            t.draws,
            t.losses,
            t.cut,
            t.points,
            ratings[p].0,
            interval
        );
    }
    let seat_width = seat_names
        .iter()
        .map(|s| s.chars().count() + 3)
        .max()
        .unwrap_or(0)
        .max(16);
    outln!();
    outln!(
        "{:<width$} {:>seat_width$} {:>seat_width$}   (wins-draws-losses, points)",
        "by seat",
        format!("as {}", seat_names[0]),
        format!("as {}", seat_names[1]),
    );
    for p in 0..n {
        outln!(
            "{:<width$} {:>seat_width$} {:>seat_width$}",
            names[p],
            by_seat[p][0].words(),
            by_seat[p][1].words(),
        );
    }
}

/// How one game ended for one player.
#[derive(Clone, Copy)]
enum SeatResult {
    Won(i32),
    Lost(i32),
    Drawn,
    Cut,
}

/// A player's results over some games: in all, or in one seat.
#[derive(Clone, Copy, Default)]
struct SeatTally {
    games: u64,
    wins: u64,
    draws: u64,
    losses: u64,
    cut: u64,
    /// Points won less points lost (a gammon counts its score).
    points: i64,
}

impl SeatTally {
    /// The CSV columns of `csv`, with `SEAT` for the seat's name.
    const CSV_COLUMNS: &'static str =
        "SEAT_games,SEAT_wins,SEAT_draws,SEAT_losses,SEAT_cut,SEAT_points";

    fn add(&mut self, result: SeatResult) {
        self.games += 1;
        match result {
            SeatResult::Won(points) => {
                self.wins += 1;
                self.points += i64::from(points);
            }
            SeatResult::Lost(points) => {
                self.losses += 1;
                self.points -= i64::from(points);
            }
            SeatResult::Drawn => self.draws += 1,
            SeatResult::Cut => self.cut += 1,
        }
    }

    fn csv(&self) -> String {
        format!(
            "{},{},{},{},{},{}",
            self.games, self.wins, self.draws, self.losses, self.cut, self.points
        )
    }

    /// `39-0-1 +75`, and the games cut when there are any.
    fn words(&self) -> String {
        let cut = if self.cut > 0 {
            format!(", {} cut", self.cut)
        } else {
            String::new()
        };
        format!(
            "{}-{}-{} {:+}{cut}",
            self.wins, self.draws, self.losses, self.points
        )
    }
}

/// A line of the analysis table: a measure of a game in words.
type MeasureWords<'a> = Box<dyn Fn(&Measures) -> String + 'a>;

pub fn analyze(args: AnalyzeArgs) -> super::CliResult {
    let mut all = Vec::new();
    for name in &args.games_to_compare {
        let loaded = super::load(name, &args.common.options)?;
        let m = tabula::with_game!(loaded, game => {
            let seats = vec![args.players; game.players.len()];
            let jobs: Vec<Job> = (0..args.games)
                .map(|i| Job { seats: seats.clone(), seed: args.common.seed.wrapping_add(i) })
                .collect();
            let records = play_jobs(&game, &jobs, &args.common, name)?;
            measure(&game, &records)
        });
        all.push(m);
    }
    report_analysis(&all, &args)
}

fn report_analysis(all: &[Measures], args: &AnalyzeArgs) -> super::CliResult {
    let percent = |k: u64, n: usize| 100.0 * k as f64 / n.max(1) as f64;
    let interval = |k: u64, n: usize| {
        let (lo, hi) = wilson(k as f64, n as f64);
        (100.0 * lo, 100.0 * hi)
    };
    match args.common.format {
        ReportFormat::Json => {
            let games: Vec<_> = all.iter().map(Measures::to_json).collect();
            outln!(
                "{}",
                serde_json::json!({ "players": args.players.to_string(), "seed": args.common.seed, "games": games })
            );
        }
        ReportFormat::Csv => {
            outln!(
                "game,games,seat,player,wins,win_percent,ci95_low,ci95_high,draws,cut,length_mean,length_median,length_sd,branching,lead_changes"
            );
            for m in all {
                for (seat, (p, &w)) in m.players.iter().zip(&m.wins).enumerate() {
                    let (lo, hi) = interval(w, m.games);
                    outln!(
                        "{:?},{},{},{},{},{:.2},{:.2},{:.2},{},{},{:.2},{:.1},{:.2},{:.2},{:.2}",
                        m.name,
                        m.games,
                        seat + 1,
                        p,
                        w,
                        percent(w, m.games),
                        lo,
                        hi,
                        m.draws,
                        m.cut,
                        m.mean(),
                        m.median(),
                        m.spread(),
                        m.branching,
                        m.lead_changes
                    );
                }
            }
        }
        ReportFormat::Text => {
            outln!(
                "self-play by {}, {} games each, seeds from {}",
                args.players,
                args.games,
                args.common.seed
            );
            let width = 30;
            let row = |label: &str, cells: Vec<String>| {
                let mut line = format!("{label:<26}");
                for c in cells {
                    line.push_str(&format!(" {c:>width$}"));
                }
                line
            };
            outln!("{}", row("", all.iter().map(|m| m.name.clone()).collect()));
            let seats = all.iter().map(|m| m.players.len()).max().unwrap_or(0);
            for s in 0..seats {
                outln!(
                    "{}",
                    row(
                        &format!("wins, seat {} (95% CI)", s + 1),
                        all.iter()
                            .map(|m| match m.wins.get(s) {
                                Some(&w) => {
                                    let (lo, hi) = interval(w, m.games);
                                    format!(
                                        "{} {:.1}% ({lo:.1}-{hi:.1})",
                                        m.players[s],
                                        percent(w, m.games)
                                    )
                                }
                                None => "-".into(),
                            })
                            .collect()
                    )
                );
            }
            let lines: [(&str, MeasureWords<'_>); 6] = [
                (
                    "draws",
                    Box::new(|m: &Measures| {
                        format!("{} ({:.1}%)", m.draws, percent(m.draws, m.games))
                    }),
                ),
                (
                    "cut by the length limit",
                    Box::new(|m: &Measures| m.cut.to_string()),
                ),
                (
                    "length: mean, median",
                    Box::new(|m: &Measures| format!("{:.1}, {:.0}", m.mean(), m.median())),
                ),
                (
                    "length: spread (sd)",
                    Box::new(|m: &Measures| format!("{:.1}", m.spread())),
                ),
                (
                    "branching factor",
                    Box::new(|m: &Measures| format!("{:.1}", m.branching)),
                ),
                (
                    "lead changes a game",
                    Box::new(|m: &Measures| format!("{:.2}", m.lead_changes)),
                ),
            ];
            for (label, f) in lines {
                outln!("{}", row(label, all.iter().map(&f).collect()));
            }
        }
    }
    Ok(())
}

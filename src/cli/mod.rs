//! Subcommands of `tabula`. Each returns a [`CliError`] on failure; `run` prints it and exits with
//! its status.

/// Writes to standard output; a closed pipe (`tabula moves x | head`) ends the program quietly
/// instead of panicking as `print!` does.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::write_stdout(format_args!($($arg)*))
    };
}

macro_rules! outln {
    () => { out!("\n") };
    ($($arg:tt)*) => {
        $crate::cli::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `--color`: whether diagrams are drawn in colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless the `NO_COLOR` environment variable is set (https://no-color.org).
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    pub fn wanted(self) -> bool {
        use std::io::IsTerminal;
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

mod bench;
mod hint;
mod play;
mod replay;
mod rules;
#[cfg(feature = "server")]
mod serve;
mod tournament;
mod verify;

use clap::{Parser, Subcommand, ValueEnum};
use std::fmt::Display;
use std::process::ExitCode;
use tabula::compile::AnyGame;
use tabula::diagnostic::{ErrorKind, LoadError};
use tabula::{Catalog, Game, State};

/// Why a command failed. The two kinds exit differently so that a script can tell a mistake in
/// the command line (2, as clap's own errors) from input that is wrong (1). The text is printed as
/// it is and starts with `error:` (located diagnostics with ariadne's `Error:`).
#[derive(Debug)]
pub enum CliError {
    /// A bad flag or flag value, an unknown player, option or option value, a number out of range.
    Usage(String),
    /// A game or position file with errors, an illegal token, an unreadable file, an unknown game,
    /// failing rule cases.
    Input(String),
}

impl CliError {
    pub fn usage(message: impl Display) -> Self {
        CliError::Usage(format!("error: {message}"))
    }

    pub fn input(message: impl Display) -> Self {
        CliError::Input(format!("error: {message}"))
    }

    /// A game that did not load: a usage mistake when only the `--option`s given are wrong.
    pub fn load(e: &LoadError) -> Self {
        Self::load_with(e, "")
    }

    /// [`CliError::load`] with `more` after the diagnostics.
    fn load_with(e: &LoadError, more: &str) -> Self {
        let text = format!("{e}{more}");
        // Mistakes in `--option`s carry no place in a file: the ones with a place are the file's.
        let options_only = e.diagnostics.items.iter().all(|d| {
            d.span.is_none()
                && matches!(
                    d.kind,
                    ErrorKind::UnknownOption(_) | ErrorKind::BadOptionValue { .. }
                )
        });
        if options_only && !e.diagnostics.items.is_empty() {
            CliError::Usage(text)
        } else {
            CliError::Input(text)
        }
    }

    fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Input(_) => 1,
        }
    }

    fn text(&self) -> &str {
        match self {
            CliError::Usage(text) | CliError::Input(text) => text,
        }
    }
}

pub type CliResult = Result<(), CliError>;

#[derive(Parser)]
#[command(
    name = "tabula",
    version,
    about = "Plays board games from rules written as data"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where a command starts: a game, an optional position file and tokens played from there.
#[derive(clap::Args, Clone)]
pub struct Start {
    /// A game name from `games/` or a path to a game file.
    pub game: String,
    /// A position file (TOML, as `show --format toml` prints) to start from instead of the initial position.
    #[arg(long)]
    pub position: Option<String>,
    /// A position in the game's one-line notation (its `[notation]`: a FEN), as `show --format
    /// fen` prints it, to start from instead of the initial position.
    #[arg(long, conflicts_with = "position", allow_hyphen_values = true)]
    pub fen: Option<String>,
    /// Action tokens to play first, separated by spaces.
    #[arg(long, allow_hyphen_values = true)]
    pub after: Option<String>,
    /// Set a game option: `--option max_plies=200`. Repeatable.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Toml,
    /// The game's one-line notation (`[notation]`, a FEN).
    Fen,
}

#[derive(Subcommand)]
enum Command {
    /// The games in `games/` with their names and sources.
    List,
    /// Check a game file and report every error and warning.
    Check {
        /// A game name or a path to a game file.
        game: String,
        #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
        options: Vec<String>,
    },
    /// Show a board diagram and the side to move.
    Show {
        #[command(flatten)]
        start: Start,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// The legal action tokens, sorted, one per line.
    Moves {
        #[command(flatten)]
        start: Start,
    },
    /// Count action sequences of a given length (the count alone on the last line).
    Perft {
        #[command(flatten)]
        start: Start,
        /// At most 64: deeper searches could never finish.
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=64))]
        depth: u32,
        /// Also print `TOKEN COUNT` for each first action.
        #[arg(long)]
        divide: bool,
    },
    /// Play in the terminal. Choose each player with `--PLAYER human|random` (default: you play the
    /// first player against the random player).
    Play(play::PlayArgs),
    /// The search's choice in a position (the start, `--position`, `--fen`, `--after`), with its
    /// estimated win rate and the other actions it weighed, most visited first.
    Hint(hint::HintArgs),
    /// Step through a game record (`play --save`), or check it with `--check`.
    Replay(replay::ReplayArgs),
    /// A readable rulebook generated from the game file: board, regions, paths and lines, pieces
    /// and set-up, every rule in words with its source, and the options with their values.
    Rules(rules::RulesArgs),
    /// Run the rule cases of a game (`games/GAME/cases/*.toml`), or of every game, and report
    /// which pass; `--coverage` lists the rules no case exercises.
    Verify(verify::VerifyArgs),
    /// Measure random playouts per second, actions per second and perft nodes per second.
    Bench(bench::BenchArgs),
    /// A round robin between players (`random`, `mcts:iterations=N`, ...), seats swapped: wins,
    /// draws, points and Elo with 95% intervals.
    Tournament(tournament::TournamentArgs),
    /// Self-play of a game and its variants, side by side: wins per seat with 95% intervals,
    /// draws, game length, branching factor, lead changes, games cut by the length limit.
    Analyze(tournament::AnalyzeArgs),
    /// A web server: every game on a board in the browser, against the AI or another person
    /// (a secret link per seat, a public one to watch), every action stored before it is
    /// acknowledged (SQLite, or PostgreSQL shared by several servers).
    #[cfg(feature = "server")]
    Serve(serve::ServeArgs),
}

pub fn write_stdout(args: std::fmt::Arguments) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_fmt(args).and_then(|()| stdout.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write the output: {e}");
        std::process::exit(1);
    }
}

pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let result = match cli.command {
        Command::List => list(),
        Command::Check { game, options } => check(&game, &options),
        Command::Show { start, format } => show(&start, format),
        Command::Moves { start } => moves(&start),
        Command::Perft {
            start,
            depth,
            divide,
        } => perft(&start, depth, divide),
        Command::Play(args) => play::play(args),
        Command::Hint(args) => hint::hint(args),
        Command::Replay(args) => replay::replay(args),
        Command::Rules(args) => rules::rules(args),
        Command::Bench(args) => bench::bench(args),
        Command::Verify(args) => verify::verify(args),
        Command::Tournament(args) => tournament::tournament(args),
        Command::Analyze(args) => tournament::analyze(args),
        #[cfg(feature = "server")]
        Command::Serve(args) => serve::serve(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}", e.text().trim_end());
            ExitCode::from(e.exit_code())
        }
    }
}

pub fn parse_overrides(options: &[String]) -> Result<Vec<(String, String)>, CliError> {
    options
        .iter()
        .map(|o| match o.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => {
                Ok((k.trim().to_string(), v.trim().to_string()))
            }
            _ => Err(CliError::usage(format!(
                "`--option {o}` must be NAME=VALUE"
            ))),
        })
        .collect()
}

pub fn load(game: &str, options: &[String]) -> Result<AnyGame, CliError> {
    let overrides = parse_overrides(options)?;
    match Catalog::default().load_any(game, &overrides) {
        Ok((game, sources, warnings)) => {
            if !warnings.items.is_empty() {
                eprint!("{}", warnings.render(&sources));
            }
            Ok(game)
        }
        Err(e) => Err(CliError::load(&e)),
    }
}

/// The position a command starts from in `game` and the keys of the positions played through to
/// reach it (`--after`), for `repetitions`.
pub fn start<const W: usize>(
    game: &Game<W>,
    start: &Start,
) -> Result<(State<W>, Vec<u64>), CliError> {
    let mut state = game.initial;
    if let Some(path) = &start.position {
        let text = tabula::input::read_text(std::path::Path::new(path))
            .map_err(|e| CliError::input(format!("cannot read `{path}`: {e}")))?;
        let mut sources = tabula::span::Sources::default();
        state = game
            .read_position(&mut sources, path, &text)
            .map_err(|d| CliError::Input(d.render(&sources)))?;
    }
    if let Some(fen) = &start.fen {
        state = game
            .read_notation(fen)
            .map_err(|e| CliError::input(format!("--fen `{fen}`: {e}")))?;
    }
    let mut history = Vec::new();
    if let Some(tokens) = &start.after {
        game.play_tokens_with_history(&mut state, &mut history, tokens)
            .map_err(CliError::input)?;
    }
    Ok((state, history))
}

fn list() -> CliResult {
    let catalog = Catalog::default();
    let games = catalog.list();
    if games.is_empty() {
        return Err(CliError::input(format!(
            "no game files in `{}`",
            catalog.dir.display()
        )));
    }
    // `extends` may be written as a name or a path: the folder's files are known by their stem.
    let base_of = |g: &tabula::catalog::Listing| {
        g.extends.as_deref().map(|e| {
            std::path::Path::new(e)
                .file_stem()
                .map_or(e.to_string(), |s| s.to_string_lossy().into_owned())
        })
    };
    let in_folder = |id: &str| games.iter().any(|g| g.id == id);
    // Names line up in one column, wide enough for a variant two links deep.
    let column = games
        .iter()
        .map(|g| g.id.len() + 4)
        .max()
        .unwrap_or(0)
        .max(20);
    // Each variant under the game it extends, one level deeper per link of the chain; a variant of
    // a game outside the folder is listed at the top with what it extends.
    fn print_tree(
        games: &[tabula::catalog::Listing],
        parent: &str,
        depth: usize,
        base_of: &dyn Fn(&tabula::catalog::Listing) -> Option<String>,
        column: usize,
    ) {
        for g in games
            .iter()
            .filter(|g| base_of(g).as_deref() == Some(parent))
        {
            let parent_sources = games
                .iter()
                .find(|p| p.id == parent)
                .map_or(&[][..], |p| &p.sources[..]);
            print_listing(g, depth, None, parent_sources, column);
            // A chain is at most 16 links long; deeper means a cycle, which does not load anyway.
            if depth < 16 {
                print_tree(games, &g.id, depth + 1, base_of, column);
            }
        }
    }
    for g in &games {
        match base_of(g) {
            None => print_listing(g, 0, None, &[], column),
            Some(base) if !in_folder(&base) => print_listing(g, 0, Some(&base), &[], column),
            Some(_) => continue,
        }
        print_tree(&games, &g.id, 1, &base_of, column);
    }
    Ok(())
}

/// One game of `tabula list`, indented two spaces per level of variants. A variant shows only
/// the sources it adds to those of the game it extends.
fn print_listing(
    g: &tabula::catalog::Listing,
    depth: usize,
    extends: Option<&str>,
    inherited: &[String],
    column: usize,
) {
    let indent = "  ".repeat(depth);
    let width = column.saturating_sub(indent.len());
    match extends {
        Some(base) => outln!("{indent}{:<width$} {} (extends `{base}`)", g.id, g.name),
        None => outln!("{indent}{:<width$} {}", g.id, g.name),
    }
    for s in g.sources.iter().filter(|s| !inherited.contains(s)) {
        outln!("{indent}{:<width$}   source: {s}", "");
    }
}

fn check(game: &str, options: &[String]) -> CliResult {
    let overrides = parse_overrides(options)?;
    let catalog = Catalog::default();
    match catalog.load_any(game, &overrides) {
        Ok((game, sources, warnings)) => {
            out!("{}", warnings.render(&sources));
            tabula::with_game!(game, game => outln!(
                "ok: `{}`: {} players, {} cells, {} move rules, {} warning(s)",
                game.name,
                game.players.len(),
                game.board.all_cells.len(),
                game.moves.len(),
                warnings.items.len()
            ));
            Ok(())
        }
        Err(e) => {
            let errors = e.diagnostics.items.len();
            Err(CliError::load_with(
                &e,
                &format!("\n\n{errors} problem(s) found"),
            ))
        }
    }
}

fn show(s: &Start, format: Format) -> CliResult {
    tabula::with_game!(load(&s.game, &s.options)?, game => show_in(&game, s, format))
}

fn show_in<const W: usize>(game: &Game<W>, s: &Start, format: Format) -> CliResult {
    let (state, history) = start(game, s)?;
    match format {
        Format::Toml => out!("{}", game.write_position(&state)),
        Format::Fen => match game.write_notation(&state) {
            Some(line) => out!("{line}\n"),
            None => {
                return Err(CliError::input(format!(
                    "{} declares no `[notation]`: use `--format toml`",
                    game.name
                )));
            }
        },
        Format::Text => {
            out!("{}", game.diagram(&state));
            if !game.counters.is_empty() {
                let values: Vec<String> = game
                    .counters
                    .iter()
                    .enumerate()
                    .map(|(i, c)| format!("{} = {}", c.name, state.counters[i]))
                    .collect();
                outln!("counters: {}", values.join(", "));
            }
            match game.outcome_with_history(&state, &history) {
                Some(outcome) => outln!("game over: {}", game.describe_outcome(outcome)),
                None => {
                    // The rest of a turn of several parts: which rule the mover goes on with.
                    let part = match state.pending {
                        tabula::engine::state::NONE => String::new(),
                        rule => {
                            format!(", going on with `{}`", game.moves[rule as usize].info.name)
                        }
                    };
                    outln!(
                        "{} to move (ply {}){part}",
                        game.players[state.to_move as usize],
                        state.ply
                    )
                }
            }
        }
    }
    Ok(())
}

fn moves(s: &Start) -> CliResult {
    tabula::with_game!(load(&s.game, &s.options)?, game => moves_in(&game, s))
}

fn moves_in<const W: usize>(game: &Game<W>, s: &Start) -> CliResult {
    let (state, history) = start(game, s)?;
    for token in game.legal_tokens_with_history(&state, &history) {
        outln!("{token}");
    }
    Ok(())
}

fn perft(s: &Start, depth: u32, divide: bool) -> CliResult {
    tabula::with_game!(load(&s.game, &s.options)?, game => perft_in(&game, s, depth, divide))
}

fn perft_in<const W: usize>(game: &Game<W>, s: &Start, depth: u32, divide: bool) -> CliResult {
    let (state, history) = start(game, s)?;
    if depth == 0 {
        outln!("1");
        return Ok(());
    }
    let rows = game.perft_rows(&state, &history, depth);
    let progress = Progress::new(rows.len(), depth);
    let mut rows: Vec<(String, u64)> = rows.inspect(|_| progress.row_done()).collect();
    progress.finish();
    let total: u64 = rows.iter().map(|(_, c)| c).sum();
    if divide {
        rows.sort();
        for (token, count) in &rows {
            outln!("{token} {count}");
        }
    }
    outln!("{total}");
    Ok(())
}

/// A bar over the first actions of a long perft, on stderr and only when it is a terminal, so that
/// piped or redirected output is the counts alone.
struct Progress {
    bar: indicatif::ProgressBar,
    terminal: bool,
    started: std::time::Instant,
}

impl Progress {
    /// From this depth every shipped game takes long enough to show the bar from the start.
    const DEEP: u32 = 8;
    /// A shallower run shows it once it has taken this long.
    const LONG: std::time::Duration = std::time::Duration::from_secs(1);

    fn new(first_actions: usize, depth: u32) -> Progress {
        let bar = indicatif::ProgressBar::hidden();
        bar.set_length(first_actions as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "perft {bar:30} {pos}/{len} first actions, {elapsed} (about {eta} left)",
        ) {
            bar.set_style(style);
        }
        let progress = Progress {
            bar,
            terminal: std::io::IsTerminal::is_terminal(&std::io::stderr()),
            started: std::time::Instant::now(),
        };
        if depth >= Self::DEEP {
            progress.show();
        }
        progress
    }

    fn show(&self) {
        if self.terminal && self.bar.is_hidden() {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
            // The elapsed time moves on while one first action takes minutes.
            self.bar
                .enable_steady_tick(std::time::Duration::from_millis(500));
        }
    }

    fn row_done(&self) {
        self.bar.inc(1);
        if self.started.elapsed() >= Self::LONG {
            self.show();
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

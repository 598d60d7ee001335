//! `tabula replay`: reads a game record, checks every token, and steps through the game.

use super::CliError;
use std::io::Write;
use std::path::Path;
use tabula::Game;
use tabula::diagnostic::{Diagnostic, ErrorKind};
use tabula::record::{MAX_RECORD_BYTES, Record, RecordLine, is_record_lines};
use tabula::span::{FileId, Sources};

#[derive(clap::Args)]
pub struct ReplayArgs {
    /// A record written by `play --save` (see FORMAT.md, "Game records"), or a `--records` file
    /// of `tournament` or `analyze` (a game a line).
    file: std::path::PathBuf,
    /// Check the record and report the first illegal token, without showing the game (every game
    /// of a `--records` file unless `--game` picks one).
    #[arg(long, conflicts_with = "to")]
    check: bool,
    /// Show the position after this many actions (`end` for the last) and stop; without it the
    /// replay reads commands: Enter or `n` for the next action, `b` for the one before, a number
    /// to jump to, `start`, `end`, `q`.
    #[arg(long, value_name = "N|end")]
    to: Option<String>,
    /// The game of a match, or of a `--records` file, to step through, from 1 (the last one when
    /// left out).
    #[arg(long, value_name = "N")]
    game: Option<usize>,
    /// Colour: `auto` (on a terminal, unless `NO_COLOR` is set), `always` or `never`.
    #[arg(long, value_enum, default_value = "auto")]
    color: super::ColorChoice,
}

/// Reads a file that may hold a record, within the size a record may have: its text kept for
/// locating errors.
fn read_record_text(path: &Path) -> Result<(String, Sources, FileId), CliError> {
    let shown = path.display().to_string();
    let metadata = std::fs::metadata(path)
        .map_err(|e| CliError::input(format!("cannot read `{shown}`: {e}")))?;
    if metadata.len() > MAX_RECORD_BYTES as u64 {
        return Err(CliError::input(format!(
            "`{shown}` has {} bytes, more than a record may have ({MAX_RECORD_BYTES})",
            metadata.len()
        )));
    }
    let text = tabula::input::read_text(path)
        .map_err(|e| CliError::input(format!("cannot read `{shown}`: {e}")))?;
    let mut sources = Sources::default();
    let file = sources.add(shown, text.clone());
    Ok((text, sources, file))
}

/// Reads a record of `play --save`: its text kept for locating errors.
pub fn read_record(path: &Path) -> Result<(Record, Sources), CliError> {
    let (text, sources, file) = read_record_text(path)?;
    if is_record_lines(&text) {
        return Err(records_file_given(path));
    }
    let record = Record::parse(&text, file).map_err(|d| CliError::input(d.render(&sources)))?;
    Ok((record, sources))
}

fn records_file_given(path: &Path) -> CliError {
    let shown = path.display();
    CliError::input(format!(
        "`{shown}` is a `--records` file of `tournament` or `analyze`, not a record of `play \
         --save`: `tabula replay {shown} --game N` steps through its game N, and `tabula show \
         GAME --after \"TOKENS\"` continues from any of its positions"
    ))
}

/// One game a record holds: a match's finished games, then the game in progress.
pub struct RecordedGame<'r> {
    /// Its number in a match, from 1; `None` outside a match.
    pub number: Option<usize>,
    /// The player who moved first, when not the game's own first player.
    pub first: Option<&'r str>,
    pub tokens: &'r [String],
    pub spans: &'r [tabula::span::Span],
    /// The end the record says it reached.
    pub result: Option<&'r str>,
}

/// The games of a record in order: one, or a match's finished games and the one in progress
/// (if it has begun, or no game has finished).
pub fn recorded_games(record: &Record) -> Vec<RecordedGame<'_>> {
    let in_match = record.match_play.is_some();
    let mut games: Vec<RecordedGame> = (record.games.iter().enumerate())
        .map(|(i, g)| RecordedGame {
            number: Some(i + 1),
            first: g.first.as_deref(),
            tokens: &g.tokens,
            spans: &g.token_spans,
            result: Some(&g.result),
        })
        .collect();
    if !record.tokens.is_empty() || games.is_empty() {
        games.push(RecordedGame {
            number: in_match.then_some(games.len() + 1),
            first: record.first.as_deref(),
            tokens: &record.tokens,
            spans: &record.token_spans,
            // A match's result is the match's; a game of it that ends moves to `[[games]]`.
            result: if in_match {
                None
            } else {
                record.result.as_deref()
            },
        });
    }
    games
}

/// The player a record names as first, by number.
pub fn first_player<const W: usize>(game: &Game<W>, first: Option<&str>) -> Result<u8, CliError> {
    match first {
        None => Ok(game.initial.to_move),
        Some(name) => (game.players.iter().position(|p| p == name))
            .map(|p| p as u8)
            .ok_or_else(|| {
                CliError::input(format!(
                    "the record's first player `{name}` is not a player of `{}`: {}",
                    game.name,
                    game.players.join(", ")
                ))
            }),
    }
}

/// Plays every game of the record; the first token that is not legal is an error pointing at
/// it in the file, and so is a result that is not the one the tokens reach. Returns where the
/// last game stands.
pub fn check_record<const W: usize>(
    game: &Game<W>,
    record: &Record,
    sources: &Sources,
    name: &str,
) -> Result<tabula::record::Replayed<W>, CliError> {
    let mut last = None;
    for recorded in recorded_games(record) {
        last = Some(check_game(game, &recorded, sources, name)?);
    }
    Ok(last.expect("a record holds a game"))
}

fn check_game<const W: usize>(
    game: &Game<W>,
    recorded: &RecordedGame,
    sources: &Sources,
    name: &str,
) -> Result<tabula::record::Replayed<W>, CliError> {
    let first = first_player(game, recorded.first)?;
    let which = match recorded.number {
        Some(n) => format!(" in game {n}"),
        None => String::new(),
    };
    let mut before = None;
    let replayed = game
        .replay_tokens_from(first, recorded.tokens, |_, state, history| {
            before = Some((*state, history.to_vec()))
        })
        .map_err(|illegal| {
            let why = match &before {
                Some((state, history)) => {
                    match game.read_typed_action(state, history, &illegal.token) {
                        Ok(action) => {
                            format!("the game writes it `{}`", game.action_token(&action))
                        }
                        Err(why) => why,
                    }
                }
                None => illegal.reason.clone(),
            };
            let d = Diagnostic::error(
                ErrorKind::IllegalAction(illegal.token.clone()),
                recorded.spans.get(illegal.index).copied(),
            )
            .with_label(format!("action {} of {name}{which}", illegal.index + 1))
            .with_help(why);
            CliError::input(d.render(sources))
        })?;
    let reached = replayed.outcome.map(|o| game.describe_outcome(o));
    if let Some(said) = recorded.result
        && Some(said) != reached.as_deref()
    {
        return Err(CliError::input(format!(
            "the record says the game{which} ended `{said}`, but its actions {}",
            match &reached {
                Some(r) => format!("end it `{r}`"),
                None => "do not end it".to_string(),
            }
        )));
    }
    Ok(replayed)
}

pub fn replay(args: ReplayArgs) -> super::CliResult {
    let (text, sources, file) = read_record_text(&args.file)?;
    if is_record_lines(&text) {
        return replay_lines(&args, &text, &sources, file);
    }
    let record = Record::parse(&text, file).map_err(|d| CliError::input(d.render(&sources)))?;
    let game = super::load(&record.game, &record.option_args())?;
    tabula::with_game!(game, game => replay_loaded(&game, &record, &sources, &args, args.game))
}

/// A `--records` file: one game a line. `--check` alone checks them all; otherwise the game
/// `--game` picks (the last when left out) is checked or stepped through.
fn replay_lines(
    args: &ReplayArgs,
    text: &str,
    sources: &Sources,
    file: FileId,
) -> super::CliResult {
    // Each game's line: where it starts, its number in the file, its text.
    let mut lines = Vec::new();
    let mut start = 0;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let body = line.trim_end_matches(['\n', '\r']);
        if !body.trim().is_empty() {
            lines.push((start, number + 1, body));
        }
        start += line.len();
    }
    let chosen: Vec<usize> = match args.game {
        Some(n) if (1..=lines.len()).contains(&n) => vec![n],
        Some(n) => {
            return Err(CliError::usage(format!(
                "`{}` holds {} game(s): `--game {n}` is not one of them",
                args.file.display(),
                lines.len()
            )));
        }
        None if args.check => (1..=lines.len()).collect(),
        None => vec![lines.len()],
    };
    // The game and options of the last line read: a file usually holds one or a few games.
    let mut loaded: Option<(String, Vec<String>, tabula::compile::AnyGame)> = None;
    let mut actions = 0;
    for &n in &chosen {
        let (start, line_number, line) = lines[n - 1];
        let mut entry =
            RecordLine::parse(line, start, file).map_err(|d| CliError::input(d.render(sources)))?;
        let options = entry.record.option_args();
        if !matches!(&loaded, Some((name, given, _)) if *name == entry.record.game && *given == options)
        {
            let game = super::load(&entry.record.game, &options)?;
            loaded = Some((entry.record.game.clone(), options, game));
        }
        let Some((_, _, game)) = &loaded else {
            unreachable!("loaded just above")
        };
        tabula::with_game!(game, game => {
            entry.name_players(&game.players);
            let record = &entry.record;
            if args.check && chosen.len() > 1 {
                check_record(game, record, sources, &record.game).map_err(|e| match e {
                    CliError::Input(m) => {
                        CliError::Input(format!("{m}\n(game {n} of the file, line {line_number})"))
                    }
                    other => other,
                })?;
                actions += record.tokens.len();
            } else {
                let seats: Vec<String> = (game.players.iter())
                    .map(|p| format!("{p} {}", record.players.get(p).map_or("?", |s| s.as_str())))
                    .collect();
                let seed = record.seed.map_or(String::new(), |s| format!(", seed {s}"));
                outln!("game {n} of {} in the file: {}{seed}; {}", lines.len(), record.game, seats.join(", "));
                replay_loaded(game, record, sources, args, None)?;
            }
        });
    }
    if args.check && chosen.len() > 1 {
        outln!(
            "{}: {} games, {actions} actions, all legal; every result as recorded",
            args.file.display(),
            chosen.len()
        );
    }
    Ok(())
}

fn replay_loaded<const W: usize>(
    game: &Game<W>,
    record: &Record,
    sources: &Sources,
    args: &ReplayArgs,
    match_game: Option<usize>,
) -> super::CliResult {
    let replayed = check_record(game, record, sources, &record.game)?;
    let games = recorded_games(record);
    if args.check {
        let actions: usize = games.iter().map(|g| g.tokens.len()).sum();
        let state = match (&record.match_play, replayed.outcome) {
            (Some(_), _) => match &record.result {
                Some(result) => format!("the match is over: {result}"),
                None => "the match is not over".to_string(),
            },
            (None, Some(o)) => format!("the game is over: {}", game.describe_outcome(o)),
            (None, None) => "the game is not over".to_string(),
        };
        let count = match record.match_play {
            Some(_) => format!("{} games, ", games.len()),
            None => String::new(),
        };
        outln!(
            "{}: {count}{actions} actions, all legal; {state}",
            args.file.display()
        );
        return Ok(());
    }
    let chosen = match match_game {
        None => games.len(),
        Some(n) if (1..=games.len()).contains(&n) => n,
        Some(n) => {
            return Err(CliError::usage(format!(
                "the record holds {} game(s): `--game {n}` is not one of them",
                games.len()
            )));
        }
    };
    let recorded = &games[chosen - 1];
    if recorded.number.is_some() {
        outln!("game {chosen} of {}", games.len());
    }
    let tokens = recorded.tokens;
    let total = tokens.len();
    // Every position of the game, to step back and forth through.
    let mut positions = Vec::with_capacity(total + 1);
    let replayed = game
        .replay_tokens_from(
            first_player(game, recorded.first)?,
            tokens,
            |_, state, _| positions.push(*state),
        )
        .map_err(|e| CliError::input(e.reason))?;
    positions.push(replayed.state);
    let colour = args.color.wanted();
    let show = |at: usize| {
        // The last action's cells, found again from its token (without the history: a mark
        // only, never a judgement of legality).
        let marked = match at {
            0 => Vec::new(),
            _ => game
                .parse_action(&positions[at - 1], &tokens[at - 1])
                .map(|a| game.action_cells(&a))
                .unwrap_or_default(),
        };
        let look = tabula::engine::position::Look { colour, marked };
        outln!("{}", game.diagram_with(&positions[at], &look));
        match at {
            0 => outln!("start, {total} actions recorded"),
            _ => outln!("after action {at} of {total}: {}", tokens[at - 1]),
        }
        if at == total {
            match replayed.outcome {
                Some(o) => outln!("game over: {}", game.describe_outcome(o)),
                None => outln!("the record ends here; the game is not over"),
            }
        }
    };
    let position = |text: &str| -> Result<usize, String> {
        match text {
            "end" => Ok(total),
            "start" => Ok(0),
            n => match n.parse::<usize>() {
                Ok(n) if n <= total => Ok(n),
                _ => Err(format!(
                    "`{n}` is not a place in the game: give 0 to {total}, `start` or `end`"
                )),
            },
        }
    };
    if let Some(to) = &args.to {
        show(position(to).map_err(CliError::usage)?);
        return Ok(());
    }
    let mut at = 0;
    show(at);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    loop {
        out!("replay: Enter or `n` next, `b` back, a number, `start`, `end`, `q`: ");
        let _ = std::io::stdout().flush();
        let line = match super::play::read_typed_line(&mut input) {
            Some(line) => line,
            None => {
                outln!();
                return Ok(());
            }
        };
        let next = match line.trim() {
            "" | "n" | "next" => Ok((at + 1).min(total)),
            "b" | "back" => Ok(at.saturating_sub(1)),
            "q" | "quit" => return Ok(()),
            other => position(other),
        };
        match next {
            Ok(n) => {
                at = n;
                show(at);
            }
            Err(e) => outln!("{e}"),
        }
    }
}

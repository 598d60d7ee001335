//! `tabula play`: humans type tokens, random players pick with a seeded RNG, and chance (dice, pieces
//! turned up) comes from a generator of its own, seeded by the operating system unless `--seed` is
//! given.

use super::CliError;
use std::io::{BufRead, Write};
use tabula::Game;
use tabula::ai::{MctsConfig, PlayerSpec};
use tabula::check::MatchDecl;
use tabula::engine::matches::MatchScore;
use tabula::engine::movegen::Outcome;
use tabula::engine::playout::{GameRng, os_seeded_rng, seeded_chance_rng, seeded_rng};

#[derive(clap::Args)]
pub struct PlayArgs {
    /// A game name from `games/` or a path to a game file.
    game: String,
    /// Seed of the random players and of chance (dice, pieces turned up): the same seed replays the
    /// same game. Without it the random players use seed 1 and chance is seeded by the operating
    /// system, so that no one can know the dice or a face-down piece in advance.
    #[arg(long)]
    seed: Option<u64>,
    /// Set a game option: `--option max_plies=200`. Repeatable.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Play a match: games until a player has this many points (the winner of a game starts the
    /// next; in a dice game an opening roll of one die each decides the first). Without a number,
    /// the match the game file describes (`[match]`: a number of games, sides changing).
    // Absent, present alone (the file's match) and present with points are three different things.
    #[arg(long = "match", value_name = "POINTS", num_args = 0..=1, value_parser = points)]
    match_points: Option<Option<u32>>,
    /// Who plays each side: `--white human --black random` (the names are the game's players).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "--PLAYER human|random"
    )]
    players: Vec<String>,
}

/// `--match POINTS`: the points a match is played to.
fn points(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(0) => Err("the points to play to must be 1 or more".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "`{text}` is not a number of points: give 1 or more, or `--match` alone for the game's own match"
        )),
    }
}

/// The generators of a game: the random players' choices, and chance apart from them so that a
/// known players' seed tells nothing of the dice or of a face-down piece.
struct Draws {
    players: GameRng,
    chance: GameRng,
}

impl Draws {
    fn new(seed: Option<u64>) -> Result<Draws, CliError> {
        Ok(match seed {
            Some(seed) => Draws {
                players: seeded_rng(seed),
                chance: seeded_chance_rng(seed),
            },
            None => Draws {
                players: seeded_rng(1),
                chance: os_seeded_rng().map_err(|e| {
                    CliError::input(format!(
                        "cannot seed chance (dice, pieces turned up) from the operating system ({e}): give `--seed N`"
                    ))
                })?,
            },
        })
    }
}

/// Who chooses a side's actions: a person, the random player or a search.
type Controller = PlayerSpec;

/// Who plays each side, and any `--seed`/`--option` given after the game name, parsed with a command
/// built from the game's own player names.
fn controllers(
    players: &[String],
    args: &[String],
    seed: &mut Option<u64>,
    options: &mut Vec<String>,
    match_points: &mut Option<Option<u32>>,
) -> Result<Vec<Controller>, CliError> {
    use clap::{Arg, ArgAction, Command, value_parser};
    let mut command = Command::new("tabula play GAME")
        .no_binary_name(true)
        .disable_help_flag(true)
        .arg(
            Arg::new("seed")
                .long("seed")
                .value_name("N")
                .value_parser(value_parser!(u64)),
        )
        .arg(
            Arg::new("option")
                .short('o')
                .long("option")
                .value_name("NAME=VALUE")
                .action(ArgAction::Append),
        )
        .arg(
            Arg::new("match")
                .long("match")
                .value_name("POINTS")
                .num_args(0..=1)
                .value_parser(points),
        );
    for player in players {
        command = command.arg(
            Arg::new(player.clone())
                .long(player.clone())
                .value_name("human|random|mcts[:KEY=VALUE,...]")
                .value_parser(|text: &str| PlayerSpec::parse(text))
                .help(format!(
                    "who plays {player}: `human`, `random`, or `mcts` or `solver` with `iterations=N` or `time=2s` (and `threads=N`)"
                )),
        );
    }
    let matches = command.try_get_matches_from(args).map_err(|e| {
        unknown_player(&e, players).unwrap_or_else(|| CliError::Usage(e.render().to_string()))
    })?;
    if let Some(s) = matches.get_one::<u64>("seed") {
        *seed = Some(*s);
    }
    if let Some(more) = matches.get_many::<String>("option") {
        options.extend(more.cloned());
    }
    if matches.contains_id("match") {
        *match_points = Some(matches.get_one::<u32>("match").copied());
    }
    Ok(players
        .iter()
        .enumerate()
        .map(|(i, p)| match matches.get_one::<PlayerSpec>(p) {
            Some(spec) => *spec,
            None if i == 0 => Controller::Human,
            None => Controller::Random,
        })
        .collect())
}

/// An unknown `--NAME` after the game name is most likely a misnamed player: the message lists the
/// players, where clap would suggest the nearest flag (`--seed` for `--red`).
fn unknown_player(e: &clap::Error, players: &[String]) -> Option<CliError> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    let name = arg.strip_prefix("--")?.split('=').next()?;
    // `--help` among the players is no misnamed player: clap's own message says it is unexpected.
    if name == "help" {
        return None;
    }
    let listed: Vec<String> = players.iter().map(|p| format!("`{p}`")).collect();
    Some(CliError::usage(format!(
        "unknown player `{name}`: the players are {}",
        listed.join(", ")
    )))
}

pub fn play(args: PlayArgs) -> super::CliResult {
    // Player names come from the game file, so the players' flags are known only once it is loaded.
    let mut game = super::load(&args.game, &args.options)?;
    let (mut seed, mut options) = (args.seed, args.options.clone());
    let mut match_points = args.match_points;
    let players = tabula::with_game!(&game, g => g.players.clone());
    let chosen = controllers(
        &players,
        &args.players,
        &mut seed,
        &mut options,
        &mut match_points,
    )?;
    if options.len() > args.options.len() {
        game = super::load(&args.game, &options)?;
    }
    let draws = Draws::new(seed)?;
    tabula::with_game!(game, game => play_loaded(&game, &chosen, draws, match_points))
}

/// `play` once the game is loaded with every option and the players are chosen.
fn play_loaded<const W: usize>(
    game: &Game<W>,
    chosen: &[Controller],
    mut draws: Draws,
    match_points: Option<Option<u32>>,
) -> super::CliResult {
    let Some(match_points) = match_points else {
        play_game(game, chosen, &mut draws, game.initial.to_move);
        return Ok(());
    };
    if game.players.len() != 2 {
        return Err(CliError::usage(format!(
            "a match is played by two players; `{}` has {}",
            game.name,
            game.players.len()
        )));
    }
    let Some(target) = match_points else {
        return match game.match_format {
            Some(format) => {
                play_games_match(game, chosen, &mut draws, format);
                Ok(())
            }
            None => Err(CliError::usage(format!(
                "`{}` describes no match (`[match]`): give the points to play to, `--match 5`",
                game.name
            ))),
        };
    };
    let mut points = vec![0u32; game.players.len()];
    let mut starter = opening_roll(game, &mut draws.chance);
    for number in 1.. {
        outln!(
            "\n=== game {number}: {} starts ===",
            game.players[starter as usize]
        );
        match play_game(game, chosen, &mut draws, starter) {
            Some(Outcome::Win(p, score)) => {
                // Points towards a target: a huge score reaches it rather than overflow.
                points[p as usize] = points[p as usize].saturating_add(score.max(0) as u32);
                // In a dice game the winner starts the next game; otherwise the rules say who does.
                if game.dice.is_some() {
                    starter = p;
                }
            }
            Some(Outcome::Draw) => {}
            None => {
                outln!("match stopped");
                return Ok(());
            }
        }
        let standing: Vec<String> = game
            .players
            .iter()
            .zip(&points)
            .map(|(name, p)| format!("{name} {p}"))
            .collect();
        outln!("match: {} (to {target})", standing.join(", "));
        if let Some(winner) = points.iter().position(|&p| p >= target) {
            outln!("match over: {} wins", game.players[winner]);
            break;
        }
    }
    Ok(())
}

/// A match of at most `format.games` games, won by winning more than half of them; with
/// `swap_sides` the two players (A and B) change sides after every game. The net result is each
/// player's points from games won less the points of games lost.
fn play_games_match<const W: usize>(
    game: &Game<W>,
    chosen: &[Controller],
    draws: &mut Draws,
    format: MatchDecl,
) {
    let mut score = MatchScore::default();
    for number in 0..format.games {
        // Player p plays side p, or the other side in every second game when sides change.
        let swapped = usize::from(format.swap_sides && number % 2 == 1);
        let controllers = [chosen[swapped], chosen[1 - swapped]];
        outln!(
            "\n=== game {}: A plays {}, B plays {} ===",
            number + 1,
            game.players[swapped],
            game.players[1 - swapped]
        );
        match play_game(game, &controllers, draws, game.initial.to_move) {
            Some(Outcome::Win(side, points)) => {
                let p = side as usize ^ swapped;
                score.record(p, i64::from(points));
                outln!("game {}: {} wins {points}", number + 1, ["A", "B"][p]);
            }
            Some(Outcome::Draw) => outln!("game {}: draw", number + 1),
            None => {
                outln!("match stopped");
                return;
            }
        }
        if score.decided(format.games) {
            break;
        }
    }
    outln!(
        "match: A won {} game(s) ({} points, {} lost), B won {} ({} points, {} lost)",
        score.wins[0],
        score.won[0],
        score.lost[0],
        score.wins[1],
        score.won[1],
        score.lost[1]
    );
    match score.winner() {
        Some(p) => outln!("match over: {} wins", ["A", "B"][p]),
        None => outln!("match over: no winner"),
    }
    match score.net().cmp(&0) {
        std::cmp::Ordering::Greater => outln!("net: B pays A {} point(s)", score.net()),
        std::cmp::Ordering::Less => outln!("net: A pays B {} point(s)", -score.net()),
        std::cmp::Ordering::Equal => outln!("net: even"),
    }
}

/// Who starts the first game: in a dice game each player rolls one die, the higher starts
/// (ties roll again); otherwise the game's own first player.
fn opening_roll<const W: usize>(game: &Game<W>, rng: &mut GameRng) -> u8 {
    use rand::RngExt;
    let Some(dice) = game.dice else {
        return game.initial.to_move;
    };
    loop {
        let rolls: Vec<u8> = game
            .players
            .iter()
            .map(|_| rng.random_range(1..=dice.sides))
            .collect();
        let shown: Vec<String> = game
            .players
            .iter()
            .zip(&rolls)
            .map(|(name, r)| format!("{name} {r}"))
            .collect();
        outln!("opening roll: {}", shown.join(", "));
        if rolls[0] != rolls[1] {
            return u8::from(rolls[1] > rolls[0]);
        }
    }
}

/// One game from the initial position with `starter` to move; `None` if a human stopped it.
fn play_game<const W: usize>(
    game: &Game<W>,
    chosen: &[Controller],
    draws: &mut Draws,
    starter: u8,
) -> Option<Outcome> {
    let mut state = game.initial;
    state.to_move = starter;
    let mut record: Vec<String> = Vec::new();
    // The hint proves what it can: sound in any game, and exact near the end of one.
    let hint_config = MctsConfig {
        solver: true,
        ..MctsConfig::default()
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut actions = Vec::new();
    // The keys of the positions before this one, for `repetitions`.
    let mut history: Vec<u64> = Vec::new();
    let outcome = loop {
        outln!("\n{}", game.diagram(&state));
        if let Some(outcome) = game.legal_actions_with_history(&state, &history, &mut actions) {
            break Some(outcome);
        }
        let mover = state.to_move as usize;
        let name = &game.players[mover];
        let action = match chosen[mover] {
            // The dice are thrown for everyone, humans included, from chance's generator.
            _ if game.is_roll_due(&state) => {
                let roll = game.sample_roll(&mut draws.chance);
                outln!("{name} rolls {}", game.action_token(&roll));
                Ok(roll)
            }
            // Any other chance event (a face-down piece turned up) is drawn the same way.
            _ if game.is_chance(&state) => {
                let action = game
                    .random_action_with_history(&state, &history, &mut draws.chance)
                    .ok_or(());
                if let Ok(a) = &action {
                    outln!("chance: {}", game.action_token(a));
                }
                action
            }
            Controller::Random => {
                let action = game
                    .random_action_with_history(&state, &history, &mut draws.players)
                    .ok_or(());
                if let Ok(a) = &action {
                    outln!("{name} (random) plays {}", game.action_token(a));
                }
                action
            }
            Controller::Mcts(config) => {
                let found = game.mcts(&state, &history, &config);
                if let Some(found) = &found {
                    outln!(
                        "{name} ({}) plays {}  ({}, {} iterations)",
                        if config.solver { "solver" } else { "mcts" },
                        game.action_token(&found.action),
                        found.prospects(),
                        found.iterations
                    );
                }
                found.map(|f| f.action).ok_or(())
            }
            Controller::Human => loop {
                out!(
                    "{name} to move (ply {}), type an action, `moves`, `hint` or `quit`: ",
                    state.ply
                );
                let _ = std::io::stdout().flush();
                let line = match read_line(&mut input) {
                    Line::Text(line) => line,
                    Line::TooLong => {
                        outln!("that line is longer than {MAX_LINE} bytes: type one action");
                        continue;
                    }
                    Line::NotText => {
                        outln!("that line is not UTF-8 text: type one action");
                        continue;
                    }
                    Line::End => {
                        outln!();
                        break None;
                    }
                };
                match line.trim() {
                    "" => continue,
                    "quit" => break None,
                    "moves" | "?" => outln!(
                        "{}",
                        game.legal_tokens_with_history(&state, &history).join(" ")
                    ),
                    "hint" => match game.mcts(&state, &history, &hint_config) {
                        Some(found) => outln!(
                            "hint: {} ({} after {} iterations; then {})",
                            game.action_token(&found.action),
                            found.prospects(),
                            found.iterations,
                            found
                                .choices
                                .iter()
                                .skip(1)
                                .take(3)
                                .map(|c| format!(
                                    "{} {}",
                                    game.action_token(&c.action),
                                    c.prospects()
                                ))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        None => outln!("no hint here"),
                    },
                    token => match game.parse_action_with_history(&state, &history, token) {
                        Ok(a) => break Some(a),
                        Err(e) => outln!("{e}"),
                    },
                }
            }
            .ok_or(()),
        };
        let action = match action {
            Ok(a) => a,
            Err(()) => break None,
        };
        record.push(game.action_token(&action));
        game.note_position(&mut history, &state);
        game.apply(&mut state, &action);
    };
    match outcome {
        Some(o) => outln!("game over: {}", game.describe_outcome(o)),
        None => outln!("game stopped"),
    }
    outln!("record: {}", record.join(" "));
    outcome
}

/// The longest line a player may type: no action token comes near it.
const MAX_LINE: usize = 4096;

/// A line typed by a player.
enum Line {
    Text(String),
    /// Longer than [`MAX_LINE`]: read to its end and dropped, so that endless input cannot
    /// fill the memory.
    TooLong,
    NotText,
    /// The input is closed (or cannot be read).
    End,
}

fn read_line(input: &mut impl BufRead) -> Line {
    let mut bytes = Vec::new();
    let mut too_long = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return Line::End,
        };
        if buffer.is_empty() {
            if bytes.is_empty() && !too_long {
                return Line::End;
            }
            break;
        }
        let (part, newline) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..i], Some(i)),
            None => (buffer, None),
        };
        if bytes.len() + part.len() > MAX_LINE {
            too_long = true;
            bytes.clear();
        } else if !too_long {
            bytes.extend_from_slice(part);
        }
        let used = newline.map_or(part.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if too_long {
        return Line::TooLong;
    }
    match String::from_utf8(bytes) {
        Ok(line) => Line::Text(line),
        Err(_) => Line::NotText,
    }
}

//! `tabula play`: humans type tokens, random players pick with a seeded RNG.

use std::io::{BufRead, Write};
use tabula::engine::playout::seeded_rng;

#[derive(clap::Args)]
pub struct PlayArgs {
    /// A game name from `games/` or a path to a game file.
    game: String,
    /// Seed of the random players; the same seed replays the same game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Set a game option: `--option max_plies=200`. Repeatable.
    #[arg(short = 'o', long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Who plays each side: `--white human --black random` (the names are the game's players).
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "--PLAYER human|random"
    )]
    players: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Controller {
    Human,
    Random,
}

/// Who plays each side, and any `--seed`/`--option` given after the game name, parsed with a command
/// built from the game's own player names.
fn controllers(
    players: &[String],
    args: &[String],
    seed: &mut u64,
    options: &mut Vec<String>,
) -> Result<Vec<Controller>, String> {
    use clap::{Arg, ArgAction, Command, value_parser};
    let mut command = Command::new("tabula play GAME")
        .no_binary_name(true)
        .disable_help_flag(true)
        .arg(
            Arg::new("seed")
                .long("seed")
                .value_parser(value_parser!(u64)),
        )
        .arg(
            Arg::new("option")
                .short('o')
                .long("option")
                .action(ArgAction::Append),
        );
    for player in players {
        command = command.arg(
            Arg::new(player.clone())
                .long(player.clone())
                .value_parser(["human", "random"])
                .help(format!("who plays {player}")),
        );
    }
    let matches = command
        .try_get_matches_from(args)
        .map_err(|e| e.render().to_string())?;
    if let Some(s) = matches.get_one::<u64>("seed") {
        *seed = *s;
    }
    if let Some(more) = matches.get_many::<String>("option") {
        options.extend(more.cloned());
    }
    Ok(players
        .iter()
        .enumerate()
        .map(
            |(i, p)| match matches.get_one::<String>(p).map(String::as_str) {
                Some("human") => Controller::Human,
                Some(_) => Controller::Random,
                None if i == 0 => Controller::Human,
                None => Controller::Random,
            },
        )
        .collect())
}

pub fn play(args: PlayArgs) -> Result<(), String> {
    // Player names come from the game file, so the players' flags are known only once it is loaded.
    let mut game = super::load(&args.game, &args.options)?;
    let (mut seed, mut options) = (args.seed, args.options.clone());
    let chosen = controllers(&game.players, &args.players, &mut seed, &mut options)?;
    if options.len() > args.options.len() {
        game = super::load(&args.game, &options)?;
    }
    let mut rng = seeded_rng(seed);
    let mut state = game.initial;
    let mut record: Vec<String> = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
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
            // The dice are thrown for everyone, humans included, from the seeded RNG.
            _ if game.is_chance(&state) => {
                let roll = game.sample_roll(&mut rng);
                outln!("{name} rolls {}", game.action_token(&roll));
                Ok(roll)
            }
            Controller::Random => {
                let action = game
                    .random_action_with_history(&state, &history, &mut rng)
                    .ok_or(());
                if let Ok(a) = &action {
                    outln!("{name} (random) plays {}", game.action_token(a));
                }
                action
            }
            Controller::Human => loop {
                out!(
                    "{name} to move (ply {}), type an action, `moves` or `quit`: ",
                    state.ply
                );
                let _ = std::io::stdout().flush();
                let Some(Ok(line)) = lines.next() else {
                    outln!();
                    break None;
                };
                match line.trim() {
                    "" => continue,
                    "quit" => break None,
                    "moves" | "?" => outln!(
                        "{}",
                        game.legal_tokens_with_history(&state, &history).join(" ")
                    ),
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
        if game.uses_history {
            history.push(state.key());
        }
        game.apply(&mut state, &action);
    };
    match outcome {
        Some(o) => outln!("game over: {}", game.describe_outcome(o)),
        None => outln!("game stopped"),
    }
    outln!("record: {}", record.join(" "));
    Ok(())
}

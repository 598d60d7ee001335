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

fn controllers(players: &[String], args: &[String]) -> Result<Vec<Controller>, String> {
    let mut chosen: Vec<Controller> = (0..players.len())
        .map(|i| {
            if i == 0 {
                Controller::Human
            } else {
                Controller::Random
            }
        })
        .collect();
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        let Some(flag) = arg.strip_prefix("--") else {
            return Err(format!(
                "error: unexpected argument `{arg}`; choose players with `--PLAYER human|random`"
            ));
        };
        let (name, value) = match flag.split_once('=') {
            Some((n, v)) => (n.to_string(), v.to_string()),
            None => {
                i += 1;
                let v = args
                    .get(i)
                    .ok_or_else(|| format!("error: `--{flag}` needs `human` or `random`"))?;
                (flag.to_string(), v.clone())
            }
        };
        let Some(p) = players.iter().position(|x| *x == name) else {
            return Err(format!(
                "error: unknown player `{name}`; the players are {}",
                players.join(", ")
            ));
        };
        chosen[p] = match value.as_str() {
            "human" => Controller::Human,
            "random" => Controller::Random,
            other => {
                return Err(format!(
                    "error: `{other}` for `--{name}`: choose `human` or `random`"
                ));
            }
        };
        i += 1;
    }
    Ok(chosen)
}

pub fn play(args: PlayArgs) -> Result<(), String> {
    let game = super::load(&args.game, &args.options)?;
    let chosen = controllers(&game.players, &args.players)?;
    let mut rng = seeded_rng(args.seed);
    let mut state = game.initial;
    let mut record: Vec<String> = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut actions = Vec::new();
    let outcome = loop {
        println!("\n{}", game.diagram(&state));
        if let Some(outcome) = game.legal_actions(&state, &mut actions) {
            break Some(outcome);
        }
        let mover = state.to_move as usize;
        let name = &game.players[mover];
        let action = match chosen[mover] {
            Controller::Random => {
                let action = game.random_action(&state, &mut rng).ok_or(());
                if let Ok(a) = &action {
                    println!("{name} (random) plays {}", game.action_token(a));
                }
                action
            }
            Controller::Human => loop {
                print!(
                    "{name} to move (ply {}), type an action, `moves` or `quit`: ",
                    state.ply
                );
                let _ = std::io::stdout().flush();
                let Some(Ok(line)) = lines.next() else {
                    println!();
                    break None;
                };
                match line.trim() {
                    "" => continue,
                    "quit" => break None,
                    "moves" | "?" => println!("{}", game.legal_tokens(&state).join(" ")),
                    token => match game.parse_action(&state, token) {
                        Ok(a) => break Some(a),
                        Err(e) => println!("{e}"),
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
        game.apply(&mut state, &action);
    };
    match outcome {
        Some(o) => println!("game over: {}", game.describe_outcome(o)),
        None => println!("game stopped"),
    }
    println!("record: {}", record.join(" "));
    Ok(())
}

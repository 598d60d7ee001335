//! `tabula hint`: the search's choice in a position, with its estimated win rate and the other
//! actions it weighed, as `hint` in a game played in the terminal gives it, for any position a
//! record, a position file or a line of notation reaches.

use super::{CliError, CliResult, Start, load, start};
use clap::ValueEnum;
use tabula::Game;
use tabula::ai::{MctsConfig, PlayerSpec, Proof, SearchResult};
use tabula::engine::state::State;

#[derive(clap::Args)]
pub struct HintArgs {
    #[command(flatten)]
    start: Start,
    /// The search: `mcts:iterations=N`, `mcts:time=2s`, `solver:...` (default: the solver with
    /// the default budget, as `hint` in `play` uses).
    #[arg(long, value_parser = search)]
    player: Option<MctsConfig>,
    /// How many of the actions weighed to list, most visited first.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1000))]
    top: u64,
    #[arg(long, value_enum, default_value = "text")]
    format: HintFormat,
}

#[derive(Clone, Copy, ValueEnum)]
enum HintFormat {
    Text,
    Json,
}

/// A search: only `mcts` and `solver` players think.
fn search(text: &str) -> Result<MctsConfig, String> {
    match PlayerSpec::parse(text)? {
        PlayerSpec::Mcts(config) => Ok(config),
        other => Err(format!(
            "`{other}` does not search: give `mcts:...` or `solver:...`"
        )),
    }
}

pub fn hint(args: HintArgs) -> CliResult {
    tabula::with_game!(load(&args.start.game, &args.start.options)?, game => hint_in(&game, &args))
}

fn hint_in<const W: usize>(game: &Game<W>, args: &HintArgs) -> CliResult {
    let (state, history) = start(game, &args.start)?;
    let config = args.player.unwrap_or(MctsConfig {
        solver: true,
        ..MctsConfig::default()
    });
    let Some(found) = game.mcts(&state, &history, &config) else {
        return Err(CliError::input(no_decision(game, &state, &history)));
    };
    let token = |a| game.action_token(a);
    let mover = &game.players[state.to_move as usize];
    let shown = found.choices.iter().take(args.top as usize);
    match args.format {
        HintFormat::Json => {
            let choices: Vec<_> = shown
                .map(|c| {
                    serde_json::json!({
                        "action": token(&c.action), "visits": c.visits,
                        "win_rate": c.win_rate, "proof": c.proof.map(Proof::word),
                    })
                })
                .collect();
            let report = serde_json::json!({
                "player": mover, "action": token(&found.action), "win_rate": found.win_rate,
                "proof": found.choices.first().and_then(|c| c.proof).map(Proof::word),
                "iterations": found.iterations, "choices": choices,
            });
            outln!("{report}");
        }
        HintFormat::Text => {
            outln!(
                "{mover} to move: {} ({})",
                token(&found.action),
                prospects_with_iterations(&found)
            );
            if found.iterations > 0 {
                outln!("{:<12} {:>9} {:>9}", "action", "visits", "win rate");
                for c in shown {
                    outln!(
                        "{:<12} {:>9} {:>9}",
                        token(&c.action),
                        c.visits,
                        c.prospects()
                    );
                }
            }
        }
    }
    Ok(())
}

/// Why there is nothing to search: the game is over, or chance moves next.
fn no_decision<const W: usize>(game: &Game<W>, state: &State<W>, history: &[u64]) -> String {
    if let Some(outcome) = game.outcome_with_history(state, history) {
        return format!(
            "the game is over ({}): there is no move to hint",
            game.describe_outcome(outcome)
        );
    }
    if game.is_chance(state) {
        // Name the outcomes, so the next command can be typed from the message.
        let mut outcomes = Vec::new();
        game.legal_actions_with_history(state, history, &mut outcomes);
        let mut tokens: Vec<String> = outcomes.iter().map(|a| game.action_token(a)).collect();
        let example = tokens.first().cloned().unwrap_or_default();
        const SHOWN: usize = 8;
        if tokens.len() > SHOWN {
            let more = tokens.len() - SHOWN;
            tokens.truncate(SHOWN);
            tokens.push(format!("... ({more} more)"));
        }
        return format!(
            "chance moves next (a roll or a reveal), not a player: add its outcome to `--after` (`{example}`, say) and ask again; the outcomes: {}",
            tokens.join(" ")
        );
    }
    "there is no decision to make here".into()
}

fn prospects_with_iterations(found: &SearchResult) -> String {
    if found.iterations == 0 {
        found.prospects()
    } else {
        format!(
            "{} after {} iterations",
            found.prospects(),
            found.iterations
        )
    }
}

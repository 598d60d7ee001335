//! A shipped game (the first byte picks it, see `games.txt`) played from its initial position by a
//! sequence of choices: the rest of the input as lines, each either a number (play the legal action
//! of that index, modulo their number, in the order of `legal_actions`) or any other text (an
//! action token, which is played if it parses).
//!
//! At each position reached: every listed token parses back to its action and plays; a token from
//! the input parses only if it is one of the legal tokens (after trimming), and then to an action
//! with that token; the written position reads back with the same legal tokens and text; perft(1)
//! is the number of legal tokens where a player moves, and where a chance event is due (a roll or a
//! reveal, which uses no depth in the rulings' perft) the sum of the legal tokens after each of its
//! outcomes. The history of the line is kept for games that read `repetitions`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula::Game;
use tabula_fuzz::{check_actions, check_perft1, check_round_trip, pick_game};

/// The most choices played from one input.
const MAX_STEPS: usize = 200;

fuzz_target!(|data: &[u8]| {
    let Some((_, game, rest)) = pick_game(data) else {
        return;
    };
    tabula::with_game!(game, game => play(game, rest));
});

fn play<const W: usize>(game: &Game<W>, rest: &[u8]) {
    let text = String::from_utf8_lossy(rest);
    let mut state = game.initial;
    let mut history = Vec::new();
    let mut actions = Vec::new();
    for line in text.lines().take(MAX_STEPS) {
        let legal = check_actions(game, &state, &history);
        check_round_trip(game, &state);
        check_perft1(game, &state, &history);
        game.legal_actions_with_history(&state, &history, &mut actions);
        if actions.is_empty() {
            return;
        }
        let action = match line.trim().parse::<u64>() {
            Ok(i) => actions[(i % actions.len() as u64) as usize],
            Err(_) => match game.parse_action_with_history(&state, &history, line) {
                Ok(action) => {
                    let token = line.trim();
                    assert!(
                        legal.iter().any(|t| t == token),
                        "`{token}` parsed but is not a legal token"
                    );
                    assert_eq!(game.action_token(&action), token);
                    action
                }
                Err(_) => {
                    assert!(
                        !legal.iter().any(|t| t == line.trim()),
                        "legal token `{line}` does not parse"
                    );
                    continue;
                }
            },
        };
        if game.uses_history {
            history.push(state.key());
        }
        game.apply(&mut state, &action);
    }
    check_actions(game, &state, &history);
    check_round_trip(game, &state);
    check_perft1(game, &state, &history);
}

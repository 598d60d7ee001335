//! What the fuzz targets share: the shipped games, picked by an input's first byte, and the
//! invariants that hold in any position of any game.

use std::path::Path;
use std::sync::OnceLock;
use tabula::compile::AnyGame;
use tabula::diagnostic::{Diagnostics, Severity};
use tabula::span::Sources;
use tabula::{Catalog, Game, State};

/// The folder of the shipped games.
pub const GAMES_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../games");

/// The shipped games in the order of `games.txt`: an input's first byte picks one by index (modulo
/// their number), so the seed corpus names a game the same way whatever games are added later.
pub const GAME_IDS: &str = include_str!("../games.txt");

/// The largest perft(1) for which a target also counts perft(2) (a fuzzed game can have a huge
/// board full of pieces; the invariant is about the counting, not the size).
pub const PERFT2_LIMIT: u64 = 2_000;

/// How many chance events in a row the reference count follows before it gives up (each roll or
/// reveal of the rulings' perft uses no depth).
const CHANCE_CHAIN_LIMIT: u32 = 16;

/// Every shipped game, loaded once with its default options and the cell sets its board needs:
/// (id, game).
pub fn games() -> &'static [(String, AnyGame)] {
    static GAMES: OnceLock<Vec<(String, AnyGame)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let catalog = Catalog {
            dir: Path::new(GAMES_DIR).to_path_buf(),
        };
        GAME_IDS
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|id| {
                let (game, _, _) = catalog
                    .load_any(id, &[])
                    .unwrap_or_else(|e| panic!("shipped game `{id}` does not load:\n{e}"));
                (id.to_string(), game)
            })
            .collect()
    })
}

/// The game an input's first byte names, and the rest of the input; `None` for an empty input.
pub fn pick_game(data: &[u8]) -> Option<(&'static str, &'static AnyGame, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let all = games();
    let (id, game) = &all[first as usize % all.len()];
    Some((id.as_str(), game, rest))
}

/// Every diagnostic renders, alone and all together, and points inside a file it was read from
/// (or nowhere): a span past the end of its text or into the middle of a character is a bug in
/// whatever made it, even though rendering clamps it.
pub fn check_diagnostics(diagnostics: &Diagnostics, sources: &Sources) {
    let all = diagnostics.render(sources);
    if !diagnostics.items.is_empty() {
        assert!(!all.is_empty(), "diagnostics render to nothing");
    }
    for d in &diagnostics.items {
        let text = d.render(sources);
        assert!(!text.is_empty(), "a diagnostic renders to nothing: {d:?}");
        let spans = d.span.iter().chain(d.notes.iter().map(|(s, _)| s));
        for span in spans {
            let files = sources.files();
            assert!(
                (span.file.0 as usize) < files.len(),
                "a span in file {} of {}: {d:?}",
                span.file.0,
                files.len()
            );
            let source = &files[span.file.0 as usize].text;
            let range = span.range();
            assert!(
                range.start <= range.end && range.end <= source.len(),
                "span {range:?} outside the {} bytes of `{}`: {d:?}",
                source.len(),
                files[span.file.0 as usize].path
            );
            assert!(
                source.is_char_boundary(range.start) && source.is_char_boundary(range.end),
                "span {range:?} splits a character: {d:?}"
            );
        }
    }
}

/// Diagnostics of a refusal: at least one error, and [`check_diagnostics`].
pub fn check_refusal(diagnostics: &Diagnostics, sources: &Sources) {
    assert!(
        diagnostics.has_errors(),
        "refused without an error: {:?}",
        diagnostics.items
    );
    check_diagnostics(diagnostics, sources);
}

/// Warnings of an accepted file: no errors among them, and [`check_diagnostics`].
pub fn check_warnings(warnings: &Diagnostics, sources: &Sources) {
    assert!(
        warnings
            .items
            .iter()
            .all(|d| d.severity == Severity::Warning),
        "an error among the warnings of a file that loaded: {:?}",
        warnings.items
    );
    check_diagnostics(warnings, sources);
}

/// How many tokens of a position [`check_actions`] parses back: parsing one generates and writes
/// every legal action again, so parsing all of them is quadratic (over 100 actions in an
/// Epaminondas middle game made the token target run at 15 inputs a second, and 24 a position
/// still spent 40% of its time there).
pub const PARSED_PER_POSITION: usize = 12;

/// The indexes of up to [`PARSED_PER_POSITION`] of `n` items, spread over them from the first to the
/// last; all of them when there are no more.
fn spread(n: usize) -> impl Iterator<Item = usize> {
    let k = PARSED_PER_POSITION.min(n);
    (0..k).map(move |i| if k < 2 { 0 } else { i * (n - 1) / (k - 1) })
}

/// The legal actions' tokens name them: [`Game::parse_action_with_history`] finds an action with
/// the same token (the same action when no other action has that token) for every token of a
/// position with at most [`PARSED_PER_POSITION`] actions, and for that many spread from the first
/// to the last where there are more; every action plays without panicking; and
/// [`Game::legal_tokens_with_history`] lists the tokens of [`Game::legal_actions_with_history`].
/// Returns the legal tokens, sorted.
pub fn check_actions<const W: usize>(
    game: &Game<W>,
    state: &State<W>,
    history: &[u64],
) -> Vec<String> {
    let mut actions = Vec::new();
    let outcome = game.legal_actions_with_history(state, history, &mut actions);
    assert_eq!(
        outcome.is_some(),
        actions.is_empty(),
        "a position has actions and an outcome, or neither: {outcome:?}"
    );
    let tokens: Vec<String> = actions.iter().map(|a| game.action_token(a)).collect();
    for action in &actions {
        let _ = game.after(state, action);
    }
    for i in spread(actions.len()) {
        let (action, token) = (&actions[i], &tokens[i]);
        let parsed = game
            .parse_action_with_history(state, history, token)
            .unwrap_or_else(|e| panic!("listed token `{token}` does not parse back: {e}"));
        assert_eq!(
            &game.action_token(&parsed),
            token,
            "`{token}` parses to another token"
        );
        if tokens.iter().filter(|t| *t == token).count() == 1 {
            assert_eq!(
                parsed, *action,
                "`{token}` parses to another action than the one listed"
            );
        }
    }
    let mut sorted = tokens;
    sorted.sort();
    assert_eq!(
        sorted,
        game.legal_tokens_with_history(state, history),
        "legal_tokens differs from the tokens of legal_actions"
    );
    sorted
}

/// perft(1) as the rulings define it, counted from the lists the player sees: in a position where a
/// player moves, the number of legal tokens; at a chance event (a roll of the dice, a reveal),
/// which uses no depth, the sum of that count over each outcome, the history unchanged (perft
/// records no key for a chance event). `None` past [`CHANCE_CHAIN_LIMIT`] chance events in a row.
pub fn reference_perft1<const W: usize>(
    game: &Game<W>,
    state: &State<W>,
    history: &[u64],
    chain: u32,
) -> Option<u64> {
    if !game.is_chance(state) {
        return Some(game.legal_tokens_with_history(state, history).len() as u64);
    }
    if chain >= CHANCE_CHAIN_LIMIT {
        return None;
    }
    let mut outcomes = Vec::new();
    game.legal_actions_with_history(state, history, &mut outcomes);
    let mut total = 0;
    for outcome in &outcomes {
        total += reference_perft1(game, &game.after(state, outcome), history, chain + 1)?;
    }
    Some(total)
}

/// `perft(1)` agrees with [`reference_perft1`]; where no chance event is due, that is the number of
/// legal tokens. Returns perft(1).
pub fn check_perft1<const W: usize>(game: &Game<W>, state: &State<W>, history: &[u64]) -> u64 {
    let perft1 = game.perft_with_history(state, history, 1);
    if let Some(expected) = reference_perft1(game, state, history, 0) {
        assert_eq!(
            perft1,
            expected,
            "perft(1) differs from the count of legal tokens{}",
            if game.is_chance(state) {
                " after each outcome of the chance event"
            } else {
                ""
            }
        );
    }
    perft1
}

/// perft(2) is the sum of the rows of perft_divide(2), one row per legal action, each with the
/// action's token. Skipped when perft(1) is over [`PERFT2_LIMIT`].
pub fn check_perft2<const W: usize>(
    game: &Game<W>,
    state: &State<W>,
    history: &[u64],
    perft1: u64,
) {
    if perft1 > PERFT2_LIMIT {
        return;
    }
    let perft2 = game.perft_with_history(state, history, 2);
    let rows = game.perft_divide_with_history(state, history, 2);
    let sum: u64 = rows.iter().map(|(_, n)| n).sum();
    assert_eq!(
        perft2, sum,
        "perft(2) differs from the sum of perft_divide(2)"
    );
    let mut tokens: Vec<String> = rows.into_iter().map(|(t, _)| t).collect();
    tokens.sort();
    assert_eq!(
        tokens,
        game.legal_tokens_with_history(state, history),
        "perft_divide's rows are not the legal tokens"
    );
}

/// A position written with [`Game::write_position`] reads back, to a position with the same legal
/// tokens that writes the same text. (Without history: a position file has none.)
pub fn check_round_trip<const W: usize>(game: &Game<W>, state: &State<W>) {
    let written = game.write_position(state);
    let mut sources = Sources::default();
    let back = match game.read_position(&mut sources, "written.toml", &written) {
        Ok(back) => back,
        Err(diags) => panic!(
            "a written position does not read back:\n{written}\n{}",
            diags.render(&sources)
        ),
    };
    assert_eq!(
        game.legal_tokens(state),
        game.legal_tokens(&back),
        "a written position reads back with other legal tokens:\n{written}"
    );
    assert_eq!(
        game.outcome(state),
        game.outcome(&back),
        "a written position reads back with another outcome:\n{written}"
    );
    assert_eq!(
        state.key(),
        back.key(),
        "a written position reads back with another key (repetitions would count it apart):\n{written}"
    );
    let again = game.write_position(&back);
    assert_eq!(
        written, again,
        "a written position reads back to one written otherwise"
    );
}

/// Plays up to `plies` actions from `state`, each chosen by the next byte of `choices` (its index
/// modulo the number of legal actions; 0 once the bytes run out), checking at each position the
/// actions ([`check_actions`]), perft(1) ([`check_perft1`]) and the written position
/// ([`check_round_trip`]). The history is kept for games that read `repetitions`.
pub fn check_line<const W: usize>(game: &Game<W>, start: &State<W>, choices: &[u8], plies: usize) {
    let mut state = *start;
    let mut history = Vec::new();
    let mut actions = Vec::new();
    for ply in 0..=plies {
        check_actions(game, &state, &history);
        check_perft1(game, &state, &history);
        check_round_trip(game, &state);
        game.legal_actions_with_history(&state, &history, &mut actions);
        if actions.is_empty() || ply == plies {
            break;
        }
        let choice = choices.get(ply).copied().unwrap_or(0) as usize % actions.len();
        if game.uses_history {
            history.push(state.key());
        }
        game.apply(&mut state, &actions[choice]);
    }
}

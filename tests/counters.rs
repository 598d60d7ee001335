//! Counters kept in the position (`[counters]`), changed by `after` rules with `set`, read by end
//! tests, and saved in position files, on the test game `tests/games/counters.toml`.

use tabula::span::Sources;
use tabula::{Game, State, load_game_file};

fn game() -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/counters.toml");
    load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

fn after(game: &Game, tokens: &str) -> State {
    let mut state = game.initial;
    game.play_tokens(&mut state, tokens)
        .unwrap_or_else(|e| panic!("{e}"));
    state
}

fn report(game: &Game, state: &State) -> String {
    let outcome = match game.outcome(state) {
        Some(o) => format!("game over: {}", game.describe_outcome(o)),
        None => format!("to move: {}", game.legal_tokens(state).join(" ")),
    };
    format!(
        "{}{}\n{outcome}",
        game.diagram(state),
        game.write_position(state)
    )
}

#[test]
fn quiet_plies_are_counted_and_end_the_game_at_the_limit() {
    let g = game();
    // Counters are kept in name order: `pawns`, then `quiet`.
    assert_eq!(g.initial.counters[..2], [4, 0]);
    let two = after(&g, "a1-a2 c4-c3");
    assert_eq!(two.counters[..2], [4, 2]);
    assert_eq!(g.outcome(&two), None);
    let three = after(&g, "a1-a2 c4-c3 c1-c2");
    assert_eq!(three.counters[..2], [4, 3]);
    insta::assert_snapshot!(report(&g, &three));
}

#[test]
fn a_capture_resets_the_count() {
    let g = game();
    let mut sources = Sources::default();
    let text = "to_move = \"white\"\n[pieces]\nwhite = [\"a2\"]\nblack = [\"b3\", \"c4\"]\n[counters]\nquiet = 2\npawns = 3\n";
    let state = g
        .read_position(&mut sources, "p.toml", text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)));
    assert_eq!(state.counters[..2], [3, 2]);
    let quiet = after_from(&g, state, "a2-a3");
    let capture = after_from(&g, state, "a2xb3");
    assert_eq!(quiet.counters[..2], [3, 3]);
    assert_eq!(capture.counters[..2], [2, 0]);
    insta::assert_snapshot!(format!(
        "{}\n\n{}",
        report(&g, &quiet),
        report(&g, &capture)
    ));
}

fn after_from(game: &Game, mut state: State, tokens: &str) -> State {
    game.play_tokens(&mut state, tokens)
        .unwrap_or_else(|e| panic!("{e}"));
    state
}

#[test]
fn counters_survive_a_position_file_round_trip() {
    let g = game();
    let state = after(&g, "a1-a2 c4-c3");
    let written = g.write_position(&state);
    let mut sources = Sources::default();
    let read = g
        .read_position(&mut sources, "p.toml", &written)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)));
    assert_eq!(read, state);
    assert_eq!(g.write_position(&read), written);
}

#[test]
fn an_unknown_counter_in_a_position_is_located() {
    let g = game();
    let mut sources = Sources::default();
    let text = "to_move = \"white\"\n[pieces]\nwhite = [\"a2\"]\n[counters]\nquite = 2\n";
    let err = g
        .read_position(&mut sources, "p.toml", text)
        .expect_err("refused")
        .render(&sources);
    insta::assert_snapshot!(err);
}

//! Cells and tables as values, on the test game `tests/games/tables.toml`: a rule names a cell
//! (`b2`), and reads tables keyed by player (`start`), by cell (`next`, a ring round the board)
//! and by piece kind (`worth`, read through the piece on a cell).

use tabula::engine::movegen::Outcome;
use tabula::span::Sources;
use tabula::{Game, State, load_game_file, load_game_text};

fn game() -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/tables.toml");
    load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

fn position(game: &Game, text: &str) -> State {
    let mut sources = Sources::default();
    game.read_position(&mut sources, "p.toml", text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

#[test]
fn a_table_by_player_gives_each_player_a_cell() {
    let g = game();
    assert_eq!(g.legal_tokens(&g.initial), ["stone@a1"]);
    let mut state = g.initial;
    g.play_tokens(&mut state, "stone@a1").unwrap();
    assert_eq!(g.legal_tokens(&state), ["stone@c3"]);
}

#[test]
fn a_table_by_cell_leads_each_cell_to_the_next() {
    let g = game();
    let state = position(
        &g,
        "to_move = \"white\"\n[pieces]\nwhite = { stone = [\"a1\", \"b3\", \"c1\"] }\nblack = { stone = [\"c3\"] }\n",
    );
    // a1 -> a2, b3 -> c3 (a capture), c1 -> b1; the start cell a1 is taken.
    assert_eq!(g.legal_tokens(&state), ["a1-a2", "b3xc3", "c1-b1"]);
}

#[test]
fn a_named_cell_and_a_table_by_kind_decide_the_game() {
    let g = game();
    let crowned = position(
        &g,
        "to_move = \"black\"\n[pieces]\nwhite = { crown = [\"b2\"] }\nblack = { stone = [\"a1\"] }\n",
    );
    assert_eq!(
        g.outcome(&crowned),
        Some(Outcome::Win(0, 1)),
        "white's crown on b2"
    );
    // A stone is worth 1: no win on the centre.
    let stone = position(
        &g,
        "to_move = \"black\"\n[pieces]\nwhite = { stone = [\"b2\"] }\nblack = { stone = [\"a1\"] }\n",
    );
    assert_eq!(g.outcome(&stone), None);
    // The crown may be placed once a stone stands on the other start cell, and only on b2.
    let ready = position(
        &g,
        "to_move = \"white\"\n[pieces]\nwhite = { stone = [\"c3\"] }\nblack = { stone = [\"a2\"] }\n",
    );
    assert!(g.legal_tokens(&ready).contains(&"crown@b2".to_string()));
    assert!(
        !g.legal_tokens(&ready)
            .iter()
            .any(|t| t.starts_with("crown@") && t != "crown@b2")
    );
}

#[test]
fn a_variant_changes_one_entry_of_a_table() {
    let text = "extends = \"tables.toml\"\n[game]\nname = \"Circuit, black starts on a3\"\n\
                [tables.start]\nblack = \"a3\"\n"
        .to_string();
    let path = format!("{}/tests/games/circuit-a3.toml", env!("CARGO_MANIFEST_DIR"));
    let (g, _, _) = load_game_text(&path, text, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut state = g.initial;
    g.play_tokens(&mut state, "stone@a1").unwrap();
    assert_eq!(
        g.legal_tokens(&state),
        ["stone@a3"],
        "black's entry changed"
    );
    let mut state = g.initial;
    assert_eq!(g.legal_tokens(&state), ["stone@a1"], "white's kept");
    g.play_tokens(&mut state, "stone@a1 stone@a3 a1-a2")
        .unwrap();
}

#[test]
fn perft_counts_whole_games_of_the_circuit() {
    let g = game();
    // Each enters; each runs on (its start cell taken); then white runs on or enters again,
    // and so does black after either.
    let counts: Vec<u64> = (1..=6).map(|d| g.perft(&g.initial, d)).collect();
    assert_eq!(counts, [1, 1, 1, 1, 2, 4]);
}

//! The arithmetic on game values wraps as documented in every build (these tests run in debug
//! builds, where an overflow would panic).

use std::path::Path;
use tabula::engine::movegen::Outcome;
use tabula::span::Sources;
use tabula::{Catalog, Game, State, load_game_file};

fn game(name: &str) -> Game {
    Catalog::default()
        .load(name, &[])
        .unwrap_or_else(|e| panic!("{name} does not load: {e:?}"))
        .0
}

fn values_game() -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/values.toml");
    load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// Reads `text` as the position file `path`: the state, or every diagnostic rendered.
fn read(game: &Game, path: &str, text: &str) -> Result<State, String> {
    let mut sources = Sources::default();
    game.read_position(&mut sources, path, text)
        .map_err(|d| d.render(&sources))
}

#[test]
fn value_sum_wraps_in_32_bits() {
    let g = values_game();
    // The set-up's stones on a1 and b1 add up to the largest 32-bit number exactly.
    assert_eq!(g.outcome(&g.initial), Some(Outcome::Win(0, i32::MAX)));
    // On a1 and c1 the sum overflows and wraps.
    let text = "to_move = \"white\"\n[pieces]\nwhite = [\"a1\", \"c1\"]\n";
    let state = read(&g, "p.toml", text).unwrap_or_else(|e| panic!("{e}"));
    let wrapped = i32::MAX.wrapping_add(2_000_000_000);
    assert_eq!(g.outcome(&state), Some(Outcome::Win(0, wrapped)));
}

#[test]
fn held_value_wraps_in_32_bits() {
    let g = values_game();
    let text = "to_move = \"black\"\n[pieces]\nwhite = [\"a1\", \"c1\"]\n";
    let state = read(&g, "p.toml", text).unwrap_or_else(|e| panic!("{e}"));
    let wrapped = i32::MAX.wrapping_add(2_000_000_000);
    assert_eq!(g.outcome(&state), Some(Outcome::Win(1, wrapped)));
    assert_eq!(g.held(&state, 0), (2, wrapped));
}

/// `ply` is read up to the largest 32-bit unsigned number; moving on from there keeps it there.
#[test]
fn the_ply_count_stops_at_its_largest_value() {
    let g = game("epaminondas");
    let text = "to_move = \"white\"\nply = 4294967295\n[pieces]\nwhite = [\"f5\", \"f6\", \"f7\"]\nblack = [\"f8\", \"f9\"]\n";
    let mut state = read(&g, "p.toml", text).unwrap_or_else(|e| panic!("{e}"));
    g.play_tokens(&mut state, "f5-e5")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(state.ply, u32::MAX);
}

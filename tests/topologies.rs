//! Boards that mix topologies: the vector directions of a grid and link directions joining a few
//! cells far apart, on `tests/games/portals.toml`.

use tabula::{Game, load_game_file, load_game_text};

fn portals() -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/portals.toml");
    load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// A rook slides along the grid and steps through a portal both ways; the slides of the grid are
/// unchanged by the links.
#[test]
fn pieces_move_along_vectors_and_through_links() {
    let g = portals();
    let start = g.legal_tokens(&g.initial);
    assert_eq!(
        start,
        [
            "a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-b1", "a1-c1", "a1-d1", "a1-e1", "a1-e5"
        ]
    );
    let mut state = g.initial;
    g.play_tokens(&mut state, "a1-e5 c3-c5").unwrap();
    let tokens = g.legal_tokens(&state);
    assert!(
        tokens.contains(&"e5-a1".to_string()),
        "back through: {tokens:?}"
    );
    assert!(
        tokens.contains(&"e5xc5".to_string()),
        "along the rank: {tokens:?}"
    );
    g.play_tokens(&mut state, "e5-a1").unwrap();
    let written = g.write_position(&state);
    assert!(written.contains("white = [\"a1\"]"), "{written}");
    let counts: Vec<u64> = (1..=4).map(|d| g.perft(&g.initial, d)).collect();
    assert_eq!(counts, [9, 72, 548, 4148]);
}

/// A direction given both as a vector and by links is an error at the links.
#[test]
fn a_direction_is_a_vector_or_links_not_both() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/portals.toml"),
    )
    .unwrap()
    .replace(
        "portal = [\"a1-e5\", \"e1-a5\"]",
        "n = [\"a1-e5\"]\nportal = [\"e1-a5\"]",
    );
    let Err(error) = load_game_text("mixed.toml", text, &[]) else {
        panic!("a direction given twice loaded");
    };
    let error = error.to_string();
    assert!(
        error.contains("direction `n` is given both as a vector and by links"),
        "{error}"
    );
}

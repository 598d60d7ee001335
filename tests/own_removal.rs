//! Removing one's own piece as an action (`take(of: own)`), on the test game
//! `tests/games/own-removal.toml` (Konane's opening): black removes one of its own stones from
//! the centre or a corner, white one of its own beside the gap, then stones jump.

use tabula::{Game, load_game_file};

fn game() -> Game {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/own-removal.toml");
    load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

#[test]
fn each_player_first_removes_one_of_their_own_stones() {
    let g = game();
    assert_eq!(g.legal_tokens(&g.initial), ["xa1", "xb2", "xc3", "xd4"]);
    let mut state = g.initial;
    g.play_tokens(&mut state, "xb2").unwrap();
    assert_eq!(state.pieces_in_play(0), 7, "black took one of its own");
    assert_eq!(state.pieces_in_play(1), 8);
    assert_eq!(
        g.legal_tokens(&state),
        ["xa2", "xb1", "xb3", "xc2"],
        "white's beside b2"
    );
    g.play_tokens(&mut state, "xa2").unwrap();
    assert_eq!(state.pieces_in_play(1), 7);
    assert_eq!(g.legal_tokens(&state), ["b4xb2", "d2xb2"]);
}

#[test]
fn perft_of_the_opening() {
    let g = game();
    let counts: Vec<u64> = (1..=4).map(|d| g.perft(&g.initial, d)).collect();
    assert_eq!(counts, [4, 12, 16, 52]);
}

/// Taking one's own piece is not a capture: `captured` is 0 after it, 1 after taking an enemy's.
#[test]
fn taking_ones_own_piece_is_not_a_capture() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/own-removal.toml"),
    )
    .unwrap()
    .replace(
        "[regions]",
        "[counters.captures]\ninitial = 0\n\n[regions]",
    )
    .replace(
        "no_moves stuck",
        "after count \"captures counted\" {\n    set captures = captures + captured\n}\n\nno_moves stuck",
    );
    let (g, _, _) = tabula::load_game_text("own-removal-counted.toml", text, &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let mut state = g.initial;
    g.play_tokens(&mut state, "xb2 xa2").unwrap();
    assert_eq!(
        state.counters[0], 0,
        "two removals of one's own, no capture"
    );
    g.play_tokens(&mut state, "b4xb2").unwrap();
    assert_eq!(state.counters[0], 1, "a jump captures");
}

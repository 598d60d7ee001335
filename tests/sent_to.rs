//! Displacement (`[pieces.KIND] sent_to`): a piece taken by a landing is set on the first empty
//! cell of its owner's part of a region, on the test game `tests/games/sent-to.toml`.

use tabula::span::Sources;
use tabula::{Game, State};

const FILE: &str = "tests/games/sent-to.toml";

fn game() -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE);
    tabula::load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

fn position(g: &Game, white: &str, black: &str) -> State {
    let text = format!(
        "to_move = \"white\"\nbeyond_setup = true\n[pieces]\nwhite = [{white}]\nblack = [{black}]\n"
    );
    let mut sources = Sources::default();
    g.read_position(&mut sources, "p.toml", &text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

/// The black runner White lands on goes back to Black's start: g1 is taken, so h1.
#[test]
fn a_landing_sends_the_piece_back_to_the_first_empty_start_cell() {
    let g = game();
    let mut state = position(&g, "\"c1\"", "\"d1\", \"g1\"");
    g.play_tokens(&mut state, "c1xd1").unwrap();
    let written = g.write_position(&state);
    assert!(written.contains("white = [\"d1\"]"), "{written}");
    assert!(written.contains("black = [\"g1\", \"h1\"]"), "{written}");
}

/// With its start full the piece taken leaves the board.
#[test]
fn with_the_start_full_the_piece_leaves_the_board() {
    let g = game();
    let mut state = position(&g, "\"c1\"", "\"d1\", \"g1\", \"h1\"");
    g.play_tokens(&mut state, "c1xd1").unwrap();
    let written = g.write_position(&state);
    assert!(written.contains("black = [\"g1\", \"h1\"]"), "{written}");
}

/// `sent_to` names a region, and a captured piece goes to a hand or to the board, not both.
#[test]
fn sent_to_is_checked() {
    let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE))
        .unwrap();
    let error = |text: String| {
        tabula::load_game_text("t.toml", text, &[])
            .map(|_| ())
            .unwrap_err()
            .to_string()
    };
    let misspelt = error(text.replace("sent_to = \"start\"", "sent_to = \"strat\""));
    assert!(
        misspelt.contains("not a region") && misspelt.contains("start"),
        "{misspelt}"
    );
    let both = error(text.replace("sent_to = ", "returns_home = true\nsent_to = "));
    assert!(
        both.contains("goes to a hand or to a cell of the board"),
        "{both}"
    );
}

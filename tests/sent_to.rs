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

fn text() -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE)).unwrap()
}

/// The test game with its runners landing on any piece, their own side's too (`to: any`).
fn landing_on_any() -> Game {
    let text = text().replace("to: empty_or_enemy", "to: any");
    assert!(text.contains("to: any"));
    tabula::load_game_text("any.toml", text, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

fn moves(g: &Game, state: &State) -> Vec<String> {
    let mut tokens = g.legal_tokens(state);
    tokens.sort();
    tokens
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

/// With `to: any` a runner may land on one of its own side, which is sent back to its own start
/// like an enemy; with `to: empty_or_enemy` it may not.
#[test]
fn landing_on_ones_own_piece_sends_it_back_where_the_rules_say_so() {
    let g = landing_on_any();
    let mut state = position(&g, "\"c1\", \"d1\"", "\"h1\"");
    assert_eq!(moves(&g, &state), ["c1xd1", "d1-e1"]);
    g.play_tokens(&mut state, "c1xd1").unwrap();
    let written = g.write_position(&state);
    assert!(written.contains("white = [\"a1\", \"d1\"]"), "{written}");
    assert!(written.contains("black = [\"h1\"]"), "{written}");

    let plain = game();
    let state = position(&plain, "\"c1\", \"d1\"", "\"h1\"");
    assert_eq!(moves(&plain, &state), ["d1-e1"]);
    assert!(plain.play_tokens(&mut state.clone(), "c1xd1").is_err());
}

/// The rulebook says that the landing takes any piece.
#[test]
fn the_rulebook_says_any_piece_is_taken() {
    let dir = std::env::temp_dir().join(format!("tabula-sent-to-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("any.toml");
    std::fs::write(&file, text().replace("to: empty_or_enemy", "to: any")).unwrap();
    let catalog = tabula::Catalog { dir: dir.clone() };
    let loaded = catalog
        .load_checked(file.to_str().unwrap(), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let text = tabula::rulebook::render(&loaded, tabula::rulebook::Format::Text);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        text.contains("a cell holding any piece, its own side's too, taking it"),
        "{text}"
    );
}

/// Landing on any piece takes an enemy as before.
#[test]
fn landing_on_any_piece_still_takes_an_enemy() {
    let g = landing_on_any();
    let mut state = position(&g, "\"c1\"", "\"d1\", \"g1\"");
    g.play_tokens(&mut state, "c1xd1").unwrap();
    let written = g.write_position(&state);
    assert!(written.contains("black = [\"g1\", \"h1\"]"), "{written}");
}

/// `sent_to` names a region, and a captured piece goes to a hand or to the board, not both.
#[test]
fn sent_to_is_checked() {
    let text = text();
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

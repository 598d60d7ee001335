//! `Game::player_view`: what a player may be shown of a position whose file fixes the hidden
//! kinds of face-down pieces (`face_down`), on Hold pley.

use std::path::Path;
use tabula::span::Sources;
use tabula::{Catalog, Game, State};

const NUMBERED: u8 = 0;
const PLAIN: u8 = 1;

fn game() -> Game {
    Catalog::default()
        .load("hold-pley", &[])
        .unwrap_or_else(|e| panic!("hold-pley does not load: {e:?}"))
        .0
}

/// Reads `text` as a position file: the state, or every diagnostic rendered.
fn read_text(game: &Game, text: &str) -> Result<State, String> {
    let mut sources = Sources::default();
    game.read_position(&mut sources, "p.toml", text)
        .map_err(|d| d.render(&sources))
}

/// Reads `tests/positions/hold-pley/<name>.toml`.
fn read(game: &Game, name: &str) -> State {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/positions/hold-pley")
        .join(format!("{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_text(game, &text).unwrap_or_else(|e| panic!("{e}"))
}

fn cell(game: &Game, name: &str) -> u16 {
    game.board.parse_cell(name).unwrap()
}

fn kind(game: &Game, name: &str) -> u8 {
    game.pieces.iter().position(|k| k.name == name).unwrap() as u8
}

fn after(game: &Game, state: &State, tokens: &str) -> State {
    let mut state = *state;
    game.play_tokens(&mut state, tokens)
        .unwrap_or_else(|e| panic!("{e}"));
    state
}

#[test]
fn positions_that_differ_only_in_hidden_numbers_look_the_same() {
    let g = game();
    // a4 and d9 are #3 and #5 in one, #7 and #2 in the other.
    let one = read(&g, "reveal_fixed");
    let other = read(&g, "reveal_fixed_other");
    assert_ne!(one, other);
    assert_ne!(g.write_position(&one), g.write_position(&other));
    for player in [NUMBERED, PLAIN] {
        let view = g.player_view(&one, player);
        assert_eq!(view, g.player_view(&other, player), "player {player}");
        let text = g.write_position(&view);
        assert_eq!(
            text,
            g.write_position(&g.player_view(&other, player)),
            "player {player}"
        );
        // Nothing fixed is left to read: the three face-down pieces are of the face-down kind.
        assert!(!text.contains("\nface_down = ["), "{text}");
        assert!(
            text.contains("face_down = [\"a4\", \"a6\", \"d9\"]"),
            "{text}"
        );
        // What a player is shown reads back as it is.
        assert_eq!(read_text(&g, &text), Ok(view));
    }
}

#[test]
fn a_view_keeps_the_legal_moves_and_face_up_kinds_and_forgets_the_reveal() {
    let g = game();
    let fixed = read(&g, "reveal_fixed");
    let view = g.player_view(&fixed, NUMBERED);
    assert_eq!(g.legal_tokens(&view), g.legal_tokens(&fixed));
    assert!(!g.legal_tokens(&view).is_empty());
    // #1 on e9 is face up: its kind is no secret.
    assert_eq!(view.piece(cell(&g, "e9")), Some((NUMBERED, kind(&g, "n1"))));
    assert_eq!(
        view.piece(cell(&g, "a4")),
        Some((NUMBERED, kind(&g, "face_down")))
    );
    // The position knows a4 is #3; the view, only that it is not #1 (face up on e9).
    assert_eq!(g.legal_tokens(&after(&g, &fixed, "a4-b4")), ["reveal:3"]);
    let shown: Vec<String> = (2..=8).map(|n| format!("reveal:{n}")).collect();
    assert_eq!(g.legal_tokens(&after(&g, &view, "a4-b4")), shown);
}

#[test]
fn a_fixed_deal_looks_like_the_start() {
    let g = game();
    let dealt = read(&g, "dealt");
    for player in [NUMBERED, PLAIN] {
        assert_eq!(g.player_view(&dealt, player), g.initial, "player {player}");
    }
    // A position with nothing fixed is its own view.
    assert_eq!(g.player_view(&g.initial, PLAIN), g.initial);
}

#[test]
fn only_a_kind_that_can_hide_is_face_down() {
    let text = "to_move = \"numbered\"\nface_down = [\"e5\"]\n[pieces]\nnumbered = { n1 = [\"a4\"] }\nplain = { plain = [\"e5\"] }\n";
    let err = read_text(&game(), text).expect_err("a plain piece is never face down");
    assert!(
        err.contains("the piece on `e5` cannot be face down: no kind hides `plain`"),
        "{err}"
    );
    assert!(err.contains("p.toml:2:14"), "{err}");
}

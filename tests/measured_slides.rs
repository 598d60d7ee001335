//! The forms Lines of Action brought, beyond what its rule cases pin: `slide` with an exact
//! `distance:` and each `pass_over:`, a line cut by a cell left out, and `groups` with `dirs:`. Each
//! test edits `games/lines-of-action.toml` and plays a small position.

use tabula::engine::movegen::Outcome;
use tabula::span::Sources;
use tabula::{Game, State, load_game_text};

const GAME: &str = "games/lines-of-action.toml";
const RULE: &str =
    "slide(piece: checker, dirs: lines, to: empty_or_enemy, distance: line_count, pass_over: own)";

/// The game file with `edit` applied, loaded; `edit` must change the text.
fn edited(edit: impl Fn(&str) -> String) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GAME);
    let text = std::fs::read_to_string(path).expect("readable");
    let changed = edit(&text);
    assert_ne!(changed, text, "the edit changes the game file");
    load_game_text(GAME, changed, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// The game with its move rule's slide replaced by `slide`.
fn with_slide(slide: &str) -> Game {
    edited(|text| text.replace(RULE, slide))
}

/// The game as shipped.
fn standard() -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GAME);
    tabula::load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// Black to move, with the pieces given as lists of cells (apart, or the game would be over).
fn position(game: &Game, black: &str, white: &str) -> State {
    let text = format!("to_move = \"black\"\n[pieces]\nblack = [{black}]\nwhite = [{white}]\n");
    let mut sources = Sources::default();
    game.read_position(&mut sources, "position.toml", &text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

fn moves_from(game: &Game, black: &str, white: &str, from: &str) -> Vec<String> {
    let mut moves: Vec<String> = game
        .legal_tokens(&position(game, black, white))
        .into_iter()
        .filter(|t| t.starts_with(from))
        .collect();
    moves.sort();
    moves
}

#[test]
fn an_exact_distance_lands_only_that_far() {
    let g = with_slide("slide(piece: checker, dirs: lines, to: empty_or_enemy, distance: 2)");
    // d4 alone: two cells each way, not one (b2 and f6 on the diagonals, d2 and d6, ...).
    assert_eq!(
        moves_from(&g, "\"d4\", \"a8\"", "\"h1\", \"h3\"", "d4"),
        [
            "d4-b2", "d4-b4", "d4-b6", "d4-d2", "d4-d6", "d4-f2", "d4-f4", "d4-f6"
        ]
    );
    // A piece on the way stops it without `pass_over`; one two cells away is taken.
    let blocked = moves_from(&g, "\"d4\", \"d5\", \"a8\"", "\"f4\", \"h1\"", "d4");
    assert!(!blocked.contains(&"d4-d6".to_string()), "{blocked:?}");
    assert!(blocked.contains(&"d4xf4".to_string()), "{blocked:?}");
}

#[test]
fn pass_over_any_crosses_enemy_pieces_too() {
    let own =
        with_slide("slide(piece: checker, dirs: lines, to: empty, distance: 2, pass_over: own)");
    let any =
        with_slide("slide(piece: checker, dirs: lines, to: empty, distance: 2, pass_over: any)");
    // Two cells from d4: north over its own d5, west over the white c4 (only with `any`).
    let (black, white) = ("\"d4\", \"d5\", \"a8\"", "\"c4\", \"h1\"");
    let own_moves = moves_from(&own, black, white, "d4");
    let any_moves = moves_from(&any, black, white, "d4");
    assert!(own_moves.contains(&"d4-d6".to_string()), "{own_moves:?}");
    assert!(!own_moves.contains(&"d4-b4".to_string()), "{own_moves:?}");
    assert!(any_moves.contains(&"d4-d6".to_string()), "{any_moves:?}");
    assert!(any_moves.contains(&"d4-b4".to_string()), "{any_moves:?}");
}

#[test]
fn pass_over_own_without_a_distance_slides_on_until_an_enemy() {
    let g = with_slide("slide(piece: checker, dirs: lines, to: empty_or_enemy, pass_over: own)");
    // North from a1 over its own a3: every empty cell up to the white a6, which it takes.
    let north: Vec<String> = moves_from(&g, "\"a1\", \"a3\"", "\"a6\", \"h8\"", "a1")
        .into_iter()
        .filter(|t| t[3..4] == *"a")
        .collect();
    assert_eq!(north, ["a1-a2", "a1-a4", "a1-a5", "a1xa6"]);
}

#[test]
fn a_line_ends_at_a_cell_left_out() {
    // With d7 left out, the file d through d4 is d1 to d6: d8 no longer counts, so d4 moves two
    // cells (for d4 and d2) up to d6, not three to d7 as on the whole board.
    let g = edited(|text| text.replace("ranks = 8\n", "ranks = 8\nabsent = [\"d7\"]\n"));
    let moves = moves_from(&g, "\"d4\", \"d2\", \"d8\"", "\"a1\", \"h1\"", "d4");
    assert!(moves.contains(&"d4-d6".to_string()), "{moves:?}");
    let whole = standard();
    let moves = moves_from(&whole, "\"d4\", \"d2\", \"d8\"", "\"a1\", \"h1\"", "d4");
    assert!(moves.contains(&"d4-d7".to_string()), "{moves:?}");
    assert!(!moves.contains(&"d4-d6".to_string()), "{moves:?}");
}

#[test]
fn groups_follow_the_directions_given() {
    // b2 and c3 touch only diagonally: one group with every direction, two orthogonally.
    let g = edited(|text| {
        text.replace(
            "if groups(mover) == 1 { win mover }",
            "if groups(mover, dirs: orthogonal) == 1 { win mover }",
        )
        .replace(
            "lines = [\"n\", \"ne\", \"e\", \"se\", \"s\", \"sw\", \"w\", \"nw\"]",
            "lines = [\"n\", \"ne\", \"e\", \"se\", \"s\", \"sw\", \"w\", \"nw\"]\northogonal = [\"n\", \"e\", \"s\", \"w\"]",
        )
    });
    let apart = position(&g, "\"b2\", \"c3\"", "\"h1\", \"h8\"");
    assert_eq!(g.outcome(&apart), None);
    let joined = position(&g, "\"b2\", \"b3\"", "\"h1\", \"h8\"");
    assert_eq!(g.outcome(&joined), Some(Outcome::Win(0, 1)));
    let standard = standard();
    assert_eq!(
        standard.outcome(&position(&standard, "\"b2\", \"c3\"", "\"h1\", \"h8\"")),
        Some(Outcome::Win(0, 1))
    );
}

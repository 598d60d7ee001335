//! Boards of points joined by links, and pieces in hand, on Nine Men's Morris.

use tabula::span::Sources;
use tabula::{Catalog, Game, State, load_game_text};

fn morris() -> Game {
    Catalog::default()
        .load("nine-mens-morris", &[])
        .expect("game loads")
        .0
}

fn read(game: &Game, text: &str) -> Result<State, String> {
    let mut sources = Sources::default();
    game.read_position(&mut sources, "p.toml", text)
        .map_err(|d| d.render(&sources))
}

#[test]
fn only_the_points_are_cells_of_the_board() {
    let g = morris();
    assert_eq!(g.board.all_cells.len(), 24);
    assert!(g.board.parse_cell("a1").is_some());
    assert_eq!(
        g.board.parse_cell("b1"),
        None,
        "b1 is on the grid, not a point"
    );
    let error = read(&g, "to_move = \"white\"\n[pieces]\nwhite = [\"b1\"]\n").unwrap_err();
    assert!(
        error.contains("unknown cell") || error.contains("b1"),
        "{error}"
    );
}

#[test]
fn a_link_leads_to_the_next_point_on_its_line() {
    let g = morris();
    let cell = |name: &str| g.board.parse_cell(name).unwrap();
    let dir = |name: &str| {
        g.board
            .direction_names
            .iter()
            .position(|d| d == name)
            .unwrap() as u8
    };
    assert_eq!(g.board.neighbour(cell("a1"), dir("e")), cell("d1"));
    assert_eq!(g.board.neighbour(cell("d1"), dir("w")), cell("a1"));
    assert_eq!(
        g.board.neighbour(cell("d3"), dir("n")),
        tabula::compile::NO_CELL,
        "no link d3-d5"
    );
}

#[test]
fn placing_from_the_hand_takes_one_and_positions_keep_the_hand() {
    let g = morris();
    let mut state = g.initial;
    g.play_tokens(&mut state, "a1 d7").unwrap();
    let written = g.write_position(&state);
    assert!(
        written.contains("[hand]\nwhite = { man = 8 }\nblack = { man = 8 }\n"),
        "{written}"
    );
    let back = read(&g, &written).unwrap();
    assert_eq!(back, state);
    assert!(
        g.diagram(&state)
            .contains("in hand: white man 8; black man 8")
    );
    // With the hand empty, a placement is no move.
    let empty = "to_move = \"white\"\nhand = { white = { man = 0 }, black = { man = 3 } }\n\
                 [pieces]\nwhite = [\"a1\", \"d1\", \"g7\"]\nblack = [\"d7\"]\n";
    let state = read(&g, empty).unwrap();
    assert!(
        g.legal_tokens(&state).iter().all(|t| t.contains('-')),
        "only moves"
    );
}

#[test]
fn a_direction_is_given_as_vectors_or_as_links_not_both() {
    let text = std::fs::read_to_string(format!(
        "{}/games/nine-mens-morris.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    // A board of points may have a vector direction beside its links...
    let mixed = text.replace(
        "[board.links]",
        "[board.directions]\nup = [0, 1]\n\n[board.links]",
    );
    assert!(load_game_text("m.toml", mixed, &[]).is_ok());
    // ...but not one name given both ways.
    let twice = text.replace(
        "[board.links]",
        "[board.directions]\ne = [1, 0]\n\n[board.links]",
    );
    let error = load_game_text("m.toml", twice, &[])
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("direction `e` is given both as a vector and by links"),
        "{error}"
    );
}

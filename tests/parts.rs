//! Turns of several parts (`next RULE`, GRAMMAR.md) on the test game `tests/games/parts.toml`: a
//! king's step onto the centre row is followed by a drop of the same player, as an action of its
//! own. (Joined parts are pinned by Amazons' perft and rule cases.)

use tabula::span::Sources;
use tabula::{Game, State, load_game_file};

fn game() -> Game {
    test_game("parts.toml")
}

fn test_game(file: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/games")
        .join(file);
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

fn read(game: &Game, text: &str) -> Result<State, String> {
    let mut sources = Sources::default();
    game.read_position(&mut sources, "p.toml", text)
        .map_err(|d| d.render(&sources))
}

#[test]
fn the_same_player_goes_on_with_the_named_rule_only() {
    let g = game();
    let state = after(&g, "a1-a2");
    assert_eq!(g.players[state.to_move as usize], "white");
    assert_eq!(state.ply, 1, "the first part was an action");
    assert_eq!(g.legal_tokens(&state), ["a1", "b1", "c1"]);
    let state = after(&g, "a1-a2 b1");
    assert_eq!(g.players[state.to_move as usize], "black");
    assert_eq!(state.ply, 2);
    assert_eq!(g.board.cell_name(1), "b1");
    assert_eq!(state.piece(1), Some((0, 1)), "a white stone on b1");
}

#[test]
fn without_the_condition_the_turn_is_over() {
    let g = game();
    let state = after(&g, "a1-b1");
    assert_eq!(g.players[state.to_move as usize], "black");
    assert!(!g.legal_tokens(&state).iter().any(|t| t == "a1"));
}

#[test]
fn a_part_with_no_move_is_skipped() {
    let g = game();
    let full = "to_move = \"white\"\n[pieces]\nwhite = { king = [\"a3\"], stone = [\"a1\", \"b1\"] }\n\
                black = { king = [\"c3\"], stone = [\"c1\"] }\n";
    let mut state = read(&g, full).unwrap();
    g.play_tokens(&mut state, "a3-a2").unwrap();
    assert_eq!(
        g.players[state.to_move as usize], "black",
        "no empty cell on the first rank: no drop"
    );
}

#[test]
fn a_position_in_the_middle_of_a_turn_is_written_and_read_back() {
    let g = game();
    let state = after(&g, "a1-a2");
    let written = g.write_position(&state);
    assert!(
        written.contains("part = \"drop\"\nlast_to = \"a2\"\n"),
        "{written}"
    );
    let back = read(&g, &written).unwrap();
    assert_eq!(back, state);
    assert_eq!(g.legal_tokens(&back), ["a1", "b1", "c1"]);
    // Only a rule some `next` names is the rest of a turn.
    let wrong = written.replace("part = \"drop\"", "part = \"walk\"");
    let error = read(&g, &wrong).unwrap_err();
    assert!(
        error.contains("`walk` is not the rest of a turn"),
        "{error}"
    );
}

#[test]
fn perft_counts_every_part() {
    let g = game();
    // White's a1-a2 or a1-b1; then after a1-a2 white's three drops, after a1-b1 black's two
    // steps (c3-c2 and c3-b3): each part is one action, one level.
    assert_eq!(g.perft(&g.initial, 1), 2);
    assert_eq!(g.perft(&g.initial, 2), 3 + 2);
}

/// Two joined parts that both place (a defect: the first part's piece was lost and showing the
/// position panicked; with a choice of kinds in the second part, each token was listed twice).
#[test]
fn two_joined_placements_keep_both_pieces_and_their_kinds() {
    let g = test_game("joined-placements.toml");
    let tokens = g.legal_tokens(&g.initial);
    assert_eq!(
        tokens.len(),
        9 * 8 * 2,
        "a stone, then a stone or a ring on another cell"
    );
    let mut unique = tokens.clone();
    unique.dedup();
    assert_eq!(unique.len(), tokens.len(), "every token once: {tokens:?}");
    assert!(tokens.contains(&"stone@a1/ring@a2".to_string()));
    assert!(tokens.contains(&"stone@a1/stone@a2".to_string()));
    let state = after(&g, "stone@a1/ring@a2");
    let kind = |name: &str| g.pieces.iter().position(|p| p.name == name).unwrap() as u8;
    let cell = |name: &str| g.board.parse_cell(name).unwrap();
    assert_eq!(
        state.piece(cell("a1")),
        Some((0, kind("stone"))),
        "the first part's stone"
    );
    assert_eq!(
        state.piece(cell("a2")),
        Some((0, kind("ring"))),
        "the second part's ring"
    );
    assert_eq!(g.players[state.to_move as usize], "black");
    let shown = g.diagram(&state);
    assert!(shown.contains('W') && shown.contains('R'), "{shown}");
    assert_eq!(g.perft(&g.initial, 2), 144 * (7 * 6 * 2));
}

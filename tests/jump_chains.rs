//! Jump sequences are carried out to the end however long they are (an action stores each
//! jump's direction in a few bits; 8 directions leave room for 21 jumps).

use tabula::load_game_file;

#[test]
fn a_sequence_of_twenty_jumps_is_one_whole_action() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/long-jump.toml");
    let (game, _, _) = load_game_file(&path, &[]).unwrap_or_else(|e| panic!("{e}"));
    let tokens = game.legal_tokens(&game.initial);
    insta::assert_snapshot!(format!(
        "{}\n{}",
        game.diagram(&game.initial),
        tokens.join("\n")
    ));
    assert_eq!(tokens.len(), 1);
    assert_eq!(tokens[0].matches('x').count(), 20);

    let mut state = game.initial;
    game.play_tokens(&mut state, &tokens[0])
        .expect("the token replays");
    let black_left = (0..game.board.cells as u16)
        .filter(|&c| state.owner(c) == Some(1))
        .count();
    assert_eq!(black_left, 0, "every jumped piece is removed");
    assert_eq!(
        state.owner(game.board.parse_cell("k3").expect("a cell")),
        Some(0)
    );
}

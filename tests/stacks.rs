//! Pieces that move one at a time off stacks (`stacks = true`), on the test game
//! `tests/games/stack-moves.toml`: the top piece moves and the rest of its stack stays; a capture,
//! by landing, jumping or `take`, takes the whole stack; no piece appears or vanishes otherwise.

use tabula::span::Sources;
use tabula::{Game, State, load_game_file};

fn game() -> Game {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/stack-moves.toml");
    load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

fn position(game: &Game, white: &str, black: &str) -> State {
    let text = format!(
        "to_move = \"white\"\n[pieces]\nwhite = {{ man = [{white}] }}\nblack = {{ man = [{black}] }}\n"
    );
    let mut sources = Sources::default();
    game.read_position(&mut sources, "p.toml", &text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

fn play(game: &Game, state: &mut State, tokens: &str) {
    game.play_tokens(state, tokens)
        .unwrap_or_else(|e| panic!("{e}"));
}

/// (owner, height) of a cell, by name.
fn stack(game: &Game, state: &State, cell: &str) -> (Option<u8>, u8) {
    let cell = game.board.parse_cell(cell).unwrap();
    (state.owner(cell), state.height(cell))
}

#[test]
fn a_step_moves_the_top_piece_and_the_rest_stay() {
    let g = game();
    let mut state = g.initial;
    play(&g, &mut state, "a1-a2");
    assert_eq!(stack(&g, &state, "a1"), (Some(0), 3));
    assert_eq!(stack(&g, &state, "a2"), (Some(0), 1));
    assert_eq!(state.pieces_in_play(0), 4);
    play(&g, &mut state, "a4-a3 a1-b1");
    assert_eq!(stack(&g, &state, "a1"), (Some(0), 2));
    assert_eq!(stack(&g, &state, "a4"), (Some(1), 2));
    assert_eq!(state.pieces_in_play(1), 5);
}

#[test]
fn landing_on_an_enemy_stack_captures_all_of_it() {
    let g = game();
    let mut state = position(&g, "\"a2*3\"", "\"a3*2\", \"d4\"");
    play(&g, &mut state, "a2xa3");
    assert_eq!(stack(&g, &state, "a3"), (Some(0), 1), "the lander alone");
    assert_eq!(stack(&g, &state, "a2"), (Some(0), 2));
    assert_eq!(state.pieces_in_play(0), 3);
    assert_eq!(state.pieces_in_play(1), 1);
}

#[test]
fn a_jumped_stack_leaves_nothing_behind() {
    let g = game();
    let mut state = position(&g, "\"b1*2\"", "\"b2*3\", \"d4\"");
    play(&g, &mut state, "b1xb3");
    assert_eq!(stack(&g, &state, "b2"), (None, 0));
    assert_eq!(stack(&g, &state, "b3"), (Some(0), 1));
    assert_eq!(stack(&g, &state, "b1"), (Some(0), 1));
    // A man that later steps onto the jumped cell stands there alone.
    play(&g, &mut state, "d4-d3 b1-b2");
    assert_eq!(stack(&g, &state, "b2"), (Some(0), 1));
    assert_eq!(state.pieces_in_play(0), 2);
}

#[test]
fn take_removes_a_whole_stack() {
    let g = game();
    let mut state = position(&g, "\"a3*2\"", "\"a4*3\", \"d4\"");
    play(&g, &mut state, "xa4");
    assert_eq!(stack(&g, &state, "a4"), (None, 0));
    play(&g, &mut state, "d4-d3 a3-a4");
    assert_eq!(
        stack(&g, &state, "a4"),
        (Some(0), 1),
        "no height left behind"
    );
    assert_eq!(state.pieces_in_play(1), 1);
}

/// Random games never make or lose a piece except by capture: each side's count only falls,
/// and only by an action whose token captures.
#[test]
fn random_games_keep_every_piece_that_is_not_captured() {
    let g = game();
    let mut rng = 7u64;
    let mut actions = Vec::new();
    for _ in 0..200 {
        let mut state = g.initial;
        for _ in 0..40 {
            if g.legal_actions(&state, &mut actions).is_some() || actions.is_empty() {
                break;
            }
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let action = actions[(rng >> 33) as usize % actions.len()];
            let token = g.action_token(&action);
            let before = [state.pieces_in_play(0), state.pieces_in_play(1)];
            g.apply(&mut state, &action);
            let after = [state.pieces_in_play(0), state.pieces_in_play(1)];
            let captures = token.contains('x');
            assert_eq!(
                after[0] + after[1] < before[0] + before[1],
                captures,
                "{token}"
            );
            assert!(after[0] <= before[0] && after[1] <= before[1], "{token}");
        }
    }
}

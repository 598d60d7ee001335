//! `line_step`: a line of own pieces moves one cell along itself, pushing a shorter enemy line
//! (off the board at the edge), or sideways; on `tests/games/line-steps.toml` (a 6 x 3 grid) and
//! on Abalone (`games/abalone.toml`, cross-checked by `tools/crosscheck/abalone.py`).

use tabula::{Game, load_game_file, load_game_text};

fn path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/line-steps.toml")
}

fn line_steps() -> Game {
    load_game_file(&path(), &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// The game with pieces on file f locked: they are never pushed.
fn locked_edge() -> Game {
    let text = std::fs::read_to_string(path()).unwrap();
    let text = text
        .replace(
            "[pieces.stone]",
            "[regions]\nedge = \"file f\"\n\n[pieces.stone]",
        )
        .replace("moving)", "moving, locked: edge)");
    load_game_text("line-steps-locked.toml", text, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

fn legal_after(game: &Game, tokens: &str) -> Vec<String> {
    let mut state = game.initial;
    game.play_tokens(&mut state, tokens)
        .unwrap_or_else(|e| panic!("{tokens}: {e}"));
    game.legal_tokens(&state)
}

/// From the start: three and two push one, one does not push one; single stones step; each line
/// of two or three moves sideways once (read from its rear along `e`, not again along `w`).
#[test]
fn the_start_has_pushes_steps_and_sideways_lines() {
    let mut expected = vec![
        "a2..c2>e", "b2..c2>e", // 3 and 2 push d2 to e2; c2 alone does not
        "a2>n", "a2>s", "b2>n", "b2>s", "c2>n", "c2>s", "a2..b2>n", "a2..b2>s", "a2..c2>n",
        "a2..c2>s", "b2..c2>n", "b2..c2>s",
    ];
    expected.sort_unstable();
    assert_eq!(legal_after(&line_steps(), ""), expected);
}

/// The cells of a player's stones, sorted, after the tokens.
fn stones(game: &Game, tokens: &str, player: u8) -> Vec<String> {
    let mut state = game.initial;
    game.play_tokens(&mut state, tokens)
        .unwrap_or_else(|e| panic!("{tokens}: {e}"));
    let mut cells: Vec<String> = (0..game.board.cells as u16)
        .filter(|&c| state.owner(c) == Some(player))
        .map(|c| game.board.cell_name(c))
        .collect();
    cells.sort_unstable();
    cells
}

/// The pushed line moves one cell on; a line pushed against the edge loses its last stone.
#[test]
fn a_push_moves_the_enemy_line_and_the_edge_takes_its_last_stone() {
    let g = line_steps();
    let pushed = "a2..c2>e e1>w b2..d2>e d1>w";
    assert_eq!(stones(&g, pushed, 1), ["c1", "e3", "f2"]);
    assert_eq!(stones(&g, pushed, 0), ["c2", "d2", "e2"]);
    assert!(legal_after(&g, pushed).contains(&"c2..e2>e*".to_string()));
    let off = format!("{pushed} c2..e2>e*");
    assert_eq!(stones(&g, &off, 1), ["c1", "e3"]);
    assert_eq!(stones(&g, &off, 0), ["d2", "e2", "f2"]);
}

/// A locked stone is not pushed, and an own stone behind the enemy's blocks the push.
#[test]
fn a_locked_stone_or_an_own_stone_behind_blocks_the_push() {
    let legal = legal_after(&locked_edge(), "a2..c2>e e1>w b2..d2>e d1>w");
    assert!(
        !legal.iter().any(|t| t.starts_with("c2..e2>e")),
        "{legal:?}"
    );
    // White a2 b2, Black c2, White d2: the two white stones do not push c2.
    let g = line_steps();
    let legal = legal_after(&g, "c2>n d2>w c3>e e1>w d3>s e3>w");
    assert!(
        !legal.iter().any(|t| t.starts_with("a2..b2>e")),
        "{legal:?}"
    );
    assert!(legal.contains(&"d2>e".to_string()), "{legal:?}");
}

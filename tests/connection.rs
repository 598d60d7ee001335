//! Connection in general: `group`, `inside`, `reachable` and `distinct`, on Havannah (a ring, a
//! bridge, a fork; `games/havannah.toml` and its side-4 test game, cross-checked against
//! OpenSpiel by `tools/crosscheck/havannah.py`) and on `tests/games/open-path.toml` (a path
//! walls must leave open).

use tabula::engine::movegen::Outcome;
use tabula::{Game, load_game_file, load_game_text};

fn test_game(name: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/games")
        .join(name);
    load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// The outcome once the tokens are played from the start.
fn after(game: &Game, tokens: &str) -> Option<Outcome> {
    let mut state = game.initial;
    game.play_tokens(&mut state, tokens)
        .unwrap_or_else(|e| panic!("{tokens}: {e}"));
    game.legal_actions(&state, &mut Vec::new())
}

/// The side-4 hexagon, with White's stones and Black's answers far away (a4 g7 g4 a1 are corners
/// of the board, b5 f7 c1 on its sides).
#[test]
fn rings_bridges_and_forks_end_the_game_and_nothing_else_does() {
    let g = test_game("havannah-4.toml");
    let white = Some(Outcome::Win(0, 1));
    // A ring round the empty d4, and one filled with White's own stone.
    assert_eq!(after(&g, "c4 a1 e4 g7 d3 a4 d5 g4 e5 b1 c3"), white);
    assert_eq!(after(&g, "d4 a1 c4 g7 e4 a4 d3 g4 d5 b1 e5 b5 c3"), white);
    assert_eq!(
        after(&g, "c4 a1 e4 g7 d3 a4 d5 g4 e5"),
        None,
        "the loop is open at c3"
    );
    // A bridge: the corners a1 and d1 joined along rank 1.
    assert_eq!(after(&g, "a1 g7 b1 f7 c1 e7 d1"), white);
    // A fork: the sides a2..a3, b1..c1 and e2..f3, joined through b2, c2 and d2.
    assert_eq!(after(&g, "a2 g7 b2 f7 c2 e7 b1 g5 d2 g6 e2"), white);
    // Two sides and the corner between them: no fork, no bridge.
    assert_eq!(after(&g, "a2 g7 a1 f7 b1"), None);
}

/// A wall that would leave the runner no way to the far rank is not legal; the others are.
#[test]
fn walls_must_leave_a_path_open() {
    let g = test_game("open-path.toml");
    let mut state = g.initial;
    g.play_tokens(&mut state, "c1-c2 a3 c2-c1 b3 c1-c2 d3 c2-c1 c3 c1-c2")
        .unwrap();
    let legal = g.legal_tokens(&state);
    for sealing in ["e2", "e3", "e4"] {
        assert!(
            !legal.contains(&sealing.to_string()),
            "{sealing}: {legal:?}"
        );
    }
    for open in ["d2", "e1", "e5", "a1"] {
        assert!(legal.contains(&open.to_string()), "{open}: {legal:?}");
    }
}

/// A table's key may be a set of cells (a rectangle, a rank or a file), a later key overriding an
/// earlier one; `distinct` takes only a table of numbers keyed by cell.
#[test]
fn tables_keyed_by_sets_of_cells() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/havannah-4.toml"),
    )
    .unwrap();
    // The side b1..c1 as a rank with its corners a1 and d1 put back to no side: the same game.
    let ranked = text.replace("\"b1..c1\" = 1", "\"rank 1\" = 1\na1 = 0\nd1 = 0");
    let (g, _, _) = load_game_text("ranked.toml", ranked, &[]).unwrap_or_else(|e| panic!("{e}"));
    let reference = test_game("havannah-4.toml");
    for tokens in ["a2 g7 b2 f7 c2 e7 b1 g5 d2 g6 e2", "a2 g7 a1 f7 b1"] {
        assert_eq!(after(&g, tokens), after(&reference, tokens), "{tokens}");
    }
    let wrong = text.replace(
        "distinct(side, group(previous_to)) >= 3",
        "distinct(previous_to, group(previous_to)) >= 3",
    );
    let Err(error) = load_game_text("wrong.toml", wrong, &[]) else {
        panic!("a cell is not a table");
    };
    let error = error.to_string();
    assert!(
        error.contains("a table of numbers keyed by cell")
            && error.contains("the tables of numbers by cell are corner, side"),
        "{error}"
    );
}

/// Walls between cells (`[lines.NAME] walls = true`): the runner on a3 cannot step through the
/// wall to a4, and the builder may block neither cell of the wall's one gap (c3, c4), which would
/// leave the runner no way round; `reachable` goes round the wall as the runner must.
#[test]
fn walls_cut_steps_and_the_paths_that_must_stay_open() {
    let g = test_game("walled-path.toml");
    let mut state = g.initial;
    g.play_tokens(&mut state, "a1-a2 e5 a2-a3").unwrap();
    let legal = g.legal_tokens(&state);
    assert!(!legal.contains(&"c3".to_string()) && !legal.contains(&"c4".to_string()));
    assert!(legal.contains(&"b3".to_string()) && legal.contains(&"a4".to_string()));
    g.play_tokens(&mut state, "a5").unwrap();
    assert_eq!(g.legal_tokens(&state), ["a3-a2", "a3-b3"]);
    // Without the wall the runner steps up, and any cell may be blocked.
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/walled-path.toml"),
    )
    .unwrap();
    let open = text.replace("walls = true\n", "");
    let (g, _, _) = load_game_text("open.toml", open, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut state = g.initial;
    g.play_tokens(&mut state, "a1-a2 e5 a2-a3 a5").unwrap();
    assert_eq!(g.legal_tokens(&state), ["a3-a2", "a3-a4", "a3-b3"]);
}

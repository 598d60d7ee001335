//! Marked paths as data (`[paths]`), the `path_step` primitive, the `path_index` and
//! `path_blocked` functions, options whose choices are players or direction sets, and the score of
//! a win (`win PLAYER score EXPR`), on the test game `tests/games/paths.toml`.

use tabula::span::Sources;
use tabula::{Game, State, load_game_file, load_game_text};

fn game(options: &[(&str, &str)]) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/paths.toml");
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    load_game_file(&path, &options)
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

fn position(game: &Game, text: &str) -> State {
    let mut sources = Sources::default();
    game.read_position(&mut sources, "position.toml", text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

/// The board, then the outcome or the legal actions.
fn report(game: &Game, state: &State) -> String {
    let side = &game.players[state.to_move as usize];
    let result = match game.outcome(state) {
        Some(o) => format!("game over: {}", game.describe_outcome(o)),
        None => format!("{side} to move: {}", game.legal_tokens(state).join(" ")),
    };
    format!("{}{result}", game.diagram(state))
}

#[test]
fn the_first_player_is_the_option_s_choice() {
    let g = game(&[]);
    assert_eq!(g.players[g.initial.to_move as usize], "gray");
    let g = game(&[("first_player", "blue")]);
    assert_eq!(g.players[g.initial.to_move as usize], "blue");
}

#[test]
fn runners_follow_their_own_path_and_walls_the_chosen_directions() {
    let g = game(&[]);
    let orthogonal = game(&[("wall_dirs", "orthogonal")]);
    insta::assert_snapshot!(format!(
        "walls diagonal:\n{}\n\nwalls orthogonal:\n{}",
        report(&g, &g.initial),
        report(&orthogonal, &orthogonal.initial)
    ));
}

#[test]
fn a_path_step_may_skip_cells_and_any_piece_blocks_it() {
    let g = game(&[]);
    let free = position(
        &g,
        "to_move = \"blue\"\n[pieces]\nblue = { runner = [\"c3\"] }\ngray = { runner = [\"e1\"] }\n",
    );
    let own_block = position(
        &g,
        "to_move = \"blue\"\n[pieces]\nblue = { runner = [\"c3\"], wall = [\"e3\"] }\ngray = { runner = [\"e1\"] }\n",
    );
    assert!(g.legal_tokens(&free).contains(&"c3-e3".to_string()));
    assert!(
        !g.legal_tokens(&own_block)
            .iter()
            .any(|t| t.starts_with("c3"))
    );
    insta::assert_snapshot!(format!(
        "{}\n\n{}",
        report(&g, &free),
        report(&g, &own_block)
    ));
}

#[test]
fn path_index_and_path_blocked_decide_the_end_tests() {
    let g = game(&[]);
    // Blue's runner at the end of its path (index 4): blue has won when gray is to move.
    let arrived = position(
        &g,
        "to_move = \"gray\"\n[pieces]\nblue = { runner = [\"e5\"] }\ngray = { runner = [\"e1\"] }\n",
    );
    // Both runners held up by an enemy piece; blue's is further along (index 2 against 1).
    let deadlock = position(
        &g,
        "to_move = \"gray\"\n[pieces]\nblue = { runner = [\"c3\"], wall = [\"c1\"] }\ngray = { runner = [\"d2\"], wall = [\"e3\"] }\n",
    );
    // Blue's runner is held up by its own wall, so there is no deadlock (the set-up has one wall).
    let own_wall = position(
        &g,
        "to_move = \"gray\"\nbeyond_setup = true\n[pieces]\nblue = { runner = [\"c3\"], wall = [\"c1\", \"e3\"] }\ngray = { runner = [\"d2\"] }\n",
    );
    assert_eq!(
        g.outcome(&arrived)
            .map(|o| g.describe_outcome(o))
            .as_deref(),
        Some("blue wins, score 5")
    );
    assert_eq!(
        g.outcome(&deadlock)
            .map(|o| g.describe_outcome(o))
            .as_deref(),
        Some("blue wins")
    );
    assert_eq!(g.outcome(&own_wall), None);
    assert_eq!(
        g.outcome(&arrived),
        Some(tabula::engine::movegen::Outcome::Win(0, 5))
    );
    insta::assert_snapshot!(format!(
        "{}\n\n{}\n\n{}",
        report(&g, &arrived),
        report(&g, &deadlock),
        report(&g, &own_wall)
    ));
}

#[test]
fn a_path_cell_off_the_board_is_reported() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/paths.toml");
    let text = std::fs::read_to_string(&path)
        .expect("readable")
        .replace("\"e5\"]", "\"e9\"]");
    let err = tabula::load_game_text("paths.toml", text, &[])
        .expect_err("refused")
        .to_string();
    assert!(err.contains("unknown cell `e9`"), "{err}");
}

/// A shipped dice game with an `estimate` of `path_progress` added, for reading the function in
/// positions that have men on the bar, borne off and pinned.
fn with_race_estimate(name: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("games/{name}.toml"));
    let text = std::fs::read_to_string(&path).expect("the game file");
    let end = text.rfind("'''").expect("the rules text");
    let text = format!(
        "{}estimate race \"progress\" {{ white: path_progress(white, track), black: path_progress(black, track) }}\n{}",
        &text[..end],
        &text[end..]
    );
    load_game_text(&path.to_string_lossy(), text, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

fn progress(game: &Game, position_file: &str) -> [i64; 2] {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/positions")
        .join(position_file);
    let text = std::fs::read_to_string(&path).expect("the position file");
    let standing = game
        .estimated_standing(&position(game, &text))
        .expect("an estimate");
    [standing[0], standing[1]]
}

#[test]
fn path_progress_counts_each_piece_s_steps_along_its_own_path() {
    let backgammon = with_race_estimate("backgammon");
    // The start: White's men on 24 (index 0 of its path) have come 1 each, on 13 come 12, on 8
    // come 17, on 6 come 19; Black's path runs the other way, the same distances.
    assert_eq!(
        backgammon
            .estimated_standing(&backgammon.initial)
            .map(|s| [s[0], s[1]]),
        Some([2 + 5 * 12 + 3 * 17 + 5 * 19; 2])
    );
    // A man on the bar has come nothing (White's 15th man); every man of a stack counts.
    assert_eq!(
        progress(&backgammon, "backgammon/enter_and_hit.toml"),
        [
            5 * 12 + 5 * 19 + 3 * 17 + 1,
            2 + 12 + 3 * 17 + 4 * 19 + 21 + 2 * 22 + 2 * 23
        ]
    );
    let plakoto = with_race_estimate("plakoto");
    // Black's man pinned on 20 counts where it lies, under White's.
    assert_eq!(
        progress(&plakoto, "plakoto/pinned_point.toml"),
        [5 + 14, 20 + 14]
    );
    // A man borne off has come one past the last cell of the 24: 25.
    assert_eq!(
        progress(&plakoto, "plakoto/bear_off_free.toml"),
        [2 * 25 + 4 * 19 + 4 * 20 + 2 * 21 + 22 + 2 * 23, 15 * 19]
    );
}

/// A path may list runs of cells in a straight line, in order (`d1..a1`); a run that is not
/// straight, crosses a cell off the board or repeats a cell is an error at it.
#[test]
fn paths_list_runs_of_cells() {
    let ur = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/ur.toml"),
    )
    .unwrap();
    let shipped = r#"white = ["d1..a1", "a2..h2", "h1", "g1"]"#;
    assert!(
        ur.contains(shipped),
        "games/ur.toml lists white's track in runs"
    );
    let with_track = |white: &str| {
        let text = ur.replace(shipped, white);
        tabula::load_game_text("ur-track.toml", text, &[])
            .map(|(g, _, _)| g)
            .map_err(|e| e.to_string())
    };
    let listed = with_track(
        r#"white = ["d1", "c1", "b1", "a1", "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "h1", "g1"]"#,
    );
    let (Ok(listed), Ok(runs)) = (
        listed,
        with_track(r#"white = ["d1..a1", "a2..h2", "h1", "g1"]"#),
    ) else {
        panic!("both load");
    };
    assert_eq!(
        listed.perft(&listed.initial, 4),
        runs.perft(&runs.initial, 4)
    );
    for (track, problem) in [
        (
            r#"white = ["a1..h1"]"#,
            "it crosses e1, which is not on the board",
        ),
        (
            r#"white = ["a1..b3"]"#,
            "its ends are not on one file, rank or diagonal",
        ),
        (
            r#"white = ["d1..a1", "b1"]"#,
            "cell `b1` is twice on path `track`",
        ),
        (r#"white = ["a1..z9"]"#, "`z9` is not a cell of the board"),
    ] {
        let Err(error) = with_track(track) else {
            panic!("{track} loaded");
        };
        assert!(error.contains(problem), "{track}: {error}");
    }
}

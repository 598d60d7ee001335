//! Impossible positions are refused with located errors, and the arithmetic on game values wraps
//! as documented in every build (these tests run in debug builds, where an overflow would panic).

use std::path::Path;
use tabula::engine::movegen::Outcome;
use tabula::span::Sources;
use tabula::{Catalog, Game, State, load_game_file};

fn game(name: &str) -> Game {
    Catalog::default()
        .load(name, &[])
        .unwrap_or_else(|e| panic!("{name} does not load: {e:?}"))
        .0
}

fn values_game() -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/values.toml");
    load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// Reads `text` as the position file `path`: the state, or every diagnostic rendered.
fn read(game: &Game, path: &str, text: &str) -> Result<State, String> {
    let mut sources = Sources::default();
    game.read_position(&mut sources, path, text)
        .map_err(|d| d.render(&sources))
}

/// Reads `tests/positions/<name>` for `game`.
fn read_fixture(game: &Game, name: &str) -> Result<State, String> {
    let path = format!("tests/positions/{name}");
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(&path))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    read(game, &path, &text)
}

fn refused(result: Result<State, String>) -> String {
    match result {
        Ok(state) => panic!("an impossible position was read: {state:?}"),
        Err(e) => e,
    }
}

#[test]
fn a_stack_listed_twice_is_refused_where_it_goes_past_the_set_up() {
    let err = refused(read_fixture(&game("gioul"), "gioul/too_many_stacked.toml"));
    assert!(
        err.contains("white has 510 pieces here, the set-up gives 15"),
        "{err}"
    );
    // The first "24*255" already goes past the 15: line 6, column 10.
    assert!(
        err.contains("tests/positions/gioul/too_many_stacked.toml:6:10"),
        "{err}"
    );
    assert_eq!(err.matches("Error:").count(), 1, "{err}");
}

#[test]
fn men_and_borne_off_past_the_set_up_are_refused() {
    let err = refused(read_fixture(&game("gioul"), "gioul/too_many_with_off.toml"));
    assert!(
        err.contains("white has 765 pieces here, the set-up gives 15"),
        "{err}"
    );
    // `off` comes first in the file, and alone goes past the 15.
    assert!(
        err.contains("tests/positions/gioul/too_many_with_off.toml:3:17"),
        "{err}"
    );
}

#[test]
fn one_piece_too_many_counts_the_borne_off_ones() {
    let err = refused(read_fixture(&game("gioul"), "gioul/one_too_many.toml"));
    assert!(
        err.contains("white has 16 pieces here, the set-up gives 15"),
        "{err}"
    );
    // 2 borne off and 10 on 24 are 12; the 4 on 19 go past the 15.
    assert!(
        err.contains("tests/positions/gioul/one_too_many.toml:6:19"),
        "{err}"
    );
}

#[test]
fn a_pinned_piece_counts() {
    let err = refused(read_fixture(
        &game("plakoto"),
        "plakoto/pinned_one_too_many.toml",
    ));
    assert!(
        err.contains("black has 16 pieces here, the set-up gives 15"),
        "{err}"
    );
}

#[test]
fn pieces_on_the_bar_count() {
    let text = "to_move = \"white\"\nbar = { black = 1 }\n[pieces]\nwhite = [\"24*15\"]\nblack = [\"1*15\"]\n";
    let err = refused(read(&game("backgammon"), "p.toml", text));
    assert!(
        err.contains("black has 16 pieces here, the set-up gives 15"),
        "{err}"
    );
}

#[test]
fn exactly_the_set_up_is_read() {
    let g = game("gioul");
    let text = "to_move = \"white\"\noff = { white = 1, black = 0 }\n[pieces]\nwhite = [\"24*255\"]\nblack = [\"1*15\"]\n";
    // 255 on one point is still too many, but 14 and one borne off are the 15.
    assert!(read(&g, "p.toml", text).is_err());
    let text = text.replace("24*255", "24*14");
    let state = read(&g, "p.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    let white = 0;
    assert_eq!(state.pieces_in_play(white), 15);
    assert_eq!(state.height(g.board.parse_cell("24").unwrap()), 14);
}

#[test]
fn a_player_the_set_up_gives_nothing_may_have_nothing() {
    let text = "to_move = \"white\"\n[pieces]\nwhite = [\"a1\"]\nblack = [\"d1\"]\n";
    let err = refused(read(&values_game(), "p.toml", text));
    assert!(
        err.contains("black has 1 piece here, the set-up gives none"),
        "{err}"
    );
    assert!(err.contains("p.toml:4:10"), "{err}");
}

#[test]
fn the_value_of_a_set_of_pieces_wraps_in_32_bits() {
    let g = values_game();
    // The set-up's stones on a1 and b1 add up to the largest 32-bit number exactly.
    assert_eq!(g.outcome(&g.initial), Some(Outcome::Win(0, i32::MAX)));
    // On a1 and c1 the sum overflows and wraps.
    let text = "to_move = \"white\"\n[pieces]\nwhite = [\"a1\", \"c1\"]\n";
    let state = read(&g, "p.toml", text).unwrap_or_else(|e| panic!("{e}"));
    let wrapped = i32::MAX.wrapping_add(2_000_000_000);
    assert_eq!(g.outcome(&state), Some(Outcome::Win(0, wrapped)));
}

#[test]
fn the_value_of_held_pieces_wraps_in_32_bits() {
    let g = values_game();
    let text = "to_move = \"black\"\n[pieces]\nwhite = [\"a1\", \"c1\"]\n";
    let state = read(&g, "p.toml", text).unwrap_or_else(|e| panic!("{e}"));
    let wrapped = i32::MAX.wrapping_add(2_000_000_000);
    assert_eq!(g.outcome(&state), Some(Outcome::Win(1, wrapped)));
    assert_eq!(g.held(&state, 0), (2, wrapped));
}

/// `ply` is read up to the largest 32-bit unsigned number; moving on from there keeps it there.
#[test]
fn the_ply_count_stops_at_its_largest_value() {
    let g = game("epaminondas");
    let text = "to_move = \"white\"\nply = 4294967295\n[pieces]\nwhite = [\"f5\", \"f6\", \"f7\"]\nblack = [\"f8\", \"f9\"]\n";
    let mut state = read(&g, "p.toml", text).unwrap_or_else(|e| panic!("{e}"));
    g.play_tokens(&mut state, "f5-e5")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(state.ply, u32::MAX);
}

/// `beyond_setup = true` lifts the set-up's limit for a test situation, not the byte's, and a
/// position written back says it again, so that it reads back.
#[test]
fn beyond_setup_allows_more_than_the_set_up_up_to_255() {
    let g = game("gioul");
    let text = "to_move = \"white\"\nbeyond_setup = true\n[pieces]\nwhite = [\"24*200\", \"23*55\"]\nblack = [\"1*15\"]\n";
    let state = read(&g, "p.toml", text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(state.pieces_in_play(0), 255);
    let written = g.write_position(&state);
    assert!(written.contains("beyond_setup = true\n"), "{written}");
    assert_eq!(read(&g, "p.toml", &written), Ok(state));
    // Within the set-up the key is not written.
    assert!(!g.write_position(&g.initial).contains("beyond_setup"));

    let err = refused(read(&g, "p.toml", &text.replace("23*55", "23*56")));
    assert!(
        err.contains("white has 256 pieces here, a player may have at most 255"),
        "{err}"
    );
    assert!(err.contains("p.toml:4:20"), "{err}");
    let err = refused(read(
        &g,
        "p.toml",
        "to_move = \"white\"\nbeyond_setup = true\n[pieces]\nwhite = [\"24*255\", \"24*255\"]\n",
    ));
    assert!(
        err.contains("white has 510 pieces here, a player may have at most 255"),
        "{err}"
    );
}

/// Found by the `position_text` fuzz target: `off` (and `bar`) were read into a game without dice,
/// whose written position leaves them out, so the position read back was another one.
#[test]
fn pieces_off_the_board_are_refused_in_a_game_without_dice() {
    let draughts = game("english-draughts");
    for key in ["off", "bar"] {
        let text = format!("to_move = \"black\"\n{key} = {{ white = 1 }}\n");
        let error = refused(read(&draughts, "p.toml", &text));
        assert!(error.contains("this game has no pieces"), "{error}");
        assert!(error.contains("p.toml:2:"), "{error}");
    }
    // Zero is what the position holds anyway.
    assert!(
        read(
            &draughts,
            "p.toml",
            "to_move = \"black\"\noff = { white = 0 }\n"
        )
        .is_ok()
    );
}

//! Columns (`[board] columns = true`) on Lasca: a column moves whole, a jump with
//! `capture: top_to_bottom` takes the jumped top piece under the jumper, and a position with
//! columns is written and read back unchanged (`under` in position files).

use tabula::span::Sources;
use tabula::{Game, State, load_game_file};

fn lasca() -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/lasca.toml");
    load_game_file(&path, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

fn read(game: &Game, text: &str) -> State {
    let mut sources = Sources::default();
    game.read_position(&mut sources, "p.toml", text)
        .unwrap_or_else(|d| panic!("{}", d.render(&sources)))
}

/// Each occupied cell's column, top first, by symbol.
fn columns(game: &Game, state: &State, cells: &[&str]) -> Vec<String> {
    cells
        .iter()
        .map(|name| {
            let cell = game.board.parse_cell(name).unwrap();
            game.column_pieces(state, cell)
                .iter()
                .map(|&(p, k)| game.pieces[k as usize].symbol(p))
                .collect()
        })
        .collect()
}

#[test]
fn a_position_with_columns_is_written_and_read_back() {
    let g = lasca();
    let mut state = g.initial;
    // Captures build a white column on d4 (over a black prisoner) and a black one on b4 (over a
    // white prisoner), and free a black soldier on c5.
    g.play_tokens(&mut state, "c3-d4 e5xc3 b2xd4 c5-b4 a3xc5 d6xb4")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(columns(&g, &state, &["b4", "d4", "c5"]), ["bw", "wb", "b"]);
    let text = g.write_position(&state);
    assert!(
        text.contains("under = { \"b4\" = \"w\", \"d4\" = \"b\" }"),
        "{text}"
    );
    let back = read(&g, &text);
    assert!(back == state, "read back differs:\n{text}");
    assert_eq!(back.key(), state.key());
}

#[test]
fn the_pieces_under_a_column_tell_positions_apart() {
    let g = lasca();
    let pieces = "[pieces]\nwhite = { soldier = [\"c3\"] }\nblack = { soldier = [\"a7\"] }\n";
    let lone = read(&g, &format!("to_move = \"white\"\n{pieces}"));
    let column = read(
        &g,
        &format!("to_move = \"white\"\nunder = {{ c3 = \"b\" }}\n{pieces}"),
    );
    assert_ne!(lone.key(), column.key());
    assert!(lone != column);
}

#[test]
fn a_column_moves_whole_and_a_jump_takes_only_the_top() {
    let g = lasca();
    let mut state = read(
        &g,
        "to_move = \"white\"\nunder = { c3 = \"B\", d4 = \"wb\" }\n[pieces]\n\
         white = { soldier = [\"c3\"] }\nblack = { soldier = [\"d4\", \"a7\"] }\n",
    );
    g.play_tokens(&mut state, "c3xe5")
        .unwrap_or_else(|e| panic!("{e}"));
    // The jumped black soldier goes to the bottom of White's column; the white prisoner on d4 is
    // free and commands what is left there.
    assert_eq!(columns(&g, &state, &["c3", "d4", "e5"]), ["", "wb", "wBb"]);
}

#[test]
fn bad_under_entries_are_errors_not_panics() {
    let g = lasca();
    for under in [
        "under = { c3 = \"x\" }",
        "under = { z9 = \"b\" }",
        "under = { d4 = \"b\" }",
        "under = { c3 = \"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\" }",
    ] {
        let text = format!(
            "to_move = \"white\"\n{under}\n[pieces]\nwhite = {{ soldier = [\"c3\"] }}\n\
             black = {{ soldier = [\"a7\"] }}\n"
        );
        let mut sources = Sources::default();
        assert!(
            g.read_position(&mut sources, "p.toml", &text).is_err(),
            "{under} was read"
        );
    }
}

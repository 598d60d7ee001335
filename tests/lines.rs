//! Marked lines as data (`[lines]`: links along a direction set, along paths and single segments)
//! and the `along:` argument that keeps every step of `step`, `slide` and `jump` on them, on the
//! test game `tests/games/lines.toml`. Each snapshot sets the legal moves with the lines beside
//! the moves of the same game with every `along:` taken out.

use tabula::span::Sources;
use tabula::{Game, State, load_game_file, load_game_text};

const GAME: &str = "tests/games/lines.toml";

fn path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GAME)
}

fn game(options: &[(&str, &str)]) -> Game {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    load_game_file(&path(), &options)
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// The game file's text with `edit` applied, loaded; `edit` must change the text.
fn edited(edit: impl Fn(&str) -> String) -> Game {
    let text = std::fs::read_to_string(path()).expect("readable");
    let changed = edit(&text);
    assert_ne!(changed, text, "the edit changes the game file");
    load_game_text(GAME, changed, &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// The same game with every `along:` argument taken out: all moves off the lines.
fn without_lines() -> Game {
    edited(|text| {
        let stripped = text
            .replace(", along: king_lines)", ")")
            .replace(", along: marked)", ")");
        assert!(!stripped.contains(", along:"), "every `along:` is removed");
        stripped
    })
}

/// A position with white to move: `white` and `black` are the entries of `[pieces]`, such as
/// `king = ["b2"]` (empty for no pieces). The set-up has one king a side, so the positions go
/// beyond it.
fn position(game: &Game, white: &str, black: &str) -> State {
    let mut text = "to_move = \"white\"\nbeyond_setup = true\n[pieces]\n".to_string();
    for (player, pieces) in [("white", white), ("black", black)] {
        if !pieces.is_empty() {
            text.push_str(&format!("{player} = {{ {pieces} }}\n"));
        }
    }
    let mut sources = Sources::default();
    game.read_position(&mut sources, "position.toml", &text)
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

/// A position's report in `game`, then the legal moves without lines.
fn with_and_without(game: &Game, white: &str, black: &str) -> String {
    let free = without_lines();
    format!(
        "{}\nwithout lines: {}",
        report(game, &position(game, white, black)),
        free.legal_tokens(&position(&free, white, black)).join(" ")
    )
}

fn tokens(game: &Game, white: &str, black: &str) -> Vec<String> {
    game.legal_tokens(&position(game, white, black))
}

#[test]
fn a_step_follows_only_the_links() {
    let g = game(&[]);
    // b2 has its four orthogonal links, c3 (white's copy of the path) and a1 (the segment); no
    // link runs to a3 or c1.
    assert_eq!(
        tokens(&g, "king = [\"b2\"]", ""),
        ["b2-a1", "b2-a2", "b2-b1", "b2-b3", "b2-c2", "b2-c3"]
    );
    // c3 lies on both copies of the path: all eight links.
    assert_eq!(tokens(&g, "king = [\"c3\"]", "").len(), 8);
    // d4 ends white's copy: no link to e5, nor to c5 or e3.
    assert!(!tokens(&g, "king = [\"d4\"]", "").contains(&"d4-e5".to_string()));
    insta::assert_snapshot!(format!(
        "{}\n\n{}\n\n{}",
        with_and_without(&g, "king = [\"b2\"]", ""),
        with_and_without(&g, "king = [\"c3\"]", ""),
        with_and_without(&g, "king = [\"d4\"]", "")
    ));
}

#[test]
fn the_option_switches_lines_and_each_part_makes_links() {
    let mut text = String::new();
    for lines in ["marked", "roads", "diagonals", "shortcut"] {
        let g = game(&[("king_lines", lines)]);
        text.push_str(&format!("king_lines = {lines}:\n"));
        for cell in ["a1", "b2", "c3"] {
            let moves = tokens(&g, &format!("king = [\"{cell}\"]"), "");
            text.push_str(&format!("  {cell}: {}\n", moves.join(" ")));
        }
    }
    let default = game(&[]);
    let marked = game(&[("king_lines", "marked")]);
    let roads = game(&[("king_lines", "roads")]);
    let king = "king = [\"b2\"]";
    assert_eq!(tokens(&default, king, ""), tokens(&marked, king, ""));
    assert_ne!(tokens(&roads, king, ""), tokens(&marked, king, ""));
    // `roads` follows the per-player set `split`: white's n and s and black's e and w together.
    assert_eq!(
        tokens(&roads, king, ""),
        ["b2-a2", "b2-b1", "b2-b3", "b2-c2"]
    );
    // `diagonals` holds both copies of the path: d2 and b4 are on black's, yet a white king uses them.
    assert_eq!(
        tokens(&game(&[("king_lines", "diagonals")]), "king = [\"c3\"]", ""),
        ["c3-b2", "c3-b4", "c3-d2", "c3-d4"]
    );
    insta::assert_snapshot!(text);
}

#[test]
fn a_segment_links_both_ways() {
    // The segment is written `b2-a1`; the lines `shortcut` hold nothing else.
    let g = game(&[("king_lines", "shortcut")]);
    assert_eq!(tokens(&g, "king = [\"a1\"]", ""), ["a1-b2"]);
    assert_eq!(tokens(&g, "king = [\"b2\"]", ""), ["b2-a1"]);
    insta::assert_snapshot!(format!(
        "{}\n\n{}",
        with_and_without(&g, "king = [\"a1\"]", ""),
        with_and_without(&g, "king = [\"b2\"]", "")
    ));
}

#[test]
fn a_slide_stops_where_the_lines_end() {
    let g = game(&[]);
    // From a1 north-east: the segment to b2, then white's copy of the path to c3 and d4, and no
    // link on to e5. From d2 north-west: black's copy to c3 and b4, and no link on to a5.
    let queens = "queen = [\"a1\", \"d2\"]";
    let moves = tokens(&g, queens, "");
    for cell in ["a1-b2", "a1-c3", "a1-d4", "d2-c3", "d2-b4"] {
        assert!(moves.contains(&cell.to_string()), "{cell} in {moves:?}");
    }
    for cell in ["a1-e5", "d2-a5", "d2-e3", "d2-c1", "d2-e1"] {
        assert!(!moves.contains(&cell.to_string()), "{cell} in {moves:?}");
    }
    insta::assert_snapshot!(with_and_without(&g, queens, ""));
}

#[test]
fn a_jump_needs_a_link_for_both_of_its_steps() {
    let g = game(&[]);
    // a1 over b2 to c3: the segment, then the path. Jumped from c3 or e5 over d4, one of the two
    // steps has no link (d4-e5).
    let both = ("man = [\"a1\"]", "man = [\"b2\"]");
    let second_missing = ("man = [\"c3\"]", "man = [\"d4\"]");
    let first_missing = ("man = [\"e5\"]", "man = [\"d4\"]");
    assert_eq!(tokens(&g, both.0, both.1), ["a1xc3"]);
    assert_eq!(tokens(&g, second_missing.0, second_missing.1), ["pass"]);
    assert_eq!(tokens(&g, first_missing.0, first_missing.1), ["pass"]);
    insta::assert_snapshot!(format!(
        "{}\n\n{}\n\n{}",
        with_and_without(&g, both.0, both.1),
        with_and_without(&g, second_missing.0, second_missing.1),
        with_and_without(&g, first_missing.0, first_missing.1)
    ));
}

#[test]
fn every_jump_of_a_chain_needs_its_links() {
    let g = game(&[]);
    // c5 over c4 to c3 (orthogonal links), then over b2 to a1 (the path, then the segment): the
    // chain turns where the lines allow it. From c3 over d4, b4 or d2, the step beyond has no link.
    let white = "man = [\"c5\"]";
    let black = "man = [\"c4\", \"b2\", \"d4\", \"b4\", \"d2\"]";
    assert_eq!(tokens(&g, white, black), ["c5xc3xa1"]);
    insta::assert_snapshot!(with_and_without(&g, white, black));
}

/// Boards of more than 64 cells generate steps with sets of several words: the lines apply there
/// too. Around a1, b2 and c3 a 9 x 9 board has the same cells and links as the 5 x 5 one.
#[test]
fn lines_hold_on_a_board_of_more_than_64_cells() {
    let big = edited(|text| text.replace("files = 5\nranks = 5", "files = 9\nranks = 9"));
    assert_eq!(big.board.cells, 81);
    let small = game(&[]);
    for cell in ["a1", "b2", "c3"] {
        let king = format!("king = [\"{cell}\"]");
        assert_eq!(tokens(&big, &king, ""), tokens(&small, &king, ""), "{cell}");
    }
    assert_eq!(
        tokens(&big, "king = [\"b2\"]", ""),
        ["b2-a1", "b2-a2", "b2-b1", "b2-b3", "b2-c2", "b2-c3"]
    );
    // The edge of the lines, not of the board: no link from d4 to e5 on the big board either.
    assert!(!tokens(&big, "king = [\"d4\"]", "").contains(&"d4-e5".to_string()));
}

/// `line` and `path_step` take no `along:`.
#[test]
fn line_and_path_step_refuse_along() {
    let text = std::fs::read_to_string(path()).expect("readable");
    for (from, to) in [
        (
            "slide(piece: queen, dirs: all, along: marked)",
            "line(piece: queen, dirs: all, along: marked)",
        ),
        (
            "slide(piece: queen, dirs: all, along: marked)",
            "path_step(piece: queen, path: cross, along: marked)",
        ),
    ] {
        let changed = text.replace(from, to);
        assert_ne!(changed, text);
        let err = load_game_text(GAME, changed, &[])
            .expect_err("refused")
            .to_string();
        assert!(err.contains("unknown argument `along`"), "{err}");
    }
}

#[test]
fn a_shown_line_is_drawn_between_cells_where_it_can_be_and_marks_its_cells_elsewhere() {
    let game = edited(|text| {
        text.replace(
            "[lines]\n",
            "[lines]\nfence = { segments = [\"b2-c2\", \"b3-c3\", \"a3-a4\", \"b3-b4\"] }\n",
        ) + "\n[show]\nfence = \"|\"\nshortcut = \"*\"\n"
    });
    let diagram = game.diagram(&position(&game, "king = [\"c3\"]", ""));
    // The fence's links join cells side by side or one above the other: `|` in the gaps, rows of
    // `-` between the ranks, `+` at the corners. The shortcut's link is diagonal, so its cells
    // take its symbol.
    insta::assert_snapshot!(diagram);
}

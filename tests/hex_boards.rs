//! Boards of hexagons: `[board] layout = "hex"` draws a grid whose cells touch six neighbours as a
//! slanted rhombus, in `show`, in the rulebook's pictures of regions and set-ups and in its
//! pictures of lines. `[board] absent` leaves cells of the grid out, which cuts a hexagon from it
//! (`tests/games/hexagon.toml`); `hex-7` and `hex-9` are Hex on smaller rhombi.

use std::path::Path;
use tabula::cases::{CaseResult, verify_game};
use tabula::compile::NO_CELL;
use tabula::rulebook::{self, Format};
use tabula::span::Sources;
use tabula::{Catalog, Game, load_game_text};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn hex() -> Game {
    Catalog::default().load("hex", &[]).expect("hex loads").0
}

/// `games/hex.toml` with `edit` applied (which must change it), loaded.
fn edited_hex(edit: impl Fn(&str) -> String) -> Result<Game, String> {
    let text = std::fs::read_to_string(root().join("games/hex.toml")).unwrap();
    let changed = edit(&text);
    assert_ne!(changed, text, "the edit changes the file");
    load_game_text("hex.toml", changed, &[])
        .map(|(game, _, _)| game)
        .map_err(|e| e.to_string())
}

/// Where a cell is drawn in the board diagram: (text line, column).
fn drawn_at(game: &Game, cell: u16) -> (usize, usize) {
    let diagram = game.cell_diagram(|c| if c == cell { "#" } else { "." }.to_string());
    diagram
        .lines()
        .enumerate()
        .find_map(|(line, text)| text.find('#').map(|column| (line, column)))
        .expect("the cell is drawn")
}

/// Whether two cells are next to each other in the drawing: side by side on one line, or half a
/// cell aside on the next line.
fn drawn_touching(a: (usize, usize), b: (usize, usize)) -> bool {
    matches!((a.0.abs_diff(b.0), a.1.abs_diff(b.1)), (0, 2) | (1, 1))
}

/// Every pair of cells of the board is drawn touching exactly when one is the other's neighbour
/// along a direction of the board.
fn assert_drawn_as_they_touch(game: &Game) {
    let cells: Vec<u16> = game.board.all_cells.iter().collect();
    let at: Vec<(usize, usize)> = cells.iter().map(|&c| drawn_at(game, c)).collect();
    for (i, &a) in cells.iter().enumerate() {
        let neighbours: Vec<u16> = (0..game.board.directions as u8)
            .map(|d| game.board.neighbour(a, d))
            .collect();
        for (j, &b) in cells.iter().enumerate() {
            if i == j {
                continue;
            }
            assert_eq!(
                drawn_touching(at[i], at[j]),
                neighbours.contains(&b),
                "{} at {:?} and {} at {:?}",
                game.board.cell_name(a),
                at[i],
                game.board.cell_name(b),
                at[j]
            );
        }
    }
}

#[test]
fn hex_draws_each_rank_half_a_cell_right_of_the_one_below() {
    let game = hex();
    let mut state = game.initial;
    game.play_tokens(&mut state, "a1 k11 f6").unwrap();
    // The first line break only starts the picture: a `\` would eat the first line's indent.
    assert_eq!(
        game.diagram(&state),
        "
 11            . . . . . . . . . . B
 10           . . . . . . . . . . .
  9          . . . . . . . . . . .
  8         . . . . . . . . . . .
  7        . . . . . . . . . . .
  6       . . . . . R . . . . .
  5      . . . . . . . . . . .
  4     . . . . . . . . . . .
  3    . . . . . . . . . . .
  2   . . . . . . . . . . .
  1  R . . . . . . . . . .
     a b c d e f g h i j k
"[1..]
    );
}

#[test]
fn on_hex_the_six_neighbours_of_every_cell_are_drawn_around_it() {
    assert_drawn_as_they_touch(&hex());
}

/// Touching along the other diagonal, `[1, 1]`, slants the drawing the other way: each rank half
/// a cell left of the one below.
#[test]
fn cells_touching_along_the_other_diagonal_slant_left() {
    let game =
        edited_hex(|t| t.replace("nw = [-1, 1]\nse = [1, -1]", "ne = [1, 1]\nsw = [-1, -1]"))
            .unwrap();
    assert_drawn_as_they_touch(&game);
    let diagram = game.cell_diagram(|_| ".".into());
    let lines: Vec<&str> = diagram.lines().collect();
    assert_eq!(lines[0], " 11  . . . . . . . . . . .");
    assert_eq!(lines[10], "  1            . . . . . . . . . . .");
    assert_eq!(lines[11], "               a b c d e f g h i j k");
}

/// Labels wider than one character (the rulebook's per-player marks) keep a whole half cell.
#[test]
fn wide_labels_keep_the_slant_even() {
    let game = hex();
    let diagram = game.cell_diagram(|c| if c == 0 { "rb".into() } else { ".".into() });
    let lines: Vec<&str> = diagram.lines().collect();
    assert_eq!(
        lines[9],
        "  2      .   .   .   .   .   .   .   .   .   .   ."
    );
    assert_eq!(
        lines[10],
        "  1   rb   .   .   .   .   .   .   .   .   .   ."
    );
}

#[test]
fn the_layout_is_square_or_hex() {
    let error =
        edited_hex(|t| t.replace("layout = \"hex\"", "layout = \"hexagonal\"")).unwrap_err();
    assert!(error.contains("`layout` cannot be `hexagonal`"), "{error}");
    let square = edited_hex(|t| t.replace("layout = \"hex\"", "layout = \"square\"")).unwrap();
    assert_eq!(
        square.cell_diagram(|_| ".".into()).lines().next(),
        Some(" 11  . . . . . . . . . . .")
    );
}

#[test]
fn a_hex_layout_needs_vector_directions_on_a_lettered_grid() {
    let numbered =
        edited_hex(|t| t.replace("ranks = 11\n", "ranks = 11\ncell_names = \"numbers\"\n"))
            .unwrap_err();
    assert!(
        numbered.contains("a hex layout draws a grid of lettered cells"),
        "{numbered}"
    );
}

/// The rulebook draws lines on the slant too: a link along a file or along the touching diagonal
/// is a `/` or a `\` between two ranks.
#[test]
fn the_rulebook_draws_lines_on_the_slant() {
    let path = root().join("tests/games/hex-lines.toml");
    let loaded = Catalog::default()
        .load_checked(&path.display().to_string(), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let book = rulebook::render(&loaded, Format::Text);
    assert!(
        book.contains(
            "\
      3      o---o---o---o
            / \\ / \\ / \\ /
      2    o---o---o---o
          / \\ / \\ / \\ /
      1  o---o---o---o
         a   b   c   d
"
        ),
        "{book}"
    );
    assert!(
        book.contains(
            "\
      3      o   o   o   o
              \\ /
      2    o---o---o   o
              / \\
      1  o   o   o   o
         a   b   c   d
"
        ),
        "{book}"
    );
    assert!(
        book.contains("The diagrams draw each rank half a cell to the right of the one below"),
        "{book}"
    );
}

fn hexagon_path() -> String {
    root()
        .join("tests/games/hexagon.toml")
        .display()
        .to_string()
}

fn hexagon() -> Game {
    Catalog::default()
        .load(&hexagon_path(), &[])
        .unwrap_or_else(|e| panic!("{e}"))
        .0
}

/// `tests/games/hexagon.toml` with `edit` applied (which must change it), loaded under the name
/// `hexagon.toml`: the error text, rendered with its locations, and the edited text.
fn edited_hexagon_error(edit: impl Fn(&str) -> String) -> (String, String) {
    let text = std::fs::read_to_string(hexagon_path()).unwrap();
    let changed = edit(&text);
    assert_ne!(changed, text, "the edit changes the file");
    match load_game_text("hexagon.toml", changed.clone(), &[]) {
        Ok(_) => panic!("the edited hexagon loads"),
        Err(e) => (e.to_string(), changed),
    }
}

/// `hexagon.toml:LINE:COLUMN` of the one place `needle` starts in `text`.
fn located(text: &str, needle: &str) -> String {
    assert_eq!(
        text.matches(needle).count(),
        1,
        "`{needle}` once in\n{text}"
    );
    let before = &text[..text.find(needle).unwrap()];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    format!("hexagon.toml:{line}:{column}")
}

fn cell(game: &Game, name: &str) -> u16 {
    game.board
        .parse_cell(name)
        .unwrap_or_else(|| panic!("{name} is a cell"))
}

fn direction(game: &Game, name: &str) -> u8 {
    game.board
        .direction_names
        .iter()
        .position(|d| d == name)
        .unwrap() as u8
}

#[test]
fn the_hexagon_is_drawn_with_the_cells_left_out_blank() {
    let game = hexagon();
    let mut state = game.initial;
    game.play_tokens(&mut state, "d1 g4 a7").unwrap();
    assert_eq!(
        game.diagram(&state),
        "
  7        R . . .
  6       . . . . .
  5      . . . . . .
  4     . . . . . . B
  3      . . . . . .
  2       . . . . .
  1        R . . .
     a b c d e f g
"[1..]
    );
}

#[test]
fn on_the_hexagon_the_neighbours_of_every_cell_are_drawn_around_it() {
    assert_drawn_as_they_touch(&hexagon());
}

/// The 12 cells of the two corners are no cells: not parsed, no neighbour of any cell; a corner of
/// the hexagon has three neighbours, a cell of a side four, a cell inside six.
#[test]
fn cells_left_out_are_no_cells_and_no_neighbours() {
    let game = hexagon();
    assert_eq!(game.board.all_cells.len(), 37);
    for name in ["a1", "c1", "b2", "a3", "e7", "g7", "f6", "g5"] {
        assert_eq!(game.board.parse_cell(name), None, "{name}");
    }
    let neighbours = |name: &str| -> Vec<String> {
        let c = cell(&game, name);
        let mut out: Vec<String> = (0..game.board.directions as u8)
            .map(|d| game.board.neighbour(c, d))
            .filter(|&n| n != NO_CELL)
            .map(|n| game.board.cell_name(n))
            .collect();
        out.sort();
        out
    };
    assert_eq!(neighbours("d1"), ["c2", "d2", "e1"]);
    assert_eq!(neighbours("a4"), ["a5", "b3", "b4"]);
    assert_eq!(neighbours("b3"), ["a4", "b4", "c2", "c3"]);
    assert_eq!(neighbours("d4"), ["c4", "c5", "d3", "d5", "e3", "e4"]);
    // Along the grid, b3's neighbours to the west and south would be a3 and b2, both left out.
    let b3 = cell(&game, "b3");
    assert_eq!(game.board.neighbour(b3, direction(&game, "w")), NO_CELL);
    assert_eq!(game.board.neighbour(b3, direction(&game, "s")), NO_CELL);
    let mut state = game.initial;
    let error = game.play_tokens(&mut state, "c1").unwrap_err();
    assert!(error.contains("`c1` is not a legal action"), "{error}");
}

/// `rank 1` and `file a` hold the cells of the board on them; `[lines]` link no cell left out;
/// the rulebook says what the shape is and draws it.
#[test]
fn regions_and_lines_hold_only_the_cells_of_the_board() {
    let loaded = Catalog::default()
        .load_checked(&hexagon_path(), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let book = rulebook::render(&loaded, Format::Text);
    for expected in [
        "A grid of 7 files (a to g) and 7 ranks (1 to 7) without the 12 cells of `[board] absent`: \
         37 cells. Cells keep their names in the grid: a1 is its bottom-left corner (left out \
         here)",
        "for `red` d1..g1 (4 cells); for `blue` a4, a5, a6, a7 (4 cells)",
        "for `red` a7..d7 (4 cells); for `blue` g1, g2, g3, g4 (4 cells)",
        // 3 x 6 + 4 x 6 + 6 x 6 + ... : 90 links, none to a cell left out.
        "every cell to its neighbour along `six` (`n`, `s`, `e`, `w`, `nw` and `se`); 90 links.",
        "the outline of `d1`: every cell of it to its neighbour outside it; 3 links.",
    ] {
        assert!(book.contains(expected), "{expected}\n\n{book}");
    }
    assert!(
        book.contains(
            "\
      7              o---o---o---o
                    / \\ / \\ / \\ / \\
      6            o---o---o---o---o
                  / \\ / \\ / \\ / \\ / \\
      5          o---o---o---o---o---o
                / \\ / \\ / \\ / \\ / \\ / \\
      4        o---o---o---o---o---o---o
                \\ / \\ / \\ / \\ / \\ / \\ /
      3          o---o---o---o---o---o
                  \\ / \\ / \\ / \\ / \\ /
      2            o---o---o---o---o
                    \\ / \\ / \\ / \\ /
      1              o---o---o---o
         a   b   c   d   e   f   g
"
        ),
        "{book}"
    );
}

/// A cell left out, named on its own, is an error where it is named, with what the board does;
/// ranks, files and rectangles pass over such cells.
#[test]
fn naming_a_cell_left_out_is_a_located_error() {
    // (text, its replacement, where the error points: the first character of this text)
    let cases: [(&str, &str, &str); 5] = [
        (
            "first_side = { red = \"rank 1\"",
            "first_side = { red = [\"c1\", \"d1..g1\"]",
            "c1\", \"d1..g1",
        ),
        (
            "around_d1 = { boundary = \"d1\" }",
            "around_d1 = { boundary = \"d1\", segments = [\"d1-c1\"] }",
            "c1\"] }",
        ),
        (
            "[pieces.stone]",
            "[paths]\nrim = [\"d1\", \"c1\"]\n\n[pieces.stone]",
            // A path's cell is located with its quotes.
            "\"c1\"]\n\n[pieces",
        ),
        (
            "[regions]",
            "[board.values]\nc1 = 3\n\n[regions]",
            // A value is located at the value (TOML keeps no place for a key).
            "3\n\n[regions]",
        ),
        (
            "[rules]",
            "[setup.red]\nstone = [\"d1\", \"g5\"]\n\n[rules]",
            "g5\"]\n\n[rules]",
        ),
    ];
    for (from, to, needle) in cases {
        let (error, text) = edited_hexagon_error(|t| t.replacen(from, to, 1));
        assert!(error.contains("not a cell of the board"), "{error}");
        assert!(
            error.contains("is in the 7 x 7 grid, but `[board]` leaves it off the board"),
            "{error}"
        );
        let at = located(&text, needle);
        assert!(error.contains(&at), "{at}\n{error}");
        assert_eq!(error.matches("Error:").count(), 1, "{error}");
    }
    // A rectangle over a corner takes the cells of the board in it.
    let text = std::fs::read_to_string(hexagon_path()).unwrap();
    let game = load_game_text(
        "hexagon.toml",
        text.replace("[rules]", "[setup.red]\nstone = \"a1..d2\"\n\n[rules]"),
        &[],
    )
    .unwrap_or_else(|e| panic!("{e}"))
    .0;
    let mut red: Vec<String> = game
        .initial
        .pieces_of(0)
        .iter()
        .map(|c| game.board.cell_name(c))
        .collect();
    red.sort();
    assert_eq!(red, ["c2", "d1", "d2"]);
}

#[test]
fn a_position_naming_a_cell_left_out_is_a_located_error() {
    let game = hexagon();
    let mut sources = Sources::default();
    let error = game
        .read_position(
            &mut sources,
            "p.toml",
            "to_move = \"red\"\n[pieces]\nred = [\"d1\", \"a2\"]\n",
        )
        .map_err(|d| d.render(&sources))
        .unwrap_err();
    assert!(error.contains("unknown cell `a2`"), "{error}");
    assert!(error.contains("p.toml:3:14"), "{error}");
    assert!(error.contains("not a cell of the board"), "{error}");
}

#[test]
fn a_board_lists_points_or_absent_and_keeps_a_cell() {
    let (both, _) = edited_hexagon_error(|t| {
        t.replace(
            "layout = \"hex\"\n",
            "layout = \"hex\"\npoints = [\"d4\"]\n",
        )
    });
    assert!(
        both.contains("a board lists `points` or `absent`, not both"),
        "{both}"
    );
    assert_eq!(both.matches("Error:").count(), 1, "{both}");
    let (none, text) = edited_hexagon_error(|t| {
        t.replace(
            "absent = [\"a1..c1\", \"a2..b2\", \"a3\", \"e7..g7\", \"f6..g6\", \"g5\"]",
            "absent = \"a1..g7\"",
        )
    });
    assert!(none.contains("the board has no cell left"), "{none}");
    let at = located(&text, "\"a1..g7\"");
    assert!(none.contains(&at), "{at}\n{none}");
}

/// A variant that gives `points` replaces its base's `absent`: the shape is one thing.
#[test]
fn a_variant_gives_the_whole_shape() {
    let dir = std::env::temp_dir().join(format!("tabula-hex-boards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(hexagon_path(), dir.join("hexagon.toml")).unwrap();
    let variant = dir.join("hexagon-rhombus.toml");
    std::fs::write(
        &variant,
        "extends = \"hexagon\"\n\n[game]\nname = \"Rhombus\"\n\n[board]\npoints = \"a1..g7\"\n",
    )
    .unwrap();
    let loaded = Catalog::default().load(&variant.display().to_string(), &[]);
    std::fs::remove_dir_all(&dir).unwrap();
    let game = loaded.unwrap_or_else(|e| panic!("{e}")).0;
    assert_eq!(game.board.all_cells.len(), 49);
}

/// The cases beside the test game (`tests/games/hexagon/cases/`) pass and reach every rule.
#[test]
fn the_cases_of_the_hexagon_pass() {
    let report =
        verify_game(&Catalog::default(), &hexagon_path()).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.cases.len() >= 4, "{}", report.render(true));
    assert!(
        report
            .cases
            .iter()
            .all(|c| matches!(c.result, CaseResult::Pass)),
        "{}",
        report.render(true)
    );
    assert_eq!(
        report.coverage.missing().count(),
        0,
        "{}",
        report.render(true)
    );
}

/// `hex-7` and `hex-9` are Hex on smaller rhombi, drawn slanted like the base (their cases, in
/// `games/hex-7/cases/` and `games/hex-9/cases/`, pin the sides and perft).
#[test]
fn the_smaller_hex_boards_are_variants_of_hex() {
    for (name, size) in [("hex-7", 7usize), ("hex-9", 9)] {
        let game = Catalog::default()
            .load(name, &[])
            .unwrap_or_else(|e| panic!("{e}"))
            .0;
        assert_eq!(game.board.all_cells.len() as usize, size * size, "{name}");
        assert_drawn_as_they_touch(&game);
        let diagram = game.cell_diagram(|_| ".".into());
        let top = diagram.lines().next().unwrap();
        assert_eq!(
            top,
            format!(
                "{size:>3} {}{}",
                " ".repeat(size),
                ". ".repeat(size).trim_end()
            ),
            "{name}"
        );
    }
}

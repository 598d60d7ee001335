//! Game files that load but hold something suspicious: the warnings, rendered as `tabula check`
//! prints them. Each file in `tests/warning_games/` says in its first line what it pins.

use tabula::load_game_text;

fn warnings(name: &str) -> String {
    let path = format!("tests/warning_games/{name}.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let (_, sources, warnings) = load_game_text(&path, text, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(!warnings.items.is_empty(), "{path} gives no warning");
    warnings.render(&sources)
}

macro_rules! warning_games {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                insta::assert_snapshot!(warnings(stringify!($name)));
            }
        )*

        /// Every file in the folder has a test above, and every test a file.
        #[test]
        fn every_warning_game_has_a_test() {
            let mut listed: Vec<&str> = vec![$(stringify!($name)),*];
            listed.sort();
            let mut found: Vec<String> = std::fs::read_dir("tests/warning_games")
                .expect("tests/warning_games exists")
                .filter_map(|e| {
                    let path = e.ok()?.path();
                    (path.extension()? == "toml")
                        .then(|| path.file_stem().unwrap().to_string_lossy().into_owned())
                })
                .collect();
            found.sort();
            assert_eq!(found, listed, "tests/warning_games and the list in tests/warnings.rs differ");
        }
    };
}

warning_games!(
    end_test_always_false,
    forbid_always_false,
    move_for_absent_piece,
    move_where_always_false,
    no_player_wins,
    overlapping_moves,
    player_never_wins,
    unused_option,
    unused_region,
);

#[test]
fn shipped_games_give_no_warnings() {
    let catalog = tabula::Catalog::default();
    for listing in catalog.list() {
        let (_, sources, warnings) = catalog
            .load_any(&listing.id, &[])
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            warnings.items.is_empty(),
            "{}:\n{}",
            listing.id,
            warnings.render(&sources)
        );
    }
}

/// Every kind of a promotion choice can come onto the board (a defect: `promote: queen or rook`
/// warned that the rook's moves could never apply).
#[test]
fn each_kind_of_a_promotion_choice_is_on_the_board() {
    let text = r#"
[game]
name = "Promotions"
players = ["white", "black"]

[board]
files = 3
ranks = 3

[board.directions]
n = [0, 1]
s = [0, -1]
e = [1, 0]
w = [-1, 0]

[board.direction_sets]
forward = { white = ["n"], black = ["s"] }
orthogonal = ["n", "s", "e", "w"]

[regions]
last_rank = { white = "a3..c3", black = "a1..c1" }

[pieces.pawn]
symbols = { white = "P", black = "p" }

[pieces.queen]
symbols = { white = "Q", black = "q" }

[pieces.rook]
symbols = { white = "R", black = "r" }

[setup.white]
pawn = ["a1"]

[setup.black]
pawn = ["c3"]

[rules]
text = '''
move advance "a pawn steps forward and promotes on the last rank" {
    step(piece: pawn, dirs: forward, promote: queen or rook or none, promote_in: last_rank)
}
move queen "a queen slides" {
    slide(piece: queen, dirs: orthogonal)
}
move rook "a rook steps" {
    step(piece: rook, dirs: orthogonal)
}
no_moves stuck "a player who cannot move loses" {
    lose mover
}
'''
"#;
    let (_, sources, warnings) =
        load_game_text("promotions.toml", text.to_string(), &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(warnings.items.is_empty(), "{}", warnings.render(&sources));
}

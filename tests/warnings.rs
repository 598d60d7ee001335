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

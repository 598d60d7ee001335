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

#[test]
fn overlapping_moves() {
    insta::assert_snapshot!(warnings("overlapping_moves"));
}

#[test]
fn shipped_games_give_no_warnings() {
    let catalog = tabula::Catalog::default();
    for listing in catalog.list() {
        let (_, sources, warnings) = catalog
            .load(&listing.id, &[])
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            warnings.items.is_empty(),
            "{}:\n{}",
            listing.id,
            warnings.render(&sources)
        );
    }
}

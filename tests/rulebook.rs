//! `tabula rules`: the rulebook generated from a game file. Each shipped game's whole rulebook is
//! a snapshot, read against its file; the other tests pin what an option, a variant and the
//! rarer forms of the rules language print.

use std::path::{Path, PathBuf};
use tabula::Catalog;
use tabula::rulebook::{self, Format};

fn games_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("games")
}

fn rulebook_of(game: &str, options: &[(&str, &str)], format: Format) -> String {
    let overrides: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let catalog = Catalog { dir: games_dir() };
    let loaded = catalog
        .load_checked(game, &overrides)
        .unwrap_or_else(|e| panic!("{game} loads: {e}"));
    rulebook::render(&loaded, format)
}

/// Every file in `games/`, so a game added there gets its rulebook pinned too.
#[test]
fn every_shipped_game_has_a_rulebook() {
    let mut ids: Vec<String> = std::fs::read_dir(games_dir())
        .expect("games/ is readable")
        .filter_map(|e| {
            let path = e.ok()?.path();
            let stem = path.file_stem()?.to_string_lossy().into_owned();
            (path.extension()? == "toml").then_some(stem)
        })
        .collect();
    ids.sort();
    assert!(ids.len() >= 9, "{ids:?}");
    for id in ids {
        let text = rulebook_of(&id, &[], Format::Text);
        insta::assert_snapshot!(id.clone(), text);
    }
}

#[test]
fn an_option_changes_the_values_printed() {
    let default = rulebook_of("epaminondas", &[], Format::Text);
    assert!(
        default.contains("`max_plies`") && default.contains("Default: `0`. In effect: `0`."),
        "{default}"
    );
    let changed = rulebook_of(
        "epaminondas",
        &[("max_plies", "200"), ("no_move", "passes")],
        Format::Text,
    );
    assert!(
        changed.contains("Default: `0`. In effect: `200` (changed from the default)."),
        "{changed}"
    );
    assert!(
        changed.contains("If option `max_plies` (now `200`) is greater than 0"),
        "{changed}"
    );
    assert!(
        changed.contains("If option `no_move` (now `passes`) is `loses`: the mover loses."),
        "{changed}"
    );
}

#[test]
fn an_option_that_chooses_an_argument_shows_the_choice() {
    let text = rulebook_of(
        "blue-and-gray",
        &[("guard_jump", "marked_lines")],
        Format::Text,
    );
    assert!(
        text.contains(
            "follow a link of the lines `marked_lines` (option `guard_jump`, now `marked_lines`)."
        ),
        "{text}"
    );
    // The variant's own default is the same choice, written in its file.
    let variant = rulebook_of("blue-and-gray-orthogonal", &[], Format::Text);
    assert!(
        variant.contains("A variant of `blue-and-gray` (Blue and Gray)."),
        "{variant}"
    );
    assert!(
        variant.contains("the lines `orthogonal` (option `guard_jump`, now `orthogonal`)"),
        "{variant}"
    );
}

#[test]
fn markdown_rulebook_of_hold_pley() {
    insta::assert_snapshot!(rulebook_of("hold-pley", &[], Format::Markdown));
}

/// Forms no shipped game uses: every primitive argument, every operator and statement.
#[test]
fn rare_forms_of_the_rules_language() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/rulebook-forms.toml");
    insta::assert_snapshot!(rulebook_of(&path.display().to_string(), &[], Format::Text));
}

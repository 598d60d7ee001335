//! The rule cases of every game in `games/` (`games/<game-id>/cases/*.toml`), and `tabula verify`
//! itself on the fixtures in `tests/verify/`.

use std::path::Path;
use std::process::{Command, Stdio};
use tabula::Catalog;
use tabula::cases::{CaseResult, verify_game};

fn catalog() -> Catalog {
    Catalog {
        dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("games"),
    }
}

/// Every case of every game passes, and together they exercise every rule of the game.
#[test]
fn every_case_of_every_game_passes_and_exercises_every_rule() {
    let catalog = catalog();
    let games = catalog.list();
    assert!(
        games.len() >= 9,
        "the games folder lists {} games",
        games.len()
    );
    let mut problems = Vec::new();
    for listing in &games {
        let report = match verify_game(&catalog, &listing.id) {
            Ok(r) => r,
            Err(e) => {
                problems.push(format!("{}: does not load:\n{e}", listing.id));
                continue;
            }
        };
        if report.cases.is_empty() {
            problems.push(format!(
                "{}: no cases in {}",
                listing.id,
                report.cases_dir.display()
            ));
        }
        if !report.all_passed() || report.coverage.missing().next().is_some() {
            problems.push(report.render(true));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// What one case exercises: the symmetry case (W g11 h12, B a1 n1) reaches both move rules (g11
/// and h12 are a diagonal phalanx) and the forbid, and no end rule.
#[test]
fn a_single_case_exercises_only_the_rules_it_reaches() {
    let report = verify_game(&catalog(), "tests/verify/symmetry-only.toml").unwrap();
    assert_eq!(report.cases.len(), 1);
    assert!(matches!(report.cases[0].result, CaseResult::Pass));
    let missing: Vec<String> = report
        .coverage
        .missing()
        .map(|r| format!("{} {}", r.kind.keyword(), r.name))
        .collect();
    assert_eq!(
        missing,
        [
            "turn_start home_row",
            "turn_start length_cap",
            "no_moves stuck"
        ]
    );
}

/// Runs `tabula ARGS` from the crate root; returns the exit code and stdout, stderr after it.
fn tabula(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("TABULA_GAMES")
        .stdin(Stdio::null())
        .output()
        .expect("the tabula binary runs");
    let text = format!(
        "{}--- stderr ---\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!text.contains("panicked"), "{text}");
    (out.status.code(), text)
}

#[test]
fn verify_prints_a_diff_for_each_failing_case_and_fails() {
    let (code, text) = tabula(&["verify", "tests/verify/failing.toml", "--coverage"]);
    assert_eq!(code, Some(1), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn verify_points_at_the_mistake_in_a_malformed_case() {
    let (code, text) = tabula(&["verify", "tests/verify/malformed.toml"]);
    assert_eq!(code, Some(1), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn verify_passes_a_game_whose_cases_hold() {
    let (code, text) = tabula(&["verify", "breakthrough", "--coverage"]);
    assert_eq!(code, Some(0), "{text}");
    insta::assert_snapshot!(text);
}

#[test]
fn verify_without_a_game_runs_every_game() {
    let (code, text) = tabula(&["verify"]);
    assert_eq!(code, Some(0), "{text}");
    for game in [
        "backgammon",
        "blue-and-gray",
        "blue-and-gray-orthogonal",
        "breakthrough",
        "english-draughts",
        "epaminondas",
        "epaminondas-8x8",
        "gioul",
        "hold-pley",
    ] {
        assert!(
            text.contains(&format!("\n{game}: ")),
            "{game} has no summary:\n{text}"
        );
    }
    assert!(!text.contains("FAIL"), "{text}");
}

#[test]
fn verify_an_unknown_game_is_a_located_error() {
    let (code, text) = tabula(&["verify", "epaminondos"]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("unknown game `epaminondos`"), "{text}");
    assert!(text.contains("epaminondas"), "{text}");
}

/// A case run from text gives what the same file gives under `tabula verify`; a text that is not a
/// case is an invalid case, not an error.
#[test]
fn a_case_from_text_runs_as_its_file_does() {
    let catalog = catalog();
    let (game, _, _) = catalog.load("epaminondas", &[]).unwrap();
    let report = verify_game(&catalog, "epaminondas").unwrap();
    for case in &report.cases {
        let text = std::fs::read_to_string(&case.path).unwrap();
        let from_text =
            tabula::cases::run_case_text(&catalog, "epaminondas", &game, &case.path, &text);
        assert_eq!(from_text.name, case.name);
        assert!(
            matches!(from_text.result, CaseResult::Pass),
            "{}",
            case.name
        );
    }
    let bad = tabula::cases::run_case_text(
        &catalog,
        "epaminondas",
        &game,
        Path::new("bad.toml"),
        "[expect]\nmoves = [\"z99-a1\"]\n",
    );
    match bad.result {
        CaseResult::Invalid(text) => assert!(text.contains("z99-a1"), "{text}"),
        other => panic!("expected an invalid case, got {other:?}"),
    }
}

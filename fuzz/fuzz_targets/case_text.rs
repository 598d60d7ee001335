//! Arbitrary text as a rule-case file of a shipped game (the first byte picks the game, see
//! `games.txt`).
//!
//! Running it never panics and always gives a result; an invalid case says why; and running the
//! same text again (a fresh runner, the game's option variants loaded anew) gives the same result:
//! a case that passes passes again, one that fails fails with the same mismatches.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use tabula::cases::{CaseResult, MAX_PERFT_DEPTH, run_case_text};
use tabula::{Catalog, Game};
use tabula_fuzz::{GAMES_DIR, pick_game};

/// The deepest perft a fuzzed case may ask for: deeper ones are valid but slow, and would be
/// reported as timeouts rather than bugs.
const FUZZ_PERFT_DEPTH: u32 = 2;

/// Whether the case asks for a valid perft depth deeper than [`FUZZ_PERFT_DEPTH`].
fn too_deep(text: &str) -> bool {
    let Ok(table) = toml::from_str::<toml::Table>(text) else {
        return false;
    };
    let Some(perft) = table
        .get("expect")
        .and_then(|e| e.get("perft"))
        .and_then(|p| p.as_table())
    else {
        return false;
    };
    perft
        .keys()
        .filter_map(|k| k.parse::<u32>().ok())
        .any(|d| d > FUZZ_PERFT_DEPTH && d <= MAX_PERFT_DEPTH)
}

fuzz_target!(|data: &[u8]| {
    let Some((id, game, rest)) = pick_game(data) else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    if too_deep(&text) {
        return;
    }
    let catalog = Catalog {
        dir: PathBuf::from(GAMES_DIR),
    };
    let path = PathBuf::from(GAMES_DIR)
        .join(id)
        .join("cases/fuzz-case.toml");
    tabula::with_game!(game, game => run_twice(&catalog, id, game, &path, &text));
});

/// Runs the case twice: a result, and the same one again.
fn run_twice<const W: usize>(
    catalog: &Catalog,
    id: &str,
    game: &Game<W>,
    path: &std::path::Path,
    text: &str,
) {
    let first = run_case_text(catalog, id, game, path, text);
    assert_eq!(first.name, "fuzz-case");
    match &first.result {
        CaseResult::Pass => {}
        CaseResult::Fail(mismatches) => {
            assert!(!mismatches.is_empty(), "a failure without a mismatch");
            for m in mismatches {
                assert!(!m.to_string().is_empty());
            }
        }
        CaseResult::Invalid(why) => assert!(!why.trim().is_empty(), "invalid without a reason"),
    }
    let again = run_case_text(catalog, id, game, path, text);
    assert_eq!(
        format!("{:?}", first.result),
        format!("{:?}", again.result),
        "the same case gave another result when run again"
    );
}

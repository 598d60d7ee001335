//! Perft suites as plain data: every `*.txt` file of `tests/perft/` (fast, run always) and of
//! `tests/perft/slow/` (run by the ignored test). The line format is documented at the top of
//! `tests/perft/epaminondas.txt`:
//!
//! ```text
//! GAME POSITION DEPTH NODES [OPTION=VALUE ...]
//! ```

use std::path::{Path, PathBuf};
use std::time::Instant;
use tabula::{Catalog, Game, State};

/// One line of a perft file.
struct Case {
    /// `file:line`, for messages.
    origin: String,
    game: String,
    position: String,
    depth: u32,
    nodes: u64,
    options: Vec<(String, String)>,
}

fn parse_file(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let origin = format!("{}:{}", path.display(), i + 1);
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        // A position in the game's notation is quoted: `chess "8/8/... w - -" 1 14`.
        let (line, quoted) = match line.split_once('"') {
            Some((head, rest)) => {
                let (fen, tail) = rest
                    .split_once('"')
                    .unwrap_or_else(|| panic!("{origin}: unclosed quote"));
                (format!("{head} fen {tail}"), Some(fen.to_string()))
            }
            None => (line.to_string(), None),
        };
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert!(
            fields.len() >= 4,
            "{origin}: expected `GAME POSITION DEPTH NODES [OPTION=VALUE ...]`, got `{line}`"
        );
        let number = |s: &str, what: &str| -> u64 {
            s.parse()
                .unwrap_or_else(|_| panic!("{origin}: {what} `{s}` is not a number"))
        };
        let options = fields[4..]
            .iter()
            .map(|o| {
                let (k, v) = o
                    .split_once('=')
                    .unwrap_or_else(|| panic!("{origin}: option `{o}` is not NAME=VALUE"));
                (k.to_string(), v.to_string())
            })
            .collect();
        cases.push(Case {
            game: fields[0].to_string(),
            position: match &quoted {
                Some(fen) => format!("fen:{fen}"),
                None => fields[1].to_string(),
            },
            depth: number(fields[2], "depth") as u32,
            nodes: number(fields[3], "node count"),
            options,
            origin,
        });
    }
    cases
}

/// The `*.txt` files directly in `tests/<dir>`, sorted.
fn files_in(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
}

fn load(case: &Case) -> (Game, State) {
    let (game, _sources, _warnings) = Catalog::default()
        .load(&case.game, &case.options)
        .unwrap_or_else(|e| panic!("{}: game `{}` does not load: {e:?}", case.origin, case.game));
    let state = if case.position == "start" {
        game.initial
    } else if let Some(fen) = case.position.strip_prefix("fen:") {
        game.read_notation(fen)
            .unwrap_or_else(|e| panic!("{}: {e}", case.origin))
    } else {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(&case.position);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {}: {e}", case.origin, path.display()));
        let mut sources = tabula::span::Sources::default();
        game.read_position(&mut sources, &case.position, &text)
            .unwrap_or_else(|d| panic!("{}: {}", case.origin, d.render(&sources)))
    };
    (game, state)
}

/// Runs every case of every file in `tests/<dir>` and fails listing each wrong count.
fn run_suite(dir: &str) {
    let files = files_in(dir);
    assert!(!files.is_empty(), "no perft files in tests/{dir}");
    let mut failures = Vec::new();
    let mut count = 0;
    for file in &files {
        let cases = parse_file(file);
        assert!(!cases.is_empty(), "{}: no cases", file.display());
        for case in cases {
            let (game, state) = load(&case);
            let started = Instant::now();
            let got = game.perft(&state, case.depth);
            eprintln!(
                "{}: {} {} depth {} = {got} ({:.2?})",
                case.origin,
                case.game,
                case.position,
                case.depth,
                started.elapsed()
            );
            if got != case.nodes {
                failures.push(format!(
                    "{}: {} {} depth {}: expected {}, got {got}",
                    case.origin, case.game, case.position, case.depth, case.nodes
                ));
            }
            count += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} perft cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn perft_suite() {
    run_suite("perft");
}

#[test]
#[ignore = "slow: run with `cargo test --release --test perft -- --ignored`"]
fn perft_suite_slow() {
    run_suite("perft/slow");
}

/// `Game::perft_rows`, which `tabula perft` walks to show its progress, gives the perft count in
/// rows of first actions: their sum is the count, and sorted they are the divide (the cases of depth
/// 2 or less of every file: a dice game's first rolls, finished games, options).
#[test]
fn perft_rows_add_up_to_perft_and_sort_into_divide() {
    let mut checked = 0;
    for file in files_in("perft") {
        for case in parse_file(&file).into_iter().filter(|c| c.depth <= 2) {
            let (game, state) = load(&case);
            let rows = game.perft_rows(&state, &[], case.depth);
            let mut actions = Vec::new();
            game.legal_actions(&state, &mut actions);
            let first = if case.depth == 0 { 0 } else { actions.len() };
            assert_eq!(rows.len(), first, "{}", case.origin);
            let mut rows: Vec<(String, u64)> = rows.collect();
            let sum: u64 = rows.iter().map(|(_, n)| n).sum();
            if case.depth > 0 {
                assert_eq!(sum, case.nodes, "{}", case.origin);
            }
            rows.sort();
            assert_eq!(
                rows,
                game.perft_divide(&state, case.depth),
                "{}",
                case.origin
            );
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} cases of depth 2 or less");
}

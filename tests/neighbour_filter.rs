//! A set of the neighbours of `to` kept by tests of each cell is worked out cell by cell
//! (`NeighbourFilter`): Hold pley's attack, `mark enclosed(neighbours(to, orthogonal) and
//! pieces(opponent), ...) and not face_down(opponent) and not held_pieces(opponent)`. The same
//! effect written so that the filter does not take it (`pieces(opponent) or pieces(opponent)`)
//! stays a program: both must give the same actions in every position of random games.

use proptest::prelude::*;
use tabula::{Catalog, Game, State, load_game_text};

const SHIPPED: &str = "and pieces(opponent), orthogonal, edge: true";

fn shipped(options: &[(&str, &str)]) -> Game {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Catalog::default()
        .load("hold-pley", &options)
        .expect("game loads")
        .0
}

/// Hold pley with the attack's effect written as a program the filter does not take.
fn as_program(options: &[(&str, &str)]) -> Game {
    let path = format!("{}/games/hold-pley.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("game file");
    assert!(text.contains(SHIPPED), "hold-pley has `{SHIPPED}`");
    let text = text.replace(
        SHIPPED,
        "and (pieces(opponent) or pieces(opponent)), orthogonal, edge: true",
    );
    let options: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let (game, _, _) = load_game_text(&path, text, &options).expect("game loads");
    assert!(
        game.moves[0].effects[0].fast.is_none(),
        "the rewritten effect is a program"
    );
    game
}

/// Plays the same random game in both from the start and compares the actions, and the position
/// after each of them (the attack is worked out for every legal move, not only the one played).
fn same_game(filtered: &Game, program: &Game, seed: u64) -> Result<(), TestCaseError> {
    same_game_from(filtered, program, filtered.initial, seed, 1000)
}

fn same_game_from(
    filtered: &Game,
    program: &Game,
    start: State,
    seed: u64,
    plies: usize,
) -> Result<(), TestCaseError> {
    assert!(
        filtered.moves[0].effects[0].fast.is_some(),
        "the shipped effect is a neighbour filter"
    );
    let mut rng = tabula::engine::playout::seeded_rng(seed);
    let mut state = start;
    let mut other = start;
    let mut actions = Vec::new();
    for _ in 0..plies {
        prop_assert_eq!(filtered.legal_tokens(&state), program.legal_tokens(&other));
        prop_assert_eq!(state, other);
        filtered.legal_actions(&state, &mut actions);
        for action in &actions {
            prop_assert_eq!(
                filtered.after(&state, action),
                program.after(&other, action)
            );
        }
        let Some(action) = filtered.random_action(&state, &mut rng) else {
            break;
        };
        filtered.apply(&mut state, &action);
        program.apply(&mut other, &action);
    }
    Ok(())
}

/// The test situations of `tests/positions/hold-pley/` (held and face-down pieces closed in, several
/// pieces at once, no free circle, ...), each with every option that changes the attack, and a few
/// random plies on from each.
#[test]
fn the_attack_as_a_filter_gives_the_actions_of_the_program_in_the_test_situations() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/positions/hold-pley");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("positions")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    for options in [
        &[][..],
        &[("bold_shields", "bold")],
        &[("no_free_circle", "removed")],
    ] {
        let (filtered, program) = (shipped(options), as_program(options));
        for path in &files {
            let text = std::fs::read_to_string(path).expect("position");
            let mut sources = tabula::span::Sources::default();
            let start = filtered
                .read_position(&mut sources, &path.display().to_string(), &text)
                .unwrap_or_else(|d| panic!("{}", d.render(&sources)));
            for seed in 0..4 {
                same_game_from(&filtered, &program, start, seed, 12)
                    .unwrap_or_else(|e| panic!("{} {options:?} seed {seed}: {e}", path.display()));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn the_attack_as_a_filter_gives_the_game_of_the_program(seed in 0u64..10_000) {
        same_game(&shipped(&[]), &as_program(&[]), seed)?;
    }

    #[test]
    fn the_attack_with_bold_shields_as_a_filter_gives_the_game_of_the_program(seed in 0u64..10_000) {
        let options = [("bold_shields", "bold")];
        same_game(&shipped(&options), &as_program(&options), seed)?;
    }
}

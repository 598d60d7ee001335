//! Filters about the landing cell alone are worked out for every cell at once (`CellMask`). The
//! same filter joined to a condition the masks do not know (`and ply >= 0`) stays a program run
//! per candidate: both must give the same actions in every position of random games.

use proptest::prelude::*;
use tabula::{Catalog, Game, load_game_text};

fn shipped(name: &str) -> Game {
    Catalog::default().load(name, &[]).expect("game loads").0
}

/// The game with `filter` (as written in its file) joined to a condition no mask takes.
fn as_program(name: &str, filter: &str) -> Game {
    let path = format!("{}/games/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("game file");
    assert!(text.contains(filter), "{name} has the filter `{filter}`");
    let text = text.replace(filter, &format!("({filter}) and ply >= 0"));
    let (game, _, _) = load_game_text(&path, text, &[]).expect("game loads");
    assert!(
        game.moves[0].landing_mask.is_none(),
        "the joined filter is a program"
    );
    game
}

/// Plays the same random game in both and compares the actions of every position.
fn same_actions(masked: &Game, program: &Game, seed: u64) -> Result<(), TestCaseError> {
    assert!(
        masked.moves[0].landing_mask.is_some(),
        "the shipped filter is a mask"
    );
    let mut rng = tabula::engine::playout::seeded_rng(seed);
    let mut state = masked.initial;
    for _ in 0..100 {
        prop_assert_eq!(masked.legal_tokens(&state), program.legal_tokens(&state));
        let Some(action) = masked.random_action(&state, &mut rng) else {
            break;
        };
        masked.apply(&mut state, &action);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn gravity_as_a_mask_gives_the_actions_of_the_filter(seed in 0u64..10_000) {
        same_actions(
            &shipped("connect-four"),
            &as_program("connect-four", "not empty(neighbour(to, s))"),
            seed,
        )?;
    }

    #[test]
    fn flanking_as_a_mask_gives_the_actions_of_the_filter(seed in 0u64..10_000) {
        same_actions(
            &shipped("reversi"),
            &as_program("reversi", "size(flank(to)) > 0"),
            seed,
        )?;
    }
}

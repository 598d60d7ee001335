//! Filters about the landing cell alone are worked out for every cell at once (`CellMask`). The
//! same filter joined to a condition the masks do not know (`or ply < 0`) stays a program run
//! per candidate: both must give the same actions in every position of random games.

use proptest::prelude::*;
use tabula::{Catalog, Game, load_game_text};

fn shipped(name: &str) -> Game {
    Catalog::default().load(name, &[]).expect("game loads").0
}

/// How many rules of the game have a landing mask.
fn masks(game: &Game) -> usize {
    game.moves
        .iter()
        .filter(|m| m.landing_mask.is_some())
        .count()
}

/// The game with `filter` (as written in its file) joined to a condition no mask takes. (An `and`
/// would not do: each part of a conjunction is masked on its own.)
fn as_program(name: &str, filter: &str) -> Game {
    let path = format!("{}/games/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("game file");
    assert!(text.contains(filter), "{name} has the filter `{filter}`");
    let text = text.replace(filter, &format!("(({filter}) or ply < 0)"));
    let (game, _, _) = load_game_text(&path, text, &[]).expect("game loads");
    game
}

/// Plays the same random game in both, `plies` long, and compares the actions of every position.
fn same_actions(
    masked: &Game,
    program: &Game,
    seed: u64,
    plies: usize,
) -> Result<(), TestCaseError> {
    assert!(
        masks(masked) > masks(program),
        "the shipped filter is a mask, the joined one a program"
    );
    let mut rng = tabula::engine::playout::seeded_rng(seed);
    let mut state = masked.initial;
    for _ in 0..plies {
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
            100,
        )?;
    }

    #[test]
    fn flanking_as_a_mask_gives_the_actions_of_the_filter(seed in 0u64..10_000) {
        same_actions(
            &shipped("reversi"),
            &as_program("reversi", "size(flank(to)) > 0"),
            seed,
            100,
        )?;
    }
}

/// Shogi's two-pawn rule (nifu) is a mask, `size(pieces(mover, pawn) and ray(to, file_line)) ==
/// 0`, split from the rest of the pawn drop's filter (uchifuzume), which stays a program. Random
/// games long enough for captured pawns to come back as drops.
#[test]
fn a_ray_meeting_no_piece_as_a_mask_gives_the_actions_of_the_filter() {
    let masked = shipped("shogi");
    let program = as_program(
        "shogi",
        "size(pieces(mover, pawn) and ray(to, file_line)) == 0",
    );
    for seed in 0..4 {
        same_actions(&masked, &program, seed, 160).expect("the same actions");
    }
}

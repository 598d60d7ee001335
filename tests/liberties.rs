//! `liberties(c)` compared with 0 asks only whether a group has a liberty, and is compiled to stop
//! at the first one (`Op::Breathes`). Go written each way, and with a comparison that counts
//! them all, gives the same moves in the same positions.

use tabula::engine::playout::seeded_rng;
use tabula::{Game, load_game_text};

const SUICIDE: &str = "afterwards(liberties(to) == 0)";

/// Go with its suicide rule written as `rule`.
fn go_with(rule: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games/go.toml");
    let text = std::fs::read_to_string(&path).expect("readable");
    assert!(text.contains(SUICIDE), "go's suicide rule is `{SUICIDE}`");
    load_game_text(
        &path.display().to_string(),
        text.replace(SUICIDE, rule),
        &[],
    )
    .unwrap_or_else(|e| panic!("{rule}: {e}"))
    .0
}

#[test]
fn whether_a_group_has_a_liberty_is_asked_alike_however_it_is_written() {
    let counted = go_with("afterwards(liberties(to) < 1)");
    let written: Vec<(&str, Game)> = [
        SUICIDE,
        "afterwards(not (liberties(to) > 0))",
        "afterwards(not (liberties(to) != 0))",
    ]
    .into_iter()
    .map(|rule| (rule, go_with(rule)))
    .collect();
    let mut suicides = 0;
    for seed in 1..=6 {
        let mut rng = seeded_rng(seed);
        let mut state = counted.initial;
        for _ in 0..400 {
            let legal = counted.legal_tokens(&state);
            if legal.is_empty() {
                break;
            }
            // Cells empty yet not legal: the forbidden placements (suicide or ko).
            suicides += counted.board.cells - (legal.len() - 1) - state.occupied().len() as usize;
            for (rule, game) in &written {
                assert_eq!(game.legal_tokens(&state), legal, "{rule}, seed {seed}");
            }
            let Some(action) = counted.random_action(&state, &mut rng) else {
                break;
            };
            counted.apply(&mut state, &action);
        }
    }
    assert!(suicides > 0, "the positions include forbidden placements");
}

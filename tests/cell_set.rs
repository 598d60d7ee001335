//! The bit-set tricks of the generator against plain loops: shifting a set of cells, and the
//! state's per-owner bit sets against its cells through random play.

use proptest::prelude::*;
use tabula::compile::CellSet;
use tabula::engine::state::MAX_CELLS;

/// The cells of `cells` moved by `by`, as a set of `W` words, against a plain loop.
fn check_shift<const W: usize>(cells: &[u16], by: i16) -> Result<(), TestCaseError> {
    let size = W as i32 * 64;
    let cells: Vec<u16> = cells
        .iter()
        .copied()
        .filter(|&c| i32::from(c) < size)
        .collect();
    let set = CellSet::<W>::from_cells(&cells);
    let mut expected: Vec<u16> = cells
        .iter()
        .map(|&c| c as i32 + by as i32)
        .filter(|c| (0..size).contains(c))
        .map(|c| c as u16)
        .collect();
    expected.sort();
    expected.dedup();
    prop_assert_eq!(set.shifted(by).iter().collect::<Vec<_>>(), expected);
    Ok(())
}

proptest! {
    #[test]
    fn shifted_moves_every_cell_by_the_offset(cells in proptest::collection::vec(0u16..MAX_CELLS as u16, 0..40), by in -600i16..600) {
        check_shift::<4>(&cells, by)?;
        check_shift::<8>(&cells, by)?;
    }

    #[test]
    fn the_state_keeps_its_bit_sets_in_step_with_its_cells(game in 0usize..3, seed in 0u64..1000) {
        let name = ["epaminondas-8x8", "breakthrough", "english-draughts"][game];
        let (game, _, _) = tabula::Catalog::default().load(name, &[]).expect("game loads");
        let mut rng = tabula::engine::playout::seeded_rng(seed);
        let mut state = game.initial;
        for _ in 0..200 {
            for owner in 0..4u8 {
                let expected: Vec<u16> = (0..state.cells().len() as u16).filter(|&c| state.owner(c) == Some(owner)).collect();
                prop_assert_eq!(state.pieces_of(owner).iter().collect::<Vec<_>>(), expected, "{} owner {}", name, owner);
            }
            let Some(action) = game.random_action(&state, &mut rng) else { break };
            game.apply(&mut state, &action);
        }
    }
}

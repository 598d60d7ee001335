//! The bit-set tricks of the generator against plain loops: shifting a set of cells, and finding
//! each owner's pieces eight cells at a time.

use proptest::prelude::*;
use tabula::compile::CellSet;
use tabula::engine::state::MAX_CELLS;

proptest! {
    #[test]
    fn shifted_moves_every_cell_by_the_offset(cells in proptest::collection::vec(0u16..MAX_CELLS as u16, 0..40), by in -300i16..300) {
        let set = CellSet::from_cells(&cells);
        let expected: Vec<u16> = {
            let mut v: Vec<u16> = cells
                .iter()
                .map(|&c| c as i32 + by as i32)
                .filter(|c| (0..MAX_CELLS as i32).contains(c))
                .map(|c| c as u16)
                .collect();
            v.sort();
            v.dedup();
            v
        };
        prop_assert_eq!(set.shifted(by).iter().collect::<Vec<_>>(), expected);
    }

    #[test]
    fn by_owner_matches_a_cell_by_cell_scan(bytes in proptest::collection::vec(0u8..20, MAX_CELLS), used in 1usize..=MAX_CELLS) {
        let mut cells = [0u8; MAX_CELLS];
        // Cells past the board stay empty, as in every state.
        cells[..used].copy_from_slice(&bytes[..used]);
        let sets = CellSet::by_owner(&cells, used);
        for owner in 0..4u8 {
            let expected: Vec<u16> = (0..used as u16).filter(|&c| cells[c as usize] != 0 && cells[c as usize] & 3 == owner).collect();
            prop_assert_eq!(sets[owner as usize].iter().collect::<Vec<_>>(), expected, "owner {}", owner);
        }
    }
}

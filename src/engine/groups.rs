//! Groups of pieces and their liberties (Go): a group is the pieces of one player joined through
//! neighbours along the directions; its liberties are the empty cells next to it. All by floods
//! over bit sets, so a board's groups cost a few set operations per step of the flood.

use crate::compile::{CellSet, Game};
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// The cells of `cells` joined to `seeds` through them, along the directions.
    pub(super) fn flood(&self, seeds: CellSet<W>, cells: &CellSet<W>, dirs: &[u8]) -> CellSet<W> {
        let reached = seeds.and(cells);
        match self.flood_by_shifts(reached, cells, dirs) {
            Some(found) => found,
            None => self.flood_by_steps(reached, cells, dirs),
        }
    }

    /// [`Self::flood`] from `reached`, a step of each direction at a time.
    pub(super) fn flood_by_steps(
        &self,
        mut reached: CellSet<W>,
        cells: &CellSet<W>,
        dirs: &[u8],
    ) -> CellSet<W> {
        loop {
            // Each direction grows from what the ones before it reached: fewer rounds.
            let mut grown = reached;
            for &dir in dirs {
                grown = grown.or(&self.board.step_set(&grown, dir).and(cells));
            }
            if grown == reached {
                return reached;
            }
            reached = grown;
        }
    }

    /// The cells next to some cell of `cells`, along the directions.
    pub(super) fn next_to(&self, cells: &CellSet<W>, dirs: &[u8]) -> CellSet<W> {
        dirs.iter().fold(CellSet::default(), |around, &dir| {
            around.or(&self.board.step_set(cells, dir))
        })
    }

    /// `cell` (a value an expression computed) as a cell of the board with a piece, and its owner.
    fn owned_cell(&self, state: &State<W>, cell: i32) -> Option<(u16, u8)> {
        let cell = u16::try_from(cell)
            .ok()
            .filter(|&c| self.board.all_cells.contains(c))?;
        Some((cell, state.owner(cell)?))
    }

    /// The empty cells next to the group of the piece on `cell`: 0 for an empty cell or none.
    pub(crate) fn liberties(&self, state: &State<W>, cell: i32, dirs: u16) -> i32 {
        let Some((cell, owner)) = self.owned_cell(state, cell) else {
            return 0;
        };
        let dirs = self.directions_of(dirs, owner);
        let mut seed = CellSet::default();
        seed.insert(cell);
        let group = self.flood(seed, state.pieces_of(owner), dirs);
        let empty = self.board.all_cells.and_not(&state.occupied());
        self.next_to(&group, dirs).and(&empty).len() as i32
    }

    /// Whether the group of the piece on `cell` has an empty neighbour: `liberties > 0`, found
    /// as the group grows, so a piece with an empty cell beside it needs no flood at all.
    pub(crate) fn breathes(&self, state: &State<W>, cell: i32, dirs: u16) -> bool {
        let Some((cell, owner)) = self.owned_cell(state, cell) else {
            return false;
        };
        let dirs = self.directions_of(dirs, owner);
        let empty = self.board.all_cells.and_not(&state.occupied());
        let own = state.pieces_of(owner);
        let mut group = CellSet::default();
        group.insert(cell);
        loop {
            let around = self.next_to(&group, dirs);
            if !around.and(&empty).is_empty() {
                return true;
            }
            let grown = group.or(&around.and(own));
            if grown == group {
                return false;
            }
            group = grown;
        }
    }

    /// `player`'s pieces whose group has no empty neighbour (Go's captured stones).
    pub(crate) fn without_liberties(&self, state: &State<W>, player: u8, dirs: u16) -> CellSet<W> {
        let dirs = self.directions_of(dirs, player);
        let own = *state.pieces_of(player);
        let empty = self.board.all_cells.and_not(&state.occupied());
        let breathing = self.next_to(&empty, dirs).and(&own);
        if own.and_not(&breathing).is_empty() {
            // Every piece has an empty neighbour of its own: no flood needed.
            return CellSet::default();
        }
        let alive = self.flood(breathing, &own, dirs);
        own.and_not(&alive)
    }

    /// `player`'s area (Tromp-Taylor): their pieces, and the empty cells from which empty cells
    /// lead to pieces of theirs and to none of another player's.
    pub(crate) fn area(&self, state: &State<W>, player: u8, dirs: u16) -> i32 {
        let dirs = self.directions_of(dirs, player);
        let own = *state.pieces_of(player);
        let others = state.occupied().and_not(&own);
        let empty = self.board.all_cells.and_not(&state.occupied());
        let reaches_own = self.flood(self.next_to(&own, dirs), &empty, dirs);
        let reaches_others = self.flood(self.next_to(&others, dirs), &empty, dirs);
        (own.len() + reaches_own.and_not(&reaches_others).len()) as i32
    }
}

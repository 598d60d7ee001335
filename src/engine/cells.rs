//! Spatial tests on the board, as the rules read them: the neighbour of a cell, what stands on a
//! cell, the enemy pieces a cell flanks, a row of pieces and a chain joining two regions.

use super::state::State;
use crate::check::{ALL_DIRECTIONS, CellTest};
use crate::compile::{CellSet, Game, NO_CELL};

/// "No cell" as the rules' values hold it: off the board, or the origin of a placement.
pub const NO_CELL_VALUE: i32 = -1;

impl<const W: usize> Game<W> {
    /// The directions of a set for `player`, or every direction of the board.
    #[inline]
    pub(crate) fn directions_of(&self, dirs: u16, player: u8) -> &[u8] {
        if dirs == ALL_DIRECTIONS {
            &self.all_directions
        } else {
            &self.board.direction_sets[dirs as usize][player as usize]
        }
    }

    /// A cell value (`-1` for none) as a cell of the board.
    #[inline]
    fn cell_of(&self, value: i32) -> Option<u16> {
        u16::try_from(value)
            .ok()
            .filter(|&c| (c as usize) < self.board.cells)
    }

    /// The neighbour of `cell` in the mover's direction of the set, as a value.
    #[inline]
    pub(crate) fn next_cell(&self, state: &State<W>, cell: i32, dirs: u16) -> i32 {
        let Some(cell) = self.cell_of(cell) else {
            return NO_CELL_VALUE;
        };
        let Some(&dir) = self.directions_of(dirs, state.to_move).first() else {
            return NO_CELL_VALUE;
        };
        match self.board.neighbour(cell, dir) {
            NO_CELL => NO_CELL_VALUE,
            next => i32::from(next),
        }
    }

    /// Whether the cell holds what `test` asks, the mover's pieces being friends; never for none.
    #[inline]
    pub(crate) fn cell_is(&self, state: &State<W>, cell: i32, test: CellTest) -> bool {
        let Some(cell) = self.cell_of(cell) else {
            return false;
        };
        match (test, state.owner(cell)) {
            (CellTest::Empty, owner) => owner.is_none(),
            (CellTest::Friend, Some(owner)) => owner == state.to_move,
            (CellTest::Enemy, Some(owner)) => owner != state.to_move,
            (_, None) => false,
        }
    }

    /// The enemy pieces flanked from `cell`: along each direction, a run of 1 to `max` enemy
    /// pieces right next to it, closed by a piece of the mover or an empty cell of `hostile`
    /// (Reversi's discs that turn over, a custodial capture's pieces). The cell itself does not
    /// count.
    pub(crate) fn flank(
        &self,
        state: &State<W>,
        cell: i32,
        dirs: u16,
        max: u8,
        hostile: &CellSet<W>,
    ) -> CellSet<W> {
        let mut flanked = CellSet::default();
        let Some(start) = self.cell_of(cell) else {
            return flanked;
        };
        let me = state.to_move;
        for &dir in self.directions_of(dirs, me) {
            let mut run = CellSet::default();
            let mut length = 0u8;
            let mut at = self.board.neighbour(start, dir);
            while at != NO_CELL {
                match state.owner(at) {
                    Some(owner) if owner != me && length < max => {
                        run.insert(at);
                        length += 1;
                    }
                    Some(owner) if owner == me && length > 0 => {
                        flanked = flanked.or(&run);
                        break;
                    }
                    None if length > 0 && hostile.contains(at) => {
                        flanked = flanked.or(&run);
                        break;
                    }
                    _ => break,
                }
                at = self.board.neighbour(at, dir);
            }
        }
        flanked
    }

    /// The cells next to a cell of `cells`, along the mover's directions.
    pub(crate) fn neighbours_of(
        &self,
        state: &State<W>,
        cells: &CellSet<W>,
        dirs: u16,
    ) -> CellSet<W> {
        self.directions_of(dirs, state.to_move)
            .iter()
            .fold(CellSet::default(), |around, &dir| {
                around.or(&self.board.step_set(cells, dir))
            })
    }

    /// The cells of `cells` whose every neighbour along the mover's directions (on the board)
    /// holds a piece of the mover or is an empty cell of `hostile`; a cell at the edge, missing a
    /// neighbour, is not enclosed (a king surrounded on all four sides).
    pub(crate) fn enclosed(
        &self,
        state: &State<W>,
        cells: &CellSet<W>,
        dirs: u16,
        hostile: &CellSet<W>,
    ) -> CellSet<W> {
        let me = state.to_move;
        let closing = state.pieces_of(me).or(&hostile.and_not(&state.occupied()));
        self.directions_of(dirs, me)
            .iter()
            .fold(*cells, |enclosed, &dir| {
                enclosed.and(&self.board.back_set(&closing, dir))
            })
    }

    /// The empty cells a slide from `cell` passes over, along each of the mover's directions
    /// (the queen's reach of Amazons' arrow); the cell itself is not one.
    pub(crate) fn reach(&self, state: &State<W>, cell: i32, dirs: u16) -> CellSet<W> {
        let mut reached = CellSet::default();
        let Some(start) = self.cell_of(cell) else {
            return reached;
        };
        for &dir in self.directions_of(dirs, state.to_move) {
            let mut at = self.board.neighbour(start, dir);
            while at != NO_CELL && state.cell(at) == 0 {
                reached.insert(at);
                at = self.board.neighbour(at, dir);
            }
        }
        reached
    }

    /// Whether `player` has `length` pieces in a row along one of the directions (one that
    /// covers `through`, if given).
    pub(crate) fn in_row(
        &self,
        state: &State<W>,
        player: u8,
        length: u8,
        dirs: u16,
        through: Option<i32>,
    ) -> bool {
        let through = match through {
            Some(cell) => match self.cell_of(cell) {
                Some(c) => Some(c),
                None => return false,
            },
            None => None,
        };
        self.directions_of(dirs, player).iter().any(|&dir| {
            let ends = self.row_ends(state, player, length, dir);
            match through {
                None => !ends.is_empty(),
                // A row ending on `through` or up to `length - 1` cells further on covers it.
                Some(cell) => {
                    let mut at = cell;
                    for _ in 0..length {
                        if at == NO_CELL || state.owner(at) != Some(player) {
                            return false;
                        }
                        if ends.contains(at) {
                            return true;
                        }
                        at = self.board.neighbour(at, dir);
                    }
                    false
                }
            }
        })
    }

    /// The cells where a row of `length` of `player`'s pieces ends, walking along `dir`: by sets,
    /// each round keeping the pieces whose row so far goes on one more cell.
    fn row_ends(&self, state: &State<W>, player: u8, length: u8, dir: u8) -> CellSet<W> {
        let own = *state.pieces_of(player);
        let mut ends = own;
        for _ in 1..length {
            ends = self.board.step_set(&ends, dir).and(&own);
            if ends.is_empty() {
                break;
            }
        }
        ends
    }

    /// `player`'s pieces that stand in a row of `length` or more along one of the directions
    /// (Morris' men in a mill): each row's end, and the cells before it back to its start.
    pub(crate) fn rows(&self, state: &State<W>, player: u8, length: u8, dirs: u16) -> CellSet<W> {
        let mut covered = CellSet::default();
        for &dir in self.directions_of(dirs, player) {
            let mut run = self.row_ends(state, player, length, dir);
            for _ in 0..length {
                covered = covered.or(&run);
                run = self.board.back_set(&run, dir);
            }
        }
        covered
    }

    /// Whether a chain of `player`'s pieces, each a neighbour of the next along the directions,
    /// joins a cell of `from` to a cell of `to`: a flood from `from` through the pieces.
    pub(crate) fn connected(
        &self,
        state: &State<W>,
        player: u8,
        from: &CellSet<W>,
        to: &CellSet<W>,
        dirs: u16,
    ) -> bool {
        let own = *state.pieces_of(player);
        let mut reached = own.and(from);
        loop {
            if !reached.and(to).is_empty() {
                return true;
            }
            let mut grown = reached;
            for &dir in self.directions_of(dirs, player) {
                grown = grown.or(&self.board.step_set(&reached, dir).and(&own));
            }
            if grown == reached {
                return false;
            }
            reached = grown;
        }
    }
}

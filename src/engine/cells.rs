//! Spatial tests on the board, as the rules read them: the neighbour of a cell, what stands on a
//! cell, the enemy pieces a cell flanks, a row of pieces and a chain joining two regions; and the
//! cells of an action as the rules read them (`to`, `from`).

use crate::check::{ALL_DIRECTIONS, CellTest};
use crate::compile::{CellSet, Game, NO_CELL};
use crate::model::action::{Action, ActionKind};
use crate::model::state::State;

/// "No cell" as the rules' values hold it: off the board, or the origin of a placement.
pub const NO_CELL_VALUE: i32 = -1;

/// A board cell, or [`NO_CELL`], as the rules' values hold it.
#[inline]
pub(crate) fn cell_value(cell: u16) -> i32 {
    match cell {
        NO_CELL => NO_CELL_VALUE,
        cell => i32::from(cell),
    }
}

/// The cells of a set of at most four, with how many there are; `None` for a larger set.
#[inline]
fn few_cells<const W: usize>(cells: &CellSet<W>) -> Option<([u16; 4], usize)> {
    let mut few = [0; 4];
    let mut n = 0;
    for cell in cells.iter() {
        if n == few.len() {
            return None;
        }
        few[n] = cell;
        n += 1;
    }
    Some((few, n))
}

/// What closes a side of a cell for `enclosed` besides a piece of the mover.
pub(crate) struct Closed<'s, const W: usize> {
    /// Empty cells of this set.
    pub hostile: &'s CellSet<W>,
    /// The board's edge.
    pub edge: bool,
    /// A link of these lines.
    pub shield: Option<u16>,
    /// The fewest sides closed by pieces of the mover (0: no fewest).
    pub min: u8,
}

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
    pub(crate) fn cell_of(&self, value: i32) -> Option<u16> {
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
        cell_value(self.board.neighbour(cell, dir))
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
        let dirs = self.directions_of(dirs, state.to_move);
        if let Some((few, n)) = few_cells(cells) {
            // A cell or a few (the neighbours of `to`): by the neighbour table.
            let mut around = CellSet::default();
            for &cell in &few[..n] {
                for &dir in dirs {
                    let next = self.board.neighbour(cell, dir);
                    if next != NO_CELL {
                        around.insert(next);
                    }
                }
            }
            return around;
        }
        dirs.iter().fold(CellSet::default(), |around, &dir| {
            around.or(&self.board.step_set(cells, dir))
        })
    }

    /// The cells of `cells` whose every side along the mover's directions is closed: its
    /// neighbour holds a piece of the mover or is an empty cell of `closed.hostile`; with
    /// `closed.edge` a side off the board, and a side across a link of the `closed.shield` lines,
    /// count as closed too. Else a cell at the edge, missing a neighbour, is not enclosed (a king
    /// surrounded on all four sides). With `closed.min`, at least that many sides are closed by
    /// pieces of the mover (a shielded side does not count).
    pub(crate) fn enclosed(
        &self,
        state: &State<W>,
        cells: &CellSet<W>,
        dirs: u16,
        closed: &Closed<W>,
    ) -> CellSet<W> {
        let me = state.to_move;
        let own = state.pieces_of(me);
        let dirs = self.directions_of(dirs, me);
        if let Some((few, n)) = few_cells(cells) {
            // A few cells (the neighbours of `to`): each side looked at on its own.
            let mut enclosed = CellSet::default();
            for &cell in &few[..n] {
                if self.encloses(state, cell, dirs, closed) {
                    enclosed.insert(cell);
                }
            }
            return enclosed;
        }
        let closing = own.or(&closed.hostile.and_not(&state.occupied()));
        let mut enclosed = *cells;
        for &dir in dirs {
            if enclosed.is_empty() {
                return enclosed;
            }
            let mut side = self.board.back_set(&closing, dir);
            if closed.edge {
                side = side.or(&self
                    .board
                    .all_cells
                    .and_not(&self.board.has_neighbour[dir as usize]));
            }
            if let Some(l) = closed.shield {
                side = side.or(&self.lines[l as usize].leaving[dir as usize]);
            }
            enclosed = enclosed.and(&side);
        }
        if closed.min == 0 || enclosed.is_empty() {
            return enclosed;
        }
        let mut enough = CellSet::default();
        for cell in enclosed.iter() {
            let by_pieces = dirs
                .iter()
                .filter(|&&dir| {
                    let shielded = closed.shield.is_some_and(|l| {
                        self.lines[l as usize].leaving[dir as usize].contains(cell)
                    });
                    let n = self.board.neighbour(cell, dir);
                    !shielded && n != NO_CELL && own.contains(n)
                })
                .count();
            if by_pieces >= closed.min as usize {
                enough.insert(cell);
            }
        }
        enough
    }

    /// Whether every side of `cell` along `dirs` is closed, as [`Game::enclosed`] asks.
    pub(crate) fn encloses(
        &self,
        state: &State<W>,
        cell: u16,
        dirs: &[u8],
        closed: &Closed<W>,
    ) -> bool {
        let own = state.pieces_of(state.to_move);
        let mut by_pieces = 0;
        for &dir in dirs {
            if closed
                .shield
                .is_some_and(|l| self.lines[l as usize].leaving[dir as usize].contains(cell))
            {
                continue;
            }
            match self.board.neighbour(cell, dir) {
                NO_CELL if closed.edge => {}
                NO_CELL => return false,
                next if own.contains(next) => by_pieces += 1,
                next if state.cell(next) == 0 && closed.hostile.contains(next) => {}
                _ => return false,
            }
        }
        by_pieces >= closed.min as usize
    }

    /// Every cell from `cell` to the board's edge along each of the mover's directions, whatever
    /// stands on them (a file, as shogi's two-pawn rule counts it); the cell itself is not one.
    pub(crate) fn ray(&self, state: &State<W>, cell: i32, dirs: u16) -> CellSet<W> {
        let mut cells = CellSet::default();
        let Some(start) = self.cell_of(cell) else {
            return cells;
        };
        for &dir in self.directions_of(dirs, state.to_move) {
            let mut at = self.board.neighbour(start, dir);
            while at != NO_CELL {
                cells.insert(at);
                at = self.board.neighbour(at, dir);
            }
        }
        cells
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
        let fast = match through {
            None => self.in_row_fast(state, player, length, dirs),
            Some(cell) => self.in_row_through_fast(state, player, length, dirs, cell),
        };
        if let Some(found) = fast {
            return found;
        }
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
    pub(in crate::engine) fn row_ends(
        &self,
        state: &State<W>,
        player: u8,
        length: u8,
        dir: u8,
    ) -> CellSet<W> {
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
        if let Some(covered) = self.rows_fast(state, player, length, dirs) {
            return covered;
        }
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

impl<const W: usize> Game<W> {
    /// The cell the action's piece lands on, as `to` reads it (-1 if none: a pass, a roll).
    pub(crate) fn action_to(&self, action: &Action) -> i32 {
        match action.kind() {
            ActionKind::Move
            | ActionKind::Jump
            | ActionKind::Hop
            | ActionKind::Place
            | ActionKind::Take
            | ActionKind::Sow
            | ActionKind::LineStep => i32::from(action.to_cell()),
            ActionKind::Die if action.to() != super::dice::OFF => i32::from(action.to_cell()),
            _ => NO_CELL_VALUE,
        }
    }

    /// The cell the action's piece leaves, as `from` reads it (-1 for a placement).
    pub(crate) fn action_from(&self, action: &Action) -> i32 {
        match action.kind() {
            ActionKind::Move
            | ActionKind::Jump
            | ActionKind::Hop
            | ActionKind::Sow
            | ActionKind::Off
            | ActionKind::LineStep => i32::from(action.from_cell()),
            ActionKind::Die if action.from() != super::dice::BAR => i32::from(action.from_cell()),
            _ => NO_CELL_VALUE,
        }
    }
}

//! The run of the fast path of [`crate::compile::fast::cell_mask`]: what it gives is what the
//! general path would.

use crate::check::{ALL_DIRECTIONS, CellTest};
use crate::compile::fast::cell_mask::*;
use crate::compile::{CellSet, Game};
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// The cells of the board that the mask keeps, in this position (the mover's view).
    pub fn cell_mask(&self, mask: &CellMask, state: &State<W>) -> CellSet<W> {
        let me = state.to_move;
        match mask {
            CellMask::Test { path, test } => {
                let own = *state.pieces_of(me);
                let occupied = state.occupied();
                let mut cells = match test {
                    CellTest::Empty => self.board.all_cells.and_not(&occupied),
                    CellTest::Friend => own,
                    CellTest::Enemy => occupied.and_not(&own),
                };
                // Walk the path back from its end: a cell keeps its place if its neighbour does.
                for &dirs in path.iter().rev() {
                    let dir = match self.directions_of(dirs, me).first() {
                        Some(&d) => d,
                        None => return CellSet::default(),
                    };
                    cells = self.before(&cells, dir);
                }
                cells
            }
            CellMask::Flanks { dirs, max } => self.flanking_cells(state, *dirs, *max),
            CellMask::RayMisses {
                opponent,
                kind,
                dirs,
            } => {
                let player = if *opponent {
                    crate::model::state::next_player(me, self.players.len() as u8)
                } else {
                    me
                };
                let mut pieces = *state.pieces_of(player);
                if let Some(kind) = kind {
                    pieces = self.of_kind(state, pieces, player, *kind);
                }
                self.board
                    .all_cells
                    .and_not(&self.rays_meeting(&pieces, *dirs, me))
            }
            CellMask::Not(inner) => self.board.all_cells.and_not(&self.cell_mask(inner, state)),
            CellMask::And(l, r) => self.cell_mask(l, state).and(&self.cell_mask(r, state)),
            CellMask::Or(l, r) => self.cell_mask(l, state).or(&self.cell_mask(r, state)),
        }
    }

    /// The cells whose ray along one of the directions (the mover's) meets `cells`: grown from
    /// `cells` one step back at a time, a cell taken once, so a ring of links ends too.
    fn rays_meeting(&self, cells: &CellSet<W>, dirs: u16, me: u8) -> CellSet<W> {
        let mut met = CellSet::default();
        for &dir in self.directions_of(dirs, me) {
            let mut along = CellSet::default();
            let mut edge = self.before(cells, dir);
            while !edge.is_empty() {
                along = along.or(&edge);
                edge = self.before(&edge, dir).and_not(&along);
            }
            met = met.or(&along);
        }
        met
    }

    /// The cells whose neighbour along `dir` is in `cells`.
    #[inline]
    fn before(&self, cells: &CellSet<W>, dir: u8) -> CellSet<W> {
        self.board.back_set(cells, dir)
    }

    /// The cells from which some direction holds a run of 1 to `max` enemy pieces closed by a
    /// piece of the mover: for each direction, the enemy pieces that reach a piece of the
    /// mover through enemy pieces, grown one step back at a time.
    fn flanking_cells(&self, state: &State<W>, dirs: u16, max: u8) -> CellSet<W> {
        let me = state.to_move;
        let own = *state.pieces_of(me);
        let enemy = state.occupied().and_not(&own);
        let mut cells = CellSet::default();
        let directions = if dirs == ALL_DIRECTIONS {
            &self.all_directions[..]
        } else {
            &self.board.direction_sets[dirs as usize][me as usize][..]
        };
        for &dir in directions {
            // `run`: enemy pieces whose run along `dir` ends on a piece of the mover within reach.
            let mut run = self.before(&own, dir).and(&enemy);
            let mut closed = run;
            for _ in 1..max {
                run = self.before(&run, dir).and(&enemy);
                if run.is_empty() {
                    break;
                }
                closed = closed.or(&run);
            }
            cells = cells.or(&self.before(&closed, dir));
        }
        cells
    }
}

//! Routes: the run of cells back along a path from a cell (Oware's captures, which run back from
//! the last pit sown), and the cells holding so many pieces.

use crate::compile::Game;
use crate::model::board::CellSet;
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// `back_along(path, from, within)`: `from` and the cells before it on the mover's copy of
    /// the path, one after another, as long as each is in `within`; empty when `from` is not.
    pub(crate) fn back_along(
        &self,
        state: &State<W>,
        path: u16,
        from: i32,
        within: &CellSet<W>,
    ) -> CellSet<W> {
        self.back_along_while(state, path, from, |cell| within.contains(cell))
    }

    /// [`Game::back_along`] with the cells it may take asked one at a time, as it reaches them.
    #[inline]
    pub(crate) fn back_along_while(
        &self,
        state: &State<W>,
        path: u16,
        from: i32,
        within: impl Fn(u16) -> bool,
    ) -> CellSet<W> {
        let mut run = CellSet::default();
        let me = state.to_move as usize;
        let path = &self.paths[path as usize];
        let Some(from) = self.cell_of(from) else {
            return run;
        };
        let mut at = path.index[me][from as usize];
        while at != u8::MAX && within(path.cells[me][at as usize]) {
            run.insert(path.cells[me][at as usize]);
            at = at.wrapping_sub(1);
        }
        run
    }

    /// `holding(min, max)`: the cells holding at least `min` pieces, and at most `max`.
    pub(crate) fn holding(&self, state: &State<W>, min: i32, max: i32) -> CellSet<W> {
        let mut cells = CellSet::default();
        for cell in state.occupied().iter() {
            let height = i32::from(state.height(cell));
            if height >= min && height <= max {
                cells.insert(cell);
            }
        }
        cells
    }
}

//! The run of [`crate::compile::fast::effect_sets`]: the cells the stack machine would give.

use crate::compile::fast::effect_sets::FastSet;
use crate::engine::eval::Frame;
use crate::model::board::CellSet;

impl<const W: usize> crate::compile::Game<W> {
    /// The cells of a recognised set, as its program would leave them.
    pub(crate) fn fast_set(&self, set: &FastSet, frame: &Frame<'_, W>) -> CellSet<W> {
        let state = frame.state;
        match set {
            FastSet::Region(region) => *self.fast_region(*region, state),
            FastSet::Cell(at) => {
                let mut cells = CellSet::default();
                if let Some(cell) = self.cell_of(self.fast_cell(*at, frame)) {
                    cells.insert(cell);
                }
                cells
            }
            FastSet::Holding { min, max } => self.holding(state, *min, *max),
            // As `and` in a program: an empty left side is the answer.
            FastSet::And(left, right) => {
                let left = self.fast_set(left, frame);
                match left.is_empty() {
                    true => left,
                    false => left.and(&self.fast_set(right, frame)),
                }
            }
            FastSet::Or(left, right) => self.fast_set(left, frame).or(&self.fast_set(right, frame)),
            FastSet::Neighbours { cells, dirs } => {
                self.neighbours_of(state, &self.fast_set(cells, frame), *dirs)
            }
            FastSet::BackAlong { path, from, within } => {
                let within = self.fast_set(within, frame);
                self.back_along(state, *path, self.fast_cell(*from, frame), &within)
            }
        }
    }
}

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
            // The run usually stops at its first cell or soon after (Oware's capture): each cell
            // it reaches is asked whether it is within, not the whole set worked out first.
            FastSet::BackAlong { path, from, within } => {
                let from = self.fast_cell(*from, frame);
                self.back_along_while(state, *path, from, |cell| {
                    self.fast_contains(within, cell, frame)
                })
            }
        }
    }

    /// Whether `cell` is one of the cells of `set`: [`Self::fast_set`]'s answer, asked of one
    /// cell, without working out the others where the set's shape allows.
    fn fast_contains(&self, set: &FastSet, cell: u16, frame: &Frame<'_, W>) -> bool {
        let state = frame.state;
        match set {
            FastSet::Region(region) => self.fast_region(*region, state).contains(cell),
            FastSet::Cell(at) => self.cell_of(self.fast_cell(*at, frame)) == Some(cell),
            // Of the occupied cells only, as `holding` gives them.
            FastSet::Holding { min, max } => {
                let height = state.height(cell);
                height > 0 && (*min..=*max).contains(&i32::from(height))
            }
            FastSet::And(left, right) => {
                self.fast_contains(left, cell, frame) && self.fast_contains(right, cell, frame)
            }
            FastSet::Or(left, right) => {
                self.fast_contains(left, cell, frame) || self.fast_contains(right, cell, frame)
            }
            FastSet::Neighbours { .. } | FastSet::BackAlong { .. } => {
                self.fast_set(set, frame).contains(cell)
            }
        }
    }
}

//! Triangular lattices: six directions `±a`, `±b`, `±(a+b)`, each a fixed step in cell numbers
//! (the hexagonal boards of Havannah and Hex, in axial coordinates). On such a board the holes of
//! a connected set follow from counts, without a flood: its Euler number, cells less joined pairs
//! plus triangles of three joined cells, is 1 less the number of holes. The hexagonal grid has no
//! diagonal ambiguity: a set and its complement are both joined through the same six directions,
//! so a hole is exactly a part of the complement that the set closes off.

use crate::model::board::{Board, CellSet};

/// The six directions of a triangular lattice, as direction numbers of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lattice {
    /// The steps `a`, `b` and `a+b`.
    pub forward: [u8; 3],
    /// The steps `-a`, `-b` and `-(a+b)`.
    pub back: [u8; 3],
}

impl Lattice {
    /// The Euler number of `cells`: its parts less its holes.
    pub fn euler<const W: usize>(&self, board: &Board<W>, cells: &CellSet<W>) -> i32 {
        // `cells` that have the cell a step `a` (`b`, `a+b`) on in `cells`.
        let [a, b, ab] = self.back.map(|dir| cells.and(&board.step_set(cells, dir)));
        let pairs = a.len() + b.len() + ab.len();
        // The triangles {c, c+a, c+a+b} and {c, c+b, c+a+b}: every triangle of the lattice is one.
        let triangles = a.and(&ab).len() + b.and(&ab).len();
        (cells.len() + triangles) as i32 - pairs as i32
    }

    /// The cells of `cells` whose six neighbours are all in `cells` (none on the board's edge).
    pub fn surrounded<const W: usize>(&self, board: &Board<W>, cells: &CellSet<W>) -> CellSet<W> {
        let steps = self.back.iter().chain(&self.forward);
        steps.fold(*cells, |inner, &dir| inner.and(&board.step_set(cells, dir)))
    }
}

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

/// What the counts say of one connected set of cells.
pub enum Enclosure<const W: usize> {
    /// It has a hole.
    Holes,
    /// It has no hole; these of its cells have all six neighbours in it.
    Surrounded(CellSet<W>),
}

impl Lattice {
    /// The Euler number of `cells`: its parts less its holes.
    pub fn euler<const W: usize>(&self, board: &Board<W>, cells: &CellSet<W>) -> i32 {
        self.counts(board, cells, cells.len()).0
    }

    /// Whether the connected set `cells` has a hole, and if not, which of its cells are
    /// surrounded by its own.
    pub fn enclosure<const W: usize>(&self, board: &Board<W>, cells: &CellSet<W>) -> Enclosure<W> {
        // A hole takes a ring of six cells at least, a surrounded cell seven.
        let size = cells.len();
        if size < 6 {
            return Enclosure::Surrounded(CellSet::default());
        }
        let (euler, [a, b, ab]) = self.counts(board, cells, size);
        if euler != 1 {
            return Enclosure::Holes;
        }
        let mut inner = a.and(&b).and(&ab);
        for &dir in &self.forward {
            if inner.is_empty() {
                break;
            }
            inner = inner.and(&board.step_set(cells, dir));
        }
        Enclosure::Surrounded(inner)
    }

    /// The Euler number, and the cells of `cells` (`size` of them, counted already) that have
    /// the cell a step `a` (`b`, `a+b`) on in `cells`.
    fn counts<const W: usize>(
        &self,
        board: &Board<W>,
        cells: &CellSet<W>,
        size: u32,
    ) -> (i32, [CellSet<W>; 3]) {
        let [a, b, ab] = self.back.map(|dir| cells.and(&board.step_set(cells, dir)));
        let pairs = a.len() + b.len() + ab.len();
        // The triangles {c, c+a, c+a+b} and {c, c+b, c+a+b}: every triangle of the lattice is one.
        let triangles = a.and(&ab).len() + b.and(&ab).len();
        let euler = (size + triangles) as i32 - pairs as i32;
        (euler, [a, b, ab])
    }
}

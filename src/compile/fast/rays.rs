//! Rays: for every cell and direction, the cells that steps from it that way pass, nearest first.
//! A slide walks its ray from a list instead of asking the neighbour table at every step, and
//! tests each cell against one set of the cells where it must stop.

use crate::model::board::{Board, NO_CELL};

#[derive(Clone, Debug)]
pub struct Rays {
    cells: Vec<u16>,
    /// `starts[cell * directions + dir]`: where that ray begins in `cells`; one entry more ends
    /// the last ray.
    starts: Vec<u32>,
    directions: usize,
}

impl Rays {
    /// The rays of the board, or `None` where one comes back round to a cell it has passed (a
    /// ring of links): a slide there may go round more than once, which a list cannot hold.
    pub fn build<const W: usize>(board: &Board<W>) -> Option<Rays> {
        let mut cells = Vec::new();
        let mut starts = Vec::with_capacity(board.cells * board.directions + 1);
        for cell in 0..board.cells as u16 {
            for dir in 0..board.directions as u8 {
                starts.push(u32::try_from(cells.len()).ok()?);
                let start = cells.len();
                let mut at = board.neighbour(cell, dir);
                while at != NO_CELL {
                    if at == cell || cells[start..].contains(&at) {
                        return None;
                    }
                    cells.push(at);
                    at = board.neighbour(at, dir);
                }
            }
        }
        starts.push(u32::try_from(cells.len()).ok()?);
        Some(Rays {
            cells,
            starts,
            directions: board.directions,
        })
    }

    /// The cells a slide from `cell` along `dir` passes, nearest first, to the edge.
    #[inline]
    pub fn of(&self, cell: u16, dir: u8) -> &[u16] {
        let k = cell as usize * self.directions + dir as usize;
        &self.cells[self.starts[k] as usize..self.starts[k + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{CheckedBoard, Direction};

    fn board(direction: Direction) -> Board<1> {
        let checked = CheckedBoard {
            files: 3,
            ranks: 3,
            directions: vec![direction],
            ..Default::default()
        };
        Board::build(&checked, 2)
    }

    #[test]
    fn a_ray_lists_the_cells_to_the_edge_nearest_first() {
        let east = Direction {
            name: "e".into(),
            file_delta: 1,
            rank_delta: 0,
            links: Vec::new(),
            legs: Vec::new(),
        };
        let rays = Rays::build(&board(east)).expect("a grid has no rings");
        assert_eq!(rays.of(0, 0), &[1, 2]);
        assert_eq!(rays.of(4, 0), &[5]);
        assert!(rays.of(8, 0).is_empty());
    }

    #[test]
    fn a_ring_of_links_has_no_rays() {
        let round = Direction {
            name: "round".into(),
            file_delta: 0,
            rank_delta: 0,
            links: vec![(0, 1), (1, 2), (2, 0)],
            legs: Vec::new(),
        };
        assert!(Rays::build(&board(round)).is_none());
    }
}

//! A position: a flat, fixed-size value that copies without allocating.

pub use crate::check::MAX_CELLS;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    /// 0 = empty, otherwise `(kind + 1) << 2 | player`.
    pub cells: [u8; MAX_CELLS],
    pub to_move: u8,
    /// Actions played since the initial position.
    pub ply: u32,
}

impl State {
    pub fn empty(to_move: u8) -> State {
        State {
            cells: [0; MAX_CELLS],
            to_move,
            ply: 0,
        }
    }

    #[inline]
    pub fn encode(player: u8, kind: u8) -> u8 {
        (kind + 1) << 2 | player
    }

    /// (player, kind) of the piece on a cell.
    #[inline]
    pub fn piece(&self, cell: u16) -> Option<(u8, u8)> {
        let v = self.cells[cell as usize];
        (v != 0).then(|| (v & 3, (v >> 2) - 1))
    }

    #[inline]
    pub fn owner(&self, cell: u16) -> Option<u8> {
        let v = self.cells[cell as usize];
        (v != 0).then_some(v & 3)
    }
}

impl std::fmt::Debug for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let occupied: Vec<(usize, u8)> = self
            .cells
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, v)| *v != 0)
            .collect();
        f.debug_struct("State")
            .field("to_move", &self.to_move)
            .field("ply", &self.ply)
            .field("cells", &occupied)
            .finish()
    }
}

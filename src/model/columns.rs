//! Columns (`[board] columns = true`): a cell holds a column of pieces of any players and kinds
//! that moves as one; its top piece is the cell's piece (owner and kind for every rule), and the
//! pieces under it are kept here, packed in one word per cell.
//!
//! A column word holds, in its low [`COUNT_BITS`] bits, how many pieces stand under the top, and
//! above them one code per piece, the one right under the top first. A code is `width` bits wide
//! (the game's, see `Game::column_code`): a column holds at most [`capacity`] pieces under its top.

use super::state::{STACK_CELLS, State};

/// The bits of a column word that count the pieces under the top.
pub const COUNT_BITS: u32 = 6;

/// The bits a column word has: 48, kept as 32 and 16 in the state, which every game copies (a
/// whole `u64` a cell cost games without columns 3% more instructions). Lasca's 22 pieces fit:
/// 21 under the top, two bits each.
pub const COLUMN_BITS: u32 = 48;

/// How many pieces a column word holds under its top with codes of `width` bits.
#[inline]
pub fn capacity(width: u32) -> u32 {
    (COLUMN_BITS - COUNT_BITS) / width.max(1)
}

/// How many pieces a column word holds under its top.
#[inline]
pub fn count(column: u64) -> u32 {
    (column & ((1 << COUNT_BITS) - 1)) as u32
}

/// The code of the `i`th piece under the top (0: the one right under it).
#[inline]
pub fn code_at(column: u64, i: u32, width: u32) -> u8 {
    ((column >> (COUNT_BITS + i * width)) & ((1 << width) - 1)) as u8
}

/// The column with one more piece at its bottom; a full column (see [`capacity`]) is left as it
/// is, the piece lost.
#[inline]
pub fn push_bottom(column: u64, code: u8, width: u32) -> u64 {
    let n = count(column);
    if n >= capacity(width) {
        return column;
    }
    (column | u64::from(code) << (COUNT_BITS + n * width)) + 1
}

/// The piece right under the top, and the column under it: `None` for a lone piece.
#[inline]
pub fn pop_top(column: u64, width: u32) -> Option<(u8, u64)> {
    let n = count(column);
    if n == 0 {
        return None;
    }
    let code = code_at(column, 0, width);
    let rest = (column >> (COUNT_BITS + width)) << COUNT_BITS | u64::from(n - 1);
    Some((code, rest))
}

/// The column of `codes` (the one right under the top first), as many as fit.
pub fn from_codes(codes: &[u8], width: u32) -> u64 {
    codes
        .iter()
        .fold(0, |column, &code| push_bottom(column, code, width))
}

impl<const W: usize> State<W> {
    /// The pieces under the top piece of a cell (0 if none, and on boards without columns).
    #[inline]
    pub fn column(&self, cell: u16) -> u64 {
        let i = cell as usize;
        match (self.columns_low.get(i), self.columns_high.get(i)) {
            (Some(&low), Some(&high)) => u64::from(low) | u64::from(high) << 32,
            _ => 0,
        }
    }

    /// Sets the pieces under the top piece of a cell (a cell past [`STACK_CELLS`] holds none).
    #[inline]
    pub fn set_column(&mut self, cell: u16, column: u64) {
        let i = cell as usize;
        if let (Some(low), Some(high)) = (self.columns_low.get_mut(i), self.columns_high.get_mut(i))
        {
            *low = column as u32;
            *high = (column >> 32) as u16;
        }
    }

    /// Takes the pieces under the top piece of a cell off it: the cell keeps its top piece alone.
    #[inline]
    pub fn take_column(&mut self, cell: u16) -> u64 {
        let column = self.column(cell);
        self.set_column(cell, 0);
        column
    }

    /// An empty cell holds no column: what an action left under pieces it removed goes.
    pub fn forget_emptied_columns(&mut self) {
        for cell in 0..STACK_CELLS.min(self.cells().len()) {
            if self.cells()[cell] == 0 {
                self.set_column(cell as u16, 0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_go_under_at_the_bottom_and_come_off_from_the_top() {
        let column = from_codes(&[3, 1], 2);
        assert_eq!(count(column), 2);
        let column = push_bottom(column, 2, 2);
        assert_eq!(
            (0..3).map(|i| code_at(column, i, 2)).collect::<Vec<_>>(),
            [3, 1, 2]
        );
        let (code, rest) = pop_top(column, 2).unwrap();
        assert_eq!(code, 3);
        assert_eq!(rest, from_codes(&[1, 2], 2));
        assert_eq!(pop_top(0, 2), None);
    }

    #[test]
    fn a_full_column_takes_no_more() {
        let full = from_codes(&[1; 29], 2);
        assert_eq!(count(full), capacity(2));
        assert_eq!(push_bottom(full, 3, 2), full);
    }
}

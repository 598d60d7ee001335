//! Reading a table of the game file (`[tables.NAME]`, `Op::Table`): the entry of a cell, of the
//! kind of the piece on a cell, or of a player.

use crate::check::TableKey;
use crate::compile::Game;
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// The entry of `table` for `key` (a cell's index, -1 for none, or a player); the table's
    /// default where the key has no entry (none, an empty cell of a table by kind).
    pub(crate) fn table_entry(&self, table: u16, key: i32, state: &State<W>) -> i32 {
        let table = &self.tables[table as usize];
        let index = match table.key {
            TableKey::Kind => u16::try_from(key)
                .ok()
                .filter(|&cell| (cell as usize) < self.board.cells)
                .and_then(|cell| state.piece(cell))
                .map(|(_, kind)| kind as usize),
            TableKey::Cell | TableKey::Player => usize::try_from(key).ok(),
        };
        index
            .and_then(|i| table.entries.get(i).copied())
            .unwrap_or_else(|| table.default_entry())
    }
}

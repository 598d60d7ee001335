//! Cells named in rules and the tables of the game file, in words: `next(from)` reads "the `next`
//! entry of the cell the move leaves", and the tables are listed with their entries.

use super::doc::Doc;
use super::{Book, code, list_and};
use crate::check::TableKey;
use crate::syntax::ast::{Call, ExprKind};

impl<const W: usize> Book<'_, W> {
    /// A table's entry (`worth(to)`) or a cell by name (`cell(13)`) in words; `None` for any
    /// other call.
    pub(super) fn table_read(&self, call: &Call) -> Option<String> {
        let name = call.name.text.as_str();
        let key = &call.args.first()?.value;
        if name == "cell" {
            let cell = match &key.kind {
                ExprKind::Int(n) => n.to_string(),
                ExprKind::Name(n) => n.clone(),
                _ => return None,
            };
            return Some(format!("cell {}", code(&cell)));
        }
        let table = self.checked.tables.iter().find(|t| t.name == name)?;
        Some(match table.key {
            TableKey::Kind => format!(
                "the {} of the piece on {} (of its kind)",
                code(name),
                self.expr(key)
            ),
            TableKey::Cell | TableKey::Player => {
                format!("the {} of {}", code(name), self.expr(key))
            }
        })
    }

    /// `[tables]`: each table with its entries.
    pub(super) fn tables(&self, doc: &mut Doc) {
        if self.checked.tables.is_empty() {
            return;
        }
        doc.subheading("Tables (read by the rules)");
        for table in &self.checked.tables {
            let (keys, what): (Vec<String>, &str) = match table.key {
                TableKey::Cell => (
                    (0..table.entries.len())
                        .map(|c| self.game.board.cell_name(c as u16))
                        .collect(),
                    "cell",
                ),
                TableKey::Kind => (
                    self.checked.pieces.iter().map(|p| p.name.clone()).collect(),
                    "piece kind",
                ),
                TableKey::Player => (self.checked.players.clone(), "player"),
            };
            let listed: Vec<String> = keys
                .iter()
                .zip(&table.entries)
                .filter(|(_, v)| **v != table.default_entry())
                .map(|(k, &v)| format!("{} {}", code(k), self.entry_words(table.cells, v)))
                .collect();
            let of = if table.cells { "a cell" } else { "a number" };
            let others = match (listed.len() == keys.len(), table.cells) {
                (true, _) => String::new(),
                (false, true) => format!("; any other {what}, none"),
                (false, false) => format!("; any other {what}, 0"),
            };
            doc.item(
                0,
                &format!(
                    "{}, {of} for each {what}: {}{others}.",
                    code(&table.name),
                    list_and(listed)
                ),
            );
        }
    }

    fn entry_words(&self, cells: bool, value: i32) -> String {
        match (cells, u16::try_from(value)) {
            (true, Ok(cell)) => format!("→ {}", code(&self.game.board.cell_name(cell))),
            _ => format!("= {value}"),
        }
    }
}

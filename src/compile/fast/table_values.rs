//! `distinct(table, cells)` on a table of numbers keyed by cell with few different values (the
//! sides and corners of a connection game): the cells of each value, kept as sets, so that
//! counting the values a set meets is a few intersections rather than collecting and sorting
//! the values of its cells. The general path is [`crate::engine::connection`]'s.

use crate::check::{TableDecl, TableKey};
use crate::model::board::CellSet;

/// The most different values (other than 0) a table may have to get value sets: past it the
/// intersections would cost more than the sort.
pub const VALUE_SETS: usize = 16;

/// The cells of each value other than 0 of a table of numbers keyed by cell, in the order the
/// values first appear; empty where the table is not of that shape or has too many values.
pub fn value_sets<const W: usize>(table: &TableDecl) -> Vec<CellSet<W>> {
    if table.key != TableKey::Cell || table.cells || table.entries.len() > W * 64 {
        return Vec::new();
    }
    let mut values: Vec<i32> = Vec::new();
    let mut sets: Vec<CellSet<W>> = Vec::new();
    for (cell, &value) in table.entries.iter().enumerate() {
        if value == 0 {
            continue;
        }
        let at = match values.iter().position(|&v| v == value) {
            Some(at) => at,
            None if values.len() < VALUE_SETS => {
                values.push(value);
                sets.push(CellSet::default());
                values.len() - 1
            }
            None => return Vec::new(),
        };
        sets[at].insert(cell as u16);
    }
    sets
}

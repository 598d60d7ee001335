//! `distinct(table, cells)` on a table of numbers keyed by cell with few different values (the
//! sides and corners of a connection game): the cells of each value, kept as sets, so that
//! counting the values a set meets is a few intersections rather than collecting and sorting
//! the values of its cells. The general path is [`crate::engine::connection`]'s.

use crate::check::{TableDecl, TableKey};
use crate::model::board::CellSet;

/// The most different values (other than 0) a table may have to get value sets: past it the
/// intersections would cost more than the sort.
pub const VALUE_SETS: usize = 16;

/// The cells of each value of a table, and of any value: a set that meets none of them (most of
/// a connection game's groups, against its corners) is done after one intersection.
#[derive(Clone, Debug, Default)]
pub struct ValueSets<const W: usize> {
    /// The cells with a value other than 0.
    pub any: CellSet<W>,
    /// The cells of each value other than 0, in the order the values first appear.
    pub each: Vec<CellSet<W>>,
}

/// The value sets of a table of numbers keyed by cell; none (`each` empty) where the table is
/// not of that shape or has too many values.
pub fn value_sets<const W: usize>(table: &TableDecl) -> ValueSets<W> {
    if table.key != TableKey::Cell || table.cells || table.entries.len() > W * 64 {
        return ValueSets::default();
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
            None => return ValueSets::default(),
        };
        sets[at].insert(cell as u16);
    }
    ValueSets {
        any: sets.iter().fold(CellSet::default(), |any, set| any.or(set)),
        each: sets,
    }
}

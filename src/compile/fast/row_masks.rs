//! `in_row(player, length)` (through a cell or not) and `rows(player, length)`, on a board with few
//! such rows (Pentago's 32 rows of five, tic-tac-toe's 8 of three, the mills of the morris
//! games): every row of `length` cells listed once as a set, so that the test is whether one of
//! them lies within the player's pieces, without stepping the pieces along each direction (on a
//! board of points joined by lines, a step is a walk over the cells). Chosen when the rows are
//! few enough to beat the steps; the general path is [`crate::engine::cells`]'s `row_ends`.

use crate::check::ALL_DIRECTIONS;
use crate::compile::Op;
use crate::model::board::{Board, CellSet, NO_CELL};

/// The most rows, counted in words of cells, that are listed: past it, stepping the pieces
/// along each direction costs less (Connect Four's 69 rows of four listed: 2% more
/// instructions; Pentago's 32: 7% fewer).
const MOST_ROW_WORDS: usize = 64;

/// The rows of one `in_row` shape, for each player (whose directions may differ).
#[derive(Clone, Debug)]
pub struct RowMasks<const W: usize> {
    pub length: u8,
    pub dirs: u16,
    pub per_player: Vec<Vec<CellSet<W>>>,
    /// For each player and cell, the rows that hold the cell (`in_row` through a cell).
    pub through: Vec<Vec<Vec<CellSet<W>>>>,
}

/// The rows of each shape of `in_row` and `rows` that `code` asks, where they are few.
pub fn row_masks<const W: usize>(
    code: &[Op],
    board: &Board<W>,
    all_directions: &[u8],
    players: usize,
) -> Vec<RowMasks<W>> {
    let mut found: Vec<RowMasks<W>> = Vec::new();
    for op in code {
        let (length, dirs) = match *op {
            Op::InRow { length, dirs, .. } | Op::Rows { length, dirs } => (length, dirs),
            _ => continue,
        };
        if found.iter().any(|r| r.length == length && r.dirs == dirs) {
            continue;
        }
        let per_player: Vec<Vec<CellSet<W>>> = (0..players)
            .map(|player| {
                let directions = match dirs {
                    ALL_DIRECTIONS => all_directions,
                    _ => &board.direction_sets[dirs as usize][player][..],
                };
                rows(board, length, directions)
            })
            .collect();
        if per_player
            .iter()
            .all(|rows| rows.len() * W <= MOST_ROW_WORDS)
        {
            let through = (per_player.iter())
                .map(|rows| {
                    (0..board.cells as u16)
                        .map(|cell| rows.iter().filter(|r| r.contains(cell)).copied().collect())
                        .collect()
                })
                .collect();
            found.push(RowMasks {
                length,
                dirs,
                per_player,
                through,
            });
        }
    }
    found
}

/// Every row of `length` cells along one of the directions, each once.
fn rows<const W: usize>(board: &Board<W>, length: u8, directions: &[u8]) -> Vec<CellSet<W>> {
    let mut rows: Vec<CellSet<W>> = Vec::new();
    for &dir in directions {
        for start in board.all_cells.iter() {
            let mut row = CellSet::default();
            let mut at = start;
            for _ in 0..length {
                if at == NO_CELL {
                    break;
                }
                row.insert(at);
                at = board.neighbour(at, dir);
            }
            if row.len() == u32::from(length) && !rows.contains(&row) {
                rows.push(row);
            }
            if rows.len() * W > MOST_ROW_WORDS {
                return rows;
            }
        }
    }
    rows
}

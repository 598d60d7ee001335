//! Columns (`[board] columns = true`): a cell holds a column of pieces of any players and kinds.
//! A `step`, `slide`, `fly`, `path_step` or `jump` moves the whole column; its top piece commands
//! it (owner and kind, for every rule: a promotion changes the top piece alone). What a move
//! captures by landing, or a jump by jumping over, is the whole column there, unless the jump
//! says `capture: top_to_bottom`: then each jumped column loses only its top piece, which goes to
//! the bottom of the jumping column, and the rest stays, commanded by its new top piece.
//!
//! The pieces under a top piece are kept in the position (see [`crate::model::columns`]), as
//! codes of the game's width: `kind * owners + owner`.

use crate::compile::primitives::Primitive;
use crate::compile::{Game, NO_CELL};
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};
use crate::engine::position::{PositionFile, quote};
use crate::model::action::{Action, ActionKind};
use crate::model::columns::{capacity, code_at, count, pop_top, push_bottom};
use crate::model::state::{State, encode};
use crate::span::Span;

/// The pieces a moving column left behind while its top piece moves.
pub(super) struct ColumnLeft {
    column: u64,
}

impl<const W: usize> Game<W> {
    /// How many owners a column code tells apart: the players, or all four slots with neutral
    /// pieces.
    fn column_owners(&self) -> u32 {
        if self.has_neutral() {
            4
        } else {
            self.players.len().max(1) as u32
        }
    }

    /// The bits of one piece's code in a column word.
    pub fn column_width(&self) -> u32 {
        let codes = (self.pieces.len().max(1) as u32) * self.column_owners();
        (32 - (codes - 1).leading_zeros()).max(1)
    }

    /// The code of a piece byte in a column word.
    pub fn column_code(&self, piece: u8) -> u8 {
        let (owner, kind) = (
            u32::from(piece & 3),
            u32::from((piece >> 2).saturating_sub(1)),
        );
        (kind * self.column_owners() + owner) as u8
    }

    /// The piece byte of a code of a column word.
    pub fn column_piece(&self, code: u8) -> u8 {
        let owners = self.column_owners();
        let (kind, owner) = (u32::from(code) / owners, u32::from(code) % owners);
        encode(owner as u8, kind as u8)
    }

    /// The pieces of a cell, top first (none on an empty cell).
    pub fn column_pieces(&self, state: &State<W>, cell: u16) -> Vec<(u8, u8)> {
        let Some(top) = state.piece(cell) else {
            return Vec::new();
        };
        let column = state.column(cell);
        let width = self.column_width();
        let mut pieces = vec![top];
        for i in 0..count(column) {
            let piece = self.column_piece(code_at(column, i, width));
            pieces.push((piece & 3, (piece >> 2).saturating_sub(1)));
        }
        pieces
    }

    /// The pieces under the top of a cell as symbols, the one right under the top first.
    pub fn column_symbols(&self, state: &State<W>, cell: u16) -> String {
        self.column_pieces(state, cell)
            .iter()
            .skip(1)
            .map(|&(owner, kind)| {
                self.pieces
                    .get(kind as usize)
                    .map_or('?', |p| p.symbol(owner))
            })
            .collect()
    }

    /// The cells (of the first 64) whose column keeps pieces once its top piece leaves.
    pub(super) fn standing_columns(&self, state: &State<W>) -> u64 {
        (0..self.board.cells.min(64) as u16)
            .filter(|&c| state.column(c) != 0)
            .fold(0, |set, c| set | 1 << c)
    }

    /// Whether the action is a jump that takes only the top pieces of the columns it jumps.
    fn takes_tops(&self, action: &Action) -> bool {
        action.kind() == ActionKind::Jump
            && self.moves.get(action.rule() as usize).is_some_and(
                |rule| matches!(&rule.primitive, Primitive::Jump(j) if j.top_to_bottom),
            )
    }

    /// Before an action moves on a board of columns: the pieces under the moving top piece are
    /// lifted off, to stand under it again where it lands.
    pub(super) fn before_column_move(
        &self,
        state: &mut State<W>,
        action: &Action,
    ) -> Option<ColumnLeft> {
        match action.kind() {
            // A jump that takes tops carries its column itself.
            ActionKind::Jump if self.takes_tops(action) => None,
            ActionKind::Move | ActionKind::Jump | ActionKind::Hop => Some(ColumnLeft {
                column: state.take_column(action.from_cell()),
            }),
            _ => None,
        }
    }

    /// Once the top piece has moved: the column it carried stands under it, and every cell the
    /// action emptied holds no column.
    pub(super) fn after_column_move(
        &self,
        state: &mut State<W>,
        action: &Action,
        left: Option<ColumnLeft>,
    ) {
        if let Some(left) = left {
            let to = action.to_cell();
            if to != NO_CELL && state.cell(to) != 0 {
                state.set_column(to, left.column);
            }
        }
        state.forget_emptied_columns();
    }

    /// A jump that takes tops (`capture: top_to_bottom`), played whole: the column leaves its
    /// cell, each jumped column in turn gives up its top piece to the bottom of the jumping
    /// column, and the column lands. Returns false (nothing done) for any other action.
    pub(super) fn jump_taking_tops(&self, state: &mut State<W>, action: &Action) -> bool {
        if !self.takes_tops(action) {
            return false;
        }
        let width = self.column_width();
        let from = action.from_cell();
        let piece = state.cell(from);
        let mut column = state.take_column(from);
        state.clear(from);
        let mut cell = from;
        for i in 0..action.captured() {
            let (dir, length) = self.board.jump_step(action, i);
            for _ in 1..length {
                cell = self.board.neighbour(cell, dir);
                let top = state.cell(cell);
                if top == 0 {
                    continue;
                }
                column = push_bottom(column, self.column_code(top), width);
                match pop_top(state.take_column(cell), width) {
                    Some((code, rest)) => {
                        state.set(cell, self.column_piece(code));
                        state.set_column(cell, rest);
                    }
                    None => state.clear(cell),
                }
            }
            cell = self.board.neighbour(cell, dir);
        }
        state.set(cell, piece);
        state.set_column(cell, column);
        true
    }
}

impl<const W: usize> Game<W> {
    /// `under` of a position file: the pieces under the top piece of each column, by symbol.
    pub(super) fn read_under(
        &self,
        file: &PositionFile,
        state: &mut State<W>,
        tally: &mut Vec<(u8, u32, Span)>,
        diags: &mut Diagnostics,
    ) {
        let width = self.column_width();
        for (cell, symbols) in &file.under {
            let problem = match self.board.parse_cell(cell) {
                _ if !self.board.columns => Some("only a board of columns has pieces under others"),
                None => Some("no such cell"),
                Some(c) if state.cell(c) == 0 => Some("the cell holds no top piece in `[pieces]`"),
                Some(_) if symbols.value.chars().count() > capacity(width) as usize => {
                    Some("more pieces than a column holds")
                }
                Some(c) => {
                    let mut column = 0;
                    let mut unknown = None;
                    for symbol in symbols.value.chars() {
                        match self.piece_of_symbol(symbol) {
                            Some((owner, kind)) => {
                                tally.push((owner, 1, symbols.span));
                                let code = self.column_code(encode(owner, kind));
                                column = push_bottom(column, code, width);
                            }
                            None => unknown = Some(symbol),
                        }
                    }
                    state.set_column(c, column);
                    unknown.map(|_| "a symbol that is no piece's")
                }
            };
            if let Some(problem) = problem {
                diags.push(
                    Diagnostic::error(
                        ErrorKind::BadPosition(format!("`under` of `{cell}`: {problem}")),
                        symbols.span,
                    )
                    .with_help(
                        "`under = { c3 = \"bW\" }`: the pieces under the top piece of c3, by \
                         symbol, the one right under the top first",
                    ),
                );
            }
        }
    }

    /// (owner, kind) of the piece a symbol shows.
    fn piece_of_symbol(&self, symbol: char) -> Option<(u8, u8)> {
        self.owners().find_map(|owner| {
            (self.pieces.iter().position(|p| p.symbol(owner) == symbol))
                .map(|kind| (owner, kind as u8))
        })
    }

    /// `under`: the pieces under the top piece of each column, by symbol.
    pub(super) fn write_under(&self, state: &State<W>, out: &mut String) {
        if !self.board.columns {
            return;
        }
        let columns: Vec<String> = (0..self.board.cells as u16)
            .filter(|&c| state.cell(c) != 0 && state.column(c) != 0)
            .map(|c| {
                format!(
                    "{} = {}",
                    quote(&self.board.cell_name(c)),
                    quote(&self.column_symbols(state, c))
                )
            })
            .collect();
        if !columns.is_empty() {
            out.push_str(&format!("under = {{ {} }}\n", columns.join(", ")));
        }
    }
}

impl<const W: usize> Game<W> {
    /// What a diagram shows beside the board of columns: each column of two pieces or more, top
    /// first (`columns (top first): c3 wb, e5 Bww`), if there is one; the board shows the top
    /// pieces.
    pub(super) fn columns_line(&self, state: &State<W>) -> Option<String> {
        if !self.board.columns {
            return None;
        }
        let columns: Vec<String> = (0..self.board.cells as u16)
            .filter(|&c| state.cell(c) != 0 && state.column(c) != 0)
            .map(|c| {
                let top = state
                    .piece(c)
                    .map_or('?', |(p, k)| self.pieces[k as usize].symbol(p));
                format!(
                    "{} {top}{}",
                    self.board.cell_name(c),
                    self.column_symbols(state, c)
                )
            })
            .collect();
        (!columns.is_empty()).then(|| format!("columns (top first): {}", columns.join(", ")))
    }
}

//! Cells and tables as values: a rule may name a cell (`e1`, or `cell(13)` on a board of numbered
//! cells), and read a table of the game file (`[tables.NAME]`): a number or a cell for each cell,
//! each piece kind or each player, such as the worth of each kind or each player's starting cell.

use super::rules::*;
use super::*;
use crate::span::Span;
use crate::syntax::ast::{Call, ExprKind};

/// What a table is keyed by, told from its keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKey {
    /// A cell of the board: `next(to)`.
    Cell,
    /// A piece kind, read through a cell: `worth(to)` is the entry of the kind of the piece on
    /// `to` (the default where the cell is empty or none).
    Kind,
    /// A player: `start(mover)`.
    Player,
}

/// A table of the game file: one entry per key, numbers or cells.
#[derive(Clone, Debug)]
pub struct TableDecl {
    pub name: String,
    pub span: Span,
    pub key: TableKey,
    /// Whether the entries are cells (else numbers).
    pub cells: bool,
    /// The entry of each key (cell, kind or player, by index): a number, or a cell's index
    /// (-1 for none); keys the file leaves out hold 0, or none for a table of cells.
    pub entries: Vec<i32>,
}

impl TableDecl {
    /// The value of a key the file does not list.
    pub fn default_entry(&self) -> i32 {
        if self.cells { -1 } else { 0 }
    }
}

/// `[tables.NAME]`: each table's keys all cells, all piece kinds or all players, and its entries
/// all numbers or all cells of the board.
pub(super) fn check_tables(
    file: &crate::syntax::GameFile,
    cx: &mut Context,
    diags: &mut Diagnostics,
) {
    for (name, table) in &file.tables {
        if let Some(decl) = check_table(name, table, cx, diags) {
            cx.tables.push(decl);
        }
    }
}

fn check_table(
    name: &str,
    table: &crate::span::Located<
        std::collections::BTreeMap<String, crate::span::Located<toml::Value>>,
    >,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Option<TableDecl> {
    let key_of = |k: &str| -> Option<(TableKey, Vec<usize>)> {
        if let Some(c) = board::cell_on_board(&cx.board, k) {
            return Some((TableKey::Cell, vec![c as usize]));
        }
        if let Some(cells) = cells_key(k, table.span, cx) {
            return Some((TableKey::Cell, cells));
        }
        if let Some(kind) = cx.piece(k) {
            return Some((TableKey::Kind, vec![kind as usize]));
        }
        cx.player(k).map(|p| (TableKey::Player, vec![p as usize]))
    };
    // The entries in the order of the file (a variant's after its base's): the first says what
    // the table is keyed by.
    let mut in_order: Vec<_> = table.value.iter().collect();
    in_order.sort_by_key(|(_, v)| (v.span.file.0, v.span.start));
    let first_key = in_order.first().map(|(k, _)| k.as_str());
    let Some((first, _)) = first_key.and_then(key_of) else {
        let shown = first_key.unwrap_or("nothing");
        diags.push(
            Diagnostic::error(
                ErrorKind::Other(format!(
                    "table `{name}`: `{shown}` is not a cell, a piece kind or a player"
                )),
                table.span,
            )
            .with_label("its first key")
            .with_help(
                "key a table by cells (`a1 = 3`, `\"b1..c1\" = 2`), piece kinds (`pawn = 1`) or \
                 players (`white = \"e1\"`)",
            ),
        );
        return None;
    };
    let cells = in_order
        .first()
        .is_some_and(|(_, v)| matches!(v.value, toml::Value::String(_)));
    let size = match first {
        TableKey::Cell => cx.board.cell_count(),
        TableKey::Kind => cx.pieces.len(),
        TableKey::Player => cx.players.len(),
    };
    let mut decl = TableDecl {
        name: name.to_string(),
        span: table.span,
        key: first,
        cells,
        entries: Vec::new(),
    };
    decl.entries = vec![decl.default_entry(); size];
    for (key, value) in in_order {
        let indexes = match key_of(key) {
            Some((k, indexes)) if k == first => indexes,
            _ => {
                let sort = match first {
                    TableKey::Cell => "a cell of the board",
                    TableKey::Kind => "a piece kind",
                    TableKey::Player => "a player",
                };
                let problem = format!("`{key}` is not {sort} like the table's first key");
                diags.push(wrong_entry(name, &problem, value.span));
                continue;
            }
        };
        if let Some(v) = entry(name, value, cells, cx, diags) {
            for index in indexes {
                decl.entries[index] = v;
            }
        }
    }
    // Kept even with a wrong entry, so that the rules reading it are checked too.
    Some(decl)
}

/// A key that names several cells, each of which gets the entry: a rectangle (`"b1..c1"`), a
/// rank or a file (`"rank 1"`, `"file a"`). A later key overrides an earlier one.
fn cells_key(key: &str, span: Span, cx: &Context) -> Option<Vec<usize>> {
    if !(key.contains("..") || key.starts_with("rank ") || key.starts_with("file ")) {
        return None;
    }
    let mut problems = Diagnostics::default();
    let spec = crate::syntax::game_file::CellSpec::One(key.to_string());
    let cells = board::cell_set(&spec, span, &cx.board, &mut problems);
    (!problems.has_errors()).then(|| cells.into_iter().map(usize::from).collect())
}

/// An entry: a whole number in the engine's range, or the name of a cell of the board.
fn entry(
    table: &str,
    value: &crate::span::Located<toml::Value>,
    cells: bool,
    cx: &Context,
    diags: &mut Diagnostics,
) -> Option<i32> {
    let problem = match (&value.value, cells) {
        (toml::Value::Integer(n), false) => match i32::try_from(*n) {
            Ok(v) => return Some(v),
            Err(_) => format!("{n} is too large"),
        },
        (toml::Value::String(name), true) => {
            let cell = board::cell_on_board(&cx.board, name);
            if cell.is_none() {
                diags.push(board::unknown_cell(name, value.span, &cx.board));
            }
            return cell.map(i32::from);
        }
        (_, true) => "the table's entries are cells: write a cell name such as \"e1\"".into(),
        (_, false) => "the table's entries are whole numbers".into(),
    };
    diags.push(wrong_entry(table, &problem, value.span));
    None
}

fn wrong_entry(table: &str, problem: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        ErrorKind::Other(format!("table `{table}`: {problem}")),
        span,
    )
    .with_label("this entry")
    .with_help(
        "every key of a table is of one sort (cells, piece kinds or players) and every entry \
             of one sort (whole numbers, or cell names such as \"e1\")",
    )
}

impl RuleChecker<'_> {
    /// A cell named in a rule: `e1`, a name of the board's cells that nothing else takes.
    pub(super) fn named_cell(&self, name: &str) -> Option<(TExpr, Ty)> {
        let cell = board::cell_on_board(&self.cx.board, name)?;
        Some((TExpr::NamedCell(cell), Ty::Cell))
    }

    /// `cell(N)`: a cell by its name where the name is not a word, such as 13 on a board of
    /// numbered cells (`cell(e1)` is `e1`).
    pub(super) fn cell_by_name(&self, call: &Call, diags: &mut Diagnostics) -> Option<(TExpr, Ty)> {
        let args = Args::bind(call, &["name"], diags)?;
        let arg = args.require("name", diags)?;
        let name = match &arg.kind {
            ExprKind::Int(n) => n.to_string(),
            ExprKind::Name(n) => n.clone(),
            _ => String::new(),
        };
        if let Some(found) = self.named_cell(&name) {
            return Some(found);
        }
        diags.push(board::unknown_cell(&name, arg.span, &self.cx.board));
        None
    }

    /// `NAME(key)`: the entry of a table, a number or a cell.
    pub(super) fn table_call(
        &self,
        table: u16,
        call: &Call,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        let decl = &self.cx.tables[table as usize];
        let (param, key_ty) = match decl.key {
            TableKey::Cell | TableKey::Kind => ("cell", Ty::Cell),
            TableKey::Player => ("player", Ty::Player),
        };
        let args = Args::bind(call, &[param], diags)?;
        let key = self.expect(args.require(param, diags)?, key_ty, place, diags)?;
        let ty = if decl.cells { Ty::Cell } else { Ty::Int };
        Some((
            TExpr::Table {
                table,
                key: Box::new(key),
            },
            ty,
        ))
    }
}

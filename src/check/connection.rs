//! Connection in general, checked: `group(cell)`, `inside(cells)`, `reachable(from, through)`
//! and `distinct(table, cells)` (see `engine::connection`).

use super::rules::*;
use super::*;
use crate::syntax::ast::{Expr, ExprKind};

impl RuleChecker<'_> {
    /// A call of one of the connection functions.
    pub(super) fn connection_call(
        &self,
        name: &str,
        args: &Args,
        place: Place,
        diags: &mut Diagnostics,
    ) -> Option<(TExpr, Ty)> {
        match name {
            "group" => {
                let cell = self.expect(args.require("cell", diags)?, Ty::Cell, place, diags);
                let dirs = self.optional_dirs(args.get("dirs"), diags)?;
                Some((
                    TExpr::Group {
                        cell: Box::new(cell?),
                        dirs,
                    },
                    Ty::Cells,
                ))
            }
            "inside" => {
                let cells = self.expect(args.require("cells", diags)?, Ty::Cells, place, diags);
                let dirs = self.optional_dirs(args.get("dirs"), diags)?;
                Some((
                    TExpr::Inside {
                        cells: Box::new(cells?),
                        dirs,
                    },
                    Ty::Cells,
                ))
            }
            "reachable" => {
                let from = self.expect(args.require("from", diags)?, Ty::Cells, place, diags);
                let through = self.expect(args.require("through", diags)?, Ty::Cells, place, diags);
                let dirs = self.optional_dirs(args.get("dirs"), diags)?;
                Some((
                    TExpr::Reachable {
                        from: Box::new(from?),
                        through: Box::new(through?),
                        dirs,
                    },
                    Ty::Cells,
                ))
            }
            "distinct" => {
                let table = self.number_table_by_cell(args.require("table", diags)?, diags);
                let cells = self.expect(args.require("cells", diags)?, Ty::Cells, place, diags);
                Some((
                    TExpr::Distinct {
                        table: table?,
                        cells: Box::new(cells?),
                    },
                    Ty::Int,
                ))
            }
            _ => None,
        }
    }

    /// The name of a table of numbers keyed by cell (`distinct`'s first argument).
    fn number_table_by_cell(&self, arg: &Expr, diags: &mut Diagnostics) -> Option<u16> {
        let found = match &arg.kind {
            ExprKind::Name(n) => self.cx.table(n.as_str()),
            _ => None,
        };
        let decl = found.map(|t| &self.cx.tables[t as usize]);
        if decl.is_some_and(|d| d.key == TableKey::Cell && !d.cells) {
            return found;
        }
        let names: Vec<&str> = (self.cx.tables.iter())
            .filter(|d| d.key == TableKey::Cell && !d.cells)
            .map(|d| d.name.as_str())
            .collect();
        let help = match names.is_empty() {
            true => {
                "declare `[tables.NAME]` with a number for each cell, such as each side's number"
                    .into()
            }
            false => format!("the tables of numbers by cell are {}", names.join(", ")),
        };
        diags.push(
            Diagnostic::error(
                ErrorKind::TypeMismatch {
                    expected: "a table of numbers keyed by cell".into(),
                    found: match decl {
                        Some(_) => "another kind of table".into(),
                        None => "something else".into(),
                    },
                },
                arg.span,
            )
            .with_help(help),
        );
        None
    }
}

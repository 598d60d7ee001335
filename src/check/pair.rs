//! `pair`: a piece and a partner of the mover's, the first piece along a direction from it, move
//! together to fixed cells (castling, where the king and a rook go to their own squares).
//!
//! `pair(piece: king, with: rook, dirs: e, to: king_short, with_to: rook_short)`: the cells
//! are tables of cells keyed by player (`[tables.king_short] white = "g1"`), so that a rule can
//! name the same cells in its filters (`between(from, king_short(mover))`).

use super::rules::*;
use super::*;
use crate::syntax::ast::{Call, Expr, ExprKind};

impl RuleChecker<'_> {
    /// `pair`: the moving kind, its partner's kind, the directions, and the two tables of cells.
    pub(super) fn pair_generator(
        &self,
        call: &Call,
        piece: Option<u8>,
        args: &Args,
        diags: &mut Diagnostics,
    ) -> Option<Generator> {
        let Some(piece) = piece else {
            diags.push(
                Diagnostic::error(ErrorKind::Missing("`piece:`".into()), call.name.span)
                    .with_label("which piece moves?")
                    .with_help("`pair(piece: king, with: rook, ...)` names the piece that moves"),
            );
            return None;
        };
        let with = self.piece(args.require("with", diags)?, diags)?;
        let dirs = self.direction_set(args.require("dirs", diags)?, diags)?;
        let to = self.cell_table_by_player(args.require("to", diags)?, diags);
        let with_to = self.cell_table_by_player(args.require("with_to", diags)?, diags);
        Some(Generator::Pair {
            piece,
            with,
            dirs,
            to: to?,
            with_to: with_to?,
        })
    }

    /// The name of a table of cells keyed by player (`pair`'s `to:` and `with_to:`).
    fn cell_table_by_player(&self, arg: &Expr, diags: &mut Diagnostics) -> Option<u16> {
        let found = match &arg.kind {
            ExprKind::Name(n) => self.cx.table(n.as_str()),
            _ => None,
        };
        let decl = found.map(|t| &self.cx.tables[t as usize]);
        if decl.is_some_and(|d| d.key == TableKey::Player && d.cells) {
            return found;
        }
        let names: Vec<&str> = (self.cx.tables.iter())
            .filter(|d| d.key == TableKey::Player && d.cells)
            .map(|d| d.name.as_str())
            .collect();
        let help = match names.is_empty() {
            true => "declare `[tables.NAME]` with a cell for each player, such as `white = \"g1\"`"
                .into(),
            false => format!("the tables of cells by player are {}", names.join(", ")),
        };
        diags.push(
            Diagnostic::error(
                ErrorKind::TypeMismatch {
                    expected: "a table of cells keyed by player".into(),
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

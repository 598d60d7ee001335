//! `[board] columns = true`: a cell holds a column of pieces of any players and kinds, which moves
//! as one and is owned by its top piece (see `crate::model::columns`). A board of columns has no
//! stacks (a stack is one player's pieces of one kind) and at most [`STACK_CELLS`] cells.

use super::board::STACK_CELLS;
use crate::diagnostic::{Diagnostic, Diagnostics, ErrorKind};
use crate::syntax::game_file::BoardSection;

/// Whether the board holds columns, reporting a board that cannot.
pub fn check_columns(
    section: &BoardSection,
    stacks: bool,
    files: u16,
    ranks: u16,
    diags: &mut Diagnostics,
) -> bool {
    let Some(columns) = section.columns.as_ref().filter(|c| c.value) else {
        return false;
    };
    if stacks {
        diags.push(
            Diagnostic::error(
                ErrorKind::BadBoard("a board has either stacks or columns, not both".into()),
                columns.span,
            )
            .with_label("columns here")
            .with_help(
                "`stacks = true` piles up one player's pieces of one kind; `columns = true` \
                 piles up pieces of any players and kinds, moved as one: keep one of them",
            ),
        );
        // Still a board of columns for the rules, so that their `capture: top_to_bottom` is
        // not reported as well.
        return true;
    }
    if files as usize * ranks as usize > STACK_CELLS {
        diags.push(
            Diagnostic::error(
                ErrorKind::BadBoard(format!(
                    "a board with columns may have at most {STACK_CELLS} cells"
                )),
                columns.span,
            )
            .with_label("too many cells for columns"),
        );
        return false;
    }
    true
}

/// A `[notation]` writes one piece a cell: on a board of columns the pieces under the top pieces
/// would be lost, so a game of columns has none (its positions are files, with `under`).
pub fn no_notation_of_columns(span: crate::span::Span, diags: &mut Diagnostics) {
    diags.push(
        Diagnostic::error(
            ErrorKind::Other("a board of columns has no `[notation]`".into()),
            span,
        )
        .with_label("a notation writes one piece a cell")
        .with_help(
            "leave out `[notation]`: a position file writes the pieces under each top piece \
             (`under`)",
        ),
    );
}

impl super::rules::RuleChecker<'_> {
    /// `capture:` of a `jump`: `whole` (what stands on the jumped cell leaves, the default) or
    /// `top_to_bottom`, which needs a board of columns and jumped pieces that leave at once.
    pub(super) fn top_to_bottom(
        &self,
        expr: &crate::syntax::ast::Expr,
        remove_at_end: bool,
        diags: &mut Diagnostics,
    ) -> Option<bool> {
        let top = self.symbol(expr, &["whole", "top_to_bottom"], diags)? == 1;
        let problem = if !top {
            None
        } else if !self.cx.board.columns {
            Some((
                "`capture: top_to_bottom` needs a board of columns",
                "add `columns = true` under `[board]`: the jumped piece goes under a column",
            ))
        } else if remove_at_end {
            Some((
                "`capture: top_to_bottom` moves each jumped piece at once: it has no `remove: at_end`",
                "leave out `remove: at_end`; a column is never jumped twice in one sequence anyway",
            ))
        } else {
            None
        };
        if let Some((message, help)) = problem {
            diags.push(
                Diagnostic::error(ErrorKind::Other(message.into()), expr.span)
                    .with_label("here")
                    .with_help(help),
            );
            return None;
        }
        Some(top)
    }
}

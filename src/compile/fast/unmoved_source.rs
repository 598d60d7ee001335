//! Move rules with a `where` of the shape `is_in(from, unmoved) and ...`: only a piece that has
//! not moved may make them (castling). Where none of the rule's pieces stands on a cell of
//! `unmoved`, the rule has no move in the position and is not generated at all.

use crate::check::TExpr;
use crate::syntax::ast::BinOp;

/// Whether a top-level `and` of the rule's filters is `is_in(from, unmoved)`.
pub fn recognise(filters: &[TExpr]) -> bool {
    filters.iter().any(conjunct)
}

fn conjunct(expr: &TExpr) -> bool {
    match expr {
        TExpr::Binary(BinOp::And, left, right) => conjunct(left) || conjunct(right),
        TExpr::IsIn(cell, set) => {
            matches!(cell.as_ref(), TExpr::From) && matches!(set.as_ref(), TExpr::Unmoved)
        }
        _ => false,
    }
}

//! Filters that tie a move's landing to the previous move: a `where` of the shape
//! `previous_to == neighbour(to, D) and ...` (or `previous_from`, either side of the `==`).
//!
//! Such a test holds for one landing cell at most: the cell whose neighbour along the mover's D
//! is where the previous move started or ended. When the board has no such cell, or two such
//! tests name different cells, the rule has no move in the position and is not generated at all
//! (en passant, after any move but a pawn's two-square step). Where a landing is possible the
//! rule runs as written, its filters deciding each candidate.

use crate::check::TExpr;
use crate::syntax::ast::BinOp;

/// One `previous_X == neighbour(to, dirs)` test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PreviousAnchor {
    /// `previous_from` (else `previous_to`).
    pub from: bool,
    /// A direction set of one direction per player (the mover's is taken).
    pub dirs: u16,
}

/// The anchors among the top-level `and`s of the rule's filters.
pub fn recognise(filters: &[TExpr]) -> Vec<PreviousAnchor> {
    let mut anchors = Vec::new();
    for filter in filters {
        conjuncts(filter, &mut anchors);
    }
    anchors
}

fn conjuncts(expr: &TExpr, anchors: &mut Vec<PreviousAnchor>) {
    match expr {
        TExpr::Binary(BinOp::And, left, right) => {
            conjuncts(left, anchors);
            conjuncts(right, anchors);
        }
        TExpr::Binary(BinOp::SameCell, left, right) => {
            if let Some(anchor) = anchor(left, right).or_else(|| anchor(right, left)) {
                anchors.push(anchor);
            }
        }
        _ => {}
    }
}

fn anchor(previous: &TExpr, next: &TExpr) -> Option<PreviousAnchor> {
    let from = match previous {
        TExpr::PreviousFrom => true,
        TExpr::PreviousTo => false,
        _ => return None,
    };
    match next {
        TExpr::Next(cell, dirs) if matches!(cell.as_ref(), TExpr::To) => {
            Some(PreviousAnchor { from, dirs: *dirs })
        }
        _ => None,
    }
}

//! `where` conditions that do not depend on the candidate, decided once per rule and position
//! rather than once per candidate. A filter of a rule is a condition on each action it makes;
//! a part of it that reads only the position (no `to`, `from`, `afterwards`, ...) has the same
//! value for every candidate:
//! * a filter that is such a condition throughout either lets every candidate through or none;
//! * an independent part of a top-level `and` that is false stops every candidate;
//! * an independent part of a top-level `or` that is true lets every candidate through
//!   (Oware's `where pieces_on(pits(opponent)) > 0 or afterwards(...)`: the opponent has seeds,
//!   so no sowing need be played out to see whether it feeds them).
//!
//! Once the independent parts are decided and the candidates are made, each candidate is asked
//! only the parts that read it (the filter's residue): the morris games' `not is_in(to,
//! rows(opponent, 3)) or size(rows(opponent, 3)) == count(opponent)` works out the second part's
//! rows once per position, not once per man that might be taken.
//!
//! What runs is [`crate::engine::fast::hoisted_filters`]; the filters themselves stay whole, so
//! every other path (attack probes, explanations) asks them as before.

use super::super::bytecode::{CodeRange, Emitter};
use super::super::chain_of;
use super::fast_check::{Test, test};
use crate::check::TExpr;
use crate::syntax::ast::BinOp;

/// What can be decided of one filter before its candidates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FilterHoist {
    /// The whole filter reads only the position.
    pub fixed: bool,
    /// Independent parts of a top-level `and`: one false, no candidate passes.
    pub requires: Vec<HoistedPart>,
    /// Independent parts of a top-level `or`: one true, every candidate passes.
    pub waives: Vec<HoistedPart>,
    /// The filter without its independent parts, for candidates made once they are decided
    /// (those of `requires` all true, those of `waives` all false).
    pub residue: Option<CodeRange>,
}

/// One independent part: its program, and its test without the stack machine where it is one
/// of [`crate::compile::fast::fast_check`]'s (Oware's `pieces_on(pits(opponent)) > 0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HoistedPart {
    pub code: CodeRange,
    pub fast: Option<Test>,
}

impl FilterHoist {
    pub fn is_empty(&self) -> bool {
        !self.fixed && self.requires.is_empty() && self.waives.is_empty()
    }
}

/// The most filters of a rule whose waiving is tracked (a bit each).
pub const MAX_HOISTED: usize = 32;

/// What can be decided before the candidates of filter number `index`, `fixed` when its program
/// (just emitted) reads only the position; its independent parts are emitted as programs of
/// their own.
pub fn hoist(
    filter: &TExpr,
    fixed: bool,
    index: usize,
    region_first: &[u16],
    emitter: &mut Emitter,
) -> FilterHoist {
    if index >= MAX_HOISTED {
        return FilterHoist::default();
    }
    if fixed {
        return FilterHoist {
            fixed: true,
            ..FilterHoist::default()
        };
    }
    let requires = independent_parts(filter, BinOp::And, region_first, emitter);
    let waives = independent_parts(filter, BinOp::Or, region_first, emitter);
    let residue = match (requires.is_empty(), waives.is_empty()) {
        (false, _) => residue(filter, BinOp::And, emitter),
        (_, false) => residue(filter, BinOp::Or, emitter),
        (true, true) => None,
    };
    FilterHoist {
        fixed: false,
        requires,
        waives,
        residue,
    }
}

/// The program of the parts of a top-level `op` chain of `filter` that read the candidate,
/// joined by `op` again.
fn residue(filter: &TExpr, op: BinOp, emitter: &mut Emitter) -> Option<CodeRange> {
    let mut parts = Vec::new();
    chain_of(filter, op, &mut parts);
    let mut dependent = parts.into_iter().filter(|part| {
        let start = emitter.emitted();
        emitter.expr_program(part);
        let reads = emitter.reads_candidate_since(start);
        emitter.truncate(start);
        reads
    });
    let first = dependent.next()?.clone();
    let joined = dependent.fold(first, |left, part| {
        TExpr::Binary(op, Box::new(left), Box::new(part.clone()))
    });
    Some(emitter.expr_program(&joined))
}

/// The parts of a top-level `op` chain of `filter` that do not read the candidate, each emitted
/// as a program of its own (none when `filter` is not such a chain).
fn independent_parts(
    filter: &TExpr,
    op: BinOp,
    region_first: &[u16],
    emitter: &mut Emitter,
) -> Vec<HoistedPart> {
    let mut parts = Vec::new();
    chain_of(filter, op, &mut parts);
    if parts.len() < 2 {
        return Vec::new();
    }
    let mut kept = Vec::new();
    for part in parts {
        let start = emitter.emitted();
        let program = emitter.expr_program(part);
        if emitter.reads_candidate_since(start) {
            emitter.truncate(start);
        } else {
            // A test that counts pieces cell by cell would miscount stacks: a program then.
            let fast = test(part, region_first).filter(|t| !t.counts_cells());
            kept.push(HoistedPart {
                code: program,
                fast,
            });
        }
    }
    kept
}

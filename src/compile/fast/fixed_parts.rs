//! Second parts that are the same after every first part. A joined turn lists each first part
//! with each move of its continuation in the position the first part leads to, so the first
//! part is played out for each; when the continuation's moves do not depend on the position at
//! all (Pentago's four blocks, each turned either way, after any marble), they are listed once
//! and joined to every first part. What runs is in [`crate::engine::parts`]; tested against
//! playing each first part out (`tests/fast_paths.rs`).

use crate::compile::{CompiledMove, Primitive};

/// Whether every candidate of `rule` is there in every position: a primitive whose candidates
/// read nothing of it, with nothing to judge and no parts of its own.
pub fn position_free(rule: &CompiledMove) -> bool {
    matches!(rule.primitive, Primitive::Rotate(_))
        && rule.unchecked
        && rule.anchors.is_empty()
        && !rule.from_unmoved
        && !rule.joins
}

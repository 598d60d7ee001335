//! Fast paths, chosen when a game is compiled from the shape of its rules, never from its name:
//! each recognises a rule (or a board) of a common shape and lowers it to a form that runs
//! without the stack machine; what they run is in [`crate::engine::fast`], and each is tested
//! against the general path (`tests/fast_paths.rs` and the tests beside them). The language's
//! concepts are the primitives ([`crate::compile::primitives`]) and the rules' program; nothing here adds
//! to what a game can say.

pub mod attack_plan;
pub mod cell_mask;
pub mod effect_conditions;
pub mod effect_sets;
pub mod fast_after;
pub mod fast_check;
pub mod fixed_parts;
pub mod hoisted_filters;
pub mod irreversible;
pub mod lattice;
pub mod neighbour_filter;
pub mod placement_forbids;
pub mod previous_anchor;
pub mod rays;
pub mod row_masks;
pub mod table_values;
pub mod unmoved_source;
pub mod word_moves;
pub mod word_steps;

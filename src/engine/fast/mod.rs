//! The compiled fast paths ([`crate::compile::fast`]) run on positions: each gives what the
//! general path would, and is tested against it.

pub(in crate::engine) mod append;
mod attack_plan;
mod cell_mask;
mod effect_sets;
mod fast_check;
mod flood_shifts;
mod hoisted_filters;
mod inside_of_group;
mod neighbour_filter;
mod placement_forbids;
mod previous_anchor;
mod rows;
#[cfg(test)]
mod unmoved_source;

pub use append::append_product;
pub use attack_plan::Seen;
pub use placement_forbids::PlacementTable;

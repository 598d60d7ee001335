//! What the compiler makes and the engine runs, below both: the compiled board and its cell
//! sets, a position, an action. `compile` builds these from a checked game; `engine` plays on
//! them; neither reaches into the other for them.

pub mod action;
pub mod board;
pub mod columns;
pub mod lattice;
pub mod state;
pub mod verdict;

//! Playing a compiled game: states, actions, the move generator and what is built on it.

pub mod attack;
pub mod beyond;
pub mod cells;
pub mod columns;
pub mod connection;
pub mod deferred_forbids;
pub mod dice;
pub mod estimate;
pub mod eval;
pub mod explain;
pub mod fast;
pub mod fen;
mod fen_squares;
pub mod geometry;
pub mod group_count;
pub mod groups;
pub mod hidden;
pub mod matches;
pub mod movegen;
pub mod notation;
pub mod parts;
pub mod perft;
pub mod playout;
pub mod position;
pub mod primitives;
pub mod roll;
pub mod routes;
pub mod shuffle;
mod stacks;
pub mod tables;

// The position and the action live in `model`, below the compiler and the engine; their old
// paths stay for the code that names them so.
pub use crate::model::{action, state};

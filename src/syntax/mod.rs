//! The parsed stage: a game file as written, every name with its source span.

pub mod ast;
pub mod game_file;
pub mod rules;

pub use game_file::{GameFile, ParsedGame};

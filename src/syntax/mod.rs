//! The parsed stage: a game file as written, every name with its source span.

pub mod ast;
pub mod game_file;
pub mod rules;
pub mod variant_options;

pub use game_file::{GameFile, ParsedGame};

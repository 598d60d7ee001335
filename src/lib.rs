//! Tabula: board games from rules written as data.
//!
//! A game file goes through three stages: [`syntax`] (parsed, with spans), [`check`] (names
//! resolved, diagnostics) and [`compile`] (dense tables and a flat program), and the compiled
//! [`Game`] generates and applies actions.

pub mod ai;
pub mod cases;
pub mod catalog;
pub mod check;
pub mod compile;
pub mod diagnostic;
pub mod engine;
pub mod input;
pub mod model;
pub mod record;
pub mod rulebook;
#[cfg(feature = "server")]
pub mod serve;
pub mod span;
pub mod syntax;

pub use catalog::{Catalog, load_game_file, load_game_text};
pub use compile::Game;
pub use model::action::Action;
pub use model::state::State;

//! Players that think: player specifications and a general Monte Carlo tree search.

pub mod mcts;
pub mod spec;

pub use mcts::{RootChoice, SearchResult};
pub use spec::{Budget, MctsConfig, PlayerSpec};

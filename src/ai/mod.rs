//! Players that think: player specifications and a general Monte Carlo tree search.

pub mod analysis;
pub mod mcts;
pub mod selfplay;
pub mod spec;
pub mod stats;

pub use mcts::{Limit, Proof, RootChoice, SearchResult};
pub use selfplay::GameRecord;
pub use spec::{Budget, MctsConfig, PlayerSpec};

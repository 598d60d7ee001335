//! `path_step`: one piece on the mover's copy of a path steps to the next cell of that path.

use crate::check::Landing;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathStep {
    /// The path, an index into [`Game::paths`](crate::compile::Game).
    pub path: u16,
    pub to: Landing,
}

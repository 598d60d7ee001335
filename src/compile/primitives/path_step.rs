//! `path_step`: one piece on the mover's copy of a path moves to the next cell of that path, or
//! `by` cells on, possibly off its end.

use crate::check::Landing;
use crate::compile::CodeRange;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathStep {
    /// The path, an index into [`Game::paths`](crate::compile::Game).
    pub path: u16,
    pub to: Landing,
    /// A number program: how many cells on (`by: roll`); one cell without it.
    pub by: Option<CodeRange>,
    /// One cell past the path's end, the piece is borne off.
    pub bear_off: bool,
}

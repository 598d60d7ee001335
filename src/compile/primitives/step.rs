//! `step`: one piece, one step in one of the rule's directions.

use crate::check::{Landing, StepCapture};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The direction set, an index into [`Board::direction_sets`](crate::compile::Board).
    pub dirs: u16,
    pub to: Landing,
    /// Lines every step must follow: an index into [`Game::lines`](crate::compile::Game).
    pub along: Option<u16>,
    /// Captures away from the landing (`capture: approach | withdrawal`): then the step exists
    /// only where it captures so (see [`crate::engine`]'s `remote_steps`).
    pub capture: StepCapture,
}

//! `slide`: one piece, any number of steps (up to `max`) over empty cells in one direction.

use crate::check::Landing;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slide {
    /// The direction set, an index into [`Board::direction_sets`](crate::compile::Board).
    pub dirs: u16,
    pub to: Landing,
    pub max: u16,
    /// The pieces (of any player) passed over before a landing: a cannon's screen. The first
    /// piece after them ends the slide.
    pub screens: u8,
    /// Lines every step must follow: an index into [`Game::lines`](crate::compile::Game).
    pub along: Option<u16>,
    /// Lines a slide may cross only as its single step.
    pub crossing: Option<u16>,
    /// A slide may cross `crossing` lines anywhere but stops right after.
    pub crossing_stop_after: bool,
}

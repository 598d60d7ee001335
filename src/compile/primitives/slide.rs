//! `slide`: one piece, any number of steps (up to `max`) over empty cells in one direction.

use crate::check::{Landing, SlideDistance, SlidePass};

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
    /// How far it goes: up to `max`, or exactly a distance (a number, or the pieces on its line,
    /// counted with [`Game::line_masks`](crate::compile::Game)).
    pub distance: SlideDistance,
    /// The pieces it may pass over.
    pub pass: SlidePass,
}

impl Slide {
    /// Any distance up to `max`, over empty cells only, no screens: the common slide, whose loop
    /// is compiled without the other slides' tests.
    pub fn is_plain(&self) -> bool {
        self.distance == SlideDistance::Any && self.pass == SlidePass::None && self.screens == 0
    }
}

//! `jump`: one piece jumps over an adjacent enemy piece to the empty cell beyond; with `chain` it
//! goes on jumping while it can.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jump {
    /// The direction set, an index into [`Board::direction_sets`](crate::compile::Board).
    pub dirs: u16,
    /// The kind of enemy piece that may be jumped (any if `None`).
    pub over_piece: Option<u8>,
    /// Go on jumping while possible (a turn is one whole sequence).
    pub chain: bool,
    /// Jumped pieces leave when the sequence ends, not at once.
    pub remove_at_end: bool,
    /// Lines every step must follow: an index into [`Game::lines`](crate::compile::Game).
    pub along: Option<u16>,
    /// `range: long`: any number of empty cells before the jumped piece and any empty landing
    /// beyond it.
    pub long: bool,
    /// `promote_at: end`: the sequence goes on through the promotion region; the piece is
    /// promoted only if it ends there.
    pub promote_at_end: bool,
    /// `capture: top_to_bottom` (a board of columns): a jumped column loses only its top piece,
    /// which goes to the bottom of the jumping column; the rest stays, under its new top.
    pub top_to_bottom: bool,
}

//! What a rule decided, and what the action just played did: what the engine's evaluator and the
//! compiled fast paths both give and read.

/// What a rule body decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The player and the score of the win.
    Win(u8, i32),
    Lose(u8),
    Draw,
    Pass,
    Nothing,
}

/// What the action just played did, as `after` rules read it (`captured`, `moved`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// The pieces it captured (see `Game::played`).
    pub captured: u8,
    /// Bit `k` is set when it moved a piece of kind `k`, as the piece was before any promotion.
    pub moved: u64,
    /// It was a pass.
    pub passed: bool,
}

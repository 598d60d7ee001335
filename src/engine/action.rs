//! An action: what one player does in one turn, as a small copyable value.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// `count` pieces in a line from `from` along `dir` move `distance` cells; the front one lands on `to`.
    Move,
    /// One piece jumps from `from` over `captured` enemy pieces; `path` holds each jump's direction.
    Jump,
    /// One piece goes from `from` to `to`, cells that need not be neighbours (a path step).
    Hop,
    Pass,
    /// Dice games: the roll of two dice, `from` the larger and `to` the smaller (a chance event).
    Roll,
    /// Dice games: one piece moved by one die of `distance` pips from `from` to `to`, or borne
    /// off (`to` = [`crate::engine::dice::OFF`]).
    Die,
    /// A face-down piece that has just moved shows its kind `to` (a chance event).
    Reveal,
}

/// Every move primitive is a line of `count` pieces moving `distance` cells: a step is 1 x 1, a slide
/// 1 x k. `captured` enemy pieces standing in a row from `to` along `dir` are removed first.
/// `repr(C)` keeps the byte fields together in the first word, so that copying a template action
/// and changing a few bytes compiles to a few stores (move lists are written for every position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(C, align(8))]
pub struct Action {
    pub kind: ActionKind,
    /// Index of the move rule that made it.
    pub rule: u8,
    /// Cells fit in a byte (boards have at most 256), which keeps an action at 16 bytes: move
    /// lists are written for every position, so their size is speed. [`Action::from_cell`] and
    /// [`Action::to_cell`] give them as cell indices.
    pub from: u8,
    pub to: u8,
    pub dir: u8,
    pub count: u8,
    pub distance: u8,
    pub captured: u8,
    /// Jumps: the direction of each jump in turn, a few bits each.
    pub path: u64,
}

impl Action {
    /// `count` pieces in a line from `from` move `distance` cells along `dir`, the front one to `to`.
    #[inline]
    pub fn moving(
        rule: u8,
        from: u16,
        to: u16,
        dir: u8,
        count: u8,
        distance: u8,
        captured: u8,
    ) -> Action {
        Action {
            kind: ActionKind::Move,
            rule,
            from: from as u8,
            to: to as u8,
            dir,
            count,
            distance,
            captured,
            path: 0,
        }
    }

    #[inline]
    pub fn from_cell(&self) -> u16 {
        u16::from(self.from)
    }

    #[inline]
    pub fn to_cell(&self) -> u16 {
        u16::from(self.to)
    }

    /// The direction of jump `i`, stored in `bits` bits each (see [`crate::compile::Board::jump_bits`]).
    #[inline]
    pub fn jump_direction(&self, i: u8, bits: u32) -> u8 {
        (self.path >> (bits * i as u32) & ((1 << bits) - 1)) as u8
    }
}

impl Action {
    pub const PASS: Action = Action {
        kind: ActionKind::Pass,
        rule: 0,
        from: 0,
        to: 0,
        dir: 0,
        count: 0,
        distance: 0,
        captured: 0,
        path: 0,
    };
}

//! An action: what one player does in one turn, as a small copyable value.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
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
    /// A new piece of the mover appears on `to` (`place`; its kind is the rule's).
    Place,
    /// The enemy piece on `to` leaves the board (`take`).
    Take,
    /// The pieces on `from` are sown along a loop, the last one landing on `to` (`sow`).
    Sow,
    /// The piece on `from` leaves the board past the end of its path, borne off (`path_step`
    /// with `bear_off`); `to` is [`OFF_BOARD`].
    Off,
    /// A square of the board turns with its pieces (`rotate`): `from` is the square's place in
    /// the rule's choice, `to` the quarters turned clockwise.
    Rotate,
    /// The set-up drawn by lot at the start (`[shuffle]`, a chance event): arrangement
    /// `from | to << 10` of the game's list.
    Setup,
    /// A line of `count` pieces from `from` moves one cell along `dir` (`line_step`); `to` is
    /// where its front piece lands. The line lies along [`Action::axis`]: `dir` itself when it
    /// moves along its line (pushing any enemy pieces in front one cell on, `captured` of them
    /// off the board), another direction when it moves sideways.
    LineStep,
}

/// `Action::to` of an action that bears a piece off the board.
pub const OFF_BOARD: u16 = 0x3ff;

impl ActionKind {
    /// Every kind at the index of its four bits, padded to a power of two: decoding is one masked load.
    const BY_BYTE: [ActionKind; 16] = [
        ActionKind::Move,
        ActionKind::Jump,
        ActionKind::Hop,
        ActionKind::Pass,
        ActionKind::Roll,
        ActionKind::Die,
        ActionKind::Reveal,
        ActionKind::Place,
        ActionKind::Take,
        ActionKind::Sow,
        ActionKind::Off,
        ActionKind::Rotate,
        ActionKind::Setup,
        ActionKind::LineStep,
        ActionKind::Take,
        ActionKind::Take,
    ];

    #[inline]
    const fn from_bits(bits: u64) -> ActionKind {
        ActionKind::BY_BYTE[(bits & 15) as usize]
    }
}

/// Where a step's capture is, when it is not its landing cell (`step(capture: ...)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Remote {
    /// The run of enemy pieces from the cell beyond the landing, onward along the direction.
    Approach,
    /// The run of enemy pieces from the cell behind the start, backward against the direction.
    Withdrawal,
}

/// Every move primitive is a line of `count` pieces moving `distance` cells: a step is 1 x 1, a slide
/// 1 x k. `captured` enemy pieces standing in a row from `to` along `dir` are removed first.
///
/// The fields share one machine word, so that a move generator builds an action in registers and
/// writes it with two stores (move lists are written for every position, so this is speed). Cells
/// take ten bits, enough for boards of up to 1024 cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Action {
    /// From the lowest bit: kind (4 bits), rule (8), from (10), to (10), then the bytes dir,
    /// count, distance and captured.
    bytes: u64,
    /// Jumps: the direction of each jump in turn, a few bits each.
    path: u64,
}

const KIND: u32 = 0;
const RULE: u32 = 4;
const FROM: u32 = 12;
const TO: u32 = 22;
const CELL_MASK: u64 = 0x3ff;

/// The most cells an action can name.
pub const MAX_ACTION_CELLS: usize = 1 << 10;
const DIR: u32 = 32;
/// The direction byte's top bits: a capture by approach or withdrawal (see [`Action::remote`]).
const DIR_MASK: u8 = 0x3f;
const REMOTE: u8 = 0x80;
const WITHDRAWAL: u8 = 0x40;
const COUNT: u32 = 40;
const DISTANCE: u32 = 48;
const CAPTURED: u32 = 56;

impl Action {
    /// The action as one number, the same in every position: an id for scripts (the Python
    /// package's integer actions).
    pub fn id(&self) -> u128 {
        (self.path as u128) << 64 | self.bytes as u128
    }

    /// An action from its fields. Cells fit in ten bits (see [`MAX_ACTION_CELLS`]), which keeps an
    /// action at 16 bytes.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub const fn new(
        kind: ActionKind,
        rule: u8,
        from: u16,
        to: u16,
        dir: u8,
        count: u8,
        distance: u8,
        captured: u8,
    ) -> Action {
        Action {
            bytes: (kind as u64) << KIND
                | (rule as u64) << RULE
                | (from as u64 & CELL_MASK) << FROM
                | (to as u64 & CELL_MASK) << TO
                | (dir as u64) << DIR
                | (count as u64) << COUNT
                | (distance as u64) << DISTANCE
                | (captured as u64) << CAPTURED,
            path: 0,
        }
    }

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
        Action::new(
            ActionKind::Move,
            rule,
            from,
            to,
            dir,
            count,
            distance,
            captured,
        )
    }

    /// A line step (`line_step`): `count` pieces from `rear` along `axis` move one cell along
    /// `dir`, the front one to `to`, pushing `captured` enemy pieces off the board. The axis rides
    /// in the distance byte, a line step going one cell.
    #[inline]
    pub fn line_step(
        rule: u8,
        rear: u16,
        to: u16,
        dir: u8,
        axis: u8,
        count: u8,
        captured: u8,
    ) -> Action {
        Action::new(
            ActionKind::LineStep,
            rule,
            rear,
            to,
            dir,
            count,
            axis,
            captured,
        )
    }

    /// The direction along which a line step's line lies, from its rear (see
    /// [`ActionKind::LineStep`]).
    #[inline]
    pub const fn axis(&self) -> u8 {
        self.byte(DISTANCE)
    }

    #[inline]
    const fn byte(&self, at: u32) -> u8 {
        (self.bytes >> at) as u8
    }

    #[inline]
    fn with_byte(self, at: u32, value: u8) -> Action {
        Action {
            bytes: self.bytes & !(0xff << at) | u64::from(value) << at,
            ..self
        }
    }

    #[inline]
    pub const fn kind(&self) -> ActionKind {
        ActionKind::from_bits(self.bytes >> KIND)
    }

    /// Index of the move rule that made it.
    #[inline]
    pub const fn rule(&self) -> u8 {
        (self.bytes >> RULE) as u8
    }

    /// The `from` field: a cell, or a special value of dice and roll actions.
    #[inline]
    pub const fn from(&self) -> u16 {
        (self.bytes >> FROM & CELL_MASK) as u16
    }

    /// The `to` field: a cell, or a special value of dice, roll and reveal actions.
    #[inline]
    pub const fn to(&self) -> u16 {
        (self.bytes >> TO & CELL_MASK) as u16
    }

    /// The direction (the low six bits of its byte: a board has at most 64).
    #[inline]
    pub const fn dir(&self) -> u8 {
        self.byte(DIR) & DIR_MASK
    }

    /// A step that captures away from its landing (`step(capture: approach | withdrawal)`): which
    /// way, from the two top bits of the direction's byte.
    #[inline]
    pub const fn remote(&self) -> Option<Remote> {
        match self.byte(DIR) >> 6 {
            2 => Some(Remote::Approach),
            3 => Some(Remote::Withdrawal),
            _ => None,
        }
    }

    /// This step capturing `captured` pieces by approach or withdrawal.
    #[inline]
    pub fn with_remote(self, remote: Remote, captured: u8) -> Action {
        let flags = match remote {
            Remote::Approach => REMOTE,
            Remote::Withdrawal => REMOTE | WITHDRAWAL,
        };
        self.with_byte(DIR, self.dir() | flags)
            .with_byte(CAPTURED, captured)
    }

    #[inline]
    pub const fn count(&self) -> u8 {
        self.byte(COUNT)
    }

    /// A placement with a choice of kinds (`piece: stone or ring`): the kind chosen plus one, 0
    /// for a rule of one kind. It rides in the count byte, which a placement leaves unused, so that
    /// the choice stays in the first word when the placement is a joined part.
    #[inline]
    pub const fn placed_choice(&self) -> u8 {
        self.byte(COUNT)
    }

    /// This placement putting a piece of `kind` (see [`Action::placed_choice`]).
    #[inline]
    pub fn with_placed_kind(self, kind: u8) -> Action {
        self.with_byte(COUNT, kind + 1)
    }

    #[inline]
    pub const fn distance(&self) -> u8 {
        self.byte(DISTANCE)
    }

    #[inline]
    pub const fn captured(&self) -> u8 {
        self.byte(CAPTURED)
    }

    /// Jumps: the direction of each jump in turn, a few bits each; a joined turn: its second part.
    #[inline]
    pub const fn path(&self) -> u64 {
        self.path
    }

    /// The byte fields as one word.
    #[inline]
    pub const fn first_word(&self) -> u64 {
        self.bytes
    }

    /// An action from its byte fields, with no second word.
    #[inline]
    pub const fn from_first_word(bytes: u64) -> Action {
        Action { bytes, path: 0 }
    }

    #[inline]
    pub fn from_cell(&self) -> u16 {
        self.from()
    }

    #[inline]
    pub fn to_cell(&self) -> u16 {
        self.to()
    }

    /// A move of `template` (made with `to`, `distance` and `captured` 0) landing on `to`.
    #[inline]
    pub fn landing(self, to: u16, distance: u8, captured: u8) -> Action {
        Action {
            bytes: self.bytes
                | (u64::from(to) & CELL_MASK) << TO
                | u64::from(distance) << DISTANCE
                | u64::from(captured) << CAPTURED,
            path: self.path,
        }
    }

    #[inline]
    pub fn with_to(self, to: u16) -> Action {
        Action {
            bytes: self.bytes & !(CELL_MASK << TO) | (u64::from(to) & CELL_MASK) << TO,
            ..self
        }
    }

    #[inline]
    pub fn with_dir(self, dir: u8) -> Action {
        self.with_byte(DIR, dir)
    }

    #[inline]
    pub fn with_captured(self, captured: u8) -> Action {
        self.with_byte(CAPTURED, captured)
    }

    #[inline]
    pub fn with_path(self, path: u64) -> Action {
        Action { path, ..self }
    }

    /// This action with `bytes` as its byte fields, its second word kept.
    #[inline]
    pub fn with_first_word(self, bytes: u64) -> Action {
        Action { bytes, ..self }
    }

    /// A `Move` of one piece by one cell taking at most the piece it lands on: one compare of the
    /// word.
    #[inline]
    pub fn is_single_step(&self) -> bool {
        const FIELDS: u64 = 0xf << KIND
            | (REMOTE as u64) << DIR
            | 0xff << COUNT
            | 0xff << DISTANCE
            | 0xfe << CAPTURED;
        const STEP: u64 = (ActionKind::Move as u64) << KIND | 1 << COUNT | 1 << DISTANCE;
        self.bytes & FIELDS == STEP
    }

    /// The direction of jump `i`, stored in `bits` bits each (see [`crate::compile::Board::jump_bits`]).
    #[inline]
    pub fn jump_direction(&self, i: u8, bits: u32) -> u8 {
        (self.path >> (bits * i as u32) & ((1 << bits) - 1)) as u8
    }

    pub const PASS: Action = Action::new(ActionKind::Pass, 0, 0, 0, 0, 0, 0, 0);
}

/// The one-cell steps of a move rule along one direction: [`StepTemplate::to`] makes the step
/// to a cell with one multiply and one add, for move generators that make many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepTemplate(u64);

impl StepTemplate {
    /// Steps of rule `rule` along `dir`, whose neighbour is `offset` cell indices away.
    pub fn new(rule: u8, dir: u8, offset: i16) -> StepTemplate {
        let template = Action::moving(rule, 0, 0, dir, 1, 1, 0).bytes;
        // The step to `to` comes from `to - offset`: subtracting the offset in the `from` byte
        // now leaves `to` to be added to both bytes. `to - offset` is a cell, so nothing carries.
        StepTemplate(template.wrapping_sub((i64::from(offset) as u64) << FROM))
    }

    /// The step to cell `to`, taking the piece there if `captured` (0 or 1).
    #[inline(always)]
    pub fn to(self, to: u32, captured: u64) -> Action {
        Action {
            bytes: self.0.wrapping_add(u64::from(to) * (1 << FROM | 1 << TO))
                | captured << CAPTURED,
            path: 0,
        }
    }
}

impl std::fmt::Debug for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Action")
            .field("kind", &self.kind())
            .field("rule", &self.rule())
            .field("from", &self.from())
            .field("to", &self.to())
            .field("dir", &self.dir())
            .field("count", &self.count())
            .field("distance", &self.distance())
            .field("captured", &self.captured())
            .field("path", &self.path)
            .finish()
    }
}

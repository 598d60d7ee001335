//! A position: a flat, fixed-size value that copies without allocating.

use super::board::{CellSet, NO_CELL};
use crate::check::HAND_KINDS;
pub use crate::check::MAX_CELLS;

/// The cells of the board, and for speed the same pieces as one bit set per owner. Every write
/// goes through [`State::set`], which keeps the two in step.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct State<const W: usize = 4> {
    /// 0 = empty, otherwise `(kind + 1) << 2 | player`.
    cells: [[u8; 64]; W],
    owners: [CellSet<W>; 4],
    pub to_move: u8,
    /// Actions played since the initial position.
    pub ply: u32,
    /// The game's counters (`[counters]`), in name order.
    pub counters: [i32; 4],
    /// Boards with stacks (`[board] stacks = true`, at most [`STACK_CELLS`] cells): the pieces on a
    /// cell beyond the first. Other games never write it.
    extra: [u8; STACK_CELLS],
    /// Boards with stacks: the piece pinned under the stack of a cell, encoded as in `cells`, or 0
    /// (`die_move` with `hit: pin`). It is not the cell's piece: the stack on top owns the cell.
    under: [u8; STACK_CELLS],
    /// Boards of columns (`[board] columns = true`): the pieces under the top piece of each cell,
    /// packed by [`super::columns`] (0: the cell holds its top piece alone, or nothing).
    pub(super) columns_low: [u32; STACK_CELLS],
    pub(super) columns_high: [u16; STACK_CELLS],
    /// Pieces each player has borne off the board.
    pub off: [u8; 4],
    /// Pieces each player has on the bar, hit and waiting to enter.
    pub bar: [u8; 4],
    /// Dice games: the pips still to play this turn, in order (see [`Pool`]).
    pub pool: [u8; POOL],
    pub pool_len: u8,
    pub pool_kind: Pool,
    /// Rolls made so far in the game.
    pub rolls: u16,
    /// Face-down pieces whose kind is already fixed (a position file or a test deal); a piece of a
    /// face-down kind (`hides`) is face down whatever this says.
    pub face_down: CellSet<W>,
    /// The cell of a face-down piece that has just moved: its reveal is due (a chance event).
    pub reveal_at: u16,
    /// The player owed extra turns (`extra_turn`), or [`NONE`].
    pub bonus: u8,
    /// The move rule of the move whose reveal is still due (0 otherwise).
    pub moved_by: u8,
    /// Extra turns owed to [`State::bonus`], played each once a turn is over.
    pub bonus_left: u8,
    /// The move rule the mover must go on with (a `next` part of the turn), or [`NONE`].
    pub pending: u8,
    /// The cell where the previous part of this turn landed (`last_to`), or [`NONE`].
    pub last_to: u16,
    /// The cells of the pieces marked in this turn (`mark`, read as `marked`); cleared when the
    /// turn is over.
    pub marked: CellSet<W>,
    /// The cells the parts of this turn have started from and landed on (`visited`); cleared
    /// when the turn is over. Kept only in a game whose rules read it.
    pub visited: CellSet<W>,
    /// Of the cells `[memory] unmoved` declares, those whose piece has not moved since the start
    /// (`unmoved`: castling rights). Empty in a game that declares none.
    pub unmoved: CellSet<W>,
    /// Where the previous action started and ended (`previous_from`, `previous_to`: en passant),
    /// or [`NO_CELL`](crate::compile::NO_CELL); kept only in a game whose rules read them.
    pub previous_from: u16,
    pub previous_to: u16,
    /// Pieces each player holds in hand, by the game's hand slot (`[hand.PLAYER]`).
    pub hand: [[u8; HAND_KINDS]; 4],
    /// The set-up drawn by lot (`[shuffle]`) is still to be drawn: a chance event.
    pub setup_due: bool,
}

/// The byte of a cell holding a piece of `player` and `kind` (0 is an empty cell).
#[inline]
pub fn encode(player: u8, kind: u8) -> u8 {
    (kind + 1) << 2 | player
}

/// The player after `player` in turn order (a compare, not a division: this runs every ply).
#[inline]
pub fn next_player(player: u8, players: u8) -> u8 {
    if player + 1 >= players { 0 } else { player + 1 }
}

/// No cell, no player: for [`State::reveal_at`] and [`State::bonus`].
pub const NONE: u8 = u8::MAX;

pub use crate::check::STACK_CELLS;
/// The most pips a turn may hold: a doublet that escalates from 1 to 6 is 24.
pub const POOL: usize = 24;

/// What the pips in the pool are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Pool {
    /// No pips: in a dice game the player to move rolls next.
    #[default]
    Empty,
    /// An ordinary roll: its dice may be played in either order.
    Roll,
    /// The mover's own doublet: its pips are played in order.
    Doublet,
    /// Pips passed on by the opponent, played in order before the receiver's own roll.
    Transferred,
    /// Transferred pips the receiver could not play, passed back (`[dice] transfer_back`).
    Returned,
}

impl<const W: usize> State<W> {
    pub fn empty(to_move: u8) -> State<W> {
        State {
            cells: [[0; 64]; W],
            owners: [CellSet::default(); 4],
            to_move,
            ply: 0,
            counters: [0; 4],
            extra: [0; STACK_CELLS],
            under: [0; STACK_CELLS],
            columns_low: [0; STACK_CELLS],
            columns_high: [0; STACK_CELLS],
            off: [0; 4],
            bar: [0; 4],
            pool: [0; POOL],
            pool_len: 0,
            pool_kind: Pool::Empty,
            rolls: 0,
            face_down: CellSet::default(),
            reveal_at: NO_CELL,
            bonus: NONE,
            moved_by: 0,
            bonus_left: 0,
            pending: NONE,
            last_to: NO_CELL,
            marked: CellSet::default(),
            visited: CellSet::default(),
            unmoved: CellSet::default(),
            previous_from: NO_CELL,
            previous_to: NO_CELL,
            hand: [[0; HAND_KINDS]; 4],
            setup_due: false,
        }
    }

    /// Every cell's byte, as [`encode`] makes them.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        self.cells.as_flattened()
    }

    #[inline]
    pub fn cell(&self, cell: u16) -> u8 {
        self.cells.as_flattened()[cell as usize]
    }

    /// The cells holding any piece.
    #[inline]
    pub fn occupied(&self) -> CellSet<W> {
        self.owners[0]
            .or(&self.owners[1])
            .or(&self.owners[2].or(&self.owners[3]))
    }

    /// The cells holding a piece of `player`.
    #[inline]
    pub fn pieces_of(&self, player: u8) -> &CellSet<W> {
        &self.owners[player as usize & 3]
    }

    #[inline]
    pub fn set(&mut self, cell: u16, value: u8) {
        let old = self.cells.as_flattened()[cell as usize];
        if old != 0 {
            self.owners[(old & 3) as usize].remove(cell);
        }
        self.cells.as_flattened_mut()[cell as usize] = value;
        if value != 0 {
            self.owners[(value & 3) as usize].insert(cell);
        }
    }

    #[inline]
    pub fn clear(&mut self, cell: u16) {
        self.set(cell, 0);
    }

    /// Moves the piece on `from` to `to`, removing whatever stood there.
    #[inline]
    pub fn move_piece(&mut self, from: u16, to: u16) {
        let piece = self.cells.as_flattened()[from as usize];
        self.set(to, piece);
        self.cells.as_flattened_mut()[from as usize] = 0;
        self.owners[(piece & 3) as usize].remove(from);
    }

    /// Puts a piece of `kind` owned by `player` on `cell`.
    pub fn put(&mut self, cell: u16, player: u8, kind: u8) {
        self.set(cell, encode(player, kind));
    }

    /// How many pieces stand on the cells (`pieces_on`: stacks count all theirs).
    #[inline]
    pub fn pieces_on(&self, cells: &CellSet<W>) -> i32 {
        cells
            .iter()
            .fold(0i32, |sum, c| sum + i32::from(self.height(c)))
    }

    /// How many pieces stand on a cell (stacks count all theirs).
    #[inline]
    pub fn height(&self, cell: u16) -> u8 {
        if self.cells.as_flattened()[cell as usize] == 0 {
            0
        } else {
            1 + self.extra.get(cell as usize).copied().unwrap_or(0)
        }
    }

    /// All the pieces a player has: on the board (every piece of a stack), pinned, on the bar and
    /// borne off. Counted wide: no byte of the state can overflow it.
    pub fn pieces_in_play(&self, player: u8) -> u32 {
        let on_board: u32 = self
            .pieces_of(player)
            .iter()
            .map(|c| 1 + u32::from(self.extra.get(c as usize).copied().unwrap_or(0)))
            .sum();
        let pinned = self.pinned_cells(player).count() as u32;
        let p = player as usize & 3;
        let in_hand: u32 = self.hand[p].iter().map(|&n| u32::from(n)).sum();
        on_board + pinned + u32::from(self.bar[p]) + u32::from(self.off[p]) + in_hand
    }

    /// Adds a piece to a stack (the cell is empty or holds the same player's pieces of that kind).
    pub fn push_piece(&mut self, cell: u16, value: u8) {
        if self.cells.as_flattened()[cell as usize] == 0 {
            self.set(cell, value);
        } else if let Some(extra) = self.extra.get_mut(cell as usize) {
            *extra = extra.saturating_add(1);
        }
    }

    /// Takes every piece off a cell: (its byte, how many), (0, 0) for an empty cell. A piece
    /// pinned under them stays, free again.
    pub fn lift(&mut self, cell: u16) -> (u8, u8) {
        let piece = self.cells.as_flattened()[cell as usize];
        let height = self.height(cell);
        if let Some(extra) = self.extra.get_mut(cell as usize) {
            *extra = 0;
        }
        let freed = self.under.get_mut(cell as usize).map_or(0, std::mem::take);
        self.set(cell, freed);
        (piece, height)
    }

    /// Puts `count` pieces on a cell's stack: of `piece` on an empty cell, else the stack keeps its
    /// own owner and kind and grows (a board with stacks; the count stops at 256).
    pub fn drop_pieces(&mut self, cell: u16, piece: u8, count: u8) {
        if count == 0 || piece == 0 {
            return;
        }
        let more = if self.cells.as_flattened()[cell as usize] == 0 {
            self.set(cell, piece);
            count - 1
        } else {
            count
        };
        if let Some(extra) = self.extra.get_mut(cell as usize) {
            *extra = extra.saturating_add(more);
        }
    }

    /// Takes one piece from a stack; when the last one leaves, a piece pinned under it is free.
    pub fn pop_piece(&mut self, cell: u16) {
        match self.extra.get_mut(cell as usize) {
            Some(extra) if *extra > 0 => *extra -= 1,
            _ => {
                let freed = self.under.get_mut(cell as usize).map_or(0, std::mem::take);
                self.set(cell, freed);
            }
        }
    }

    /// Sets aside every piece of a stack but its top one: returns how many (the cell then holds
    /// one piece, or none).
    pub fn set_aside_rest(&mut self, cell: u16) -> u8 {
        self.extra.get_mut(cell as usize).map_or(0, std::mem::take)
    }

    /// A stack whose pieces under the top were set aside: `rest` pieces of `piece` stand there
    /// again (under the top one, if it came back).
    pub fn restore_rest(&mut self, cell: u16, piece: u8, rest: u8) {
        self.drop_pieces(cell, piece, rest);
    }

    /// An empty cell has no stack: the heights left on cells that a move or an effect emptied
    /// piece by piece (with [`State::clear`]) go with them.
    pub fn forget_emptied_stacks(&mut self) {
        let cells = self.cells.as_flattened();
        for (extra, &piece) in self.extra.iter_mut().zip(cells) {
            if piece == 0 {
                *extra = 0;
            }
        }
    }

    /// Pins the lone piece on `cell` under `value`, which now owns the cell.
    pub fn pin(&mut self, cell: u16, value: u8) {
        if let Some(under) = self.under.get_mut(cell as usize) {
            *under = self.cells.as_flattened()[cell as usize];
            self.set(cell, value);
        }
    }

    /// (player, kind) of the piece pinned under the stack on a cell.
    #[inline]
    pub fn pinned(&self, cell: u16) -> Option<(u8, u8)> {
        let v = self.under.get(cell as usize).copied().unwrap_or(0);
        (v != 0).then(|| (v & 3, (v >> 2) - 1))
    }

    /// Whether any piece of `player` is pinned.
    pub fn has_pinned(&self, player: u8) -> bool {
        self.under.iter().any(|&v| v != 0 && v & 3 == player)
    }

    /// The cells where a piece of `player` is pinned.
    pub fn pinned_cells(&self, player: u8) -> impl Iterator<Item = u16> + '_ {
        self.under
            .iter()
            .enumerate()
            .filter(move |(_, v)| **v != 0 && **v & 3 == player)
            .map(|(c, _)| c as u16)
    }

    /// The pips left to play, in order.
    #[inline]
    pub fn pips(&self) -> &[u8] {
        &self.pool[..self.pool_len as usize]
    }

    /// Removes the first pip of that value.
    pub fn use_pip(&mut self, pip: u8) {
        if let Some(i) = self.pips().iter().position(|&p| p == pip) {
            self.pool.copy_within(i + 1..self.pool_len as usize, i);
            self.pool_len -= 1;
            // Freed entries are zero, so that equal positions compare equal.
            self.pool[self.pool_len as usize] = 0;
        }
    }

    /// Drops every pip left.
    pub fn clear_pool(&mut self) {
        self.pool = [0; POOL];
        self.pool_len = 0;
    }

    /// (player, kind) of the piece on a cell.
    #[inline]
    pub fn piece(&self, cell: u16) -> Option<(u8, u8)> {
        let v = self.cells.as_flattened()[cell as usize];
        (v != 0).then(|| (v & 3, (v >> 2) - 1))
    }

    #[inline]
    pub fn owner(&self, cell: u16) -> Option<u8> {
        let v = self.cells.as_flattened()[cell as usize];
        (v != 0).then_some(v & 3)
    }

    /// A hash of the piece placement and the player to move, what makes two positions "the same"
    /// for `repetitions`: counters and `ply` are left out. Deterministic (no random seed), so keys
    /// are the same in every run: an FxHash-style mix of the cells eight at a time, then the rest,
    /// then a final avalanche. Only the words that can hold something are mixed: the cells up to
    /// the last occupied one, and the stack arrays when some stack is there. How many words were
    /// mixed goes into the last one, so two placements never feed the same words.
    pub fn key(&self) -> u64 {
        const K: u64 = 0x517c_c1b7_2722_0a95;
        let mix = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(K);
        let word = |bytes: &[u8]| u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        let mut h = 0u64;
        let used = self
            .occupied()
            .last()
            .map_or(0, |last| last as usize / 8 + 1);
        for chunk in self.cells.as_flattened()[..used * 8].chunks_exact(8) {
            h = mix(h, word(chunk));
        }
        // Whether there is any stack, pinned piece or column: one pass of ORs over each whole
        // array (a vector loop of fixed length), not a test per word, as most boards have none.
        // Each stands on an occupied cell, so only the cells up to the last occupied one are
        // mixed.
        let stack_bytes = (used * 8).min(STACK_CELLS);
        let any = |bytes: &[u8]| bytes.iter().fold(0u8, |any, &b| any | b) != 0;
        // Both arrays in one pass first: most boards have neither.
        let (stacked, pinned) =
            match (self.extra.iter().zip(&self.under)).fold(0u8, |any, (&e, &u)| any | e | u) {
                0 => (false, false),
                _ => (any(&self.extra), any(&self.under)),
            };
        for (bytes, present) in [(&self.extra, stacked), (&self.under, pinned)] {
            if present {
                for chunk in bytes[..stack_bytes].chunks_exact(8) {
                    h = mix(h, word(chunk));
                }
            }
        }
        let columned = self.columns_low.iter().fold(0u32, |any, &c| any | c) != 0;
        if columned {
            for cell in 0..stack_bytes as u16 {
                h = mix(h, self.column(cell));
            }
        }
        let mut off_bar = [0; 8];
        off_bar[..4].copy_from_slice(&self.off);
        off_bar[4..].copy_from_slice(&self.bar);
        h = mix(h, u64::from_le_bytes(off_bar));
        let hands = self.hand.as_flattened();
        for chunk in hands.chunks_exact(8) {
            h = mix(h, word(chunk));
        }
        // What the rules remember of the past is part of the position (castling rights, the
        // move an en passant capture answers): only games that remember it have it.
        if !self.unmoved.is_empty() {
            for i in 0..W {
                h = mix(h, self.unmoved.word(i));
            }
        }
        if self.previous_to != NO_CELL {
            h = mix(
                h,
                u64::from(self.previous_from) << 16 | u64::from(self.previous_to),
            );
        }
        // A position in the middle of a turn is not the position at its start, nor one with
        // other pieces marked or other cells visited (both last only while a part is pending),
        // nor one with extra
        // turns owed.
        if self.pending != NONE {
            for i in 0..W {
                h = mix(h, self.marked.word(i));
                h = mix(h, self.visited.word(i));
            }
        }
        h = mix(
            h,
            u64::from(self.to_move)
                | u64::from(self.pending) << 8
                | u64::from(self.last_to) << 16
                | (used as u64) << 32
                | u64::from(self.bonus_left) << 40
                | u64::from(stacked) << 48
                | u64::from(columned) << 49
                | u64::from(pinned) << 50
                | u64::from(self.bonus) << 56,
        );
        // The finaliser of MurmurHash3: every input bit reaches every output bit.
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ h >> 33
    }
}

impl<const W: usize> std::fmt::Debug for State<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let occupied: Vec<(usize, u8)> = self
            .cells()
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, v)| *v != 0)
            .collect();
        f.debug_struct("State")
            .field("to_move", &self.to_move)
            .field("ply", &self.ply)
            .field("cells", &occupied)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::encode;
    type State = super::State<8>;

    #[test]
    fn the_key_tells_apart_placements_that_differ_in_any_cell_or_stack() {
        let mut near = State::empty(0);
        near.put(3, 0, 0);
        let mut far = near;
        far.put(200, 1, 0);
        let mut farther = near;
        farther.put(255, 1, 0);
        let mut farthest = near;
        farthest.put(511, 1, 0);
        let mut stacked = near;
        stacked.push_piece(3, encode(0, 0));
        let keys = [
            near.key(),
            far.key(),
            farther.key(),
            farthest.key(),
            stacked.key(),
        ];
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }
        // The empty cells past the last piece are not mixed, but equal positions still agree.
        let mut again = State::empty(0);
        again.put(3, 0, 0);
        assert_eq!(again.key(), near.key());
        assert_ne!(State::empty(0).key(), State::empty(1).key());
    }
}

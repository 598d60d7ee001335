//! `jump`: one piece jumps over adjacent enemy pieces, with `chain` on and on while it can.

use crate::compile::fast::word_moves::{WordDir, shift};
use crate::compile::primitives::Jump;
use crate::compile::{CellSet, CompiledMove, Game, NO_CELL};
use crate::engine::eval::Frame;
use crate::model::action::{Action, ActionKind};
use crate::model::state::{State, encode};

/// The most directions of a jump the one-word generator keeps on its stack.
const MAX_WORD_DIRS: usize = 16;

/// What a jump sequence on a board of one word carries from jump to jump.
pub(in crate::engine) struct WordChain<'a> {
    pub dirs: &'a [WordDir],
    pub chain: bool,
    pub remove_at_end: bool,
    /// Cells the jumper may land on when they are empty (not avoided).
    pub allowed: u64,
    /// Where the jumping piece is promoted, ending the sequence (empty if it never is).
    pub promotes: u64,
    /// `capture: top_to_bottom`: the cells whose column keeps pieces once its top is jumped (they
    /// still block a landing).
    pub stays: u64,
}

impl<const W: usize> Game<W> {
    /// `jump`: the jumps of every piece of the rule.
    pub(in crate::engine) fn jumps(
        &self,
        index: u8,
        rule: &CompiledMove,
        jump: &Jump,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let dirs = self.directions(jump.dirs, me);
        if self.board.cells <= 64
            && self.board.all_uniform()
            && dirs.len() <= MAX_WORD_DIRS
            && !jump.long
        {
            return self.jumps_in_one_word(index, rule, jump, frame, dirs, out);
        }
        let mut own = *state.pieces_of(me);
        if !jump.long && self.board.all_uniform() {
            own = own.and(&self.could_jump(rule, jump, state, dirs));
        }
        for from in own.iter() {
            if !self.moves_piece(rule, state, from) {
                continue;
            }
            self.jumps_from(index, rule, jump, frame, from, dirs, out);
        }
    }

    /// The cells from which a first jump is not ruled out, found for every piece at once by
    /// shifting sets (an enemy beside, an empty cell beyond): most positions have none, and the
    /// pieces are then not looked at one by one. A superset: [`Game::can_jump`] decides each.
    fn could_jump(
        &self,
        rule: &CompiledMove,
        jump: &Jump,
        state: &State<W>,
        dirs: &[u8],
    ) -> CellSet<W> {
        let me = state.to_move;
        let occupied = state.occupied();
        let enemy = occupied.and_not(state.pieces_of(me));
        let mut landable = self.board.all_cells.and_not(&occupied);
        if let Some(avoid) = rule.avoid {
            landable = landable.and_not(self.region_of(avoid, me));
        }
        let mut starts = CellSet::default();
        for &dir in dirs {
            // With `along`, both the jumper and the jumped piece step along a marked line.
            let leaving = jump
                .along
                .map(|l| &self.lines[l as usize].leaving[dir as usize]);
            let along = |cells: CellSet<W>| leaving.map_or(cells, |line| cells.and(line));
            let over = along(enemy.and(&self.board.back_set(&landable, dir)));
            starts = starts.or(&along(self.board.back_set(&over, dir)));
        }
        starts
    }

    /// [`Game::jumps`] on a board of at most 64 cells whose directions are uniform: which pieces can
    /// jump at all is found for all of them at once by shifting words (enemies with an empty
    /// cell beyond, shifted back onto the pieces), and each sequence then runs on words, with no
    /// copy of the position. The actions, and their order, are those of the general generator.
    fn jumps_in_one_word(
        &self,
        index: u8,
        rule: &CompiledMove,
        jump: &Jump,
        frame: &mut Frame<'_, W>,
        dirs: &[u8],
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let own = state.pieces_of(me).word(0);
        let occupied = (0..4).fold(0, |all, p| all | state.pieces_of(p).word(0));
        let locked = if rule.locked.is_some() {
            self.locked_pieces(rule, state).word(0)
        } else {
            0
        };
        let enemy = occupied & !own;
        let over = match jump.over_piece {
            None => enemy,
            Some(kind) => {
                let mut set = 0;
                let mut cells = enemy;
                while cells != 0 {
                    let cell = cells.trailing_zeros();
                    cells &= cells - 1;
                    set |= u64::from(state.cell(cell as u16) >> 2 == kind + 1) << cell;
                }
                set
            }
        } & !locked;
        let allowed = match rule.avoid {
            Some(avoid) => !self.region_of(avoid, me).word(0),
            None => !0,
        };
        let landable = !occupied & allowed;
        // The cells a jump that way may start from: a neighbour that way which has one too.
        let word_dir = |dir: u8| {
            let mut next = self.board.has_neighbour[dir as usize].word(0);
            if let Some(l) = jump.along {
                next &= self.lines[l as usize].leaving[dir as usize].word(0);
            }
            let offset = i32::from(self.board.offsets[dir as usize]);
            WordDir {
                dir,
                offset,
                from: next & shift(next, -offset),
            }
        };
        let mut starts = 0;
        for &dir in dirs {
            let d = word_dir(dir);
            starts |= d.from & shift(over & shift(landable, -d.offset), -d.offset);
        }
        starts &= own & !locked;
        if starts == 0 {
            // Most positions: no piece can jump.
            return;
        }
        starts &= self.movers(rule, frame).word(0);
        let mut word_dirs = [WordDir::default(); MAX_WORD_DIRS];
        for (slot, &dir) in word_dirs.iter_mut().zip(dirs) {
            *slot = word_dir(dir);
        }
        let mut chain = WordChain {
            dirs: &word_dirs[..dirs.len()],
            chain: jump.chain,
            remove_at_end: jump.remove_at_end,
            allowed,
            promotes: 0,
            stays: if jump.top_to_bottom {
                self.standing_columns(state)
            } else {
                0
            },
        };
        while starts != 0 {
            let from = starts.trailing_zeros();
            starts &= starts - 1;
            let piece = state.cell(from as u16);
            chain.promotes = match rule.promote {
                Some((kind, region)) if encode(me, kind) != piece && !jump.promote_at_end => {
                    self.region_of(region, me).word(0)
                }
                _ => 0,
            };
            // The jumper has left its cell: a sequence may come back to it.
            let empty = landable | 1 << from & allowed;
            let start = Action::new(
                ActionKind::Jump,
                index,
                from as u16,
                from as u16,
                0,
                1,
                0,
                0,
            );
            let mut push = |action| self.push_if_legal(rule, frame, action, out);
            self.jump_on_word(&chain, from, over, empty, start, &mut push);
        }
    }

    /// The rest of a sequence on words, as [`Game::jump_on`]: the jumper is on `at`, `over` holds
    /// the pieces it may still jump, `empty` the cells it may land on; each whole sequence goes
    /// to `push`.
    pub(in crate::engine) fn jump_on_word(
        &self,
        c: &WordChain<'_>,
        at: u32,
        over: u64,
        empty: u64,
        so_far: Action,
        push: &mut impl FnMut(Action),
    ) {
        let mut extended = false;
        if so_far.captured() < self.board.max_jumps {
            for d in c.dirs {
                if d.from >> at & 1 == 0 {
                    continue;
                }
                let jumped = (at as i32 + d.offset) as u32;
                let land = (jumped as i32 + d.offset) as u32;
                if over >> jumped & 1 == 0 || empty >> land & 1 == 0 {
                    continue;
                }
                extended = true;
                let first_dir = if so_far.captured() == 0 {
                    d.dir
                } else {
                    so_far.dir()
                };
                let next = so_far
                    .with_to(land as u16)
                    .with_dir(first_dir)
                    .with_captured(so_far.captured() + 1)
                    .with_path(
                        so_far.path()
                            | (d.dir as u64) << (self.board.jump_bits * so_far.captured() as u32),
                    );
                if !c.chain || c.promotes >> land & 1 != 0 {
                    push(next);
                    continue;
                }
                // A piece left standing until the end still blocks a landing; either way it is
                // never jumped twice.
                let freed = if c.remove_at_end || c.stays >> jumped & 1 != 0 {
                    0
                } else {
                    1 << jumped & c.allowed
                };
                let over = over & !(1 << jumped);
                self.jump_on_word(c, land, over, empty | freed, next, push);
            }
        }
        if !extended && so_far.captured() > 0 {
            push(so_far);
        }
    }

    /// The first jump of a piece on `from` along `dir`, if it has one: the jumped cell and the
    /// nearest landing.
    #[inline]
    fn jump_target(
        &self,
        rule: &CompiledMove,
        jump: &Jump,
        state: &State<W>,
        from: u16,
        dir: u8,
    ) -> Option<(u16, u16)> {
        if jump.long {
            return self.long_jump_target(rule, jump, state, from, dir);
        }
        let me = state.to_move;
        let over = self.board.neighbour(from, dir);
        if over == NO_CELL {
            return None;
        }
        let v = state.cell(over);
        if v == 0
            || v & 3 == me
            || jump.over_piece.is_some_and(|k| k != (v >> 2) - 1)
            || self.locked(rule, state, over)
        {
            return None;
        }
        let land = self.board.neighbour(over, dir);
        (land != NO_CELL
            && state.cell(land) == 0
            && !self.avoided(rule, me, land)
            && self.follows_lines(jump.along, from, dir)
            && self.follows_lines(jump.along, over, dir))
        .then_some((over, land))
    }

    /// [`Game::jump_target`] of a long jump (`range: long`): first any number of empty cells.
    #[inline(never)]
    fn long_jump_target(
        &self,
        rule: &CompiledMove,
        jump: &Jump,
        state: &State<W>,
        from: u16,
        dir: u8,
    ) -> Option<(u16, u16)> {
        let me = state.to_move;
        let mut at = from;
        let mut over = self.board.neighbour(from, dir);
        while over != NO_CELL && state.cell(over) == 0 {
            if self.avoided(rule, me, over) || !self.follows_lines(jump.along, at, dir) {
                return None;
            }
            at = over;
            over = self.board.neighbour(at, dir);
        }
        if over == NO_CELL {
            return None;
        }
        let v = state.cell(over);
        if v & 3 == me
            || jump.over_piece.is_some_and(|k| k != (v >> 2) - 1)
            || self.locked(rule, state, over)
        {
            return None;
        }
        let land = self.board.neighbour(over, dir);
        (land != NO_CELL
            && state.cell(land) == 0
            && !self.avoided(rule, me, land)
            && self.follows_lines(jump.along, at, dir)
            && self.follows_lines(jump.along, over, dir))
        .then_some((over, land))
    }

    /// Whether a piece on `from` could make a first jump along `dir` (before copying any position).
    #[inline]
    fn can_jump(
        &self,
        rule: &CompiledMove,
        jump: &Jump,
        state: &State<W>,
        from: u16,
        dir: u8,
    ) -> bool {
        if jump.long {
            return self
                .long_jump_target(rule, jump, state, from, dir)
                .is_some();
        }
        let me = state.to_move;
        let over = self.board.neighbour(from, dir);
        if over == NO_CELL {
            return false;
        }
        let v = state.cell(over);
        if v == 0
            || v & 3 == me
            || jump.over_piece.is_some_and(|k| k != (v >> 2) - 1)
            || self.locked(rule, state, over)
        {
            return false;
        }
        let land = self.board.neighbour(over, dir);
        land != NO_CELL
            && state.cell(land) == 0
            && !self.avoided(rule, me, land)
            && self.follows_lines(jump.along, from, dir)
            && self.follows_lines(jump.along, over, dir)
    }

    /// Jumps over an enemy piece to an empty cell beyond, and with `chain` on and on while
    /// possible. Jumped pieces leave at once, or with `remove: at_end` stay (marked as the
    /// jumper's) until the end, so none is jumped twice.
    #[allow(clippy::too_many_arguments)]
    fn jumps_from(
        &self,
        index: u8,
        rule: &CompiledMove,
        jump: &Jump,
        frame: &mut Frame<'_, W>,
        from: u16,
        dirs: &[u8],
        out: &mut Vec<Action>,
    ) {
        // Most pieces cannot jump at all: look before copying the position.
        if !dirs
            .iter()
            .any(|&dir| self.can_jump(rule, jump, frame.state, from, dir))
        {
            return;
        }
        let mut scratch = *frame.state;
        let piece = scratch.cell(from);
        scratch.clear(from);
        let start = Action::new(ActionKind::Jump, index, from, from, 0, 1, 0, 0);
        self.jump_on(rule, jump, frame, &mut scratch, piece, dirs, start, out);
    }

    #[allow(clippy::too_many_arguments)]
    fn jump_on(
        &self,
        rule: &CompiledMove,
        jump: &Jump,
        frame: &mut Frame<'_, W>,
        scratch: &mut State<W>,
        piece: u8,
        dirs: &[u8],
        so_far: Action,
        out: &mut Vec<Action>,
    ) {
        let mut extended = false;
        if so_far.captured() < self.board.max_jumps {
            let at = so_far.to_cell();
            for &dir in dirs {
                let Some((over, first)) = self.jump_target(rule, jump, scratch, at, dir) else {
                    continue;
                };
                extended = true;
                let first_dir = if so_far.captured() == 0 {
                    dir
                } else {
                    so_far.dir()
                };
                let jumped = scratch.cell(over);
                if jump.chain {
                    if jump.remove_at_end || (jump.top_to_bottom && scratch.column(over) != 0) {
                        // Left standing until the end, the piece (or the rest of a column) still
                        // blocks a landing; a piece of the jumper's own side there keeps it from
                        // being jumped twice.
                        scratch.set(over, crate::model::state::encode(scratch.to_move, 0));
                    } else {
                        scratch.clear(over);
                    }
                }
                // The length of the jump from `at`, and each landing in turn (one for a short
                // jump; a long one lands on any empty cell beyond the jumped piece).
                let mut length = self.distance(at, over, dir) + 1;
                let mut land = first;
                loop {
                    let field = u64::from(dir) | u64::from(length - 2) << self.board.jump_dir_bits;
                    let next = so_far
                        .with_to(land)
                        .with_dir(first_dir)
                        .with_captured(so_far.captured() + 1)
                        .with_path(
                            so_far.path()
                                | field << (self.board.jump_bits * so_far.captured() as u32),
                        );
                    let promoted =
                        !jump.promote_at_end && self.promotes(rule, scratch.to_move, piece, land);
                    if !jump.chain || promoted {
                        self.push_if_legal(rule, frame, next, out);
                    } else {
                        self.jump_on(rule, jump, frame, scratch, piece, dirs, next, out);
                    }
                    if !jump.long {
                        break;
                    }
                    let beyond = self.board.neighbour(land, dir);
                    if beyond == NO_CELL
                        || scratch.cell(beyond) != 0
                        || self.avoided(rule, scratch.to_move, beyond)
                        || !self.follows_lines(jump.along, land, dir)
                    {
                        break;
                    }
                    land = beyond;
                    length += 1;
                }
                scratch.set(over, jumped);
            }
        }
        if !extended && so_far.captured() > 0 {
            self.push_if_legal(rule, frame, so_far, out);
        }
    }

    /// How many steps along `dir` lead from `from` to `to` (a cell on that line).
    #[inline]
    fn distance(&self, from: u16, to: u16, dir: u8) -> u16 {
        let mut steps = 1;
        let mut cell = self.board.neighbour(from, dir);
        while cell != to {
            cell = self.board.neighbour(cell, dir);
            steps += 1;
        }
        steps
    }
}

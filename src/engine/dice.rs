//! Dice games: rolls as chance events, moves that each use one die of the pool, and what happens
//! to pips that cannot be played (dropped or passed to the opponent).
//!
//! A turn: the player to move with an empty pool rolls (a chance event, listed as `roll:A-B`
//! actions). An ordinary roll's two dice may be played in either order, both if possible, else the
//! larger if possible. A doublet's pips (four of its number, or the escalation up to four of the
//! highest number) are played in order, each by any piece that can, until one cannot. Pips left
//! over are dropped, or pass to the opponent as `[dice] transfer` says, who plays them in order
//! before rolling. A fresh roll of which nothing can be played is answered by `pass`.

use crate::check::{Landing, Transfer};
use crate::compile::primitives::DieMove;
use crate::compile::{CompiledMove, Game, Primitive};
use crate::model::action::{Action, ActionKind};
use crate::model::state::{POOL, Pool, STACK_CELLS, State};
use rand::{Rng, RngExt};

/// `Action::to` of a piece borne off the board.
pub const OFF: u16 = 0x3ff;
/// `Action::from` of a piece entering from the bar.
pub const BAR: u16 = 0x3fe;

impl Action {
    /// The roll of two dice, the larger first.
    pub fn roll(high: u8, low: u8) -> Action {
        Action::new(
            ActionKind::Roll,
            0,
            u16::from(high),
            u16::from(low),
            0,
            0,
            0,
            0,
        )
    }

    /// A piece moved by one die of `pip` from `from` to `to` (or [`OFF`]), hitting `captured`
    /// (0 or 1) enemy pieces there.
    #[inline]
    pub fn die(rule: u8, from: u16, to: u16, pip: u8, captured: u8) -> Action {
        Action::new(ActionKind::Die, rule, from, to, 0, 1, pip, captured)
    }
}

impl<const W: usize> Game<W> {
    /// Whether the player to move rolls next: the position is a chance event.
    #[inline]
    pub fn is_chance(&self, state: &State<W>) -> bool {
        ((self.dice.is_some() || self.roll.is_some()) && state.pool_kind == Pool::Empty)
            || state.reveal_at != crate::compile::NO_CELL
            || state.setup_due
    }

    /// Whether the chance event due is a roll of the dice (else a reveal, whose outcomes are
    /// equally likely).
    pub fn is_roll_due(&self, state: &State<W>) -> bool {
        (self.dice.is_some() || self.roll.is_some())
            && state.pool_kind == Pool::Empty
            && state.reveal_at == crate::compile::NO_CELL
            && !state.setup_due
    }

    /// Every distinct roll, the larger die first, highest rolls first (listed when the game is
    /// compiled, in [`Game::rolls`]).
    pub fn roll_actions(&self, out: &mut Vec<Action>) {
        out.extend_from_slice(&self.rolls);
    }

    /// The list of [`Game::roll_actions`] for dice of `sides` sides.
    pub(crate) fn all_rolls(sides: u8) -> Vec<Action> {
        let mut rolls = Vec::new();
        for high in (1..=sides).rev() {
            for low in (1..=high).rev() {
                rolls.push(Action::roll(high, low));
            }
        }
        rolls
    }

    /// How likely a roll is, out of `sides * sides`: a doublet 1, any other roll 2.
    pub fn roll_weight(&self, action: &Action) -> (u32, u32) {
        if let Some(roll) = &self.roll {
            return Game::<W>::throw_weight(roll, action);
        }
        let sides = u32::from(self.dice.map_or(1, |d| d.sides));
        let ways = if action.from() == action.to() { 1 } else { 2 };
        (ways, sides * sides)
    }

    /// Throws the dice.
    pub fn sample_roll<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        if let Some(roll) = &self.roll {
            return Game::<W>::sample_throw(roll, rng);
        }
        let sides = self.dice.map_or(1, |d| d.sides);
        let a = rng.random_range(1..=sides);
        let b = rng.random_range(1..=sides);
        Action::roll(a.max(b), a.min(b))
    }

    /// The pips a move may use now: any die of an ordinary roll, else only the next pip in order.
    fn playable_pips(state: &State<W>) -> ([u8; 2], usize) {
        let pips = state.pips();
        match (state.pool_kind, pips) {
            (_, []) => ([0; 2], 0),
            (Pool::Roll, [a, b, ..]) if a != b => {
                // The smaller first, so that a move two dice can make keeps the smaller (ruling 3.10).
                ([*a.min(b), *a.max(b)], 2)
            }
            (_, [a, ..]) => ([*a, 0], 1),
        }
    }

    /// Where a piece on `from` (or [`BAR`]) ends with `pip` under the rule, if it may: a cell with
    /// no enemy piece (or a lone one, hit, when the rule hits), or [`OFF`]. The flag says a hit.
    fn die_target(
        &self,
        die: &DieMove,
        state: &State<W>,
        from: u16,
        pip: u8,
    ) -> Option<(u16, bool)> {
        let me = state.to_move;
        let path = &self.paths[die.path as usize];
        let cells = &path.cells[me as usize];
        // A piece on the bar enters with a pip of n onto the path's n-th cell.
        let target = if from == BAR {
            pip as usize - 1
        } else {
            let index = path.index[me as usize][from as usize];
            if index == u8::MAX {
                return None;
            }
            index as usize + pip as usize
        };
        if let Some(&to) = cells.get(target) {
            return match state.owner(to) {
                // A pinned piece under the stack makes it no lone piece: the cell is the enemy's.
                Some(owner) if owner != me => (die.to == Landing::EmptyOrEnemy
                    && state.height(to) == 1
                    && state.pinned(to).is_none())
                .then_some((to, true)),
                _ => Some((to, false)),
            };
        }
        if from == BAR {
            return None;
        }
        // Past the end of the path: borne off, once every piece of the mover is in the region
        // and free (a pinned piece, wherever it is, is not).
        let home = self.region_of(die.bear_off?, me);
        if state.bar[me as usize] > 0
            || !state.pieces_of(me).and_not(home).is_empty()
            || (die.pin && state.has_pinned(me))
        {
            return None;
        }
        // More pips than needed only for the piece furthest back.
        let index = path.index[me as usize][from as usize];
        if target > cells.len() {
            let behind = state
                .pieces_of(me)
                .iter()
                .any(|c| path.index[me as usize][c as usize] < index);
            if behind {
                return None;
            }
        }
        Some((OFF, false))
    }

    /// Calls `f` with every move of the rule by `pip`: from the bar only while the mover has
    /// pieces there and the rule enters them.
    fn each_die_move(
        &self,
        index: u8,
        rule: &CompiledMove,
        die: &DieMove,
        state: &State<W>,
        pip: u8,
        mut f: impl FnMut(Action) -> bool,
    ) -> bool {
        let mut emit = |from: u16| match self.die_target(die, state, from, pip) {
            Some((to, hit)) => f(Action::die(index, from, to, pip, u8::from(hit))),
            None => false,
        };
        if die.enter && state.bar[state.to_move as usize] > 0 {
            return emit(BAR);
        }
        for from in state.pieces_of(state.to_move).iter() {
            if Game::moves_kind(rule, state, from) && emit(from) {
                return true;
            }
        }
        false
    }

    /// The moves of a `die_move` rule with the pips playable now.
    pub(super) fn die_moves(
        &self,
        index: u8,
        rule: &CompiledMove,
        die: &DieMove,
        state: &State<W>,
        out: &mut Vec<Action>,
    ) {
        let start = out.len();
        let (pips, n) = Game::playable_pips(state);
        for &pip in &pips[..n] {
            self.each_die_move(index, rule, die, state, pip, |action| {
                // Two dice making the same move: one action, the smaller die's (ruling 3.10).
                let same = out[start..]
                    .iter()
                    .any(|a| a.from() == action.from() && a.to() == action.to());
                if !same {
                    out.push(action);
                }
                false
            });
        }
        if n == 2 && state.pool_len == 2 && self.dice.is_some_and(|d| d.max_use) {
            self.keep_maximum_use(state, start, out);
        } else if state.pool_kind != Pool::Roll
            && self.dice.is_some_and(|d| d.doublets_max_use)
            && out.len() > start + 1
        {
            self.keep_longest_doublet_lines(state, start, out);
        }
    }

    /// A doublet with `doublets_max_use`: only first moves after which as many of the remaining
    /// pips as possible can still be played.
    fn keep_longest_doublet_lines(&self, state: &State<W>, start: usize, out: &mut Vec<Action>) {
        let full = state.pool_len as u32 - 1;
        keep_highest(out, start, |a| {
            let mut after = *state;
            self.move_by_die(&mut after, a);
            self.longest_line(&after, full)
        });
    }

    /// How many pips, up to `goal`, the player to move can play from here in order.
    fn longest_line(&self, state: &State<W>, goal: u32) -> u32 {
        if goal == 0 {
            return 0;
        }
        if all_off(state, state.to_move) {
            // Every piece is off: the game is over, which counts as full use (ruling 3.10).
            return goal;
        }
        // A piece per cell and one from the bar at most: a fixed list, so no allocation.
        let mut moves = [Action::PASS; STACK_CELLS + 1];
        let mut count = 0;
        for (i, rule) in self.moves.iter().enumerate() {
            if let Primitive::DieMove(die) = &rule.primitive {
                let (pips, _) = Game::playable_pips(state);
                self.each_die_move(i as u8, rule, die, state, pips[0], |a| {
                    if count < moves.len() {
                        moves[count] = a;
                        count += 1;
                    }
                    false
                });
            }
        }
        let mut best = 0;
        for a in &moves[..count] {
            let mut after = *state;
            self.move_by_die(&mut after, a);
            best = best.max(1 + self.longest_line(&after, goal - 1));
            if best == goal {
                break;
            }
        }
        best
    }

    /// An ordinary roll: both dice if possible, otherwise the larger if possible (ruling 3.4).
    fn keep_maximum_use(&self, state: &State<W>, start: usize, out: &mut Vec<Action>) {
        // A move after which the other die can be played outranks every pip.
        const BOTH: u32 = u8::MAX as u32 + 1;
        keep_highest(out, start, |a| {
            let mut after = *state;
            self.move_by_die(&mut after, a);
            if all_off(&after, state.to_move) || self.any_die_move(&after) {
                BOTH
            } else {
                u32::from(a.distance())
            }
        });
    }

    /// Whether the rule moves the piece on `from` (any kind, when it names none).
    fn moves_kind(rule: &CompiledMove, state: &State<W>, from: u16) -> bool {
        rule.piece
            .is_none_or(|k| state.piece(from).is_some_and(|(_, kind)| kind == k))
    }

    /// Whether the player to move can play a pip of the pool now.
    fn any_die_move(&self, state: &State<W>) -> bool {
        let (pips, n) = Game::playable_pips(state);
        self.moves.iter().enumerate().any(|(i, rule)| {
            let Primitive::DieMove(die) = &rule.primitive else {
                return false;
            };
            pips[..n]
                .iter()
                .any(|&pip| self.each_die_move(i as u8, rule, die, state, pip, |_| true))
        })
    }

    /// The piece moves (or is borne off) and its pip leaves the pool; whose turn it is is not touched.
    fn move_by_die(&self, state: &mut State<W>, action: &Action) {
        let me = state.to_move;
        let piece = if action.from() == BAR {
            state.bar[me as usize] -= 1;
            crate::model::state::encode(me, self.moves[action.rule() as usize].piece.unwrap_or(0))
        } else {
            let from = action.from_cell();
            let piece = state.cell(from);
            state.pop_piece(from);
            piece
        };
        if action.captured() > 0 {
            let to = action.to_cell();
            if matches!(
                self.moves[action.rule() as usize].primitive,
                Primitive::DieMove(DieMove { pin: true, .. })
            ) {
                state.pin(to, piece);
                state.use_pip(action.distance());
                return;
            }
            if let Some(owner) = state.owner(to) {
                state.pop_piece(to);
                state.bar[owner as usize] = state.bar[owner as usize].saturating_add(1);
            }
        }
        if action.to() == OFF {
            state.off[me as usize] = state.off[me as usize].saturating_add(1);
        } else {
            state.push_piece(action.to_cell(), piece);
        }
        state.use_pip(action.distance());
    }

    /// Applies a roll, a die move or a pass of a dice game, then settles whose turn it is.
    pub(super) fn apply_dice(&self, state: &mut State<W>, action: &Action) {
        let Some(dice) = self.dice else { return };
        match action.kind() {
            ActionKind::Roll => {
                state.rolls = state.rolls.saturating_add(1);
                let (high, low) = (action.from() as u8, action.to() as u8);
                if high != low {
                    state.pool[..2].copy_from_slice(&[high, low]);
                    state.pool_len = 2;
                    state.pool_kind = Pool::Roll;
                } else {
                    let top = if dice.escalate && state.rolls >= dice.escalate_from_roll {
                        dice.sides
                    } else {
                        high
                    };
                    let mut len = 0;
                    for pip in high..=top {
                        for _ in 0..4 {
                            if len < POOL {
                                state.pool[len] = pip;
                                len += 1;
                            }
                        }
                    }
                    state.pool_len = len as u8;
                    state.pool_kind = Pool::Doublet;
                }
                // A roll is not a ply: nothing is played yet.
                return;
            }
            ActionKind::Die => {
                self.move_by_die(state, action);
                state.ply = state.ply.saturating_add(1);
            }
            _ => {
                // A pass: nothing of the fresh roll can be played.
                self.settle_unplayable(state, dice.transfer);
                state.ply = state.ply.saturating_add(1);
            }
        }
        self.settle_turn(state, dice.transfer);
    }

    /// Pips the player to move cannot play: passed to the opponent, or dropped.
    fn settle_unplayable(&self, state: &mut State<W>, transfer: Transfer) {
        let back = self.dice.is_some_and(|d| d.transfer_back);
        let (passes, kind) = match state.pool_kind {
            Pool::Doublet => (transfer != Transfer::Never, Pool::Transferred),
            Pool::Roll => (transfer == Transfer::Always, Pool::Transferred),
            // Once only: pips passed back that the first player cannot play either are dropped.
            Pool::Transferred => (back, Pool::Returned),
            Pool::Returned | Pool::Empty => (false, Pool::Empty),
        };
        if passes && state.pool_len > 0 {
            state.pool_kind = kind;
            state.to_move =
                crate::model::state::next_player(state.to_move, self.players.len() as u8);
        } else {
            state.clear_pool();
        }
    }

    /// After a move: the same player goes on while a pip can be played; otherwise the pips left
    /// go or are dropped, and the turn passes (a receiver of transferred pips rolls next).
    fn settle_turn(&self, state: &mut State<W>, transfer: Transfer) {
        let players = self.players.len() as u8;
        loop {
            if state.pool_len == 0 {
                // Pips passed back finish the first player's turn: the receiver then rolls.
                if matches!(state.pool_kind, Pool::Roll | Pool::Doublet | Pool::Returned) {
                    state.to_move = crate::model::state::next_player(state.to_move, players);
                }
                state.pool_kind = Pool::Empty;
                return;
            }
            if all_off(state, state.to_move) {
                // Every piece is off: the game is over, nothing is left to play.
                state.clear_pool();
                state.pool_kind = Pool::Empty;
                return;
            }
            if self.any_die_move(state) {
                return;
            }
            self.settle_unplayable(state, transfer);
        }
    }
}

/// Whether every piece of `player` is borne off: none on the board, on the bar or pinned.
#[inline]
fn all_off<const W: usize>(state: &State<W>, player: u8) -> bool {
    state.pieces_of(player).is_empty()
        && state.bar[player as usize] == 0
        && !state.has_pinned(player)
}

/// Keeps, of the actions from `start` on, those of the highest score, scoring each once (a
/// score may search a whole doublet's lines).
fn keep_highest(out: &mut Vec<Action>, start: usize, score: impl Fn(&Action) -> u32) {
    // On the stack: a die moves one piece per cell, or one from the bar.
    let mut scores = [0u32; STACK_CELLS + 1];
    let count = out.len() - start;
    if count > scores.len() {
        let best = out[start..].iter().map(&score).max().unwrap_or(0);
        return keep_from(out, start, |a| score(a) == best);
    }
    for (slot, action) in scores.iter_mut().zip(&out[start..]) {
        *slot = score(action);
    }
    let best = scores[..count].iter().copied().max().unwrap_or(0);
    let mut next = 0;
    keep_from(out, start, |_| {
        next += 1;
        scores[next - 1] == best
    });
}

/// Keeps, of the actions from `start` on, those `keep` accepts, in their order (no allocation).
fn keep_from(out: &mut Vec<Action>, start: usize, mut keep: impl FnMut(&Action) -> bool) {
    let mut i = 0;
    out.retain(|a| {
        i += 1;
        i <= start || keep(a)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `count` moves after a prefix of three, their scores a pattern with ties at the top.
    fn moves(count: u16) -> Vec<Action> {
        (0..3 + count).map(|cell| Action::place(0, cell)).collect()
    }

    fn score(action: &Action) -> u32 {
        action.to_cell() as u32 % 7
    }

    /// What `keep_highest` should keep: the prefix, then the top-scored moves in their order.
    fn expected(all: &[Action]) -> Vec<Action> {
        let best = all[3..].iter().map(score).max().unwrap_or(0);
        let top = all[3..].iter().filter(|a| score(a) == best);
        all[..3].iter().chain(top).copied().collect()
    }

    #[test]
    fn the_highest_scored_moves_are_kept_in_order_after_the_earlier_ones() {
        // Scores kept on the stack up to its size; beyond it, each move is scored twice.
        for count in [0, 1, 6, STACK_CELLS as u16 + 1, STACK_CELLS as u16 + 2, 300] {
            let mut out = moves(count);
            let want = expected(&out);
            let scored = std::cell::Cell::new(0);
            keep_highest(&mut out, 3, |a| {
                scored.set(scored.get() + 1);
                score(a)
            });
            assert_eq!(out, want, "{count} moves");
            let passes = if count as usize > STACK_CELLS + 1 {
                2
            } else {
                1
            };
            assert_eq!(scored.get(), passes * count as usize, "{count} moves");
        }
    }
}

//! Turns of several parts (`next RULE [by PLAYER] [joined] [if COND]`): after a move of a rule with
//! a `next`, the same player (or the one `by` names) goes on with a move of the named rule. A
//! separate part is an action of its own (`State::pending` names the rule); a joined part is
//! carried by the same action, which then stands for the whole turn (Amazons' `d1-d7/g7`). What
//! lasts until a turn is over: the pieces marked in it (`mark`), and the extra turns it gives
//! (`extra_turn`), played once it is over.

use super::eval::Frame;
use crate::compile::{CellSet, CompiledMove, Game, NO_CELL, Primitive};
use crate::model::action::{Action, ActionKind};
use crate::model::state::{NONE, State};

/// Marks an action's second word as the second part of a joined turn (the word holds that part's
/// first word; the top bit of an action's first word is never set, since no count reaches 128).
const JOINED: u64 = 1 << 63;

thread_local! {
    /// First parts waiting to be joined to their continuations, kept from one call to the next
    /// so that generating stops allocating once it has grown.
    static FIRST_PARTS: std::cell::RefCell<Vec<Action>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Action {
    /// This action (a first part) carrying `second` as the rest of the turn.
    #[inline]
    fn joined_with(self, second: &Action) -> Action {
        self.with_path(second.first_word() | JOINED)
    }

    /// The second part a joined action carries.
    #[inline]
    pub fn joined_part(&self) -> Option<Action> {
        (self.path() & JOINED != 0).then(|| Action::from_first_word(self.path() & !JOINED))
    }
}

impl<const W: usize> Game<W> {
    /// Replaces the first parts `out[start..]` of `rule` by whole turns: each first part joined to
    /// each move of its continuation in the position it leads to. A first part with no
    /// continuation move is no move at all; one whose `joined` condition fails stays as it is.
    pub(super) fn join_parts(
        &self,
        rule: &CompiledMove,
        frame: &mut Frame<'_, W>,
        start: usize,
        out: &mut Vec<Action>,
    ) {
        FIRST_PARTS.with(|cell| {
            let mut scratch = Vec::new();
            let mut borrowed = cell.try_borrow_mut();
            let firsts = match borrowed.as_deref_mut() {
                Ok(firsts) => firsts,
                // Already in use further up the stack (a continuation that joins again).
                Err(_) => &mut scratch,
            };
            firsts.clear();
            firsts.extend_from_slice(&out[start..]);
            out.truncate(start);
            let state = frame.state;
            if self.join_fixed_parts(rule, state, firsts, out) {
                return;
            }
            for first in firsts.iter() {
                let mut part = *state;
                self.move_part(&mut part, first);
                let Some(next) = self.continuation(rule, &part, first) else {
                    out.push(*first);
                    continue;
                };
                if !next.joined {
                    out.push(*first);
                    continue;
                }
                part.pending = next.rule;
                part.last_to = first.to();
                let from = out.len();
                let mut then = Frame::position(&part);
                self.generate(next.rule, &self.moves[next.rule as usize], &mut then, out);
                for second in &mut out[from..] {
                    *second = first.joined_with(second);
                }
            }
        });
    }

    /// [`Game::join_parts`] where the continuation is the same after every first part (see
    /// [`crate::compile::fast::fixed_parts`]): its moves listed once, joined to each first part.
    /// False, doing nothing, where it is not.
    fn join_fixed_parts(
        &self,
        rule: &CompiledMove,
        state: &State<W>,
        firsts: &mut Vec<Action>,
        out: &mut Vec<Action>,
    ) -> bool {
        // The first `next` without a condition is the continuation after any first part.
        let Some(next) = rule
            .next
            .first()
            .filter(|n| n.condition.is_none() && n.joined)
        else {
            return false;
        };
        let second_rule = &self.moves[next.rule as usize];
        if !second_rule.position_free {
            return false;
        }
        // Its moves read nothing of the position: listed in this one, not in a copy of it.
        let from = out.len();
        self.generate(next.rule, second_rule, &mut Frame::position(state), out);
        // The second parts are kept after the first ones, and the turns appended at once, each
        // first part's into a slice of known length, its first word held in a register
        // (Pentago: 23% fewer instructions than a push per turn, then 6% fewer again).
        let count = firsts.len();
        // Each second part already as the second word of a turn, awaiting only the first word.
        let no_first = Action::from_first_word(0);
        firsts.extend(
            out[from..]
                .iter()
                .map(|second| no_first.joined_with(second)),
        );
        out.truncate(from);
        let (firsts, seconds) = firsts.split_at(count);
        super::fast::append_product(out, firsts, seconds, |first, second| {
            second.with_first_word(first.first_word())
        });
        true
    }

    /// The `next` of `rule` that applies once `action` has been played as a part in `state`:
    /// the first whose condition holds.
    fn continuation<'g>(
        &'g self,
        rule: &'g CompiledMove,
        state: &State<W>,
        action: &Action,
    ) -> Option<&'g crate::compile::CompiledNext> {
        rule.next.iter().find(|next| match next.condition {
            None => true,
            Some(code) => {
                let mut frame = Frame::position(state);
                frame.action = Some(*action);
                match &next.fast_condition {
                    Some(test) => self.test_holds(test, &mut frame),
                    None => self.eval_bool(code, &mut frame),
                }
            }
        })
    }

    /// After the parts of `action` have moved their pieces: the second part of a joined action,
    /// then whether the turn goes on with a separate part. Returns true when it does (`pending`
    /// then names the rule), false when the turn is over.
    pub(super) fn continue_turn(&self, state: &mut State<W>, action: &Action) -> bool {
        let mut last = *action;
        if let Some(second) = action.joined_part() {
            state.last_to = last.to();
            self.move_part(state, &second);
            last = second;
        }
        state.pending = NONE;
        state.last_to = NO_CELL;
        if !matches!(
            last.kind(),
            ActionKind::Move
                | ActionKind::Jump
                | ActionKind::Hop
                | ActionKind::Place
                | ActionKind::Take
                | ActionKind::Sow
                | ActionKind::Rotate
                | ActionKind::LineStep
        ) {
            return false;
        }
        let rule = &self.moves[last.rule() as usize];
        match self.continuation(rule, state, &last) {
            // A part that works through the marked pieces has nothing to do without one.
            Some(next)
                if !next.joined && self.needs_marks(next.rule) && state.marked.is_empty() =>
            {
                false
            }
            Some(next) if !next.joined => {
                let player = state.to_move;
                if let Some(by) = next.by {
                    let mut frame = Frame::position(state);
                    frame.action = Some(last);
                    state.to_move = self.eval_int(by, &mut frame) as u8 & 3;
                }
                state.pending = next.rule;
                state.last_to = last.to();
                // A part with nothing to do is skipped: the turn is over.
                let mut frame = Frame::position(state);
                let mut moves = Vec::new();
                self.generate(
                    next.rule,
                    &self.moves[next.rule as usize],
                    &mut frame,
                    &mut moves,
                );
                if moves.is_empty() {
                    state.pending = NONE;
                    state.last_to = NO_CELL;
                    state.to_move = player;
                    return false;
                }
                true
            }
            _ => false,
        }
    }

    /// Whether the rule moves only marked pieces (`fly(from: marked, ...)`): without marks it makes
    /// no move.
    #[inline]
    fn needs_marks(&self, rule: u8) -> bool {
        match &self.moves[rule as usize].primitive {
            Primitive::Fly(fly) => fly
                .from_cells
                .is_some_and(|from| self.names_only_marked(from)),
            _ => false,
        }
    }

    /// The turn is over, its last part played by the player to move: the marks go, and the next
    /// turn is the first extra turn owed (`extra_turn`), else the next player's in seating order.
    #[inline]
    pub(super) fn end_turn(&self, state: &mut State<W>) {
        self.forget_throw(state);
        if self.tracks_visited {
            state.visited = CellSet::default();
        }
        if self.has_parts {
            state.marked = CellSet::default();
            if state.bonus_left > 0 {
                state.to_move = state.bonus;
                state.bonus_left -= 1;
                if state.bonus_left == 0 {
                    state.bonus = NONE;
                }
                return;
            }
        }
        state.to_move = crate::model::state::next_player(state.to_move, self.players.len() as u8);
    }

    /// `extra_turn PLAYER`: one more turn owed to `player`, played once the current turn is over.
    /// Turns are owed to one player at a time: another player's replace them.
    pub(super) fn owe_turn(&self, state: &mut State<W>, player: u8) {
        if state.bonus != player {
            state.bonus_left = 0;
        }
        state.bonus = player;
        state.bonus_left = state.bonus_left.saturating_add(1);
    }

    /// `visited`: the cells a part of the turn started from and landed on (every landing of a
    /// jump; a placement's or a take's one cell).
    pub(super) fn note_visited(&self, state: &mut State<W>, action: &Action) {
        match action.kind() {
            ActionKind::Off => state.visited.insert(action.from_cell()),
            ActionKind::Rotate => {}
            ActionKind::Move | ActionKind::Hop | ActionKind::Sow | ActionKind::LineStep => {
                state.visited.insert(action.from_cell());
                state.visited.insert(action.to_cell());
            }
            ActionKind::Jump => {
                state.visited.insert(action.from_cell());
                for cell in self.jump_landings(action) {
                    state.visited.insert(cell);
                }
            }
            ActionKind::Place | ActionKind::Take => state.visited.insert(action.to_cell()),
            ActionKind::Pass
            | ActionKind::Roll
            | ActionKind::Die
            | ActionKind::Reveal
            | ActionKind::Setup => {}
        }
    }

    /// Before a part moves its pieces: the cells of the marked pieces as they stand, so that
    /// [`Game::keep_marks`] can tell which pieces moved. `None` when nothing is marked.
    #[inline]
    pub(super) fn marks_before(&self, state: &State<W>) -> Option<[[u8; 64]; W]> {
        (self.has_parts && !state.marked.is_empty()).then(|| {
            let cells = state.cells();
            std::array::from_fn(|w| {
                cells[w * 64..(w + 1) * 64]
                    .try_into()
                    .expect("64 cells a word")
            })
        })
    }

    /// A marked piece that has moved, or left the board, loses its mark: a marked cell that holds
    /// something else now, or that the action's piece left.
    pub(super) fn keep_marks(&self, state: &mut State<W>, before: &[[u8; 64]; W], action: &Action) {
        let mut kept = state.marked;
        for cell in state.marked.iter() {
            if state.cell(cell) != before[cell as usize / 64][cell as usize % 64] {
                kept.remove(cell);
            }
        }
        if matches!(
            action.kind(),
            ActionKind::Move | ActionKind::Jump | ActionKind::Hop
        ) {
            kept.remove(action.from_cell());
        }
        state.marked = kept;
    }
}

//! Turns of several parts (`next RULE [joined] [if COND]`): after a move of a rule with a `next`,
//! the same player goes on with a move of the named rule. A separate part is an action of its own
//! (`State::pending` names the rule); a joined part is carried by the same action, which then
//! stands for the whole turn (Amazons' `d1-d7/g7`).

use super::action::{Action, ActionKind};
use super::eval::Frame;
use super::state::{NONE, State};
use crate::compile::{CompiledMove, Game, NO_CELL};

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
            firsts.extend(out.drain(start..));
            let state = frame.state;
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
                self.eval_bool(code, &mut frame)
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
        ) {
            return false;
        }
        let rule = &self.moves[last.rule() as usize];
        match self.continuation(rule, state, &last) {
            Some(next) if !next.joined => {
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
                    return false;
                }
                true
            }
            _ => false,
        }
    }
}

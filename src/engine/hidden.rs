//! Face-down pieces revealed by their first move (a chance event), and surrounds: enemy pieces
//! closed in by a move are relocated by their owner, after which the mover moves again.

use super::action::{Action, ActionKind};
use super::state::{NONE, State};
use crate::compile::{CellSet, CompiledMove, Game, NO_CELL};

impl Action {
    /// A face-down piece turns out to be of `kind`.
    pub fn reveal(kind: u8) -> Action {
        Action::new(ActionKind::Reveal, 0, 0, u16::from(kind), 0, 0, 0, 0)
    }
}

impl<const W: usize> Game<W> {
    /// Whether the piece on `cell` is face down: of a kind that hides others, or fixed but not shown.
    pub fn is_face_down(&self, state: &State<W>, cell: u16) -> bool {
        state.face_down.contains(cell)
            || state
                .piece(cell)
                .is_some_and(|(_, k)| !self.pieces[k as usize].hides.is_empty())
    }

    /// The face-down kind that stands for a piece of `kind` before its reveal: the first kind whose
    /// `hides` lists it.
    pub fn hiding_kind(&self, kind: u8) -> Option<u8> {
        self.pieces
            .iter()
            .position(|h| h.hides.contains(&kind))
            .map(|h| h as u8)
    }

    /// What `player` may be shown of a position: the position with nothing hidden in it. A
    /// face-down piece whose kind is fixed (`face_down` in a position file, a test deal) is of the
    /// kind that hides it again, its kind unknown, as in play before its reveal: its reveal may
    /// show any kind not yet seen. Everything else in a position is seen by every player.
    ///
    /// A position file with fixed identities, and the state read from it, hold the hidden kinds
    /// (for analysis): show a player this view instead, or [`Game::write_position`] of it.
    pub fn player_view(&self, state: &State<W>, player: u8) -> State<W> {
        // A face-down piece is hidden from its owner too (its reveal is a chance event for every
        // player), so every player is shown the same.
        let _ = player;
        let mut view = *state;
        for cell in state.face_down.iter() {
            // A position file cannot hold a face-down piece that no kind hides (it has nothing to
            // stand for it); a state made otherwise keeps it as it is.
            if let Some((owner, kind)) = state.piece(cell)
                && let Some(hider) = self.hiding_kind(kind)
            {
                view.put(cell, owner, hider);
                view.face_down.remove(cell);
            }
        }
        view
    }

    /// Whether the piece on `cell` is face up at home: immune to surrounds.
    pub fn is_held(&self, state: &State<W>, cell: u16) -> bool {
        !self.is_face_down(state, cell)
            && state
                .piece(cell)
                .is_some_and(|(_, k)| self.pieces[k as usize].home.contains(&cell))
    }

    /// The player's pieces held at home, and the sum of the values of their cells.
    pub fn held(&self, state: &State<W>, player: u8) -> (i32, i32) {
        state
            .pieces_of(player)
            .iter()
            .filter(|&c| self.is_held(state, c))
            // 32-bit arithmetic wraps (GRAMMAR.md), in every build.
            .fold((0i32, 0i32), |(n, v), c| {
                (
                    n.wrapping_add(1),
                    v.wrapping_add(self.board.values[c as usize]),
                )
            })
    }

    /// The outcomes of a due reveal: its fixed kind, or each hidden kind not yet shown face up and
    /// not fixed for another face-down piece of the owner.
    pub(super) fn reveal_actions(&self, state: &State<W>, out: &mut Vec<Action>) {
        let cell = state.reveal_at;
        let Some((owner, kind)) = state.piece(cell) else {
            return;
        };
        if state.face_down.contains(cell) {
            out.push(Action::reveal(kind));
            return;
        }
        for &hidden in &self.pieces[kind as usize].hides {
            let taken = state
                .pieces_of(owner)
                .iter()
                .any(|c| c != cell && state.piece(c) == Some((owner, hidden)));
            if !taken {
                out.push(Action::reveal(hidden));
            }
        }
    }

    /// Whether this game's moves can turn pieces up or surround them (known once compiled).
    #[inline]
    pub(super) fn has_turn_effects(&self) -> bool {
        self.turn_effects
    }

    /// Applies a move, reveal or relocation of a game with turn effects, and settles whose turn it is.
    pub(super) fn apply_with_effects(&self, state: &mut State<W>, action: &Action) {
        let players = self.players.len() as u8;
        match action.kind() {
            ActionKind::Reveal => {
                let cell = state.reveal_at;
                if let Some((owner, _)) = state.piece(cell) {
                    state.put(cell, owner, action.to() as u8);
                }
                state.face_down.remove(cell);
                state.reveal_at = NO_CELL;
                self.after_move(state, cell);
                return;
            }
            ActionKind::Hop if !state.relocate.is_empty() => {
                state.move_piece(action.from_cell(), action.to_cell());
                state.relocate.remove(action.from_cell());
                state.ply = state.ply.saturating_add(1);
                let rule = &self.moves[state.moved_by as usize];
                let surround = rule.surround;
                if surround.is_some_and(|s| s.bonus_each) {
                    state.bonus_left = state.bonus_left.saturating_add(1);
                }
                if state.relocate.is_empty() || self.free_relocation_cells(rule, state).is_empty() {
                    if surround.is_some_and(|s| s.remove_without_room) {
                        for cell in state.relocate.iter() {
                            state.clear(cell);
                        }
                    }
                    state.relocate = CellSet::default();
                    state.to_move = state.bonus;
                    state.bonus = NONE;
                    // The bonus move now due is the first of those owed.
                    state.bonus_left = state.bonus_left.saturating_sub(1);
                }
                return;
            }
            ActionKind::Pass => {
                state.to_move = crate::engine::state::next_player(state.to_move, players);
                state.ply = state.ply.saturating_add(1);
                return;
            }
            _ => {}
        }
        // A move: the piece is on its last cell; a face-down one is revealed before anything else.
        state.ply = state.ply.saturating_add(1);
        state.moved_by = action.rule();
        let (from, to) = (action.from_cell(), action.to_cell());
        let was_face_down = state.face_down.contains(from) || self.is_face_down(state, to);
        if state.face_down.contains(from) {
            state.face_down.remove(from);
            state.face_down.insert(to);
        }
        if was_face_down || state.face_down.contains(to) {
            state.reveal_at = to;
            return;
        }
        self.after_move(state, to);
    }

    /// The surround test around the moved piece on `to`, then the turn passes (to the owner of
    /// surrounded pieces first, when any can be relocated).
    fn after_move(&self, state: &mut State<W>, to: u16) {
        let players = self.players.len() as u8;
        let mover = state.to_move;
        let rule = &self.moves[state.moved_by as usize];
        state.to_move = crate::engine::state::next_player(mover, players);
        let Some(surround) = rule.surround else {
            return self.owed_bonus_move(state, mover);
        };
        let dirs = &self.board.direction_sets[surround.dirs as usize][mover as usize];
        // Active capture looks at the moved piece's neighbours; passive at every enemy piece.
        let mut candidates = CellSet::default();
        if surround.passive {
            for p in (0..players).filter(|&p| p != mover) {
                candidates = candidates.or(state.pieces_of(p));
            }
        } else {
            for &d in dirs {
                let x = self.board.neighbour(to, d);
                if x != crate::compile::NO_CELL {
                    candidates.insert(x);
                }
            }
        }
        let mut attacked = CellSet::default();
        for x in candidates.iter() {
            if state.owner(x).is_none_or(|o| o == mover)
                || self.is_face_down(state, x)
                || self.is_held(state, x)
            {
                continue;
            }
            let mut around = 0;
            let closed = dirs.iter().all(|&e| {
                let n = self.board.neighbour(x, e);
                // The board's edge, and a side across a shielding line, count as closed.
                let shielded = surround
                    .shield
                    .is_some_and(|l| self.lines[l as usize].leaving[e as usize].contains(x));
                if n == crate::compile::NO_CELL || shielded {
                    return true;
                }
                around += 1;
                state.owner(n) == Some(mover)
            });
            if closed && around >= surround.min {
                attacked.insert(x);
            }
        }
        if attacked.is_empty() {
            return self.owed_bonus_move(state, mover);
        }
        if !self.free_relocation_cells(rule, state).is_empty() {
            // The owner of the surrounded pieces relocates them: with two players, the one to move.
            state.relocate = attacked;
            state.bonus = mover;
            state.bonus_left = 0;
        } else if surround.remove_without_room {
            for cell in attacked.iter() {
                state.clear(cell);
            }
            self.owed_bonus_move(state, mover);
        } else {
            self.owed_bonus_move(state, mover);
        }
    }

    /// A player owed more bonus moves (`bonus: per_piece`) moves again.
    fn owed_bonus_move(&self, state: &mut State<W>, mover: u8) {
        if state.bonus_left > 0 {
            state.bonus_left -= 1;
            state.to_move = mover;
        }
    }

    /// Empty cells of the rule's relocation region.
    fn free_relocation_cells(&self, rule: &CompiledMove, state: &State<W>) -> CellSet<W> {
        match rule.surround {
            Some(s) => self
                .region_of(s.relocate, state.to_move)
                .and_not(&state.occupied()),
            None => CellSet::default(),
        }
    }

    /// The relocations due: each surrounded piece to each empty cell of the region.
    pub(super) fn relocation_actions(&self, state: &State<W>, out: &mut Vec<Action>) {
        let rule = &self.moves[state.moved_by as usize];
        let free = self.free_relocation_cells(rule, state);
        for from in state.relocate.iter() {
            for to in free.iter() {
                out.push(Action::new(
                    ActionKind::Hop,
                    state.moved_by,
                    from,
                    to,
                    0,
                    1,
                    0,
                    0,
                ));
            }
        }
    }
}

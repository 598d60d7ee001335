//! Face-down pieces revealed by their first move (a chance event), and pieces held at home.

use crate::compile::{CellSet, Game, NO_CELL};
use crate::model::action::{Action, ActionKind};
use crate::model::state::State;

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

    /// The cells of `player`'s face-down pieces (`face_down(player)`).
    pub(crate) fn face_down_pieces(&self, state: &State<W>, player: u8) -> CellSet<W> {
        let mut set = state.face_down.and(state.pieces_of(player));
        for cell in state.pieces_of(player).iter() {
            if self.is_face_down(state, cell) {
                set.insert(cell);
            }
        }
        set
    }

    /// The cells of `player`'s held pieces (`held_pieces(player)`).
    pub(crate) fn held_pieces(&self, state: &State<W>, player: u8) -> CellSet<W> {
        let mut set = CellSet::default();
        for cell in state.pieces_of(player).and(&self.homes).iter() {
            if self.is_held(state, cell) {
                set.insert(cell);
            }
        }
        set
    }

    /// The player's pieces held at home, and the sum of the values of their cells.
    pub fn held(&self, state: &State<W>, player: u8) -> (i32, i32) {
        state
            .pieces_of(player)
            .and(&self.homes)
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

    /// Whether this game's moves can turn pieces up (known once compiled).
    #[inline]
    pub(super) fn has_turn_effects(&self) -> bool {
        self.turn_effects
    }

    /// After a move has moved its piece: if the piece was face down, its reveal is due (the same
    /// player stays to move, in a chance event) and what follows the move waits for it. Returns
    /// whether it is due.
    pub(super) fn reveal_due(&self, state: &mut State<W>, action: &Action) -> bool {
        if !matches!(
            action.kind(),
            ActionKind::Move | ActionKind::Jump | ActionKind::Hop
        ) {
            return false;
        }
        let (from, to) = (action.from_cell(), action.to_cell());
        let was_face_down = state.face_down.contains(from) || self.is_face_down(state, to);
        if state.face_down.contains(from) {
            state.face_down.remove(from);
            state.face_down.insert(to);
        }
        if !was_face_down {
            return false;
        }
        state.reveal_at = to;
        state.moved_by = action.rule();
        true
    }

    /// A reveal: the piece turns out to be of the kind drawn, face up, and the turn goes on as
    /// after any move of its rule (its `next`, else the next turn), `to` the piece's cell.
    pub(super) fn apply_reveal(&self, state: &mut State<W>, action: &Action) {
        let cell = state.reveal_at;
        if let Some((owner, _)) = state.piece(cell) {
            state.put(cell, owner, action.to() as u8);
        }
        state.face_down.remove(cell);
        state.reveal_at = NO_CELL;
        let moved = Action::place(std::mem::take(&mut state.moved_by), cell);
        if !(self.has_parts && self.continue_turn(state, &moved)) {
            self.end_turn(state);
        }
    }
}

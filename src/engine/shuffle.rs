//! `[shuffle]`: the set-up drawn by lot at the start, a chance event like a roll of the dice.
//!
//! A game whose set-up is drawn starts at a chance event: the drawn cells are empty and the
//! outcomes are the arrangements the checker listed (`src/check/shuffle.rs`), each as likely,
//! written `setup:` and the first player's symbols along the first player's cells
//! (`setup:RNBQKBNR`). The draw is not a ply, and no rule runs before or after it: the game
//! begins once the pieces stand. A record keeps the token, so a replay draws the same.

use crate::compile::Game;
use crate::model::action::{Action, ActionKind};
use crate::model::state::State;

impl Action {
    /// Arrangement `index` of the game's draw.
    pub fn drawn_setup(index: usize) -> Action {
        let (low, high) = ((index & 0x3ff) as u16, ((index >> 10) & 0x3ff) as u16);
        Action::new(ActionKind::Setup, 0, low, high, 0, 0, 0, 0)
    }

    /// The arrangement of a [`Action::drawn_setup`].
    pub fn setup_index(&self) -> usize {
        self.from() as usize | (self.to() as usize) << 10
    }
}

impl<const W: usize> Game<W> {
    /// Every arrangement of the draw, in the order the checker listed them: the outcomes of the
    /// chance event at the start.
    pub(crate) fn setup_actions(&self, out: &mut Vec<Action>) {
        if let Some(shuffle) = &self.shuffle {
            out.extend((0..shuffle.arrangements.len()).map(Action::drawn_setup));
        }
    }

    /// `setup:` and the first player's symbols of the arrangement, slot by slot.
    pub(crate) fn setup_token(&self, action: &Action) -> String {
        let kinds = self
            .shuffle
            .as_ref()
            .and_then(|s| s.arrangements.get(action.setup_index()));
        let symbols: String = kinds
            .into_iter()
            .flatten()
            .map(|&k| {
                self.pieces
                    .get(k as usize)
                    .and_then(|p| p.symbols.first().copied())
                    .unwrap_or('?')
            })
            .collect();
        format!("setup:{symbols}")
    }

    /// The declared `[memory] unmoved` cells holding a piece of a kind it remembers: every piece
    /// there has not moved, at the start or where a position does not say.
    pub(crate) fn remembered_unmoved(&self, state: &State<W>) -> crate::model::board::CellSet<W> {
        let mut cells = self.unmoved_cells.and(&state.occupied());
        if self.unmoved_kinds != 0 {
            for cell in cells.clone().iter() {
                if state
                    .piece(cell)
                    .is_none_or(|(_, k)| self.unmoved_kinds >> k & 1 == 0)
                {
                    cells.remove(cell);
                }
            }
        }
        cells
    }

    /// The drawn pieces take their cells, every player's the same arrangement; the pieces now on
    /// `[memory] unmoved` cells have not moved. Not a ply.
    pub(crate) fn apply_setup(&self, state: &mut State<W>, action: &Action) {
        state.setup_due = false;
        let Some(shuffle) = &self.shuffle else {
            return;
        };
        let Some(kinds) = shuffle.arrangements.get(action.setup_index()) else {
            return;
        };
        for (player, cells) in shuffle.cells.iter().enumerate() {
            for (&cell, &kind) in cells.iter().zip(kinds) {
                state.put(cell, player as u8, kind);
            }
        }
        if self.tracks_unmoved {
            state.unmoved = self.remembered_unmoved(state);
        }
    }
}

//! The run of the fast path of [`crate::compile::fast::neighbour_filter`]: what it gives is what the
//! general path would.

use crate::compile::fast::neighbour_filter::*;
use crate::compile::{CellSet, Game, NO_CELL};
use crate::engine::cells::Closed;
use crate::model::action::Action;
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// The cells the filter keeps in this position, `action` giving `to`.
    pub fn neighbour_filter(
        &self,
        filter: &NeighbourFilter,
        state: &State<W>,
        action: &Action,
    ) -> CellSet<W> {
        let mut kept = CellSet::default();
        let around = match filter.around {
            Around::To => match u16::try_from(self.action_to(action)) {
                Ok(cell) => cell,
                Err(_) => return kept,
            },
            Around::LastTo => state.last_to,
        };
        if around == NO_CELL {
            return kept;
        }
        let me = state.to_move;
        let players = [
            me,
            crate::model::state::next_player(me, self.players.len() as u8),
        ];
        'next: for &dir in self.directions_of(filter.dirs, me) {
            let cell = self.board.neighbour(around, dir);
            if cell == NO_CELL {
                continue;
            }
            for test in &filter.tests {
                if !self.passes(test, state, cell, players) {
                    continue 'next;
                }
            }
            kept.insert(cell);
        }
        kept
    }

    /// [`Game::passes`] for the test inside a `not`, kept out of line.
    #[inline(never)]
    fn passes_inner(
        &self,
        test: &CellFilter,
        state: &State<W>,
        cell: u16,
        players: [u8; 2],
    ) -> bool {
        self.passes(test, state, cell, players)
    }

    /// Whether the set the test stands for holds `cell`; `players` are the mover and the opponent.
    #[inline]
    fn passes(&self, test: &CellFilter, state: &State<W>, cell: u16, players: [u8; 2]) -> bool {
        let player = |who: Who| match who {
            Who::Mover => players[0],
            Who::Opponent => players[1],
            Who::Player(p) => p,
        };
        match test {
            CellFilter::Pieces { player: who, kind } => state
                .piece(cell)
                .is_some_and(|(p, k)| p == player(*who) && kind.is_none_or(|want| want == k)),
            CellFilter::FaceDown(who) => {
                state.owner(cell) == Some(player(*who)) && self.is_face_down(state, cell)
            }
            CellFilter::Held(who) => {
                state.owner(cell) == Some(player(*who)) && self.is_held(state, cell)
            }
            CellFilter::Marked => state.marked.contains(cell),
            CellFilter::Region(set) => self.region_sets[*set as usize].contains(cell),
            CellFilter::Enclosed {
                dirs,
                edge,
                shield,
                min,
            } => {
                let closed = Closed {
                    hostile: &CellSet::default(),
                    edge: *edge,
                    shield: *shield,
                    min: *min,
                };
                self.encloses(
                    state,
                    cell,
                    self.directions_of(*dirs, state.to_move),
                    &closed,
                )
            }
            CellFilter::Not(inner) => !self.passes_inner(inner, state, cell, players),
        }
    }
}

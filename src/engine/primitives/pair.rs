//! `pair`: a piece and its partner, the first piece of the mover's along a direction from it,
//! move together to the cells two tables give the mover (castling in general).
//!
//! The action is the piece's cell and the partner's (`e1-h1`: the token names the partner's cell,
//! which no other move of the piece can land on). Every cell either piece passes over or lands
//! on, along the straight line to its cell, must be empty but for the two of them; the rule's
//! filters say the rest (that neither has moved, that no cell the piece passes is attacked).

use crate::compile::primitives::Pair;
use crate::compile::{CompiledMove, Game, NO_CELL, Primitive};
use crate::engine::eval::Frame;
use crate::model::action::{Action, ActionKind};
use crate::model::board::CellSet;
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// `pair`: for each piece of the rule's kind and each direction, the first piece along it,
    /// if it is the mover's partner and both can reach their cells.
    #[inline(never)]
    pub(in crate::engine) fn pairs(
        &self,
        index: u8,
        rule: &CompiledMove,
        pair: &Pair,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let (Some(goal), Some(partner_goal)) = (
            self.player_cell(pair.to, me, state),
            self.player_cell(pair.with_to, me, state),
        ) else {
            return;
        };
        for from in state.pieces_of(me).iter() {
            if rule
                .piece
                .is_some_and(|k| state.piece(from) != Some((me, k)))
            {
                continue;
            }
            for &dir in self.directions(pair.dirs, me) {
                let mut at = self.board.neighbour(from, dir);
                while at != NO_CELL && state.cell(at) == 0 {
                    at = self.board.neighbour(at, dir);
                }
                if at == NO_CELL || state.piece(at) != Some((me, pair.with)) {
                    continue;
                }
                if self.pair_way_clear(state, [(from, goal), (at, partner_goal)]) {
                    let action = Action::new(ActionKind::Hop, index, from, at, dir, 1, 0, 0);
                    self.push_if_legal(rule, frame, action, out);
                }
            }
        }
    }

    /// The cell a table of cells keyed by player gives `player`, if any.
    fn player_cell(&self, table: u16, player: u8, state: &State<W>) -> Option<u16> {
        let cell = self.table_entry(table, i32::from(player), state);
        u16::try_from(cell)
            .ok()
            .filter(|&c| (c as usize) < self.board.cells)
    }

    /// Each piece can go along a straight line to its cell, and every cell on the way (its cell
    /// included) is empty or holds one of the two.
    fn pair_way_clear(&self, state: &State<W>, moves: [(u16, u16); 2]) -> bool {
        let (a, b) = (moves[0].0, moves[1].0);
        moves.iter().all(|&(from, to)| {
            self.line_cells(from, to)
                .is_some_and(|cells| cells.iter().all(|c| c == a || c == b || state.cell(c) == 0))
        })
    }

    /// The cells of the straight line from `a` to `b` along a direction of the board, both
    /// included (`a` alone when they are the same cell); none when no direction leads there.
    pub(crate) fn line_cells(&self, a: u16, b: u16) -> Option<CellSet<W>> {
        if a as usize >= self.board.cells || b as usize >= self.board.cells {
            return None;
        }
        let mut cells = CellSet::default();
        cells.insert(a);
        if a == b {
            return Some(cells);
        }
        for dir in 0..self.board.directions as u8 {
            let mut line = cells;
            let mut at = self.board.neighbour(a, dir);
            // A board's line is at most as long as it has cells (a link direction may loop).
            for _ in 0..self.board.cells {
                if at == NO_CELL || line.contains(at) {
                    break;
                }
                line.insert(at);
                if at == b {
                    return Some(line);
                }
                at = self.board.neighbour(at, dir);
            }
        }
        None
    }

    /// Whether a hop is a `pair`'s move.
    #[inline]
    pub(in crate::engine) fn moves_a_pair(&self, action: &Action) -> bool {
        matches!(
            self.moves.get(action.rule() as usize).map(|m| &m.primitive),
            Some(Primitive::Pair(_))
        )
    }

    /// A `pair`'s move: both pieces are lifted, then set down on their cells.
    pub(in crate::engine) fn move_pair(&self, state: &mut State<W>, action: &Action) {
        let Some(Primitive::Pair(pair)) =
            self.moves.get(action.rule() as usize).map(|m| &m.primitive)
        else {
            return;
        };
        let me = state.to_move;
        let (Some(goal), Some(partner_goal)) = (
            self.player_cell(pair.to, me, state),
            self.player_cell(pair.with_to, me, state),
        ) else {
            return;
        };
        let (piece, partner) = (state.cell(action.from_cell()), state.cell(action.to_cell()));
        state.clear(action.from_cell());
        state.clear(action.to_cell());
        state.set(goal, piece);
        state.set(partner_goal, partner);
        state.unmoved.remove(goal);
        state.unmoved.remove(partner_goal);
    }
}

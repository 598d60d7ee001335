//! `ride`: one piece rides a closed route either way, over empty cells (its own start among
//! them), counting the bends it passes; it may land where the rule's landing allows once it has
//! passed enough bends, and stops at the first piece it meets.

use crate::compile::primitives::{CompiledRoute, Ride};
use crate::compile::{CompiledMove, Game};
use crate::engine::eval::Frame;
use crate::model::action::{Action, ActionKind};
use crate::model::board::CellSet;
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// `ride`: from every place of every piece of the rule on each route, both ways round; a
    /// cell reached more than one way is one move.
    pub(in crate::engine) fn rides(
        &self,
        index: u8,
        rule: &CompiledMove,
        ride: &Ride,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        for from in self.movers(rule, frame).iter() {
            if !self.moves_piece(rule, state, from) {
                continue;
            }
            let mut reached = CellSet::<W>::default();
            for &r in &ride.routes {
                let route = &self.routes[r as usize];
                for &place in &route.places[from as usize] {
                    for forward in [true, false] {
                        self.ride_from(ride, route, state, from, place, forward, &mut reached);
                    }
                }
            }
            for to in reached.iter() {
                let captured = u8::from(state.cell(to) != 0);
                let action = Action::new(ActionKind::Hop, index, from, to, 0, 1, 0, captured);
                self.push_if_legal(rule, frame, action, out);
            }
        }
    }

    /// One way round a route from one place of the moving piece, at most once round: each cell
    /// it may land on goes into `reached`.
    #[allow(clippy::too_many_arguments)]
    fn ride_from(
        &self,
        ride: &Ride,
        route: &CompiledRoute,
        state: &State<W>,
        from: u16,
        place: u16,
        forward: bool,
        reached: &mut CellSet<W>,
    ) {
        let n = route.cells.len();
        let (mut at, mut bends) = (place as usize, 0u32);
        for _ in 0..n {
            let before = at;
            at = if forward {
                (at + 1) % n
            } else {
                (at + n - 1) % n
            };
            let bend_at = if forward { before } else { at };
            bends += u32::from(route.bends_after[bend_at]);
            let cell = route.cells[at];
            let may_land = bends >= u32::from(ride.bends);
            if cell == from {
                continue;
            }
            match self.landing(ride.to, state, cell) {
                Some(_) if may_land => reached.insert(cell),
                _ => {}
            }
            if state.cell(cell) != 0 {
                return;
            }
        }
    }
}

//! `step(capture: approach | withdrawal)`: a step onto an empty cell that captures away from its
//! landing. By approach it takes the run of enemy pieces that starts just beyond the landing,
//! onward along the step's direction; by withdrawal the run that starts just behind the start,
//! against it. A step that could capture both ways is two actions; a step that captures neither
//! way does not exist.

use crate::compile::primitives::Step;
use crate::compile::{CompiledMove, Game, NO_CELL};
use crate::engine::eval::Frame;
use crate::model::action::{Action, Remote};
use crate::model::state::State;

/// The most pieces one capture takes: they are counted in the action's byte.
const MOST: u8 = u8::MAX;

impl<const W: usize> Game<W> {
    /// The capturing steps of a rule with `capture:`. Few pieces can capture, so each piece's
    /// steps are looked at one by one; nothing is allocated.
    pub(in crate::engine) fn remote_steps(
        &self,
        index: u8,
        rule: &CompiledMove,
        step: &Step,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let me = state.to_move;
        let occupied = state.occupied();
        let movers = self
            .movers(rule, frame)
            .and_not(&self.locked_pieces(rule, state));
        for &dir in self.directions(step.dirs, me) {
            let mut sources = movers.and(&self.board.has_neighbour[dir as usize]);
            if let Some(l) = step.along {
                sources = sources.and(&self.lines[l as usize].leaving[dir as usize]);
            }
            for from in sources.iter() {
                let to = self.board.neighbour(from, dir);
                if occupied.contains(to)
                    || self.avoided(rule, me, to)
                    || !self.board.legs_clear(from, dir, &occupied)
                {
                    continue;
                }
                let plain = Action::moving(index, from, to, dir, 1, 1, 0);
                for (wanted, remote) in [
                    (step.capture.approach, Remote::Approach),
                    (step.capture.withdrawal, Remote::Withdrawal),
                ] {
                    if !wanted {
                        continue;
                    }
                    let run = self.remote_run(rule, step.along, state, from, to, dir, remote);
                    if run > 0 {
                        self.push_if_legal(rule, frame, plain.with_remote(remote, run), out);
                    }
                }
            }
        }
    }

    /// How many pieces a step from `from` to `to` along `dir` captures by `remote`: the enemy
    /// pieces in a row from the first cell captured, each linked to the one before it (with
    /// `along:`), up to an empty cell, an own or locked piece, or the edge.
    #[allow(clippy::too_many_arguments)]
    fn remote_run(
        &self,
        rule: &CompiledMove,
        along: Option<u16>,
        state: &State<W>,
        from: u16,
        to: u16,
        dir: u8,
        remote: Remote,
    ) -> u8 {
        let me = state.to_move;
        let mut run = 0;
        let mut cell = match remote {
            Remote::Approach => to,
            Remote::Withdrawal => from,
        };
        while run < MOST {
            // The next cell of the run and whether the line joins it to the one before.
            let (next, linked) = match remote {
                Remote::Approach => {
                    let next = self.board.neighbour(cell, dir);
                    (next, self.follows_lines(along, cell, dir))
                }
                Remote::Withdrawal => {
                    let next = self.board.predecessor(cell, dir);
                    (
                        next,
                        next != NO_CELL && self.follows_lines(along, next, dir),
                    )
                }
            };
            if next == NO_CELL
                || !linked
                || state.owner(next).is_none_or(|o| o == me)
                || self.locked(rule, state, next)
            {
                break;
            }
            run += 1;
            cell = next;
        }
        run
    }

    /// The cells a capture by approach or withdrawal takes, in the position before it (the cells
    /// are fixed by the action: its first captured cell, its direction and how many).
    pub(in crate::engine) fn remote_cells(
        &self,
        action: &Action,
        remote: Remote,
    ) -> impl Iterator<Item = u16> + use<'_, W> {
        let dir = action.dir();
        let mut cell = match remote {
            Remote::Approach => action.to_cell(),
            Remote::Withdrawal => action.from_cell(),
        };
        (0..action.captured()).map(move |_| {
            cell = match remote {
                Remote::Approach => self.board.neighbour(cell, dir),
                Remote::Withdrawal => self.board.predecessor(cell, dir),
            };
            cell
        })
    }
}

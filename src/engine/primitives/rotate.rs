//! `rotate`: a square of the board turns with its pieces. An action names the square (its place
//! in the rule's choice, `from`) and the turn (`to`: quarters clockwise, 1 to 3).

use crate::compile::primitives::Rotate;
use crate::compile::{CompiledMove, Game, Primitive};
use crate::engine::eval::Frame;
use crate::model::action::{Action, ActionKind};
use crate::model::state::State;

impl<const W: usize> Game<W> {
    /// `rotate`: an action per square and turn.
    pub(in crate::engine) fn rotations(
        &self,
        index: u8,
        rule: &CompiledMove,
        rotate: &Rotate,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let action = |&(square, quarters): &(u16, u16)| {
            Action::new(ActionKind::Rotate, index, square, quarters, 0, 0, 0, 0)
        };
        if rule.unchecked {
            out.extend(rotate.choices.iter().map(action));
            return;
        }
        for choice in &rotate.choices {
            self.push_if_legal(rule, frame, action(choice), out);
        }
    }

    /// Turns the square an action names, each piece going with its cell: around each cycle of
    /// the turn, one piece held aside while the others move on.
    pub(in crate::engine) fn rotate_square(&self, state: &mut State<W>, action: &Action) {
        let Primitive::Rotate(rotate) = &self.moves[action.rule() as usize].primitive else {
            return;
        };
        let quarters = action.to() as usize;
        let Some(cycles) = (rotate.cycles.get(action.from() as usize))
            .and_then(|turns| turns.get(quarters.wrapping_sub(1)))
        else {
            return;
        };
        for cycle in cycles {
            let Some((&last, _)) = cycle.split_last() else {
                continue;
            };
            let held = state.cell(last);
            for at in (1..cycle.len()).rev() {
                state.set(cycle[at], state.cell(cycle[at - 1]));
            }
            state.set(cycle[0], held);
        }
    }

    /// The token of a rotation: the square's region and the turn, `nw:cw`, `nw:ccw`, `nw:half`.
    pub(crate) fn rotation_token(&self, action: &Action) -> String {
        let square = match &self.moves[action.rule() as usize].primitive {
            Primitive::Rotate(rotate) => rotate.squares.get(action.from() as usize),
            _ => None,
        };
        let region = square.map_or("?", |s| self.regions[s.region as usize].name.as_str());
        let turn = match action.to() {
            1 => "cw",
            2 => "half",
            _ => "ccw",
        };
        format!("{region}:{turn}")
    }
}

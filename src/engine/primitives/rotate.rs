//! `rotate`: a square of the board turns with its pieces. An action names the square (its place
//! in the rule's choice, `from`) and the turn (`to`: quarters clockwise, 1 to 3).

use crate::check::rotate::{ANTICLOCKWISE, CLOCKWISE, HALF};
use crate::compile::primitives::Rotate;
use crate::compile::{CompiledMove, Game, Primitive};
use crate::engine::eval::Frame;
use crate::model::action::{Action, ActionKind};
use crate::model::state::{MAX_CELLS, State};

/// Each turn a rule may allow, and how many quarters clockwise it is.
const TURNS: [(u8, u16); 3] = [(CLOCKWISE, 1), (HALF, 2), (ANTICLOCKWISE, 3)];

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
        for square in 0..rotate.squares.len() as u16 {
            for (bit, quarters) in TURNS {
                if rotate.turns & bit != 0 {
                    let action =
                        Action::new(ActionKind::Rotate, index, square, quarters, 0, 0, 0, 0);
                    self.push_if_legal(rule, frame, action, out);
                }
            }
        }
    }

    /// Turns the square an action names, each piece going with its cell.
    pub(in crate::engine) fn rotate_square(&self, state: &mut State<W>, action: &Action) {
        let Primitive::Rotate(rotate) = &self.moves[action.rule() as usize].primitive else {
            return;
        };
        let Some(square) = rotate.squares.get(action.from() as usize) else {
            return;
        };
        let n = square.cells.len();
        let (mut pieces, mut turned) = ([0u8; MAX_CELLS], [0u8; MAX_CELLS]);
        for (i, &cell) in square.cells.iter().enumerate() {
            pieces[i] = state.cell(cell);
        }
        for _ in 0..action.to() {
            for (i, &to) in square.clockwise.iter().enumerate() {
                turned[to as usize] = pieces[i];
            }
            pieces[..n].copy_from_slice(&turned[..n]);
        }
        for (i, &cell) in square.cells.iter().enumerate() {
            state.set(cell, pieces[i]);
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

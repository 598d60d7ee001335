//! The move generator of each move primitive, one file per primitive (the compiled arguments are
//! in [`crate::compile::primitives`]). [`Game::generate`](crate::compile::Game) picks the
//! primitive once per rule; the helpers they share (landing, locking, `push_if_legal`) are in
//! [`super::movegen`]. `die_move` is generated in [`super::dice`], with the rolls; `pass_turn`
//! makes its one action in the move generator itself.

mod fly;
pub(super) mod jump;
mod line;
mod line_step;
mod pair;
mod path_step;
mod place;
mod push;
mod ride;
mod rotate;
mod slide;
mod sow;
mod step;
mod step_capture;
mod take;

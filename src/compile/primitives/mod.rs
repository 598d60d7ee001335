//! The move primitives as compiled: what a rule does besides its common parts (see
//! [`CompiledMove`](super::CompiledMove)), each with only its own arguments, lowered to table
//! indices. One file per primitive of the rules language.

mod die_move;
mod fly;
mod jump;
mod line;
mod line_step;
mod pair;
mod path_step;
mod place;
mod ride;
mod rotate;
mod slide;
mod sow;
mod step;

pub use die_move::DieMove;
pub use fly::Fly;
pub use jump::Jump;
pub use line::Line;
pub use line_step::LineStep;
pub use pair::Pair;
pub use path_step::PathStep;
pub use place::Place;
pub use ride::{CompiledRoute, Ride};
pub use rotate::Rotate;
pub use slide::Slide;
pub use sow::Sow;
pub use step::Step;

use super::bytecode::Emitter;
use super::{CodeRange, NO_HAND, RegionRef};
use crate::check::{Generator, Hit, Landing, MoveRule, PlaceAt};

/// The primitive of a move rule with its compiled arguments.
#[derive(Clone, Debug)]
pub enum Primitive {
    /// `place`: a new piece of the rule's kind on an empty cell.
    Place(Place),
    /// `pass_turn`: the mover passes.
    Pass,
    /// `take`: an enemy piece (or, as `of:` says, the mover's own or anyone's; of the rule's kind)
    /// leaves the board.
    Take(crate::check::TakeOf),
    /// `fly`: a piece of the mover goes to any empty cell.
    Fly(Fly),
    /// `pair`: a piece and its partner move together to fixed cells.
    Pair(Pair),
    /// `step`: one piece, one step.
    Step(Step),
    /// `slide`: one piece, any number of steps over empty cells.
    Slide(Slide),
    /// `line`: a run of own pieces moves along its own line.
    Line(Line),
    /// `line_step`: a line of own pieces moves one cell, maybe pushing an enemy line.
    LineStep(LineStep),
    /// `jump`: one piece jumps over an adjacent enemy piece.
    Jump(Jump),
    /// `path_step`: one piece steps to the next cell of a path.
    PathStep(PathStep),
    /// `die_move`: one piece moves along a path by the pips of one die.
    DieMove(DieMove),
    /// `rotate`: a square of the board turns with its pieces.
    Rotate(Rotate),
    /// `sow`: the pieces of a pit are dropped one by one along a loop.
    Sow(Sow),
    /// `ride`: one piece rides a closed route over empty cells, round its bends.
    Ride(Ride),
}

/// What lowering a primitive needs of the game being compiled.
pub(super) struct Lowering<'a> {
    pub region_ref: &'a dyn Fn(u16) -> RegionRef,
    pub hand_kinds: &'a [u8],
}

impl Lowering<'_> {
    fn at_region(&self, at: &Option<PlaceAt>) -> Option<RegionRef> {
        match at {
            Some(PlaceAt::Region(r)) => Some((self.region_ref)(*r)),
            _ => None,
        }
    }

    fn at_cells(at: &Option<PlaceAt>, emitter: &mut Emitter) -> Option<CodeRange> {
        match at {
            Some(PlaceAt::Cells(e)) => Some(emitter.set_program(e)),
            _ => None,
        }
    }

    /// The primitive of a checked move rule, its programs emitted in the order of its arguments.
    pub(super) fn primitive(&self, m: &MoveRule, emitter: &mut Emitter) -> Primitive {
        match &m.generator {
            Generator::Place {
                piece,
                choices,
                at,
                from_hand,
            } => Primitive::Place(Place {
                choices: *choices,
                at: self.at_region(at),
                at_cells: Self::at_cells(at, emitter),
                hand_slot: from_hand
                    .then(|| self.hand_kinds.iter().position(|k| k == piece))
                    .flatten()
                    .map(|slot| slot as u8)
                    .or(from_hand.then_some(NO_HAND)),
            }),
            Generator::Pass => Primitive::Pass,
            Generator::Rotate { squares, turns } => Primitive::Rotate(Rotate::new(squares, *turns)),
            Generator::Take { of, .. } => Primitive::Take(*of),
            Generator::Fly { at, from, .. } => Primitive::Fly(Fly {
                at: self.at_region(at),
                at_cells: Self::at_cells(at, emitter),
                from_cells: from.as_ref().map(|e| emitter.set_program(e)),
            }),
            Generator::Step {
                dirs, to, capture, ..
            } => Primitive::Step(Step {
                dirs: *dirs,
                to: *to,
                along: m.along,
                capture: *capture,
            }),
            Generator::Slide {
                dirs,
                max,
                to,
                screens,
                distance,
                pass,
                ..
            } => Primitive::Slide(Slide {
                dirs: *dirs,
                to: *to,
                max: *max,
                screens: *screens,
                along: m.along,
                crossing: m.crossing,
                crossing_stop_after: m.crossing_stop_after,
                distance: *distance,
                pass: *pass,
            }),
            Generator::Pair { .. }
            | Generator::DieMove { .. }
            | Generator::Sow { .. }
            | Generator::PathStep { .. }
            | Generator::Ride { .. } => self.track_primitive(m, emitter),
            Generator::Jump {
                dirs,
                over,
                chain,
                remove_at_end,
                long,
                promote_at_end,
                top_to_bottom,
                ..
            } => Primitive::Jump(Jump {
                dirs: *dirs,
                over_piece: *over,
                chain: *chain,
                remove_at_end: *remove_at_end,
                along: m.along,
                long: *long,
                promote_at_end: *promote_at_end,
                top_to_bottom: *top_to_bottom,
            }),
            Generator::Line {
                dirs,
                min,
                capture,
                capture_if,
                ..
            } => Primitive::Line(Line {
                dirs: *dirs,
                min: *min,
                capture: *capture,
                capture_if: capture_if.as_ref().map(|e| emitter.expr_program(e)),
            }),
            Generator::LineStep {
                dirs,
                min,
                max,
                sideways,
                push_if,
                opposite,
                ..
            } => Primitive::LineStep(LineStep {
                dirs: *dirs,
                min: *min,
                max: *max,
                sideways: *sideways,
                push_if: push_if.as_ref().map(|e| emitter.expr_program(e)),
                opposite: opposite.clone(),
            }),
        }
    }

    /// The primitives that move along a path, a route or to fixed cells.
    fn track_primitive(&self, m: &MoveRule, emitter: &mut Emitter) -> Primitive {
        match &m.generator {
            Generator::Pair {
                with,
                dirs,
                to,
                with_to,
                ..
            } => Primitive::Pair(Pair {
                with: *with,
                dirs: *dirs,
                to: *to,
                with_to: *with_to,
            }),
            Generator::DieMove {
                path,
                bear_off,
                hit,
                enter,
                ..
            } => Primitive::DieMove(DieMove {
                path: *path,
                bear_off: bear_off.map(self.region_ref),
                to: if *hit == Hit::Blocked {
                    Landing::Empty
                } else {
                    Landing::EmptyOrEnemy
                },
                pin: *hit == Hit::Pin,
                enter: *enter,
            }),
            Generator::Sow {
                path,
                from,
                skip_start,
                ..
            } => Primitive::Sow(Sow {
                path: *path,
                from: (self.region_ref)(*from),
                skip_start: *skip_start,
            }),
            Generator::PathStep {
                path,
                to,
                by,
                bear_off,
                ..
            } => Primitive::PathStep(PathStep {
                path: *path,
                to: *to,
                by: by.as_ref().map(|e| emitter.expr_program(e)),
                bear_off: *bear_off,
            }),
            Generator::Ride {
                routes, to, bends, ..
            } => Primitive::Ride(Ride {
                routes: routes.clone(),
                to: *to,
                bends: *bends,
            }),
            _ => unreachable!("a primitive along a path, a route or to fixed cells"),
        }
    }
}

/// The kind of piece a checked primitive names: placed, taken or moved.
pub(super) fn piece_of(generator: &Generator) -> Option<u8> {
    match generator {
        Generator::Place { piece, .. } | Generator::Pair { piece, .. } => Some(*piece),
        Generator::Pass | Generator::Rotate { .. } => None,
        Generator::Take { piece, .. }
        | Generator::Fly { piece, .. }
        | Generator::Step { piece, .. }
        | Generator::Slide { piece, .. }
        | Generator::DieMove { piece, .. }
        | Generator::PathStep { piece, .. }
        | Generator::Ride { piece, .. }
        | Generator::Sow { piece, .. }
        | Generator::Jump { piece, .. }
        | Generator::Line { piece, .. }
        | Generator::LineStep { piece, .. } => *piece,
    }
}

//! `attacked(...)` for a game's plain capturing steps and slides, as a table of backward probes
//! worked out when the game is compiled.
//!
//! A capturing step or slide whose rule has no `where` filter, no `locked:` region and no lines
//! to follow captures on a cell exactly when, looking back from the cell along one of its
//! directions, the right piece stands in the right place: one cell back (legs empty) for a step,
//! the first piece back past the screens (within reach) for a slide. The probes of all such rules
//! are merged by direction, each with the set of kinds that attack that way, so that asking about
//! a cell reads a few cells instead of running the rules. Capturing rules of any other shape
//! stay with the general answer ([`AttackPlan::others`]).
//!
//! The probes read cells through a function, so a position one simple move away (a piece gone
//! from one cell and standing on another) can be asked about without being made.

use super::primitives::{Slide, Step};
use super::{CellSet, CompiledMove, Game, NO_CELL, Primitive, RegionRef};
use crate::check::{Landing, SlideDistance, SlidePass};

/// A step that may capture: the attacker stands one step back from the cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepProbe {
    pub dir: u8,
    /// The kinds that attack this way, a bit each.
    pub kinds: u64,
    /// The rule's `avoid:` region: a cell in the attacker's part of it is never landed on.
    pub avoid: Option<RegionRef>,
}

/// A slide that may capture: the attacker is the first piece back past `screens` pieces, at
/// most `max` cells away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlideProbe {
    pub dir: u8,
    pub kinds: u64,
    pub screens: u8,
    pub max: u16,
}

/// The probes of one attacking player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerProbes {
    pub steps: Vec<StepProbe>,
    pub slides: Vec<SlideProbe>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackPlan {
    /// For each player as the attacker.
    pub players: Vec<PlayerProbes>,
    /// The capturing rules the probes do not answer, by index: asked the general way.
    pub others: Vec<u8>,
}

/// The plan of a game whose board lets every step be looked at backwards, or none. Games with
/// dice, stacks or face-down pieces keep the general answer.
pub fn plan<const W: usize>(game: &Game<W>) -> Option<AttackPlan> {
    if !game.board.unique_predecessors
        || game.board.stacks
        || game.dice.is_some()
        || game.turn_effects
        || game.pieces.len() > 64
    {
        return None;
    }
    let players = game.players.len();
    let mut plan = AttackPlan {
        players: vec![PlayerProbes::default(); players],
        others: Vec::new(),
    };
    for (index, rule) in game.moves.iter().enumerate() {
        if rule.continuation_only {
            continue;
        }
        let kinds = rule.piece.map_or(u64::MAX, |k| 1u64 << k);
        match &rule.primitive {
            Primitive::Place(_) | Primitive::Pass => {}
            Primitive::Step(step) if step.to == Landing::Empty && !step.capture.any() => {}
            Primitive::Slide(slide) if slide.to == Landing::Empty => {}
            Primitive::Step(step) if plain_rule(rule) && plain_step(step) => {
                for (player, probes) in plan.players.iter_mut().enumerate() {
                    for &dir in &game.board.direction_sets[step.dirs as usize][player] {
                        add_step(
                            &mut probes.steps,
                            StepProbe {
                                dir,
                                kinds,
                                avoid: rule.avoid,
                            },
                        );
                    }
                }
            }
            Primitive::Slide(slide)
                if plain_rule(rule) && rule.avoid.is_none() && plain_slide(slide) =>
            {
                for (player, probes) in plan.players.iter_mut().enumerate() {
                    for &dir in &game.board.direction_sets[slide.dirs as usize][player] {
                        add_slide(
                            &mut probes.slides,
                            SlideProbe {
                                dir,
                                kinds,
                                screens: slide.screens,
                                max: slide.max.min(255),
                            },
                        );
                    }
                }
            }
            _ => plan.others.push(index as u8),
        }
    }
    Some(plan)
}

/// No filter and no locked pieces: the rule captures wherever its primitive lands on an enemy.
fn plain_rule(rule: &CompiledMove) -> bool {
    rule.filters.is_empty() && rule.locked.is_none()
}

fn plain_step(step: &Step) -> bool {
    step.along.is_none() && !step.capture.any()
}

fn plain_slide(slide: &Slide) -> bool {
    slide.distance == SlideDistance::Any
        && slide.pass == SlidePass::None
        && slide.along.is_none()
        && slide.crossing.is_none()
}

/// Adds a probe, joining it to one that differs only in its kinds.
fn add_step(steps: &mut Vec<StepProbe>, probe: StepProbe) {
    match steps
        .iter_mut()
        .find(|p| p.dir == probe.dir && p.avoid == probe.avoid)
    {
        Some(same) => same.kinds |= probe.kinds,
        None => steps.push(probe),
    }
}

fn add_slide(slides: &mut Vec<SlideProbe>, probe: SlideProbe) {
    match slides
        .iter_mut()
        .find(|p| p.dir == probe.dir && p.screens == probe.screens && p.max == probe.max)
    {
        Some(same) => same.kinds |= probe.kinds,
        None => slides.push(probe),
    }
}

/// Whether the byte of a cell is a piece of `by` of one of `kinds`.
#[inline(always)]
fn attacker(piece: u8, by: u8, kinds: u64) -> bool {
    piece != 0 && piece & 3 == by && kinds >> ((piece >> 2) - 1) & 1 != 0
}

impl<const W: usize> Game<W> {
    /// Whether a planned rule of `by` captures on `cell` (taken to hold an enemy of `by`), the
    /// board read through `at` (a cell's byte, as [`crate::engine::state::State::cell`] gives it).
    #[inline]
    pub(crate) fn probes_attack(
        &self,
        plan: &AttackPlan,
        by: u8,
        cell: u16,
        at: impl Fn(u16) -> u8,
    ) -> bool {
        let probes = &plan.players[by as usize];
        for probe in &probes.steps {
            let from = self.board.predecessor(cell, probe.dir);
            if from != NO_CELL
                && attacker(at(from), by, probe.kinds)
                && probe
                    .avoid
                    .is_none_or(|r| !self.region_of(r, by).contains(cell))
                && (!self.board.has_legs[probe.dir as usize]
                    || self.board.legs[from as usize * self.board.directions + probe.dir as usize]
                        .iter()
                        .all(|&leg| leg == NO_CELL || at(leg) == 0))
            {
                return true;
            }
        }
        for probe in &probes.slides {
            let mut from = cell;
            let mut screens = probe.screens;
            let mut distance = 0;
            let piece = loop {
                from = self.board.predecessor(from, probe.dir);
                distance += 1;
                if from == NO_CELL || distance > probe.max {
                    break 0;
                }
                let piece = at(from);
                if piece != 0 {
                    if screens == 0 {
                        break piece;
                    }
                    screens -= 1;
                }
            };
            if attacker(piece, by, probe.kinds) {
                return true;
            }
        }
        false
    }

    /// The cells whose content decides whether a planned rule of `by` captures on `target`: each
    /// step's source and legs, each slide's line back up to the piece that could make it.
    pub(crate) fn probes_reach(
        &self,
        plan: &AttackPlan,
        at: impl Fn(u16) -> u8,
        by: u8,
        target: u16,
        reach: &mut CellSet<W>,
    ) {
        let probes = &plan.players[by as usize];
        for probe in &probes.steps {
            let from = self.board.predecessor(target, probe.dir);
            if from != NO_CELL {
                reach.insert(from);
                let legs =
                    &self.board.legs[from as usize * self.board.directions + probe.dir as usize];
                for &leg in legs.iter().filter(|&&l| l != NO_CELL) {
                    reach.insert(leg);
                }
            }
        }
        for probe in &probes.slides {
            let mut pieces = 0;
            let mut cell = self.board.predecessor(target, probe.dir);
            while cell != NO_CELL && pieces <= probe.screens {
                reach.insert(cell);
                pieces += u8::from(at(cell) != 0);
                cell = self.board.predecessor(cell, probe.dir);
            }
        }
    }
}

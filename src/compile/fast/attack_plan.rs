//! `attacked(...)` for a game's plain capturing steps and slides, as tables of backward probes
//! worked out when the game is compiled.
//!
//! A capturing step or slide whose rule has no `where` filter, no `locked:` region and no lines
//! to follow captures on a cell exactly when, looking back from the cell along one of its
//! directions, the right piece stands in the right place: one cell back (legs empty) for a step,
//! the first piece back past the screens (within reach) for a slide. So asking about a cell
//! reads a few cells instead of running the rules:
//!
//! * the steps of rules moving the same kinds (and avoiding the same region) form a group, with
//!   for every cell the set of cells a step of the group could come from: the attacker's pieces
//!   in that set are the only candidates, usually none;
//! * the slides are merged by direction, each with the set of kinds that attack that way; on a
//!   board where the direction is one index step, the first piece back is found from the line's
//!   cells and the occupied ones at once.
//!
//! A rule may also have `where` filters of two shapes that a probe can ask itself:
//! `is_in(from, REGION)` (the attacker stands in the region, the mover's copy of a per-player
//! one) and, in a game of two, `is_in(to, pieces(opponent, KIND))` (the attacked piece is of
//! the kind). Capturing rules of any other shape stay with the general answer
//! ([`AttackPlan::others`]).
//!
//! The probes read the board through [`Seen`], which can also be a position one simple move
//! away (a piece gone from one cell and standing on another) without making it.

use crate::check::{Landing, SlideDistance, SlidePass, TExpr};
use crate::compile::primitives::{Slide, Step};
use crate::compile::{CellSet, Game, NO_CELL, Primitive, RegionRef};
use crate::syntax::ast::BinOp;

/// The `where` filters of a rule that its probes ask themselves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProbeFilters {
    /// `is_in(from, REGION)`: the attacker stands in the region.
    pub from_region: Option<RegionRef>,
    /// `is_in(to, pieces(opponent, KIND))`: the attacked piece is of the kind.
    pub target_kind: Option<u8>,
}

/// The probe form of a rule's filters, when every top-level `and` of them has one (none for a
/// rule without filters: it needs none). `region` gives a region's reference and whether it is
/// per player.
pub fn recognise_filters(
    filters: &[TExpr],
    region: &dyn Fn(u16) -> RegionRef,
) -> Option<ProbeFilters> {
    let mut found = ProbeFilters::default();
    for filter in filters {
        conjunct(filter, region, &mut found)?;
    }
    Some(found)
}

fn conjunct(
    expr: &TExpr,
    region: &dyn Fn(u16) -> RegionRef,
    found: &mut ProbeFilters,
) -> Option<()> {
    match expr {
        TExpr::Binary(BinOp::And, left, right) => {
            conjunct(left, region, found)?;
            conjunct(right, region, found)
        }
        TExpr::IsIn(cell, set) => match (cell.as_ref(), set.as_ref()) {
            (TExpr::From, TExpr::RegionCells(r)) if found.from_region.is_none() => {
                found.from_region = Some(match r.as_ref() {
                    TExpr::Region(r) if !region(*r).per_player => region(*r),
                    TExpr::PlayerRegion(r, player)
                        if matches!(player.as_ref(), TExpr::Mover) && region(*r).per_player =>
                    {
                        region(*r)
                    }
                    _ => return None,
                });
                Some(())
            }
            (TExpr::To, TExpr::Pieces(player, Some(kind)))
                if matches!(player.as_ref(), TExpr::Opponent) && found.target_kind.is_none() =>
            {
                found.target_kind = Some(*kind);
                Some(())
            }
            _ => None,
        },
        _ => None,
    }
}

/// The steps of rules moving the same kinds, along directions without legs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepGroup<const W: usize> {
    /// The kinds that attack this way, a bit each.
    pub kinds: u64,
    /// The rules' `avoid:` region: a cell in the attacker's part of it is never landed on.
    pub avoid: Option<RegionRef>,
    pub filters: ProbeFilters,
    pub dirs: Vec<u8>,
    /// For each cell, the cells a step of the group could come from.
    pub sources: Vec<CellSet<W>>,
}

/// A step along a direction with legs (which must be empty): the attacker stands one step back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepProbe {
    pub dir: u8,
    pub kinds: u64,
    pub avoid: Option<RegionRef>,
    pub filters: ProbeFilters,
}

/// A slide that may capture: the attacker is the first piece back past `screens` pieces, at
/// most `max` cells away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlideProbe {
    pub dir: u8,
    pub kinds: u64,
    pub screens: u8,
    pub max: u16,
    pub filters: ProbeFilters,
    /// Whether the first piece back is the nearest occupied cell of the line by index: no
    /// screens, no limit, and the direction one index step on the whole board.
    pub by_index: bool,
    /// With `by_index`: whether the cells back have lower indices (the nearest is the highest).
    pub downwards: bool,
}

/// The probes of one attacking player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerProbes<const W: usize> {
    /// Whether a probe has filters (else their tests are compiled out).
    pub filtered: bool,
    pub groups: Vec<StepGroup<W>>,
    pub legged: Vec<StepProbe>,
    pub slides: Vec<SlideProbe>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackPlan<const W: usize = 4> {
    /// For each player as the attacker.
    pub players: Vec<PlayerProbes<W>>,
    /// The capturing rules the probes do not answer, by index: asked the general way.
    pub others: Vec<u8>,
    /// `rays[cell * directions + dir]`: the cells a slide probe along `dir` may look at from the
    /// cell, back to the board's edge (empty without slide probes).
    pub rays: Vec<CellSet<W>>,
}

/// The plan of a game whose board lets every step be looked at backwards, or none. Games with
/// dice, stacks or face-down pieces keep the general answer.
pub fn plan<const W: usize>(game: &Game<W>) -> Option<AttackPlan<W>> {
    let board = &game.board;
    if !board.unique_predecessors
        || board.stacks
        || board.columns
        || game.dice.is_some()
        || game.turn_effects
        || game.pieces.len() > 64
    {
        return None;
    }
    let empty = PlayerProbes {
        filtered: false,
        groups: Vec::new(),
        legged: Vec::new(),
        slides: Vec::new(),
    };
    let mut plan = AttackPlan {
        players: vec![empty; game.players.len()],
        others: Vec::new(),
        rays: Vec::new(),
    };
    for (index, rule) in game.moves.iter().enumerate() {
        if rule.continuation_only {
            continue;
        }
        let kinds = rule.kinds;
        // A filter on the attacked piece reads the opponent: the defender only with two players.
        let filters = rule
            .probe_filters
            .filter(|f| f.target_kind.is_none() || game.players.len() == 2);
        let plain_rule = rule.locked.is_none() && (rule.filters.is_empty() || filters.is_some());
        let filters = filters.unwrap_or_default();
        let filtered = filters != ProbeFilters::default();
        match &rule.primitive {
            Primitive::Place(_) | Primitive::Pass | Primitive::Pair(_) => {}
            Primitive::Step(step) if step.to == Landing::Empty && !step.capture.any() => {}
            Primitive::Slide(slide) if slide.to == Landing::Empty => {}
            Primitive::Step(step) if plain_rule && plain_step(step) => {
                for (player, probes) in plan.players.iter_mut().enumerate() {
                    probes.filtered |= filtered;
                    for &dir in &board.direction_sets[step.dirs as usize][player] {
                        if board.has_legs[dir as usize] {
                            let probe = StepProbe {
                                dir,
                                kinds,
                                avoid: rule.avoid,
                                filters,
                            };
                            if !probes.legged.contains(&probe) {
                                probes.legged.push(probe);
                            }
                            continue;
                        }
                        let group = match probes.groups.iter_mut().position(|g| {
                            g.kinds == kinds && g.avoid == rule.avoid && g.filters == filters
                        }) {
                            Some(i) => &mut probes.groups[i],
                            None => {
                                probes.groups.push(StepGroup {
                                    kinds,
                                    avoid: rule.avoid,
                                    filters,
                                    dirs: Vec::new(),
                                    sources: Vec::new(),
                                });
                                probes.groups.last_mut().expect("just pushed")
                            }
                        };
                        if !group.dirs.contains(&dir) {
                            group.dirs.push(dir);
                        }
                    }
                }
            }
            Primitive::Slide(slide) if plain_rule && rule.avoid.is_none() && plain_slide(slide) => {
                for (player, probes) in plan.players.iter_mut().enumerate() {
                    probes.filtered |= filtered;
                    for &dir in &board.direction_sets[slide.dirs as usize][player] {
                        let max = slide.max.min(255);
                        let by_index = slide.screens == 0
                            && usize::from(max) >= board.cells
                            && board.uniform[dir as usize];
                        let probe = SlideProbe {
                            dir,
                            kinds,
                            screens: slide.screens,
                            max,
                            filters,
                            by_index,
                            downwards: board.offsets[dir as usize] > 0,
                        };
                        match probes.slides.iter_mut().find(|p| {
                            p.dir == dir
                                && p.screens == probe.screens
                                && p.max == probe.max
                                && p.filters == filters
                        }) {
                            Some(same) => same.kinds |= kinds,
                            None => probes.slides.push(probe),
                        }
                    }
                }
            }
            _ => plan.others.push(index as u8),
        }
    }
    for probes in &mut plan.players {
        for group in &mut probes.groups {
            group.sources = (0..board.cells as u16)
                .map(|cell| {
                    let mut sources = CellSet::default();
                    for &dir in &group.dirs {
                        let from = board.predecessor(cell, dir);
                        if from != NO_CELL {
                            sources.insert(from);
                        }
                    }
                    sources
                })
                .collect();
        }
    }
    if plan.players.iter().any(|p| !p.slides.is_empty()) {
        plan.rays = (0..board.cells * board.directions)
            .map(|i| {
                let dir = (i % board.directions) as u8;
                let mut ray = CellSet::default();
                let mut cell = board.predecessor((i / board.directions) as u16, dir);
                while cell != NO_CELL {
                    ray.insert(cell);
                    cell = board.predecessor(cell, dir);
                }
                ray
            })
            .collect();
    }
    Some(plan)
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

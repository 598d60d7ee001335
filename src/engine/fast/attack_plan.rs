//! The run of the fast path of [`crate::compile::fast::attack_plan`]: what it gives is what the
//! general path would.

use crate::compile::fast::attack_plan::*;
use crate::compile::{CellSet, Game, NO_CELL};
use crate::model::state::State;

/// A position as the probes read it: as it stands, or with the piece on `from` moved to `to`
/// (taking what stood there).
pub struct Seen<'a, const W: usize> {
    state: &'a State<W>,
    from: u16,
    to: u16,
    piece: u8,
    occupied: CellSet<W>,
    /// The attacker's pieces.
    attackers: CellSet<W>,
}

impl<'a, const W: usize> Seen<'a, W> {
    #[inline]
    pub fn new(state: &'a State<W>, by: u8) -> Self {
        Seen {
            state,
            from: NO_CELL,
            to: NO_CELL,
            piece: 0,
            occupied: state.occupied(),
            attackers: *state.pieces_of(by),
        }
    }

    /// The position after the defender's piece on `from` moved to `to`.
    #[inline]
    pub fn moved(state: &'a State<W>, by: u8, from: u16, to: u16) -> Self {
        let mut occupied = state.occupied();
        occupied.remove(from);
        occupied.insert(to);
        let mut attackers = *state.pieces_of(by);
        attackers.remove(to);
        Seen {
            state,
            from,
            to,
            piece: state.cell(from),
            occupied,
            attackers,
        }
    }

    #[inline(always)]
    fn at(&self, cell: u16) -> u8 {
        if cell == self.from {
            0
        } else if cell == self.to {
            self.piece
        } else {
            self.state.cell(cell)
        }
    }
}

impl<const W: usize> Game<W> {
    /// Whether a planned rule of `by` captures on `cell` (taken to hold an enemy of `by`) in the
    /// position `seen` (made for `by`).
    #[inline]
    pub(crate) fn probes_attack(
        &self,
        plan: &AttackPlan<W>,
        by: u8,
        cell: u16,
        seen: &Seen<'_, W>,
    ) -> bool {
        if plan.players[by as usize].filtered {
            self.probes_attack_as::<true>(plan, by, cell, seen)
        } else {
            self.probes_attack_as::<false>(plan, by, cell, seen)
        }
    }

    /// [`Game::probes_attack`], asking the probes' filters only if `F`.
    #[inline(always)]
    fn probes_attack_as<const F: bool>(
        &self,
        plan: &AttackPlan<W>,
        by: u8,
        cell: u16,
        seen: &Seen<'_, W>,
    ) -> bool {
        let probes = &plan.players[by as usize];
        probes
            .groups
            .iter()
            .any(|group| self.group_attacks::<F>(group, by, cell, seen))
            || probes
                .legged
                .iter()
                .any(|probe| self.legged_attacks(probe, by, cell, seen))
            || probes
                .slides
                .iter()
                .any(|probe| self.slide_attacks::<F>(plan, probe, by, cell, seen))
    }

    /// [`Game::probes_attack`] on a position one move away (`seen`, made by [`Seen::moved`])
    /// from one where no planned rule of `by` captured on `cell`. Such a move adds no attacker,
    /// so only what it uncovered can attack: a slide's line through `from` (or through `to`,
    /// which may now be a screen), a step whose legs it may have cleared.
    #[inline]
    pub(crate) fn probes_attack_uncovered(
        &self,
        plan: &AttackPlan<W>,
        by: u8,
        cell: u16,
        seen: &Seen<'_, W>,
    ) -> bool {
        if plan.players[by as usize].filtered {
            self.probes_attack_uncovered_as::<true>(plan, by, cell, seen)
        } else {
            self.probes_attack_uncovered_as::<false>(plan, by, cell, seen)
        }
    }

    #[inline(always)]
    fn probes_attack_uncovered_as<const F: bool>(
        &self,
        plan: &AttackPlan<W>,
        by: u8,
        cell: u16,
        seen: &Seen<'_, W>,
    ) -> bool {
        let probes = &plan.players[by as usize];
        let base = cell as usize * self.board.directions;
        probes
            .legged
            .iter()
            .any(|probe| self.legged_attacks(probe, by, cell, seen))
            || probes.slides.iter().any(|probe| {
                let ray = &plan.rays[base + probe.dir as usize];
                (ray.contains(seen.from) || (probe.screens > 0 && ray.contains(seen.to)))
                    && self.slide_attacks::<F>(plan, probe, by, cell, seen)
            })
    }

    /// Whether a planned rule of `by` captures on `cell` in `state`, adding to `uncover` the
    /// cells whose piece, leaving, could uncover an attack on it (the pieces a slide's line
    /// meets up to its attacker, a step's legs), and to `arrive` those where a piece arriving
    /// could (a screened slide's line, where it would be a screen).
    pub(crate) fn probes_watch(
        &self,
        plan: &AttackPlan<W>,
        by: u8,
        cell: u16,
        state: &State<W>,
        uncover: &mut CellSet<W>,
        arrive: &mut CellSet<W>,
    ) -> bool {
        let seen = Seen::new(state, by);
        let probes = &plan.players[by as usize];
        let mut attacked = probes
            .groups
            .iter()
            .any(|group| self.group_attacks::<true>(group, by, cell, &seen));
        for probe in &probes.legged {
            attacked = attacked || self.legged_attacks(probe, by, cell, &seen);
            let from = self.board.predecessor(cell, probe.dir);
            if from != NO_CELL {
                let legs =
                    &self.board.legs[from as usize * self.board.directions + probe.dir as usize];
                for &leg in legs.iter().filter(|&&l| l != NO_CELL) {
                    uncover.insert(leg);
                }
            }
        }
        for probe in &probes.slides {
            let mut from = cell;
            let mut screens = probe.screens;
            let mut distance = 0;
            loop {
                from = self.board.predecessor(from, probe.dir);
                distance += 1;
                if from == NO_CELL || distance > probe.max {
                    break;
                }
                if probe.screens > 0 {
                    arrive.insert(from);
                }
                let piece = state.cell(from);
                if piece != 0 {
                    uncover.insert(from);
                    if screens == 0 {
                        attacked = attacked
                            || (attacker(piece, by, probe.kinds)
                                && self.source_passes(&probe.filters, by, from)
                                && self.target_passes(&probe.filters, by, cell, &seen));
                        break;
                    }
                    screens -= 1;
                }
            }
        }
        attacked
    }

    /// Whether the attacked piece passes the filter on it (of the kind), where it has one: the
    /// defender's piece on the cell, or of kind 0 where none stands (as `attacked` judges).
    #[inline(always)]
    fn target_passes(&self, filters: &ProbeFilters, by: u8, cell: u16, seen: &Seen<'_, W>) -> bool {
        filters.target_kind.is_none_or(|kind| {
            let piece = seen.at(cell);
            let target = if piece != 0 && piece & 3 != by {
                (piece >> 2) - 1
            } else {
                0
            };
            target == kind
        })
    }

    #[inline(always)]
    fn source_passes(&self, filters: &ProbeFilters, by: u8, from: u16) -> bool {
        filters
            .from_region
            .is_none_or(|r| self.region_of(r, by).contains(from))
    }

    #[inline(always)]
    fn group_attacks<const F: bool>(
        &self,
        group: &StepGroup<W>,
        by: u8,
        cell: u16,
        seen: &Seen<'_, W>,
    ) -> bool {
        let mut candidates = group.sources[cell as usize].and(&seen.attackers);
        if let Some(r) = group.filters.from_region.filter(|_| F) {
            candidates = candidates.and(self.region_of(r, by));
        }
        !candidates.is_empty()
            && group
                .avoid
                .is_none_or(|r| !self.region_of(r, by).contains(cell))
            && (!F || self.target_passes(&group.filters, by, cell, seen))
            && candidates
                .iter()
                .any(|from| attacker(seen.at(from), by, group.kinds))
    }

    #[inline(always)]
    fn legged_attacks(&self, probe: &StepProbe, by: u8, cell: u16, seen: &Seen<'_, W>) -> bool {
        let from = self.board.predecessor(cell, probe.dir);
        from != NO_CELL
            && attacker(seen.at(from), by, probe.kinds)
            && probe
                .avoid
                .is_none_or(|r| !self.region_of(r, by).contains(cell))
            && self.source_passes(&probe.filters, by, from)
            && self.target_passes(&probe.filters, by, cell, seen)
            && self.board.legs[from as usize * self.board.directions + probe.dir as usize]
                .iter()
                .all(|&leg| leg == NO_CELL || seen.at(leg) == 0)
    }

    #[inline(always)]
    fn slide_attacks<const F: bool>(
        &self,
        plan: &AttackPlan<W>,
        probe: &SlideProbe,
        by: u8,
        cell: u16,
        seen: &Seen<'_, W>,
    ) -> bool {
        if probe.by_index {
            let ray = &plan.rays[cell as usize * self.board.directions + probe.dir as usize];
            let blockers = ray.and(&seen.occupied);
            let nearest = if probe.downwards {
                blockers.last()
            } else {
                blockers.iter().next()
            };
            return nearest.is_some_and(|from| {
                seen.attackers.contains(from)
                    && attacker(seen.at(from), by, probe.kinds)
                    && (!F
                        || (self.source_passes(&probe.filters, by, from)
                            && self.target_passes(&probe.filters, by, cell, seen)))
            });
        }
        let mut from = cell;
        let mut screens = probe.screens;
        let mut distance = 0;
        loop {
            from = self.board.predecessor(from, probe.dir);
            distance += 1;
            if from == NO_CELL || distance > probe.max {
                return false;
            }
            let piece = seen.at(from);
            if piece != 0 {
                if screens == 0 {
                    return attacker(piece, by, probe.kinds)
                        && (!F
                            || (self.source_passes(&probe.filters, by, from)
                                && self.target_passes(&probe.filters, by, cell, seen)));
                }
                screens -= 1;
            }
        }
    }
}

/// Whether the byte of a cell is a piece of `by` of one of `kinds`.
#[inline(always)]
fn attacker(piece: u8, by: u8, kinds: u64) -> bool {
    piece != 0 && piece & 3 == by && kinds >> ((piece >> 2) - 1) & 1 != 0
}

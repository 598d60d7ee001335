//! `place`: a new piece of the mover on an empty cell.

use crate::compile::fast::placement_forbids::PlacementPlan;
use crate::compile::primitives::Place;
use crate::compile::{CellSet, CodeRange, CompiledMove, Game, RegionRef};
use crate::engine::eval::Frame;
use crate::engine::fast::PlacementTable;
use crate::engine::fast::append::append_cells;
use crate::model::action::{Action, ActionKind};

impl Action {
    /// A piece placed on `to` by move rule `rule`.
    #[inline]
    pub fn place(rule: u8, to: u16) -> Action {
        Action::new(ActionKind::Place, rule, 0, to, 0, 0, 0, 0)
    }
}

impl<const W: usize> Game<W> {
    /// The placements of a rule: one per empty cell (of its `at` region), in cell order. Kept out
    /// of the move generator's body, which the games that move pieces run.
    #[inline(never)]
    pub(in crate::engine) fn placements(
        &self,
        index: u8,
        rule: &CompiledMove,
        place: &Place,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        if place.choices != 0 {
            return self.placements_of_kinds(index, rule, place, frame, out);
        }
        if let Some(slot) = place.hand_slot {
            // From the hand: none left (or a kind no one holds), no placement.
            let held = state.hand[state.to_move as usize & 3].get(slot as usize);
            if held.is_none_or(|&n| n == 0) {
                return;
            }
        }
        let cells = self.placement_cells(rule, place, frame);
        if rule.unchecked {
            // Nothing to judge (the stones of connection games, amazons' arrows). The test
            // `push_if_legal` makes first, made once for the list: Havannah 2.6% fewer
            // instructions. A loop per word of the set, tighter than its iterator: Hex 11% fewer.
            append_cells(out, &cells, |cell| Action::place(index, cell));
            return;
        }
        if let Some(plan) = &self.placement_plan
            && (rule.filters.is_empty() || frame.waived_all)
            && rule.promote_choices == 0
            && !frame.ignore_forbids
        {
            let table = self.placement_table(plan, frame);
            if table.exact {
                return self.placements_by_table(index, rule, plan, &table, &cells, frame, out);
            }
        }
        let mut cells = cells.iter();
        let mut judge_from = None;
        if (rule.filters.is_empty() || frame.waived_all)
            && rule.promote_choices == 0
            && let Some(marks) = frame.deferred.as_deref_mut()
        {
            // A random playout's list (see `deferred_forbids`): with no filter, nothing is judged
            // as it is listed, so the candidates go in without the per-candidate frame work.
            for cell in cells.by_ref() {
                if !marks.defer(out.len()) {
                    judge_from = Some(cell);
                    break;
                }
                out.push(Action::place(index, cell));
            }
        }
        for cell in judge_from.into_iter().chain(cells) {
            self.push_if_legal(rule, frame, Action::place(index, cell), out);
        }
    }

    /// The placements of a rule whose `forbid`s the groups of the position decide (see
    /// [`crate::compile::fast::placement_forbids`]): the cells where a piece would be left
    /// without a liberty are struck off as a set, and only captures of a single piece, which may
    /// bring back a position, are judged one by one. In cell order, as the general path lists them.
    #[allow(clippy::too_many_arguments)]
    fn placements_by_table(
        &self,
        index: u8,
        rule: &CompiledMove,
        plan: &PlacementPlan,
        table: &PlacementTable<W>,
        cells: &CellSet<W>,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let allowed = match plan.suicide {
            true => cells.and_not(&table.suicide),
            false => *cells,
        };
        let judged = match plan.repeats {
            true => allowed.and(&table.may_repeat),
            false => CellSet::default(),
        };
        if judged.is_empty() {
            append_cells(out, &allowed, |cell| Action::place(index, cell));
            return;
        }
        for cell in allowed.iter() {
            match judged.contains(cell) {
                true => self.push_if_legal(rule, frame, Action::place(index, cell), out),
                false => out.push(Action::place(index, cell)),
            }
        }
    }

    /// The placements of a rule with a choice of kinds (`piece: pawn or lance`): for each kind
    /// (held in hand, when placed from it) in kind order, one per empty cell. Apart, so that the
    /// one-kind loop above compiles as it did.
    #[inline(never)]
    fn placements_of_kinds(
        &self,
        index: u8,
        rule: &CompiledMove,
        place: &Place,
        frame: &mut Frame<'_, W>,
        out: &mut Vec<Action>,
    ) {
        let state = frame.state;
        let hand = &state.hand[state.to_move as usize & 3];
        let mut kinds = place.choices;
        if place.hand_slot.is_some() {
            kinds &= self.kinds_in_hand(hand);
        }
        if kinds == 0 {
            return;
        }
        let cells = self.placement_cells(rule, place, frame);
        while kinds != 0 {
            let kind = kinds.trailing_zeros() as u8;
            kinds &= kinds - 1;
            for cell in cells.iter() {
                let action = Action::place(index, cell).with_placed_kind(kind);
                self.push_if_legal(rule, frame, action, out);
            }
        }
    }

    /// The empty cells a `place` rule may fill: of its `at:`, and of its landing mask.
    #[inline]
    fn placement_cells(
        &self,
        rule: &CompiledMove,
        place: &Place,
        frame: &mut Frame<'_, W>,
    ) -> CellSet<W> {
        let cells = self.landing_cells_of(place.at, place.at_cells, frame);
        match &rule.landing_mask {
            Some(mask) => cells.and(&self.cell_mask(mask, frame.state)),
            None => cells,
        }
    }

    /// The kinds (a bit each) of which the hand holds at least one.
    fn kinds_in_hand(&self, hand: &[u8]) -> u64 {
        let held = hand.iter().zip(&self.hand_kinds).filter(|(n, _)| **n > 0);
        held.fold(0, |bits, (_, &kind)| bits | 1 << kind)
    }

    /// The kind an action of a `place` rule puts on the board.
    pub(crate) fn placed_kind(&self, rule: &CompiledMove, action: &Action) -> u8 {
        match action.placed_choice() {
            0 => rule.piece.unwrap_or(0),
            chosen => chosen - 1,
        }
    }

    /// The empty cells a `place` or `fly` rule may put a piece on: of its `at:`, if any.
    pub(in crate::engine) fn landing_cells_of(
        &self,
        at: Option<RegionRef>,
        at_cells: Option<CodeRange>,
        frame: &mut Frame<'_, W>,
    ) -> CellSet<W> {
        let state = frame.state;
        let mut cells = self.board.all_cells.and_not(&state.occupied());
        if let Some(at) = at {
            cells = cells.and(self.region_of(at, state.to_move));
        }
        if let Some(at) = at_cells {
            cells = cells.and(&self.eval_set(at, frame));
        }
        cells
    }
}

//! Placements judged against suicide and simple ko from the groups of the position before them
//! (see [`crate::compile::fast::placement_forbids`] for when, and why it is the same verdict).
//!
//! Only an empty cell with no empty neighbour can be a suicide, and only one whose neighbours are
//! all the opponent's can bring back the position before the opponent's last move (that move
//! captured the mover's single piece there, so nothing else stood beside it). So only the groups
//! beside such cells are flooded one by one; most positions have few.

use crate::compile::fast::placement_forbids::{PlacementForbid, PlacementPlan};
use crate::compile::{CellSet, Game};
use crate::engine::eval::Frame;
use crate::model::state::State;

/// What the groups of a position say of each empty cell, for the player to move.
#[derive(Clone, Copy, Debug)]
pub struct PlacementTable<const W: usize> {
    /// The empty cells where a new piece of the mover would be left without a liberty.
    pub suicide: CellSet<W>,
    /// The empty cells where a placement may bring back the position before the opponent's
    /// last move: those beside the opponent's pieces alone where it captures a single piece.
    /// Only these are played out.
    pub may_repeat: CellSet<W>,
    /// False where some group already has no liberty: what a placement removes is then not
    /// decided by its neighbours, and every candidate is played out.
    pub exact: bool,
}

impl<const W: usize> Game<W> {
    /// The table of the frame's position, made on first use.
    #[inline]
    pub(crate) fn placement_table(
        &self,
        plan: &PlacementPlan,
        frame: &mut Frame<'_, W>,
    ) -> PlacementTable<W> {
        match frame.placement_table {
            Some(table) => table,
            None => {
                let table = self.build_placement_table(plan, frame.state);
                frame.placement_table = Some(table);
                table
            }
        }
    }

    fn build_placement_table(&self, plan: &PlacementPlan, state: &State<W>) -> PlacementTable<W> {
        let me = state.to_move;
        let dirs = self.directions_of(plan.dirs, me);
        let occupied = state.occupied();
        let empty = self.board.all_cells.and_not(&occupied);
        // The cells beside one empty cell at least, and beside two.
        let (mut once, mut twice) = (CellSet::default(), CellSet::default());
        for &dir in dirs {
            let beside_empty = self.board.step_set(&empty, dir);
            twice = twice.or(&once.and(&beside_empty));
            once = once.or(&beside_empty);
        }
        let mut table = PlacementTable {
            suicide: CellSet::default(),
            may_repeat: CellSet::default(),
            exact: true,
        };
        for player in 0..2u8 {
            let own = state.pieces_of(player);
            let breathing = once.and(own);
            if !own.and_not(&breathing).is_empty() && self.flood(breathing, own, dirs) != *own {
                table.exact = false;
                return table;
            }
        }
        let enclosed = empty.and_not(&once);
        if enclosed.is_empty() {
            return table;
        }
        let beside_enclosed = self.next_to(&enclosed, dirs);
        let two_liberties = twice.and(&occupied);
        let mut mine_in_atari = CellSet::default();
        let (mut captures, mut several_captured) = (CellSet::default(), CellSet::default());
        for player in 0..2u8 {
            let own = state.pieces_of(player);
            if own.and(&beside_enclosed).and_not(&two_liberties).is_empty() {
                continue;
            }
            // A group with a piece beside two empty cells has two liberties at least.
            let poor = own.and_not(&self.flood(two_liberties.and(own), own, dirs));
            let mut asked = poor.and(&beside_enclosed);
            while let Some(seed) = asked.iter().next() {
                let mut group = CellSet::default();
                group.insert(seed);
                let group = self.flood(group, &poor, dirs);
                asked = asked.and_not(&group);
                let liberties = self.next_to(&group, dirs).and(&empty);
                if liberties.len() != 1 {
                    continue;
                }
                if player == me {
                    mine_in_atari = mine_in_atari.or(&group);
                } else if plan.captures {
                    // A second group with the same liberty, or a group of several pieces.
                    if group.len() > 1 || captures.intersects(&liberties) {
                        several_captured = several_captured.or(&liberties);
                    }
                    captures = captures.or(&liberties);
                }
            }
        }
        let mine = state.pieces_of(me);
        let breathing_mine = mine.and_not(&mine_in_atari);
        table.suicide = enclosed
            .and_not(&self.next_to(&breathing_mine, dirs))
            .and_not(&captures);
        table.may_repeat = (enclosed.and(&captures))
            .and_not(&several_captured)
            .and_not(&self.next_to(mine, dirs));
        table
    }

    /// A placement on `to` against a `forbid` of the shape: whether it holds, or `None` where
    /// only the position after it tells (a capture that may bring back a position).
    #[inline]
    pub(crate) fn placement_verdict(
        &self,
        plan: &PlacementPlan,
        shape: PlacementForbid,
        frame: &mut Frame<'_, W>,
        to: u16,
    ) -> Option<bool> {
        if shape == PlacementForbid::Never {
            return Some(false);
        }
        let table = self.placement_table(plan, frame);
        if !table.exact {
            return None;
        }
        match shape {
            PlacementForbid::Never => Some(false),
            PlacementForbid::Suicide => Some(table.suicide.contains(to)),
            PlacementForbid::RepeatsPrevious => (!table.may_repeat.contains(to)).then_some(false),
        }
    }
}

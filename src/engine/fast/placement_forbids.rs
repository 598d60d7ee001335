//! Placements judged against suicide and simple ko from the groups of the position before them
//! (see [`crate::compile::fast::placement_forbids`] for when, and why it is the same verdict).

use crate::compile::fast::placement_forbids::{PlacementForbid, PlacementPlan};
use crate::compile::{CellSet, Game};
use crate::engine::eval::Frame;
use crate::model::state::State;

/// What the groups of a position say of each empty cell, for the player to move.
#[derive(Clone, Copy, Debug)]
pub struct PlacementTable<const W: usize> {
    /// The empty cells where a new piece of the mover would be left without a liberty.
    pub suicide: CellSet<W>,
    /// The empty cells that are the one liberty of an opponent's group: a placement there
    /// captures.
    pub captures: CellSet<W>,
    /// Those of `captures` where the placement would capture a single piece: only there can it
    /// bring back the position before the opponent's last move (which must then have captured
    /// the one piece on this cell, with the piece it captures now).
    pub single_captures: CellSet<W>,
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

    /// Floods only the groups that may have a single liberty: a piece with two empty
    /// neighbours gives its group two liberties at least.
    fn build_placement_table(&self, plan: &PlacementPlan, state: &State<W>) -> PlacementTable<W> {
        let me = state.to_move;
        let dirs = self.directions_of(plan.dirs, me);
        let occupied = state.occupied();
        let empty = self.board.all_cells.and_not(&occupied);
        let (mut once, mut twice) = (CellSet::default(), CellSet::default());
        for &dir in dirs {
            let beside_empty = self.board.step_set(&empty, dir);
            twice = twice.or(&once.and(&beside_empty));
            once = once.or(&beside_empty);
        }
        let two_liberties = twice.and(&occupied);
        let mut mine_in_atari = CellSet::default();
        let mut captures = CellSet::default();
        let mut several_captured = CellSet::default();
        for player in 0..2u8 {
            let own = state.pieces_of(player);
            let lively = self.flood(two_liberties.and(own), own, dirs);
            let mut poor = own.and_not(&lively);
            while let Some(seed) = poor.iter().next() {
                let mut group = CellSet::default();
                group.insert(seed);
                let group = self.flood(group, &poor, dirs);
                poor = poor.and_not(&group);
                let liberties = self.next_to(&group, dirs).and(&empty);
                match liberties.len() {
                    0 => {
                        return PlacementTable {
                            suicide: CellSet::default(),
                            captures: CellSet::default(),
                            single_captures: CellSet::default(),
                            exact: false,
                        };
                    }
                    1 if player == me => mine_in_atari = mine_in_atari.or(&group),
                    1 if plan.captures => {
                        // A second group with the same liberty, or a group of several pieces.
                        if group.len() > 1 || captures.intersects(&liberties) {
                            several_captured = several_captured.or(&liberties);
                        }
                        captures = captures.or(&liberties);
                    }
                    _ => {}
                }
            }
        }
        let breathing_mine = state.pieces_of(me).and_not(&mine_in_atari);
        let suicide = empty
            .and_not(&once)
            .and_not(&self.next_to(&breathing_mine, dirs))
            .and_not(&captures);
        PlacementTable {
            suicide,
            captures,
            single_captures: captures.and_not(&several_captured),
            exact: true,
        }
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
            PlacementForbid::RepeatsPrevious => {
                (!table.single_captures.contains(to)).then_some(false)
            }
        }
    }
}

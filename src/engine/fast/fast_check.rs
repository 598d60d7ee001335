//! The run of the fast path of [`crate::compile::fast::fast_check`]: what it gives is what the
//! general path would.

use crate::compile::fast::effect_conditions::EffectCondition;
use crate::compile::fast::effect_sets::FastSet;
use crate::compile::fast::fast_check::*;
use crate::engine::eval::{Frame, Verdict};
use crate::model::board::CellSet;
use crate::model::state::State;
use crate::syntax::ast::BinOp;

/// The sets an effect condition counts the pieces on, and the one its effect takes (`kept`),
/// once built.
pub(crate) struct ConditionSets<'s, const W: usize> {
    sets: &'s [FastSet],
    kept: Option<u8>,
    built: Option<CellSet<W>>,
}

impl<const W: usize> ConditionSets<'_, W> {
    /// For end tests, which count on no such set.
    fn none() -> Self {
        ConditionSets {
            sets: &[],
            kept: None,
            built: None,
        }
    }
}

impl<const W: usize> crate::compile::Game<W> {
    /// Runs a recognised end test: the same verdict the stack machine would give (for a guard,
    /// [`Verdict::Nothing`] when it fails, else the verdict of `code`, the rule's program).
    #[inline]
    pub fn run_fast_check(
        &self,
        check: &FastCheck,
        code: crate::compile::CodeRange,
        frame: &mut Frame<'_, W>,
    ) -> Verdict {
        let sets = &mut ConditionSets::none();
        let holds = self.fast_test_holds(&check.test, sets, frame)
            || (check.or_else.iter().flatten()).any(|test| self.fast_test_holds(test, sets, frame));
        if !holds {
            return Verdict::Nothing;
        }
        if check.guard {
            return self.eval_rule(code, frame);
        }
        let (state, players) = (frame.state, self.players.len() as u8);
        match check.outcome {
            FastOutcome::Win(p) => Verdict::Win(p.resolve(state, players), 1),
            FastOutcome::Lose(p) => Verdict::Lose(p.resolve(state, players)),
            FastOutcome::Draw => Verdict::Draw,
        }
    }

    /// Whether a recognised effect condition holds: what the stack machine would give for it;
    /// with the set its effect takes, if the condition built it on the way.
    #[inline]
    pub(crate) fn effect_condition_holds(
        &self,
        condition: &EffectCondition,
        frame: &mut Frame<'_, W>,
    ) -> (bool, Option<CellSet<W>>) {
        let mut sets = ConditionSets {
            sets: &condition.sets,
            kept: condition.target_set,
            built: None,
        };
        let mut tests = condition.tests.iter();
        let holds = match condition.any {
            true => tests.any(|test| self.fast_test_holds(test, &mut sets, frame)),
            false => tests.all(|test| self.fast_test_holds(test, &mut sets, frame)),
        };
        (holds, sets.built)
    }

    /// Whether one test of [`crate::compile::fast::fast_check`] holds in the frame.
    pub(crate) fn test_holds(&self, test: &Test, frame: &mut Frame<'_, W>) -> bool {
        self.fast_test_holds(test, &mut ConditionSets::none(), frame)
    }

    /// The cell a test names, as [`crate::compile::Op::To`], `From` and `Next` give it.
    #[inline(always)]
    pub(super) fn fast_cell(&self, at: CellAt, frame: &Frame<'_, W>) -> i32 {
        let cell = match frame.action {
            Some(a) if at.from => self.action_from(&a),
            Some(a) => self.action_to(&a),
            None => crate::engine::cells::NO_CELL_VALUE,
        };
        match at.next {
            Some(dirs) => self.next_cell(frame.state, cell, dirs),
            None => cell,
        }
    }

    /// Whether one test of a recognised end test or effect condition holds (`sets`: those the
    /// condition counts pieces on).
    pub(crate) fn fast_test_holds(
        &self,
        test: &Test,
        sets: &mut ConditionSets<'_, W>,
        frame: &mut Frame<'_, W>,
    ) -> bool {
        let state = frame.state;
        match *test {
            Test::InRegion {
                cell,
                region,
                inside,
            } => {
                let cell = self.cell_of(self.fast_cell(cell, frame));
                cell.is_some_and(|c| self.fast_region(region, state).contains(c)) == inside
            }
            Test::Occupied { region, present } => {
                (self.fast_region(region, state).and(&state.occupied())).is_empty() != present
            }
            Test::Any {
                player,
                region,
                present,
            } => self.fast_pieces(player, region, state).is_empty() != present,
            Test::InRow {
                player,
                length,
                dirs,
                present,
            } => {
                let player = player.resolve(state, self.players.len() as u8);
                self.in_row(state, player, length, dirs, None) == present
            }
            Test::InRowThrough {
                player,
                length,
                dirs,
                cell,
                present,
            } => {
                let player = player.resolve(state, self.players.len() as u8);
                let cell = self.fast_cell(cell, frame);
                self.in_row(state, player, length, dirs, Some(cell)) == present
            }
            Test::Range {
                value,
                lo,
                hi,
                inside,
            } => {
                let v = self.operand_value(value, sets, frame);
                (lo <= v && v <= hi) == inside
            }
            Test::Compare { left, op, right } => {
                let l = self.operand_value(left, sets, frame);
                let r = self.operand_value(right, sets, frame);
                match op {
                    BinOp::Eq => l == r,
                    BinOp::Ne => l != r,
                    BinOp::Lt => l < r,
                    BinOp::Le => l <= r,
                    BinOp::Gt => l > r,
                    _ => l >= r,
                }
            }
        }
    }

    /// The cells of a region a test names (a per-player region: whose copy).
    #[inline]
    pub(super) fn fast_region(
        &self,
        (first, whose): (u16, Option<PlayerRef>),
        state: &State<W>,
    ) -> &CellSet<W> {
        let players = self.players.len() as u8;
        let offset = whose.map_or(0, |w| w.resolve(state, players) as u16);
        &self.region_sets[(first + offset) as usize]
    }

    /// A player's pieces, in a region if given.
    #[inline]
    fn fast_pieces(
        &self,
        player: PlayerRef,
        region: Option<(u16, Option<PlayerRef>)>,
        state: &State<W>,
    ) -> CellSet<W> {
        let pieces = state.pieces_of(player.resolve(state, self.players.len() as u8));
        match region {
            None => *pieces,
            Some(region) => pieces.and(self.fast_region(region, state)),
        }
    }

    /// The value of one side of a comparison.
    #[inline]
    fn operand_value(
        &self,
        operand: Operand,
        sets: &mut ConditionSets<'_, W>,
        frame: &mut Frame<'_, W>,
    ) -> i32 {
        let state = frame.state;
        match operand {
            Operand::Int(v) => v,
            Operand::Count { player, region } => {
                self.fast_pieces(player, region, state).len() as i32
            }
            Operand::Counter(c) => state.counters[c as usize],
            Operand::Repetitions => frame.repetitions(|s| self.position_key(s)),
            Operand::Ply => state.ply.min(i32::MAX as u32) as i32,
            Operand::PiecesOn { region } => state.pieces_on(self.fast_region(region, state)),
            Operand::Height(at) => {
                (self.cell_of(self.fast_cell(at, frame))).map_or(0, |c| i32::from(state.height(c)))
            }
            Operand::Size(set) => self.group_set(set, frame).len() as i32,
            Operand::Distinct { table, set } => self.distinct(table, &self.group_set(set, frame)),
            Operand::PiecesOnSet(index) => {
                let set = self.fast_set(&sets.sets[index as usize], frame);
                if sets.kept == Some(index) {
                    sets.built = Some(set);
                }
                state.pieces_on(&set)
            }
        }
    }

    /// The cells of a [`GroupSet`], as `group` and `inside` in a program give them (the group
    /// kept in the frame as the program keeps it, so the tests of one position flood once).
    fn group_set(&self, set: GroupSet, frame: &mut Frame<'_, W>) -> CellSet<W> {
        let cell = match set.at {
            GroupAt::PreviousTo => crate::engine::cells::cell_value(frame.state.previous_to),
            GroupAt::Action(at) => self.fast_cell(at, frame),
        };
        let group = self.group_remembered(frame, cell, set.dirs);
        match set.inside {
            true => self.inside_of_group(&group, set.dirs, frame.state.to_move),
            false => group,
        }
    }
}

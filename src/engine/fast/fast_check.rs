//! The run of the fast path of [`crate::compile::fast::fast_check`]: what it gives is what the
//! general path would.

use crate::compile::fast::fast_check::*;
use crate::engine::eval::{Frame, Verdict};
use crate::syntax::ast::BinOp;

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
        let holds = self.fast_test_holds(&check.test, frame)
            || (check.or_else.iter().flatten()).any(|test| self.fast_test_holds(test, frame));
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

    /// Whether one test of a recognised end test holds.
    fn fast_test_holds(&self, test: &Test, frame: &mut Frame<'_, W>) -> bool {
        let state = frame.state;
        let players = self.players.len() as u8;
        let cells_of = |(first, whose): (u16, Option<PlayerRef>)| {
            let offset = whose.map_or(0, |w| w.resolve(state, players) as u16);
            &self.region_sets[(first + offset) as usize]
        };
        let pieces = |player: PlayerRef, region: Option<(u16, Option<PlayerRef>)>| {
            let pieces = state.pieces_of(player.resolve(state, players));
            match region {
                None => *pieces,
                Some(region) => pieces.and(cells_of(region)),
            }
        };
        let mut value = |operand: Operand| -> i32 {
            match operand {
                Operand::Int(v) => v,
                Operand::Count { player, region } => pieces(player, region).len() as i32,
                Operand::Counter(c) => state.counters[c as usize],
                Operand::Repetitions => frame.repetitions(|s| self.position_key(s)),
                Operand::Ply => state.ply.min(i32::MAX as u32) as i32,
                Operand::PiecesOn { region } => {
                    (cells_of(region).iter()).fold(0i32, |sum, c| sum + i32::from(state.height(c)))
                }
            }
        };
        match *test {
            Test::Range {
                value: operand,
                lo,
                hi,
                inside,
            } => {
                let v = value(operand);
                (lo <= v && v <= hi) == inside
            }
            Test::Any {
                player,
                region,
                present,
            } => pieces(player, region).is_empty() != present,
            Test::Occupied { region, present } => {
                cells_of(region).and(&state.occupied()).is_empty() != present
            }
            Test::Compare { left, op, right } => {
                let (l, r) = (value(left), value(right));
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
}

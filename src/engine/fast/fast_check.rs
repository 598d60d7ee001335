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
        let state = frame.state;
        let players = self.players.len() as u8;
        let pieces = |player: PlayerRef, region: Option<(u16, Option<PlayerRef>)>| {
            let pieces = state.pieces_of(player.resolve(state, players));
            match region {
                None => *pieces,
                Some((first, whose)) => {
                    let offset = whose.map_or(0, |w| w.resolve(state, players) as u16);
                    pieces.and(&self.region_sets[(first + offset) as usize])
                }
            }
        };
        let holds = match check.test {
            Test::Range {
                value,
                lo,
                hi,
                inside,
            } => {
                let v = match value {
                    Operand::Counter(c) => state.counters[c as usize],
                    _ => frame.repetitions(|s| self.position_key(s)),
                };
                (lo <= v && v <= hi) == inside
            }
            Test::Any {
                player,
                region,
                present,
            } => pieces(player, region).is_empty() != present,
            Test::Compare { left, op, right } => {
                let mut value = |operand: Operand| -> i32 {
                    match operand {
                        Operand::Int(v) => v,
                        Operand::Count { player, region } => pieces(player, region).len() as i32,
                        Operand::Counter(c) => state.counters[c as usize],
                        Operand::Repetitions => frame.repetitions(|s| self.position_key(s)),
                    }
                };
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
        };
        if !holds {
            return Verdict::Nothing;
        }
        if check.guard {
            return self.eval_rule(code, frame);
        }
        match check.outcome {
            FastOutcome::Win(p) => Verdict::Win(p.resolve(state, players), 1),
            FastOutcome::Lose(p) => Verdict::Lose(p.resolve(state, players)),
            FastOutcome::Draw => Verdict::Draw,
        }
    }
}

//! Filters decided once per rule and position ([`crate::compile::fast::hoisted_filters`]): which
//! of a rule's filters every candidate passes, or that none can.

use crate::compile::fast::hoisted_filters::HoistedPart;
use crate::compile::{CompiledMove, Game};
use crate::engine::eval::Frame;

impl<const W: usize> Game<W> {
    /// The filters of `rule` that every candidate in the frame's position passes, a bit each, or
    /// `None` when no candidate can pass them.
    pub(in crate::engine) fn waived_filters(
        &self,
        rule: &CompiledMove,
        frame: &mut Frame<'_, W>,
    ) -> Option<u32> {
        let mut waived = 0;
        for (i, (hoist, &filter)) in rule.hoists.iter().zip(&rule.filters).enumerate() {
            if hoist.fixed {
                if !self.eval_bool(filter, frame) {
                    return None;
                }
                waived |= 1 << i;
                continue;
            }
            if hoist
                .requires
                .iter()
                .any(|part| !self.part_holds(part, frame))
            {
                return None;
            }
            if hoist.waives.iter().any(|part| self.part_holds(part, frame)) {
                waived |= 1 << i;
            }
        }
        Some(waived)
    }

    fn part_holds(&self, part: &HoistedPart, frame: &mut Frame<'_, W>) -> bool {
        match &part.fast {
            Some(test) => self.test_holds(test, frame),
            None => self.eval_bool(part.code, frame),
        }
    }
}
